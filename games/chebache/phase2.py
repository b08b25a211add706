"""Phase II: the one optional jump sequence (rules II-A to II-E).

A jump is ``(src, dst, unit)``: even space numbers on the mover's path and the
jumping unit's stack form (``1``, ``3``, ``K``, ``1K``, ``1K1``...).
"""

from __future__ import annotations

from collections.abc import Iterator

from games.chebache.board import SLOT, STACK_LIMIT, TIVITS
from games.chebache.chebaches import controlled_slots
from games.chebache.state import (
    CODE_BITS,
    KING,
    MOVED_FROM,
    State,
    slot_shift,
    stack_code,
    stack_form,
    state_code,
    strip,
    strip_stack,
    tagged,
    weight,
)

Jump = tuple[int, int, str]


#: The tags of a unit's pieces are a tuple (a few ints; ``in`` as quick as a set's),
#: not a frozenset: the collector tracks every set, never a tuple of ints.
_Unit = tuple[tuple[int, ...], tuple[int, ...], int, bool, tuple[int, ...], str]
_UNITS: dict[tuple[int, tuple[int, ...]], tuple[_Unit, ...]] = {}

# The memo tables of this module live as long as the process.  Their values are
# tuples of ints, strings and tuples, never lists: the garbage collector stops
# tracking such tuples (and, at a full collection, dicts holding only them), so
# a long-lived process does not walk them in every full collection (bench/fuzz_heap.py
# measured 140,000 tracked objects and 110 ms full collections when they were lists).


def _units(s: int, stack: tuple[int, ...]) -> tuple[_Unit, ...]:
    """Every top-k unit of a stack: (unit tagged, rest, weight, all Kings,
    tags of its pieces, stack form); memoised."""
    key = (s, stack)
    got = _UNITS.get(key)
    if got is None:
        units = []
        for k in range(1, len(stack) + 1):
            unit = tuple(tagged(p, s) for p in stack[-k:])
            units.append((unit, stack[:-k], weight(unit), all(p & KING for p in unit),
                          tuple({p >> 2 for p in unit}), stack_form(unit)))
        got = tuple(units)
        if len(_UNITS) >= 100_000:  # full: start afresh (computer/chebache_eval._remember)
            _UNITS.clear()
        _UNITS[key] = got
    return got


def _sources(slots: tuple[tuple[int, ...], ...], path: tuple[int, ...], held: list[bool]
             ) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Where a jump may start: each even space ``n`` (its slot ``s`` and ``stack``) with
    a stack on it and a held Intersection beside it."""
    for n in range(2, 17, 2):
        if not (held[n + 1] or held[n - 1]):
            continue
        s = path[n]
        stack = slots[s]
        if stack:
            yield n, s, stack


def gen_jumps(state: State, side: int) -> list[tuple[Jump, State]]:
    """Every jump sequence (each stopping point of each unit and direction) whose
    final landing is allowed.  The caller checks that a jump may be made at all."""
    slots, pools = state
    path = SLOT[side]
    held = [False] * 19
    any_held = False
    for n in range(1, 18, 2):
        st = slots[path[n]]
        if st and (st[0] & 1) == side:
            held[n] = True
            any_held = True
    if not any_held:
        return []
    blocked = controlled_slots(slots, 1 - side)
    out: list[tuple[Jump, State]] = []
    for n, s, stack in _sources(slots, path, held):
        for unit, rest, uw, all_kings, origins, form in _units(s, stack):
            for step in (2, -2):
                cur = n
                first = True
                while True:
                    if step < 0 and not (cur in TIVITS or (first and all_kings)):
                        break
                    t = cur + step
                    if t < 2 or t > 16 or not held[cur + step // 2]:
                        break
                    ts = path[t]
                    if ts in blocked or weight(slots[ts]) + uw > STACK_LIMIT:
                        break
                    first = False
                    cur = t
                    if ts + 1 in origins:
                        continue
                    new_slots = list(slots)
                    new_slots[s] = rest
                    new_slots[ts] = slots[ts] + unit
                    new_pools = pools[:MOVED_FROM] + (pools[MOVED_FROM] | (1 << s),)
                    out.append(((n, t, form), (tuple(new_slots), new_pools)))
    return out


#: One source unit's landings: (slot, k, [(jump, landing slot, resulting state), ...]).
JumpGroup = tuple[int, int, list[tuple[Jump, int, State]]]


_PlainUnit = tuple[int, tuple[int, ...], tuple[int, ...], int, bool, str]
_PLAIN: dict[tuple[int, ...], tuple[_PlainUnit, ...]] = {}
_WEIGHT: dict[tuple[int, ...], int] = {}


def _plain_units(stack: tuple[int, ...]) -> tuple[_PlainUnit, ...]:
    """Every top-k unit of an untagged stack: (k, unit, rest, weight, all
    Kings, stack form); memoised."""
    got = _PLAIN.get(stack)
    if got is None:
        got = tuple((k, stack[-k:], stack[:-k], weight(stack[-k:]),
                     all(p & KING for p in stack[-k:]), stack_form(stack[-k:]))
                    for k in range(1, len(stack) + 1))
        if len(_PLAIN) >= 100_000:  # full: start afresh (computer/chebache_eval._remember)
            _PLAIN.clear()
        _PLAIN[stack] = got
    return got


#: Per side, the slots of the even spaces 2..16.
_EVEN_SLOTS = tuple(tuple(SLOT[side][t] for t in range(2, 17, 2)) for side in (0, 1))
_Geometry = tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[tuple[Jump, int], ...]],
                  ...]
_GEOMETRY: dict[tuple[object, ...], _Geometry] = {}


def jump_table(state: State, side: int) -> list[JumpGroup]:
    """Every jump sequence from an untagged ``state`` (the tags cleared, as
    ``strip`` gives), grouped by source slot and unit size, in ``gen_jumps``
    order, with the untagged resulting state.  The rules that depend on this
    turn's tags (no landing where a jumping piece began the turn, no piece
    left returned to stay) are checked by the caller against the tagged state:
    everything else a jump needs depends only on the untagged state, and the
    jumps themselves only on the held Intersections, the Chebache-closed
    spaces and the stacks on the mover's even spaces (memoised on those)."""
    slots, pools = state
    path = SLOT[side]
    held = 0
    for n in range(1, 18, 2):
        st = slots[path[n]]
        if st and (st[0] & 1) == side:
            held |= 1 << n
    if not held:
        return []
    blocked = controlled_slots(slots, 1 - side)
    evens = tuple(map(slots.__getitem__, _EVEN_SLOTS[side]))
    gkey = (side, held, blocked, evens)
    geom = _GEOMETRY.get(gkey)
    if geom is None:
        geom = _geometry(slots, side, held, blocked)
        if len(_GEOMETRY) >= 50_000:  # full: start afresh (computer/chebache_eval._remember)
            _GEOMETRY.clear()
        _GEOMETRY[gkey] = geom
    out: list[JumpGroup] = []
    for s, k, rest, unit, lands in geom:
        new_slots = list(slots)
        new_slots[s] = rest
        landings: list[tuple[Jump, int, State]] = []
        for jp, ts in lands:
            old = slots[ts]
            new_slots[ts] = old + unit
            landings.append((jp, ts, (tuple(new_slots), pools)))
            new_slots[ts] = old
        out.append((s, k, landings))
    return out


#: A jump's landing for the search: (jump, landing slot, the change of the
#: state code, the jump's text).
CodedLanding = tuple[Jump, int, int, str]
#: One source unit: (source slot, k, landings).
CodedGroup = tuple[int, int, tuple[CodedLanding, ...]]


def coded_jumps(state: State, side: int, blocked: frozenset[int] | None = None,
                code: int | None = None) -> list[CodedGroup]:
    """``jump_table`` for the legal-turn search: the same jumps in the same
    order, each with the difference it makes to the ``state_code`` of the
    untagged ``state`` (``code``, computed when not given) instead of the
    resulting state.  ``state`` may carry this turn's tags: they are ignored.

    Which spaces each source stack can reach depends only on the
    Intersections held and the spaces closed (``blocked``, computed when not
    given): that plan is memoised.  The jumps of one source then depend only
    on its stack and the stacks on its landings, which are fields of the
    code: each source's jumps are memoised on the code masked to those
    fields (one ``&`` instead of a lookup per stack)."""
    slots = state[0]
    held = 0
    for bit, sl in _ODD_BITS[side]:
        st = slots[sl]
        if st and (st[0] & 1) == side:
            held |= bit
    if not held:
        return []
    if blocked is None:
        blocked = controlled_slots(slots, 1 - side)
    if code is None:
        code = state_code(strip(state))
    pkey = (held << 1 | side, blocked)
    plan = _PLANS.get(pkey)
    if plan is None:
        plan = _plan(side, held, blocked)
        if len(_PLANS) >= PLAN_ENTRIES:
            _forget_plans()
        _PLANS[pkey] = plan
    got: list[CodedGroup] = []
    for mask, source, n, s, fwd, back in plan:
        memo = _JUMPS.get(source)
        if memo is None:
            memo = _JUMPS[source] = {}
        k = code & mask
        groups = memo.get(k)
        if groups is None:
            stack = slots[s]
            groups = _source_jumps(
                side, n, strip_stack(stack), [strip_stack(slots[t]) for t in fwd],
                [strip_stack(slots[t]) for t in back]) if stack else ()
            if _MEMO_SIZE[0] >= MEMO_ENTRIES:
                _forget_plans()
            _MEMO_SIZE[0] += 1
            memo[k] = groups
        if groups:
            got.extend(groups)
    return got


#: (held Intersections and side, closed slots) -> ``_plan``.  A plan holds
#: ints and tuples only (its sources' memos are in ``_JUMPS``), so that the
#: collector stops tracking it.
_PLANS: dict[tuple[int, frozenset[int]], tuple[tuple[int, tuple[int, int], int, int,
                                                     tuple[int, ...], tuple[int, ...]], ...]] = {}
#: Each source's jumps, by the source ((side, n), the mask of its fields in a
#: state code) and then by the state code masked: the jumps of one source depend
#: only on those fields, whichever plan it is met in.
_JUMPS: dict[tuple[int, int], dict[int, tuple[CodedGroup, ...]]] = {}
#: The jumps memoised in ``_JUMPS`` together at most (about 150 bytes each):
#: the bound of this module's biggest table, whatever positions a long-lived
#: process meets.  The searches of one position use a few hundred.
MEMO_ENTRIES = 100_000
#: Plans kept at most (two tracked objects each: the key and its frozenset).
PLAN_ENTRIES = 4096
#: The jumps memoised now (a list: a module global the compiled form can change).
_MEMO_SIZE = [0]


def _forget_plans() -> None:
    """Start the plans and their memos afresh (at their bound)."""
    _PLANS.clear()
    _JUMPS.clear()
    _MEMO_SIZE[0] = 0
_FIELD = (1 << CODE_BITS) - 1


def _plan(side: int, held: int, blocked: frozenset[int]) -> tuple:
    """Per even space n that has somewhere to jump (in ``_SOURCE_SPECS``
    order): (the mask of its slot's and its landing slots' fields in a state
    code, that source's key in ``_JUMPS``, n, its slot, the landing slots
    forward, the landing slots backward)."""
    out: list = []
    for n, s, fwd_spec, back_spec in _SOURCE_SPECS[side]:
        fwd: list[int] = []
        for bit, ts in fwd_spec:
            if not held & bit or ts in blocked:
                break
            fwd.append(ts)
        back: list[int] = []
        for bit, ts, tivit in back_spec:
            if not held & bit or ts in blocked:
                break
            back.append(ts)
            if not tivit:
                break
        if not fwd and not back:
            continue
        mask = 0
        for sl in [s, *fwd, *back]:
            mask |= _FIELD << slot_shift(sl)
        out.append((mask, (side << 5 | n, mask), n, s, tuple(fwd), tuple(back)))
    return tuple(out)


#: Per side: (bit of the space number, slot) of each Intersection 1..17.
_ODD_BITS = tuple(tuple((1 << n, SLOT[side][n]) for n in range(1, 18, 2)) for side in (0, 1))
#: Per side, each even space n as a jump source: (n, slot, forward chain
#: [(bit of the Intersection jumped, landing slot)], backward chain [(bit,
#: landing slot, whether the landing is a Tivit)]).
_SOURCE_SPECS = tuple(
    tuple(
        (n, SLOT[side][n],
         tuple((1 << (t - 1), SLOT[side][t]) for t in range(n + 2, 17, 2)),
         tuple((1 << (t + 1), SLOT[side][t], t in TIVITS) for t in range(n - 2, 1, -2)))
        for n in range(2, 17, 2))
    for side in (0, 1))


def _source_jumps(side: int, n: int, stack: tuple[int, ...], fwd: list[tuple[int, ...]],
                  back: list[tuple[int, ...]]) -> tuple[CodedGroup, ...]:
    """The coded jumps of every top unit of the untagged ``stack`` on the even
    space ``n``, given the stacks on the open spaces it can reach forward
    (n + 2, n + 4, ...) and backward (n - 2, ...) over held Intersections;
    ``_geometry``'s order and rules."""
    path = SLOT[side]
    s = path[n]
    tivit = n in TIVITS
    code_s = stack_code(stack)
    shift_s = slot_shift(s)
    out: list[CodedGroup] = []
    for k, unit, rest, uw, all_kings, form in _plain_units(stack):
        gone = (stack_code(rest) - code_s) << shift_s
        coded: list[CodedLanding] = []
        for chain, step in ((fwd, 2), (back if (tivit or all_kings) else (), -2)):
            t = n
            for old in chain:
                t += step
                if weight(old) + uw > STACK_LIMIT:
                    break
                ts = path[t]
                new = old + unit
                delta = gone + ((stack_code(new) - stack_code(old)) << slot_shift(ts))
                jump = (n, t, form)
                coded.append((jump, ts, delta, jump_text(jump)))
        if coded:
            out.append((s, k, tuple(coded)))
    return tuple(out)


def _geometry(slots: tuple[tuple[int, ...], ...], side: int, held_mask: int,
              blocked: frozenset[int]) -> _Geometry:
    """The jumps of ``jump_table`` without their resulting states: (source
    slot, k, rest, unit, [(jump, landing slot), ...])."""
    path = SLOT[side]
    held = [bool(held_mask >> n & 1) for n in range(19)]
    # free room on each even space (-1 where a Chebache closes it)
    room = [-1] * 19
    for t in range(2, 17, 2):
        ts = path[t]
        if ts not in blocked:
            st = slots[ts]
            w = _WEIGHT.get(st)
            if w is None:
                w = weight(st)
                if len(_WEIGHT) >= 100_000:  # full: start afresh (computer/chebache_eval._remember)
                    _WEIGHT.clear()
                _WEIGHT[st] = w
            room[t] = STACK_LIMIT - w
    out = []
    for n, s, stack in _sources(slots, path, held):
        # the landings over held Intersections, ignoring the unit's weight
        fwd = []
        t = n + 2
        while t <= 16 and held[t - 1] and room[t] >= 0:
            fwd.append(t)
            t += 2
        back = []
        t = n - 2
        while t >= 2 and held[t + 1] and room[t] >= 0:
            back.append(t)
            if t not in TIVITS:
                break
            t -= 2
        if not fwd and not back:
            continue
        tivit = n in TIVITS
        for k, unit, rest, uw, all_kings, form in _plain_units(stack):
            lands: list[tuple[Jump, int]] = []
            for chain in (fwd, back if (tivit or all_kings) else ()):
                for t in chain:
                    if room[t] < uw:
                        break
                    lands.append(((n, t, form), path[t]))
            if lands:
                out.append((s, k, rest, unit, tuple(lands)))
    return tuple(out)


def jump_text(jump: Jump) -> str:
    """``4^6``, ``2(6^8)``, ``1K(4^6)``, ``K(10^6)``."""
    src, dst, form = jump
    core = f"{src}^{dst}"
    if form == "1":
        return core
    return f"{form}({core})"
