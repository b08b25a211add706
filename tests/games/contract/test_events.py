"""What each engine's events say for known turns (the contract test checks
that they agree with the positions; these pin their meaning)."""

from __future__ import annotations

from games import get_game
from games.events import (
    Flipped,
    Hit,
    Moved,
    Passed,
    PlacedAt,
    RegionClosed,
    Sacrificed,
    TauntAccepted,
    TauntDropped,
    Taunted,
    TilePlaced,
    Won,
)
from games.messages import Message, why_parts
from tests.games.chebache.util import pos as chebache_pos

CHEESE = "R: 4@9, 10@33; B: 2@13, 12@45; R to move"


def test_hachapury_one_checker_using_both_dice_names_each_die() -> None:
    start = get_game("hachapury").initial({}, "W")
    assert start.play("24/13", (6, 5)).events == (
        Moved("W", "24", "19", 5), Moved("W", "19", "13", 6))


def test_hachapury_a_pass_is_one_event() -> None:
    game = get_game("hachapury")
    blocked = game.from_listing("W: 15@24; B: 15@6; W to move", {})  # B's 6 is W's 18
    legal = blocked.legal_turns((6, 6))
    assert legal == ["(no move)"] and blocked.forced_pass((6, 6)) == "(no move)"
    assert blocked.play(legal[0], (6, 6)).events == (Passed("W"),)


def test_cheesegambit_gambit_bumps_the_block_once_and_taunts() -> None:
    played = get_game("cheesegambit").from_listing(CHEESE, {}).play("G 2(9X13) T@B", (4, 4))
    assert played.events == (Moved("R", "9", "13", 4), Hit("R", "B", "13", "P", 2),
                             Moved("R", "9", "13", 4), Taunted("R", "B"))
    assert played.position.play_action("accept").events == (TauntAccepted("B", "R", 2),)
    dropped = played.position.play_action("drop").events
    assert dropped[:2] == (TauntDropped("B", "R", 1), PlacedAt("R", 1))
    assert dropped[2] == Won("R", 1, why_parts(Message.of("why_dropped", player="B"),
                                               Message.of("why_wins", player="R")))
    assert dropped[2].reason == "B dropped the taunt; R wins"  # the English as it was


def test_cheesegambit_taunt_additions_come_from_the_protocol() -> None:
    position = get_game("cheesegambit").from_listing(CHEESE, {})
    assert position.turn_additions("G 2(9X13)", (4, 4)) == ["T@B"]
    assert position.turn_additions("4(33/37)", (4, 4)) == []


def test_chebache_king_capture_hits_flips_and_sacrifices() -> None:
    played = chebache_pos("3@4, 1@12", "1K@17, 1@2").play("3(4X5), S/1", (1, 1))
    assert played.record == "[1 1]; 3(4X5), S/1; X1K@17; K(B->W@5); -1@5"
    assert played.events == (
        Moved("W", "4", "5", 1), Moved("W", "4", "5", 1),
        Moved("W", "4", "5", 1), Hit("W", "B", "17", "S", 1), Flipped("W", "B", "5", "17"),
        Sacrificed("W", "5", "S", 1), Moved("W", "S", "1", 1))


def test_che_tiles_and_the_closing_tile() -> None:
    game = get_game("che")
    first = game.initial({}).play("0,0W/", ())
    assert first.events == (TilePlaced("W", "0,0", "W", "/"),)
    position = first.position
    for _ in range(40):  # play on until a tile closes a region
        played = position.play(position.legal_turns(())[0], ())
        if played.position.result is not None:
            break
        position = played.position
    closed = [e for e in played.events if isinstance(e, RegionClosed)]
    assert closed and isinstance(played.events[-1], Won)
    result = played.position.result
    assert result is not None
    assert played.events[-1].side == (result.winner or "")
