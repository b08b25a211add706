"""Buttons bound to their question: each kind pressed when its question is no longer
the pending one changes nothing and says why (also after a restart: a new service on
the same database file); buttons in the format posted before question tags work only
where their question cannot be mistaken."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.replies import Button, Channel, Reply, User
from bot.service import GameService, ServiceConfig
from storage import Session, Store
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, MOD, FakeClock

PLAYERS = {ALICE.id: ALICE, BOB.id: BOB, CAROL.id: CAROL}
DAVE = User("1004", "dave")
THERE = Channel("5002", HERE.guild_id, "other-room")


def _service(store: Store, clock: FakeClock) -> GameService:
    rng = random.Random(99)
    return GameService(store, ServiceConfig(challenge_seconds=3600), clock=clock,
                       seed_factory=lambda: rng.randbytes(32), render_images=False)


#: Stores opened by ``_restarted``, closed after each test (a connection left open
#: outlives the test's event loop and its worker thread then fails on the closed loop).
_OPENED: list[Store] = []


@pytest.fixture(autouse=True)
async def _close_restarted() -> AsyncIterator[None]:
    yield
    while _OPENED:
        await _OPENED.pop().close()


async def _restarted(database: str, clock: FakeClock) -> GameService:
    """A new process on the same database file."""
    store = await Store.open(database)
    _OPENED.append(store)
    return _service(store, clock)


async def _three_player_game(service: GameService, pieces: int) -> None:
    """ALICE challenges BOB and CAROL to CheeseGambit here; both accept."""
    await service.new(ALICE, HERE, "cheesegambit", [BOB, CAROL], {"pieces": str(pieces)})
    await service.accept(BOB, HERE)
    await service.accept(CAROL, HERE)


async def _live(service: GameService, channel: Channel = HERE) -> Session:
    session = await service.store.live_session(channel.id)
    assert session is not None
    return session


def _action(reply: Reply, label: str) -> str:
    found = [b.action for b in reply.buttons if b.label == label]
    assert found, (label, reply.buttons)
    return found[0]


async def _refused_unchanged(service: GameService, user: User, action: str, says: str,
                             channel: Channel = HERE) -> None:
    """``action`` pressed by ``user`` is refused privately with ``says`` and the live
    session (version, position) is left exactly as it was."""
    before = await service.store.latest_session(channel.id)
    reply = await service.press(user, channel, action)
    assert not reply.ok and reply.private, reply.text
    assert says in reply.text, reply.text
    after = await service.store.latest_session(channel.id)
    assert before is not None and after is not None
    assert (after.id, after.version, after.position, after.status) == \
        (before.id, before.version, before.position, before.status)


async def _step(service: GameService, rng: random.Random, *, taunt: bool = True) -> Reply:
    """One random legal action in the CheeseGambit game here: a turn (taunting after a
    bump when ``taunt``), or accepting a taunt / voting yes (nobody leaves)."""
    session = await _live(service)
    position = service.position_of(session)
    if position.action_due():
        side = position.actors()[0]
        text = position.action_choices()[0]  # accept, yes
    else:
        side = position.side_to_move or ""
        text = rng.choice(service.legal_turns(session)).text
        targets = position.possible_taunts(text, session.dice)  # type: ignore[attr-defined]
        if taunt and targets:
            text += f" T@{rng.choice(targets)}"
    seat = session.seat_for_side(side)
    assert seat is not None
    reply = await service.move(PLAYERS[seat.user_id], HERE, text)
    assert reply.ok, reply.text
    return reply


async def _until_buttons(service: GameService, rng: random.Random, label: str,
                         limit: int = 3000) -> Reply:
    """Play on until a reply brings a button called ``label``."""
    for _ in range(limit):
        reply = await _step(service, rng)
        if any(b.label == label for b in reply.buttons):
            return reply
    raise AssertionError(f"no {label} button came up")


def _target_of(service: GameService, session: Session) -> User:
    seat = session.seat_for_side(service.position_of(session).actors()[0])
    assert seat is not None
    return PLAYERS[seat.user_id]


# ------------------------------------------------------------------ challenges


async def test_challenge_buttons_after_the_challenge(database: str, store: Store,
                                                     clock: FakeClock) -> None:
    service = _service(store, clock)
    made = await service.new(ALICE, HERE, "cheesegambit", [BOB], {"pieces": "6"})
    accept, decline = _action(made, "Accept"), _action(made, "Decline")
    assert accept == f"accept:{made.session_id}:c"
    assert (await service.press(BOB, HERE, accept)).ok
    await _refused_unchanged(service, BOB, accept, "This challenge was already accepted")
    await _refused_unchanged(service, BOB, decline, "This challenge was already accepted")
    # an old challenge button never answers a taunt
    await _until_buttons(service, random.Random(5), "Drop")
    session = await _live(service)
    target = _target_of(service, session)
    await _refused_unchanged(service, target, accept, "This challenge was already accepted")
    # the same button in the format posted before question tags: which question it
    # answered is unknown while a taunt waits, so it does nothing and says how to answer
    await _refused_unchanged(service, target, f"accept:{session.id}", "/move accept")
    await _refused_unchanged(service, target, f"decline:{session.id}", "/move accept")
    restarted = await _restarted(database, clock)
    await _refused_unchanged(restarted, target, accept, "This challenge was already accepted")
    assert service.position_of(await _live(restarted)).action_due()  # still waiting


async def test_declined_and_expired_challenge_buttons(database: str, store: Store,
                                                      clock: FakeClock) -> None:
    service = _service(store, clock)
    made = await service.new(ALICE, HERE, "hachapury", [BOB])
    assert (await service.press(BOB, HERE, _action(made, "Decline"))).ok
    await _refused_unchanged(service, BOB, _action(made, "Accept"),
                             "This challenge was already declined")
    later = await service.new(ALICE, HERE, "hachapury", [BOB])
    clock.now += 3601
    await service.board(CAROL, HERE)  # the lapsed challenge is seen to expire
    await _refused_unchanged(service, BOB, _action(later, "Accept"), "expired")
    restarted = await _restarted(database, clock)
    await _refused_unchanged(restarted, BOB, _action(made, "Accept"), "already declined")
    # an old-format accept of a challenge still open keeps working
    fresh = await restarted.new(ALICE, HERE, "hachapury", [BOB])
    assert (await restarted.press(BOB, HERE, f"accept:{fresh.session_id}")).ok
    assert (await _live(restarted)).status == "active"


# ------------------------------------------------------------------ taunts


async def test_taunt_buttons_answer_only_their_taunt(database: str, store: Store,
                                                     clock: FakeClock) -> None:
    service = _service(store, clock)
    await _three_player_game(service, pieces=6)
    rng = random.Random(7)
    first = await _until_buttons(service, rng, "Drop")
    session = await _live(service)
    first_target = _target_of(service, session)
    first_turn = session.next_turn - 1
    accept, drop = _action(first, "Accept"), _action(first, "Drop")
    assert accept.split(":")[2].startswith(f"t{first_turn}-")
    answered = await service.press(first_target, HERE, accept)  # its own button works
    assert answered.ok and "answers" in answered.text, answered.text
    await _refused_unchanged(service, first_target, drop,
                             f"was answered at turn {first_turn}")
    second = await _until_buttons(service, rng, "Drop")
    session = await _live(service)
    second_target = _target_of(service, session)
    assert _action(second, "Drop") != drop
    # the old taunt's buttons, pressed by anyone, never answer the newer taunt
    for user in PLAYERS.values():
        await _refused_unchanged(service, user, drop, f"was answered at turn {first_turn}")
        await _refused_unchanged(service, user, accept, f"was answered at turn {first_turn}")
    restarted = await _restarted(database, clock)
    await _refused_unchanged(restarted, second_target, drop,
                             f"was answered at turn {first_turn}")
    assert (await restarted.press(second_target, HERE, _action(second, "Accept"))).ok
    await _refused_unchanged(restarted, second_target, _action(second, "Drop"),
                             "was answered at turn")


async def test_a_taunt_taken_back_leaves_its_buttons_dead(store: Store,
                                                          clock: FakeClock) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "cheesegambit", [BOB], {"pieces": "6"})
    await service.accept(BOB, HERE)
    taunt = await _until_buttons(service, random.Random(3), "Drop")
    session = await _live(service)
    target = _target_of(service, session)
    taunter = next(PLAYERS[s.user_id] for s in session.seats if s.user_id != target.id)
    asked = await service.takeback(taunter, HERE)
    assert asked.ok, asked.text
    assert (await service.press(target, HERE, _action(asked, "Allow take-back"))).ok
    await _refused_unchanged(service, target, _action(taunt, "Drop"),
                             "is no longer waiting for an answer")
    assert (await service.resign(taunter, HERE)).ok
    await _refused_unchanged(service, target, _action(taunt, "Accept"), "That game is over")


# ------------------------------------------------------------------ votes


async def test_vote_buttons_after_the_vote(database: str, store: Store,
                                           clock: FakeClock) -> None:
    service = _service(store, clock)
    await _three_player_game(service, pieces=4)
    vote = await _until_buttons(service, random.Random(4), "Yes")
    session = await _live(service)
    turn = session.next_turn - 1
    voters = [PLAYERS[session.seat_for_side(s).user_id]  # type: ignore[union-attr]
              for s in service.position_of(session).actors()]
    yes, no = _action(vote, "Yes"), _action(vote, "No")
    assert yes.split(":")[2].startswith(f"v{turn}-")
    for voter in voters:  # every voter answers on the same message's buttons
        reply = await service.press(voter, HERE, yes)
        assert reply.ok, reply.text
    await _refused_unchanged(service, voters[0], no, f"That vote (turn {turn}) is already")
    restarted = await _restarted(database, clock)
    latest = await restarted.store.latest_session(HERE.id)
    assert latest is not None
    if latest.status == "active":
        await _refused_unchanged(restarted, voters[-1], no, "is already settled")
    else:
        await _refused_unchanged(restarted, voters[-1], no, "That game is over")


# ------------------------------------------------------------------ take-backs


async def _hachapury(service: GameService) -> Session:
    await service.new(ALICE, HERE, "hachapury", [BOB])
    await service.accept(BOB, HERE)
    return await _live(service)


async def _play(service: GameService) -> User:
    """Play the first legal turn; returns who played it."""
    session = await _live(service)
    side = service.position_of(session).side_to_move or ""
    seat = session.seat_for_side(side)
    assert seat is not None
    player = PLAYERS[seat.user_id]
    reply = await service.move(player, HERE, service.legal_turns(session)[0])
    assert reply.ok, reply.text
    return player


def _other(user: User) -> User:
    return BOB if user == ALICE else ALICE


async def test_takeback_buttons_answer_only_their_request(database: str, store: Store,
                                                          clock: FakeClock) -> None:
    service = _service(store, clock)
    await _hachapury(service)
    asker = await _play(service)
    first = await service.takeback(asker, HERE)
    allow_first, refuse_first = _action(first, "Allow take-back"), _action(
        first, "Refuse take-back")
    assert (await service.press(_other(asker), HERE, refuse_first)).ok
    await _refused_unchanged(service, _other(asker), allow_first,
                             "That take-back request was already refused")
    await _play(service)
    assert await _play(service) == asker
    second = await service.takeback(asker, HERE)
    assert second.ok
    # the refused request's Allow does not allow the new request
    await _refused_unchanged(service, _other(asker), allow_first,
                             "That take-back request was already refused")
    # two requests: an old-format button cannot tell which it answered
    session = await _live(service)
    await _refused_unchanged(service, _other(asker), f"takeback_yes:{session.id}",
                             "/takeback_answer")
    restarted = await _restarted(database, clock)
    assert (await restarted.press(_other(asker), HERE,
                                  _action(second, "Allow take-back"))).ok
    await _refused_unchanged(restarted, _other(asker), _action(second, "Refuse take-back"),
                             "That take-back request was already allowed")


async def test_takeback_button_after_the_game_moved_on(store: Store,
                                                       clock: FakeClock) -> None:
    service = _service(store, clock)
    await _hachapury(service)
    asker = await _play(service)
    asked = await service.takeback(asker, HERE)
    await _play(service)  # the opponent plays on instead of answering
    await _refused_unchanged(service, _other(asker), _action(asked, "Allow take-back"),
                             "no longer open: the game has moved on")


async def test_old_format_takeback_button_works_for_the_only_request(
        store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    session = await _hachapury(service)
    asker = await _play(service)
    assert (await service.takeback(asker, HERE)).ok
    reply = await service.press(_other(asker), HERE, f"takeback_no:{session.id}")
    assert reply.ok and "refuses" in reply.text, reply.text
    await _refused_unchanged(service, _other(asker), f"takeback_yes:{session.id}",
                             "/takeback_answer")


# ------------------------------------------------------------------ lobbies


async def test_lobby_buttons_after_the_start(database: str, store: Store,
                                             clock: FakeClock) -> None:
    service = _service(store, clock)
    opened = await service.new(ALICE, HERE, "cheesegambit", [], {"pieces": "4"})
    join = _action(opened, "Join")
    joined = await service.press(BOB, HERE, join)
    assert joined.ok
    start = _action(joined, "Start")
    assert (await service.press(CAROL, HERE, join)).ok
    assert (await service.press(ALICE, HERE, start)).ok
    await _refused_unchanged(service, DAVE, join, "This lobby has already started")
    await _refused_unchanged(service, ALICE, start, "This lobby has already started")
    session = await _live(service)
    await _refused_unchanged(service, DAVE, f"join:{session.id}",
                             "This lobby has already started")
    await _refused_unchanged(service, ALICE, f"start:{session.id}",
                             "This lobby has already started")
    restarted = await _restarted(database, clock)
    await _refused_unchanged(restarted, DAVE, join, "This lobby has already started")
    assert (await restarted.abort(MOD, HERE)).ok
    await _refused_unchanged(restarted, DAVE, join, "This lobby has already started")


async def test_closed_lobby_buttons(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    opened = await service.new(ALICE, HERE, "cheesegambit", [], {"pieces": "4"})
    assert (await service.abort(ALICE, HERE)).ok
    await _refused_unchanged(service, BOB, _action(opened, "Join"),
                             "This lobby was closed by its host")


# ------------------------------------------------------------------ rematches


async def test_rematch_buttons_after_the_offer(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await _hachapury(service)
    ended = await service.resign(BOB, HERE)
    rematch = _action(ended, "Rematch")
    assert rematch.endswith(":f")
    offered = await service.press(ALICE, HERE, rematch)
    assert offered.ok and "challenges" in offered.text
    await _refused_unchanged(service, BOB, rematch, "already been offered or started")
    assert (await service.decline(BOB, HERE)).ok
    await _refused_unchanged(service, BOB, rematch, "the new challenge was declined")
    # a later game finishes: the first game's rematch offer is an older one now
    await _hachapury(service)
    again = await service.resign(ALICE, HERE)
    await _refused_unchanged(service, BOB, rematch, "is for an older game")
    assert (await service.press(BOB, HERE, _action(again, "Rematch"))).ok


# ------------------------------------------------------------------ who ends a lobby


async def test_only_the_host_or_a_moderator_ends_a_lobby(store: Store,
                                                         clock: FakeClock) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "cheesegambit", [], {"pieces": "4"})
    assert (await service.join(BOB, HERE)).ok
    assert (await service.join(CAROL, HERE)).ok
    before = await _live(service)
    aborted = await service.abort(BOB, HERE)
    assert not aborted.ok and "Only the host (alice) or a moderator" in aborted.text
    assert "`/decline` gives up your seat" in aborted.text
    outsider = await service.abort(DAVE, HERE)
    assert not outsider.ok and "Only the host" in outsider.text
    assert (await _live(service)).version == before.version
    # a joined player's /decline gives up their own seat; the lobby stays open
    left = await service.decline(BOB, HERE)
    assert left.ok and "bob leaves the lobby" in left.text, left.text
    lobby = await _live(service)
    assert lobby.status == "challenge"
    assert [(s.seat, s.side, s.user_id) for s in lobby.seats] == \
        [(0, "?0", ALICE.id), (1, "?1", CAROL.id)]
    assert not (await service.decline(BOB, HERE)).ok  # no seat any more
    host = await service.decline(ALICE, HERE)
    assert not host.ok and "`/abort` closes it" in host.text
    assert (await service.join(BOB, HERE)).ok  # seats stay numbered: joining again works
    started = await service.start(ALICE, HERE)
    assert started.ok, started.text
    session = await _live(service)
    assert [s.user_id for s in session.seats] == [ALICE.id, CAROL.id, BOB.id]


async def test_the_host_or_a_moderator_closes_a_lobby(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await service.new(ALICE, HERE, "cheesegambit", [], {"pieces": "4"})
    assert (await service.join(BOB, HERE)).ok
    assert (await service.abort(MOD, HERE)).ok
    await service.new(ALICE, HERE, "cheesegambit", [], {"pieces": "4"})
    assert (await service.join(BOB, HERE)).ok
    assert (await service.abort(ALICE, HERE)).ok
    assert await service.store.live_session(HERE.id) is None


def test_button_ids_fit_discord() -> None:
    from bot.actions import Answer, Takeback, encode
    from bot.buttons import Question
    from bot.discord_adapter import custom_id
    for action in (Takeback(True, 10**18 - 1, 10**18 - 1),
                   Answer("yes", 10**18 - 1, Question("v", 10**9 - 1, ("R", "G", "B", "Y")))):
        assert len(custom_id(Button("Refuse take-back", encode(action)))) <= 100


async def test_old_format_answer_buttons_only_where_unmistakable(store: Store,
                                                                 clock: FakeClock) -> None:
    """Untagged Drop answers the game's only taunt; with a second taunt raised it is
    refused; untagged Accept never answers a taunt (it may be the challenge's button)."""
    service = _service(store, clock)
    await _three_player_game(service, pieces=6)
    rng = random.Random(7)
    await _until_buttons(service, rng, "Drop")
    session = await _live(service)
    target = _target_of(service, session)
    await _refused_unchanged(service, target, f"accept:{session.id}", "/move accept")
    assert (await service.move(target, HERE, "accept")).ok
    await _until_buttons(service, rng, "Drop")
    session = await _live(service)
    await _refused_unchanged(service, _target_of(service, session), f"drop:{session.id}",
                             "does not say which question")


async def test_old_format_drop_answers_the_only_taunt(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await _three_player_game(service, pieces=6)
    await _until_buttons(service, random.Random(7), "Drop")
    session = await _live(service)
    dropped = await service.press(_target_of(service, session), HERE, f"drop:{session.id}")
    assert dropped.ok and "drop" in dropped.text, dropped.text


async def test_old_format_vote_buttons_answer_the_vote(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await _three_player_game(service, pieces=4)
    await _until_buttons(service, random.Random(4), "Yes")
    session = await _live(service)
    voter = _target_of(service, session)
    voted = await service.press(voter, HERE, f"yes:{session.id}")
    assert voted.ok and "yes" in voted.text, voted.text


async def test_forged_button_ids_are_refused(store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    session = await _hachapury(service)
    for action in (f"takeback_yes:{session.id}:u{'9' * 40}", f"yes:{session.id}:v{'9' * 40}-R",
                   f"accept:{'9' * 40}:c", "accept:x:c", f"drop:{session.id}:zz",
                   f"accept:{session.id + 1}:c"):
        reply = await service.press(BOB, HERE, action)
        assert not reply.ok and reply.private, (action, reply.text)
