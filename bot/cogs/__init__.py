"""The Discord commands: slash commands, move autocomplete and buttons.

``install(tree, flows)`` adds every command to a ``CommandTree``; the flows
call the service and hand replies to ``bot.discord_adapter``.
"""

from __future__ import annotations

from discord import app_commands

from bot.cogs.commands import build_commands, game_choices
from bot.cogs.flows import Flows
from bot.cogs.turns import TurnCache, match_turns

__all__ = ["Flows", "TurnCache", "build_commands", "game_choices", "install", "match_turns"]


def install(tree: app_commands.CommandTree, flows: Flows, games: list[str] | None = None
            ) -> None:
    """Add every slash command to ``tree`` (games: default ``available_games()``)."""
    for command in build_commands(flows, games):
        tree.add_command(command)
