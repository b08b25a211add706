"""The game told in words: every event type narrated with players' names, in
English and Russian, and every turn of random games narrated without fault."""

from __future__ import annotations

import random
import re

import pytest

from bot.catalogue import language, ru_plural
from bot.narration import Cast, narrate
from games import get_game
from games.events import (
    BorneOff,
    ChebacheFormed,
    Event,
    Flipped,
    Hit,
    Moved,
    Passed,
    PlacedAt,
    RegionClosed,
    Resigned,
    Sacrificed,
    TauntAccepted,
    TauntDropped,
    Taunted,
    TilePlaced,
    Trapped,
    Voted,
    Won,
)
from games.messages import Message, why_parts
from games.turns import texts

NAMES = {"W": "alice", "B": "bob", "R": "carol", "G": "dave"}
COLOURS = {"W": "White", "B": "Black", "R": "Red", "G": "Green"}


#: CheeseGambit's reason when a drop ends the game.
DROPPED = why_parts(Message.of("why_dropped", player="R"), Message.of("why_wins", player="G"))


def cast(game: str = "hachapury", lang: str = "en") -> Cast:
    return Cast(NAMES, COLOURS, game, lang)


# (events, dice, game, English expected, Russian expected): one row per event type
CASES: list[tuple[list[Event], tuple[int, ...], str, str, str]] = [
    ([Moved("B", "24", "18", 6), Moved("B", "18", "13", 5)], (6, 5), "hachapury",
     "bob (Black) rolled 6-5 and moved 24→18→13.",
     "bob (Black): бросок 6-5, ход 24→18→13."),
    ([BorneOff("W", "1", 1), BorneOff("W", "1", 1)], (1, 1), "hachapury",
     "alice (White) rolled 1-1 and bore off 2 pieces from 1.",
     "alice (White): бросок 1-1, выброс 2 фишек с 1."),
    ([Moved("R", "20", "23", 3), Hit("R", "G", "23", "P")], (3, 2), "cheesegambit",
     "carol (Red) rolled 3-2 and moved 20→23 and bumped dave's piece on 23 to the pool.",
     "carol (Red): бросок 3-2, ход 20→23 и сбил фишку игрока dave на 23 в пул."),
    ([Moved("W", "6", "7", 1), Hit("W", "B", "7", "S", king=True),
      Flipped("W", "B", "7", "7")], (1, 2), "chebache",
     "alice (White) rolled 1-2 and moved 6→7, attacked bob's King on 7 back to Start and "
     "captured bob's King on 7: it is now alice's.",
     "alice (White): бросок 1-2, ход 6→7, атаковал Короля игрока bob на 7 на Старт и "
     "захватил Короля игрока bob на 7: теперь он принадлежит alice."),
    ([Moved("W", "S", "5", 5), Trapped("B", "16", "S", 2)], (5, 1), "chebache",
     "alice (White) rolled 5-1 and moved Start→5. 2 of bob's pieces on 16 were trapped and "
     "went back to Start.",
     "alice (White): бросок 5-1, ход Старт→5. 2 фишки игрока bob на 16 попали в ловушку "
     "и ушли на Старт."),
    ([Moved("W", "9", "12", 3), Sacrificed("W", "12", "S", 1)], (3, 4), "chebache",
     "alice (White) rolled 3-4 and moved 9→12 and gave up 1 own piece on 12 back to Start.",
     "alice (White): бросок 3-4, ход 9→12 и пожертвовал 1 своей фишкой на 12 на Старт."),
    ([TilePlaced("W", "2,-1", "W", "/"), RegionClosed("W"), Won("W", 1,
         Message.of("why_closed_region", tile="2,-1W/", colour=Message.of("why_white")))], (),
     "che",
     "alice (White) placed a tile at 2,-1, White dominant (/). A White region is closed: "
     "alice wins.",
     "alice (White): положил плитку на 2,-1 (перевес: White, /). Закрыта область: White: "
     "побеждает alice."),
    ([Moved("G", "5", "9", 4), Hit("G", "R", "9", "P"), Taunted("G", "R")], (4, 1),
     "cheesegambit",
     "dave (Green) rolled 4-1 and moved 5→9, bumped carol's piece on 9 to the pool and "
     "taunted carol.",
     "dave (Green): бросок 4-1, ход 5→9, сбил фишку игрока carol на 9 в пул и бросил вызов "
     "игроку carol."),
    ([TauntAccepted("R", "G", 2)], (), "cheesegambit",
     "carol accepted dave's taunt: the stake is now 2 and carol holds the cube.",
     "carol принимает вызов игрока dave: ставка теперь 2, куб у игрока carol."),
    ([TauntDropped("R", "G", 2), PlacedAt("G", 1), Won("G", 2, DROPPED)],
     (), "cheesegambit",
     "carol dropped dave's taunt and loses at stake 2. dave finished 1st. dave wins 2 points.",
     "carol отказывается от вызова игрока dave и проигрывает при ставке 2. dave занимает "
     "1-е место. Побеждает dave: 2 очка."),
    ([Voted("B", True)], (), "cheesegambit",
     "bob votes to play on for the places.", "bob голосует за продолжение игры за места."),
    ([Voted("B", False)], (), "cheesegambit",
     "bob votes to stop here.", "bob голосует за окончание игры."),
    ([Passed("B")], (6, 6), "hachapury",
     "bob (Black) rolled 6-6 and could not move.", "bob (Black): бросок 6-6, хода нет."),
    ([Resigned("B"), Won("W", 1, Message.of("why_resigned", player="B"))], (), "hachapury",
     "bob resigned. alice wins.", "bob сдаётся. Побеждает alice."),
    ([BorneOff("W", "2", 2), Won("W", 2, Message.of("why_mars"))], (2, 3),
     "hachapury",
     "alice (White) rolled 2-3 and bore off from 2. alice wins 2 points (mars: the loser bore "
     "off none).",
     "alice (White): бросок 2-3, выброс с 2. Побеждает alice: 2 очка (марс: проигравший не "
     "выбросил ни одной фишки)."),
    ([PlacedAt("R", 3)], (), "cheesegambit", "carol finished 3rd.", "carol занимает 3-е место."),
    # Chebache's Phase II jump is a move without a die: told as a jump, whatever jumps
    ([Moved("W", "2", "7", 5, piece="K"), Moved("W", "2", "5", 3),
      Moved("W", "8", "10", None, 3, "3")], (3, 5), "chebache",
     "alice (White) rolled 3-5 and moved the King 2→7, moved 2→5 and jumped 3 pieces 8→10.",
     "alice (White): бросок 3-5, ход Королём 2→7, ход 2→5 и прыжок 3 фишками 8→10."),
    ([Moved("W", "6", "11", 5), Moved("W", "10", "8", None, 1, "1")], (5, 2), "chebache",
     "alice (White) rolled 5-2 and moved 6→11 and jumped 10→8.",
     "alice (White): бросок 5-2, ход 6→11 и прыжок 10→8."),
    ([Moved("B", "10", "14", None, 1, "K")], (1, 5), "chebache",
     "bob (Black) rolled 1-5 and jumped the King 10→14.",
     "bob (Black): бросок 1-5, прыжок Королём 10→14."),
    ([Moved("B", "14", "16", None, 2, "K1")], (6, 6), "chebache",
     "bob (Black) rolled 6-6 and jumped 1 piece and the King 14→16.",
     "bob (Black): бросок 6-6, прыжок Королём и 1 фишкой 14→16."),
    # a Chebache formed at the end of the turn, and what it threatens
    ([Moved("W", "S", "3", 3), ChebacheFormed("W", "B", "4", "16")], (3, 1), "chebache",
     "alice (White) rolled 3-1 and moved Start→3. alice formed Chebache B on 4: it controls "
     "bob's 16.",
     "alice (White): бросок 3-1, ход Старт→3. alice построил Чебаш B на 4: под его контролем "
     "поле 16 (bob)."),
    ([Moved("W", "S", "3", 3), ChebacheFormed("W", "B", "4", "16", 2)], (3, 1), "chebache",
     "alice (White) rolled 3-1 and moved Start→3. alice formed Chebache B on 4: 2 of bob's "
     "pieces on 16 are threatened.",
     "alice (White): бросок 3-1, ход Старт→3. alice построил Чебаш B на 4: 2 фишки игрока "
     "bob на 16 под угрозой."),
]


@pytest.mark.parametrize(("events", "dice", "game", "english", "russian"), CASES)
def test_each_event_type_is_told_in_words_in_english_and_russian(
        events: list[Event], dice: tuple[int, ...], game: str, english: str,
        russian: str) -> None:
    assert narrate(events, cast(game, "en"), dice) == english
    assert narrate(events, cast(game, "ru"), dice) == russian


def test_every_event_type_has_a_case() -> None:
    covered = {type(e) for events, *_ in CASES for e in events}
    every = {Moved, BorneOff, Hit, Flipped, Trapped, Sacrificed, TilePlaced, RegionClosed,
             ChebacheFormed, Taunted, TauntAccepted, TauntDropped, Voted, Passed, Resigned,
             PlacedAt, Won}
    assert every <= covered


def test_a_reason_names_players_instead_of_side_letters() -> None:
    why = why_parts(Message.of("why_dropped", player="W"), Message.of("why_wins", player="B"))
    told = narrate([Won("B", 1, why)], cast())
    assert told == "bob wins (alice dropped the taunt; bob wins)."
    assert narrate([Won("B", 1, why)], cast(lang="ru")) == \
        "Побеждает bob (alice отказывается от вызова; побеждает bob)."


def test_locales_pick_a_shipped_language() -> None:
    assert language("ru") == "ru"
    assert language("en-GB") == "en"
    assert language("pt-BR") == "en"
    assert language(None) == "en"
    assert [ru_plural("pieces", n) for n in (1, 2, 5, 11, 21, 22, 25)] == [
        "фишка", "фишки", "фишек", "фишек", "фишка", "фишки", "фишек"]


@pytest.mark.parametrize("game_name", ["hachapury", "chebache", "cheesegambit", "che"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_turn_of_random_games_is_narrated_with_the_movers_name(game_name: str,
                                                                    lang: str) -> None:
    game = get_game(game_name)
    options = game.normalise_options({"players": "3"} if game_name == "cheesegambit" else {})
    colours = {s.letter: s.colour for s in game.sides(options)}
    names = {s.letter: f"player{i}" for i, s in enumerate(game.sides(options))}
    told_cast = Cast(names, colours, game_name, lang)
    for seed in range(4):
        rng = random.Random(seed)
        position = game.initial(options, game.sides(options)[0].letter)
        for _ in range(300):
            if position.result is not None:
                break
            if position.action_due():
                side = position.actors()[0]
                played = position.play_action(rng.choice(position.action_choices()), side)
                dice: tuple[int, ...] = ()
            else:
                dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
                text = rng.choice(texts(position.legal_turns(dice)))
                additions = texts(position.turn_additions(text, dice))
                if additions and rng.random() < 0.5:
                    text += " " + additions[0]
                played = position.play(text, dice)
            line = narrate(played.events, told_cast, dice)
            assert line, played.record
            assert any(name in line for name in names.values()), (played.record, line)
            # side letters are named; a Chebache's letter (A-H) is its name
            unnamed = re.sub(r"(Chebache|Чебаш) [A-H] ", "", f" {line} ")
            assert not any(f" {letter} " in unnamed for letter in names), line
            position = played.position


def test_a_turn_stored_with_an_english_reason_is_told_in_russian() -> None:
    # rows written before reasons were data keep the engine's English reason; the bot
    # reads them as the stored log is read (bot/service/turn_events.py)
    from bot.service.turn_events import parsed_events

    old = ('[{"type":"TauntDropped","side":"R","taunter":"G","stake":2},'
           '{"type":"Won","side":"G","points":2,"reason":"R dropped the taunt; G wins"}]')
    assert narrate(parsed_events(old), cast("cheesegambit", "ru")) == \
        "carol отказывается от вызова игрока dave и проигрывает при ставке 2. " \
        "Побеждает dave: 2 очка."
    mars = '[{"type":"Won","side":"W","points":2,"reason":"mars: the loser bore off none"}]'
    assert narrate(parsed_events(mars), cast(lang="ru")) == \
        "Побеждает alice: 2 очка (марс: проигравший не выбросил ни одной фишки)."
