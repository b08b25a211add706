"""Why a game ended, as the engines say it in their events (a ``Won`` event's
reason, English) and in their error messages, in the player's language.  The
engines' words stay the record's; this only reads them: each ``; ``-separated part
that matches a pattern is said by its key, side letters left for the narration to
name (``B resigned`` -> ``B сдаётся`` -> ``bob сдаётся``).  A part no pattern knows
is kept as the engine wrote it.

A session's stored result is never read here: its outcome (games/outcome.py) is
told by key (bot/service/texts.py), with the ``why_*`` and ``result_*`` templates
below."""

from __future__ import annotations

import re

#: Engine phrases (full match) and their keys; groups are the template's values.
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key) for pattern, key in (
        (r"bore off all 15", "why_bore_off_all"),
        (r"mars: the loser bore off none", "why_mars"),
        (r"all pieces in Finish", "why_all_finish"),
        (r"a King trapped", "why_king_trapped"),
        (r"draw: no pieces left in play", "why_draw_no_pieces"),
        (r"draw", "why_draw"),
        (r"first home", "why_first_home"),
        (r"(?P<player>[A-Z]) dropped the taunt", "why_dropped"),
        (r"(?P<player>[A-Z]) resigned", "reason_resigned"),
        (r"(?P<player>[A-Z]) wins", "why_wins"),
        (r"(?P<player>[A-Z]) (?P<place>[1-4])(?:st|nd|rd|th)", "why_placed"),
        (r"(?P<tile>\S+) closed a (?P<colour>\w+) region", "why_closed_region"),
        (r"(?P<tile>\S+) closed regions of both colours, so the mover loses",
         "why_closed_both"),
        (r"the tiles ran out", "why_tiles_out"),
        (r"largest regions White (?P<white>\d+), Blue (?P<blue>\d+)", "why_largest"),
    ))

EN: dict[str, str] = {
    "why_bore_off_all": "bore off all 15",
    "why_mars": "mars: the loser bore off none",
    "why_all_finish": "all pieces in Finish",
    "why_king_trapped": "a King trapped",
    "why_draw_no_pieces": "draw: no pieces left in play",
    "why_draw": "draw",
    "why_first_home": "first home",
    "why_dropped": "{player} dropped the taunt",
    "why_resigned_match": "{player} resigned the match",
    "why_silent": "{player} did not move for {quiet}",
    "why_aborted": "aborted",
    "why_aborted_silent": "aborted ({player} did not move for {quiet})",
    "why_wins": "{player} wins",
    "why_placed": "{player} {place}",
    # a result's placings (bot/service/texts.py ``result_named``): ``G 2nd``, the
    # place said by the narration's ``place_N``
    "result_placed": "{player} {place}",
    "why_closed_region": "{tile} closed a {colour} region",
    "why_closed_both": "{tile} closed regions of both colours, so the mover loses",
    "why_tiles_out": "the tiles ran out",
    "why_largest": "largest regions White {white}, Blue {blue}",
}

RU: dict[str, str] = {
    "why_bore_off_all": "выброшены все 15 фишек",
    "why_mars": "марс: проигравший не выбросил ни одной фишки",
    "why_all_finish": "все фишки на Финише",
    "why_king_trapped": "Король в ловушке",
    "why_draw_no_pieces": "ничья: в игре не осталось фишек",
    "why_draw": "ничья",
    "why_first_home": "первым пришёл домой",
    "why_dropped": "{player} отказывается от вызова",
    "why_resigned_match": "{player} сдаёт матч",
    "why_silent": "{player} не ходит уже {quiet}",
    "why_aborted": "партия прервана",
    "why_aborted_silent": "партия прервана ({player} не ходит уже {quiet})",
    "why_wins": "побеждает {player}",
    "why_placed": "{player}: {place}-е место",
    "result_placed": "{player}: {place}",
    "why_closed_region": "плитка {tile} закрыла область ({colour})",
    "why_closed_both": "плитка {tile} закрыла области обоих цветов, и ходивший "
                       "проигрывает",
    "why_tiles_out": "плитки кончились",
    "why_largest": "крупнейшие области: белые {white}, синие {blue}",
}


def reason_in(text: str, lang: str) -> str:
    """The engine's reason ``text`` in ``lang`` (as written for English)."""
    if lang == "en" or not text:
        return text
    from bot.catalogue import t  # the package merges this module: import when used

    parts = []
    for part in text.split("; "):
        for pattern, key in PATTERNS:
            match = pattern.fullmatch(part)
            if match:
                values = match.groupdict()
                if "colour" in values:
                    values["colour"] = t(lang, f"colour_{values['colour']}").lower() \
                        if f"colour_{values['colour']}" in _colour_keys() else values["colour"]
                part = t(lang, key, **values)
                break
        parts.append(part)
    return "; ".join(parts)


def _colour_keys() -> set[str]:
    from bot.catalogue import EN as ALL

    return {k for k in ALL if k.startswith("colour_")}
