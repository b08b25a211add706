"""``/games`` and ``/mygames`` with thousands of games: one query per page, every game
on exactly one page, every page within Discord's 2,000 characters."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.clocks import DAY
from bot.discord_adapter import MAX_CONTENT
from bot.replies import Reply
from bot.service import GameService
from games import get_game
from storage import Store
from tests.bot.conftest import ALICE, BOB, CAROL, HERE, FakeClock

GAMES = 2500
LONG = "@everyone <@&1> " + "x" * 120  # a hostile, far too long name


async def _fill(store: Store, now: float) -> None:
    """GAMES active games here (alice vs a long-named bob, every tenth on a clock),
    finished ones, and games of another server and of other players."""
    game = get_game("hachapury")
    listing = game.initial(game.normalise_options({}), "W").listing()
    rows = []
    for i in range(GAMES + 300):
        status = "active" if i < GAMES else "finished"
        guild = HERE.guild_id if i % 7 or i >= GAMES else "other-guild"
        rows.append((guild, f"c{i}", "hachapury", status, "{}", listing, listing, 3, "[3, 5]",
                     "00", "00", ALICE.id, now, now))
    db = store._db
    await db.execute("BEGIN")
    await db.executemany(
        "INSERT INTO sessions (guild_id, channel_id, game, status, options, "
        "initial_position, position, next_turn, dice, seed, seed_hash, created_by, "
        "created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    async with db.execute("SELECT id, channel_id FROM sessions") as cur:
        ids = [(r[0], r[1]) for r in await cur.fetchall()]
    seats = []
    for session_id, channel in ids:
        n = int(channel[1:])
        first = ALICE if n % 5 else CAROL  # carol, not alice, plays every fifth game
        seats += [(session_id, 0, "W", first.id, first.name, 1),
                  (session_id, 1, "B", BOB.id, LONG, 1)]
    await db.executemany("INSERT INTO seats (session_id, seat, side, user_id, name, accepted) "
                         "VALUES (?,?,?,?,?,?)", seats)
    clocks = [(sid, "3d", 1, "W", 3, now - DAY, 3 * DAY, now + 2 * DAY, json.dumps({}), now)
              for sid, _ in ids[1::10]]
    await db.executemany("INSERT INTO clocks (session_id, control, period, side, turn, "
                         "started_at, budget, deadline, banks, updated_at) "
                         "VALUES (?,?,?,?,?,?,?,?,?,?)", clocks)
    await db.execute("COMMIT")


class QueryCount:
    def __init__(self) -> None:
        self.selects: list[str] = []

    def __call__(self, statement: str) -> None:
        # the language lookup (once a minute, bot/service/context.py) is not the listing
        if statement.lstrip().upper().startswith(("SELECT", "WITH")) \
                and "FROM languages" not in statement:
            self.selects.append(statement)


async def _pages(store: Store, call: Callable[[int], Awaitable[Reply]]
                 ) -> tuple[list[str], list[int]]:
    """Every page's text, and the queries each one took."""
    counter = QueryCount()
    await store._db.set_trace_callback(counter)
    texts, queries = [], []
    page = 1
    while True:
        before = len(counter.selects)
        reply = await call(page)
        queries.append(len(counter.selects) - before)
        assert reply.ok and reply.private, reply.text
        texts.append(reply.text)
        found = re.search(r"page (\d+) of (\d+)", reply.text)
        assert found and int(found.group(1)) == page
        if page == int(found.group(2)):
            break
        page += 1
    # aiosqlite types the callback without None, which sqlite3 takes to mean "stop tracing"
    await store._db.set_trace_callback(None)  # type: ignore[arg-type]
    return texts, queries


def _channels(texts: list[str]) -> list[str]:
    return [c for text in texts for c in re.findall(r"<#(c\d+)>", text)]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """SQLite only (the service fixture's store, overridden): these tests fill the file
    in bulk and count statements with SQLite's trace callback."""
    s = await Store.open(str(tmp_path / "bot.sqlite3"))
    yield s
    await s.close()


@pytest.fixture
def expected() -> dict[str, set[str]]:
    here = {f"c{i}" for i in range(GAMES) if i % 7}
    return {"games": here, "mine": {c for c in here if int(c[1:]) % 5}}


async def test_games_pages_cover_every_game_once_with_one_query_each(
        service: GameService, clock: FakeClock, expected: dict[str, set[str]]) -> None:
    await _fill(service.store, clock.now)
    texts, queries = await _pages(service.store, lambda p: service.games(HERE, p))
    shown = _channels(texts)
    assert len(shown) == len(set(shown)) and set(shown) == expected["games"]
    assert set(queries) == {1}  # was one query per game
    assert max(len(t) for t in texts) <= MAX_CONTENT
    assert "@everyone" not in "".join(texts) and "<@&" not in "".join(texts)
    assert f"{len(expected['games'])} in all" in texts[0]
    assert "`/games page:2`" in texts[0]


async def test_mygames_pages_cover_the_users_games_once_with_one_query_each(
        service: GameService, clock: FakeClock, expected: dict[str, set[str]]) -> None:
    await _fill(service.store, clock.now)
    texts, queries = await _pages(service.store,
                                  lambda p: service.my_games(ALICE, HERE.guild_id, p))
    shown = _channels(texts)
    assert len(shown) == len(set(shown)) and set(shown) == expected["mine"]
    assert set(queries) == {1}
    assert max(len(t) for t in texts) <= MAX_CONTENT
    assert "**your turn** — 2d left" in "".join(texts)  # the clocks came in the same query


async def test_a_page_past_the_end_says_how_many_there_are(
        service: GameService, clock: FakeClock) -> None:
    await _fill(service.store, clock.now)
    reply = await service.games(HERE, 9999)
    assert not reply.ok and reply.private and "1 to " in reply.text
    reply = await service.my_games(BOB, "nowhere", 2)
    assert not reply.ok and "1 to 1" in reply.text
    assert "no games" in (await service.my_games(BOB, "nowhere")).text
