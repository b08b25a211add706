"""The slash commands in the user's language: a ``Translator`` over the Russian table.

discord.py sends localisations only for strings marked ``locale_str``, and asks the
tree's translator for each when it publishes the commands (``CommandTree.sync``).
``command``, ``describe`` and ``choice`` below are ``app_commands``' own decorators
and ``Choice`` with every description and choice name so marked; the translator
finds the Russian in bot/catalogue/commands.py under a key made from where the
string is (the command's name, the parameter's, the choice's parameter and value).
Names and values are never translated (see that module).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.app_commands import (
    Choice,
    TranslationContext,
    TranslationContextLocation,
    locale_str,
)

from bot.catalogue import commands as table

T = TypeVar("T")

#: The localisations shipped, by Discord locale (English is the commands' own text).
TABLES: Mapping[discord.Locale, Mapping[str, str]] = {discord.Locale.russian: table.RU}


def command(name: str, description: str) -> Callable[[Any], app_commands.Command[Any, ..., Any]]:
    """``app_commands.command`` with a translatable description."""
    return app_commands.command(name=name, description=locale_str(description))


def describe(**descriptions: str) -> Callable[[T], T]:
    """``app_commands.describe`` with translatable descriptions."""
    return app_commands.describe(**{name: locale_str(text)
                                    for name, text in descriptions.items()})


def choice(parameter: str, name: str, value: str | None = None) -> Choice[str]:
    """A menu entry of ``parameter`` showing ``name`` (translatable) and sending ``value``
    (default: ``name``), which stays the same in every language."""
    value = name if value is None else value
    return Choice(name=locale_str(name, key=choice_key(parameter, value)), value=value)


def choice_key(parameter: str, value: str) -> str:
    return f"{parameter}={value}"


def key_of(string: locale_str, context: TranslationContext[Any, Any]) -> str | None:
    """The table's key for ``string`` where discord.py found it (None: not ours)."""
    where = context.location
    if where in (TranslationContextLocation.command_description,
                 TranslationContextLocation.group_description):
        return str(context.data.qualified_name).replace(" ", ".")
    if where is TranslationContextLocation.parameter_description:
        parameter = context.data
        return f"{parameter.command.qualified_name.replace(' ', '.')}.{parameter.name}"
    if where is TranslationContextLocation.choice_name:
        key = string.extras.get("key")
        return str(key) if key is not None else None
    return None  # names (commands', parameters') are never translated


class CommandTranslator(app_commands.Translator):
    """Russian descriptions and choice names for Discord's ``ru`` locale; for other
    locales, and strings the table lacks, ``None``: Discord shows the English."""

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: TranslationContext[Any, Any]) -> str | None:
        found = TABLES.get(locale)
        key = key_of(string, context) if found is not None else None
        return found.get(key) if found is not None and key is not None else None
