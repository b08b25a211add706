"""A game the scheduler ended on time has its notice posted even when the process that
ended it was killed before posting (the outbox, kind 'forfeit'), and a failed post is
posted once more later; each notice is posted once."""

from __future__ import annotations

from bot.notifications import Notification
from bot.scheduler import Scheduler
from storage import Store
from storage.correspondence import CorrespondenceStore
from tests.bot.conftest import FakeClock
from tests.bot.service.test_correspondence import DAY, Outbox, _service, _start


async def test_a_forfeit_of_a_killed_process_is_posted_by_the_next(
        store: Store, clock: FakeClock) -> None:
    service = _service(store, clock)
    await _start(service, "1d,forfeit")
    # a process claims the time-up (the game ends) and is killed before posting: its
    # start ended (it holds no lock, runs no pid)
    claimed = await CorrespondenceStore(store).claim_due(clock.now + DAY, owner="ended-start")
    assert any(r.forfeit for r in claimed)
    outbox = Outbox()
    scheduler = Scheduler.for_service(service, outbox)
    fired = await scheduler.run_once(clock.now + DAY + 1)
    assert [n.kind for n in fired] == ["forfeit"]
    assert "ran out of time" in fired[0].text
    assert await scheduler.run_once(clock.now + DAY + 2) == []  # once


async def test_a_failed_forfeit_post_is_posted_once_more(store: Store,
                                                         clock: FakeClock) -> None:
    service = _service(store, clock)
    await _start(service, "1d,forfeit")
    sent: list[Notification] = []
    failing = [True]

    async def deliver(note: Notification) -> None:
        if failing[0] and note.kind == "forfeit":
            raise ConnectionError("Discord is away")
        sent.append(note)

    scheduler = Scheduler.for_service(service, deliver)
    await scheduler.run_once(clock.now + DAY)
    assert "forfeit" not in [n.kind for n in sent]
    failing[0] = False
    assert await scheduler.run_once(clock.now + DAY + 30) == []  # may still be on its way
    fired = await scheduler.run_once(clock.now + DAY + 61)
    assert [n.kind for n in fired] == ["forfeit"]
    assert await scheduler.run_once(clock.now + DAY + 200) == []
