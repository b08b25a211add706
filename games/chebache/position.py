"""The Chebache position: legal turns, playing a turn, listing, renderer view."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from games.base import Dice, Played, Position, Result
from games.chebache.board import (
    FINISH,
    NUMBER,
    SIDE_LETTERS,
    SLOT,
    START,
    TIVITS,
    Location,
    location,
    opp,
)
from games.chebache.chebaches import chebache_part, controlled_slots, standing
from games.chebache.listing import write_listing
from games.chebache.parse import JumpSpec, MoveSpec, ParsedTurn, parse_turn
from games.chebache.phase1 import Move, apply_move, can_land, must_leave_start
from games.chebache.phase2 import Jump, jump_text
from games.chebache.state import (
    KING,
    P_FIN,
    P_FIN_K,
    P_START,
    P_START_K,
    State,
    parse_stack_form,
    weight,
)
from games.chebache.turns import (
    NO_MOVE,
    TurnSearch,
    end_of_turn,
    expand_dice,
    format_moves,
    returned_to_stay,
)
from games.errors import GameError, IllegalTurnError
from games.events import (
    ChebacheFormed,
    Event,
    Flipped,
    Hit,
    Moved,
    Passed,
    Sacrificed,
    Trapped,
    Won,
)
from games.messages import Message
from games.notation import format_dice
from games.outcome import EndReason
from games.turns import Step, StepKind, Turn, pass_turn, texts


@dataclass(frozen=True)
class SpaceView:
    """One occupied board space for a renderer: whose numbering, the number,
    where it is, and the pieces bottom to top as (side letter, is_king)."""

    side: str
    number: int
    location: Location
    pieces: tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class ChebacheView:
    """A standing Chebache: owner, letter, centre (owner's numbering), and the
    controlled opponent space (opponent's numbering); ``threatened`` when
    opponent pieces stand there."""

    owner: str
    letter: str
    centre: int
    controls: int
    threatened: bool


@dataclass
class _Cand:
    state: State
    dice: tuple[int, ...]
    moves: list[str]
    events: list[tuple[str, str]]
    #: What the moves did, as typed events (games/events.py).
    did: tuple[Event, ...] = ()


class ChebachePosition(Position):
    """An immutable Chebache position (``state`` is the compact form)."""

    game = "chebache"

    def __init__(self, state: State, side: int | None, result: Result | None,
                 options: Mapping[str, str]) -> None:
        self._state = state
        self._side = side
        self._result = result
        self._options = MappingProxyType(dict(options))
        self._kings_on = self._options.get("kings", "true") == "true"
        self._searches: dict[tuple[int, ...], TurnSearch] = {}
        self._legal: dict[tuple[int, ...], list[Turn]] = {}

    # --- protocol ---------------------------------------------------------
    @property
    def side_to_move(self) -> str | None:
        return None if self._side is None else SIDE_LETTERS[self._side]

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def options(self) -> Mapping[str, str]:
        return self._options

    @property
    def state(self) -> State:
        """The compact state (slots, pools); see ``games.chebache.state``."""
        return self._state

    def dice_count(self) -> int:
        return 0 if self._side is None else 2

    def listing(self) -> str:
        tail = self._result.text if self._result else f"{SIDE_LETTERS[self._side or 0]} to move"
        return write_listing(self._state, tail)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChebachePosition) and other.listing() == self.listing() \
            and dict(other.options) == dict(self.options)

    def __hash__(self) -> int:
        return hash(self.listing())

    def __repr__(self) -> str:
        return f"ChebachePosition({self.listing()!r})"

    # --- turns ------------------------------------------------------------
    def _check_dice(self, dice: Dice) -> tuple[int, ...]:
        dice = tuple(dice)
        if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise IllegalTurnError(Message.of("gerr_b_bad_dice", dice=str(list(dice))))
        return dice

    def _search(self, dice: tuple[int, ...]) -> TurnSearch:
        key = tuple(sorted(dice))
        s = self._searches.get(key)
        if s is None:
            assert self._side is not None
            s = TurnSearch(self._state, self._side, self._kings_on)
            self._searches[key] = s
        return s

    def legal_turns(self, dice: Dice) -> list[Turn]:
        if self._side is None:
            return []
        dice = self._check_dice(dice)
        key = tuple(sorted(dice))
        got = self._legal.get(key)
        if got is None:
            got = [_turn_value(text) for text in self._search(dice).turns(dice) or [NO_MOVE]]
            self._legal[key] = got
        return list(got)

    def play(self, text: str | Turn, dice: Dice) -> Played:
        if self._side is None:
            over = self._result.said if self._result else Message.of("why_text", text="")
            raise IllegalTurnError(Message.of("gerr_over_paren", result=over))
        dice = self._check_dice(dice)
        parsed = parse_turn(str(text))
        most = len(expand_dice(dice))
        if len(parsed.moves) > most:  # each written move takes a die: refuse before searching
            raise IllegalTurnError(
                Message.of("gerr_wrote_too_many", steps=len(parsed.moves), dice=format_dice(dice),
                           most=most))
        if parsed.dice is not None and sorted(parsed.dice) != sorted(dice):
            raise IllegalTurnError(
                Message.of("gerr_b_dice_differ", written=format_dice(parsed.dice),
                           dice=format_dice(dice)))
        return self._play_parsed(parsed, dice)

    def _illegal(self, reason: Message, dice: tuple[int, ...]) -> IllegalTurnError:
        return IllegalTurnError(reason, texts(self.legal_turns(dice)))

    def _play_parsed(self, parsed: ParsedTurn, dice: tuple[int, ...]) -> Played:
        side = self._side
        assert side is not None
        search = self._search(dice)
        start = expand_dice(dice)
        cands = [_Cand(self._state, start, [], [])]
        if not search.completable(self._state, start):  # pragma: no cover - defensive
            raise self._illegal(Message.of("gerr_b_no_turn"), dice)
        for spec in parsed.moves:
            new: list[_Cand] = []
            seen: set[tuple[State, tuple[int, ...]]] = set()
            for c in cands:
                for mv, st2, rest, _ in search.available(c.state, c.dice):
                    if not _matches(mv, spec, c.state, side):
                        continue
                    events: list[tuple[str, str]] = []
                    _, attack = apply_move(c.state, side, mv, events)
                    if spec.sym == "X" and not attack:
                        continue
                    if (st2, rest) in seen:
                        continue
                    seen.add((st2, rest))
                    text = _move_text(mv, attack)
                    did = c.did + _move_events(c.state, st2, side, mv)
                    new.append(_Cand(st2, rest, c.moves + [text], c.events + events, did))
            if not new:
                raise self._illegal(self._explain(cands[0], spec, search), dice)
            cands = new
        stops: list[tuple[_Cand, bool]] = []
        for c in cands:
            ok, jump_ok = search.may_stop(c.state, c.dice)
            if ok:
                stops.append((c, jump_ok))
        if not stops:
            c = cands[0]
            unused = " ".join(str(d) for d in c.dice)
            avail = search.available(c.state, c.dice)
            options = sorted({_move_text(c[0], False) for c in avail})
            raise self._illegal(
                Message.of("gerr_b_incomplete", unused=unused, options=", ".join(options[:6])),
                dice)
        final: tuple[_Cand, str | None, State, Jump | None] | None = None
        reason: Message | None = None
        for c, jump_ok in stops:
            if parsed.jump is None:
                bad = returned_to_stay(c.state)
                if bad:
                    reason = _returned_reason(bad, side)
                    continue
                final = (c, None, c.state, None)
                break
            if not jump_ok or not search.can_jump(c.state):
                reason = _no_jump_reason(c, search, side, self._kings_on)
                continue
            got = _find_jump(search, c.state, parsed.jump)
            if isinstance(got, Message):
                reason = got
                continue
            final = (c, got[0], got[1], got[2])
            break
        if final is None:
            assert reason is not None  # every candidate that did not stop said why
            raise self._illegal(reason, dice)
        cand, jtext, after, jump = final
        if jump is not None:
            cand = _Cand(cand.state, cand.dice, cand.moves, cand.events,
                         cand.did + _jump_events(cand.state, after, side, jump))
        return self._finish(parsed, dice, cand, jtext, after)

    def _finish(self, parsed: ParsedTurn, dice: tuple[int, ...], cand: _Cand,
                jtext: str | None, after: State) -> Played:
        side = self._side
        assert side is not None
        eot = end_of_turn(after, side)
        # nothing moved: the turn passed (a Chebache may still trap pieces after it)
        did = (cand.did or (Passed(SIDE_LETTERS[side]),)) + _trap_events(after, eot.state) \
            + _formed_events(self._state, eot.state, side)
        attacks = [t for k, t in cand.events if k == "X"]
        flips = [t for k, t in cand.events if k == "K"]
        sacs = [t for k, t in cand.events if k == "-"]
        cheb = chebache_part(eot.state[0], side)
        _check_annotations(parsed, attacks, flips, sacs, eot.traps, cheb)
        moves_list = format_moves(cand.moves, None) if cand.moves else NO_MOVE
        parts = [format_dice(dice), moves_list]
        for group in (attacks, flips, sacs):
            if group:
                parts.append(", ".join(group))
        if jtext:
            parts.append(jtext)
        if eot.traps:
            parts.append(", ".join(eot.traps))
        if cheb:
            parts.append(cheb)
        moves = moves_list if not jtext else (
            jtext if moves_list == NO_MOVE else f"{moves_list}, {jtext}")
        if eot.winner is not None:
            w = SIDE_LETTERS[eot.winner]
            home = eot.winner == side
            ended = EndReason.ALL_HOME if home else EndReason.KING_TRAPPED
            res: Result | None = Result(w, 1, f"{w} wins", ended_by=ended)
            nxt = None
            why = Message.of("why_all_finish" if home else "why_king_trapped")
            did += (Won(w, 1, why),)
        elif eot.draw:
            res, nxt = Result(None, 0, "draw", ended_by=EndReason.NO_PIECES), None
            did += (Won("", 0, Message.of("why_draw_no_pieces")),)
        else:
            res, nxt = None, 1 - side
        pos = ChebachePosition(eot.state, nxt, res, self._options)
        return Played(pos, "; ".join(parts), moves, events=did)

    def _explain(self, cand: _Cand, spec: MoveSpec, search: TurnSearch) -> Message:
        side = self._side
        assert side is not None
        return explain_move(cand.state, cand.dice, spec, side, search, self._kings_on)

    # --- renderer view ----------------------------------------------------
    pass_text = NO_MOVE

    def piece_counts(self) -> Mapping[tuple[str, str], int]:
        """Pieces (a King counts one) per (side, space in its numbering), ``S``
        Start and ``F`` Finish."""
        counts: dict[tuple[str, str], int] = {}
        for slot, stack in enumerate(self._state[0]):
            for p in stack:
                key = (SIDE_LETTERS[p & 1], str(NUMBER[p & 1][slot]))
                counts[key] = counts.get(key, 0) + 1
        pools = self._state[1]
        for s, letter in enumerate(SIDE_LETTERS):
            b = s * 4
            for name, n in (("S", pools[b + P_START] + pools[b + P_START_K]),
                            ("F", pools[b + P_FIN] + pools[b + P_FIN_K])):
                if n:
                    counts[(letter, name)] = n
        return counts

    def spaces(self) -> list[SpaceView]:
        """Every occupied board space, in each occupant's own numbering."""
        out = []
        slots = self._state[0]
        for slot, st in enumerate(slots):
            if not st:
                continue
            side = st[0] & 1
            n = NUMBER[side][slot]
            pieces = tuple((SIDE_LETTERS[p & 1], bool(p & KING)) for p in st)
            out.append(SpaceView(SIDE_LETTERS[side], n, location(side, n), pieces))
        return out

    def stack(self, side: str, number: int) -> tuple[tuple[str, bool], ...]:
        """The pieces on a space (bottom to top) as (side letter, is_king)."""
        s = SIDE_LETTERS.index(side.upper())
        st = self._state[0][SLOT[s][number]]
        return tuple((SIDE_LETTERS[p & 1], bool(p & KING)) for p in st)

    def start(self, side: str) -> tuple[int, int]:
        """(ordinary pieces, Kings) in ``side``'s Start."""
        b = SIDE_LETTERS.index(side.upper()) * 4
        return self._state[1][b + P_START], self._state[1][b + P_START_K]

    def finish(self, side: str) -> tuple[int, int]:
        """(ordinary pieces, Kings) in ``side``'s Finish."""
        b = SIDE_LETTERS.index(side.upper()) * 4
        return self._state[1][b + P_FIN], self._state[1][b + P_FIN_K]

    def chebaches(self) -> list[ChebacheView]:
        """Every standing Chebache of both sides."""
        out = []
        slots = self._state[0]
        for owner in (0, 1):
            for sh in standing(slots, owner):
                out.append(ChebacheView(SIDE_LETTERS[owner], sh.letter, sh.centre,
                                        sh.controlled_number, bool(slots[sh.controlled_slot])))
        return out

    def threatened(self) -> list[tuple[str, int]]:
        """Occupied spaces under an opponent Chebache: (victim letter, victim's number)."""
        out = []
        slots = self._state[0]
        for owner in (0, 1):
            for slot in sorted(controlled_slots(slots, owner)):
                if slots[slot]:
                    victim = 1 - owner
                    out.append((SIDE_LETTERS[victim], NUMBER[victim][slot]))
        return out


def _place(n: int) -> str:
    return "S" if n == START else "F" if n == FINISH else str(n)


def _move_events(before: State, after: State, side: int, mv: Move) -> tuple[Event, ...]:
    """One Phase I move and what its landing did, read from the stacks
    before and after it (not from the record text)."""
    die, src, dst, king, _back = mv
    me = SIDE_LETTERS[side]
    out: list[Event] = [Moved(me, _place(src), _place(dst), die, 1, "K" if king else "")]
    if dst == FINISH:
        return tuple(out)
    slot = SLOT[side][dst]
    old = before[0][slot]
    foes = [p for p in old if (p & 1) != side]
    new = after[0][slot]
    if not foes or any((p & 1) != side for p in new):
        return tuple(out)  # no attack, or one that did not (yet) succeed
    kings = sum(1 for p in foes if p & KING)
    victim = SIDE_LETTERS[1 - side]
    there = str(opp(dst))
    if len(foes) > kings:
        out.append(Hit(me, victim, there, "S", len(foes) - kings))
    out += [Flipped(me, victim, str(dst), there)] * kings
    own_before = sum(1 for p in old if (p & 1) == side) + 1  # with the piece that came
    lost = own_before + kings - len(new)
    if lost:
        out.append(Sacrificed(me, str(dst), "S", lost))
    return tuple(out)


def _jump_events(before: State, after: State, side: int, jump: Jump) -> tuple[Event, ...]:
    """A Phase II jump: the unit that left ``src`` (no die)."""
    src, dst, form = jump
    slot = SLOT[side][src]
    count = len(before[0][slot]) - len(after[0][slot])
    return (Moved(SIDE_LETTERS[side], str(src), str(dst), None, count, form),)


def _trap_events(before: State, after: State) -> tuple[Event, ...]:
    """Stacks a Chebache emptied at the end of the turn (sent to Start)."""
    out: list[Event] = []
    for slot, stack in enumerate(before[0]):
        if stack and not after[0][slot]:
            owner = stack[0] & 1
            out.append(Trapped(SIDE_LETTERS[owner], str(NUMBER[owner][slot]), "S",
                               len(stack), any(p & KING for p in stack)))
    return tuple(out)


def _formed_events(before: State, after: State, side: int) -> tuple[Event, ...]:
    """The Chebaches ``side`` stands in at the end of the turn and did not at its
    start, with the opponent pieces each now threatens."""
    had = {sh.letter for sh in standing(before[0], side)}
    victim = 1 - side
    return tuple(
        ChebacheFormed(SIDE_LETTERS[side], sh.letter, str(sh.centre),
                       str(sh.controlled_number),
                       sum(1 for p in after[0][sh.controlled_slot] if p & 1 == victim))
        for sh in standing(after[0], side) if sh.letter not in had)


def _move_text(mv: Move, attack: bool) -> str:
    from games.chebache.phase1 import move_text

    return move_text(mv, attack)


def _matches(mv: Move, spec: MoveSpec, state: State, side: int) -> bool:
    if mv[1] != spec.src or mv[2] != spec.dst:
        return False
    if spec.sym == "/" and mv[4]:
        return False
    if spec.sym == "\\" and not mv[4]:
        return False
    if spec.king is not None:
        return mv[3] == spec.king
    if spec.src == START:
        has_ordinary = state[1][side * 4 + P_START] > 0
        return mv[3] == (not has_ordinary)
    return True


def _returned_reason(bad: list[int], side: int) -> Message:
    where = ", ".join(str(NUMBER[side][s]) for s in bad)
    return Message.of("gerr_b_returned", where=where)


def _no_jump_reason(c: _Cand, search: TurnSearch, side: int, kings_on: bool) -> Message:
    if not kings_on:
        return Message.of("gerr_b_jump_beginners")
    if c.dice:
        return Message.of("gerr_b_jump_dice")
    if must_leave_start(c.state[1], side):
        return Message.of("gerr_b_jump_start")
    return Message.of("gerr_b_jump_forfeit")


def _find_jump(search: TurnSearch, state: State, spec: JumpSpec
               ) -> tuple[str, State, Jump] | Message:
    for jp, st in search.jumps(state):
        if jp[0] == spec.src and jp[1] == spec.dst and jp[2] == spec.unit:
            if returned_to_stay(st):
                return Message.of("gerr_b_jump_returned")
            return jump_text(jp), st, jp
    side = search.side
    slots = state[0]
    if spec.src % 2 or spec.dst % 2 or spec.src in (START,) or spec.dst in (FINISH,):
        return Message.of("gerr_b_jump_where")
    stack = slots[SLOT[side][spec.src]]
    form = parse_stack_form(spec.unit) or []
    if len(stack) < len(form):
        return Message.of("gerr_b_not_held", src=spec.src, unit=spec.unit)
    top = stack[-len(form):]
    if [bool(p & KING) for p in top] != form:
        from games.chebache.state import stack_form

        return (Message.of("gerr_b_top", src=spec.src, top=stack_form(top), unit=spec.unit))
    if spec.dst < spec.src and not (spec.src in TIVITS or all(form)):
        return Message.of("gerr_b_jump_back", src=spec.src)
    return (Message.of("gerr_b_bad_jump", jump=spec.text))


def explain_move(state: State, dice: tuple[int, ...], spec: MoveSpec, side: int,
                 search: TurnSearch, kings_on: bool) -> Message:
    """Why the written move cannot be played now."""
    slots, pools = state
    b = side * 4
    label = spec.text
    if not dice:
        return Message.of("gerr_b_dice_used", label=label)
    if spec.src == START:
        want_king = spec.king is True or (spec.king is None and not pools[b + P_START])
        if not (pools[b + P_START] or pools[b + P_START_K]):
            return Message.of("gerr_b_start_empty", label=label)
        if want_king and not pools[b + P_START_K]:
            return Message.of("gerr_b_no_king_start", label=label)
        king = want_king
    else:
        if must_leave_start(pools, side):
            return Message.of("gerr_b_leave_start", label=label)
        st = slots[SLOT[side][spec.src]]
        mine = [p for p in st if (p & 1) == side]
        if not mine or (st[-1] & 1) != side:
            return Message.of("gerr_b_no_piece", label=label, src=spec.src)
        king = bool(st[-1] & KING)
        if spec.king and not king:
            return Message.of("gerr_b_king_covered", label=label, src=spec.src)
    back = spec.dst < spec.src
    if back and not kings_on:
        return Message.of("gerr_b_no_backward", label=label)
    if back and not king and spec.src not in TIVITS:
        return Message.of("gerr_b_backward_who", label=label)
    dist = abs(spec.dst - spec.src)
    left = " ".join(str(d) for d in dice)
    if spec.dst == FINISH:
        if dist not in dice:
            if max(dice) > dist:
                return (Message.of("gerr_b_finish_larger", label=label))
            return Message.of("gerr_b_needs", label=label, dist=dist, left=left)
    elif dist not in dice:
        return Message.of("gerr_b_needs", label=label, dist=dist, left=left)
    if spec.dst != FINISH:
        slot = SLOT[side][spec.dst]
        blocked = controlled_slots(slots, 1 - side)
        if slot in blocked:
            return Message.of("gerr_b_under_cheb", label=label, dst=spec.dst)
        target = slots[slot]
        if king and any((p & 1) != side and p & KING for p in target):
            return Message.of("gerr_b_king_attack", label=label)
        if not can_land(target, slot, side, king, frozenset()):
            return Message.of("gerr_b_stack_limit", label=label, dst=spec.dst)
        if spec.sym == "X" and not any((p & 1) != side for p in target):
            return Message.of("gerr_b_nothing_to_attack", label=label, dst=spec.dst)
    for c in search.children(state, dice):
        mv = c[0]
        if _matches(mv, spec, state, side):
            return (Message.of("gerr_b_cannot_complete", label=label))
    return Message.of("gerr_b_not_here", label=label)


__all__ = ["ChebacheView", "ChebachePosition", "GameError", "SpaceView", "weight"]


def _norm_pieces(items: list[str]) -> list[tuple[int, int, int]]:
    out = []
    for t in items:
        form, _, num = t.lstrip("X-").partition("@")
        f = parse_stack_form(form) or []
        out.append((len(f) - sum(f), sum(f), int(num)))
    return sorted(out)


def _norm_flips(items: list[str]) -> list[tuple[int, str, str, int]]:
    out = []
    for t in items:
        ks, _, rest = t.partition("(")
        frm, _, rest = rest.partition("->")
        to, _, num = rest.partition("@")
        out.append((len(ks), frm, to, int(num.rstrip(")"))))
    return sorted(out)


def _norm_cheb(part: str) -> frozenset[tuple[str, int]]:
    out: set[tuple[str, int]] = set()
    for chunk in part.strip("<>").split(";"):
        chunk = chunk.strip()
        if chunk:
            for n in chunk[1:].split(","):
                out.add((chunk[0], int(n)))
    return frozenset(out)


def _check_annotations(parsed: ParsedTurn, attacks: list[str], flips: list[str],
                       sacs: list[str], traps: list[str], cheb: str) -> None:
    """What the bot adds is optional on input and must match when present."""
    def show(items: list[str]) -> str:
        return ", ".join(items) if items else "nothing"

    if parsed.attacks is not None and sorted(parsed.attacks) != _norm_pieces(attacks):
        raise IllegalTurnError(Message.of("gerr_b_attack_note", what=show(attacks)))
    if parsed.flips is not None and sorted(parsed.flips) != _norm_flips(flips):
        raise IllegalTurnError(Message.of("gerr_b_flip_note", what=show(flips)))
    if parsed.minus is not None:
        given = sorted(parsed.minus)
        options = [_norm_pieces(sacs), _norm_pieces(traps), _norm_pieces(sacs + traps)]
        if given not in options:
            raise IllegalTurnError(
                Message.of("gerr_b_minus_note", sacs=show(sacs), traps=show(traps)))
    if parsed.chebaches is not None and parsed.chebaches != _norm_cheb(cheb):
        raise IllegalTurnError(
            Message.of("gerr_b_cheb_note", cheb=cheb or "<> (none)"))


# -- turns as values ------------------------------------------------------------
# The compiled search (turns.py, Cython) writes its turns as text only; rather than
# change its signatures, each written part is read once into a step here and kept
# (a game has a few thousand distinct parts), so listing stays a dictionary lookup
# per part and the compiled modules stay as they are.

#: One written part: an optional count or unit (``2(``, ``K(``, ``1K(``), start,
#: symbol, end.
_PART = re.compile(r"(?:(?P<unit>[0-9K]+)\()?(?P<src>S|F|[0-9]{1,2})(?P<sym>[/\\X^])"
                   r"(?P<dst>S|F|[0-9]{1,2})\)?")
_STEPS: dict[str, Step] = {}
_NO_MOVE_TURN = pass_turn(NO_MOVE)


def _turn_value(text: str) -> Turn:
    if text == NO_MOVE:
        return _NO_MOVE_TURN
    return Turn(text, tuple(_step(part) for part in text.split(", ")))


def _step(part: str) -> Step:
    step = _STEPS.get(part)
    if step is None:
        step = _STEPS[part] = _read_step(part)
    return step


def _read_step(part: str) -> Step:
    match = _PART.fullmatch(part)
    if match is None:  # pragma: no cover - the search writes nothing else
        raise ValueError(f"unexpected Chebache turn part {part!r}")
    unit = match["unit"] or ""
    # ``3(`` is three plain pieces; a unit in stack form (``1K1``) counts its pieces
    count = int(unit) if unit.isdigit() else sum(int(c) if c.isdigit() else 1 for c in unit) or 1
    src, sym, dst = match["src"], match["sym"], match["dst"]
    kind = (StepKind.JUMP if sym == "^" else StepKind.ENTER if src == "S"
            else StepKind.BEAR_OFF if dst == "F" else StepKind.MOVE)
    return Step(part, kind, src, dst, count, bumps=sym == "X")
