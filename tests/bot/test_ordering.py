"""bot/ordering.py: a channel's changes one at a time, each told before the next;
and the computer driver taking its turn in that order."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.computer_driver import ComputerDriver
from bot.ordering import ChannelOrder
from bot.replies import Channel, Reply

HERE = Channel("1", "9")
THERE = Channel("2", "9")


async def _turn_over(times: int = 20) -> None:
    for _ in range(times):
        await asyncio.sleep(0)


async def test_changes_in_one_channel_take_turns_and_other_channels_do_not_wait() -> None:
    order = ChannelOrder()
    said: list[str] = []
    first_in = asyncio.Event()
    let_first_go = asyncio.Event()

    async def change(channel: Channel, name: str, hold: asyncio.Event | None = None) -> None:
        async with order.telling(channel.id):
            said.append(f"{name} begins")
            if hold is not None:
                first_in.set()
                await hold.wait()
            said.append(f"{name} told")

    first = asyncio.create_task(change(HERE, "first", let_first_go))
    await first_in.wait()
    assert order.busy(HERE.id) and not order.busy(THERE.id)
    second = asyncio.create_task(change(HERE, "second"))
    elsewhere = asyncio.create_task(change(THERE, "elsewhere"))
    await _turn_over()
    assert said == ["first begins", "elsewhere begins", "elsewhere told"]  # not held up
    let_first_go.set()
    await asyncio.gather(first, second, elsewhere)
    assert said[3:] == ["first told", "second begins", "second told"]
    assert not order.busy(HERE.id) and order._locks == {} and order._users == {}


async def test_a_failing_change_frees_the_channel() -> None:
    order = ChannelOrder()
    try:
        async with order.telling(HERE.id):
            raise RuntimeError("fault")
    except RuntimeError:
        pass
    assert not order.busy(HERE.id)
    async with order.telling(HERE.id):  # does not wait forever
        pass


class _Service:
    """A computer that is to move once in ``HERE`` and thinks until told to play."""

    def __init__(self) -> None:
        self.thinking = asyncio.Event()
        self.play = asyncio.Event()
        self.turns = 1

    async def computer_step(self, channel: Channel) -> Reply | None:
        if not self.turns:
            return None
        self.thinking.set()
        await self.play.wait()
        self.turns -= 1
        return Reply(text="the computer's turn")


async def test_a_persons_change_during_the_computers_step_is_told_after_its_post() -> None:
    """A person acting while the computer thinks (a resignation, another player): the
    computer's turn was committed first, so it is posted first."""
    order = ChannelOrder()
    service = _Service()
    said: list[str] = []

    async def deliver(channel: Channel, reply: Reply) -> None:
        await asyncio.sleep(0)  # a post takes a while
        said.append(reply.text)

    # a stand-in for the GameService: the driver reads only a little of it
    driver = ComputerDriver(service, deliver, order=order)  # type: ignore[arg-type]
    driver.poke(HERE)
    await service.thinking.wait()

    async def person() -> None:
        async with order.telling(HERE.id):
            said.append("the person's reply")

    acting = asyncio.create_task(person())
    await _turn_over()
    assert said == []  # the person waits for the computer's step and post
    service.play.set()
    await asyncio.gather(acting, driver.idle())
    assert said == ["the computer's turn", "the person's reply"]


async def test_the_computer_waits_for_the_reply_to_the_turn_before() -> None:
    order = ChannelOrder()
    service = _Service()
    service.play.set()
    said: list[str] = []

    async def deliver(channel: Channel, reply: Any) -> None:
        said.append(reply.text)

    # a stand-in for the GameService (as above)
    driver = ComputerDriver(service, deliver, order=order)  # type: ignore[arg-type]
    async with order.telling(HERE.id):  # a person's reply on its way
        driver.poke(HERE)
        await _turn_over()
        assert not service.thinking.is_set() and said == []
        said.append("the person's reply")
    await driver.idle()
    assert said == ["the person's reply", "the computer's turn"]
