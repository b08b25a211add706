"""Matching written move text against the legal turns, with reasons.

Checkers of one colour are alike, so the written moves may come in any order
and a checker's several dice may be written as one step: the turn is legal
when some order of the written moves, and some split of each step into dice,
is a legal full turn.  A small depth-first search tries those orders and
splits.  When none works it reports the most telling failure it met: a rule
(blocked point, barrier, bearing off) before a missing checker, and that
before a plain shortage of dice; deeper failures before shallower ones.
"""

from __future__ import annotations

from itertools import combinations

from games.errors import IllegalTurnError
from games.hachapury.board import TurnContext, apply_single, count_at, explain_single
from games.hachapury.movetext import OFF, WrittenPath, WrittenTurn
from games.hachapury.search import PASS_TEXT, TurnSet, explore
from games.messages import Message, join_parts, labelled

#: A pending journey: (current point, index of the next stop, path index).
Pending = tuple[int, int, int]

_RULE, _NO_CHECKER, _DICE = 3, 2, 1


def _dice_sums(dice: tuple[int, ...]) -> set[int]:
    """Every total of a non-empty selection of the dice."""
    sums: set[int] = set()
    for k in range(1, len(dice) + 1):
        for combo in combinations(dice, k):
            sums.add(sum(combo))
    return sums


def _precheck(paths: tuple[WrittenPath, ...], dice: tuple[int, ...], shown: str) -> None:
    """Arithmetic that needs no search: direction and pips of every step."""
    sums = _dice_sums(dice)
    total = sum(dice)
    # Each written step takes at least one die: this bounds the search below.
    steps = sum(len(path.points) - 1 for path in paths)
    if steps > len(dice):
        raise IllegalTurnError(Message.of("gerr_wrote_too_many", steps=steps, dice=shown,
                                          most=len(dice)))
    for path in paths:
        for a, b in zip(path.points, path.points[1:], strict=False):
            label = _label(f"{a}/{b if b else 'F'}", path.text)
            if b == OFF:
                if a > total:
                    raise IllegalTurnError(
                        Message.of("gerr_h_bear_pips", label=label, point=a, need=a, dice=shown,
                                   total=total)
                    )
                continue
            if b >= a:
                raise IllegalTurnError(
                    Message.of("gerr_h_wrong_way", label=label)
                )
            if a - b not in sums:
                raise IllegalTurnError(
                    Message.of("gerr_h_no_sum", label=label, pips=a - b, dice=shown))


class _Matcher:
    """One depth-first search for a legal reading of the written paths."""

    def __init__(
        self, ctx: TurnContext, dice: tuple[int, ...], paths: tuple[WrittenPath, ...],
        legal: TurnSet, shown: str,
    ) -> None:
        self.shown = shown
        self.ctx = ctx
        self.dice = dice
        self.paths = paths
        self.legal = legal
        self.seen: set[tuple[int, tuple[int, ...], tuple[Pending, ...]]] = set()
        self.failure: tuple[int, int, int, Message] | None = None
        #: Readings that play every written move but are not a legal full turn.
        self.complete: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]] = []

    def fail(self, tier: int, depth: int, reason: Message, split: bool = False) -> None:
        # A step read exactly as written ("6/F") explains better than a split
        # the player may never have meant ("1/F (in 6/F)").
        direct = 0 if split else 1
        if self.failure is None or (tier, direct, depth) > self.failure[:3]:
            self.failure = (tier, direct, depth, reason)

    def step_label(self, pidx: int, cur: int, target: int) -> str | Message:
        return _label(f"{cur}/{target if target > 0 else 'F'}", self.paths[pidx].text)

    def run(
        self, s: int, m: int, rem: tuple[int, ...], pending: tuple[Pending, ...],
        used: tuple[int, ...],
    ) -> int | None:
        key = (s, rem, pending)
        if key in self.seen:
            return None
        self.seen.add(key)
        depth = len(used)
        if not pending:
            won = s & 15 == 15
            if s in self.legal.by_state and (won or depth == self.legal.max_dice):
                return s
            self.complete.append((s, m, depth, rem, used))
            return None
        if not rem:
            self.fail(_DICE, depth, Message.of("gerr_h_more_dice", dice=self.shown))
            return None
        for i, item in enumerate(pending):
            if i and item == pending[i - 1]:
                continue
            cur, stop, pidx = item
            points = self.paths[pidx].points
            goal = points[stop]
            if not count_at(s, cur):
                self.fail(
                    _NO_CHECKER, depth,
                    Message.of("gerr_h_no_checker_at", label=self.paths[pidx].text, point=cur),
                )
                continue
            last_die = 0
            for j, die in enumerate(rem):
                if die == last_die:
                    continue
                last_die = die
                target = cur - die
                if goal != OFF and target < goal:
                    self.fail(
                        _DICE, depth,
                        Message.of("gerr_h_more_dice", dice=self.shown),
                    )
                    continue
                reason = explain_single(self.ctx, s, m, cur, die)
                if reason:
                    label = self.step_label(pidx, cur, target)
                    self.fail(_RULE, depth, labelled(label, reason),
                              split=isinstance(label, Message))
                    continue
                s2, m2 = apply_single(s, m, cur, die)
                arrived = target <= 0 if goal == OFF else target == goal
                rest = list(pending[:i] + pending[i + 1:])
                if not arrived:
                    rest.append((target, stop, pidx))
                elif stop + 1 < len(points):
                    rest.append((goal, stop + 1, pidx))
                if s2 & 15 == 15 and rest:
                    self.fail(
                        _DICE, depth + 1,
                        Message.of("gerr_h_over_after_off"),
                    )
                    continue
                found = self.run(
                    s2, m2, rem[:j] + rem[j + 1:], tuple(sorted(rest)), used + (die,)
                )
                if found is not None:
                    return found
        return None


def _extension_examples(
    ctx: TurnContext, legal: TurnSet, s: int, m: int, rem: tuple[int, ...]
) -> list[str]:
    """Legal turns that complete a short reading by playing the dice left."""
    levels, wins = explore(ctx, s, m, rem)
    reachable = set(wins)
    for level in levels:
        for nodes in level.values():
            reachable.update(nodes)
    first = [text for st, text in legal.by_state.items() if st in reachable]
    order = {text: n for n, text in enumerate(legal.texts)}
    first.sort(key=order.__getitem__)
    return first + [t for t in legal.texts if t not in first]


def match_turn(
    ctx: TurnContext, state: int, mask: int, dice: tuple[int, ...], written: WrittenTurn,
    legal: TurnSet, shown: str,
) -> int:
    """The resulting packed state of a written turn, or IllegalTurnError saying why."""
    if written.is_pass:
        if legal.max_dice == 0:
            return state
        raise IllegalTurnError(Message.of("gerr_h_cannot_pass"), legal.texts)
    no_move = Message.of("gerr_h_no_move", dice=shown) if legal.max_dice == 0 else None
    try:
        _precheck(written.paths, dice, shown)
    except IllegalTurnError as exc:
        raise IllegalTurnError(_join(exc.reason, no_move), legal.texts) from None
    matcher = _Matcher(ctx, dice, written.paths, legal, shown)
    start = tuple(sorted((p.points[0], 1, n) for n, p in enumerate(written.paths)))
    found = matcher.run(state, mask, tuple(sorted(dice, reverse=True)), start, ())
    if found is not None:
        return found
    if matcher.complete:
        s, m, used, rem, used_dice = matcher.complete[0]
        if used < legal.max_dice:
            examples = _extension_examples(ctx, legal, s, m, rem)
            if len(dice) == 2:
                need = Message.of("gerr_h_both_dice", example=examples[0])
            else:
                need = Message.of("gerr_h_max_dice", most=legal.max_dice, used=used,
                                  example=examples[0])
            raise IllegalTurnError(need, examples)
        if legal.max_dice == 1 and len(dice) == 2 and dice[0] != dice[1]:
            high = max(dice)
            if used_dice and used_dice[0] != high:
                raise IllegalTurnError(
                    Message.of("gerr_h_higher_die", high=high), legal.texts
                )
        raise IllegalTurnError(Message.of("gerr_h_not_full"), legal.texts)
    reason = matcher.failure[3] if matcher.failure else Message.of("gerr_turn_not_legal")
    raise IllegalTurnError(_join(reason, no_move), legal.texts)


def _join(reason: Message, extra: Message | None) -> Message:
    return join_parts(reason, extra) if extra else reason


def _label(step: str, written: str) -> str | Message:
    """A step as the player wrote it (``6/F``), or where it was written when the
    search split a longer path (``1/F (in 6/F)``)."""
    if step.lower() == written.lower():
        return step
    return Message.of("gerr_in_chain", reason=step, chain=written)


__all__ = ["PASS_TEXT", "match_turn"]
