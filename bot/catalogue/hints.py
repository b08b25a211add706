"""Catalogue area: why the computer chose a turn or an answer (``/hint``).

The computer players give their reasons as keys and values (computer/reasons.py);
``say_reason`` puts them into a language.  The English is the computer's own
wording, unchanged.  A side is named by its English colour (``side``, ``foe``,
``taunter``); each language says it through the
``hint_side_*`` keys (Russian: the genitive plural, "фишку синих", which fits
every sentence here).
"""

from __future__ import annotations

from computer.reasons import THOUGH, Reason, Said, Value

EN: dict[str, str] = {
    # sides, as the reasons name them
    "hint_side_White": "White", "hint_side_Black": "Black", "hint_side_Blue": "Blue",
    "hint_side_Red": "Red", "hint_side_Green": "Green", "hint_side_Yellow": "Yellow",
    # counted pieces inside a reason
    "hint_piece": "a piece", "hint_pieces": "{count} {count:piece|pieces}",
    "hint_checker": "a checker", "hint_checkers": "{count} {count:checker|checkers}",
    # any game: answers, baselines
    "hint_accepts": "accepts", "hint_votes_yes": "votes yes",
    "hint_at_random": "picks a turn at random",
    "hint_greedy": "takes the turn that gains most at once",
    # what a turn costs, after what it gains
    "hint_though": ", though it {drawbacks}",
    # Che
    "hint_che_starts": "starts the board with a {side} tile",
    "hint_che_blocks_one": "blocks {foe}'s region from closing",
    "hint_che_blocks": "blocks {count} of {foe}'s regions from closing",
    "hint_che_threatens": "threatens to close a {side} region ({need} more {need:tile|tiles}), "
                          "which {foe} must answer",
    "hint_che_leaves_none": "leaves {foe} no region it can close next turn",
    "hint_che_best": "does the best it can",
    "hint_che_leaves_foe": "leaves {foe} a region to close",
    "hint_che_draws": "draws: the tiles run out with equal largest regions",
    "hint_che_loses": "cannot avoid the loss: every turn loses",
    "hint_che_closes": "closes a {side} region of {size} and wins",
    "hint_che_largest": "wins on the largest region as the tiles run out "
                        "({size} against {other_size})",
    # Chebache
    "hint_chebache_wins": "wins at once by bringing every piece into Finish",
    "hint_chebache_draws": "draws: the opponent has nothing left in play",
    "hint_chebache_captures_king": "captures {foe}'s King",
    "hint_chebache_sends_one": "sends a piece of {foe}'s back to Start",
    "hint_chebache_sends": "sends {count} of {foe}'s pieces back to Start",
    "hint_chebache_traps_king": "traps {foe}'s King on {number}: unless it escapes this turn, "
                                "{side} wins",
    "hint_chebache_traps_one": "traps {foe}'s piece on {number}",
    "hint_chebache_traps": "traps {foe}'s {count} {count:piece|pieces} on {number}",
    "hint_chebache_breaks": "breaks {foe}'s Chebache over {spots}",
    "hint_chebache_escapes": "escapes the trap on {spots}",
    "hint_chebache_home_one": "brings a piece into Finish",
    "hint_chebache_home": "brings {count} {count:piece|pieces} into Finish",
    "hint_chebache_race_safe": "races ahead (the safest turn by the evaluation)",
    "hint_chebache_race_clean": "races ahead and leaves no lone piece on an Intersection",
    # CheeseGambit
    "hint_cg_dance": "cannot move: the turn is a dance",
    "hint_cg_gambit": "plays the Gambit",
    "hint_cg_cheesegambit": "plays the CheeseGambit (an extra turn follows)",
    "hint_cg_gamble": "plays the Gamble",
    "hint_cg_bumps_one": "bumps {foe}'s piece on {at} into the pool",
    "hint_cg_bumps": "bumps {foe}'s {count} {count:piece|pieces} on {at} into the pool",
    "hint_cg_enters": "brings {pieces} back from the pool",
    "hint_cg_homes": "brings {pieces} into the safe zone",
    "hint_cg_bears_off": "bears off {pieces}",
    "hint_cg_block": "makes a block on {squares}",
    "hint_cg_blot": "leaves a blot on {squares}",
    "hint_cg_blots": "leaves blots on {squares}",
    "hint_cg_safe": "gets to safety",
    "hint_cg_no_blot": "leaves no blot",
    "hint_cg_taunts": "taunts {foe}",
    "hint_cg_race": "moves on in the race",
    "hint_cg_accepts": "accepts: its chances ({chances:.0%} against {taunter}) are above "
                       "the take point ({take:.0%})",
    "hint_cg_drops": "drops: its chances ({chances:.0%} against {taunter}) are below the take "
                     "point ({take:.0%})",
    "hint_cg_votes_yes": "votes yes: {chances:.0%} to take the next place",
    "hint_cg_votes_no": "votes no: only {chances:.0%} to take the next place",
    # Hachapury
    "hint_hp_pass": "has no legal move: the turn passes",
    "hint_hp_wins": "bears off the last checker and wins",
    "hint_hp_wins_mars": "bears off the last checker and wins with a mars (2 points)",
    "hint_hp_bears_off": "bears off {checkers}",
    "hint_hp_last_home": "runs the last checker home",
    "hint_hp_last_home_many": "runs the last {count} {count:checker|checkers} home",
    "hint_hp_home": "brings {checkers} home",
    "hint_hp_traps": "traps {count} {foe} {count:checker|checkers} behind a {length}-point "
                     "block ({span})",
    "hint_hp_block": "makes a block of {length} {length:point|points} ({span}) in front of "
                     "{count} {foe} "
                     "{count:checker|checkers}",
    "hint_hp_made": "makes a block on {points} in front of {foe}'s checkers",
    "hint_hp_escapes": "escapes {checkers} past {foe}'s points",
    "hint_hp_starts": "starts {checkers} from the head",
    "hint_hp_race": "plays {move} with the least waste ({race})",
    "hint_hp_race_plain": "plays {move} with the least waste",
    "hint_hp_leads": "leads the race by {pips} {pips:pip|pips}",
    "hint_hp_trails": "still trails the race by {pips} {pips:pip|pips}",
    "hint_hp_even": "keeps the race even",
}

RU: dict[str, str] = {
    "hint_side_White": "белых", "hint_side_Black": "чёрных", "hint_side_Blue": "синих",
    "hint_side_Red": "красных", "hint_side_Green": "зелёных", "hint_side_Yellow": "жёлтых",
    "hint_piece": "фишку", "hint_pieces": "{count} {count:фишку|фишки|фишек}",
    "hint_checker": "фишку", "hint_checkers": "{count} {count:фишку|фишки|фишек}",
    "hint_accepts": "принимает вызов", "hint_votes_yes": "голосует за продолжение",
    "hint_at_random": "выбирает ход наугад",
    "hint_greedy": "берёт ход с наибольшей сиюминутной выгодой",
    "hint_though": ", хотя {drawbacks}",
    # Che
    "hint_che_starts": "начинает поле плиткой с перевесом {side}",
    "hint_che_blocks_one": "не даёт закрыться области {foe}",
    "hint_che_blocks": "не даёт закрыться {count} {count:области|областям|областям} {foe}",
    "hint_che_threatens": "грозит закрыть область {side} (не хватает {need} "
                          "{need:плитки|плиток|плиток}) и требует ответа {foe}",
    "hint_che_leaves_none": "у {foe} не остаётся области, которую можно закрыть следующим "
                            "ходом",
    "hint_che_best": "делает лучшее из возможного",
    "hint_che_leaves_foe": "у {foe} остаётся область, которую можно закрыть",
    "hint_che_draws": "ничья: плитки кончаются, а самые большие области равны",
    "hint_che_loses": "не может избежать поражения: проигрывает любой ход",
    "hint_che_closes": "закрывает область {side} размером {size} и побеждает",
    "hint_che_largest": "побеждает по самой большой области, когда плитки кончаются "
                        "({size} против {other_size})",
    # Chebache
    "hint_chebache_wins": "сразу побеждает: все фишки приходят на Финиш",
    "hint_chebache_draws": "ничья: у соперника в игре ничего не осталось",
    "hint_chebache_captures_king": "захватывает Короля {foe}",
    "hint_chebache_sends_one": "отправляет фишку {foe} обратно на Старт",
    "hint_chebache_sends": "отправляет {count} {count:фишку|фишки|фишек} {foe} обратно на "
                           "Старт",
    "hint_chebache_traps_king": "запирает Короля {foe} на {number}: если он не уйдёт в этот же "
                                "ход, победа {side}",
    "hint_chebache_traps_one": "запирает фишку {foe} на {number}",
    "hint_chebache_traps": "запирает {count} {count:фишку|фишки|фишек} {foe} на {number}",
    "hint_chebache_breaks": "разбивает Чебаш {foe}, державший {spots}",
    "hint_chebache_escapes": "уходит из ловушки на {spots}",
    "hint_chebache_home_one": "приводит фишку на Финиш",
    "hint_chebache_home": "приводит {count} {count:фишку|фишки|фишек} на Финиш",
    "hint_chebache_race_safe": "уходит вперёд (самый безопасный ход по оценке)",
    "hint_chebache_race_clean": "уходит вперёд и не оставляет одиноких фишек на Перекрёстках",
    # CheeseGambit
    "hint_cg_dance": "не может ходить: приходится «танцевать»",
    "hint_cg_gambit": "играет Гамбит",
    "hint_cg_cheesegambit": "играет CheeseGambit (за ним следует ещё один ход)",
    "hint_cg_gamble": "играет Риск",
    "hint_cg_bumps_one": "сбивает фишку {foe} на {at} в пул",
    "hint_cg_bumps": "сбивает {count} {count:фишку|фишки|фишек} {foe} на {at} в пул",
    "hint_cg_enters": "возвращает {pieces} из пула",
    "hint_cg_homes": "приводит {pieces} в безопасную зону",
    "hint_cg_bears_off": "выбрасывает {pieces}",
    "hint_cg_block": "ставит блок на {squares}",
    "hint_cg_blot": "оставляет одиночную фишку на {squares}",
    "hint_cg_blots": "оставляет одиночные фишки на {squares}",
    "hint_cg_safe": "уходит от опасности",
    "hint_cg_no_blot": "не оставляет одиночных фишек",
    "hint_cg_taunts": "вызывает {foe}",
    "hint_cg_race": "продвигается вперёд",
    "hint_cg_accepts": "принимает вызов: шансы ({chances:.0%} против {taunter}) выше порога "
                       "принятия ({take:.0%})",
    "hint_cg_drops": "отказывается от вызова: шансы ({chances:.0%} против {taunter}) ниже "
                     "порога принятия ({take:.0%})",
    "hint_cg_votes_yes": "голосует за продолжение: {chances:.0%} занять следующее место",
    "hint_cg_votes_no": "голосует за окончание: лишь {chances:.0%} занять следующее место",
    # Hachapury
    "hint_hp_pass": "не может ходить: ход переходит к сопернику",
    "hint_hp_wins": "выбрасывает последнюю фишку и побеждает",
    "hint_hp_wins_mars": "выбрасывает последнюю фишку и побеждает с марсом (2 очка)",
    "hint_hp_bears_off": "выбрасывает {checkers}",
    "hint_hp_last_home": "приводит домой последнюю фишку",
    "hint_hp_last_home_many": "приводит домой последние {count} {count:фишку|фишки|фишек}",
    "hint_hp_home": "приводит домой {checkers}",
    "hint_hp_traps": "запирает {count} {count:фишку|фишки|фишек} {foe} за заслоном из "
                     "{length} {length:пункта|пунктов|пунктов} ({span})",
    "hint_hp_block": "строит заслон из {length} {length:пункта|пунктов|пунктов} ({span}) "
                     "перед {count} {count:фишкой|фишками|фишками} {foe}",
    "hint_hp_made": "занимает {points} перед фишками {foe}",
    "hint_hp_escapes": "уводит {checkers} за пункты {foe}",
    "hint_hp_starts": "снимает с головы {checkers}",
    "hint_hp_race": "играет {move} с наименьшими потерями ({race})",
    "hint_hp_race_plain": "играет {move} с наименьшими потерями",
    "hint_hp_leads": "впереди в гонке на {pips} {pips:пункт|пункта|пунктов}",
    "hint_hp_trails": "всё ещё позади в гонке на {pips} {pips:пункт|пункта|пунктов}",
    "hint_hp_even": "в гонке поровну",
}

#: Values that name a side by its English colour.
SIDE_FIELDS = frozenset({"side", "foe", "taunter"})


def say_reason(lang: str, reason: Reason) -> str:
    """``reason`` in ``lang``: its phrases joined ("a, b and c" or "a; b"); "" when
    there is nothing to say."""
    parts = [say_phrase(lang, said) for said in reason.parts]
    said = "; ".join(parts) if reason.join == "semicolon" else _listed(lang, parts)
    if reason.drawbacks:
        costs = _listed(lang, [say_phrase(lang, cost) for cost in reason.drawbacks])
        said += _say(lang, THOUGH, drawbacks=costs)
    return said


def say_phrase(lang: str, said: Said) -> str:
    """One phrase of a reason in ``lang``."""
    values = {name: _value(lang, name, value) for name, value in said.values}
    return _say(lang, said.key, **values)


def _value(lang: str, name: str, value: Value) -> object:
    """A value as ``lang`` says it: phrases and lists in its words; a side by its
    ``hint_side_*`` word (English keeps the name the computer gave)."""
    if isinstance(value, Said):
        return say_phrase(lang, value)
    if isinstance(value, tuple):
        return _listed(lang, [str(item) for item in value])
    if lang == "en" or name not in SIDE_FIELDS:
        return value
    key = f"hint_side_{value}"
    return _say(lang, key) if key in EN else value


def _say(lang: str, key: str, **values: object) -> str:
    from bot.catalogue import t  # the package merges this module: import when used

    return t(lang, key, **values)


def _listed(lang: str, items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in ``lang`` (the narration's words)."""
    if len(items) <= 1:
        return "".join(items)
    return _say(lang, "list_sep").join(items[:-1]) + _say(lang, "and") + items[-1]
