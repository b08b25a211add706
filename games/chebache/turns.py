"""Whole turns: completion rules, forfeits, the jump, end-of-turn processing,
and the enumeration of every legal turn.

``TurnSearch`` holds the memo tables for one position and one throw, so the
bot's autocomplete (the same throw on every keystroke) is answered from cache.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from games.chebache.board import FINISH, NUM_SLOTS, SLOT
from games.chebache.chebaches import _SHAPES, apply_traps, controlled_slots, holds
from games.chebache.phase1 import (
    _INFO,
    Move,
    _stack_info,
    apply_move,
    gen_moves,
    move_text,
    must_leave_start,
)
from games.chebache.phase2 import (
    CodedLanding,
    Jump,
    JumpGroup,
    _units,
    coded_jumps,
    gen_jumps,
    jump_table,
    jump_text,
)
from games.chebache.state import (
    _CODES,
    CODE_BITS,
    KING,
    MAX_HEIGHT,
    MOVED_FROM,
    MOVED_UNIT,
    ORIGIN_START,
    P_FIN,
    P_FIN_K,
    P_START,
    P_START_K,
    PENDING,
    PENDING_UNIT,
    TAG_UNIT,
    Pools,
    State,
    slot_shift,
    stack_code,
    stack_origins,
    state_code,
    state_from_code,
    strip,
    tag_key,
)
from games.chebache.state import _ORIGINS as _ORIGINS_OF

Dice = tuple[int, ...]
Child = tuple[Move, State, Dice, bool]
NO_MOVE = "(no move)"


def has_mixed(state: State) -> bool:
    """An attack begun this turn and not yet successful (even if its attackers
    have moved on since)."""
    return bool(state[1][PENDING])


def returned_to_stay(state: State) -> list[int]:
    """Slots holding a piece that moved this turn and stands where it began."""
    mask = state[1][MOVED_FROM]
    out: list[int] = []
    if not mask:
        return out
    slots = state[0]
    i = 0
    while mask:
        if mask & 1:
            st = slots[i]
            if st:
                got = _ORIGINS_OF.get(st)
                if got is None:
                    got = stack_origins(st)
                if (i + 1) in got:
                    out.append(i)
        mask >>= 1
        i += 1
    return out


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a search allocates many small
    tuples that it keeps (memo tables, states): collections triggered by those
    allocations would traverse every one of them again and again, and they
    hold no cycles.  Restored afterwards, also on an exception; a no-op when
    the collector is already off (nested searches)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def remove_die(dice: Dice, d: int) -> Dice:
    """The remaining dice after using one ``d``."""
    i = dice.index(d)
    return dice[:i] + dice[i + 1:]


def expand_dice(dice: Dice) -> Dice:
    """Doubles give four moves; the remaining dice kept sorted descending."""
    if len(dice) == 2 and dice[0] == dice[1]:
        return (dice[0],) * 4
    return tuple(sorted(dice, reverse=True))


def forfeit_allowed(state: State, side: int) -> bool:
    """Rule I-I 2: nothing in Start and every piece in play on 12-17."""
    slots, pools = state
    b = side * 4
    if pools[b + P_START] or pools[b + P_START_K]:
        return False
    path = SLOT[side]
    for n in range(1, 12):
        if holds(slots[path[n]], side):
            return False
    return True


@dataclass(slots=True)
class Found:
    """Every turn a search found, in order, grouped by Phase I ending: for
    each ending its moves part (canonical text, "" for none), the
    ``state_code`` of its end state, whether that ending is itself a turn (no
    jump), and how many of ``jumps`` follow it; ``jumps`` holds the jump
    entries of ``coded_jumps`` (jump, landing slot, code change, text),
    shared with its tables.  Flat lists of strings, ints and shared tuples:
    nothing is allocated per turn, and nothing new for the garbage collector
    to trace."""

    heads: list[str] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)
    plain: list[bool] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    jumps: list[CodedLanding] = field(default_factory=list)

    def texts(self) -> list[str]:
        """The canonical text of every turn."""
        return turn_texts(self.heads, self.plain, self.counts, self.jumps)

    def result_codes(self) -> list[int]:
        """The ``state_code`` after every turn, in ``texts``' order."""
        out: list[int] = []
        jumps = self.jumps
        i = 0
        for code, plain, n in zip(self.codes, self.plain, self.counts, strict=True):
            if plain:
                out.append(code)
            for k in range(i, i + n):
                out.append(code + jumps[k][2])
            i += n
        return out

    def outcomes(self) -> list[Outcome]:
        """Every turn as its text and the ``state_code`` after it."""
        out: list[Outcome] = []
        texts = iter(self.texts())
        jumps = self.jumps
        i = 0
        for code, plain, n in zip(self.codes, self.plain, self.counts, strict=True):
            if plain:
                out.append(Outcome(next(texts), code))
            for k in range(i, i + n):
                out.append(Outcome(next(texts), code + jumps[k][2]))
            i += n
        return out


class Outcome:
    """A complete legal turn: its canonical text and the state after it (tags
    stripped, before traps), decoded from its code when first asked for."""

    __slots__ = ("text", "code", "_state")

    def __init__(self, text: str, code: int) -> None:
        self.text = text
        self.code = code
        self._state: State | None = None

    @property
    def state(self) -> State:
        got = self._state
        if got is None:
            got = self._state = state_from_code(self.code)
        return got

    def __repr__(self) -> str:
        return f"Outcome({self.text!r}, {self.state!r})"


@dataclass
class TurnSearch:
    """Memoised search over one position's turns for one throw."""

    state: State
    side: int
    kings_on: bool
    _children: dict[tuple[State, Dice], list[Child]] = field(default_factory=dict)
    _completable: dict[tuple[State, Dice], bool] = field(default_factory=dict)
    _jumps: dict[State, list[tuple[Jump, State]]] = field(default_factory=dict)
    _tables: dict[State, list[JumpGroup]] = field(default_factory=dict)
    _records: dict[Dice, Found] = field(default_factory=dict)
    #: ``records``' memo: dice left -> tagged key (state_code + tag_key) ->
    #: whether the turn can be completed from there
    _seen: dict[Dice, dict[int, bool]] = field(default_factory=dict)
    #: ``outcomes``' memo: dice -> which of ``records``' turns are listed (None: all)
    _keep: dict[Dice, list[int] | None] = field(default_factory=dict)
    _watch: TrapWatch | None = None

    # --- building blocks -------------------------------------------------
    def children(self, state: State, dice: Dice) -> list[Child]:
        """Every move from ``state`` with the remaining ``dice`` and its result."""
        key = (state, dice)
        got = self._children.get(key)
        if got is None:
            got = []
            if dice:
                dvals = tuple(sorted(set(dice), reverse=True))
                for mv in gen_moves(state, self.side, dvals, self.kings_on):
                    st2, attack = apply_move(state, self.side, mv)
                    got.append((mv, st2, remove_die(dice, mv[0]), attack))
            self._children[key] = got
        return got

    def can_jump(self, state: State) -> bool:
        """Whether a Phase II jump may be made from this state (dice all used)."""
        return self.kings_on and not must_leave_start(state[1], self.side)

    def jumps(self, state: State) -> list[tuple[Jump, State]]:
        """The jump outcomes from ``state`` (final landing checked)."""
        got = self._jumps.get(state)
        if got is None:
            got = gen_jumps(state, self.side) if self.can_jump(state) else []
            self._jumps[state] = got
        return got

    def jump_groups(self, key: State) -> list[JumpGroup]:
        """The jumps from an untagged state, tags not yet considered (memoised)."""
        got = self._tables.get(key)
        if got is None:
            got = jump_table(key, self.side) if self.can_jump(key) else []
            self._tables[key] = got
        return got

    def valid_jumps(self, state: State, key: State, bad: list[int]) -> list[tuple[Jump, State]]:
        """The jumps from the tagged ``state`` that end the turn legally, with
        their untagged results (``key`` is ``strip(state)``, ``bad`` its
        ``returned_to_stay`` slots).  A jump moves the unit off one slot only,
        so it can mend at most one returned-to-stay slot: its source."""
        groups = self.jump_groups(key)
        if not groups or len(bad) > 1:
            return []
        out = []
        slots = state[0]
        need = bad[0] if bad else -1
        for s, k, landings in groups:
            if need >= 0 and s != need:
                continue
            _u, rest, _w, _k, origins, _f = _units(s, slots[s])[k - 1]
            if need >= 0 and (s + 1) in stack_origins(rest):
                continue
            for jp, ts, res in landings:
                if ts + 1 not in origins:
                    out.append((jp, res))
        return out

    def terminal_ok(self, state: State, dice: Dice) -> bool:
        """Whether Phase I may validly end here (the jump considered when every
        die is used): no unresolved attack and no piece returned to stay."""
        if has_mixed(state):
            return False
        bad = returned_to_stay(state)
        if not bad:
            return True
        if dice:
            return False
        return bool(self.valid_jumps(state, strip(state), bad))

    def completable(self, state: State, dice: Dice) -> bool:
        """Whether the turn can still be completed legally from here."""
        key = (state, dice)
        got = self._completable.get(key)
        if got is None:
            memo = self._seen.get(dice)
            if memo is not None:  # found by ``records``
                got = memo.get(state_code(strip(state)) + tag_key(state))
        if got is None:
            got = self.terminal_ok(state, dice) or any(
                self.completable(c[1], c[2]) for c in self.children(state, dice)
            )
            self._completable[key] = got
        return got

    def available(self, state: State, dice: Dice) -> list[Child]:
        """The moves the player may make now (the turn stays completable)."""
        return [c for c in self.children(state, dice) if self.completable(c[1], c[2])]

    def may_stop(self, state: State, dice: Dice) -> tuple[bool, bool]:
        """(whether Phase I may end here, whether the jump is then allowed)."""
        if not dice:
            return True, True
        avail = self.available(state, dice)
        if not avail:
            return not has_mixed(state), False
        if all(c[0][4] for c in avail) and forfeit_allowed(state, self.side) \
                and not has_mixed(state) and not returned_to_stay(state):
            return True, False
        return False, False

    # --- enumeration -----------------------------------------------------
    def outcomes(self, dice: Dice) -> list[Outcome]:
        """Every complete legal turn, deduplicated by resulting position: by
        the state after Phase I and the jump (``records``), then by the state
        after the end-of-turn traps (``distinct_results``)."""
        got = self.records(dice).outcomes()
        keep = self._distinct(dice, lambda: [o.code for o in got], lambda i: got[i].state)
        return got if keep is None else [got[i] for i in keep]

    def turns(self, dice: Dice) -> list[str]:
        """The canonical texts of ``outcomes``, without building them."""
        found = self.records(dice)
        texts = found.texts()
        codes: list[int] = []

        def result_codes() -> list[int]:
            codes.extend(found.result_codes())
            return codes

        keep = self._distinct(dice, result_codes, lambda i: state_from_code(codes[i]))
        return texts if keep is None else [texts[i] for i in keep]

    def _distinct(self, dice: Dice, codes: Callable[[], list[int]],
                  state_of: Callable[[int], State]) -> list[int] | None:
        """``distinct_results`` for ``dice``, memoised (only the indices: the
        outcomes themselves are not kept, which would cost every later
        garbage collection a walk over them)."""
        start = expand_dice(dice)
        if start in self._keep:
            return self._keep[start]
        watch = self._trap_watch()
        keep = self._keep[start] = (distinct_results(codes(), state_of, watch, self.side)
                                    if watch else None)
        return keep

    def _trap_watch(self) -> TrapWatch:
        got = self._watch
        if got is None:
            got = self._watch = trap_watch(self.state, self.side)
        return got

    def records(self, dice: Dice) -> Found:
        """Every complete legal turn, deduplicated by resulting position.

        One depth-first pass over (state, remaining dice) finds both whether
        each node can be completed and the turns: a node is a leaf when none
        of its moves can be completed, and a turn ends there if Phase I may
        end there.  Completable nodes are reached in the same order as a walk
        over available moves only (every ancestor of a completable node is
        completable), so the first path to each result, which names it, is
        the same.  Results are told apart by their ``state_code``; the memo
        (``_seen``) is then kept for ``play``.

        Moves that commute are tried in one order only (a sleep set: see
        ``done`` in ``visit``), and each node carries its keys, updated from
        the stacks a move changes, so that a node already seen costs no
        state.  ``tests/games/chebache/test_search_oracle.py`` checks the result
        against a plain walk over every order."""
        # the codes of the results found, and the turns (see ``Found``)
        found: set[int] = set()
        result = Found()
        heads_append = result.heads.append
        codes_append = result.codes.append
        plain_append = result.plain.append
        counts = result.counts
        counts_append = counts.append
        jumps = result.jumps

        def record(code: int, plain: bool) -> None:
            """A Phase I ending with turns: itself (``plain``) and/or the
            jumps appended next (their number set by the caller)."""
            heads_append(format_moves(path, None) if path else "")
            codes_append(code)
            plain_append(plain)
            counts_append(0)
            if plain:
                found_add(code)

        # whether each node can be completed, by the dice left and then by the
        # node's tagged key (ints: cheap to hash, and nothing for the garbage
        # collector to trace); shared with ``completable`` afterwards
        seen = self._seen
        steps_memo: dict[Dice, tuple[tuple[int, ...], dict[int, Dice],
                                     dict[int, dict[int, bool]]]] = {}
        path: list[str] = []
        side = self.side
        texts = _MOVE_TEXTS
        attack_texts = _ATTACK_TEXTS
        controlled = controlled_slots
        foe = 1 - side
        # moves by untagged state code and dice values: moves depend on
        # nothing else (not on this turn's tags)
        move_memo: dict[tuple[int, tuple[int, ...]], list[Move]] = {}
        gen = gen_moves
        path_slots = SLOT[side]
        info_get = _INFO.get
        stack_info = _stack_info
        apply = apply_move
        kings_on = self.kings_on

        # code of an untagged Phase I end state -> [its jumps, whether an
        # ending there with nothing returned to stay has taken every jump]
        ends: dict[int, list] = {}
        # every node carries the ``state_code`` of its untagged state, kept
        # up to date move by move (the two stacks a move changes, and the
        # Start/Finish counts when it enters, leaves or attacks)
        codes_get = _CODES.get
        shifts = _SPACE_SHIFTS[side]
        code_bits = CODE_BITS
        max_height = MAX_HEIGHT
        tag_unit = TAG_UNIT
        moved_units = _MOVED_UNITS
        slot_tags = _slot_tags
        pool_unit = _POOL_UNIT
        own_start = side * 4 + P_START
        # a piece entering from Start, and its Start count, by whether it is a King
        start_piece = (side | ORIGIN_START << 2, side | KING | ORIGIN_START << 2)
        start_pool = (side * 4 + P_START, side * 4 + P_START_K)
        pool_delta = _pool_delta
        leave_start = must_leave_start
        found_add = found.add

        def leaf(state: State, rest: Dice, kc: int, blocked: frozenset[int]) -> bool:
            """Phase I ends here (no completable move left): record the turns;
            ``kc`` is the code of the untagged state, ``blocked`` the slots
            closed by the opponent's Chebaches."""
            pools = state[1]
            if pools[PENDING]:
                return False
            bad = returned_to_stay(state)
            if rest:
                if bad:
                    return False
                if kc not in found:
                    record(kc, True)
                return True
            end = ends.get(kc)
            if end is None:
                # [its jumps (the tags do not matter to them), whether an
                # ending there with nothing returned to stay has taken every
                # jump (a later one can add nothing)]
                end = ends[kc] = [
                    coded_jumps(state, side, blocked, kc) if kings_on and not leave_start(
                        state[1], side) else [], False]
            elif not bad and end[1]:
                return True
            groups = end[0]
            ok = False
            block = False
            if not bad:
                ok = True
                if kc not in found:
                    record(kc, True)
                    block = True
            if not groups or len(bad) > 1:
                return ok
            j0 = len(jumps)
            took, whole = take_jumps(groups, state[0], bad[0] if bad else -1, kc, found, jumps)
            if len(jumps) != j0:
                if not block:
                    record(kc, False)
                    block = True
            if block:
                counts[-1] = len(jumps) - j0
            if whole:
                end[1] = True
            return ok or took

        def visit(state: State, rest: Dice, pdone: dict[Move, int] | None, pmk: int,
                  code: int, tkey: int, blocked: frozenset[int]) -> bool:
            """Expand a node (``code`` its untagged state's code, ``tkey`` its
            ``tag_key``, ``blocked`` the slots closed by the opponent's
            Chebaches, which only an attack can change).  ``pdone`` is the
            parent's ``done`` as it stood when the move here (footprint
            ``pmk``) was made, or None: a move in it with a footprint
            disjoint from ``pmk`` leads to an already expanded node (see
            below); reading it in place costs nothing per child."""
            any_ok = False
            all_back = True
            slots, pools = state
            got_steps = steps_memo.get(rest)
            if got_steps is None:
                dvals, after = _dice_steps(rest)
                got_steps = steps_memo[rest] = (dvals, after, {
                    d: seen.setdefault(r, {}) for d, r in after.items()})
            dvals, after, seen_after = got_steps
            inner = len(rest) > 1
            # move -> footprint, for the moves made from here so far: the bits
            # of the two spaces a move touches, or 0 for a move that may
            # interact with others (from Start, into Finish, an attack that
            # changes which spaces are closed or sacrifices attackers)
            done: dict[Move, int] = {}
            mkey = (code, dvals)
            moves = move_memo.get(mkey)
            if moves is None:
                moves = move_memo[mkey] = gen(state, side, dvals, kings_on, blocked)
            for mv in moves:
                if pdone is not None and not all_back:
                    mk = pdone.get(mv, 0)
                    if mk and not mk & pmk:
                        # its result is already expanded and, with a
                        # completable forward move found, cannot change
                        # anything here
                        if inner:
                            done[mv] = mk
                        continue
                # the child's keys first: the untagged ``code2`` and the
                # tagged ``key`` (``code2 + tkey2``); the child's state is
                # built only if that key is new.  ``apply_move`` is inlined
                # for a move between two spaces that does not attack (the
                # common case), the keys updated from the two stacks it
                # changes; other moves are applied, then keyed.
                src = mv[1]
                dst = mv[2]
                st2 = None
                attack = False
                if src and dst != FINISH:
                    tl = path_slots[dst]
                    old = slots[tl]
                    if tl < 9 and (info_get(old) or stack_info(old))[foe]:
                        st2, attack = apply(state, side, mv)
                    else:
                        sl = path_slots[src]
                        stack = slots[sl]
                        piece = stack[-1]
                        a = codes_get(stack) or stack_code(stack)
                        b = codes_get(old) or stack_code(old)
                        code2 = (code + (((a >> 2) - a) << sl * code_bits)
                                 + ((((b << 2) | (piece & 3)) - b) << tl * code_bits))
                        t0 = piece >> 2
                        hi = tl * max_height + len(old)
                        if t0:
                            newly = False
                            tkey2 = tkey + t0 * (tag_unit[hi]
                                                 - tag_unit[sl * max_height + len(stack) - 1])
                        else:
                            newly = not pools[MOVED_FROM] >> sl & 1
                            tkey2 = tkey + (sl + 1) * tag_unit[hi]
                            if newly:
                                tkey2 += moved_units[sl]
                elif not src:
                    # from Start, inlined the same way unless it attacks
                    tl = path_slots[dst]
                    old = slots[tl]
                    if tl < 9 and (info_get(old) or stack_info(old))[foe]:
                        st2, attack = apply(state, side, mv)
                    else:
                        piece = start_piece[mv[3]]
                        pidx = start_pool[mv[3]]
                        b = codes_get(old) or stack_code(old)
                        code2 = (code + ((((b << 2) | (piece & 3)) - b) << tl * code_bits)
                                 - pool_unit[pidx])
                        tkey2 = tkey + ORIGIN_START * tag_unit[tl * max_height + len(old)]
                else:
                    st2, attack = apply(state, side, mv)
                if st2 is not None:
                    # the child's keys from what changed: the source and
                    # target stacks, and the pools (Start and Finish counts,
                    # the PENDING and MOVED_FROM masks) if they did
                    slots2, pools2 = st2
                    code2 = code
                    if src:
                        sl, sh = shifts[src]
                        old = slots[sl]
                        new = slots2[sl]
                        code2 += ((codes_get(new) or stack_code(new))
                                  - (codes_get(old) or stack_code(old))) << sh
                    if dst != FINISH:
                        tl, sh = shifts[dst]
                        old = slots[tl]
                        new = slots2[tl]
                        code2 += ((codes_get(new) or stack_code(new))
                                  - (codes_get(old) or stack_code(old))) << sh
                    if pools2 is not pools:
                        code2 += pool_delta(pools, pools2)
                    if attack:  # the target stack and the pools changed in many ways
                        tkey2 = tkey + (slot_tags(tl, slots2[tl]) - slot_tags(tl, slots[tl])
                                        + (pools2[PENDING] - pools[PENDING]) * PENDING_UNIT
                                        + (pools2[MOVED_FROM] - pools[MOVED_FROM]) * MOVED_UNIT)
                        if src:
                            tkey2 += slot_tags(sl, slots2[sl]) - slot_tags(sl, slots[sl])
                    elif not src:  # from Start: a piece tagged ORIGIN_START on top
                        tkey2 = tkey + ORIGIN_START * tag_unit[tl * max_height + len(slots[tl])]
                    else:  # into Finish: the piece's tag leaves the board
                        stack = slots[sl]
                        t0 = stack[-1] >> 2
                        tkey2 = tkey - t0 * tag_unit[sl * max_height + len(stack) - 1]
                        if not t0 and not pools[MOVED_FROM] >> sl & 1:
                            tkey2 += moved_units[sl]
                rest2 = after[mv[0]]
                seen_r = seen_after[mv[0]]
                key = code2 + tkey2
                ok = seen_r.get(key)
                # an attack may break an opponent Chebache: which spaces are closed
                # (an attack's child is always built above: ``slots2, pools2``)
                blocked2 = controlled(slots2, foe) if attack else blocked
                if inner:
                    # the move's footprint (see ``done``): the two spaces, or 0
                    # when it can change other moves: one from Start or into
                    # Finish, or an attack that breaks an opponent Chebache
                    # or sacrifices attackers (the mover's Start, hence
                    # must-leave-Start)
                    if not src or dst == FINISH:
                        mk = 0
                    elif attack:
                        mk = ((1 << src) | (1 << dst) if blocked2 == blocked
                              and pools2[own_start] == pools[own_start]
                              and pools2[own_start + 1] == pools[own_start + 1] else 0)
                    else:
                        mk = (1 << src) | (1 << dst)
                if ok is None:
                    if st2 is None:
                        new_slots = list(slots)
                        if src:
                            if not t0:
                                piece |= (sl + 1) << 2
                            pools2 = pools
                            if newly:
                                plist = list(pools)
                                plist[MOVED_FROM] |= 1 << sl
                                pools2 = tuple(plist)
                            new_slots[sl] = stack[:-1]
                        else:
                            plist = list(pools)
                            plist[pidx] -= 1
                            pools2 = tuple(plist)
                        new_slots[tl] = old + (piece,)
                        st2 = (tuple(new_slots), pools2)
                    if attack:
                        text = attack_texts.get(mv)
                        if text is None:
                            text = attack_texts[mv] = move_text(mv, True)
                    else:
                        text = texts.get(mv)
                        if text is None:
                            text = texts[mv] = move_text(mv, False)
                    path.append(text)
                    if rest2:
                        # an earlier move here that touches other spaces
                        # (footprints disjoint, neither interacting) commutes
                        # with this one: from the new node it leads where
                        # this move led from that earlier move's node, which
                        # is expanded already
                        ok = visit(st2, rest2, done if mk else None, mk, code2, tkey2,
                                   blocked2)
                    else:
                        ok = leaf(st2, rest2, code2, blocked2)
                    path.pop()
                    seen_r[key] = ok
                if inner:
                    done[mv] = mk
                if ok:
                    any_ok = True
                    if not mv[4]:
                        all_back = False
            if not any_ok:
                return leaf(state, rest, code, blocked)
            if all_back and forfeit_allowed(state, side):
                emit_forfeit(state, code)
            return True

        def emit_forfeit(state: State, kc: int) -> None:
            if state[1][PENDING] or returned_to_stay(state):
                return
            if kc not in found:
                record(kc, True)

        start = expand_dice(dice)
        got = self._records.get(start)
        if got is not None:
            return got
        try:
            with gc_paused():
                code = state_code(strip(self.state))
                tkey = tag_key(self.state)
                blocked = controlled_slots(self.state[0], 1 - side)
                ok = visit(self.state, start, None, 0, code, tkey, blocked) if start else leaf(
                    self.state, start, code, blocked)
                seen.setdefault(start, {})[code + tkey] = ok
                # free the search's own tables while the collector is off:
                # objects freed before it runs are never traced
                found.clear()
                move_memo.clear()
                ends.clear()
                steps_memo.clear()
        finally:
            # ``visit`` refers to itself: clear the cell so that no reference
            # cycle keeps this search's tables alive until the next collection
            visit = None  # type: ignore[assignment]  # None on purpose: see above
        got = self._records[start] = result
        return got


#: Move texts (``move_text``) of the moves that attack, and of the others.
_ATTACK_TEXTS: dict[Move, str] = {}
_MOVE_TEXTS: dict[Move, str] = {}
#: Per side, per space number 1..17: (its slot, where the slot's field starts
#: in a state code).
_SPACE_SHIFTS = tuple(
    ((-1, 0),) + tuple((SLOT[side][n], slot_shift(SLOT[side][n])) for n in range(1, 18))
    for side in (0, 1))
_POOLS_SHIFT = slot_shift(NUM_SLOTS)
#: ``tag_key``'s MOVED_FROM bit of each slot.
_MOVED_UNITS = tuple(MOVED_UNIT << i for i in range(NUM_SLOTS))


#: The weight of one piece in each of the eight Start/Finish counts of a
#: ``state_code``.
_POOL_UNIT = tuple(1 << (_POOLS_SHIFT + 8 * i) for i in range(8))


def _pool_delta(old: Pools, new: Pools) -> int:
    """How the Start and Finish counts' part of a ``state_code`` changes."""
    d = 0
    for i in range(8):
        if old[i] != new[i]:
            d += (new[i] - old[i]) * _POOL_UNIT[i]
    return d


def _slot_tags(slot: int, stack: tuple[int, ...]) -> int:
    """A stack's part of ``tag_key`` (its pieces' tags at their heights)."""
    t = 0
    base = slot * MAX_HEIGHT
    for h, p in enumerate(stack):
        if p >> 2:
            t += (p >> 2) * TAG_UNIT[base + h]
    return t


_DICE_STEPS: dict[Dice, tuple[tuple[int, ...], dict[int, Dice]]] = {}


def _dice_steps(rest: Dice) -> tuple[tuple[int, ...], dict[int, Dice]]:
    """The distinct die values left (descending) and the dice left after using
    each (memoised: there are few throws)."""
    got = _DICE_STEPS.get(rest)
    if got is None:
        dvals = tuple(sorted(set(rest), reverse=True))
        got = _DICE_STEPS[rest] = (dvals, {d: remove_die(rest, d) for d in dvals})
    return got


def take_jumps(groups: list, slots: tuple[tuple[int, ...], ...], need: int, kc: int,
               found: set[int], jumps: list) -> tuple[bool, bool]:
    """The search's hottest loop: the jumps from a Phase I end state (code
    ``kc``; ``groups`` from ``coded_jumps``) that end the turn legally (see
    ``valid_jumps``: a jump moves a unit off one slot only, so it can mend at
    most one returned-to-stay slot, ``need``, its source, or -1), each
    appended to ``jumps`` if its result is not yet in ``found``.  Returns
    whether any jump is legal, and whether every jump was (none refused by
    where a jumping piece began the turn)."""
    ok = False
    whole = need < 0
    last = -1
    split = None
    origins = None
    for s, k, landings in groups:
        if need >= 0 and s != need:
            continue
        if s != last:
            # the units' tags matter only if the stack has a piece moved
            # this turn (always so on the slot in ``need``)
            last = s
            st_s = slots[s]
            tags = _ORIGINS_OF.get(st_s)
            if tags is None:
                tags = stack_origins(st_s)
            split = _units(s, st_s) if tags else None
        if split is not None:
            unit = split[k - 1]
            origins = unit[4]
            if need >= 0 and (s + 1) in stack_origins(unit[1]):
                continue
        else:
            origins = None
        for jl in landings:
            if origins is not None and jl[1] + 1 in origins:
                whole = False
                continue
            ok = True
            n0 = len(found)
            found.add(kc + jl[2])
            if len(found) != n0:  # a new result (one hash, not two)
                jumps.append(jl)
    return ok, whole


def turn_texts(heads: list[str], plain: list[bool], counts: list[int],
               jumps: list) -> list[str]:
    """``Found.texts``: a module function so that it can be compiled with C
    types (turns.pxd)."""
    out: list[str] = []
    i = 0
    for b in range(len(heads)):
        head = heads[b]
        if plain[b]:
            out.append(head or NO_MOVE)
        n = counts[b]
        if n:
            j = i + n
            if head:
                prefix = head + ", "
                for k in range(i, j):
                    out.append(prefix + jumps[k][3])
            else:
                for k in range(i, j):
                    out.append(jumps[k][3])
            i = j
    return out


def format_moves(moves: list[str], jump: Jump | None) -> str:
    """Canonical move text: identical ordinary moves in a row grouped as ``n(...)``."""
    out: list[str] = []
    i = 0
    n = len(moves)
    while i < n:
        m = moves[i]
        j = i + 1
        if m[0] != "K":  # King moves, ``K(...)``, are never grouped
            while j < n and moves[j] == m:
                j += 1
        out.append(m if j == i + 1 else f"{j - i}({m})")
        i = j
    if jump is not None:
        out.append(jump_text(jump))
    return ", ".join(out) if out else NO_MOVE


#: Where (``slot_shift``) the centre, the controlled space and the two
#: Intersections of each opponent Chebache that may stand at the end of a turn
#: lie in a ``state_code``.
TrapWatch = list[tuple[int, int, int, int]]


def trap_watch(state: State, side: int) -> TrapWatch:
    """The opponent's Chebaches that can still stand when ``side``'s turn from
    ``state`` ends: those whose two Intersections the opponent holds now (the
    mover can take an Intersection from the opponent, by an attack, but never
    give it one).  Empty, as in most positions: no turn ends with a trap."""
    slots = state[0]
    foe = 1 - side
    return [(slot_shift(centre), slot_shift(ctrl), slot_shift(left), slot_shift(right))
            for centre, left, right, ctrl in _SHAPES[foe]
            if holds(slots[left], foe) and holds(slots[right], foe)]


def distinct_results(codes: list[int], state_of: Callable[[int], State], watch: TrapWatch,
                     side: int) -> list[int] | None:
    """Which of ``side``'s turns to keep, given the ``state_code`` after each
    (before traps; ``state_of(i)`` is the state of ``codes[i]``), so that no
    two reach one position after the end-of-turn traps: their indices, or
    None when every turn is kept.

    ``records`` tells turns apart by the state before traps, and two such
    states can become one when a trap sends a piece back to Start: with
    ``W: 10K@S, 1@4, 1@6; B: 9K@S, 1@11, 1@12, 1@13`` and [3 4], ``S/4, 4/7``
    enters a piece and leaves the one on 6, which B's Chebache traps, while
    ``6/10, 10\\7`` moves the piece on 6 itself: the same position.  The
    first turn in the search's order is kept, so the list keeps that order
    and a throw without such a pair lists exactly what it did.  The turn left
    out is still legal to play (``play`` searches the moves themselves).

    Only a turn that ends with a trap is decoded and trapped: one that ends
    with a Chebache of ``watch`` (``trap_watch``) standing, read from the
    code, and its controlled space occupied."""
    if not watch:
        return None
    mask = (1 << CODE_BITS) - 1  # one slot's field; 1 is the empty stack
    foe = 1 - side
    seen: set[int] = set()
    keep: list[int] = []
    for index, code in enumerate(codes):
        key = code
        for centre_at, ctrl_at, left_at, right_at in watch:
            if code >> ctrl_at & mask != 1 and code >> centre_at & mask != 1 \
                    and _holds_field(code >> left_at & mask, foe) \
                    and _holds_field(code >> right_at & mask, foe):
                key = state_code(apply_traps(state_of(index), side)[0])
                break
        if key not in seen:
            seen.add(key)
            keep.append(index)
    return None if len(keep) == len(codes) else keep


def _holds_field(field: int, side: int) -> bool:
    """``chebaches.holds`` on a slot's field of a ``state_code`` (2 bits a
    piece, the side in the low bit, above a leading 1)."""
    while field > 1:
        if field & 1 == side:
            return True
        field >>= 2
    return False


@dataclass
class EndOfTurn:
    """The state after traps and the result they bring."""

    state: State
    traps: list[str]
    winner: int | None
    draw: bool


def end_of_turn(state: State, side: int) -> EndOfTurn:
    """Traps, then a win by Finish, then a draw (chebache.md's order)."""
    state = strip(state)
    state, traps, king_trapped = apply_traps(state, side)
    if king_trapped:
        return EndOfTurn(state, traps, 1 - side, False)
    if not in_play(state, side):
        return EndOfTurn(state, traps, side, False)
    if not in_play(state, 1 - side):
        return EndOfTurn(state, traps, None, True)
    return EndOfTurn(state, traps, None, False)


def in_play(state: State, side: int) -> int:
    """How many pieces of ``side`` are outside Finish."""
    slots, pools = state
    b = side * 4
    n = pools[b + P_START] + pools[b + P_START_K]
    for st in slots:
        for p in st:
            if (p & 1) == side:
                n += 1
    return n


def finished(state: State, side: int) -> int:
    """Pieces of ``side`` in Finish."""
    return state[1][side * 4 + P_FIN] + state[1][side * 4 + P_FIN_K]


__all__ = [
    "FINISH", "NO_MOVE", "EndOfTurn", "Outcome", "TurnSearch", "end_of_turn",
    "expand_dice", "format_moves", "has_mixed", "remove_die", "returned_to_stay",
]
