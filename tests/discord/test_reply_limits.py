"""Every kind of reply, with hostile and far too long names, move texts and options,
converted as the adapter sends it: within Discord's limits, and pinging nobody but the
members it means (never @everyone, @here or a role)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot import discord_adapter as adapter
from bot.replies import ZERO_WIDTH, Channel, Reply, User
from bot.service import GameService, ServiceConfig
from bot.service.texts import listed as _listed
from storage import Store

HOSTILE = "@everyone @here <@&123> <@999> "
ALICE = User("1001", HOSTILE + "a" * 100)
BOB = User("1002", HOSTILE + "b" * 110)
WATCHER = User("1003", "<@&5>" * 30)
HERE = Channel("5001", "9000", "g" * 100)
PLAYERS = {ALICE.id: ALICE, BOB.id: BOB}
CROWD_PING = re.compile(r"@(everyone|here)|<@&\d")


def check(reply: Reply, meant: set[str] | None = None) -> dict[str, Any]:
    """The reply as sent: content within 2,000 characters, no crowd ping in the text,
    allowed mentions naming only ``meant`` (default: the reply's own mentions)."""
    kwargs = adapter.reply_kwargs(reply)
    content = kwargs["content"]
    assert len(content) <= adapter.MAX_CONTENT, len(content)
    assert not CROWD_PING.search(content), content
    policy = kwargs["allowed_mentions"]
    assert policy.everyone is False and policy.roles is False and policy.replied_user is False
    allowed = policy.to_dict()
    assert allowed["parse"] == [] and not allowed.get("roles")
    wanted = {int(u) for u in (meant if meant is not None else reply.mentions)}
    assert set(allowed.get("users", [])) == wanted
    assert wanted <= {int(u) for u in PLAYERS}
    if "view" in kwargs:
        items = kwargs["view"].children
        assert len(items) <= adapter.MAX_BUTTONS
        labels = [getattr(item, "item", item).label or "" for item in items]
        assert all(len(label) <= adapter.MAX_LABEL for label in labels)
    for file in kwargs.get("files", []):
        assert file.description is None or len(file.description) <= 1024
    return kwargs


@pytest.fixture
async def service(tmp_path: Path) -> Any:
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    rng = random.Random(5)
    yield GameService(store, ServiceConfig(challenge_seconds=3600), render_images=False,
                      seed_factory=lambda: rng.randbytes(32))
    await store.close()


async def test_every_reply_of_a_whole_game_fits_and_pings_only_players(
        service: GameService) -> None:
    replies: list[Reply] = [
        await service.new(ALICE, HERE, "hachapury", [BOB], {"pieces": HOSTILE}),
        await service.new(ALICE, HERE, "hachapury", [BOB], time_control=HOSTILE),
        await service.new(ALICE, HERE, "hachapury", [BOB], time_control="1d"),
        await service.accept(BOB, HERE),
        await service.games(HERE), await service.my_games(ALICE, HERE.guild_id),
        await service.move(WATCHER, HERE, HOSTILE), service.help(),
        service.rules(HOSTILE), service.rules("hachapury"),
    ]
    crowded = 0
    for _ in range(400):
        session = await service.store.live_session(HERE.id)
        if session is None:
            break
        side = service.position_of(session).side_to_move
        seat = session.seat_for_side(side or "")
        assert seat is not None
        mover = PLAYERS[seat.user_id]
        other = BOB if mover is ALICE else ALICE
        legal = await service.legal(WATCHER, HERE)
        crowded = max(crowded, int(legal.text.split()[0]))
        replies += [legal, await service.move(mover, HERE, HOSTILE * 8),
                    await service.preview(mover, HERE, HOSTILE),
                    await service.grant(other, HERE, HOSTILE),
                    await service.claim(other, HERE)]
        turns = service.legal_turns(session)
        replies.append(await service.move(mover, HERE, turns[len(turns) // 2]))
        if session.next_turn == 5:
            replies += [await service.takeback(mover, HERE),
                        await service.takeback_answer(other, HERE, False),
                        await service.board(WATCHER, HERE)]
    replies += [await service.record(WATCHER, HERE), await service.board(WATCHER, HERE)]
    if await service.store.live_session(HERE.id) is not None:
        replies.append(await service.resign(ALICE, HERE))
    replies.append(await service.press(BOB, HERE, f"rematch:{session.id if session else 0}"))
    assert crowded > 25  # a /legal with more turns than one message shows
    assert len(replies) > 100
    for reply in replies:
        check(reply)
    records = [r for r in replies if r.attachment is not None and r.text.startswith("Game record")]
    assert records and all(len(r.text) < 100 for r in records)  # the record is the file


def test_the_most_crowded_listing_is_cut_with_a_count() -> None:
    rows = [f"`{'24/18 ' * 40}{i}`" for i in range(5000)]
    text = _listed("5000 legal turn(s) for White (" + "x" * 100 + "):", rows, "en")
    assert len(text) <= 1900 and text.endswith("more.")
    shown = text.count("\n") - 1
    assert text.endswith(f"… and {5000 - shown} more.")
    assert _listed("2 turns:", ["`a`", "`b`"], "en") == "2 turns:\n`a`\n`b`"
    many = _listed("30:", [f"`{i}`" for i in range(30)], "en")
    assert many.count("\n") == 26 and many.endswith("… and 5 more.")


def test_a_text_beyond_2000_characters_goes_whole_as_a_file() -> None:
    text = "\n".join(f"{HOSTILE}{i}" for i in range(400))
    kwargs = check(Reply(text=text, mentions=[ALICE.id]))
    (file,) = kwargs["files"]
    assert file.filename == adapter.OVERFLOW_NAME
    whole = file.fp.read().decode()
    assert not CROWD_PING.search(whole)  # defused in the file too
    assert whole.replace(ZERO_WIDTH, "") == text  # every character kept
    assert f"<@{ALICE.id}>" in kwargs["content"]  # the ping survives the cut
    kwargs = check(Reply(text=text), meant=set())
    assert "files" not in adapter.reply_kwargs(Reply(text=text), can_attach=False)


def test_buttons_are_capped_and_labels_clipped() -> None:
    from bot.replies import Button
    buttons = [Button("L" * 200, f"accept:{i}") for i in range(40)]
    check(Reply(text="x", buttons=buttons))


class Recorder:
    """What ``interaction.response.autocomplete`` received."""

    def __init__(self) -> None:
        self.choices: list[Any] = []
        self.response = self

    async def autocomplete(self, choices: list[Any]) -> None:
        self.choices = choices


async def test_autocomplete_sends_at_most_25_choices_that_discord_takes() -> None:
    values = [f"{i} " + "13/7 " * 30 for i in range(10)] + [f"24/{i}" for i in range(60)]
    recorder = Recorder()
    # a stand-in for discord.Interaction: it records the choices
    await adapter.send_choices(recorder, values)  # type: ignore[arg-type]
    assert len(recorder.choices) == adapter.MAX_CHOICES
    assert all(0 < len(c.name) <= 100 and 0 < len(c.value) <= 100 for c in recorder.choices)
    assert recorder.choices[0].value == "24/0"
