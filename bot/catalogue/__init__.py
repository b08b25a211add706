"""Message catalogue: every sentence the bot says, by key, per language.

English is the source; Russian is shipped beside it (the Long Nardy family's
largest community).  The sentences live by area in this package's modules
(``narration``, ``play``, ``lobby``, ...), each with an ``EN`` and an ``RU``
dict; this module merges them and says them.

A template is ``str.format`` text.  A count picks its word with a plural spec:
``{turns:turn|turns}`` in English, ``{turns:ход|хода|ходов}`` in Russian (one,
few, many), the value's word only (write ``{turns} {turns:...}`` for both).  A
key missing in a language falls back to English, so a new sentence never shows
a key to a player; tests/bot/test_catalogue.py keeps both languages complete.

Who reads a message decides its language: private replies (refusals included)
the user's, public ones the server's.  Nothing here remembers them: each command's
``bot.service.request.Request`` carries its ``Readers`` and says ``req.mine(key)``
or ``req.public(key)``; code outside a command names the language outright with
``t(lang, key)``.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass

from bot.catalogue import (
    adapter,
    analysis,
    buttons,
    clocks,
    console,
    direct,
    engine,
    faults,
    hints,
    lessons,
    lobby,
    matches,
    narration,
    nudges,
    play,
    reasons,
    replays,
    taunts,
    tournaments,
    views,
)
from games.plugins import text as plugin_text

# one plural rule for the bot's texts and its pictures' words (plural_form is part of
# this package's interface: callers and tests use catalogue.plural_form)
from renderer.words import PluralFormatter, ru_plural_index
from renderer.words import plural_form as plural_form

#: Languages shipped, by Discord locale prefix (``ru`` for ``ru``; ``en-US`` -> ``en``).
LANGUAGES = ("en", "ru")
DEFAULT = "en"

_AREAS = (narration, play, lobby, clocks, buttons, views, reasons, adapter, engine, lessons,
          nudges, matches, taunts, hints, replays, console, faults, direct, tournaments,
          analysis)
EN: dict[str, str] = {k: v for area in _AREAS for k, v in area.EN.items()}
RU: dict[str, str] = {k: v for area in _AREAS for k, v in area.RU.items()}

CATALOGUE: Mapping[str, Mapping[str, str]] = {"en": EN, "ru": RU}


def language(locale: str | None) -> str:
    """The shipped language for a Discord locale (``ru``, ``en-GB``), else English."""
    if not locale:
        return DEFAULT
    prefix = locale.split("-")[0].lower()
    return prefix if prefix in CATALOGUE else DEFAULT



def unshipped_notice(locale: str | None) -> str:
    """What to say when ``locale`` names a language not shipped (``de``): that the
    replies fall back to English, and which languages there are; '' for a shipped
    one or none (a silent fallback left a German reader wondering)."""
    if not locale or locale.split("-")[0].lower() in CATALOGUE:
        return ""
    return t(DEFAULT, "locale_not_shipped", locale=locale[:20], languages=", ".join(LANGUAGES))


def has(key: str) -> bool:
    """Whether ``key`` is a sentence the bot can say (its own, or a game's)."""
    return key in EN or plugin_text(DEFAULT, key) is not None


def t(lang: str, key: str, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (English where ``lang`` lacks it); a key the
    bot lacks is looked up among the texts the games' plugins bring."""
    template = CATALOGUE.get(lang, EN).get(key)
    if template is None:  # '' is a translation (a word the language leaves out)
        template = EN.get(key)
    if template is None:
        template = plugin_text(lang, key)
        if template is None:
            raise KeyError(key)
    return PluralFormatter(lang if lang in CATALOGUE else DEFAULT).format(template, **values)


def say(key: str, lang: str = DEFAULT, **values: object) -> str:
    """``t`` with the language second (the narration's older spelling)."""
    return t(lang, key, **values)


def ru_plural(noun: str, count: int) -> str:
    """The Russian form of ``noun`` for ``count`` (1 фишка, 2 фишки, 5 фишек)."""
    return RU_PLURALS[noun][ru_plural_index(count)]


#: Russian plural forms (one, few, many) of nouns counted outside templates.
RU_PLURALS: Mapping[str, tuple[str, str, str]] = {
    "pieces": ("фишка", "фишки", "фишек"),
    "points_word": ("очко", "очка", "очков"),
}


# -- who reads ------------------------------------------------------------------------

@dataclass(frozen=True)
class Readers:
    """The languages of a command's two audiences: the user (private replies) and the
    channel (public replies); a ``Request`` carries them."""

    user: str = DEFAULT
    channel: str = DEFAULT


def placeholders(template: str) -> set[str]:
    """The names a template fills (``{player}``, ``{n:turn|turns}`` -> n)."""
    names: set[str] = set()
    for _text, field, _spec, _conv in string.Formatter().parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names
