"""The fuzz harness's own checks catch what they are meant to catch."""

from __future__ import annotations

import asyncio
import time

from bench.fuzz_worker import Hold, _check_cli, _check_reply, _run_cli, _timed
from bot.replies import RACE_MESSAGE, Reply, refusal


def test_a_private_specific_refusal_passes() -> None:
    assert _check_reply(refusal("It is not your turn: Red (alice) is to move.")) == ("refused", "")


def test_a_public_refusal_is_a_violation() -> None:
    kind, why = _check_reply(Reply(text="It is not your turn: Red is to move.", ok=False))
    assert kind == "violation" and "everyone" in why


def test_an_empty_or_generic_refusal_is_a_violation() -> None:
    assert _check_reply(refusal(""))[0] == "violation"
    assert _check_reply(refusal("An internal error occurred, sorry."))[0] == "violation"
    assert _check_reply(refusal(RACE_MESSAGE))[0] == "violation"


async def test_the_hold_is_the_longest_synchronous_slice() -> None:
    async def blocks_then_waits() -> Reply:
        time.sleep(0.03)  # holds the loop
        await asyncio.sleep(0.5)  # does not
        time.sleep(0.01)
        return Reply(text="done")

    hold = Hold()
    reply = await _timed(blocks_then_waits, hold)
    assert reply.text == "done"
    # at least the first slice, and well short of a slice that counted the await (0.54 s
    # and more): a loaded machine stretches a 30 ms sleep, not by half a second
    assert 0.03 <= hold.longest < 0.5


def test_replay_output_is_captured_and_judged() -> None:
    code, output = _run_cli(["replay", "hachapury"], "not a record")
    assert code == 2 and "malformed" in output
    assert _check_cli(code, output) == ("refused", "")
    assert _check_cli(2, "")[0] == "violation"
    assert _check_cli(1, "Traceback (most recent call last):\n ValueError")[0] == "violation"


def test_a_refused_command_line_is_an_exit_code_not_a_dead_worker() -> None:
    """A random game argument like ``-x`` made argparse raise SystemExit inside the
    worker, which then died ("crash") with its words in the redirected stderr."""
    from bench.fuzz_worker import _check_cli, _run_cli

    code, output = _run_cli(["replay", "-x"], '[Game "chebache"]\n')
    assert code == 2 and "usage" in output
    assert _check_cli(code, output)[0] == "refused"
