"""Hostile texts for the fuzz run (bench/fuzz.py): each generator returns a text.

Every generator takes the run's ``random.Random`` and, where it mutates
something real, a legal text to start from.  ``KNOWN_HANGING`` names the
generators that reach faults known to take seconds or hang (issue 12); the
fuzz run can leave them out with ``--no-include-known``.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable

#: Texts that look like attacks on SQL, format strings, markup or mentions.
NASTY = [
    "'; DROP TABLE sessions;--", "\"; DROP TABLE turns; --", "1' OR '1'='1", "1; SELECT * FROM x",
    "{0.__class__}", "{0.__class__.__init__.__globals__}", "{}", "{{}}", "{!r}", "%s%n%x%d",
    "%(foo)s", "%", "\\", "\\x00", "`", "```", "``` @everyone", "@everyone", "@here",
    "<@&123>", "<@1002>", "<#5001>", "**bold** __u__ ~~s~~ ||spoiler||", "${7*7}", "{{7*7}}",
    "../../etc/passwd", "NaN", "inf", "-0", "1e309", "0x10", "None", "null", "True", "[]",
    "()", "(no move)", "(dance)", "accept", "drop", "yes", "no", "vote R yes", "R resigns",
    "T@B", "T@R x2", "T@", "resign", "abort", "🎲🎲", "١٢/١٨", "１３/１８", "²", "⁵/³",
    "\u202e81/42", "24\u200b/18", "\ufeff24/18", "24/18\x00", "\r\n24/18", "\t", " ", "",
]

_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
_CONTROL = "".join(chr(c) for c in range(32)) + "\x7f\x85\u2028\u2029"
_UNICODE = ("éßñøΩЖжשלוםعربي中文字日本語한국어🙂🎲👍🏽∑∞≠½¼²³¹⁰₁₂①⑵Ⅻ٣٤۵߂०१"
            "\U0001f600\U00010348\U000e0041")
_NOTATION = "0123456789/()*,;:-xX@TtRGBYWabcdefgh ."


def random_text(rng: random.Random) -> str:
    """1-60 characters from a mixed alphabet (notation, letters, unicode, control)."""
    pool = rng.choice([_NOTATION, string.printable, _UNICODE, _CONTROL + _NOTATION,
                       _ZERO_WIDTH + _NOTATION, _NOTATION + _UNICODE])
    return "".join(rng.choice(pool) for _ in range(rng.randint(1, 60)))


def huge_text(rng: random.Random) -> str:
    """About 100 KB: repeated notation, random bytes-as-text or one character."""
    kind = rng.randrange(3)
    if kind == 0:
        unit = rng.choice(["24/18 ", "1(2/3) ", "a1-b2 ", "{0} ", "\u200b", "9"])
        return unit * (100_000 // len(unit))
    if kind == 1:
        return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(100_000))
    return rng.choice("x9(/") * 100_000


def unicode_text(rng: random.Random) -> str:
    return "".join(rng.choice(_UNICODE) for _ in range(rng.randint(1, 40)))


def control_text(rng: random.Random) -> str:
    return "".join(rng.choice(_CONTROL + "24/18 ") for _ in range(rng.randint(1, 40)))


def zero_width_text(rng: random.Random, legal: str = "24/18") -> str:
    """A legal text with zero-width characters sprinkled in."""
    out = []
    for ch in legal or "24/18":
        out.append(ch)
        if rng.random() < 0.3:
            out.append(rng.choice(_ZERO_WIDTH))
    return "".join(out)


def nasty_text(rng: random.Random) -> str:
    text = rng.choice(NASTY)
    return text if rng.random() < 0.7 else text * rng.randint(2, 20)


# ------------------------------------------------------------------ mutations of legal text

_GROUP = re.compile(r"[^\s,;]+")
_NUMBER = re.compile(r"\d+")


def repeat_group(rng: random.Random, legal: str) -> str:
    """One move group written 2-12 times (``15(13/18) 15(13/18) ...``)."""
    groups = _GROUP.findall(legal) or [legal]
    group = rng.choice(groups)
    return " ".join([group] * rng.randint(2, 12))


def inflate_count(rng: random.Random, legal: str) -> str:
    """A group's piece count raised and the group written again (``4(9/14)`` ->
    ``15(9/14) 15(9/14)``), as a player who mistypes doubles would."""
    counts = re.findall(r"(\d+)\(([^)]*)\)", legal)
    if not counts:
        return repeat_group(rng, legal)
    _, inner = rng.choice(counts)
    group = f"{rng.choice([2, 3, 4, 8, 15, 99])}({inner})"
    return " ".join([group] * rng.randint(1, 8))


def swap_digits(rng: random.Random, legal: str) -> str:
    chars = list(legal)
    digits = [i for i, c in enumerate(chars) if c.isdigit()]
    if len(digits) >= 2:
        a, b = rng.sample(digits, 2)
        chars[a], chars[b] = chars[b], chars[a]
    elif digits:
        chars[digits[0]] = str(rng.randrange(10))
    return "".join(chars)


def append_suffix(rng: random.Random, legal: str) -> str:
    suffix = rng.choice(["X", "*", "(2)", "(99)", "(0)", "(-1)", " X", "**", "*(2)", "/",
                         " T@B", " T@Z", " T@R T@G", ",", ";", " (no move)"])
    return legal + suffix


def huge_numbers(rng: random.Random, legal: str) -> str:
    big = rng.choice(["99999999999999999999", "0", "-1", "10" * 50, "4294967296", "007",
                      "1e9", "٣"])
    return _NUMBER.sub(lambda m: big if rng.random() < 0.5 else m.group(0), legal, count=3) \
        if _NUMBER.search(legal) else legal + big


def drop_or_duplicate(rng: random.Random, legal: str) -> str:
    groups = _GROUP.findall(legal)
    if not groups:
        return legal * 2
    if rng.random() < 0.5 and len(groups) > 1:
        groups.pop(rng.randrange(len(groups)))
    else:
        groups.insert(rng.randrange(len(groups) + 1), rng.choice(groups))
    return " ".join(groups)


def case_and_space(rng: random.Random, legal: str) -> str:
    text = legal.swapcase() if rng.random() < 0.5 else legal.upper()
    return rng.choice(["  ", "\t", "\n", "\u3000", "\xa0"]).join(text.split(" "))


#: Generators that start from a legal text (chosen more often for move texts).
MUTATIONS = ("zero_width", "repeat_group", "inflate_count", "swap_digits", "append_suffix",
             "huge_numbers", "drop_or_duplicate", "case_and_space")

TextGenerator = Callable[[random.Random, str], str]

#: name -> generator; generators of raw text ignore the legal text.
GENERATORS: dict[str, TextGenerator] = {
    "random": lambda rng, legal: random_text(rng),
    "huge": lambda rng, legal: huge_text(rng),
    "unicode": lambda rng, legal: unicode_text(rng),
    "control": lambda rng, legal: control_text(rng),
    "zero_width": zero_width_text,
    "nasty": lambda rng, legal: nasty_text(rng),
    "repeat_group": repeat_group,
    "inflate_count": inflate_count,
    "swap_digits": swap_digits,
    "append_suffix": append_suffix,
    "huge_numbers": huge_numbers,
    "drop_or_duplicate": drop_or_duplicate,
    "case_and_space": case_and_space,
    "legal": lambda rng, legal: legal,
}

#: Generators that reach a known slow or hanging fault (issue 12, being fixed).
KNOWN_HANGING = frozenset({"repeat_group", "inflate_count", "huge_clock"})


# ------------------------------------------------------------------ options and clocks

GOOD_CLOCKS = ["none", "3d", "1d12h", "bank=7d,bonus=1d,cap=14d", "3d,weekends",
               "bank=2d,bonus=1h,forfeit", "90m", "off"]
HUGE_CLOCKS = ["99999999999d,weekends", "10000000d,weekends", "bank=99999999999d,weekends",
               "99999999999d", "1e308d"]


def clock_text(rng: random.Random, include_known: bool) -> tuple[str, str]:
    """(generator name, time control text): mostly good, sometimes hostile."""
    roll = rng.random()
    if roll < 0.5:
        return "legal", rng.choice(GOOD_CLOCKS)
    if roll < 0.6 and include_known:
        return "huge_clock", rng.choice(HUGE_CLOCKS)
    name = rng.choice(["random", "nasty", "unicode", "huge_numbers", "append_suffix"])
    return name, GENERATORS[name](rng, rng.choice(GOOD_CLOCKS))


def duration_text(rng: random.Random, include_known: bool) -> tuple[str, str]:
    """(generator name, duration for ``grant``)."""
    roll = rng.random()
    if roll < 0.3:
        return "legal", rng.choice(["2d", "12h", "1d12h", "90m", "1m"])
    if roll < 0.4 and include_known:
        return "huge_clock", rng.choice(["99999999999d", "10000000d", "1e308d"])
    name = rng.choice(["random", "nasty", "unicode", "control", "huge_numbers", "huge"])
    return name, GENERATORS[name](rng, "2d")


OPTION_NAMES = {
    "cheesegambit": ["players", "pieces", "taunt"],
    "chebache": ["kings"],
    "che": ["tiles"],
    "hachapury": [],
}
GOOD_VALUES = {"players": ["2", "3", "4"], "pieces": [str(n) for n in range(4, 15)],
               "taunt": ["on", "off", "yes", "no", "true", "false"],
               "kings": ["true", "false", "on", "off"], "tiles": ["2", "9", "24", "64", "200"]}
ODD_VALUES = ["²", "٣", "１０", "0", "-1", "99999999999999999999", "1e3", " 5 ", "", "nan",
              "4\u200b", "10" * 60, "ON", "True", "2.0", "None"]


def options_dict(rng: random.Random, game: str) -> tuple[str, dict[str, str]]:
    """(generator name, options) for ``new``: good, odd values, odd names or hostile."""
    names = OPTION_NAMES.get(game, [])
    roll = rng.random()
    if roll < 0.45:
        chosen = rng.sample(names, rng.randint(0, len(names))) if names else []
        return "legal", {n: rng.choice(GOOD_VALUES[n]) for n in chosen}
    if roll < 0.7 and names:
        return "odd_value", {rng.choice(names): rng.choice(ODD_VALUES)}
    if roll < 0.8:
        key = rng.choice(["", " ", "PIECES", "Players", "time", "x" * 300, "__class__",
                          "'; DROP TABLE sessions;--", "{0}", "ü", "\x00"])
        return "odd_name", {key: rng.choice(ODD_VALUES + ["2"])}
    name = rng.choice(["random", "nasty", "unicode", "control", "huge"])
    keys = names or ["x"]
    return name, {rng.choice(keys): GENERATORS[name](rng, "")}


def record_mutation(rng: random.Random, record: str) -> tuple[str, str]:
    """(generator name, a damaged game record file)."""
    lines = record.splitlines()
    kind = rng.choice(["dice", "huge_dice", "drop_line", "swap_lines", "junk_line", "tags",
                       "truncate", "text", "seed", "game_tag", "huge"])
    if kind == "dice" and lines:
        i = rng.randrange(len(lines))
        dice = rng.choice(["[² 3]", "[0 0]", "[7 1]", "[]", "[1 2 3 4 5]", "[-1 2]", "[٣ 3]",
                           "[a b]"])
        lines[i] = re.sub(r"\[[^\]]*\]", dice, lines[i], count=1)
    elif kind == "huge_dice" and lines:
        i = rng.randrange(len(lines))
        lines[i] = re.sub(r"\d+", "9" * rng.choice([5, 20, 400, 5000]), lines[i], count=1)
    elif kind == "drop_line" and len(lines) > 1:
        lines.pop(rng.randrange(len(lines)))
    elif kind == "swap_lines" and len(lines) > 2:
        a, b = rng.sample(range(len(lines)), 2)
        lines[a], lines[b] = lines[b], lines[a]
    elif kind == "junk_line":
        name = rng.choice(["random", "nasty", "unicode", "control"])
        lines.insert(rng.randrange(len(lines) + 1), GENERATORS[name](rng, ""))
    elif kind == "tags":
        lines.insert(0, rng.choice(['[Players "9"]', '[Pieces "²"]', '[Kings "maybe"]',
                                    '[Tiles "1e9"]', '[Position "garbage"]', '[Game ""]',
                                    '[Opening "x y, 1"]', '[Seed "zz"]', '[Session "-1"]',
                                    '[Taunt "{0.__class__}"]', '[Pieces "99999999999999999"]']))
    elif kind == "truncate":
        return kind, record[: rng.randrange(len(record) + 1)]
    elif kind == "seed":
        lines = [re.sub(r'\[Seed "[0-9a-f]*"\]', f'[Seed "{rng.randbytes(8).hex()}"]', line)
                 for line in lines]
    elif kind == "game_tag":
        lines = [re.sub(r'\[Game "[^"]*"\]', rng.choice(['[Game "chess"]', '[Game "CHE"]',
                                                         '[Game "che\u200b"]']), line)
                 for line in lines]
    elif kind == "huge":
        return kind, huge_text(rng)
    else:
        return "random", random_text(rng)
    return kind, "\n".join(lines) + "\n"
