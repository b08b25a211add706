"""``/stats dice``: are the dice fair, in this server, for a player, or in one
game?  Each face's count against the expected, doubles, Pearson's chi-square verdict
(computer/dice_fairness.py) and the average luck per throw of the analysed games
(computer/analysis.py).  Read-only."""

from __future__ import annotations

import json

from bot import pages
from bot.replies import Channel, Refused, Reply, User
from bot.service.analysis import ReadsAnalyses
from bot.service.request import Request
from computer.analysis import VERSION, Analysis
from computer.dice_fairness import Fairness, fairness

#: The analysed games the luck average reads at most (the latest).
LUCK_GAMES = 200


class DiceStats(ReadsAnalyses):
    """``/stats dice``: how fair the throws were, and the luck a throw."""

    async def dice(self, req: Request, channel: Channel, member: User | None = None,
                   game_id: int | None = None) -> Reply:
        if game_id is not None:
            await self.history.finished(req, channel, game_id)  # this server's, finished
        rows = await self.store.throws(channel.guild_id, member.id if member else None,
                                       game_id)
        if game_id is not None:
            scope = req.public("dice_scope_game", id=game_id)
        elif member is not None:
            scope = req.public("dice_scope_member", name=pages.name(member.name))
        else:
            scope = req.public("dice_scope_server")
        throws = [tuple(int(d) for d in json.loads(dice)) for _, _, dice in rows]
        found = fairness(throws)
        if not found.dice:
            raise Refused(req.mine("dice_none", scope=scope))
        lines = [req.public("dice_title", scope=scope, throws=found.throws, dice=found.dice),
                 _faces(req, found)]
        if found.pairs:
            lines.append(req.public("dice_doubles", doubles=found.doubles, pairs=found.pairs,
                                    expected=found.expected_doubles))
        lines.append(req.public(f"dice_verdict_{found.verdict.value}", chi=found.chi_square,
                                p=found.p_value))
        luck = await self._luck(rows, member)
        if luck is not None:
            lines.append(req.public("dice_luck", luck=luck[0], throws=luck[1]))
        return Reply(text="\n".join(lines))

    async def _luck(self, rows: list[tuple[int, str, str]], member: User | None
                    ) -> tuple[float, int] | None:
        """The average luck per throw over the analysed games' throws in scope (the
        member's sides only), and how many throws."""
        sides: dict[int, set[str]] = {}
        for session_id, side, _ in rows:
            sides.setdefault(session_id, set()).add(side)
        latest = sorted(sides)[-LUCK_GAMES:]
        total, count = 0.0, 0
        for session_id, data in await self.store.analysed(latest, VERSION):
            try:
                analysis = Analysis.from_json(data)
            except ValueError:
                continue
            for player in analysis.players:
                if member is None or player.side in sides[session_id]:
                    total += player.luck
                    count += player.throws
        return (total / count, count) if count else None


def _faces(req: Request, found: Fairness) -> str:
    faces = ", ".join(req.public("dice_face", face=i + 1, count=n)
                      for i, n in enumerate(found.faces))
    return req.public("dice_faces", faces=faces, expected=found.expected)
