"""The console prints a Taunt button as the command that does the same (``/taunt B``),
and that command taunts."""

from __future__ import annotations

import io
import random
from pathlib import Path

from bot.console import COMMANDS, Console, console_command
from bot.service import GameService, ServiceConfig
from games.turns import Turn
from storage import Store


def test_a_taunt_button_is_the_taunt_command() -> None:
    command = console_command("taunt:12:k345-6-R-B")
    assert command == "/taunt B" and command[1:].split()[0] in COMMANDS


async def test_taunting_in_the_console_after_the_turn(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    try:
        rng = random.Random(5)
        service = GameService(store, ServiceConfig(), seed_factory=lambda: rng.randbytes(32),
                              render_images=False)
        out = io.StringIO()
        console = Console(service, tmp_path, out)
        await console.handle("alice: /new cheesegambit @bob pieces=6")
        await console.handle("bob: /accept")
        pick = random.Random(2)
        for _ in range(400):
            session = await service.current_session(console.channel)
            assert session is not None and session.status == "active"
            position = service.position_of(session)
            side = position.actors()[0]
            seat = session.seat_for_side(side)
            assert seat is not None
            text: str | Turn
            if position.action_due():
                text = position.action_choices()[0]
            else:
                legal = service.legal_turns(session)
                bumping = [t for t in legal[:40] if position.turn_additions(t, session.dice)]
                text = pick.choice(bumping or legal)
            shown = len(out.getvalue())
            await console.handle(f"{seat.name}: /move {text}")
            said = out.getvalue()[shown:]
            if "[button: Taunt " in said:
                break
        else:
            raise AssertionError("no Taunt button came up")
        target = said.split("[button: Taunt ", 1)[1].split("-> /taunt ", 1)[1][0]
        assert "may still taunt" in said
        shown = len(out.getvalue())
        await console.handle(f"{seat.name}: /taunt {target}")
        said = out.getvalue()[shown:]
        assert f" T@{target}`" in said and "taunted" in said, said
        assert "[button: Accept -> /move accept]" in said
    finally:
        await store.close()
