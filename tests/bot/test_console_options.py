"""Console options written ``name:value`` (as ``/help`` and the README write them) or
``name=value``, read from the Discord commands' own declarations; unknown options and
values out of range are refused with what is legal instead, and change nothing."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord.app_commands import Command as DiscordCommand
from discord.app_commands import Group

from bot.cogs.commands import build_commands
from bot.cogs.flows import Flows
from bot.console import COMMANDS, Console
from bot.console_options import ALIASES, Kind, OptionError, Spec, commands, read
from bot.service import GameService, ServiceConfig
from storage import Store


class Typed:
    """A console and what it printed since the last line."""

    def __init__(self, console: Console, out: io.StringIO) -> None:
        self.console = console
        self.out = out

    async def __call__(self, line: str) -> str:
        shown = len(self.out.getvalue())
        await self.console.handle(line)
        return self.out.getvalue()[shown:]


@pytest.fixture
async def typed(tmp_path: Path) -> AsyncIterator[Typed]:
    """Game 1 finished (alice played a turn, then bob resigned), game 2 being played, in
    one channel."""
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    rng = random.Random(2)
    service = GameService(store, ServiceConfig(), seed_factory=lambda: rng.randbytes(32),
                          render_images=False)
    out = io.StringIO()
    console = Console(service, tmp_path, out, moderators=["mod"])
    try:
        for line in ("alice: /new hachapury @bob", "bob: /accept",
                     "alice: /move 24/19 19/13", "bob: /resign confirm",
                     "alice: /new hachapury @bob", "bob: /accept"):
            await console.handle(line)
        yield Typed(console, out)
    finally:
        await store.close()


@pytest.mark.parametrize("sep", [":", "="])
async def test_record_and_board_of_a_finished_game_by_name(typed: Typed, sep: str) -> None:
    said = await typed(f"carol: /record game{sep}1")
    assert "Game record of game 1" in said, said
    said = await typed(f"carol: /board game{sep}1 turn{sep}999")
    assert "Game 1 has turns 1 to 1" in said, said  # not the live board of game 2
    said = await typed(f"carol: /board game{sep}1 turn{sep}0")
    assert "game 1 after turn 0 of 1" in said, said
    said = await typed("carol: /board 1 0")  # bare numbers fill game, then turn
    assert "game 1 after turn 0 of 1" in said, said


async def test_settings_and_notify_by_name(typed: Typed) -> None:
    said = await typed("alice: /settings language:ru")
    assert "Ваш язык: русский" in said or "язык" in said, said
    said = await typed("alice: /settings language:en theme:dark")
    assert "Your language: English" in said and "dark" in said, said
    said = await typed("alice: /notify nudge:1d")
    assert "when you have not moved for 1d" in said, said
    said = await typed("bob: /notify mode:dm nudge=off")
    assert "direct message" in said and "off (you are not nudged)" in said, said


async def test_move_by_name_with_its_turn(typed: Typed) -> None:
    service = typed.console.service
    session = await service.current_session(typed.console.channel)
    assert session is not None
    seat = session.seat_for_side(service.position_of(session).side_to_move or "")
    assert seat is not None
    turn = service.legal_turns(session)[0]
    said = await typed(f"{seat.name}: /move text:{turn} turn:{session.next_turn + 1}")
    assert said.startswith(f"(only {seat.name} sees this)"), said  # not this turn: refused
    said = await typed(f"{seat.name}: /move {turn} turn={session.next_turn}")
    assert f"{seat.name} (" in said and " rolled " in said, said


@pytest.mark.parametrize("line, wanted", [
    ("/record gmae:1", "`/record` has no option `gmae`: `/record [game:N]`."),
    ("/board game:1 turn:-1", "`turn` is from 0 to 100000, not -1."),
    ("/board game:0", "`game` is from 1 to 1000000000000000, not 0."),
    ("/games page:two", "`page` is a whole number, not `two`: e.g. `page:1`."),
    ("/settings language:de", "`language` is one of `en`, `ru`, `auto`, not `de`."),
    ("/settings purple", "`theme` is one of `light`, `dark`, `server`, not `purple`."),
    ("/settings theme:dark sideways", "`sideways` does not fit any option of `/settings`"),
    ("/notify nudge:1d mode:sms", "`mode` is one of `mention`, `dm`, `none`, not `sms`."),
    ("/accept now", "`/accept` takes no options"),
    ("/move 24/19 19/13 trun:1", "`/move` has no option `trun`"),
    ("/record game:1 game:2", "`game` is given twice"),
    ("/replay", "`/replay` needs `game`: `/replay game:N`."),
    ("/board turn:3", "`turn` goes with `game`"),
    ("/new hachapury @bob rated:maybe", "`rated` is `true` or `false`, not `maybe`."),
    ("/new hachapuri @bob", "`game` is one of `hachapury`, "),
    ("/history page:0", "`page` is from 1 to 100000, not 0."),
])
async def test_unknown_options_and_bad_values_are_refused(typed: Typed, line: str,
                                                          wanted: str) -> None:
    before = await typed.console.service.current_session(typed.console.channel)
    said = await typed(f"alice: {line}")
    assert said.startswith("(only alice sees this) ") and wanted in said, said
    after = await typed.console.service.current_session(typed.console.channel)
    assert before is not None and after is not None and after.version == before.version


#: Each command that takes options, with every one of its options named (the parse
#: test below checks that this covers them all, so a new option needs a line here).
EXAMPLES = {
    "new": "game:hachapury opponent:@bob opponent2:@carol opponent3:@dan "
           "options:\"kings=false\" thread:false time:3d level:hard rated:false match=7",
    "move": "text:24/18 13/11 turn:3",
    "board": "channel:#other game:1 turn:0",
    "legal": "starting:24/18",
    "record": "game:1",
    "replay": "game:1",
    "analysis": "game:1",
    "review": "game:1 turn:3",
    "train": "game:che",
    "stats": "dice member:@bob game:1",
    "hint": "level:expert",
    "history": "member:@bob game:che page:2",
    "games": "page:2",
    "mygames": "page:2 scope:all",
    "grant": "amount:2d",
    "takeback_answer": "answer:refuse",
    "preview": "text:24/18 13/11",
    "notify": "mode:dm nudge:3d digest:on hour:8 timezone:Europe/Berlin remind:24h,8h,1h",
    "settings": "theme:dark flip:on server_theme:light phone:off server_nudge:3d "
                "language:ru server_language:en server_analysis:off "
                "server_puzzle:on",
    "rules": "game:che",
    "leaderboard": "game:che",
    "profile": "member:@bob",
    "learn": "game:che",
    "taunt": "colour:B",
    "resign": "confirm:confirm",
    "pick": "choice:2",
    "press": "label:Next",
    "channel": "name:other",
    "tournament": "action:new game:hachapury format:swiss rounds:3 options:\"kings=false\" "
                  "time:3d match:3 signup_hours:24 round_hours:48 rated:false name:Autumn",
    "league": "action:new game:hachapury size:4 movers:1 options:\"kings=false\" time:3d "
              "name:Ladder",
}


def test_every_command_with_options_reads_each_of_them() -> None:
    specs = commands()
    assert set(EXAMPLES) == {name for name, spec in specs.items() if spec.options}
    for name, line in EXAMPLES.items():
        spec = specs[name]
        found = read(spec, line.replace(":", "=", 1))  # the first as name=value
        assert set(found.values) == {o.name for o in spec.options}, name
        for option in spec.options:
            value = found.values[option.name]
            kind = {Kind.INTEGER: int, Kind.BOOLEAN: bool}.get(option.kind, str)
            assert isinstance(value, kind), (name, option.name, value)
    found = read(specs["move"], "text:24/18 13/11 turn:3")
    assert found.values == {"text": "24/18 13/11", "turn": 3}
    found = read(specs["new"], EXAMPLES["new"])
    assert found.game_options == {"match": "7"} and found.values["opponent3"] == "dan"
    assert found.values["options"] == "kings=false" and found.values["rated"] is False


def test_bare_words_fill_the_options_they_fit() -> None:
    specs = commands()
    assert read(specs["history"], "@bob che 2").values == {"member": "bob", "game": "che",
                                                           "page": 2}
    assert read(specs["history"], "bob").values == {"member": "bob"}
    assert read(specs["notify"], "dm nudge:3d").values == {"mode": "dm", "nudge": "3d"}
    assert read(specs["board"], "#other").values == {"channel": "other"}
    assert read(specs["move"], "24/18,  13/11").values == {"text": "24/18,  13/11"}
    assert read(specs["takeback_answer"], "yes").values == {"answer": "allow"}
    assert read(specs["taunt"], "blue").values == {"colour": "B"}
    assert read(specs["rules"], "").values == {"game": "hachapury"}  # the console's default
    assert read(specs["settings"], "ru").values == {"language": "ru"}  # the user's own
    with pytest.raises(OptionError) as raised:
        read(specs["notify"], "3d")  # a nudge is named: `3d` is no mode
    assert raised.value.key == "console_not_choice"


async def test_every_command_with_options_uses_each_of_them(typed: Typed) -> None:
    """Each example runs with no option left unused (the console reports one: a bug)."""
    for name, line in EXAMPLES.items():
        said = await typed(f"mod: /{name} {line}")
        assert "was not used" not in said and "internal error" not in said, (name, said)
        if name == "channel":
            await typed("mod: /channel local")


def test_the_console_reads_the_options_discord_declares() -> None:
    """One place: each Discord command's options are the console command's."""
    specs = commands()
    for command in build_commands(Flows(lambda: None)):  # type: ignore[arg-type,return-value]  # never called
        spec: Spec = specs[command.name]
        if isinstance(command, Group):  # the subcommand first, then each one's options
            wanted = ["action", *dict.fromkeys(p.name for sub in command.commands
                                               if isinstance(sub, DiscordCommand)
                                               for p in sub.parameters)]
            assert [o.name for o in spec.options] == wanted, command.name
            continue
        wanted = [p.name for p in command.parameters]
        if command.name == "resign":
            wanted.append("confirm")  # the console's: resign without the question
        assert [o.name for o in spec.options] == wanted, command.name
    assert set(COMMANDS) == set(specs) | set(ALIASES)


async def test_an_option_a_command_leaves_unused_is_reported(
        typed: Typed, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check behind the test above can fail: a command that drops an option."""
    async def record_ignoring_game(self: Console, user: object, args: object) -> object:
        return await self.service.record(self.user("carol"), self.channel)

    monkeypatch.setattr(Console, "_do_record", record_ignoring_game)
    said = await typed("carol: /record game:1")
    assert "?? option `game` of `/record` was not used" in said, said


async def test_a_busy_channel_hint_only_for_a_busy_channel(typed: Typed) -> None:
    said = await typed("alice: /new che @carol")
    assert "already has a game" in said and "`/channel new`" in said
    said = await typed("alice: /new che @carol tiles=7000")
    assert "`/channel new`" not in said, said  # refused for its option, not the channel
