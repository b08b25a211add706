"""The Discord commands: slash commands, move autocomplete and buttons.

``install(tree, flows)`` adds every command to a ``CommandTree``; the flows
call the service and hand replies to ``bot.discord_adapter``.
"""

from __future__ import annotations

from discord import app_commands

from bot import command_table as table
from bot.cogs.commands import build_commands, game_choices
from bot.cogs.flows import Flows
from bot.cogs.turns import TurnCache, match_turns

__all__ = ["Flows", "TurnCache", "build_commands", "game_choices", "install", "match_turns"]


def install(tree: app_commands.CommandTree, flows: Flows, games: list[str] | None = None
            ) -> None:
    """Add every slash command to ``tree`` (games: default ``available_games()``).

    The app may be installed by a server or by a user: the commands the table marks
    ``direct`` work in a direct message with the bot as well (``/mygames``, a game's
    board and record by its number, the rules, lessons, one's settings); the others
    only in a server's channels, where the games are."""
    direct = set(table.direct_commands())
    for command in build_commands(flows, games):
        anywhere = command.name in direct
        command.allowed_contexts = app_commands.AppCommandContext(
            guild=True, dm_channel=anywhere, private_channel=False)
        command.allowed_installs = app_commands.AppInstallationType(guild=True, user=anywhere)
        tree.add_command(command)
