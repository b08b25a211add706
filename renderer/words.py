"""The words board pictures and their descriptions show, in English and Russian.

The bot's catalogue (bot/catalogue) holds what the bot says; the renderer may not
import the bot (layers), so the words it draws live here, in the same style:
``str.format`` templates, a count's word chosen by a plural spec
(``{n:pip|pips}`` in English, ``{n:пипс|пипса|пипсов}`` in Russian: one, few,
many), English wherever a language lacks a key.  The Russian words are the
catalogue's (Белые, Чёрные, Старт, Финиш, пул, Король, Чебаш, вызов, куб), so a
picture and the reply beside it agree.  Names of players, game titles and
notation (``24/18``, ``S3``, ``R1``) are never translated.

``word(language, key, **values)`` says a key; ``colour`` and ``colour_of`` name
a side by its English colour word (``White``): the subject form, and the form
after a preposition or for "whose" (English ``White``, Russian ``Белых``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from games.base import Result
from games.messages import Message, parts_of
from games.plugins import text as plugin_text

LANGUAGES = ("en", "ru")
DEFAULT = "en"

#: Each side's name (the subject form), by language: the bot's catalogue says the very
#: same words (bot/catalogue/play.py), so a picture and the reply beside it agree.
SIDE_NAMES: dict[str, dict[str, str]] = {
    "en": {"colour_White": "White", "colour_Black": "Black", "colour_Blue": "Blue",
           "colour_Red": "Red", "colour_Green": "Green", "colour_Yellow": "Yellow"},
    "ru": {"colour_White": "Белые", "colour_Black": "Чёрные", "colour_Blue": "Синие",
           "colour_Red": "Красные", "colour_Green": "Зелёные", "colour_Yellow": "Жёлтые"},
}

EN: dict[str, str] = {
    # sides
    **SIDE_NAMES["en"],
    "colour_of_White": "White", "colour_of_Black": "Black", "colour_of_Blue": "Blue",
    "colour_of_Red": "Red", "colour_of_Green": "Green", "colour_of_Yellow": "Yellow",
    # headlines and results (every game)
    "to_move": "{side} to move",
    "game_over": "Game over",
    "game_over_with": "Game over: {result}",
    "result_wins": "{side} wins",
    "result_wins_points": "{side} wins {points}",
    "result_place": "{side} {place}",
    "result_draw": "Draw",
    "result_sep": ", ",
    "result_why": "{result} — {why}",
    "result_why_after": "{result} ({why})",
    "ordinal_1": "1st", "ordinal_2": "2nd", "ordinal_3": "3rd", "ordinal_n": "{n}th",
    "badge_to_move": "to move",
    "badge_winner": "winner",
    # Hachapury
    "both": "both",
    "move": "move",
    "tray_off": "off",
    "plate_pips": "{colour} · {pips} {pips:pip|pips}",
    "mars": "{side} wins 2 (mars)",
    "winner_name": " — {name}",
    "caption_last_turn": "amber: {of}'s last turn",
    # Chebache (Russian titles in title case: capitals overflow the corner cells)
    "pool_W_start": "WHITE START", "pool_W_finish": "WHITE FINISH",
    "pool_B_start": "BLACK START", "pool_B_finish": "BLACK FINISH",
    "pool_empty": "empty",
    "king_one": "King",
    "kings": "{n} Kings",
    "no_dice": "no dice rolled",
    "chebache_banner": "CHEBACHE!",
    "threatened": "{colour} threatened on {n:space|spaces} {spaces}",
    "chebache_strip": "CHEBACHE! ({n:space|spaces} {spaces})",
    "last_turn_title": "LAST TURN · {colour}",
    "chebaches_title": "CHEBACHES",
    "closes_W": "White {letter} closes Black {controls}",
    "closes_B": "Black {letter} closes White {controls}",
    "numbers_W": "Numbers: White's path (faint: Black's)",
    "numbers_B": "Numbers: Black's path (faint: White's)",
    "legend_king": "King: counts as 2",
    "legend_closed": "closed by a Chebache",
    "legend_letter": "Chebache (its letter)",
    "legend_last": "last turn (×N: N pieces)",
    "legend_jump": "jump (^)",
    # CheeseGambit
    "last_by": "Last: {who} {moves}",
    "resigned": "Resigned",
    "dropped_to": "Dropped the taunt: lost to {name}",
    "cube_vs": "vs {colour}: x{stake}, cube {cube}",
    "cube_stake": "x{stake}, cube {cube}",
    "cube_centre": "centre",
    "cube_at": "{name}",
    "to_play": "TO PLAY",
    "to_answer": "TO ANSWER",
    "winner_caps": "WINNER",
    "placed": "Placed {place}",
    "pool_label": "Pool:",
    "pool_label_space": "Pool: ",
    "borne_off_of": "Borne off: {off} / {pieces}",
    "track_line": "Track {track} · safe {safe} · {pips} {pips:pip|pips}",
    "placed_off": "{text} · off {off}/{pieces}",
    "pool_off": "Pool {pool} · off {off}/{pieces}",
    "pips_safe": "{pips} {pips:pip|pips} · safe {safe}",
    "must_answer": "{who} must answer {taunter}'s taunt (x{stake})",
    "answer_choices": "accept: stake {stake}, {target} holds the cube; "
                      "drop: lose {lose} and leave",
    "vote_title": "Vote to play on: {voters}",
    "vote_rule": "any \"no\" ends the game",
    # Che
    "che_who": "{colour} ({name})",
    "che_tiles": "{who} tiles",
    "che_largest": "largest {of} region: {size}",
    "che_legal": "legal cell",
    "che_last_by": "last turn {who}: {moves}",
    "che_last": "last turn {moves}",
    "che_closed": "closed {of} region",
    "che_cut": "the board goes on in the next panel",
    "che_second_tile": " (second tile)",
    "che_two_tiles": ": two tiles",
    "che_last_tile": ": the last tile",
    "che_pool": "tiles left {left} of {total}",
    "che_framed": "legal cells are framed",
    "che_first": "White places the first tile at 0,0: 0,0W/ or 0,0W\\ (or B)",
    "che_continues": "x {left} continues below at x {right} ▼",
    "che_closed_region": "{tile} closed a {colour} region",
    "che_closed_both": "{tile} closed regions of both colours, so the mover loses",
    "che_tiles_out": "the tiles ran out",
    "che_largest_sizes": "largest regions White {white}, Blue {blue}",
    # replays (renderer/animation.py; English ordinals are its own)
    "every_nth_turn": "  ·  every {n}th turn shown",
    # descriptions for screen readers (renderer/describe.py)
    "d_who": "{name} ({colour})",
    "d_board": "{title} board.",
    "d_game_over": "Game over: {result}.",
    "d_game_over_plain": "Game over.",
    "d_to_move": "{who} to move{rolled}.",
    "d_rolled": ", dice {dice}",
    "d_and": " and ",
    "d_last_turn": "Last turn, {who}: {moves}.",
    "d_on": "{n} on {place}",
    "d_hachapury_side": "{who}, in its own numbering: {points}; {off} borne off; {pips} "
                        "{pips:pip|pips}.",
    "d_none_on_board": "none on the board",
    "d_chebache_side": "{who}: Start {start}{start_king}, Finish {finish}{finish_king}.",
    "d_and_king": " and King",
    "d_space": "{of}'s {number}",
    "d_stack": "{space}: {pieces}",
    "d_pieces_White": "{n} White", "d_pieces_Black": "{n} Black",
    "d_kings_White": "{n} White King", "d_kings_Black": "{n} Black King",
    "d_under": " under ",
    "d_stacks": "Stacks, bottom first: {stacks}.",
    "d_chebaches": "Chebaches: {list}.",
    "d_closes": "{who} {letter} closes {space}",
    "d_cheesegambit_side": "{who}: pool {pool}; {where}; {off} borne off.",
    "d_none_on_track": "none on the track",
    "d_che_tiles": "{placed} {placed:tile|tiles} placed, {left} left.",
    "d_che_largest": "{who}'s largest region: {size} {size:tile|tiles}.",
    # the profile card (renderer/profile_card.py)
    "card_no_games": "No finished games here yet",
    "card_unrated": "unrated",
    "card_provisional": "provisional",
    "card_won_lost": "{wins} won · {losses} lost of {games}",
    "card_unrated_details": "{finished} finished, not rated",
    "card_streak_wins": "{n} {n:win|wins} in a row",
    "card_streak_losses": "{n} {n:loss|losses} in a row",
    "card_points": "{n} {n:point|points}",
    "card_turns_a_game": "{n} {n:turn|turns} a game",
    "card_recent": "Recent games",
    "card_recent_row": "#{id} {title} vs {opponents} · {turns} {turns:turn|turns}",
    "card_won": "won",
    "card_won_points": "won {points}",
    "card_lost": "lost",
    "card_draw": "draw",
    "card_no_result": "no result",
    "cross_points": "Pts",
    "cross_buchholz": "Bh",
    "cross_bye": "bye",
}

RU: dict[str, str] = {
    **SIDE_NAMES["ru"],
    "colour_of_White": "Белых", "colour_of_Black": "Чёрных", "colour_of_Blue": "Синих",
    "colour_of_Red": "Красных", "colour_of_Green": "Зелёных", "colour_of_Yellow": "Жёлтых",
    "to_move": "Ход: {side}",
    "game_over": "Партия окончена",
    "game_over_with": "Партия окончена: {result}",
    "result_wins": "Победа: {side}",
    "result_wins_points": "Победа: {side}, {points} {points:очко|очка|очков}",
    "result_place": "{side}: {place}",
    "result_draw": "Ничья",
    "result_sep": "; ",
    "result_why": "{result} — {why}",
    "result_why_after": "{result} ({why})",
    "ordinal_1": "1-е место", "ordinal_2": "2-е место", "ordinal_3": "3-е место",
    "ordinal_n": "{n}-е место",
    "badge_to_move": "ходит",
    "badge_winner": "победа",
    "both": "оба",
    "move": "ходят",
    "tray_off": "выброс",
    "plate_pips": "{colour} · {pips} {pips:пипс|пипса|пипсов}",
    "mars": "Победа: {side} (марс)",
    "winner_name": " — {name}",
    "caption_last_turn": "жёлтым: последний ход {of}",
    "pool_W_start": "Старт Белых", "pool_W_finish": "Финиш Белых",
    "pool_B_start": "Старт Чёрных", "pool_B_finish": "Финиш Чёрных",
    "pool_empty": "пусто",
    "king_one": "Король",
    "kings": "{n} {n:Король|Короля|Королей}",
    "no_dice": "кости не брошены",
    "chebache_banner": "ЧЕБАШ!",
    "threatened": "{colour} под угрозой: {n:поле|поля|поля} {spaces}",
    "chebache_strip": "ЧЕБАШ! ({n:поле|поля|поля} {spaces})",
    "last_turn_title": "ПОСЛЕДНИЙ ХОД · {colour}",
    "chebaches_title": "ЧЕБАШИ",
    "closes_W": "Белые {letter}: закрыто {controls} Чёрных",
    "closes_B": "Чёрные {letter}: закрыто {controls} Белых",
    "numbers_W": "Номера: Белые (бледные: Чёрные)",
    "numbers_B": "Номера: Чёрные (бледные: Белые)",
    "legend_king": "Король: считается за 2",
    "legend_closed": "закрыто Чебашем",
    "legend_letter": "Чебаш (его буква)",
    "legend_last": "последний ход (×N: N фишек)",
    "legend_jump": "прыжок (^)",
    "last_by": "Последний ход: {who} {moves}",
    "resigned": "Сдаётся",
    "dropped_to": "Отказ от вызова: проигрыш игроку {name}",
    "cube_vs": "{colour}: x{stake}, куб {cube}",
    "cube_stake": "x{stake}, куб {cube}",
    "cube_centre": "в центре",
    "cube_at": "у {name}",
    "to_play": "ХОДИТ",
    "to_answer": "ОТВЕЧАЕТ",
    "winner_caps": "ПОБЕДА",
    "placed": "{place}",
    "pool_label": "Пул:",
    "pool_label_space": "Пул: ",
    "borne_off_of": "Выброшено: {off} / {pieces}",
    "track_line": "Путь {track}, зона {safe}, {pips} {pips:пипс|пипса|пипсов}",
    "placed_off": "{text} · {off}/{pieces}",
    "pool_off": "Пул {pool} · выброс {off}/{pieces}",
    "pips_safe": "{pips} {pips:пипс|пипса|пипсов} · зона {safe}",
    "must_answer": "{who}: ответ на вызов игрока {taunter} (x{stake})",
    "answer_choices": "принять: ставка {stake}, куб: {target}; "
                      "сбросить: проигрыш {lose} и выход",
    "vote_title": "Играть дальше? Голосуют: {voters}",
    "vote_rule": "одно «нет» заканчивает партию",
    "che_who": "{colour} ({name})",
    "che_tiles": "плитки: {who}",
    "che_largest": "крупнейшая область {of}: {size}",
    "che_legal": "допустимая клетка",
    "che_last_by": "последний ход, {who}: {moves}",
    "che_last": "последний ход: {moves}",
    "che_closed": "закрытая область {of}",
    "che_cut": "доска продолжается на следующей панели",
    "che_second_tile": " (вторая плитка)",
    "che_two_tiles": ", две плитки",
    "che_last_tile": ", последняя плитка",
    "che_pool": "осталось плиток: {left} из {total}",
    "che_framed": "допустимые клетки обведены рамкой",
    "che_first": "Белые кладут первую плитку на 0,0: 0,0W/ или 0,0W\\ (или B)",
    "che_continues": "x {left}: продолжение ниже, с x {right} ▼",
    "che_closed_region": "плитка {tile} закрыла область {colour}",
    "che_closed_both": "плитка {tile} закрыла области обоих цветов, и ходивший проигрывает",
    "che_tiles_out": "плитки кончились",
    "che_largest_sizes": "крупнейшие области: Белые {white}, Синие {blue}",
    "every_nth_turn": "  ·  показан каждый {n}-й ход",
    "d_who": "{colour} ({name})",
    "d_board": "Доска {title}.",
    "d_game_over": "Партия окончена. {result}.",
    "d_game_over_plain": "Партия окончена.",
    "d_to_move": "Ход: {who}{rolled}.",
    "d_rolled": ", кости {dice}",
    "d_and": " и ",
    "d_last_turn": "Последний ход, {who}: {moves}.",
    "d_on": "{n} на {place}",
    "d_hachapury_side": "{who}, в своей нумерации: {points}; выброшено: {off}; "
                        "{pips} {pips:пипс|пипса|пипсов}.",
    "d_none_on_board": "на доске ничего",
    "d_chebache_side": "{who}: на Старте {start}{start_king}, на Финише "
                       "{finish}{finish_king}.",
    "d_and_king": " и Король",
    "d_space": "поле {number} {of}",
    "d_stack": "{space}: {pieces}",
    "d_pieces_White": "{n} {n:белая фишка|белые фишки|белых фишек}",
    "d_pieces_Black": "{n} {n:чёрная фишка|чёрные фишки|чёрных фишек}",
    "d_kings_White": "{n} {n:белый Король|белых Короля|белых Королей}",
    "d_kings_Black": "{n} {n:чёрный Король|чёрных Короля|чёрных Королей}",
    "d_under": ", выше ",
    "d_stacks": "Стопки, снизу вверх: {stacks}.",
    "d_chebaches": "Чебаши: {list}.",
    "d_closes": "{who}: {letter} закрывает {space}",
    "d_cheesegambit_side": "{who}: в пуле {pool}; {where}; выброшено: {off}.",
    "d_none_on_track": "на дорожке ничего",
    "d_che_tiles": "{placed} {placed:плитка положена|плитки положены|плиток положено}, "
                   "осталось: {left}.",
    "d_che_largest": "Крупнейшая область, {who}: {size} {size:плитка|плитки|плиток}.",
    "card_no_games": "Здесь пока нет законченных партий",
    "card_unrated": "без рейтинга",
    "card_provisional": "предварительный",
    "card_won_lost": "+{wins} −{losses} из {games}",
    "card_unrated_details": "{finished} {finished:партия|партии|партий} без рейтинга",
    "card_streak_wins": "{n} {n:победа|победы|побед} подряд",
    "card_streak_losses": "{n} {n:поражение|поражения|поражений} подряд",
    "card_points": "{n} {n:очко|очка|очков}",
    "card_turns_a_game": "в ср. {n} {n:ход|хода|ходов}",
    "card_recent": "Последние партии",
    "card_recent_row": "#{id} {title} с {opponents} · {turns} {turns:ход|хода|ходов}",
    "card_won": "победа",
    "card_won_points": "победа ×{points}",
    "card_lost": "поражение",
    "card_draw": "ничья",
    "card_no_result": "без результата",
    "cross_points": "Очки",
    "cross_buchholz": "Бх",
    "cross_bye": "своб.",
}

WORDS: Mapping[str, Mapping[str, str]] = {"en": EN, "ru": RU}


def language(name: str | None) -> str:
    """``name`` if it is a shipped language, else English."""
    return name if name is not None and name in WORDS else DEFAULT


class PluralFormatter(string.Formatter):
    """``str.format`` plus plural specs: ``{n:pip|pips}`` gives the word for ``n``.
    The bot's catalogue (bot/catalogue) formats with this one too: one plural rule
    for what the bot writes and what its pictures draw."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            try:
                count = int(value)
            except (TypeError, ValueError):
                # a value that is a list of counts ("1, 2": an engine's steps made by the
                # dice, games/cheesegambit/explain.py) takes the many form rather than failing
                count = 0
            return plural_form(self.lang, count, format_spec.split("|"))
        return super().format_field(value, format_spec)


def plural_form(lang: str, count: int, forms: list[str]) -> str:
    """The form of a word for ``count``: English (one, other), Russian (one, few, many)."""
    if lang == "ru" and len(forms) == 3:
        return forms[ru_plural_index(count)]
    return forms[0] if abs(count) == 1 else forms[-1]


def ru_plural_index(count: int) -> int:
    """Which of Russian's three forms (one, few, many) goes with ``count``."""
    count = abs(count)
    if count % 10 == 1 and count % 100 != 11:
        return 0
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return 1
    return 2


def word(lang: str, key: str, **values: object) -> str:
    """The words ``key`` in ``lang`` (English where ``lang`` lacks them)."""
    lang = language(lang)
    template = WORDS[lang].get(key)
    if template is None:
        template, lang = EN[key], DEFAULT
    if not values and "{" not in template:
        return template
    return PluralFormatter(lang).format(template, **values)


def colour(lang: str, name: str) -> str:
    """A side's colour word (``White`` -> ``Белые``): these words', else the one the
    game's plugin brings (``texts``, games/plugins/), else the word as it is."""
    if f"colour_{name}" in EN:
        return word(lang, f"colour_{name}")
    return plugin_text(lang, f"colour_{name}") or name


def colour_of(lang: str, name: str) -> str:
    """A side's colour after a preposition or as "whose" (``White`` -> ``Белых``)."""
    return word(lang, f"colour_of_{name}") if f"colour_of_{name}" in EN else name


def ordinal(lang: str, n: int) -> str:
    """A placing: ``2nd``, ``2-е место``."""
    key = f"ordinal_{n}" if n in (1, 2, 3) else "ordinal_n"
    return word(lang, key, n=n)


_ORDINAL_ENDS = ("st", "nd", "rd", "th")


def result_clause(lang: str, clause: str, label: Any) -> str | None:
    """One clause of ``Result.text`` in words (``W wins 2``, ``G 2nd``, ``draw``),
    the side through ``label``; None for a clause of another form.  (String
    operations, not patterns: the renderer reads no text with expressions.)"""
    words = clause.split()
    if len(words) in (2, 3) and words[1] == "wins":
        side = label(words[0])
        if len(words) == 2:
            return word(lang, "result_wins", side=side)
        if words[2].isdigit():
            return word(lang, "result_wins_points", side=side, points=int(words[2]))
        return None
    if len(words) == 2 and words[1][:-2].isdigit() and words[1][-2:] in _ORDINAL_ENDS:
        return word(lang, "result_place", side=label(words[0]),
                    place=ordinal(lang, int(words[1][:-2])))
    if words == ["draw"]:
        return word(lang, "result_draw")
    return None


def result_words(result: Result, label: Any, lang: str) -> str:
    """``Result.text`` in ``lang`` (not English: base.result_text keeps its own)."""
    clauses = []
    for clause in result.text.split(";"):
        clause = " ".join(clause.split())
        if not clause:
            continue
        said = result_clause(lang, clause, label)
        if said is None:  # a form this table does not know: the side named, the rest kept
            first, _, rest = clause.partition(" ")
            said = " ".join(w for w in (label(first), rest) if w)
        clauses.append(said)
    return word(lang, "result_sep").join(clauses)


#: Che's end reasons (games/che/position.py ``_explain``, ``why_*`` codes) and the
#: words that say them here.
_CHE_WHY = {"why_closed_both": "che_closed_both", "why_closed_region": "che_closed_region",
            "why_tiles_out": "che_tiles_out", "why_largest": "che_largest_sizes"}
#: A closed region's colour (a nested ``why_white``/``why_blue``), as ``colour_of`` names it.
_CHE_COLOURS = {"why_white": "White", "why_blue": "Blue"}


def che_reason(lang: str, why: Message | None) -> str:
    """Che's end reason in ``lang``: said from its codes, never from its English
    (a code this table does not know is said in English)."""
    if why is None:
        return ""
    if language(lang) == DEFAULT:
        return str(why)
    return "; ".join(_che_part(lang, part) for part in parts_of(why))


def _che_part(lang: str, part: Message) -> str:
    key = _CHE_WHY.get(part.code)
    if key is None:
        return str(part)
    values = {name: colour_of(lang, _CHE_COLOURS.get(value.code, str(value)))
              if isinstance(value, Message) else value for name, value in part.values}
    return word(lang, key, **values)


def placeholders(template: str) -> set[str]:
    """The names a template fills (``{side}``, ``{n:pip|pips}`` -> n)."""
    return {field.split(".")[0].split("[")[0]
            for _text, field, _spec, _conv in string.Formatter().parse(template)
            if field is not None}
