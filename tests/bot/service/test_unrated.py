"""``/new ... rated=false``: a game between people that ratings leave out, with the
reason noted, through a rebuild (which must still equal the live figures)."""

from __future__ import annotations

import io
from pathlib import Path

from bot.service import GameService
from storage.ratings import RatingStore
from tests.bot.conftest import ALICE, BOB, CAROL, HERE


async def _reasons(service: GameService) -> list[str]:
    rows = await service.store.fetchall("SELECT reason FROM rated_games ORDER BY session_id")
    return [str(r[0]) for r in rows]


async def test_rated_false_leaves_the_game_out_and_a_rebuild_equals_the_live(
        service: GameService) -> None:
    reply = await service.new(ALICE, HERE, "hachapury", [BOB], {"rated": "false"})
    assert reply.ok and "not rated" in reply.text, reply.text
    assert (await service.accept(BOB, HERE)).ok
    assert (await service.resign(BOB, HERE)).ok
    assert (await service.new(ALICE, HERE, "hachapury", [CAROL], {"Rated": "yes"})).ok
    assert (await service.accept(CAROL, HERE)).ok
    assert (await service.resign(CAROL, HERE)).ok
    assert await _reasons(service) == ["rated=false", "rated"]
    live = await RatingStore(service.store).all_rows()
    assert {r.user_id for _, _, r in live} == {ALICE.id, CAROL.id}
    assert await service.rebuild_ratings() == 1
    assert await RatingStore(service.store).all_rows() == live
    assert await _reasons(service) == ["rated=false", "rated"]


async def test_a_rematch_of_an_unrated_game_is_unrated_too(service: GameService) -> None:
    assert (await service.new(ALICE, HERE, "hachapury", [BOB], {"rated": "off"})).ok
    assert (await service.accept(BOB, HERE)).ok
    assert (await service.resign(BOB, HERE)).ok
    reply = await service.rematch(BOB, HERE)
    assert reply.ok and "not rated" in reply.text, reply.text
    assert (await service.accept(ALICE, HERE)).ok
    assert (await service.resign(ALICE, HERE)).ok
    assert await _reasons(service) == ["rated=false", "rated=false"]
    assert await RatingStore(service.store).all_rows() == []


async def test_a_bad_rated_value_is_refused_and_nothing_is_created(
        service: GameService) -> None:
    reply = await service.new(ALICE, HERE, "hachapury", [BOB], {"rated": "maybe"})
    assert not reply.ok and "`rated` is `true` or `false`, not `maybe`" in reply.text
    assert await service.store.live_session(HERE.id) is None


async def test_console_new_rated_false(tmp_path: Path) -> None:
    from bot.console import run_console

    script = """alice: /new hachapury @bob rated=false
bob: /accept
bob: /resign confirm
alice: /leaderboard hachapury
"""
    out = io.StringIO()
    code = await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, [],
                             io.StringIO(script), out)
    text = out.getvalue()
    assert code == 0 and "not rated" in text
    assert "No rated Hachapury games here yet" in text
