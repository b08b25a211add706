"""The slash commands: thin callbacks from an interaction to a flow.

``build_commands`` is called when the bot is built, so the game menus list
whatever ``available_games()`` returns then: a game added later appears
without touching this module.

Descriptions and choice names are written here in English and shown in the user's
language (``command``, ``describe``, ``choice``: bot/cogs/translation.py, the Russian in
bot/catalogue/commands.py).  Command and parameter NAMES stay English in every
language: ``/move``, ``/new game:`` are what ``/help``, the README, the lessons and the
notation refer to.  Choice values stay too (the callbacks receive them).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import command_table as table
from bot import discord_adapter as adapter
from bot.cogs.flows import Call, Flows
from bot.cogs.translation import choice, command, describe
from bot.computer_seats import COMPUTER
from bot.replies import Channel, Reply, User, refusal
from bot.service.tournaments import Terms
from games import available_games, get_game
from games.plugins import plugins

if TYPE_CHECKING:
    from bot.service import GameService

Interaction = discord.Interaction
AnyChannel = app_commands.AppCommandChannel | app_commands.AppCommandThread


def taunted_colours() -> dict[str, str]:
    """Side letter -> colour of every game whose turns may end with a taunt (its plugin
    says ``taunts``): the choices of ``/taunt``, fixed when the commands are built."""
    return {letter: name for p in plugins() if p.taunts for letter, name in p.colours.items()}


def game_choices(names: list[str] | None = None) -> list[app_commands.Choice[str]]:
    """A menu entry per available game (title shown, name sent).  Titles are names,
    shown as they are in every language (so plain strings, not translated)."""
    return [app_commands.Choice(name=get_game(n).title, value=n)
            for n in (available_games() if names is None else names)][:25]


def build_commands(flows: Flows, games: list[str] | None = None
                   ) -> list[app_commands.Command | app_commands.Group]:
    """Every slash command, bound to ``flows``."""
    choices = game_choices(games)

    def with_games(func: Callable[..., Any]) -> Callable[..., Any]:
        return app_commands.choices(game=choices)(func) if choices else func

    def plain(name: str, description: str, method: Callable[[GameService], Call]
              ) -> app_commands.Command[Any, ..., None]:
        """A command without options: the service's ``method`` for the sender here (the
        service is looked up at each call, as it may be replaced), run as the command
        table says (bot/command_table.py)."""
        flags = table.command(name).run_flags()

        async def callback(interaction: Interaction) -> None:
            await flows.run(interaction, method(flows.service), **flags)

        return command(name=name, description=description)(callback)

    def of_game(name: str, description: str, which: str,
                method: Callable[[GameService], Callable[[User, Channel, str], Awaitable[Reply]]]
                ) -> app_commands.Command[Any, ..., None]:
        """A command whose one option is the game (described as ``which``): the
        service's ``method`` for the sender here and that game, run as the command
        table says."""
        flags = table.command(name).run_flags()

        async def callback(interaction: Interaction, game: str) -> None:
            async def call(user: User, channel: Channel) -> Reply:
                return await method(flows.service)(user, channel, game)

            await flows.run(interaction, call, **flags)

        return command(name=name, description=description)(
            describe(game=which)(with_games(callback)))

    @command(name="new", description="Challenge players here, or open a lobby (nobody named)")
    @describe(
        game="Which game", opponent="Who you challenge (leave out to open a lobby)",
        opponent2="A further player", opponent3="A further player",
        options="Game options, e.g. kings=false pieces=10",
        thread="Open the game in a new thread",
        time="Time control, e.g. 3d or bank=7d,bonus=1d,cap=14d (default: the server's)",
        level="How strong the computer plays when you name me as an opponent",
        rated="False: a game between people that does not count for ratings")
    @app_commands.choices(level=[choice("level", v) for v in ("easy", "normal", "hard", "expert")])
    @with_games
    async def new(interaction: Interaction, game: str, opponent: discord.User | None = None,
                  opponent2: discord.User | None = None, opponent3: discord.User | None = None,
                  options: str | None = None, thread: bool = False,
                  time: app_commands.Range[str, 1, 100] | None = None,
                  level: str | None = None, rated: bool | None = None) -> None:
        players = [p for p in (opponent, opponent2, opponent3) if p is not None]
        me = interaction.client.user
        if any(p.bot and (me is None or p.id != me.id) for p in players):
            await adapter.say(interaction, adapter.said(interaction, "other_bots"))
            return
        parsed = await _read_options(interaction, options)
        if parsed is None:
            return
        if level is not None:
            parsed["level"] = level
        if rated is not None:
            parsed["rated"] = "true" if rated else "false"
        # Naming me seats the computer (once per mention: name me in every seat to
        # watch a game of computers).
        opponents = [COMPUTER if me is not None and p.id == me.id else adapter.to_user_of(p)
                     for p in players]

        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.new(user, channel, game, opponents, parsed,
                                           time_control=time)

        if thread:
            await _new_in_thread(flows, interaction, game, call)
        else:
            await flows.run(interaction, call, **table.command("new").run_flags())

    accept = plain("accept", "Accept the challenge in this channel",
                   lambda s: s.accept)
    decline = plain("decline", "Decline the challenge here (in a lobby: give up your seat)",
                    lambda s: s.decline)
    join = plain("join", "Take a seat in the lobby in this channel",
                 lambda s: s.join)
    start = plain("start", "Start your lobby with the players seated so far",
                  lambda s: s.start)

    @command(name="move", description="Play your turn (the dice are rolled for you)")
    @describe(text="Your turn, e.g. 24/18 13/11 (suggestions are the legal turns)",
              turn="The turn number you mean (refused if the game moved on)")
    @app_commands.autocomplete(text=flows.autocomplete_move)
    async def move(interaction: Interaction, text: app_commands.Range[str, 1, 200],
                   turn: app_commands.Range[int, 1] | None = None) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.move(user, channel, text, turn)

        await flows.run(interaction, call, **table.command("move").run_flags())

    @command(name="taunt",
             description="Taunt an opponent you bumped in the turn you just played")
    @describe(colour="Whom to taunt: their colour")
    @app_commands.choices(colour=[choice("colour", name, letter)
                                  for letter, name in taunted_colours().items()])
    async def taunt(interaction: Interaction, colour: str) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.taunt(user, channel, colour)

        await flows.run(interaction, call, **table.command("taunt").run_flags())

    @command(name="board", description="Show the board (of this or another channel)")
    @describe(channel="Another channel or thread whose game to show",
              game="A finished game's number (see /history)",
              turn="With game: the position after this turn (0: the start)")
    async def board(interaction: Interaction, channel: AnyChannel | None = None,
                    game: app_commands.Range[int, 1, 10**15] | None = None,
                    turn: app_commands.Range[int, 0, 100000] | None = None) -> None:
        if game is not None:
            async def call(user: User, where: Channel) -> Reply:
                return await flows.service.board(user, where, game, turn)

            await flows.run(interaction, call, **table.command("board").run_flags())
            return
        where = None
        if channel is not None:
            if not channel.permissions.read_messages:
                await adapter.say(interaction, adapter.said(interaction, "cannot_see_channel"))
                return
            here = adapter.to_channel(interaction)
            where = adapter.channel_of(channel, interaction.guild_id,
                                       here.locale if here else "")
        await flows.run(interaction, flows.service.board, channel=where,
                        **table.command("board").run_flags())

    @command(name="legal", description="List the legal turns (only you see them)")
    @describe(starting="Only the turns starting with this move, e.g. 24/18")
    async def legal(interaction: Interaction,
                    starting: app_commands.Range[str, 1, 60] | None = None) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.legal(user, channel, starting or "")

        await flows.run(interaction, call, **table.command("legal").run_flags())

    @command(name="record", description="The game record as a file")
    @describe(game="A finished game's number (see /history); default: this game")
    async def record(interaction: Interaction,
                     game: app_commands.Range[int, 1, 10**15] | None = None) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.record(user, channel, game)

        await flows.run(interaction, call, **table.command("record").run_flags())

    @command(name="replay", description="A finished game as an animation, turn by turn")
    @describe(game="A finished game's number (see /history)")
    async def replay(interaction: Interaction,
                     game: app_commands.Range[int, 1, 10**15]) -> None:
        limit = upload_limit(interaction)

        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.replay(user, channel, game, limit)

        await flows.run(interaction, call, **table.command("replay").run_flags())

    @command(name="analysis", description="A finished game's analysis: errors and luck")
    @describe(game="A finished game's number (see /history)")
    async def analysis(interaction: Interaction,
                       game: app_commands.Range[int, 1, 10**15]) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.analysis(user, channel, game)

        await flows.run(interaction, call, **table.command("analysis").run_flags())

    @command(name="review", description="A finished game step by step, with its analysis")
    @describe(game="A finished game's number (see /history)",
              turn="Start at this turn (0: the start)")
    async def review(interaction: Interaction, game: app_commands.Range[int, 1, 10**15],
                     turn: app_commands.Range[int, 0, 10**6] | None = None) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.review(user, channel, game, turn)

        await flows.run(interaction, call, **table.command("review").run_flags())

    train = of_game("train", "A drill from your own games' errors", "Which game",
                    lambda s: s.train)

    @command(name="history", description="Finished games in this server")
    @describe(member="Only this member's games", game="Only this game",
              page="Which page (15 games a page)")
    @with_games
    async def history(interaction: Interaction, member: discord.User | None = None,
                      game: str | None = None,
                      page: app_commands.Range[int, 1, 100000] = 1) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            who = adapter.to_user_of(member) if member is not None else None
            return await flows.service.history(user, channel, who, game, page)

        await flows.run(interaction, call, **table.command("history").run_flags())
    @command(name="hint", description="The computer's best turn for you, with why (only you "
                                      "see it; the record notes it)")
    @describe(level="hard (default: about a second at most) or expert (up to a few seconds)")
    @app_commands.choices(level=[choice("level", v) for v in ("hard", "expert")])
    async def hint(interaction: Interaction, level: str = "hard") -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.hint(user, channel, level)

        await flows.run(interaction, call, **table.command("hint").run_flags())

    resign = plain("resign", "Give up the game (asks you to confirm first)",
                   lambda s: s.confirm_resign)
    abort = plain("abort", "Cancel the game (players before the first turn; moderators any time)",
                  lambda s: s.abort)

    @command(name="games", description="Games being played in this server")
    @describe(page="Which page of the list (15 games a page)")
    async def games_(interaction: Interaction,
                     page: app_commands.Range[int, 1, 100000] = 1) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.games(channel, page)

        await flows.run(interaction, call, **table.command("games").run_flags())

    claim = plain("claim", "Claim the win on time, or end a game without a clock that "
                           "went silent", lambda s: s.claim)

    @command(name="grant", description="Give the player to move more time")
    @describe(amount="How much more time, e.g. 2d, 12h, 1d12h")
    async def grant(interaction: Interaction, amount: app_commands.Range[str, 1, 40]) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.grant(user, channel, amount)

        await flows.run(interaction, call, **table.command("grant").run_flags())

    takeback = plain("takeback", "Ask to take back your last turn (before anyone plays)",
                     lambda s: s.takeback)

    @command(name="takeback_answer",
             description="Allow or refuse the take-back asked for here")
    @describe(answer="Allow the take-back or refuse it")
    @app_commands.choices(answer=[choice("answer", "allow"), choice("answer", "refuse")])
    async def takeback_answer(interaction: Interaction, answer: str) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.takeback_answer(user, channel, answer == "allow")

        await flows.run(interaction, call, **table.command("takeback_answer").run_flags())

    @command(name="preview",
             description="What a turn would give, shown only to you (not played)")
    @describe(text="The turn to try (suggestions are the legal turns)")
    @app_commands.autocomplete(text=flows.autocomplete_move)
    async def preview(interaction: Interaction, text: app_commands.Range[str, 1, 200]) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.preview(user, channel, text)

        await flows.run(interaction, call, **table.command("preview").run_flags())

    @command(name="mygames", description="Your games on this server (only you see)")
    @describe(page="Which page of the list (15 games a page)",
              scope="all: your games in every server, your turns first (a direct "
                    "message with me always lists them all)")
    @app_commands.choices(scope=[choice("scope", m) for m in ("here", "all")])
    async def mygames(interaction: Interaction,
                      page: app_commands.Range[int, 1, 100000] = 1, scope: str = "") -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.my_games(user, channel.guild_id, page,
                                                everywhere=scope == "all")

        await flows.run(interaction, call, **table.command("mygames").run_flags())

    @command(name="notify", description="How you are reminded that it is your turn")
    @describe(mode="mention: in the game's channel; dm: a direct message; none",
              nudge="Games without a clock: nudge me after this long, e.g. "
                    "1d, 3d, 7d; off; or server (the server's)",
              digest="A daily direct message with the games waiting for you",
              hour="The digest's hour, 0 to 23, in your time zone",
              timezone="Your time zone, e.g. Europe/Berlin (default UTC)",
              remind="Your reminders before a deadline, e.g. 24h,8h,1h; or server")
    @app_commands.choices(mode=[choice("mode", m)
                                for m in ("mention", "dm", "none")],
                          digest=[choice("digest", m) for m in ("on", "off")])
    async def notify(interaction: Interaction, mode: str = "",
                     nudge: app_commands.Range[str, 1, 20] | None = None, digest: str = "",
                     hour: app_commands.Range[int, 0, 23] | None = None,
                     timezone: app_commands.Range[str, 1, 64] | None = None,
                     remind: app_commands.Range[str, 1, 60] | None = None) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.notify(user, mode, nudge or "", digest, hour,
                                              timezone or "", remind or "")

        await flows.run(interaction, call, **table.command("notify").run_flags())

    @command(name="settings", description="How boards look (theme, your chair)")
    @describe(theme="Your pictures: light, dark or server (the server's)",
              flip="on: your previews from the opponent's chair",
              server_theme="Moderators: the theme of every picture here",
              phone="on: your previews in the phone layout",
              server_nudge="Moderators: nudge silent players in games without a "
                           "clock after this long here, e.g. 3d, or off",
              language="Your private replies: en, ru or auto (Discord's)",
              server_language="Moderators: the public replies here (en, ru, auto)",
              server_analysis="Moderators: post an analysis after each game here (on, off)",
              server_puzzle="Moderators: a daily puzzle from yesterday's games (on, off)")
    @app_commands.choices(
        theme=[choice("theme", m) for m in ("light", "dark", "server")],
        flip=[choice("flip", m) for m in ("on", "off")],
        server_theme=[choice("server_theme", m) for m in ("light", "dark")],
        phone=[choice("phone", m) for m in ("on", "off")],
        language=[choice("language", m) for m in ("en", "ru", "auto")],
        server_language=[choice("server_language", m) for m in ("en", "ru", "auto")],
        server_analysis=[choice("server_analysis", m) for m in ("on", "off")],
        server_puzzle=[choice("server_puzzle", m) for m in ("on", "off")])
    async def settings(interaction: Interaction, theme: str = "", flip: str = "",
                       server_theme: str = "", phone: str = "",
                       server_nudge: app_commands.Range[str, 1, 20] | None = None,
                       language: str = "", server_language: str = "",
                       server_analysis: str = "", server_puzzle: str = "") -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.settings(user, channel, theme, flip, server_theme,
                                                phone, server_nudge or "", language,
                                                server_language, server_analysis,
                                                server_puzzle)

        await flows.run(interaction, call, **table.command("settings").run_flags())

    @command(name="rules", description="Rules and move notation of a game")
    @describe(game="Which game")
    @with_games
    async def rules(interaction: Interaction, game: str) -> None:
        await adapter.deliver(interaction, await flows.service.read_rules(
            adapter.to_user(interaction), adapter.to_channel(interaction), game))

    @command(name="leaderboard", description="The best players of a game here")
    @describe(game="Which game (leave out for every game)")
    @with_games
    async def leaderboard(interaction: Interaction, game: str = "") -> None:
        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.leaderboard(user, channel, game)

        await flows.run(interaction, call, **table.command("leaderboard").run_flags())

    @command(name="profile", description="Ratings and records per game")
    @describe(member="Whose profile (default: yours)")
    async def profile(interaction: Interaction, member: discord.User | None = None) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            me = interaction.client.user
            # the bot's own user is the computer, whose games are under its seats' ids
            who = None if member is None else (
                COMPUTER if me is not None and member.id == me.id else adapter.to_user_of(member))
            return await flows.service.profile(user, channel, who)

        await flows.run(interaction, call, **table.command("profile").run_flags())

    learn = of_game("learn", "A private, step-by-step first lesson", "Which game to learn",
                    lambda s: s.learn)

    @command(name="help", description="How to play with this bot")
    async def help_(interaction: Interaction) -> None:
        await adapter.deliver(interaction, await flows.service.read_help(
            adapter.to_user(interaction), adapter.to_channel(interaction)))

    return [new, accept, decline, join, start, move, board, legal, hint, record, resign, abort,
            learn, history, replay, analysis, review, train, stats_group(flows),
            leaderboard, profile,
            games_, claim, grant, takeback, takeback_answer, preview, mygames, notify,
            settings, rules, help_, taunt, tournament_group(flows, choices),
            league_group(flows, choices)]


async def _read_options(interaction: Interaction, options: str | None
                        ) -> dict[str, str] | None:
    """The game options typed in ``options``; None when they are unreadable, the sender
    told why (``/new``, ``/tournament new``, ``/league new``)."""
    try:
        return adapter.parse_options(options)
    except adapter.OptionsError as exc:
        await adapter.say(interaction, adapter.said(interaction, "options_unreadable",
                                                    word=exc.word))
        return None


class _Subcommands:
    """A slash command of subcommands (``/tournament``, ``/league``), each run as the
    command table says for the command (bot/command_table.py)."""

    def __init__(self, flows: Flows, name: str, description: str) -> None:
        self.flows = flows
        self.group = app_commands.Group(name=name, description=locale_str(description))
        self.flags = table.command(name).run_flags()

    def plain(self, name: str, description: str, method: Callable[[GameService], Call]
              ) -> None:
        """A subcommand without options: the service's ``method`` for the sender here
        (the service looked up at each call, as it may be replaced)."""
        async def callback(interaction: Interaction) -> None:
            await self.flows.run(interaction, method(self.flows.service), **self.flags)

        self.group.command(name=name, description=locale_str(description))(callback)


def stats_group(flows: Flows) -> app_commands.Group:
    """``/stats dice`` (bot/service/dice_stats.py): one slash command, a subcommand a
    kind of count (the dice are the one kind so far)."""
    stats = _Subcommands(flows, "stats", "Counts of the play in this server")

    @stats.group.command(name="dice", description=locale_str(
        "Are the dice fair here (for a member, in a game)?"))
    @describe(member="Only this member's throws",
              game="Only this finished game's throws (see /history)")
    async def dice(interaction: Interaction, member: discord.User | None = None,
                   game: app_commands.Range[int, 1, 10**15] | None = None) -> None:
        async def call(user: User, channel: Channel) -> Reply:
            who = None if member is None else adapter.to_user_of(member)
            return await flows.service.stats(user, channel, "dice", who, game)

        await flows.run(interaction, call, **stats.flags)

    return stats.group


def league_group(flows: Flows, choices: list[app_commands.Choice[str]]
                 ) -> app_commands.Group:
    """``/league new|join|leave|season|standings`` (bot/service/leagues.py)."""
    league = _Subcommands(
        flows, "league", "Leagues on this server: seasons in divisions, promotion and relegation")
    group, flags, plain = league.group, league.flags, league.plain

    @group.command(name="new", description=locale_str(
        "Open a league of a game here (moderators): one a server and game"))
    @describe(game="Which game", size="Players a division",
              movers="How many go up and down a division each season",
              options="Game options, e.g. kings=false",
              time="Each game's clock, e.g. 3d", name="The league's name")
    async def new(interaction: Interaction, game: str,
                  size: app_commands.Range[int, 3, 16] = 6,
                  movers: app_commands.Range[int, 0, 4] = 1,
                  options: app_commands.Range[str, 1, 200] | None = None,
                  time: app_commands.Range[str, 1, 100] | None = None,
                  name: app_commands.Range[str, 1, 60] | None = None) -> None:
        parsed = await _read_options(interaction, options)
        if parsed is None:
            return

        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.league_new(user, channel, game, size, movers, parsed,
                                                  time, name or "")

        await flows.run(interaction, call, **flags)

    if choices:
        app_commands.choices(game=choices)(new)
    plain("join", "Join the league here (from its next season)", lambda s: s.league_join)
    plain("leave", "Leave the league (from its next season)", lambda s: s.league_leave)
    plain("season", "Start the next season (moderators)", lambda s: s.league_season)
    plain("standings", "The current season's divisions (only you see them)",
          lambda s: s.league_standings)
    return group


def tournament_group(flows: Flows, choices: list[app_commands.Choice[str]]
                     ) -> app_commands.Group:
    """``/tournament new|join|leave|start|standings|withdraw`` (bot/service/
    tournaments.py): one slash command with a subcommand each."""
    tournament = _Subcommands(flows, "tournament", "Tournaments on this server")
    group, flags, plain = tournament.group, tournament.flags, tournament.plain

    @group.command(name="new", description=locale_str(
        "Open a tournament here (moderators): players sign up until it starts"))
    @describe(
        game="Which game", format="Swiss, round-robin or knockout",
        rounds="Swiss: how many rounds", options="Game options, e.g. kings=false",
        time="Each game's clock, e.g. 3d (as /new takes it)",
        match="Play matches to this many points (games that score points)",
        signup_hours="Close the sign-up and start after this many hours (else: /tournament "
                     "start)",
        round_hours="A round's deadline in hours (an unfinished game is decided then)",
        rated="False: its games do not count for ratings",
        name="The tournament's name")
    @app_commands.choices(format=[choice("format", v) for v in
                                  ("swiss", "round-robin", "knockout")])
    async def new(interaction: Interaction, game: str, format: str,
                  rounds: app_commands.Range[int, 1, 15] | None = None,
                  options: app_commands.Range[str, 1, 200] | None = None,
                  time: app_commands.Range[str, 1, 100] | None = None,
                  match: app_commands.Range[int, 1, 25] | None = None,
                  signup_hours: app_commands.Range[int, 1, 24 * 60] | None = None,
                  round_hours: app_commands.Range[int, 1, 24 * 60] | None = None,
                  rated: bool | None = None,
                  name: app_commands.Range[str, 1, 60] | None = None) -> None:
        parsed = await _read_options(interaction, options)
        if parsed is None:
            return
        terms = Terms(game=game, format=format, rounds=rounds or 0, options=parsed,
                      time_control=time, match=match or 0,
                      signup_hours=float(signup_hours or 0),
                      round_hours=float(round_hours or 0),
                      rated=True if rated is None else rated, name=name or "")

        async def call(user: User, channel: Channel) -> Reply:
            return await flows.service.tournament_new(user, channel, terms)

        await flows.run(interaction, call, **flags)

    if choices:
        app_commands.choices(game=choices)(new)
    plain("join", "Sign up for the tournament here", lambda s: s.tournament_join)
    plain("leave", "Leave the tournament here before it starts", lambda s: s.tournament_leave)
    plain("start", "Close the sign-up and pair round 1 (organiser or moderators)",
          lambda s: s.tournament_start)
    plain("standings", "The tournament's table and picture (only you see them)",
          lambda s: s.tournament_standings)
    plain("withdraw", "Withdraw from the tournament (your game on is lost)",
          lambda s: s.tournament_withdraw)
    return group


def upload_limit(interaction: Interaction) -> int:
    """The largest file a reply here may carry: what Discord reports for the
    interaction, else the server's (``Guild.filesize_limit``: more with boosts)."""
    reported = getattr(interaction, "filesize_limit", 0)
    if reported:
        return int(reported)
    guild = interaction.guild
    return guild.filesize_limit if guild is not None else adapter.DEFAULT_SIZE_LIMIT


async def _new_in_thread(flows: Flows, interaction: Interaction, game: str,
                         call: Callable[[User, Channel], Awaitable[Reply]]) -> None:
    """Open a thread, challenge there, and point to it from here."""
    here = adapter.to_channel(interaction)
    if here is None:
        await adapter.say(interaction, adapter.said(interaction, "dm_only"))
        return
    perms = interaction.app_permissions
    if not (perms.create_public_threads and perms.send_messages_in_threads):
        await adapter.say(interaction, adapter.said(interaction, "thread_permissions"))
        return
    await adapter.defer(interaction)
    try:
        title = get_game(game).title
    except Exception:
        title = game
    try:
        thread = await adapter.open_thread(interaction, f"{title}: {interaction.user.display_name}")
    except (discord.HTTPException, TypeError) as exc:
        await adapter.deliver(interaction, refusal(adapter.said(interaction, "thread_failed",
                                                                error=exc)))
        return
    where = adapter.channel_of(thread, interaction.guild_id, here.locale)

    async def inside(user: User, channel: Channel) -> Reply:
        reply = await call(user, where)
        if reply.ok:
            message = await adapter.post(thread, reply)
            if message is not None and reply.session_id is not None:
                await flows.service.posted(reply.session_id, str(thread.id), str(message.id))
            return Reply(text=adapter.said(interaction, "thread_opened", thread=thread.mention),
                         session_id=reply.session_id)
        await adapter.delete_thread(thread)
        return reply

    await flows.run(interaction, inside, channel=here, **table.command("new").run_flags())
    flows.cache.forget(where.id)
    if flows.on_change is not None:
        flows.on_change(where)  # a game against the computer may have begun there
