"""The CheeseGambit position: pieces, cubes, placings, what is pending, and
the turn, taunt-answer and vote actions that produce the next position."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial
from types import MappingProxyType
from typing import Literal

from games.base import Dice, Played, Position, Question, QuestionKind, Result
from games.cheesegambit.board import (
    COLOURS,
    OFF,
    POOL,
    SAFE_BASE,
    TRACK,
    location_name,
    next_in_turn,
    reentry_square,
    remaining,
    step,
)
from games.cheesegambit.explain import chain_reason, check_written_count, explain
from games.cheesegambit.listing import ORDINALS, ListingData, pair, write_listing
from games.cheesegambit.movegen import (
    CHEESEGAMBIT,
    DANCE,
    GAMBIT,
    GAMBLE,
    MOVE,
    Pieces,
    TurnGenerator,
    TurnOption,
    bits,
)
from games.cheesegambit.notation import (
    DANCE_TEXT,
    WrittenTurn,
    format_moves,
    parse_colour,
    parse_turn,
    turn_steps,
)
from games.errors import GameError, IllegalTurnError, NotationError
from games.events import (
    BorneOff,
    Event,
    Hit,
    Moved,
    Passed,
    PlacedAt,
    Resigned,
    TauntAccepted,
    TauntDropped,
    Taunted,
    Voted,
    Won,
)
from games.messages import Message, parts_of, placings_said, why_parts
from games.notation import format_dice, tokenize
from games.outcome import EndReason
from games.turns import Addition, AdditionKind, Turn

#: ``("taunt", taunter, target)``, ``("vote", [sides yet to vote])`` or None.
Pending = tuple[Literal["taunt"], str, str] | tuple[Literal["vote"], list[str]] | None


#: Where a typed turn's taunt begins (``9X13 T@B``; autocomplete's edge).
_TAUNT_BEGUN = re.compile(r"\s+T@", re.IGNORECASE)

class CheeseGambitPosition(Position):
    """An immutable CheeseGambit position (see the package docstring for the
    turn / answer / vote protocol)."""

    game = "cheesegambit"
    pass_text = DANCE_TEXT

    def __init__(self, data: ListingData, options: Mapping[str, str]) -> None:
        self._d = data
        self._options = MappingProxyType(dict(options))
        self._owner: list[str | None] = [None] * (TRACK + 1)
        self._count = [0] * (TRACK + 1)
        for side in data.sides:
            for p in data.pieces[side]:
                if 1 <= p <= TRACK:
                    self._owner[p] = side
                    self._count[p] += 1
        self._cache: dict[tuple[int, ...], list[tuple[str, TurnOption]]] = {}
        #: ``legal_turns`` per dice: the turn values of ``turn_options``, in its order
        self._legal_turns: dict[tuple[int, ...], list[Turn]] = {}

    # -- the protocol ----------------------------------------------------------
    @property
    def options(self) -> Mapping[str, str]:
        return self._options

    @property
    def side_to_move(self) -> str | None:
        """Who must act: the taunted side, else the first voter yet to vote,
        else the side to throw; None once the game is over."""
        d = self._d
        if d.next_side is None:
            return None
        if d.taunt:
            return d.taunt[1]
        if d.vote:
            return d.vote[0]
        return d.next_side

    @property
    def next_side(self) -> str | None:
        """The side that throws the dice next once anything pending is settled."""
        return self._d.next_side

    @property
    def result(self) -> Result | None:
        d = self._d
        if d.next_side is not None:
            return None
        winner = d.placings[0] if d.placings else None
        points = sum(self.stake(winner, s) for s in d.sides if s != winner) if winner else 0
        return Result(winner, points, self.placings_text(),
                      ended_by=EndReason.PLACINGS, placings=tuple(d.placings))

    def piece_counts(self) -> Mapping[tuple[str, str], int]:
        """Pieces per (colour, location as notation writes it: ``P``, ``13``,
        ``S3``, ``F``); a side that has left the game has none."""
        counts: dict[tuple[str, str], int] = {}
        for side in self._d.sides:
            for p in self._d.pieces[side]:
                key = (side, location_name(side, p))
                counts[key] = counts.get(key, 0) + 1
        return counts

    def turn_additions(self, turn: Turn | str, dice: Dice) -> list[Addition]:
        """The taunts the mover may end ``turn`` with: ``T@B`` per side bumped."""
        return [Addition(f"T@{target}", AdditionKind.TAUNT, target)
                for target in self.possible_taunts(turn, dice)]

    def split_additions(self, text: str) -> tuple[str, str]:
        """A typed turn cut before its taunt: ``9X13 T@B`` -> ``9X13``, ``T@B``
        (a taunt begun, ``9X13 t@``, too)."""
        match = _TAUNT_BEGUN.search(text)
        return (text[:match.start()], text[match.start():].strip()) if match else (text, "")

    def dice_count(self) -> int:
        """2 when the side to move throws; 0 while an answer or vote is due or
        once the game is over."""
        d = self._d
        if d.next_side is None or d.taunt or d.vote:
            return 0
        return 2

    def listing(self) -> str:
        return write_listing(self._d)

    # -- what the renderer and service read --------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        """The colours in the game, in turn order (dropped ones included)."""
        return self._d.sides

    def pieces(self, colour: str) -> Pieces:
        """A colour's pieces as sorted location codes (see ``board``)."""
        return self._d.pieces[colour]

    def track(self, colour: str) -> dict[int, int]:
        """Track square -> number of ``colour``'s pieces there."""
        out: dict[int, int] = {}
        for p in self._d.pieces[colour]:
            if 1 <= p <= TRACK:
                out[p] = out.get(p, 0) + 1
        return out

    def safe_zone(self, colour: str) -> dict[int, int]:
        """k -> number of ``colour``'s pieces on S``k`` (occupied squares only)."""
        out: dict[int, int] = {}
        for p in self._d.pieces[colour]:
            if SAFE_BASE < p < OFF:
                out[p - SAFE_BASE] = out.get(p - SAFE_BASE, 0) + 1
        return out

    def pool(self, colour: str) -> int:
        """How many of ``colour``'s pieces wait in the pool."""
        return self._d.pieces[colour].count(POOL)

    def borne_off(self, colour: str) -> int:
        """How many of ``colour``'s pieces are borne off."""
        return self._d.pieces[colour].count(OFF)

    def occupant(self, square: int) -> tuple[str, int] | None:
        """(colour, count) on a track square, or None if it is empty."""
        owner = self._owner[square]
        return (owner, self._count[square]) if owner else None

    @property
    def dropped(self) -> Mapping[str, str]:
        """Colour -> the colour it dropped a taunt to."""
        return MappingProxyType(self._d.dropped)

    @property
    def cubes(self) -> Mapping[tuple[str, str], tuple[int, str]]:
        """(a, b) in turn order -> (stake, holder), for cubes that have moved."""
        return MappingProxyType(self._d.cubes)

    def stake(self, a: str, b: str) -> int:
        """The stake between two colours (1 until a taunt is accepted)."""
        return self._d.cubes.get(pair(a, b), (1, ""))[0]

    def cube_holder(self, a: str, b: str) -> str | None:
        """Who holds the pair's cube (may taunt the other next); None if centred."""
        return self._d.cubes.get(pair(a, b), (1, None))[1]

    @property
    def placings(self) -> tuple[str, ...]:
        """Colours placed so far: winner first."""
        return self._d.placings

    @property
    def taunt_enabled(self) -> bool:
        """Whether taunts (the doubling cube) are allowed in this game."""
        return self._d.taunt_on

    def placings_text(self) -> str:
        """``R wins; G 2nd``."""
        return "; ".join(f"{s} {ORDINALS[i]}" for i, s in enumerate(self._d.placings, 1))

    def _placings_said(self) -> Message:
        """``placings_text`` as data, for a message that names the result."""
        if not self._d.placings:
            return Message.of("why_text", text="")
        return placings_said(self._d.placings)

    def active(self) -> list[str]:
        """Colours still playing (not placed, not dropped), in turn order."""
        d = self._d
        return [s for s in d.sides if s not in d.placings and s not in d.dropped]

    def pending(self) -> Pending:
        """What must be settled before the next throw: ``("taunt", taunter,
        target)``, ``("vote", [sides yet to vote])`` or None."""
        d = self._d
        if d.next_side is None:
            return None
        if d.taunt:
            return ("taunt", d.taunt[0], d.taunt[1])
        if d.vote:
            return ("vote", list(d.vote))
        return None

    def question(self) -> Question | None:
        """A pending taunt (taunter, target) or the vote (the sides yet to vote)."""
        state = self.pending()
        if state is None:
            return None
        if state[0] == "taunt":
            return Question(QuestionKind.RAISE, (state[1], state[2]), "taunt")
        return Question(QuestionKind.VOTE, tuple(state[1]), "vote")

    @property
    def data(self) -> ListingData:
        """A copy of the position's content."""
        d = self._d
        return ListingData(d.sides, dict(d.pieces), dict(d.dropped), dict(d.cubes),
                           d.taunt_on, d.placings, d.taunt, d.vote, d.next_side)

    # -- turns -------------------------------------------------------------------
    def generator(self, colour: str | None = None) -> TurnGenerator:
        """Move rules for ``colour`` (default: the side to throw) here."""
        colour = colour or self._d.next_side
        if colour is None:
            raise IllegalTurnError(Message.of("gerr_over"))
        opp = [0 if self._owner[i] == colour else self._count[i] for i in range(TRACK + 1)]
        return TurnGenerator(colour, self._d.pieces[colour], opp)

    def _check_dice(self, dice: Dice) -> tuple[int, int]:
        d = self._d
        if d.next_side is None:
            raise IllegalTurnError(Message.of("gerr_over_paren", result=self._placings_said()))
        if d.taunt:
            raise IllegalTurnError(
                Message.of("gerr_c_answer_first", target=d.taunt[1], taunter=d.taunt[0]))
        if d.vote:
            raise IllegalTurnError(
                Message.of("gerr_c_vote_wait", voters=" ".join(d.vote)))
        if len(dice) != 2 or not all(isinstance(x, int) and 1 <= x <= 6 for x in dice):
            raise GameError(Message.of("gerr_c_bad_dice", dice=str(list(dice))))
        return dice[0], dice[1]

    def turn_options(self, dice: Dice) -> list[tuple[str, TurnOption]]:
        """Every legal turn for ``dice`` with its canonical text."""
        key = tuple(dice)
        if key not in self._cache:
            self._check_dice(dice)
            colour = self._d.next_side
            assert colour is not None
            opts = self.generator().options(key)
            self._cache[key] = [(format_moves(colour, o.kind, o.moves), o) for o in opts]
        return self._cache[key]

    def legal_turns(self, dice: Dice) -> list[Turn]:
        """Every complete legal turn as a value (taunts not included: any turn
        that bumps may end with ``T@X``, see ``turn_additions``); [] while an
        answer or vote is due or once the game is over."""
        if self.dice_count() == 0:
            return []
        key = tuple(dice)
        values = self._legal_turns.get(key)
        if values is None:
            colour = self._d.next_side
            assert colour is not None
            # steps are built when first asked (the picker), from the option's moves
            values = self._legal_turns[key] = [
                Turn(text, partial(turn_steps, colour, option.kind, option.moves))
                for text, option in self.turn_options(dice)]
        return list(values)

    def successors(self, dice: Dice) -> list[tuple[str, CheeseGambitPosition]]:
        """Every legal turn's canonical text with the position it leads to, in
        ``legal_turns`` order: what ``play`` gives for each text (without a
        taunt), without parsing the text back (for computer players' searches)."""
        return [(text, self.after_turn(option)) for text, option in self.turn_options(dice)]

    def after_turn(self, option: TurnOption) -> CheeseGambitPosition:
        """The position after one of ``turn_options``' turns (without a taunt)."""
        colour = self._d.next_side
        if colour is None:
            raise IllegalTurnError(Message.of("gerr_over"))
        return self._after_turn(colour, option)

    def play(self, text: str | Turn, dice: Dice) -> Played:
        """Play a dice turn: moves, optionally ``T@X`` (a taunt), optionally
        followed by its answer ``x<stake>``/``drop`` as records write it."""
        self._check_dice(dice)
        colour = self._d.next_side
        assert colour is not None
        written = parse_turn(str(text), colour)
        option = self._match(written, tuple(dice))
        moves = format_moves(colour, option.kind, option.moves)
        after = self._after_turn(colour, option)
        record = f"{format_dice(tuple(dice))} {moves}"
        events = self._move_events(colour, option, tuple(dice))
        if written.taunt:
            after = after._declare_taunt(colour, written.taunt, self._bumped_sides(option))
            moves += f" T@{written.taunt}"
            record += f" T@{written.taunt}"
            events.append(Taunted(colour, written.taunt))
            if written.answer is not None:
                if written.answer == "drop":
                    answered = after.answer_taunt(False)
                else:
                    new = 2 * after.stake(colour, written.taunt)
                    if written.answer != new:
                        raise IllegalTurnError(
                            Message.of("gerr_c_stake_not", stake=new, written=written.answer),
                            [f"{moves} x{new}", f"{moves} drop"])
                    answered = after.answer_taunt(True)
                record += " " + answered.record.split(" ", 1)[1]
                return Played(answered.position, record, moves,
                              events=(*events, *answered.events))
        return Played(after, record, moves,
                      events=self._with_ending(events, after, Message.of("why_first_home")))

    def _move_events(self, colour: str, option: TurnOption, dice: tuple[int, ...]
                     ) -> list[Event]:
        """The moves of ``option`` as events in play order; a bump follows the
        move that made it (once per square: a Gambit's two pieces bump once)."""
        if not option.moves:
            return [Passed(colour)]
        events: list[Event] = []
        hit: set[int] = set()
        spare = list(dice) * (2 if dice[0] == dice[1] else 1)
        for src, dst, _bump in option.moves:
            here = location_name(colour, src)
            die = _die_for(colour, src, dst, spare)
            if dst == OFF:
                events.append(BorneOff(colour, here, die))
            else:
                events.append(Moved(colour, here, location_name(colour, dst), die))
            if (option.bumped >> dst) & 1 and 1 <= dst <= TRACK and dst not in hit:
                hit.add(dst)
                victim = self._owner[dst]
                assert victim is not None
                events.append(Hit(colour, victim, str(dst), "P", self._count[dst]))
        return events

    def _with_ending(self, events: list[Event], after: CheeseGambitPosition, why: Message
                     ) -> tuple[Event, ...]:
        """``events`` plus the placings this step made and the win if it ended
        the game (``why``: what ended it)."""
        out = list(events)
        known = len(self._d.placings)
        for place, side in enumerate(after.placings[known:], start=known + 1):
            out.append(PlacedAt(side, place))
        if after.result is not None and self.result is None:
            reason = why_parts(why, *parts_of(placings_said(after.placings)))
            out.append(Won(after.result.winner or "", after.result.points, reason))
        return tuple(out)

    def possible_taunts(self, text: str | Turn, dice: Dice) -> list[str]:
        """Whom the mover could taunt after playing ``text`` (without a taunt)."""
        colour = self._d.next_side
        self._check_dice(dice)
        assert colour is not None
        option = None
        if isinstance(text, Turn):  # a listed turn: its option, without reading it again
            option = next((o for t, o in self.turn_options(dice) if t == text.moves), None)
        if option is None:
            option = self._match(parse_turn(str(text), colour), tuple(dice))
        after = self._after_turn(colour, option)
        out = []
        hit = self._bumped_sides(option)
        for target in hit:
            try:
                after._declare_taunt(colour, target, hit)
            except IllegalTurnError:
                continue
            out.append(target)
        return out

    def _bumped_sides(self, option: TurnOption) -> list[str]:
        hit = {self._owner[sq] for sq in bits(option.bumped)}
        return [c for c in COLOURS if c in hit]

    # -- matching written turns ----------------------------------------------------
    def _match(self, written: WrittenTurn, dice: tuple[int, ...]) -> TurnOption:
        colour = self._d.next_side
        assert colour is not None
        table = self.turn_options(dice)
        legal = [t for t, _ in table]
        double = dice[0] == dice[1]
        gen = self.generator()
        kind = written.kind
        check_written_count(written, dice)
        if double and gen.bearing_off():
            only = table[0][1]
            if kind == DANCE and only.kind == DANCE:
                return only
            if kind in (GAMBLE, MOVE) and only.kind == GAMBLE:
                if sorted((s, d) for ch in written.chains for s, d, _ in ch) == \
                        sorted((s, d) for s, d, _ in only.moves) and \
                        all(len(ch) == 1 for ch in written.chains):
                    return only
            why = Message.of("gerr_c_why_dance" if only.kind == DANCE else "gerr_c_why_all_off",
                             die=dice[0])
            raise IllegalTurnError(
                Message.of("gerr_c_gamble_mandatory", why=why), legal)
        if kind == DANCE:
            for _, opt in table:
                if opt.kind == DANCE:
                    return opt
            raise IllegalTurnError(Message.of("gerr_c_no_dance"), legal)
        if kind == GAMBLE:
            raise IllegalTurnError(
                Message.of("gerr_c_gamble_when"), legal)
        if kind in (GAMBIT, CHEESEGAMBIT):
            return self._match_special(written, dice, table, legal)
        return self._match_moves(written, dice, table, legal, gen)

    def _match_special(self, written: WrittenTurn, dice: tuple[int, ...],
                       table: list[tuple[str, TurnOption]], legal: list[str]) -> TurnOption:
        name = "Gambit" if written.kind == GAMBIT else "CheeseGambit"
        if dice[0] != dice[1]:
            raise IllegalTurnError(Message.of("gerr_c_needs_doubles", name=name), legal)
        segs = [ch[0] for ch in written.chains if len(ch) == 1]
        if len(segs) != len(written.chains) or len({(s, d) for s, d, _ in segs}) != 1:
            raise IllegalTurnError(
                Message.of("gerr_c_same_way", name=name), legal)
        src, dst, _ = segs[0]
        for _, opt in table:
            if opt.kind == written.kind and opt.moves[0][:2] == (src, dst) and \
                    len(opt.moves) == len(segs):
                return opt
        colour = self._d.next_side
        assert colour is not None
        pool = self.pool(colour)
        if written.kind == GAMBIT:
            if pool:
                why = Message.of("gerr_c_why_empty_pool")
            elif len(segs) != 2:
                why = Message.of("gerr_c_why_two")
            elif src > TRACK or src == POOL or self.track(colour).get(src, 0) < 2:
                why = Message.of("gerr_c_why_stack", src=src)
            else:
                why = Message.of("gerr_c_why_onto", die=dice[0],
                                 move=f"{location_name(colour, src)}/{location_name(colour, dst)}")
        else:
            r = reentry_square(colour, dice[0])
            if not pool:
                why = Message.of("gerr_c_why_pool_empty")
            elif src != POOL or dst != r:
                why = Message.of("gerr_c_why_enters", die=dice[0], square=r)
            elif self._count[r] < 2:
                why = Message.of("gerr_c_why_no_block", die=dice[0], square=r)
            else:
                why = Message.of("gerr_c_why_places", pool=pool)
        raise IllegalTurnError(Message.of("gerr_c_not_legal_special", name=name, why=why), legal)

    def _match_moves(self, written: WrittenTurn, dice: tuple[int, ...],
                     table: list[tuple[str, TurnOption]], legal: list[str],
                     gen: TurnGenerator) -> TurnOption:
        ordinary = {(o.pieces, o.bumped): (t, o) for t, o in table if o.kind == MOVE}
        results = gen.realise(written.chains, dice) if written.chains else {}
        playable: dict[tuple[Pieces, int], tuple[str, TurnOption]] = {}
        for key, used in results.items():
            if key in ordinary and used >= len(ordinary[key][1].moves):
                playable[key] = ordinary[key]
        # X may stand on any landing on a square where a bump happened this turn
        marked = [(s, d) for ch in written.chains for s, d, x in ch if x]
        found = {key: v for key, v in playable.items()
                 if all((key[1] >> d) & 1 for _, d in marked)}
        if playable and not found:
            bumped = next(iter(playable))[1]
            src, dst = next((s, d) for s, d in marked if not (bumped >> d) & 1)
            colour = gen.colour
            raise IllegalTurnError(
                Message.of("gerr_c_no_bump", where=location_name(colour, dst),
                           move=f"{location_name(colour, src)}/{location_name(colour, dst)}"),
                [t for t, _ in playable.values()])
        if len(found) == 1:
            return next(iter(found.values()))[1]
        if len(found) > 1:
            raise IllegalTurnError(
                Message.of("gerr_c_ambiguous"), [t for t, _ in found.values()])
        raise IllegalTurnError(self._why_not(written, dice, results, table, gen), legal)

    def _why_not(self, written: WrittenTurn, dice: tuple[int, ...],
                 results: dict, table: list[tuple[str, TurnOption]],
                 gen: TurnGenerator) -> Message:
        colour = gen.colour
        best = max((len(o.moves) for _, o in table if o.kind == MOVE), default=0)
        if not best:
            if any(o.kind in (GAMBIT, CHEESEGAMBIT) for _, o in table):
                return Message.of("gerr_c_only_special")
            return Message.of("gerr_c_must_dance")
        if results:
            if dice[0] == dice[1] and any(o.kind == GAMBIT for _, o in table) and \
                    len(written.chains) == 2:
                return (Message.of("gerr_c_full_gambit", best=best))
            return Message.of("gerr_c_full", best=best)
        pieces = gen.pieces
        pool = pieces.count(POOL)
        for chain in written.chains:
            src, dst, _ = chain[0]
            name = f"{location_name(colour, src)}/{location_name(colour, dst)}"
            if pool and src != POOL:
                return Message.of("gerr_c_pool_first", side=colour, pool=pool,
                                  low=reentry_square(colour, 1), high=reentry_square(colour, 6))
            if src == POOL and not pool:
                return Message.of("gerr_c_pool_empty", move=name, side=colour)
            if src != POOL and src not in pieces and src not in [
                    d for ch in written.chains for _, d, _ in ch]:
                return Message.of("gerr_c_no_piece", move=name, side=colour,
                                  where=location_name(colour, src))
            if 1 <= dst <= TRACK and self._count[dst] >= 2 and self._owner[dst] != colour:
                return Message.of("gerr_c_block", move=name, square=dst, owner=self._owner[dst])
            if dst == OFF and pieces[0] <= TRACK:
                return Message.of("gerr_c_bear_safe", move=name)
            reason = chain_reason(colour, chain, dice)
            if reason:
                return reason
        return explain(gen, written.chains, dice) or \
            Message.of("gerr_c_cannot", dice=format_dice(dice))

    # -- applying ------------------------------------------------------------------
    def _replace(self, **changes: object) -> CheeseGambitPosition:
        data = self.data
        for k, v in changes.items():
            setattr(data, k, v)
        return CheeseGambitPosition(data, self._options)

    def _next_after(self, side: str, active: list[str]) -> str | None:
        return next_in_turn(self._d.sides, side, active)

    def _after_turn(self, colour: str, option: TurnOption) -> CheeseGambitPosition:
        d = self._d
        pieces = dict(d.pieces)
        pieces[colour] = option.pieces
        for sq in bits(option.bumped):
            owner = self._owner[sq]
            assert owner is not None and owner != colour
            rest = [p for p in pieces[owner] if p != sq]
            pieces[owner] = tuple(sorted(rest + [POOL] * self._count[sq]))
        placings = d.placings
        vote = d.vote
        if option.pieces[0] == OFF:
            placings = placings + (colour,)
        active = [s for s in d.sides if s not in placings and s not in d.dropped]
        if len(active) <= 1:
            return self._replace(pieces=pieces, placings=placings + tuple(active),
                                 next_side=None, vote=None)
        if colour in placings and len(placings) == 1:
            vote = tuple(active)
        nxt = colour if option.extra_turn else self._next_after(colour, active)
        return self._replace(pieces=pieces, placings=placings, vote=vote, next_side=nxt)

    def _declare_taunt(self, colour: str, target: str, hit: list[str]) -> CheeseGambitPosition:
        """``colour`` (who just moved, bumping ``hit``) taunts ``target``."""
        if not self._d.taunt_on:
            raise IllegalTurnError(Message.of("gerr_c_taunts_off"))
        if target not in hit:
            who = ", ".join(hit) or "nobody"
            raise IllegalTurnError(
                Message.of("gerr_c_taunt_whom", who=who))
        if colour in self.placings or self._d.next_side is None:
            raise IllegalTurnError(Message.of("gerr_c_taunt_finished"))
        if target not in self.active():
            raise IllegalTurnError(Message.of("gerr_c_not_playing", side=target))
        holder = self.cube_holder(colour, target)
        if holder is not None and holder != colour:
            raise IllegalTurnError(Message.of("gerr_c_cube_holder", holder=holder, a=colour,
                                              b=target, who=holder))
        return self._replace(taunt=(colour, target))

    def answer_taunt(self, accept: bool) -> Played:
        """The taunted side accepts (stake doubles, it holds the cube) or drops
        (loses to the taunter at the current stake and leaves the game)."""
        d = self._d
        if not d.taunt or d.next_side is None:
            raise IllegalTurnError(Message.of("gerr_c_no_taunt"))
        taunter, target = d.taunt
        if accept:
            stake = 2 * self.stake(taunter, target)
            cubes = dict(d.cubes)
            cubes[pair(taunter, target)] = (stake, target)
            text = f"T@{target} x{stake}"
            return Played(self._replace(cubes=cubes, taunt=None), text, text, True,
                          (TauntAccepted(target, taunter, stake),))
        text = f"T@{target} drop"
        after = self._leave(target, taunter)
        dropped: list[Event] = [TauntDropped(target, taunter, self.stake(taunter, target))]
        return Played(after, text, text, True,
                      self._with_ending(dropped, after, Message.of("why_dropped", player=target)))

    def _leave(self, side: str, to: str) -> CheeseGambitPosition:
        """``side`` leaves the game (a drop to ``to``, or a resignation when
        ``to == side``): its pieces go, any taunt is settled, and the others
        play on; with one active player left that player is placed."""
        d = self._d
        pieces = dict(d.pieces)
        pieces[side] = ()
        dropped = dict(d.dropped)
        dropped[side] = to
        active = [s for s in d.sides if s not in d.placings and s not in dropped]
        vote = tuple(v for v in d.vote if v != side) if d.vote else None
        if len(active) <= 1:
            return self._replace(pieces=pieces, dropped=dropped, taunt=None, vote=None,
                                 placings=d.placings + tuple(active), next_side=None)
        nxt = d.next_side if d.next_side != side else self._next_after(side, active)
        return self._replace(pieces=pieces, dropped=dropped, taunt=None,
                             vote=vote or None, next_side=nxt)

    def resign(self, side: str) -> Played:
        """``side`` resigns: it leaves and the others play on (recorded ``B resigns``)."""
        if self._d.next_side is None:
            raise IllegalTurnError(Message.of("gerr_over_paren", result=self._placings_said()))
        if side not in self.active():
            raise IllegalTurnError(Message.of("gerr_c_not_playing", side=side))
        text = f"{side} resigns"
        after = self._leave(side, side)
        return Played(after, text, text,
                      events=self._with_ending([Resigned(side)], after,
                                               Message.of("why_resigned", player=side)))

    def vote(self, side: str, yes: bool) -> Played:
        """A remaining player's vote to play on for the places: the first "no"
        ends the game; when everyone has said yes, play goes on."""
        d = self._d
        side = (parse_colour(side) or side).upper()
        if not d.vote or d.next_side is None or d.taunt:
            raise IllegalTurnError(Message.of("gerr_c_no_vote"))
        if side not in d.vote:
            raise IllegalTurnError(
                Message.of("gerr_c_not_voter", side=side, voters=" ".join(d.vote)))
        text = f"vote {side} {'yes' if yes else 'no'}"
        if not yes:
            after = self._replace(vote=None, next_side=None)
            return Played(after, text, text, events=self._with_ending(
                [Voted(side, False)], after, Message.of("why_voted_stop", player=side)))
        rest = tuple(v for v in d.vote if v != side)
        return Played(self._replace(vote=rest or None), text, text, events=(Voted(side, True),))

    def action_due(self) -> bool:
        """A taunt answer or a vote is due before the next throw."""
        return self.pending() is not None

    def actors(self) -> tuple[str, ...]:
        """The taunted side, or every side yet to vote, or the side to throw."""
        d = self._d
        if d.next_side is None:
            return ()
        if d.taunt:
            return (d.taunt[1],)
        if d.vote:
            return tuple(d.vote)
        return (d.next_side,)

    def action_choices(self) -> list[str]:
        """``accept``/``drop`` for a taunt, ``yes``/``no`` for a vote."""
        if self._d.taunt:
            return ["accept", "drop"]
        if self._d.vote:
            return ["yes", "no"]
        return []

    def play_action(self, text: str, side: str | None = None) -> Played:
        """A non-dice action as text: ``accept``/``take``, ``drop``, ``T@B x2``,
        ``T@B drop``, ``vote G yes``/``vote G no`` (``yes``/``no`` alone: ``side``
        votes, by default the side to move).  Only the taunted side may answer a
        taunt: with ``side`` given, anyone else is refused."""
        d = self._d
        if side is not None and d.taunt and side != d.taunt[1]:
            raise IllegalTurnError(Message.of("gerr_c_only_target", target=d.taunt[1],
                                              taunter=d.taunt[0]))
        toks = [t.text.lower() for t in tokenize(text)]
        if len(toks) == 2 and toks[1] == "resigns" and parse_colour(toks[0]):
            return self.resign(parse_colour(toks[0]) or "")
        if d.next_side is None:
            raise IllegalTurnError(Message.of("gerr_over_paren", result=self._placings_said()))
        if toks and toks[0].startswith("t@"):
            target = parse_colour(toks[0][2:])
            if not d.taunt or target != d.taunt[1]:
                raise IllegalTurnError(Message.of("gerr_c_no_pending", target=toks[0][2:].upper()))
            toks = toks[1:]
            if toks and toks[0].startswith("x") and toks[0][1:].isdigit():
                if int(toks[0][1:]) != 2 * self.stake(*d.taunt):
                    raise IllegalTurnError(
                        Message.of("gerr_c_stake", stake=2 * self.stake(*d.taunt)),
                        [f"T@{target} x{2 * self.stake(*d.taunt)}", f"T@{target} drop"])
                toks = ["accept"] + toks[1:]
        if toks in (["accept"], ["take"]):
            return self.answer_taunt(True)
        if toks in (["drop"], ["pass"]):
            return self.answer_taunt(False)
        if len(toks) in (2, 3) and toks[0] == "vote" or len(toks) == 1 and toks[0] in (
                "yes", "no"):
            voter = side or self.side_to_move
            if len(toks) == 3:
                named = parse_colour(toks[1])
                if side is not None and named != side:
                    raise IllegalTurnError(Message.of("gerr_c_vote_for", side=side,
                                                      other=toks[1].upper()))
                voter = named
            side = voter
            answer = toks[-1]
            if side is None or answer not in ("yes", "no"):
                raise NotationError(Message.of("gerr_c_vote_form"), text, 1)
            return self.vote(side, answer == "yes")
        raise NotationError(
            Message.of("gerr_c_want_answer"), text, 1)


def _die_for(colour: str, src: int, dst: int, spare: list[int]) -> int | None:
    """The die (taken out of ``spare``) that moves a piece from ``src`` to
    ``dst``: the exact one, or for a bear-off from the highest square the
    smallest larger one; None when no die is left (a Gamble takes a whole
    stack off with one double)."""
    for die in sorted(spare):
        if (reentry_square(colour, die) if src == POOL else step(colour, src, die)) == dst:
            spare.remove(die)
            return die
    if dst == OFF:
        bigger = [d for d in sorted(spare) if d >= remaining(colour, src)]
        if bigger:
            spare.remove(bigger[0])
            return bigger[0]
    return None


__all__ = ["CheeseGambitPosition", "DANCE_TEXT"]

