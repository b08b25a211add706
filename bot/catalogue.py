"""Message catalogue: every sentence the narration says, by key, per language.

English is the source; Russian is shipped beside it (the Long Nardy family's
largest community).  A template is ``str.format`` text; counts pick a plural
form with ``plural`` (Russian has three).  A key missing in a language falls
back to English, so a new sentence never shows a key to a player.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Languages shipped, by Discord locale prefix (``ru`` for ``ru``; ``en-US`` -> ``en``).
LANGUAGES = ("en", "ru")
DEFAULT = "en"

EN: dict[str, str] = {
    # the mover's clause
    "rolled": "{player} rolled {dice} and {actions}",
    "played": "{player} {actions}",
    "and": " and ",
    "list_sep": ", ",
    "moved": "moved {path}",
    "moved_many": "moved {count} pieces {path}",
    "moved_king": "moved the King {path}",
    "bore_off": "bore off from {src}",
    "bore_off_many": "bore off {count} pieces from {src}",
    "hit": "{verb} {victim}'s piece on {at} {to}",
    "hit_many": "{verb} {count} of {victim}'s pieces on {at} {to}",
    "hit_king": "{verb} {victim}'s King on {at} {to}",
    "verb_hit": "hit",
    "verb_bumped": "bumped",
    "verb_attacked": "attacked",
    "to_pool": "to the pool",
    "to_start": "back to Start",
    "to_place": "to {place}",
    "flipped": "captured {old}'s King on {at}: it is now {player}'s",
    "sacrificed": "gave up {count} own piece(s) on {at} {to}",
    "tile": "placed a tile at {cell}, {colour} dominant ({orientation})",
    "taunted": "taunted {target}",
    "could_not_move": "could not move",
    # sentences of their own
    "trapped_one": "{player}'s piece on {at} was trapped and went {to}.",
    "trapped_many": "{count} of {player}'s pieces on {at} were trapped and went {to}.",
    "region_closed": "A {colour} region is closed",
    "accepted": "{player} accepted {taunter}'s taunt: the stake is now {stake} and {player} "
                "holds the cube.",
    "dropped": "{player} dropped {taunter}'s taunt and loses at stake {stake}.",
    "voted_yes": "{player} votes to play on for the places.",
    "voted_no": "{player} votes to stop here.",
    "resigned": "{player} resigned.",
    "placed": "{player} finished {place}.",
    "wins": "{player} wins",
    "wins_points": "{player} wins {points} points",
    "draw": "The game is drawn",
    "because": " ({reason})",
    "place_1": "1st", "place_2": "2nd", "place_3": "3rd", "place_n": "{n}th",
    "start": "Start", "finish": "Finish", "pool": "the pool", "pool_place": "pool",
}

RU: dict[str, str] = {
    "rolled": "{player}: бросок {dice}, {actions}",
    "played": "{player}: {actions}",
    "and": " и ",
    "list_sep": ", ",
    "moved": "ход {path}",
    "moved_many": "ход {count} {pieces} {path}",
    "moved_king": "ход Королём {path}",
    "bore_off": "выброс с {src}",
    "bore_off_many": "выброс {count} {pieces} с {src}",
    "hit": "{verb} фишку игрока {victim} на {at} {to}",
    "hit_many": "{verb} {count} {pieces} игрока {victim} на {at} {to}",
    "hit_king": "{verb} Короля игрока {victim} на {at} {to}",
    "verb_hit": "побил",
    "verb_bumped": "сбил",
    "verb_attacked": "атаковал",
    "to_pool": "в пул",
    "to_start": "на Старт",
    "to_place": "на {place}",
    "flipped": "захватил Короля игрока {old} на {at}: теперь он принадлежит {player}",
    "sacrificed": "пожертвовал своими фишками ({count}) на {at} {to}",
    "tile": "положил плитку на {cell}, преобладает {colour} ({orientation})",
    "taunted": "бросил вызов игроку {target}",
    "could_not_move": "хода нет",
    "trapped_one": "Фишка игрока {player} на {at} попала в ловушку и ушла {to}.",
    "trapped_many": "{count} {pieces} игрока {player} на {at} попали в ловушку и ушли {to}.",
    "region_closed": "Область цвета «{colour}» закрыта",
    "accepted": "{player} принимает вызов игрока {taunter}: ставка теперь {stake}, куб у "
                "игрока {player}.",
    "dropped": "{player} отказывается от вызова игрока {taunter} и проигрывает при ставке "
               "{stake}.",
    "voted_yes": "{player} голосует за продолжение игры за места.",
    "voted_no": "{player} голосует за окончание игры.",
    "resigned": "{player} сдаётся.",
    "placed": "{player} занимает {place}.",
    "wins": "Побеждает {player}",
    "wins_points": "Побеждает {player}: {points} {points_word}",
    "draw": "Ничья",
    "because": " ({reason})",
    "place_1": "1-е место", "place_2": "2-е место", "place_3": "3-е место",
    "place_n": "{n}-е место",
    "start": "Старт", "finish": "Финиш", "pool": "пул", "pool_place": "пул",
}

CATALOGUE: Mapping[str, Mapping[str, str]] = {"en": EN, "ru": RU}

#: Russian plural forms (one, few, many) of the nouns the narration counts.
RU_PLURALS: Mapping[str, tuple[str, str, str]] = {
    "pieces": ("фишка", "фишки", "фишек"),
    "points_word": ("очко", "очка", "очков"),
}


def language(locale: str | None) -> str:
    """The shipped language for a Discord locale (``ru``, ``en-GB``), else English."""
    if not locale:
        return DEFAULT
    prefix = locale.split("-")[0].lower()
    return prefix if prefix in CATALOGUE else DEFAULT


def say(key: str, lang: str = DEFAULT, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (English where ``lang`` lacks it)."""
    template = CATALOGUE.get(lang, EN).get(key) or EN[key]
    return template.format(**values)


def ru_plural(noun: str, count: int) -> str:
    """The Russian form of ``noun`` for ``count`` (1 фишку, 2 фишки, 5 фишек)."""
    one, few, many = RU_PLURALS[noun]
    if count % 10 == 1 and count % 100 != 11:
        return one
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many
