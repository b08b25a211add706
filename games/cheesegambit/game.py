"""The CheeseGambit ``Game``: sides, options, the initial position, listings,
rules and notation help."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import Game, OptionKind, Options, OptionSpec, QuestionKind, SideInfo
from games.cheesegambit.board import (
    COLOUR_NAMES,
    MAX_PIECES,
    MIN_PIECES,
    SIDES_BY_PLAYERS,
    starting_squares,
)
from games.cheesegambit.listing import ListingData, read_listing
from games.cheesegambit.position import CheeseGambitPosition
from games.errors import OptionError
from games.messages import Message

OPTIONS = (
    OptionSpec("players", OptionKind.INT, "2",
               "how many play (Red, Green, Blue, Yellow in order)", 2, 4),
    OptionSpec("pieces", OptionKind.INT, "14", "pieces per player", MIN_PIECES, MAX_PIECES),
    OptionSpec("taunt", OptionKind.SWITCH, "on",
               "whether a bump may be taunted (doubling the stake)"),
)
DEFAULTS = {spec.name: spec.default for spec in OPTIONS}

RULES = """\
**CheeseGambit** (2-4 players, Parcheesi x Backgammon). Race all your pieces round \
the 72-square track into your safe zone (S6..S1, entered from your exit square by exact \
count) and bear them off.
- Throw 2 dice; each die moves one piece; doubles give 4 moves. Use the dice in full \
(as many as possible); no move: you dance.
- Landing on one opponent piece (a blot) bumps it to its pool; 2+ pieces are a block: no landing \
(passing is fine).
- Pool pieces must re-enter first, on re-entry square R<die> (in the opposite arm).
- Bearing off (all pieces in S1..S6): die d takes a piece off S<d>, or off the highest \
square when none stands higher.
- Gamble (mandatory): doubles d while bearing off take every piece on S<d> off at once; \
none there: dance baby dance!
- Gambit (optional): doubles d, two pieces of one stack move d onto opponent pieces and \
bump them all; that is the whole turn.
- CheeseGambit (optional): pool pieces and doubles d onto an opponent block on R<d>: \
place 1-2 pieces there, bump it all, and play again.
- Taunt: after bumping someone, end your turn with T@X to double your stake; they accept \
(and hold the cube) or drop (and lose at the old stake).
- First home wins; with 3-4 players the rest vote to play on for places."""

NOTATION = """\
Squares are the track numbers 1-72; P is your pool, S1-S6 your safe zone, F off.
- `9/13 13/17` two moves; `9/13/17` one piece with both dice; `2(9/13)` two pieces.
- `9X13` lands where a piece was bumped, `2(9X13)` two do (X optional).
- Also: `9-13`, `9/13*` (= `9X13`), `9/13(2)` (= `2(9/13)`).
- `P/51` re-entry (or `P/R3`); `17/S5` into the safe zone; `S3/F` bear off.
- `G 2(9X13)` Gambit; `CG 2(PX15)` CheeseGambit; `gamble 4(S3/F)`; `(dance)`.
- Add `T@B` at the end of a turn that bumped Blue to taunt them.
- Answers: `accept` / `drop`; votes: `vote G yes` / `vote G no`.
Moves may be written in any order."""


class CheeseGambitGame(Game):
    """CheeseGambit: 2-4 players, Red, Green, Blue, Yellow."""

    name = "cheesegambit"
    title = "CheeseGambit"
    question_nouns = {QuestionKind.RAISE: "taunt", QuestionKind.VOTE: "vote",
                      QuestionKind.ANSWER: "question"}
    opening_throw = True
    min_players = 2
    max_players = 4
    action_line = r"^(vote\s+[RGBY]\s+(yes|no)|[RGBY]\s+resigns)\s*$"
    option_specs = OPTIONS

    def sides(self, options: Options) -> list[SideInfo]:
        opts = self.normalise_options(options)
        return [SideInfo(c, COLOUR_NAMES[c], COLOUR_NAMES[c])
                for c in SIDES_BY_PLAYERS[int(opts["players"])]]

    def join_action(self, line: str, action: str) -> str:
        """A taunt answer completes its turn line without repeating the taunt:
        ``12R: [4 4] G 2(9X13) T@B`` + ``T@B x2`` -> ``... T@B x2``."""
        head, _, last = line.rpartition(" ")
        first = action.split(" ", 1)[0]
        if head and last == first:
            return f"{head} {action}"
        return f"{line} {action}"

    def options_from_tags(self, tags: Mapping[str, str]) -> dict[str, str]:
        """Options from record tags; without ``Players`` the number of colour
        tags (Red, Green, Blue, Yellow) decides, else 2."""
        lower = {k.lower(): v for k, v in tags.items()}
        opts = {k: v for k, v in lower.items() if k in DEFAULTS}
        if "players" not in opts:
            n = sum(1 for c in ("red", "green", "blue", "yellow") if c in lower)
            if n >= 2:
                opts["players"] = str(n)
        return self.normalise_options(opts)

    def initial(self, options: Options, first: str | None = None) -> CheeseGambitPosition:
        opts = self.normalise_options(options)
        sides = SIDES_BY_PLAYERS[int(opts["players"])]
        first = (first or sides[0]).upper()
        if first not in sides:
            raise OptionError(Message.of("gerr_option_c_first", first=first,
                                         sides=", ".join(sides)))
        n = int(opts["pieces"])
        pieces = {}
        for c in sides:
            locs: list[int] = []
            for sq, count in starting_squares(c, n):
                locs += [sq] * count
            pieces[c] = tuple(sorted(locs))
        data = ListingData(sides=sides, pieces=pieces, taunt_on=opts["taunt"] == "on",
                           next_side=first)
        return CheeseGambitPosition(data, opts)

    def from_listing(self, text: str, options: Options) -> CheeseGambitPosition:
        """Read a listing; its colours decide ``players`` and its tail ``taunt``,
        its piece count ``pieces`` (other options are checked, then overridden)."""
        opts = self.normalise_options(options)
        data = read_listing(text)
        opts["players"] = str(len(data.sides))
        counts = [len(data.pieces[s]) for s in data.sides if s not in data.dropped]
        if counts:
            opts["pieces"] = str(counts[0])
        opts["taunt"] = "on" if data.taunt_on else "off"
        return CheeseGambitPosition(data, opts)

    def rules_text(self) -> str:
        return RULES

    def notation_text(self) -> str:
        return NOTATION


GAME = CheeseGambitGame()
