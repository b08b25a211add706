"""The command line, installed as ``boardbot`` (``[project.scripts]``; ``python -m bot`` runs
the same): the Discord bot, the local console and the tools for records and databases."""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sys
from pathlib import Path

from bot.config import Config, load_config
from storage import DatabaseUnavailable

#: Exit code when the database cannot be used (locked, read-only, damaged, foreign, newer).
EXIT_DATABASE = 4


#: What ``boardbot --help`` says above the list of commands: plain text, for a terminal.
DESCRIPTION = (
    "boardbot: play-by-chat board games on Discord. The Discord bot, the local console and "
    "the tools for game records and databases. From a clone set up as the README says, run "
    "it as .venv/bin/boardbot COMMAND; COMMAND --help describes each command."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardbot", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, title="commands",
                                metavar="COMMAND")

    start = sub.add_parser("start", help="the Discord bot with a token, else the console")
    start.add_argument("--config", default="config.toml")

    run = sub.add_parser("run", help="run the Discord bot")
    run.add_argument("--config", default="config.toml")

    sync = sub.add_parser("sync", help="publish the slash commands to Discord")
    sync.add_argument("--config", default="config.toml")
    sync.add_argument("--guild", type=int, default=None, help="publish to one guild only")

    local = sub.add_parser("local", help="play in a terminal (pretend channel)")
    local.add_argument("--config", default="config.toml")
    local.add_argument("--db", default=None, help="SQLite file or postgresql:// URL "
                                                  "(default: the config's)")
    local.add_argument("--images", default="images", help="folder for board images")
    local.add_argument("--seed", type=int, default=None, help="repeatable dice (local only)")
    local.add_argument("--moderator", action="append", default=[], help="a moderator's name")
    local.add_argument("--locale", default="", help="the language of the replies (en, ru)")
    local.add_argument("--channel", default="local", type=_channel_name,
                       help="the pretend channel to play in (default: local); new: the "
                            "first of local, local-2, ... without a game")

    replay = sub.add_parser("replay", help="check a game record turn by turn")
    replay.add_argument("game")
    replay.add_argument("file")
    replay.add_argument("--position", default=None, help="start from this position listing")

    verify = sub.add_parser("verify", help="check a finished game's dice against its seed")
    verify.add_argument("file")

    migrate = sub.add_parser("migrate", help="copy SQLite to PostgreSQL, verified by replay")
    migrate.add_argument("--from", dest="source", required=True, metavar="FILE",
                         help="the SQLite file (opened read-only, never changed)")
    migrate.add_argument("--to", dest="target", required=True, metavar="URL",
                         help="postgresql://user:password@host:port/database")
    ratings = sub.add_parser("ratings", help="recompute every rating from the finished games")
    ratings.add_argument("--rebuild", action="store_true", required=True,
                         help="forget the ratings and rate every finished game again, in order")
    ratings.add_argument("--config", default="config.toml")
    ratings.add_argument("--db", default=None, help="SQLite file or postgresql:// URL")
    from bot.engine import add_arguments
    engine = sub.add_parser("engine", help="the computer player as a line protocol")
    add_arguments(engine)
    return parser


def _channel_name(text: str) -> str:
    """``--channel``: a pretend channel's name, as ``/channel`` takes it."""
    if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", text):
        raise argparse.ArgumentTypeError(
            f"a channel's name is letters, digits and _ . - (at most 64), not {text!r}")
    return text


def _read(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"malformed: cannot read {path}: {exc}", file=sys.stderr)
        return None


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "replay":
        from bot.replay import replay
        text = _read(args.file)
        return 2 if text is None else replay(args.game, text, args.position)
    if args.command == "engine":
        from bot.engine import main as engine_main
        return engine_main(args)
    if args.command == "verify":
        from bot.verify import verify
        text = _read(args.file)
        return 2 if text is None else verify(text)
    if args.command == "migrate":
        from bot.migrate import run as run_migration
        try:
            return run_migration(args.source, args.target)
        except DatabaseUnavailable as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_DATABASE
    config = load_config(args.config)
    try:
        return _serve(args, config)
    except DatabaseUnavailable as exc:
        # One line a person can act on; the store has closed its connection.
        print(str(exc), file=sys.stderr)
        return EXIT_DATABASE


def _serve(args: argparse.Namespace, config: Config) -> int:
    """The bot or the console (both open the database before anything else)."""
    if args.command == "start" and config.token is None:
        print("No Discord token configured (DISCORD_TOKEN or config.toml): "
              "starting the local console instead.", file=sys.stderr)
        args.command, args.db, args.images, args.seed, args.moderator, args.locale = (
            "local", None, "images", None, [], "")
        args.channel = "local"
    if args.command == "ratings":
        return asyncio.run(_rebuild_ratings(args.db or config.database, config.busy_timeout))
    if args.command == "local":
        from bot.console import run_console
        from bot.logs import configure_logging
        # The console logs as the bot does (JSON lines on stderr, one a fault); warnings
        # and errors only, the terminal being the players' too.
        configure_logging(logging.WARNING)
        return asyncio.run(run_console(args.db or config.database, args.images, args.seed,
                                       args.moderator, busy_timeout=config.busy_timeout,
                                       locale=args.locale, cpu_pool=True,
                                       channel=args.channel,
                                       statement_timeout=config.statement_timeout))
    from bot import discord_app  # imported late: only the bot itself needs discord

    if args.command == "sync":
        return discord_app.sync_commands(config, args.guild)
    return discord_app.run_bot(config)


async def _rebuild_ratings(database: str, busy_timeout: float) -> int:
    """``ratings --rebuild``: every rating recomputed from the finished games."""
    from bot.service import GameService, ServiceConfig
    from storage import Store

    store = await Store.open(database, busy_timeout)
    try:
        service = GameService(store, ServiceConfig(), render_images=False)
        rated = await service.rebuild_ratings()
    finally:
        await store.close()
    print(f"ratings rebuilt: {rated} finished game(s) rated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
