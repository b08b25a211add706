"""Entry points of the Discord bot: ``build_bot``, ``run_bot`` and ``sync_commands``.

``boardbot run`` calls :func:`run_bot`; ``boardbot sync [--guild ID]``
calls :func:`sync_commands` (commands are published only then, never on
start).  Tests and embedders call :func:`build_bot` and drive the client
themselves.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot import cogs
from bot import discord_adapter as adapter
from bot.analysis_poster import AnalysisPoster
from bot.cogs.translation import CommandTranslator
from bot.computer_driver import ComputerDriver
from bot.computer_pool import ComputerPool
from bot.config import Config
from bot.cpu_pool import CpuPool
from bot.heap import freeze_startup_heap, tune_allocator
from bot.logs import JsonLines as JsonLines  # the bot and the console log alike
from bot.logs import configure_logging
from bot.replies import Announcement, Channel, Reply, ThreadGame
from bot.scheduler import Notification, Scheduler
from bot.service import GameService, ServiceConfig
from games import available_games, get_game
from renderer import warm_up
from storage import Store

log = logging.getLogger("boardbot.discord")

EXIT_OK, EXIT_ERROR, EXIT_NO_TOKEN, EXIT_BAD_TOKEN = 0, 1, 2, 3
NO_TOKEN_MESSAGE = ("No Discord bot token: set the DISCORD_TOKEN environment variable or "
                    "`token` under [discord] in the config file.")
BAD_TOKEN_MESSAGE = "Discord rejected the bot token (login failed): check DISCORD_TOKEN."


class BoardBot(discord.Client):
    """The Discord client: a command tree over a GameService.

    The store is opened in ``setup_hook`` (unless one was given) and closed by
    ``close``.  ``press_button`` receives every BoardButton press.  ``setup_hook``
    also starts the correspondence scheduler (reminders, time-ups, expiries) as a
    background task, cancelled by ``close``; ``schedule=False`` leaves it stopped
    (``self.scheduler`` still exists for ``run_once``)."""

    def __init__(self, config: Config, store: Store | None = None,
                 service: GameService | None = None, *, schedule: bool = True,
                 **client_kwargs: Any) -> None:
        client_kwargs.setdefault("intents", discord.Intents.default())
        # Safe default for any send that forgets its own: nobody is pinged.
        client_kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(**client_kwargs)
        self.config = config
        self.store: Store | None = service.store if service is not None else store
        self._service = service
        self._owns_store = store is None and service is None
        self.tree = app_commands.CommandTree(self)
        self.tree.error(self._on_tree_error)  # discord.py's way to replace tree.on_error
        self.flows = cogs.Flows(lambda: self.service)
        cogs.install(self.tree, self.flows)
        self.schedule = schedule
        self.scheduler: Scheduler | None = None
        self._scheduler_task: asyncio.Task[None] | None = None
        self.ops: Any = None  # bot/metrics.py OpsServer when [metrics] port is set
        #: The process pool the computers think in, when the bot made it (else the
        #: service's own thinker is used); the driver that plays their turns.
        self.computer_pool: ComputerPool | None = None
        #: The process pool pictures are drawn in, when the bot made its own service
        #: (a service handed in keeps its own ``cpu_pool``, often none: threads).
        self.cpu_pool: CpuPool | None = None
        self.driver: ComputerDriver | None = None
        #: Posts finished games' analyses (bot/analysis_poster.py), when configured.
        self.analysis_poster: AnalysisPoster | None = None
        self._poster_task: asyncio.Task[None] | None = None
        self._driver_task: asyncio.Task[None] | None = None
        self.flows.on_change = self.computer_may_act
        self.flows.on_announce = self.announce

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the bot is not set up yet (setup_hook opens the store)")
        return self._service

    async def setup_hook(self) -> None:
        if self.store is None:  # Store.open creates a missing folder
            self.store = await Store.open(self.config.database, self.config.busy_timeout,
                                          self.config.statement_timeout)
        if self._service is None:
            self.computer_pool = ComputerPool()
            self.cpu_pool = CpuPool(width=self.config.image_width, theme=self.config.theme)
            self._service = GameService(self.store, service_config(self.config),
                                        thinker=self.computer_pool, cpu_pool=self.cpu_pool)
        if self.computer_pool is not None:
            await self.computer_pool.start()  # warm before the first game asks
        if self.cpu_pool is not None:
            await self.cpu_pool.start()  # every worker has drawn each game once
        self.driver = ComputerDriver(self._service, self.post_reply,
                                     pace=self.config.computer_pace, order=self.flows.order)
        if self.schedule and self._driver_task is None:
            # The start-up scan (games where the computer is to move go on), then sweeps.
            self._driver_task = asyncio.create_task(self.driver.run_forever(),
                                                    name="boardbot-computers")
        self.analysis_poster = AnalysisPoster(self._service, self.post_reply)
        if self.schedule and self.config.analysis_posts and self._poster_task is None:
            self._poster_task = asyncio.create_task(self.analysis_poster.run_forever(),
                                                    name="boardbot-analyses")
        self.add_dynamic_items(adapter.BoardButton, adapter.BoardSelect)
        if self.schedule:  # the real bot: draw the cached backgrounds before anyone waits
            tune_allocator()  # before the drawing threads (bot/heap.py)
            if self._service.context.cpu_pool is None:  # (else the pool's workers did)
                await asyncio.to_thread(warm_up, available_games(), self.config.image_width,
                                        self.config.theme)
            # start-up objects live as long as the process: no full collection walks them
            frozen = freeze_startup_heap()
            log.info(adapter.kv("heap_frozen", objects=frozen))
        self.scheduler = Scheduler.for_service(self._service, self.deliver_notification)
        self.scheduler.tournaments = self.tournament_sweep
        if self.config.metrics_port is not None and self.ops is None:
            await self._start_ops()
        if self.schedule and self._scheduler_task is None:
            self._scheduler_task = asyncio.create_task(self.scheduler.run_forever(),
                                                       name="boardbot-scheduler")
        log.info(adapter.kv("setup", database=self.config.database,
                            commands=len(self.tree.get_commands()),
                            scheduler=self._scheduler_task is not None,
                            engines="; ".join(info for name in available_games()
                                              if (info := get_game(name).engine_info()))))

    async def deliver_notification(self, notification: Notification) -> None:
        """The scheduler's ``deliver``: post or DM (failures are logged, not raised)."""
        await adapter.send_notification(self, notification)

    def computer_may_act(self, channel: Channel) -> None:
        """A command changed ``channel``'s game: a computer may be to move there."""
        if self.driver is not None:
            self.driver.poke(channel)
        if self.analysis_poster is not None and self._poster_task is not None:
            self.analysis_poster.poke()  # the change may have ended a game

    async def post_reply(self, channel: Channel, reply: Reply) -> bool:
        """Post a computer's move (a reply no interaction asked for) in its channel."""
        try:
            target = self.get_channel(int(channel.id)) or await self.fetch_channel(
                int(channel.id))
        except (discord.HTTPException, ValueError) as exc:
            log.warning(adapter.kv("computer_post_failed", channel=channel.id,
                                   error=type(exc).__name__))
            return False
        if not isinstance(target, discord.abc.Messageable):
            return False
        message = await adapter.post(target, reply)
        if message is not None and reply.session_id is not None:
            await self.service.posted(reply.session_id, channel.id, str(message.id))
        return message is not None

    async def announce(self, announcements: Sequence[Announcement]) -> None:
        """Post a reply's announcements: each in its channel, then its tournament games
        each in a thread of its own (the service begins the game there), then its
        scheduled event.  Best effort: a failure is logged, and the scheduler's pass
        hands an unopened game out again."""
        for announcement in announcements:
            try:
                target = self.get_channel(int(announcement.channel_id)) or \
                    await self.fetch_channel(int(announcement.channel_id))
            except (discord.HTTPException, ValueError) as exc:
                log.warning(adapter.kv("announce_failed", channel=announcement.channel_id,
                                       error=type(exc).__name__))
                continue
            reply = announcement.reply
            if (reply.text or reply.image) and isinstance(target, discord.abc.Messageable):
                await adapter.post(target, reply)
            for game in announcement.games:
                await self._open_game(target, game)
            if announcement.event is not None:
                await adapter.schedule_event(target, announcement.event)

    async def _open_game(self, parent: Any, game: ThreadGame) -> None:
        if not isinstance(parent, discord.TextChannel):
            return
        try:
            thread = await parent.create_thread(
                name=game.name[:100], type=discord.ChannelType.public_thread,
                auto_archive_duration=10080)
        except discord.HTTPException as exc:
            log.warning(adapter.kv("thread_failed", channel=parent.id, key=game.key,
                                   error=type(exc).__name__))
            return
        where = adapter.channel_of(thread, parent.guild.id,
                                   str(parent.guild.preferred_locale.value))
        async with self.flows.order.telling(where.id):
            reply = await self.service.tournament_game(game.key, where)
            if not reply.ok:  # opened meanwhile by another process: this thread goes
                await adapter.delete_thread(thread)
                return
            await adapter.post(thread, reply)

    async def tournament_sweep(self) -> None:
        """The scheduler's pass over tournaments: post what it found to do."""
        await self.announce(await self.service.tournament_sweep())

    async def press_button(self, interaction: discord.Interaction, action: str) -> None:
        await self.flows.press_button(interaction, action)

    async def on_ready(self) -> None:
        log.info(adapter.kv("ready", user=self.user, guilds=len(self.guilds)))

    async def _on_tree_error(self, interaction: discord.Interaction,
                             error: app_commands.AppCommandError) -> None:
        log.error(adapter.kv("command_error", interaction=interaction.id,
                             error=type(error).__name__), exc_info=error)
        if interaction.type is discord.InteractionType.application_command:
            # The fault may come after the service saved the change (while the reply was
            # built or sent): never claim that nothing changed.
            await adapter.say(interaction, adapter.said(interaction, "tree_error"))

    async def _start_ops(self) -> None:
        """The metrics and health endpoint (imported only when configured)."""
        from bot.metrics import (
            Metrics,
            OpsServer,
            instrument_service,
            instrument_store,
            watch_discord_log,
        )

        metrics = Metrics()
        instrument_service(self.service, metrics)
        instrument_store(self.service.store, metrics)
        watch_discord_log(metrics)
        scheduler = self.scheduler
        self.ops = OpsServer(self.service.store, metrics, self.config.metrics_host,
                             self.config.metrics_port or 0,
                             leading=lambda: bool(scheduler and scheduler.leading),
                             cpu_pool=self.service.context.cpu_pool)
        port = await self.ops.start()
        log.info(adapter.kv("metrics", host=self.config.metrics_host, port=port))

    async def close(self) -> None:
        if self.ops is not None:
            await self.ops.stop()
        poster_task, self._poster_task = self._poster_task, None
        if poster_task is not None:
            poster_task.cancel()
            await asyncio.gather(poster_task, return_exceptions=True)
        driver_task, self._driver_task = self._driver_task, None
        if driver_task is not None:
            driver_task.cancel()
            await asyncio.gather(driver_task, return_exceptions=True)
        if self.driver is not None:
            await self.driver.close()
        if self.computer_pool is not None:
            await self.computer_pool.shutdown()
            log.info(adapter.kv("computer_pool_stopped"))
        if self.cpu_pool is not None:
            await self.cpu_pool.shutdown()
            log.info(adapter.kv("cpu_pool_stopped"))
        task, self._scheduler_task = self._scheduler_task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            log.info(adapter.kv("scheduler_stopped"))
        try:
            await super().close()
        finally:
            if self._owns_store and self.store is not None:
                store, self.store = self.store, None
                await store.close()
                log.info(adapter.kv("store_closed"))


def service_config(config: Config) -> ServiceConfig:
    return ServiceConfig(challenge_seconds=config.challenge_hours * 3600,
                         image_width=config.image_width, theme=config.theme,
                         time_control=config.time_control,
                         reminder_hours=tuple(config.reminder_hours),
                         answer_seconds=config.answer_hours * 3600,
                         nudge_hours=config.nudge_hours,
                         silent_claim_factor=config.silent_claim_factor)


def build_bot(config: Config, store: Store | None = None, service: GameService | None = None,
              *, schedule: bool = True, **client_kwargs: Any) -> BoardBot:
    """Build the bot from a config, for running, tests and embedding.

    ``store``: an open Store to use (left open on close); by default the bot
    opens ``config.database`` in its setup hook and closes it with the client.
    ``service``: a ready GameService (its store is used).  ``client_kwargs`` go
    to ``discord.Client`` (default intents only: no message content).  ``schedule``:
    run the correspondence scheduler in the background (tests may drive
    ``bot.scheduler.run_once`` themselves instead)."""
    if config.shard_count is not None:
        # Several processes share the shards (each its ``shard_ids``) and one PostgreSQL
        # database; the scheduler runs in one of them at a time (storage ``lead``).
        client_kwargs.setdefault("shard_count", config.shard_count)
        if config.shard_ids is not None:
            client_kwargs.setdefault("shard_ids", list(config.shard_ids))
        return ShardedBoardBot(config, store=store, service=service, schedule=schedule,
                               **client_kwargs)
    return BoardBot(config, store=store, service=service, schedule=schedule, **client_kwargs)


class ShardedBoardBot(BoardBot, discord.AutoShardedClient):
    """The bot running a set of shards (``shard_count``/``shard_ids`` in the config)."""


class CommandPublisher(BoardBot):
    """The bot as ``boardbot sync`` needs it: the command tree, with its
    translations, and a REST login.  discord.py's ``login`` calls ``setup_hook``,
    which for the bot opens the store and starts the pools, the computers and the
    scheduler: a process that only publishes must not play turns or send reminders,
    so its hook only installs the translator (the sync payload then carries each
    description and choice name in Russian)."""

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CommandTranslator())


# ------------------------------------------------------------------ logging


# --------------------------------------------------------------- entry points


def run_bot(config: Config) -> int:
    """Run until SIGINT/SIGTERM; exit codes 0 ok, 2 no token, 3 token rejected."""
    if not config.token:
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return EXIT_NO_TOKEN
    configure_logging()
    return asyncio.run(_run(config, config.token))


async def _run(config: Config, token: str) -> int:
    # The database is opened and checked before any network connection: a locked,
    # read-only, damaged or foreign file stops the start (DatabaseUnavailable) offline.
    store = await Store.open(config.database, config.busy_timeout, config.statement_timeout)
    try:
        bot = build_bot(config, store=store)
    except BaseException:
        await store.close()
        raise
    bot._owns_store = True  # closed with the client, as if setup_hook had opened it
    return await _serve(bot, token)


async def _serve(bot: BoardBot, token: str) -> int:
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stopping.set)
        except (NotImplementedError, RuntimeError):  # not on this platform
            pass
    runner = asyncio.create_task(bot.start(token))
    stopper = asyncio.create_task(stopping.wait())
    try:
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner.done():
            runner.result()
            return EXIT_OK
        log.info(adapter.kv("shutdown", reason="signal"))
        return EXIT_OK
    except (discord.LoginFailure, discord.PrivilegedIntentsRequired) as exc:
        return refused(exc, "Discord refused the gateway intents")
    finally:
        stopper.cancel()
        await bot.close()
        if not runner.done():
            runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)


def refused(exc: discord.DiscordException, failed: str) -> int:
    """Tell the operator on stderr why Discord said no, and return the exit code: a
    rejected token has its own message and code; anything else is ``failed: exc``."""
    if isinstance(exc, discord.LoginFailure):
        print(BAD_TOKEN_MESSAGE, file=sys.stderr)
        return EXIT_BAD_TOKEN
    print(f"{failed}: {exc}", file=sys.stderr)
    return EXIT_ERROR


def sync_commands(config: Config, guild_id: int | None = None) -> int:
    """Publish the slash commands (to one guild when given: instant; else globally)."""
    if not config.token:
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return EXIT_NO_TOKEN
    configure_logging()
    return asyncio.run(_sync(config, config.token, guild_id))


async def _sync(config: Config, token: str, guild_id: int | None) -> int:
    bot = CommandPublisher(config)
    try:
        await bot.login(token)  # REST only: no gateway, no store (see CommandPublisher)
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
            where = f"guild {guild_id}"
        else:
            synced = await bot.tree.sync()
            where = "all servers (global commands may take up to an hour to appear)"
    except (discord.LoginFailure, discord.HTTPException) as exc:
        return refused(exc, "Publishing the commands failed")
    finally:
        await bot.close()
    print(f"Published {len(synced)} commands to {where}: "
          + ", ".join(f"/{c.name}" for c in synced))
    return EXIT_OK
