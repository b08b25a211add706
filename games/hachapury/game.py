"""The Hachapury ``Game``: sides, (no) options, set-up, listing and help texts."""

from __future__ import annotations

from typing import ClassVar

from games.base import Game, Options, SideInfo
from games.errors import OptionError
from games.hachapury.position import COLOURS, SIDES, HachapuryPosition, parse_listing
from games.messages import Message

#: 4 checkers on the head (24) and 11 on point 6, for either side.
_START = tuple(4 if p == 24 else 11 if p == 6 else 0 for p in range(25))

RULES_TEXT = """\
**Hachapury** (Long Nardy variant). Two players, 15 checkers each: 4 on your 24 (the head) \
and 11 on your 6. Both move the same way, from 24 towards 1; your home is 6-1. \
The opponent's 24 is your 12.
- One die each decides who starts; then two dice a turn. Each die moves one checker \
exactly that many points; doubles give four moves. One checker may use several dice; \
every stop must be legal.
- Never land on a point holding an opponent checker (no hitting). Any number of checkers \
may leave the head in a turn.
- Full move: use both dice if at all possible (doubles: as many as possible). If only one \
of two different dice can be played, it must be the higher when either could be. No move: \
the turn passes.
- Barrier: you may not leave 6 or more of your points in a row (along the opponent's path) \
unless an opponent checker is already past them. Checked after every single move.
- Bearing off once all 15 are home: a die bears off from its point; if that point is empty \
you must move from a higher point; with nothing on that point or higher, bear off from \
your highest point. Moving inside the home instead is allowed.
- First to bear off all 15 wins 1 point; 2 (mars) if the loser has borne off none."""

NOTATION_TEXT = """\
Points are in **your own** numbering: 24 is your head, 6-1 your home, F is off.
- `24/18` moves a checker 6 points; `6/F` (or `6/off`) bears one off.
- `2(24/18)` moves two checkers the same way.
- One checker using both dice: `24/18/13` or just `24/13`.
- Moves may come in any order, separated by spaces, commas or semicolons: \
`24/18 24/19`, `6/1; 24/18`.
- Doubles: `2(24/20), 2(20/16)` or `24/16 24/16` with [4 4].
- Backgammon spellings work too: `24-18`, `24/18(2)`; nothing is ever hit, so no `*`.
- No legal move: `(no move)` (or `pass`).
Records: `7W: [6 5]; 24/18, 18/13`; a pass `8B: [6 6]; (no move)`."""


class HachapuryGame(Game):
    """Hachapury: a Long Nardy variant (hachapury.md)."""

    name: ClassVar[str] = "hachapury"
    title: ClassVar[str] = "Hachapury"
    opening_throw: ClassVar[bool] = True

    def sides(self, options: Options) -> list[SideInfo]:
        self.normalise_options(options)
        return [SideInfo(s, COLOURS[s], COLOURS[s]) for s in SIDES]

    def initial(self, options: Options, first: str | None = None) -> HachapuryPosition:
        """4 checkers on 24 and 11 on 6 for each side; ``first`` (default W) moves."""
        self.normalise_options(options)
        side = "W" if first is None else str(first).strip().upper()
        if side not in SIDES:
            raise OptionError(Message.of("gerr_option_h_side", value=first))
        return HachapuryPosition(_START, _START, side)

    def from_listing(self, text: str, options: Options) -> HachapuryPosition:
        """Read a position listing (PositionError when it is wrong)."""
        self.normalise_options(options)
        return parse_listing(text)

    def rules_text(self) -> str:
        return RULES_TEXT

    def notation_text(self) -> str:
        return NOTATION_TEXT


GAME = HachapuryGame()
