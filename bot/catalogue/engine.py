"""The rules engines' error messages (``GameError``: bad notation, illegal turns, wrong
dice, bad options, unreadable listings) in the player's language.

An engine raises its error as data: a code and values (``error.said()``, a
``games.messages.Message``, reasons nested as messages of their own: ``label: reason``,
``a; b``, ``... Legal instead: ...``, ``... (column 3 of '24/x')``).  This module says
that message from its code: ``RU`` holds the Russian templates, English is the engines'
own table (``games.messages.EN``).  Nothing here reads the engines' English back, so a
reworded English message cannot silently lose its translation; tests/bot/
test_engine_errors.py checks that every code has both languages with the same values.

A value that says how a game ended (``result``, ``ending``) is a ``why_*`` message
like any other nested one (games/base.py ``Result.said``), said from its codes."""

from __future__ import annotations

from games.errors import GameError
from games.messages import EN as ENGINE_EN
from games.messages import Message


def error_in(error: GameError | Message, lang: str) -> str:
    """An engine's error (or one of its messages) in ``lang``."""
    message = error.said() if isinstance(error, GameError) else error
    if lang == "en":
        return str(message)
    return _said(message, lang)


def _said(message: Message, lang: str) -> str:
    from bot.catalogue import t  # the package merges this module: import when used

    values = {name: _said(value, lang) if isinstance(value, Message) else value
              for name, value in message.values}
    return t(lang, message.code, **values)


def error_for_user(error: Exception | str, lang: str) -> str:
    """``error`` in ``lang``, the language of the command's user (private refusals);
    an error that is not an engine's (a plain text, the code's own ValueError) as it is."""
    if isinstance(error, GameError):
        return error_in(error, lang)
    return str(error)


#: English: the engines' table, so ``t("en", code)`` says what ``str(error)`` says.
EN: dict[str, str] = dict(ENGINE_EN)

#: Russian, by the engines' codes.  ``{name!r}`` fields show what the player wrote,
#: quoted as the English quotes it.
RU: dict[str, str] = {
    'gerr_legal_more': '{reason}. Можно так: {shown} (и ещё {more})',
    'gerr_legal': '{reason}. Можно так: {shown}',
    'gerr_column': '{reason} (символ {column} в {text})',
    'gerr_text_long': (
        'в тексте {length} {length:символ|символа|символов}, а ход пишется не длиннее {limit}'),
    'gerr_unmatched': "лишняя ')'",
    'gerr_unclosed': "не закрыта '('",
    'gerr_too_many_tokens': (
        'написано больше {n} {n:перемещения|перемещений|перемещений} и пометок; в ходе их '
        'гораздо меньше'),
    'gerr_count_range': 'число {count} вне диапазона 1-{limit}',
    'gerr_not_string': 'ход должен быть текстом',
    'gerr_h_empty': (
        'не написано ни одного перемещения (чтобы пропустить ход, напишите `(no move)`)'),
    'gerr_h_pass_with_moves': 'пропуск хода нельзя сочетать с перемещениями',
    'gerr_h_pass_twice': 'пропуск хода написан дважды',
    'gerr_h_pass_counted': 'у пропуска хода не бывает числа повторов',
    'gerr_h_count_digits': 'число повторов пишется цифрами 0-9, например 2(24/18)',
    'gerr_h_empty_group': 'пустая группа повторов',
    'gerr_h_too_many': 'написано больше {n} {n:перемещения|перемещений|перемещений}',
    'gerr_h_after_f': 'после F (выброшена) ничего не пишется',
    'gerr_h_no_point': 'пункта {point} нет на доске (1-24)',
    'gerr_h_start_point': 'перемещение начинается с пункта 1-24',
    'gerr_h_f_twice': 'F написано дважды',
    'gerr_h_want_point': 'ожидался номер пункта, а написано {got!r}',
    'gerr_h_no_hit': "в Хачапури фишки не сбивают, отмечать '*' нечего: напишите {move}",
    'gerr_h_want_slash': "ожидалась '/', а написано {got!r}",
    'gerr_h_move_like': 'перемещение пишется так: 24/18',
    'gerr_h_move_ends': 'у перемещения должны быть начало и конец, например 24/18',
    'gerr_h_bad_dice': 'неверные кости {dice}: в Хачапури бросают две кости 1-6',
    'gerr_over_colon': 'партия окончена: {result}',
    'gerr_wrote_too_many': 'написано перемещений: {steps}, а {dice} даёт не больше {most}',
    'gerr_h_bear_pips': (
        '{label}: чтобы выбросить фишку с пункта {point}, нужно не меньше {need} '
        '{need:очка|очков|очков}, а кости {dice} дают {total}'),
    'gerr_h_wrong_way': (
        '{label}: фишки ходят со старших пунктов на младшие (от 24 к 1), а это ход в обратную '
        'сторону'),
    'gerr_h_no_sum': (
        '{label}: это {pips} {pips:очко|очка|очков}, а ни одна кость и ни одна сумма костей '
        '{dice} столько не даёт'),
    'gerr_h_cannot_pass': 'у вас есть допустимый ход, поэтому пропустить нельзя',
    'gerr_h_no_move': 'с {dice} у вас нет допустимого хода: напишите `(no move)`',
    'gerr_h_both_dice': 'нужно сыграть обе кости: например, `{example}`',
    'gerr_h_max_dice': (
        'нужно сыграть столько костей, сколько можно ({most}), а не {used}: например, '
        '`{example}`'),
    'gerr_h_higher_die': 'когда можно сыграть только одну кость, играется старшая ({high})',
    'gerr_h_not_full': 'это не полный допустимый ход',
    'gerr_turn_not_legal': 'такой ход недопустим',
    'gerr_h_more_dice': 'для этих перемещений нужно больше костей, чем {dice}',
    'gerr_h_no_checker': 'у вас нет фишки на пункте {point}',
    'gerr_h_no_checker_at': '{label}: у вас нет фишки на пункте {point}',
    'gerr_h_over_after_off': (
        'партия кончается, как только выброшена последняя фишка; после этого ничего не играется'),
    'gerr_h_held': 'пункт {point} занят: там {opponent}',
    'gerr_h_outside_one': 'выбрасывать нельзя: {n} {n:фишка|фишки|фишек} ещё вне дома',
    'gerr_h_outside': 'выбрасывать нельзя: {n} {n:фишка|фишки|фишек} ещё вне дома',
    'gerr_h_bear_higher': (
        'нельзя выбросить фишку с пункта {point} на {die}: фишка стоит на {highest}, а кость '
        'выбрасывает с младшего пункта, только когда на её собственном пункте и выше фишек нет'),
    'gerr_h_bear_highest': (
        'нельзя выбросить фишку с пункта {point} на {die}: {die2} выбрасывает с самого старшего '
        'занятого пункта, {highest}'),
    'gerr_h_barrier': (
        'так получается заслон из {n} {n:пункта|пунктов|пунктов} ({where}), а за ним нет ни '
        'одной фишки {opponent}'),
    'gerr_c_no_square': 'клетки {square} нет на дорожке (1-{track})',
    'gerr_c_want_square': 'ожидалась клетка (1-72, P, S1-S6, R1-R6 или F) на месте {at}',
    'gerr_c_star': "'*' отмечает сбитие после клетки, куда пришла фишка, например 65/66*",
    'gerr_c_want_sep': "между клетками ожидалась '/' или 'X', а написано {found!r}",
    'gerr_c_move_ends': 'у перемещения должны быть начало и конец, например 9/13',
    'gerr_c_f_end': 'F (выброшена) может быть только в конце перемещения',
    'gerr_c_p_start': 'P (пул) может быть только в начале перемещения',
    'gerr_c_no_bump_there': 'X отмечает сбитие, а на {where} сбить нельзя: напишите {move}',
    'gerr_c_empty': 'ход пуст; пишите перемещения, например 9/13 13/17, или (dance)',
    'gerr_c_after_taunt': 'после вызова и ответа на него ничего не пишется',
    'gerr_c_answer_form': 'ответ на вызов — x<ставка> или drop',
    'gerr_c_taunt_last': 'вызов завершает ход: сначала напишите перемещения',
    'gerr_c_dance_alone': '(dance) пишется без ничего другого',
    'gerr_c_needs_moves': 'после {kind} нужны перемещения, например G 2(9X13)',
    'gerr_c_first': '{word!r} пишется первым',
    'gerr_c_vote_form': 'голос пишется так: vote G yes (или no)',
    'gerr_c_want_answer': 'ожидалось accept, drop, T@B x2, T@B drop или vote G yes/no',
    'gerr_c_gamble_most': 'написано перемещений: {steps}, а Гамбл выбрасывает не больше {most}',
    'gerr_c_gambit_most': 'написано перемещений: {steps}, а Гамбит двигает {most}',
    'gerr_c_cheese_most': 'написано перемещений: {steps}, а ЧизГамбит ставит не больше {most}',
    'gerr_c_bad_dice': 'для хода нужны две кости 1-6, а получено {dice}',
    'gerr_over_paren': 'партия окончена ({result})',
    'gerr_over': 'партия окончена',
    'gerr_c_answer_first': (
        '{target} должен сначала ответить на вызов {taunter}: принять или сбросить'),
    'gerr_c_vote_wait': 'ждём голосования, играть ли дальше ({voters}): голосуйте yes или no',
    'gerr_c_gamble_mandatory': 'дубль при выбрасывании: Гамбл обязателен ({why})',
    'gerr_c_no_dance': 'танцевать нельзя: ход возможен',
    'gerr_c_gamble_when': 'Гамбл играется только с дублем при выбрасывании',
    'gerr_c_needs_doubles': 'для хода {name} нужен дубль',
    'gerr_c_same_way': '{name} двигает фишки по одному шагу, все одинаково',
    'gerr_c_not_legal_special': 'недопустимый {name}: {why}',
    'gerr_c_why_dance': 'S{die} пуста: танцуйте!',
    'gerr_c_why_all_off': 'все фишки с S{die} выбрасываются',
    'gerr_c_why_empty_pool': 'нужен пустой пул',
    'gerr_c_why_two': 'он двигает ровно две фишки',
    'gerr_c_why_stack': 'он двигает две фишки из вашей стопки, а на {src} её нет',
    'gerr_c_why_onto': '{move} должен быть ходом на {die} на фишки соперника',
    'gerr_c_why_pool_empty': 'он возвращает фишки из пула, а ваш пул пуст',
    'gerr_c_why_enters': 'он вводит фишки из пула на R{die} = {square}',
    'gerr_c_why_no_block': 'на R{die} = {square} нет блока соперника',
    'gerr_c_why_places': 'он ставит 1 или 2 фишки (в пуле у вас {pool})',
    'gerr_c_no_bump': 'на {where} в этом ходу никто не сбит: напишите {move}',
    'gerr_c_ambiguous': (
        'эти перемещения можно сыграть по-разному; уточните (отметьте сбития буквой X или '
        'напишите шаг каждой кости)'),
    'gerr_c_taunts_off': 'вызовы в этой партии отключены',
    'gerr_c_taunt_whom': 'вызвать можно только того, чью фишку вы сбили в этом ходу ({who})',
    'gerr_c_taunt_finished': 'после финиша вызывать нельзя',
    'gerr_c_not_playing': '{side} больше не играет',
    'gerr_c_cube_holder': 'куб между {a} и {b} у {holder}: следующий вызов только за {who}',
    'gerr_c_no_taunt': 'отвечать не на что: вызова нет',
    'gerr_c_no_vote': 'сейчас голосования нет',
    'gerr_c_not_voter': '{side} не голосует; ждём: {voters}',
    'gerr_c_only_target': 'на вызов {taunter} отвечает только {target}',
    'gerr_c_no_pending': 'вызова к {target} нет',
    'gerr_c_stake_not': 'после принятия ставка будет {stake}, а не {written}',
    'gerr_c_stake': 'после принятия ставка будет {stake}',
    'gerr_c_vote_for': 'вы голосуете за {side}, а не за {other}',
    'gerr_c_only_special': 'обычного хода нет: танцуйте или сыграйте особый ход',
    'gerr_c_must_dance': 'с этими костями хода нет: ход — (dance)',
    'gerr_c_full_gambit': (
        'кости нужно сыграть полностью ({best} {best:перемещение|перемещения|перемещений}); для '
        'Гамбита сначала напишите G, например G 2(9X13)'),
    'gerr_c_full': 'кости нужно сыграть полностью: в этом ходу играется костей: {best}',
    'gerr_c_pool_first': (
        'у {side} в пуле фишек: {pool}; сначала они должны вернуться в игру (P/R1..R6 = '
        '{low}-{high})'),
    'gerr_c_pool_empty': '{move}: у {side} нет фишек в пуле',
    'gerr_c_no_piece': '{move}: на {where} нет фишки {side}',
    'gerr_c_block': '{move}: на {square} блок {owner}',
    'gerr_c_bear_safe': '{move}: выбрасывать можно, только когда все фишки в safe-зоне',
    'gerr_c_exit': (
        '{move}: фишка {side} сворачивает с дорожки на своей клетке выхода {exit} в S6..S1 и '
        'никогда не проходит её'),
    'gerr_c_forward': '{move}: фишки ходят только вперёд',
    'gerr_c_steps': (
        '{move} — это {pips} {pips:шаг|шага|шагов}, а {dice} двигают фишку на {made} '
        '{made:шаг|шага|шагов}'),
    'gerr_in_chain': '{reason} (в {chain})',
    'gerr_c_no_way': (
        '{move} нельзя сыграть с {dice}: любой путь туда упирается в блок соперника или требует '
        'уже сыгранных костей'),
    'gerr_c_not_all': '{move} нельзя сыграть вместе с {before}: {dice} не хватает на всё',
    'gerr_c_cannot': 'эти перемещения нельзя сыграть с {dice}',
    'gerr_che_coordinate': 'координата {value} слишком велика',
    'gerr_che_want': 'ожидалась постановка вроде `1,0B` (клетка x,y, затем W или B)',
    'gerr_che_colour': 'после клетки нужен основной цвет плитки: W или B',
    'gerr_che_after': 'лишний символ после постановки (разделяйте постановки пробелами)',
    'gerr_che_taken': 'клетка {cell} занята; свободные клетки: {cells}',
    'gerr_che_alone': (
        'клетка {cell} не примыкает ни к одной плитке (нужна общая сторона); допустимые клетки: '
        '{cells}'),
    'gerr_che_orientation': (
        'ориентация `{given}` противоречит вынужденной `{forced}` в клетке {cell} для плитки '
        '{colour}; напишите `{write}`'),
    'gerr_che_no_dice': 'в Че кости не бросают',
    'gerr_che_only': (
        'в этом ходу ставят {need} {need:плитку|плитки|плиток}; `{moves}` — только {done}'),
    'gerr_che_needs_not': 'в этом ходу ставят {need} {need:плитку|плитки|плиток}, а не {n}',
    'gerr_che_needs': 'в этом ходу ставят {need} {need:плитку|плитки|плиток}',
    'gerr_che_place_one': '`place` принимает одну постановку, а не {n}',
    'gerr_che_first_cell': 'первая плитка ставится в 0,0, а не в {cell}',
    'gerr_che_first_orientation': 'у первой плитки нужна ориентация: `0,0{c}/` или `0,0{c2}\\`',
    'gerr_che_ended': 'ход закончился после `{done}` ({result}: {ending}); уберите `{extra}`',
    'gerr_che_white_first': 'в Че первую плитку всегда ставят белые',
    'gerr_b_no_space_named': 'поля {n} нет (поля: S, 1-17 и F)',
    'gerr_b_one_cheb': 'часть <...> о Чебаше может быть только одна',
    'gerr_b_no_move_with': '(no move) нельзя писать вместе с перемещениями',
    'gerr_b_pieces': 'не удаётся прочитать фишки {what!r} (пишутся как K, 1K, K1, 1K1)',
    'gerr_b_move': (
        'не удаётся прочитать {what!r} (перемещения пишутся как 2/7, 8\\6, 3X9, K(4/10), 4^6)'),
    'gerr_b_cheb_part': 'не удаётся прочитать часть о Чебаше {what!r} (пишется как <W2,8; B4>)',
    'gerr_b_cannot_read': 'не удаётся прочитать {what}',
    'gerr_b_out_of_finish': 'с Финиша ничего не уходит',
    'gerr_b_into_start': 'на Старт ничего не приходит',
    'gerr_b_nowhere': '{move!r} никуда не ведёт',
    'gerr_b_one_jump': 'за ход только одна серия прыжков (и она продолжает последнюю)',
    'gerr_b_jump_last': 'прыжок (фаза II) идёт после всех перемещений',
    'gerr_b_king_named': 'в перемещении называют только Короля: K(4/10)',
    'gerr_b_backward': '{move} идёт назад: напишите {write}',
    'gerr_b_forward': '{move} идёт вперёд: напишите {write}',
    'gerr_b_dice_form': 'кости пишутся так: [5 2]',
    'gerr_b_unexpected': 'лишний символ {ch!r}',
    'gerr_b_bad_dice': 'в Чебаше играют двумя костями 1-6, а получено {dice}',
    'gerr_b_dice_differ': 'в тексте написано {written}, а кости {dice}',
    'gerr_b_no_turn': 'допустимого хода нет',
    'gerr_b_incomplete': 'ход не закончен: кости {unused} ещё можно сыграть (например, {options})',
    'gerr_b_attack_note': 'пометка об атаке не совпадает: ход атакует {what}',
    'gerr_b_flip_note': 'пометка о перевороте Короля не совпадает: ход переворачивает {what}',
    'gerr_b_minus_note': "пометка '-' не совпадает: пожертвованы {sacs}, пойманы {traps}",
    'gerr_b_cheb_note': 'пометка о Чебаше не совпадает: после хода стоят {cheb}',
    'gerr_b_dice_used': '{label}: все кости уже сыграны',
    'gerr_b_start_empty': '{label}: на Старте нет ваших фишек',
    'gerr_b_no_king_start': '{label}: на Старте нет Короля',
    'gerr_b_leave_start': (
        '{label}: сначала должны уйти фишки со Старта (у вас есть фишка на Финише)'),
    'gerr_b_no_piece': '{label}: на {src} нет вашей фишки',
    'gerr_b_king_covered': '{label}: Король на {src} накрыт (ходит только верхняя фишка)',
    'gerr_b_no_backward': '{label}: в игре для начинающих ходов назад нет',
    'gerr_b_backward_who': '{label}: назад ходят только фишки на Тивите (2, 8, 10, 16) или Король',
    'gerr_b_finish_larger': (
        '{label}: войти на Финиш с большей костью можно, только когда все фишки на 13-17, на '
        'Старте пусто и ходит самая дальняя от Финиша фишка'),
    'gerr_b_needs': '{label}: нужна {dist} (остались кости: {left})',
    'gerr_b_under_cheb': '{label}: поле {dst} под Чебашем соперника',
    'gerr_b_king_attack': '{label}: Король не может атаковать Короля или стопку с Королём',
    'gerr_b_stack_limit': '{label}: на поле {dst} оказалось бы больше 4 ваших фишек (Король = 2)',
    'gerr_b_nothing_to_attack': '{label}: на {dst} нет фишек соперника, атаковать нечего',
    'gerr_b_cannot_complete': (
        '{label}: после этого ход нельзя закончить по правилам (атака осталась нерешённой или '
        'фишка вернулась на место)'),
    'gerr_b_not_here': '{label} здесь недопустимо',
    'gerr_b_returned': (
        'фишка закончила бы ход на поле, с которого начала ({where}): возвращаться на место '
        'нельзя'),
    'gerr_b_jump_forfeit': 'после пропущенного перемещения прыжка нет',
    'gerr_b_jump_beginners': 'в игре для начинающих (kings=false) прыжков нет',
    'gerr_b_jump_dice': 'прыжка нет: в фазе I сыграны не все кости',
    'gerr_b_jump_start': 'прыжка нет, пока фишки должны уходить со Старта (есть фишка на Финише)',
    'gerr_b_bad_jump': (
        '{jump} — недопустимый прыжок (каждое перепрыгнутое Пересечение должно быть вашим, '
        'каждое приземление — в пределах высоты стопки и без Чебаша, назад прыгают только с '
        'Тивитов, нельзя приземляться туда, где прыгающая фишка начала ход)'),
    'gerr_b_jump_where': (
        'прыгают с Квадрата или Тивита на Квадрат или Тивит (не S, F и не Пересечения)'),
    'gerr_b_not_held': 'на поле {src} нет {unit}',
    'gerr_b_top': 'наверху поля {src} {top}, а не {unit} (число без K — только обычные фишки)',
    'gerr_b_jump_back': 'назад прыгает только Тивит (или группа Королей); {src} — Квадрат',
    'gerr_b_jump_returned': 'после прыжка фишка остаётся там, где начала ход',
    'gerr_unknown_game_close': (
        'неизвестная игра {name!r} (может быть, вы хотели {close}?); игры: {games}'),
    'gerr_unknown_game': 'неизвестная игра {name!r}; игры: {games}',
    'gerr_game_unavailable': 'игра {name!r} пока недоступна',
    'gerr_option_yes_no': '{option} должно быть {yes} или {no}, а не {value}',
    'gerr_option_number': '{option} должно быть целым числом {low}-{high}, а не {value}',
    'gerr_option_unknown': 'у игры {title} нет параметра {name!r}; параметры: {options}',
    'gerr_option_none': 'у игры {title} нет параметров (получено: {name})',
    'gerr_option_first_wb': 'first должно быть W или B, а получено {value!r}',
    'gerr_option_h_side': 'неизвестная сторона {value!r}: в Хачапури стороны W и B',
    'gerr_option_c_first': '{first} не играет; стороны: {sides}',
    'gerr_no_action': 'сейчас в этой партии не ждут ни ответа, ни голоса',
    'gerr_log_orphan': '`{record}` дополняет ход, которого нет в повторе',
    'gerr_log_ending': (
        '`{addition}` не читается как окончание `{record}` (он играется как `{full}`)'),
    'gerr_parts': '{reason}; {rest}',
    'gerr_labelled': '{label}: {reason}',
    # -- position listings and record files (the tools, a game started from a listing) --
    'gpos_che_form': (
        'запись позиции Че имеет вид `<плитки>; tiles left N; <сторона> to move` (например, '
        '`0,0W/ 1,0B; tiles left 62; B to move (second tile)`), а получено {text!r}'),
    'gpos_expected_tiles_left_n': 'ожидалось `tiles left N`, а получено {parts!r}',
    'gpos_tiles_part_listing_empty': 'в записи позиции нет ни одной плитки',
    'gpos_listing_has_tiles_all': (
        'в записи всего {pool} {pool:плитка|плитки|плиток} (поставлено {n_placements}, осталось '
        '{left}), а в игре их {total}'),
    'gpos_pool_tiles_out_range': (
        'запас из {pool} {pool:плитки|плиток|плиток} вне диапазона {low}-{high}'),
    'gpos_listing_says_but_tiles': 'в записи сказано `{status}`, а по плиткам выходит `{actual}`',
    'gpos_cannot_read_tiles': 'не удаётся прочитать плитки: {error}',
    'gpos_tile_follows_end_game': (
        'плитка {number} `{placement}` стоит после конца партии ({result})'),
    'gpos_che_tile': 'плитка {number} `{placement}`: {reason}',
    'gpos_position_listing_must_text': 'запись позиции должна быть текстом',
    'gpos_b_form': "запись позиции имеет вид 'W: ...; B: ...; W to move' (три части через ';')",
    'gpos_b_last_part': (
        "не удаётся прочитать {parts!r}: ожидалось 'W to move', 'W wins' или 'draw'"),
    'gpos_b_kings': 'в записи Королей: {total_kings}, а в этой партии их {want}',
    'gpos_b_side_part': "не удаётся прочитать {part!r}: ожидалось 'W: ...' и 'B: ...'",
    'gpos_cannot_read_items_look': (
        'не удаётся прочитать {item!r} (элементы пишутся как 2K@2 или 4K@S)'),
    'gpos_cannot_read_pieces': 'не удаётся прочитать фишки в {item!r}',
    'gpos_space_listed_twice': 'поле {where} стороны {side} указано дважды',
    'gpos_b_no_space': 'поля {n} нет',
    'gpos_intersection_held_by_both': 'Пересечение {n} стороны {side} занято обеими сторонами',
    'gpos_has_ordinary_pieces_each': 'у {side} обычных фишек: {ordinary}; у каждой стороны их 12',
    'gpos_holds_more_than_king': 'на {kind} {where} стороны {side} больше 4 фишек (Король = 2)',
    'gpos_c_no_square': 'клетки {n} нет на дорожке (1-{track})',
    'gpos_empty_position_listing': 'пустая запись позиции',
    'gpos_colours_must_r_b': (
        'цвета должны быть R, B (2 игрока), R, G, B (3) или R, G, B, Y (4), а получено {colours}'),
    'gpos_list_colours_turn_order': 'перечислите цвета в порядке хода: {sides}',
    'gpos_every_colour_must_have': 'у всех цветов должно быть одинаковое число фишек',
    'gpos_c_out_to_move': '{next_side} уже не играет и не может ходить',
    'gpos_game_goes_only_while': 'партия идёт, только пока играют двое или больше',
    'gpos_colour_listed_twice': 'цвет {side} указан дважды',
    'gpos_pieces_colour_game_uses': '{n} {n:фишка|фишки|фишек} на цвет, а в игре их {low}-{high}',
    'gpos_cannot_have_dropped': '{s} не мог сбросить на {to}',
    'gpos_dropped_cannot_placed': '{s} сбросил и не может занять место',
    'gpos_has_borne_off_every': '{s} выбросил все фишки, но места не занял',
    'gpos_no_side_move_no': "нет ни стороны, которая ходит, ни результата: напишите 'X to move'",
    'gpos_finished_game_has_nothing': 'в законченной партии ничего не ждут',
    'gpos_taunt_needs_two_players': 'для вызова нужны два игрока, которые ещё играют',
    'gpos_taunts_are_off_this': 'вызовы в этой партии отключены',
    'gpos_c_taunt_cube': '{a} не может вызвать {b}: их куб у {stake_holder}',
    'gpos_c_voters_playing': (
        'голосуют только те, кто ещё играет, после того как первый закончил'),
    'gpos_list_voters_turn_order': 'перечислите голосующих в порядке хода',
    'gpos_bad_cube_pair': 'неверная пара куба в {seg!r}',
    'gpos_bad_cube_stake_doubles': (
        'неверный куб в {seg!r}: ставка удваивается начиная с 1, а владелец — один из пары'),
    'gpos_cannot_read_write_n': '{side}: не удаётся прочитать {item!r} (пишите n@клетка)',
    'gpos_bad_repeated_entry': '{side}: неверная или повторная запись {item!r}',
    'gpos_square_holds_two_colours': 'клетку {p} занимают два цвета',
    'gpos_placing_out_order_next': "место {seg!r} не по порядку (следующее — '{want}')",
    'gpos_cannot_read_here': 'здесь не удаётся прочитать {seg!r}',
    'gpos_h_form': (
        'запись позиции Хачапури состоит из трёх частей через `; `: `W: ...; B: ...; W to move`'),
    'gpos_unreadable_last_part_expected': (
        'не удаётся прочитать последнюю часть {parts!r}: ожидалось `W to move`, `B to move`, `W '
        'wins` или `W wins 2`'),
    'gpos_wins_but_has_borne': '{winner} выигрывает, но {side} выбросил {counts} из {checkers}',
    'gpos_both_sides_have_borne': 'обе стороны выбросили все фишки',
    'gpos_h_result_differs': (
        '{side} выбросил {counts}, так что результат — `{result}`, а не `{parts}`'),
    'gpos_expected_s_part_start': 'часть {side} должна начинаться с `{prefix}`: {part!r}',
    'gpos_has_no_checkers_listed': 'у {side} не указано ни одной фишки',
    'gpos_has_checkers_each_side': (
        'у {side} {total} {total:фишка|фишки|фишек}, а у каждой стороны их {checkers}'),
    'gpos_h_both_on_point': (
        'пункт {p} белых — это пункт {black} чёрных, и там стоят фишки обеих сторон'),
    'gpos_unreadable_entry_write_count': (
        'не удаётся прочитать запись {entry!r} для {side}: пишите `число@пункт` (пункт 1-24 или '
        'F для выброшенных)'),
    'gpos_there_no_point_write': '{side}: пункта 0 нет (для выброшенных пишите F)',
    'gpos_h_no_point': '{side}: пункта {point} нет на доске (1-24)',
    'gpos_h_count': '{side}: число {n} в {entry!r}',
    'gpos_point_listed_twice': '{side}: пункт {point} указан дважды',
    'gpos_has_borne_off_all': (
        '{side} выбросил все {checkers} {checkers:фишку|фишки|фишек}: партия окончена, и запись '
        'должна кончаться результатом'),
    'grec_no_game_tag': 'нет тега Game',
    'grec_line_dice_must_most': (
        'строка {line}: кости должны быть 1-6, не больше {most}, например [6 5]; а получено '
        '[{shown}]'),
    'grec_line_neither_tag_nor': 'строка {number}: это ни тег, ни ход: {line!r}',
    'grec_line_turn_number_longer': (
        'строка {number}: номер хода {digits}... длиннее {most} {most:цифры|цифр|цифр}'),
    'grec_line_tag_after_first': 'строка {number}: тег после первого хода',
    'grec_game_match_has_game': 'у партии матча тег Game {tag!r}, а не {name!r}',
    'grec_game_tag': 'тег Game — {tag!r}, а не {name!r}',
    'grec_log_not_position': 'журнал этой партии не приводит к её позиции',
    # why a game ended (a ``Won`` event's ``why``, a result inside an error); the side
    # letters in ``player`` are named by the reader (bot/catalogue/reasons.py)
    'why_parts': '{reason}; {rest}',
    'why_bore_off_all': 'выброшены все 15 фишек',
    'why_mars': 'марс: проигравший не выбросил ни одной фишки',
    'why_all_finish': 'все фишки на Финише',
    'why_king_trapped': 'Король в ловушке',
    'why_draw_no_pieces': 'ничья: в игре не осталось фишек',
    'why_draw': 'ничья',
    'why_first_home': 'первым пришёл домой',
    'why_dropped': '{player} отказывается от вызова',
    'why_resigned': '{player} сдаётся',
    'why_voted_stop': '{player} голосует за то, чтобы закончить',
    'why_wins': 'побеждает {player}',
    'why_wins_points': 'побеждает {player} ({points} {points:очко|очка|очков})',
    'why_2nd': '{player}: 2-е место',
    'why_3rd': '{player}: 3-е место',
    'why_4th': '{player}: 4-е место',
    'why_closed_region': 'плитка {tile} закрыла область ({colour})',
    'why_closed_both': 'плитка {tile} закрыла области обоих цветов, и ходивший проигрывает',
    'why_tiles_out': 'плитки кончились',
    'why_largest': 'крупнейшие области: белые {white}, синие {blue}',
    'why_white': 'белые',
    'why_blue': 'синие',
    'why_text': '{text}',
}
