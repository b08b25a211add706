"""Reading what earlier versions stored as English: only for stored rows.

Before end reasons were data, a ``Won`` event kept its reason as the engine's
English (``"R dropped the taunt; G wins"``), and the ``turns`` rows hold those
events still.  ``why_from_text`` turns such a reason into the ``why_*`` message the
engines now build, so the bot tells an old game's ending in every language as it
tells a new one.  Nothing made today reaches this module: the engines build the
messages themselves (games/*/position.py), and this table only has to know the
words the engines used to write, which never change again.

Every phrase is compared whole, word by word; a part no phrase matches is kept as
written (``why_text``), as the bot kept an unknown reason before.
"""

from __future__ import annotations

from games.messages import Message, why_parts

#: Whole reasons (one ``; ``-separated part) that name nobody.
_FIXED = {
    "bore off all 15": "why_bore_off_all",
    "mars: the loser bore off none": "why_mars",
    "all pieces in Finish": "why_all_finish",
    "a King trapped": "why_king_trapped",
    "draw: no pieces left in play": "why_draw_no_pieces",
    "draw": "why_draw",
    "first home": "why_first_home",
    "the tiles ran out": "why_tiles_out",
}

#: ``<side letter> <phrase>``: the phrase after the letter, and its code.
_SIDE = {
    "dropped the taunt": "why_dropped",
    "resigned": "why_resigned",
    "voted to stop": "why_voted_stop",
    "wins": "why_wins",
    "2nd": "why_2nd",
    "3rd": "why_3rd",
    "4th": "why_4th",
}

#: Che's ``<tile> <phrase>``.
_BOTH = "closed regions of both colours, so the mover loses"
_COLOURS = {"White": "why_white", "Blue": "why_blue"}


def why_from_text(text: str) -> Message | None:
    """The message an English reason stored by an earlier version says; None for
    no reason."""
    if not text:
        return None
    first, *more = [_part(part) for part in text.split("; ")]
    return why_parts(first, *more)


def _part(part: str) -> Message:
    if part in _FIXED:
        return Message.of(_FIXED[part])
    head, _, rest = part.partition(" ")
    if len(head) == 1 and head.isupper() and rest in _SIDE:
        return Message.of(_SIDE[rest], player=head)
    if rest == _BOTH:
        return Message.of("why_closed_both", tile=head)
    words = rest.split(" ")
    if len(words) == 4 and words[:2] == ["closed", "a"] and words[3] == "region" \
            and words[2] in _COLOURS:
        return Message.of("why_closed_region", tile=head,
                          colour=Message.of(_COLOURS[words[2]]))
    words = part.split(" ")
    if len(words) == 6 and words[:3] == ["largest", "regions", "White"] \
            and words[4] == "Blue" and words[3].endswith(",") \
            and words[3][:-1].isdecimal() and words[5].isdecimal():
        return Message.of("why_largest", white=int(words[3][:-1]), blue=int(words[5]))
    return Message.of("why_text", text=part)
