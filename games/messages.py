"""The engines' messages to a player, as data: a code and its values.

An engine says what is wrong with a ``Message`` (``GameError`` carries one, see
games/errors.py) rather than with English text, so each language says it from the
code: English here (``EN``, what ``str(error)`` shows), other languages in the bot's
catalogue (bot/catalogue/engine.py), which never reads the English back.  This is
the pattern of computer/reasons.py (reasons of a hint as a key and values).

Values are plain and picklable: numbers, texts the player wrote or the engine
names (a move, a point, dice as written), or another ``Message`` (a reason inside
a sentence: the ``reason`` of ``label: reason``, the parts of ``a; b``), which each
language says in its own words in turn.

A template is ``str.format`` text with plural specs: ``{pips:pip|pips}`` is the
word for the count ``pips`` (the bot's catalogue reads the same spec, with three
forms in Russian).
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Union

#: A value in a message: see the module's note.
Value = Union[str, int, float, None, tuple[str, ...], "Message"]


@dataclass(frozen=True)
class Message:
    """What an engine says: a code (a key of ``EN``) and the values its template fills."""

    code: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, code: str, **values: Value) -> Message:
        # an unknown code is the engine's own fault: fail where it is raised, not when
        # a player's language is looked up
        if code not in EN:
            raise KeyError(f"no English template for message code {code!r}")
        missing = _fields(EN[code]) - values.keys()
        if missing:
            raise KeyError(f"message {code!r} lacks the values {sorted(missing)}")
        return cls(code, tuple(values.items()))

    def get(self, name: str) -> Value:
        return dict(self.values)[name]

    def __str__(self) -> str:
        return render(self, EN)


@functools.lru_cache(maxsize=1024)  # one entry a template: bounded by the table
def _fields(template: str) -> frozenset[str]:
    """The names a template fills."""
    return frozenset(name for _text, name, _spec, _conv in string.Formatter().parse(template)
                     if name is not None)


class _Formatter(string.Formatter):
    """``str.format`` plus plural specs (English: one and other forms)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            forms = format_spec.split("|")
            # a value that is no single number (a list of counts, "1, 2") takes the plural
            count = int(value) if isinstance(value, int) or str(value).isdigit() else 0
            return forms[0] if abs(count) == 1 else forms[-1]
        return super().format_field(value, format_spec)


def render(message: Message, templates: Mapping[str, str],
           formatter: string.Formatter | None = None) -> str:
    """``message`` said with ``templates`` (code -> template), nested messages too.

    A code ``templates`` lacks is said in English: a language that has not caught
    up with a new message still says something true."""
    fmt = formatter if formatter is not None else _Formatter()
    values = {name: render(v, templates, fmt) if isinstance(v, Message) else v
              for name, v in message.values}
    template = templates.get(message.code, EN[message.code])
    return fmt.format(template, **values)


def join_parts(first: Message, *more: Message) -> Message:
    """``a; b; c``: each part a message of its own (``gerr_parts`` nests the rest)."""
    if not more:
        return first
    return Message.of("gerr_parts", reason=first, rest=join_parts(*more))


def why_parts(first: Message, *more: Message) -> Message:
    """``a; b; c`` of reasons why a game ended (``first home; R wins; G 2nd``)."""
    if not more:
        return first
    return Message.of("why_parts", reason=first, rest=why_parts(*more))


def parts_of(message: Message) -> list[Message]:
    """The reasons ``why_parts`` joined, in order (``message`` alone if not joined)."""
    if message.code != "why_parts":
        return [message]
    first, rest = message.get("reason"), message.get("rest")
    assert isinstance(first, Message) and isinstance(rest, Message)
    return [first, *parts_of(rest)]


#: ``why_*`` codes of a place in a result (``R wins``, ``G 2nd``), by place.
PLACE_CODES = {1: "why_wins", 2: "why_2nd", 3: "why_3rd", 4: "why_4th"}


def placings_said(placings: tuple[str, ...]) -> Message:
    """``R wins; G 2nd; B 3rd`` as data (CheeseGambit's result)."""
    first, *more = [Message.of(PLACE_CODES[place], player=side)
                    for place, side in enumerate(placings, 1)]
    return why_parts(first, *more)


# -- JSON: a message kept in a stored event (games/events.py) --------------------------

def message_to_data(message: Message) -> dict[str, Any]:
    """``{"code": ..., "values": {name: value}}``; a nested message is such an object,
    a tuple a list (JSON keeps an object's order, so the values come back in order)."""
    def value(v: Value) -> Any:
        if isinstance(v, Message):
            return message_to_data(v)
        return list(v) if isinstance(v, tuple) else v
    return {"code": message.code, "values": {name: value(v) for name, v in message.values}}


def message_from_data(data: Any) -> Message:
    """The message ``message_to_data`` wrote; ValueError on anything else (an
    unknown code too: a stored code is never renamed)."""
    if not isinstance(data, dict) or set(data) != {"code", "values"} \
            or not isinstance(data["code"], str) or not isinstance(data["values"], dict):
        raise ValueError(f"not a message: {data!r}")
    if data["code"] not in EN:
        raise ValueError(f"unknown message code {data['code']!r}")

    def value(v: Any) -> Value:
        if isinstance(v, dict):
            return message_from_data(v)
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            return tuple(v)
        if v is None or isinstance(v, str | int | float) and not isinstance(v, bool):
            return v
        raise ValueError(f"not a message value: {v!r}")
    return Message(data["code"], tuple((str(k), value(v)) for k, v in data["values"].items()))


def labelled(label: str | Message, reason: Message) -> Message:
    """``label: reason`` (a move and why it cannot be played)."""
    return Message.of("gerr_labelled", label=label, reason=reason)


#: Every code's English template.  Codes are stable (the bot's catalogue and stored
#: translations key on them); the English may change freely.
EN: dict[str, str] = {
    'gerr_legal_more': '{reason}. Legal instead: {shown} (and {more} more)',
    'gerr_legal': '{reason}. Legal instead: {shown}',
    'gerr_column': '{reason} (column {column} of {text})',
    'gerr_text_long': 'that text is {length} characters; a turn is written in at most {limit}',
    'gerr_unmatched': "unmatched ')'",
    'gerr_unclosed': "unclosed '('",
    'gerr_too_many_tokens': 'more than {n} moves and notes written; a turn has far fewer',
    'gerr_count_range': 'count {count} is out of range 1-{limit}',
    'gerr_not_string': 'move text must be a string',
    'gerr_h_empty': 'no moves written (write `(no move)` to pass)',
    'gerr_h_pass_with_moves': 'a pass cannot be combined with moves',
    'gerr_h_pass_twice': 'pass written twice',
    'gerr_h_pass_counted': 'a pass cannot be counted',
    'gerr_h_count_digits': 'a count is written with digits 0-9, like 2(24/18)',
    'gerr_h_empty_group': 'empty count group',
    'gerr_h_too_many': 'more than {n} moves written',
    'gerr_h_after_f': 'nothing can follow F (borne off)',
    'gerr_h_no_point': 'point {point} is not on the board (1-24)',
    'gerr_h_start_point': 'a move starts from a point 1-24',
    'gerr_h_f_twice': 'F written twice',
    'gerr_h_want_point': 'expected a point number, got {got!r}',
    'gerr_h_no_hit': "Hachapury has no hitting, so there is nothing to mark with '*': write {move}",
    'gerr_h_want_slash': "expected '/', got {got!r}",
    'gerr_h_move_like': 'a move is written like 24/18',
    'gerr_h_move_ends': 'a move needs a source and a destination, like 24/18',
    'gerr_h_bad_dice': 'bad dice {dice}: Hachapury throws two dice 1-6',
    'gerr_over_colon': 'the game is over: {result}',
    'gerr_wrote_too_many': 'you wrote {steps} moves but {dice} gives at most {most}',
    'gerr_h_bear_pips': (
        '{label}: bearing off from {point} needs at least {need} pips, the dice {dice} give '
        '{total}'),
    'gerr_h_wrong_way': (
        '{label}: checkers move from higher to lower points (from 24 towards 1), so this goes '
        'the wrong way'),
    'gerr_h_no_sum': (
        '{label}: that is {pips} {pips:pip|pips}, which no die or sum of the dice {dice} makes'),
    'gerr_h_cannot_pass': 'you have a legal move, so you cannot pass',
    'gerr_h_no_move': 'you have no legal move with {dice}: write `(no move)`',
    'gerr_h_both_dice': 'you must use both dice: e.g. `{example}`',
    'gerr_h_max_dice': (
        'you must play {most} dice (as many as possible), not {used}: e.g. `{example}`'),
    'gerr_h_higher_die': 'with only one die playable the higher ({high}) must be used',
    'gerr_h_not_full': 'that is not a legal full turn',
    'gerr_turn_not_legal': 'that turn is not legal',
    'gerr_h_more_dice': 'those moves need more dice than {dice}',
    'gerr_h_no_checker': 'you have no checker on point {point}',
    'gerr_h_no_checker_at': '{label}: you have no checker on point {point}',
    'gerr_h_over_after_off': (
        'the game is over once your last checker is borne off; nothing can be played after it'),
    'gerr_h_held': 'point {point} is held by {opponent}',
    'gerr_h_outside_one': 'cannot bear off: {n} checker is still outside the home',
    'gerr_h_outside': 'cannot bear off: {n} checkers are still outside the home',
    'gerr_h_bear_higher': (
        'cannot bear off from {point} with a {die}: a checker stands on {highest}, and a die '
        'bears off from a lower point only when no checker stands on its own point or higher'),
    'gerr_h_bear_highest': (
        'cannot bear off from {point} with a {die}: a {die2} bears off from the highest '
        'occupied point, {highest}'),
    'gerr_h_barrier': (
        'that leaves a barrier of {n} points {where} with no {opponent} checker past it'),
    'gerr_c_no_square': 'square {square} is not on the track (1-{track})',
    'gerr_c_want_square': 'expected a square (1-72, P, S1-S6, R1-R6 or F) at {at}',
    'gerr_c_star': "'*' marks a bump after the square landed on, like 65/66*",
    'gerr_c_want_sep': "expected '/' or 'X' between squares, found {found!r}",
    'gerr_c_move_ends': 'a move needs a start and an end, like 9/13',
    'gerr_c_f_end': 'F (borne off) can only end a move',
    'gerr_c_p_start': 'P (the pool) can only start a move',
    'gerr_c_no_bump_there': 'X marks a bump, and nothing can be bumped on {where}: write {move}',
    'gerr_c_empty': 'empty move text; write moves like 9/13 13/17, or (dance)',
    'gerr_c_after_taunt': 'nothing may follow a taunt and its answer',
    'gerr_c_answer_form': "a taunt's answer is x<stake> or drop",
    'gerr_c_taunt_last': 'a taunt ends a turn: write the moves first',
    'gerr_c_dance_alone': '(dance) stands alone',
    'gerr_c_needs_moves': '{kind} needs its moves, e.g. G 2(9X13)',
    'gerr_c_first': '{word!r} must come first',
    'gerr_c_vote_form': 'write a vote as: vote G yes (or no)',
    'gerr_c_want_answer': 'expected accept, drop, T@B x2, T@B drop or vote G yes/no',
    'gerr_c_gamble_most': 'you wrote {steps} moves but the Gamble bears off at most {most}',
    'gerr_c_gambit_most': 'you wrote {steps} moves but the Gambit moves {most}',
    'gerr_c_cheese_most': 'you wrote {steps} moves but the CheeseGambit places at most {most}',
    'gerr_c_bad_dice': 'a turn needs two dice 1-6, got {dice}',
    'gerr_over_paren': 'the game is over ({result})',
    'gerr_over': 'the game is over',
    'gerr_c_answer_first': "{target} must first answer {taunter}'s taunt: accept or drop",
    'gerr_c_vote_wait': 'waiting for the vote to play on ({voters}): vote yes or no',
    'gerr_c_gamble_mandatory': 'doubles while bearing off: the Gamble is mandatory ({why})',
    'gerr_c_no_dance': 'you cannot dance: a move is possible',
    'gerr_c_gamble_when': 'the Gamble is played only with doubles while bearing off',
    'gerr_c_needs_doubles': 'the {name} needs doubles',
    'gerr_c_same_way': 'a {name} moves its pieces one step each, all the same way',
    'gerr_c_not_legal_special': 'not a legal {name}: {why}',
    'gerr_c_why_dance': 'S{die} is empty: dance baby dance!',
    'gerr_c_why_all_off': 'every piece on S{die} goes off',
    'gerr_c_why_empty_pool': 'it needs an empty pool',
    'gerr_c_why_two': 'it moves exactly two pieces',
    'gerr_c_why_stack': 'it moves two pieces from a stack of yours, and {src} is not one',
    'gerr_c_why_onto': '{move} must be a move of {die} onto opponent pieces',
    'gerr_c_why_pool_empty': 'it brings pieces back from the pool, and yours is empty',
    'gerr_c_why_enters': 'it enters from the pool on R{die} = {square}',
    'gerr_c_why_no_block': 'R{die} = {square} holds no opponent block',
    'gerr_c_why_places': 'it places 1 or 2 pieces (you have {pool} in the pool)',
    'gerr_c_no_bump': 'no piece was bumped on {where} this turn: write {move}',
    'gerr_c_ambiguous': (
        'these moves can be played more than one way; say which (mark bumps with X or write '
        "each die's step)"),
    'gerr_c_taunts_off': 'taunts are off in this game',
    'gerr_c_taunt_whom': 'you may taunt only a side you bumped this turn ({who})',
    'gerr_c_taunt_finished': 'no taunt after finishing',
    'gerr_c_not_playing': '{side} is not playing any more',
    'gerr_c_cube_holder': '{holder} holds the cube between {a} and {b}: only {who} may taunt next',
    'gerr_c_no_taunt': 'there is no taunt to answer',
    'gerr_c_no_vote': 'there is no vote to answer now',
    'gerr_c_not_voter': '{side} has no vote to cast; waiting for {voters}',
    'gerr_c_only_target': "only {target} may answer {taunter}'s taunt",
    'gerr_c_no_pending': 'there is no pending taunt at {target}',
    'gerr_c_stake_not': 'accepting makes the stake {stake}, not {written}',
    'gerr_c_stake': 'accepting makes the stake {stake}',
    'gerr_c_vote_for': 'you vote for {side}, not for {other}',
    'gerr_c_only_special': 'no ordinary move is possible: dance or play the special move',
    'gerr_c_must_dance': 'no move is possible with these dice: the turn is (dance)',
    'gerr_c_full_gambit': (
        'the dice must be used in full ({best} moves); for the Gambit write G first, e.g. G '
        '2(9X13)'),
    'gerr_c_full': 'the dice must be used in full: this turn must play {best} {best:die|dice}',
    'gerr_c_pool_first': (
        '{side} has {pool} {pool:piece|pieces} in the pool: they must re-enter first (P/R1..R6 '
        '= {low}-{high})'),
    'gerr_c_pool_empty': '{move}: {side} has no piece in the pool',
    'gerr_c_no_piece': '{move}: no {side} piece on {where}',
    'gerr_c_block': '{move}: {square} is a {owner} block',
    'gerr_c_bear_safe': '{move}: bearing off needs every piece in the safe zone',
    'gerr_c_exit': (
        '{move}: a {side} piece turns off the track at its exit square {exit} into S6..S1 and '
        'never passes it'),
    'gerr_c_forward': '{move}: pieces only move forward',
    'gerr_c_steps': (
        '{move} is {pips} {pips:step|steps}; {dice} move a piece {made} {made:step|steps}'),
    'gerr_in_chain': '{reason} (in {chain})',
    'gerr_c_no_way': (
        '{move} cannot be played with {dice}: every way there lands on an opponent block or '
        'needs dice already spent'),
    'gerr_c_not_all': (
        '{move} cannot be played as well as {before}: {dice} do not give the dice for all of '
        'them'),
    'gerr_c_cannot': 'these moves cannot be played with {dice}',
    'gerr_che_coordinate': 'coordinate {value} is too large',
    'gerr_che_want': 'expected a placement such as `1,0B` (cell x,y then W or B)',
    'gerr_che_colour': 'a placement needs its dominant colour W or B after the cell',
    'gerr_che_after': 'unexpected character after a placement (separate placements by spaces)',
    'gerr_che_taken': 'cell {cell} is taken; legal cells: {cells}',
    'gerr_che_alone': (
        'cell {cell} is not next to any tile (it must share an edge with one); legal cells: '
        '{cells}'),
    'gerr_che_orientation': (
        'orientation `{given}` contradicts the forced `{forced}` at {cell} for a {colour} tile; '
        'write `{write}`'),
    'gerr_che_no_dice': 'Che uses no dice',
    'gerr_che_only': 'this turn needs {need} {need:tile|tiles}; `{moves}` is only {done}',
    'gerr_che_needs_not': 'this turn needs {need} {need:tile|tiles}, not {n}',
    'gerr_che_needs': 'this turn needs {need} {need:tile|tiles}',
    'gerr_che_place_one': '`place` takes one placement, not {n}',
    'gerr_che_first_cell': 'the first tile goes at 0,0, not {cell}',
    'gerr_che_first_orientation': 'the first tile needs its orientation: `0,0{c}/` or `0,0{c2}\\`',
    'gerr_che_ended': 'the turn ended after `{done}` ({result}: {ending}); leave out `{extra}`',
    'gerr_che_white_first': 'in Che White always places the first tile',
    'gerr_b_no_space_named': 'there is no space {n} (spaces are S, 1-17 and F)',
    'gerr_b_one_cheb': 'only one <...> Chebache part',
    'gerr_b_no_move_with': '(no move) cannot come with moves',
    'gerr_b_pieces': 'cannot read the pieces {what!r} (like K, 1K, K1, 1K1)',
    'gerr_b_move': 'cannot read {what!r} (moves look like 2/7, 8\\6, 3X9, K(4/10), 4^6)',
    'gerr_b_cheb_part': 'cannot read Chebache part {what!r} (like <W2,8; B4>)',
    'gerr_b_cannot_read': 'cannot read {what}',
    'gerr_b_out_of_finish': 'nothing moves out of Finish',
    'gerr_b_into_start': 'nothing moves into Start',
    'gerr_b_nowhere': '{move!r} does not go anywhere',
    'gerr_b_one_jump': 'only one jump sequence a turn (and it must continue the last one)',
    'gerr_b_jump_last': 'the jump (Phase II) comes after every move',
    'gerr_b_king_named': 'only the King is named in a move: K(4/10)',
    'gerr_b_backward': '{move} goes backward: write {write}',
    'gerr_b_forward': '{move} goes forward: write {write}',
    'gerr_b_dice_form': 'dice must be written like [5 2]',
    'gerr_b_unexpected': 'unexpected {ch!r}',
    'gerr_b_bad_dice': 'Chebache is played with two dice 1-6, got {dice}',
    'gerr_b_dice_differ': 'the text says {written} but the dice are {dice}',
    'gerr_b_no_turn': 'no legal turn exists',
    'gerr_b_incomplete': (
        'the turn is not complete: dice {unused} can still be used (e.g. {options})'),
    'gerr_b_attack_note': 'the attack note does not match: the turn attacks {what}',
    'gerr_b_flip_note': 'the King-flip note does not match: the turn flips {what}',
    'gerr_b_minus_note': "the '-' note does not match: sacrificed {sacs}, trapped {traps}",
    'gerr_b_cheb_note': 'the Chebache note does not match: after the turn {cheb} stand',
    'gerr_b_dice_used': '{label}: every die is already used',
    'gerr_b_start_empty': '{label}: nothing of yours is in Start',
    'gerr_b_no_king_start': '{label}: no King in Start',
    'gerr_b_leave_start': (
        '{label}: pieces in Start must leave Start first (you have a piece in Finish)'),
    'gerr_b_no_piece': '{label}: no piece of yours on {src}',
    'gerr_b_king_covered': '{label}: the King on {src} is covered (only the top piece moves)',
    'gerr_b_no_backward': "{label}: no backward moves in the beginners' game",
    'gerr_b_backward_who': '{label}: only pieces on a Tivit (2, 8, 10, 16) or a King move backward',
    'gerr_b_finish_larger': (
        '{label}: entering Finish with a larger die needs every piece on 13-17, nothing in '
        'Start, and the piece furthest from Finish'),
    'gerr_b_needs': '{label}: needs a {dist} (dice left: {left})',
    'gerr_b_under_cheb': "{label}: space {dst} is under an opponent's Chebache",
    'gerr_b_king_attack': '{label}: a King may not attack a King or a stack with one',
    'gerr_b_stack_limit': '{label}: space {dst} would hold more than 4 of yours (King = 2)',
    'gerr_b_nothing_to_attack': "{label}: nothing of the opponent's is on {dst} to attack",
    'gerr_b_cannot_complete': (
        '{label}: after it the turn cannot be completed legally (an attack left unresolved or a '
        'piece returned to stay)'),
    'gerr_b_not_here': '{label} is not legal here',
    'gerr_b_returned': (
        'a piece would end the turn on the space it began on ({where}): no return to stay'),
    'gerr_b_jump_forfeit': 'no jump after a forfeited move',
    'gerr_b_jump_beginners': "there is no jumping in the beginners' game (kings=false)",
    'gerr_b_jump_dice': 'no jump: not every die was used in Phase I',
    'gerr_b_jump_start': 'no jump while pieces must leave Start (a piece is in Finish)',
    'gerr_b_bad_jump': (
        '{jump} is not a legal jump (each Intersection jumped must be yours, each landing '
        'within the stacking limit and free of Chebache, backward jumps only from Tivits, no '
        'landing where a jumping piece began the turn)'),
    'gerr_b_jump_where': (
        'jumps go from a Square or Tivit to a Square or Tivit (not S, F or Intersections)'),
    'gerr_b_not_held': 'space {src} does not hold {unit}',
    'gerr_b_top': (
        'the top of space {src} is {top}, not {unit} (a bare count means ordinary pieces only)'),
    'gerr_b_jump_back': 'only a Tivit (or a unit of Kings) jumps backward; {src} is a Square',
    'gerr_b_jump_returned': 'the jump leaves a piece returned to stay where it began the turn',
    'gerr_unknown_game_close': 'unknown game {name!r} (did you mean {close}?); games: {games}',
    'gerr_unknown_game': 'unknown game {name!r}; games: {games}',
    'gerr_game_unavailable': 'game {name!r} is not available yet',
    'gerr_option_yes_no': '{option} must be {yes} or {no}, not {value}',
    'gerr_option_number': '{option} must be a whole number {low}-{high}, not {value}',
    'gerr_option_unknown': 'unknown option {name!r} for {title}; options: {options}',
    'gerr_option_none': '{title} has no options (got: {name})',
    'gerr_option_first_wb': 'first must be W or B, got {value!r}',
    'gerr_option_h_side': "unknown side {value!r}: Hachapury's sides are W and B",
    'gerr_option_c_first': '{first} is not playing; sides: {sides}',
    'gerr_no_action': 'no answer or vote is due in this game now',
    'gerr_log_orphan': '`{record}` adds to a turn that is not in the replay',
    'gerr_log_ending': (
        '`{addition}` does not read as an ending of `{record}` (it plays as `{full}`)'),
    'gerr_parts': '{reason}; {rest}',
    'gerr_labelled': '{label}: {reason}',
    # -- position listings and record files: read by the tools (console, engine,
    # verify, replay) and by a game's start from a listing ----------------------------
    'gpos_che_form': (
        'a Che listing is `<tiles>; tiles left N; <side> to move` (e.g. `0,0W/ 1,0B; tiles left '
        '62; B to move (second tile)`), got {text!r}'),
    'gpos_expected_tiles_left_n': 'expected `tiles left N`, got {parts!r}',
    'gpos_tiles_part_listing_empty': 'the tiles part of the listing is empty',
    'gpos_listing_has_tiles_all': (
        'the listing has {pool} {pool:tile|tiles} in all ({n_placements} placed, {left} left) '
        'but the game uses {total}'),
    'gpos_pool_tiles_out_range': 'a pool of {pool} {pool:tile|tiles} is out of range {low}-{high}',
    'gpos_listing_says_but_tiles': 'the listing says `{status}` but the tiles give `{actual}`',
    'gpos_cannot_read_tiles': 'cannot read the tiles: {error}',
    'gpos_tile_follows_end_game': (
        'tile {number} `{placement}` follows the end of the game ({result})'),
    'gpos_che_tile': 'tile {number} `{placement}`: {reason}',
    'gpos_position_listing_must_text': 'a position listing must be text',
    'gpos_b_form': "a listing is 'W: ...; B: ...; W to move' (three parts split by ';')",
    'gpos_b_last_part': (
        "cannot read {parts!r}: expected 'W to move', 'W wins' or 'draw'"),
    'gpos_b_kings': 'the listing has {total_kings} Kings; this game has {want}',
    'gpos_b_side_part': "cannot read {part!r}: expected 'W: ...' and 'B: ...'",
    'gpos_cannot_read_items_look': 'cannot read {item!r} (items look like 2K@2 or 4K@S)',
    'gpos_cannot_read_pieces': 'cannot read the pieces in {item!r}',
    'gpos_space_listed_twice': 'space {where} of {side} is listed twice',
    'gpos_b_no_space': 'there is no space {n}',
    'gpos_intersection_held_by_both': 'Intersection {n} of {side} is held by both sides',
    'gpos_has_ordinary_pieces_each': '{side} has {ordinary} ordinary pieces; each side has 12',
    'gpos_holds_more_than_king': '{kind} {where} of {side} holds more than 4 (King = 2)',
    'gpos_c_no_square': 'square {n} is not on the track (1-{track})',
    'gpos_empty_position_listing': 'empty position listing',
    'gpos_colours_must_r_b': (
        'the colours must be R, B (2 players), R, G, B (3) or R, G, B, Y (4), got {colours}'),
    'gpos_list_colours_turn_order': 'list the colours in turn order: {sides}',
    'gpos_every_colour_must_have': 'every colour must have the same number of pieces',
    'gpos_c_out_to_move': '{next_side} is not playing any more and cannot move',
    'gpos_game_goes_only_while': 'the game goes on only while two or more play',
    'gpos_colour_listed_twice': 'colour {side} is listed twice',
    'gpos_pieces_colour_game_uses': '{n} {n:piece|pieces} a colour; the game uses {low}-{high}',
    'gpos_cannot_have_dropped': '{s} cannot have dropped to {to}',
    'gpos_dropped_cannot_placed': '{s} dropped and cannot be placed',
    'gpos_has_borne_off_every': '{s} has borne off every piece but is not placed',
    'gpos_no_side_move_no': "no side to move and no result: write 'X to move'",
    'gpos_finished_game_has_nothing': 'a finished game has nothing pending',
    'gpos_taunt_needs_two_players': 'a taunt needs two players still playing',
    'gpos_taunts_are_off_this': 'taunts are off in this game',
    'gpos_c_taunt_cube': '{a} cannot taunt {b}: {stake_holder} holds their cube',
    'gpos_c_voters_playing': 'only players still playing vote, after the first finishes',
    'gpos_list_voters_turn_order': 'list the voters in turn order',
    'gpos_bad_cube_pair': 'bad cube pair in {seg!r}',
    'gpos_bad_cube_stake_doubles': (
        'bad cube in {seg!r}: the stake doubles from 1, the holder is one of the pair'),
    'gpos_cannot_read_write_n': '{side}: cannot read {item!r} (write n@square)',
    'gpos_bad_repeated_entry': '{side}: bad or repeated entry {item!r}',
    'gpos_square_holds_two_colours': 'square {p} holds two colours',
    'gpos_placing_out_order_next': "placing {seg!r} out of order (next is '{want}')",
    'gpos_cannot_read_here': 'cannot read {seg!r} here',
    'gpos_h_form': (
        'a Hachapury listing has three parts separated by `; `: `W: ...; B: ...; W to move`'),
    'gpos_unreadable_last_part_expected': (
        'unreadable last part {parts!r}: expected `W to move`, `B to move`, `W wins` or `W wins '
        '2`'),
    'gpos_wins_but_has_borne': '{winner} wins, but {side} has borne off {counts} of {checkers}',
    'gpos_both_sides_have_borne': 'both sides have borne off every checker',
    'gpos_h_result_differs': (
        '{side} has borne off {counts}, so the result is `{result}`, not `{parts}`'),
    'gpos_expected_s_part_start': "expected {side}'s part to start with `{prefix}`: {part!r}",
    'gpos_has_no_checkers_listed': '{side} has no checkers listed',
    'gpos_has_checkers_each_side': (
        '{side} has {total} {total:checker|checkers}; each side has {checkers}'),
    'gpos_h_both_on_point': (
        "White's point {p} is Black's point {black}, and both sides have checkers there"),
    'gpos_unreadable_entry_write_count': (
        'unreadable entry {entry!r} for {side}: write `count@point` (point 1-24, or F for borne '
        'off)'),
    'gpos_there_no_point_write': '{side}: there is no point 0 (write F for borne off)',
    'gpos_h_no_point': '{side}: point {point} is not on the board (1-24)',
    'gpos_h_count': '{side}: a count of {n} on {entry!r}',
    'gpos_point_listed_twice': '{side}: point {point} is listed twice',
    'gpos_has_borne_off_all': (
        '{side} has borne off all {checkers}: the game is over, so the listing must end with '
        'the result'),
    'grec_no_game_tag': 'no Game tag',
    'grec_line_dice_must_most': (
        'line {line}: dice must be 1-6, at most {most}, like [6 5]; got [{shown}]'),
    'grec_line_neither_tag_nor': 'line {number}: neither a tag nor a turn: {line!r}',
    'grec_line_turn_number_longer': (
        'line {number}: turn number {digits}... is longer than {most} digits'),
    'grec_line_tag_after_first': 'line {number}: tag after the first turn',
    'grec_game_match_has_game': 'a game of the match has Game tag {tag!r}, not {name!r}',
    'grec_game_tag': 'Game tag is {tag!r}, not {name!r}',
    'grec_log_not_position': 'the log of this game does not replay to its position',
    # -- why a game ended: a ``Won`` event's ``why`` (games/events.py) and a result
    # inside an error (``the game is over (R wins; G 2nd)``).  Side letters are the
    # value ``player``, so a reader can name the players without reading the text --
    'why_parts': '{reason}; {rest}',
    'why_bore_off_all': 'bore off all 15',
    'why_mars': 'mars: the loser bore off none',
    'why_all_finish': 'all pieces in Finish',
    'why_king_trapped': 'a King trapped',
    'why_draw_no_pieces': 'draw: no pieces left in play',
    'why_draw': 'draw',
    'why_first_home': 'first home',
    'why_dropped': '{player} dropped the taunt',
    'why_resigned': '{player} resigned',
    'why_voted_stop': '{player} voted to stop',
    'why_wins': '{player} wins',
    'why_wins_points': '{player} wins {points}',
    'why_2nd': '{player} 2nd',
    'why_3rd': '{player} 3rd',
    'why_4th': '{player} 4th',
    'why_closed_region': '{tile} closed a {colour} region',
    'why_closed_both': '{tile} closed regions of both colours, so the mover loses',
    'why_tiles_out': 'the tiles ran out',
    'why_largest': 'largest regions White {white}, Blue {blue}',
    'why_white': 'White',
    'why_blue': 'Blue',
    # a reason stored by an earlier version that no code says (games/legacy.py): the
    # engine's words as they were
    'why_text': '{text}',
}
