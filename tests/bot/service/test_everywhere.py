"""One's games across servers (bot/service/everywhere.py): the order of the list, the
Board button and the picker from anywhere, and who may use them."""

from __future__ import annotations

from bot.actions import GamesPage, Pick, Show, Verb, encode
from bot.clocks import HOUR
from bot.replies import Channel, User
from bot.service import GameService
from games.turns import texts
from storage import Session
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock

ELSEWHERE = Channel("7001", "9100", "far-room", guild_name="Far Away")
THIRD = Channel("7002", "9100", "quiet-room")
FOURTH = Channel("5004", HERE.guild_id, "slow-room")
#: A direct message with the bot: a channel of no server.
DM = Channel("8001")
PLAYERS = {u.id: u for u in (ALICE, BOB, CAROL)}


async def _start(service: GameService, channel: Channel, opponent: User,
                 control: str | None) -> Session:
    assert (await service.new(ALICE, channel, "hachapury", [opponent],
                              time_control=control)).ok
    assert (await service.accept(opponent, channel)).ok
    session = await service.store.live_session(channel.id)
    assert session is not None
    return session


async def _mover(service: GameService, channel: Channel) -> User:
    session = await service.store.live_session(channel.id)
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    return PLAYERS[seat.user_id]


async def _make_alice(service: GameService, channel: Channel, to_move: bool) -> None:
    """Play one turn there if need be, so that alice is (or is not) to move."""
    if (await _mover(service, channel) == ALICE) != to_move:
        session = await service.store.live_session(channel.id)
        assert session is not None
        mover = await _mover(service, channel)
        assert (await service.move(mover, channel,
                                   texts(service.legal_turns(session))[0])).ok
    assert (await _mover(service, channel) == ALICE) == to_move


def _rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line[:1].isdigit()]


async def test_her_turns_first_least_time_left_first_then_the_oldest_moves(
        service: GameService, clock: FakeClock) -> None:
    # made in this order; the list's order is another
    waiting = await _start(service, HERE, BOB, "3d")        # bob's turn, moved first
    await _make_alice(service, HERE, False)
    clock.now += HOUR
    slow = await _start(service, FOURTH, CAROL, None)       # her turn, no clock
    await _make_alice(service, FOURTH, True)
    clock.now += HOUR
    long = await _start(service, THIRD, BOB, "3d")          # her turn, 3 days
    await _make_alice(service, THIRD, True)
    clock.now += HOUR
    short = await _start(service, ELSEWHERE, CAROL, "1d")   # her turn, 1 day
    await _make_alice(service, ELSEWHERE, True)
    assert (await service.settings(ALICE, ELSEWHERE)).ok  # a command there: its name seen
    clock.now += HOUR

    listed = await service.my_games(ALICE, None)
    assert listed.private and listed.ok
    rows = _rows(listed.text)
    assert [r.split("<#")[1].split(">")[0] for r in rows] == [
        ELSEWHERE.id, THIRD.id, FOURTH.id, HERE.id], rows
    assert "Far Away" in rows[0] and "23h left" in rows[0] and "your turn" in rows[0]
    assert "2d 22h left" in rows[1]  # two hours since her clock started there
    assert "bob to play" in rows[3]
    assert "(3 waiting for you, 4 in all)" in listed.text
    assert [b.label for b in listed.buttons] == ["Board 1", "Board 2", "Board 3", "Board 4"]
    assert [b.action for b in listed.buttons] == [
        encode(Show(s.id)) for s in (short, long, slow, waiting)]
    # the same list from a server's channel with scope:all; here alone, the old list
    everywhere = await service.my_games(ALICE, HERE.guild_id, everywhere=True)
    assert _rows(everywhere.text) == rows
    here = await service.my_games(ALICE, HERE.guild_id)
    assert f"<#{ELSEWHERE.id}>" not in here.text and f"<#{HERE.id}>" in here.text
    # bob's view: his turn nowhere but in the game alice waits on
    bobs = _rows((await service.my_games(BOB, None)).text)
    assert "your turn" in bobs[0] and f"<#{HERE.id}>" in bobs[0]


async def test_the_board_and_the_picker_from_anywhere(service: GameService) -> None:
    session = await _start(service, ELSEWHERE, CAROL, "1d")
    await _make_alice(service, ELSEWHERE, True)
    place = await service.game_place(session.id)
    assert place is not None and place.id == ELSEWHERE.id
    assert place.guild_id == ELSEWHERE.guild_id
    assert await service.game_place(10**9) is None

    shown = await service.press(ALICE, place, encode(Show(session.id)))
    assert shown.ok and shown.private and f"<#{ELSEWHERE.id}>" in shown.text
    assert "Play" in [b.label for b in shown.buttons]
    # only its players see it from afar
    refused = await service.press(BOB, place, encode(Show(session.id)))
    assert not refused.ok and "not one of yours" in refused.text
    # only the player to move picks, only on the version shown
    live = await service.store.live_session(ELSEWHERE.id)
    assert live is not None
    play = encode(Pick(Verb.PLAY, live.id, live.version))
    assert not (await service.press(CAROL, place, play)).ok
    assert not (await service.press(BOB, place, play)).ok
    step = await service.press(ALICE, place, play)
    assert step.ok and step.private and step.menus
    # the game moves on (she plays by /move): the picker's Confirm is refused
    turn = texts(service.legal_turns(live))[0]
    assert (await service.move(ALICE, ELSEWHERE, turn)).ok
    path = tuple(step.menus[0].options[0].value.split("_"))
    stale = await service.press(ALICE, place,
                                encode(Pick(Verb.PICKOK, live.id, live.version, path)))
    assert not stale.ok and "moved on" in stale.text


async def test_a_direct_message_names_games_by_number(service: GameService) -> None:
    session = await _start(service, ELSEWHERE, CAROL, None)
    asked = await service.board(ALICE, DM)
    assert not asked.ok and "/board game:ID" in asked.text
    live = await service.board(ALICE, DM, session.id)
    assert live.ok and live.private and f"<#{ELSEWHERE.id}>" in live.text
    assert not (await service.board(BOB, DM, session.id)).ok  # not his game
    assert not (await service.record(ALICE, DM)).ok
    so_far = await service.record(ALICE, DM, session.id)  # under way: the record so far
    assert so_far.ok and so_far.attachment is not None
    assert not (await service.record(BOB, DM, session.id)).ok  # not his game
    assert (await service.abort(ALICE, ELSEWHERE)).ok
    # an aborted game is no finished game: nothing to show, as in its server
    assert not (await service.record(ALICE, DM, session.id)).ok
    # a finished game of hers: its record and its board at any turn, from here too
    done = await _start(service, THIRD, BOB, None)
    assert (await service.resign(ALICE, THIRD)).ok
    record = await service.record(ALICE, DM, done.id)
    assert record.ok and record.attachment is not None
    assert (await service.board(ALICE, DM, done.id, turn=0)).ok
    assert not (await service.record(CAROL, DM, done.id)).ok  # she did not play it
    # a direct message has one reader: what a channel would read is in her language
    russian = await service.record(User(ALICE.id, ALICE.name, locale="ru"), DM, done.id)
    assert russian.ok and russian.text.startswith("Запись партии"), russian.text
    # what is done in a server is refused here, saying so
    refused = await service.settings(ALICE, DM, server_theme="dark")
    assert not refused.ok and "server's channel" in refused.text
    assert (await service.settings(ALICE, DM, theme="dark")).ok


async def test_the_list_pages_with_previous_and_next(service: GameService) -> None:
    for number in range(9):
        await _start(service, Channel(f"71{number:02d}", "9100", f"room{number}"), BOB, None)
    first = await service.my_games(ALICE, None)
    assert len(_rows(first.text)) == 7 and "(page 1 of 2, 9 in all)" in first.text
    assert [b.label for b in first.buttons][-1] == "Next"
    assert [b.label for b in first.buttons][:7] == [f"Board {n}" for n in range(1, 8)]
    nxt = next(b.action for b in first.buttons if b.label == "Next")
    assert nxt == encode(GamesPage(2))
    second = await service.press(ALICE, DM, nxt)  # pressed in a direct message
    assert second.ok and second.private
    assert [r.split(".")[0] for r in _rows(second.text)] == ["8", "9"]
    assert [b.label for b in second.buttons] == ["Board 8", "Board 9", "Previous"]
    assert not (await service.my_games(ALICE, None, page=3)).ok
