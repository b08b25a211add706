"""Matches to N points (``/new hachapury @bob match=7``): the games of a match are
played one after another in the channel, each a session of its own; the score, the
Crawford game and the match's end are worked out here (the rules: bot/matches.py).

- ``/new ... match=N`` opens the match with its first game's challenge (``open``).
- When a game of a match ends, ``follow_on`` writes its points (``settle``: once,
  in one transaction, together with the match's end when a player reaches N or
  resigns the match) and starts the next game at once: same players, same sides,
  same options and clock, its own opening throw; the Crawford game with the cube
  (CheeseGambit's taunt) off.  Every step can be run again: a crash between them
  is caught up by the next command whose reply names the game.
- Every reply about a match game ends with the score line (``decorate``), and the
  board's footer carries it (``caption``).
- Ratings: a match is rated once, when it ends, from its final score
  (``rating_verdict``); its games on their own are not.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.actions import Resign, encode
from bot.matches import (
    MatchError,
    caption,
    game_points,
    is_crawford,
    match_tags,
    parse_target,
    resigned_match,
    score_text,
    supports_match,
    winner_of,
)
from bot.ratings import RatedGame
from bot.replies import Button, Channel, Refused, Reply
from bot.service.context import Context
from bot.service.core import Turns, rematch_button
from bot.service.request import Request
from games import get_game
from games.dice import commitment
from games.outcome import Outcome
from games.plugins import plugin_for
from storage import Session, SessionStatus, StaleVersion
from storage.matches import MatchGameRow, MatchRow, MatchStatus, MatchStore

log = logging.getLogger("boardbot.matches")

@dataclass(frozen=True)
class MatchView:
    """A match as one of its games sees it."""

    match: MatchRow
    game: MatchGameRow
    games: list[MatchGameRow]
    #: the players in seat order: (user id, name)
    players: list[tuple[str, str]]

    def score(self, before: int | None = None) -> list[int]:
        """Each player's points from the games numbered below ``before`` (all)."""
        totals = {user: 0 for user, _ in self.players}
        for game in self.games:
            if game.winner in totals and (before is None or game.number < before):
                totals[game.winner] += game.points
        return [totals[user] for user, _ in self.players]

    @property
    def names(self) -> list[str]:
        return [name for _, name in self.players]

    def score_line(self, before: int | None = None) -> str:
        return score_text(self.names, self.score(before))

    def caption(self, lang: str) -> str:
        """The match line of this game in ``lang``: the score before it while it is
        played, the score after it once it is over."""
        over = self.game.winner is not None
        return caption(self.match.target, self.game.number, self.names,
                       self.score(None if over else self.game.number), self.game.crawford,
                       lang)


def _result_words(req: Request, view: MatchView, last: Outcome | None) -> str:
    """How the match ended, in words, from the outcome of the game that ended it
    (``last``): a player gave it up, or the winner reached the target.  (The match's
    stored result text is for its record and listings; it is not read back.)"""
    if resigned_match(last):
        loser = next((name for user, name in view.players if user != view.match.winner), "")
        return req.public("match_result_resigned", player=loser)
    winner = next((name for user, name in view.players if user == view.match.winner), "")
    return req.public("match_result_reached", player=winner, target=view.match.target)


@dataclass(frozen=True)
class RatingVerdict:
    """How ratings treat a finished match game: left out with ``reason`` (a game the
    match is rated with), or the match's ``outcome`` over all of its ``sessions``."""

    reason: str = ""
    outcome: RatedGame | None = None
    sessions: tuple[int, ...] = ()


class MatchLabels:
    """What a game's board and record say about its match (``GameLabels``): built
    on the store alone, before the ``Context`` that hands it to every picture and
    record (and to ``Matches``)."""

    def __init__(self, store: MatchStore) -> None:
        self.store = store

    async def view(self, session: Session, game: MatchGameRow | None = None
                   ) -> MatchView | None:
        """The match ``session`` is a game of (``game``: its row, when the caller has
        read it), or None."""
        game = game or await self.store.game_of(session.id)
        if game is None:
            return None
        match = await self.store.match(game.match_id)
        if match is None:
            return None
        players = [(seat.user_id, seat.name) for seat in sorted(session.seats,
                                                                key=lambda s: s.seat)]
        return MatchView(match, game, await self.store.games(match.id), players)

    async def caption(self, session: Session, req: Request) -> str:
        """The board's match line in the channel's language ('' for a game on its
        own, noted on ``req`` so that the command's ``Matches.after`` does not look
        again: one command, one look-up)."""
        game = await self.store.game_of(session.id)
        if game is None:
            req.notes.solo_game = session.id
            return ""
        view = await self.view(session, game)
        return view.caption(req.channel_lang) if view else ""

    async def record_tags(self, session: Session) -> list[tuple[str, str]]:
        """A match game's record tags (none for a game on its own): every record of
        the game has them (``Context.record_file``)."""
        view = await self.view(session)
        if view is None:
            return []
        return match_tags(view.match.target, view.game.number,
                          view.score_line(view.game.number), view.game.crawford)



class Matches:
    def __init__(self, ctx: Context, labels: MatchLabels, turns: Turns | None = None
                 ) -> None:
        self.ctx = ctx
        self.turns = turns
        self.labels = labels
        self.store = labels.store

    # -- opening a match ------------------------------------------------------------

    @staticmethod
    def target(req: Request, wanted: dict[str, str]) -> int | None:
        """The ``match=`` option taken out of the game options (None: a single game)."""
        text = wanted.pop("match", None)
        if text is None:
            return None
        try:
            return parse_target(text, req.user_lang)
        except MatchError as exc:
            raise Refused(str(exc)) from exc

    @staticmethod
    def check(req: Request, game_name: str, options: dict[str, str], lobby: bool,
              players: int) -> None:
        """Refuse a match the game cannot play (its options normalised)."""
        why = supports_match(game_name, options, req.user_lang)
        if why is not None:
            raise Refused(why)
        # a lobby of a game for a varying number of players may start with more than two
        game = get_game(game_name)
        if players > 2 or (lobby and game.min_players != game.max_players):
            raise Refused(req.mine("match_two_players", game=game_name))

    async def open(self, session_id: int, channel: Channel, game: str, target: int,
                   options: dict[str, str], control: str) -> None:
        await self.store.create(session_id, guild_id=channel.guild_id, channel_id=channel.id,
                                game=game, target=target, options=options, control=control,
                                now=self.ctx.clock())

    async def terms_of(self, session: Session) -> tuple[int, dict[str, str]] | None:
        """The target and options of the match ``session`` belongs to (a rematch plays
        another such match)."""
        view = await self.view(session)
        return (view.match.target, dict(view.match.options)) if view else None

    # -- reading --------------------------------------------------------------------

    async def view(self, session: Session, game: MatchGameRow | None = None
                   ) -> MatchView | None:
        """The match ``session`` is a game of (``MatchLabels.view``)."""
        return await self.labels.view(session, game)

    async def decorate(self, req: Request, reply: Reply) -> None:
        """The match line under a reply about a match game."""
        if not reply.ok or reply.session_id is None \
                or await self.store.game_of(reply.session_id) is None:
            return  # a game on its own: one indexed look-up, nothing more
        session = await self.ctx.store.session(reply.session_id)
        if session is None:
            return
        view = await self.view(session)
        if view is not None:
            reply.text += f"\n-# {view.caption(req.channel_lang)}"

    # -- a game ends ----------------------------------------------------------------

    async def settle(self, session: Session) -> bool:
        """Write a finished match game's winner and points (and the match's end when
        it decides the match), once; an aborted game abandons its match.  True when
        this call wrote the game."""
        if session.live:
            return False
        view = await self.view(session)
        if view is None or view.game.winner is not None \
                or view.match.status != MatchStatus.PLAYING:
            return False
        now = self.ctx.clock()
        if session.status != SessionStatus.FINISHED:
            await self.store.abandon(view.match.id, f"game {view.game.number} was "
                                     f"{session.status}", now)
            return False
        position = await self.ctx.position_async(session)
        scored = game_points(session.outcome, position, [s.side for s in session.seats])
        seat = session.seat_for_side(scored[0]) if scored else None
        if scored is None or seat is None:
            await self.store.abandon(view.match.id, f"game {view.game.number} had no winner",
                                     now)
            return False
        won = dict(zip([u for u, _ in view.players], view.score(), strict=True))
        won[seat.user_id] += scored[1]
        decided: tuple[str, str] | None = None
        if resigned_match(session.outcome):
            loser = next(name for user, name in view.players if user != seat.user_id)
            decided = (seat.user_id, f"{loser} resigned the match")
        elif winner_of(view.match.target, won) is not None:
            decided = (seat.user_id, f"{seat.name} reached {view.match.target}")
        return await self.store.record_game(session.id, seat.user_id, scored[1], now, decided)

    async def follow_on(self, req: Request, reply: Reply) -> None:
        """After a command: if the reply's game is a match game that has ended, settle
        it and announce the match's end, or start the next game (its reply joins
        this one: the new board, its buttons and mentions)."""
        if not reply.ok or reply.session_id is None \
                or await self.store.game_of(reply.session_id) is None:
            return
        session = await self.ctx.store.session(reply.session_id)
        if session is None or session.live:
            return
        wrote = await self.settle(session)
        view = await self.view(session)
        if view is None:
            return
        if wrote and reply.attachment is not None:
            reply.attachment = await self.game_record(session)
        if view.match.status == MatchStatus.FINISHED:
            if wrote:
                winner = next(name for user, name in view.players if user == view.match.winner)
                reply.text += "\n" + req.public("match_won", winner=winner,
                                                  target=view.match.target,
                                                  result=_result_words(req, view, session.outcome),
                                                  score=view.score_line())
                reply.attachment = await self.match_record(view.match.id)
                reply.buttons = [rematch_button(req, session)]
            return
        if view.match.status == MatchStatus.ABANDONED:
            return
        begun = await self._next_game(req, session, view)
        if begun is None:
            return
        reply.text += f"\n{begun.text}"
        reply.image, reply.image_description = begun.image, begun.image_description
        reply.buttons, reply.session_id = begun.buttons, begun.session_id
        reply.mentions = list(dict.fromkeys([*reply.mentions, *begun.mentions]))

    async def _next_game(self, req: Request, session: Session, view: MatchView) -> Reply | None:
        """Start (or, after a crash, finish starting) the game after ``session``'s."""
        if self.turns is None or view.game.winner is None:
            return None
        number = view.game.number + 1
        later = [g for g in view.games if g.number == number]
        if not later:
            score = dict(zip([u for u, _ in view.players], view.score(), strict=True))
            crawford = is_crawford(view.match.target, score,
                                   any(g.crawford for g in view.games))
            options = dict(view.match.options)
            cube = plugin_for(session.game).cube_option
            if crawford and cube is not None and cube in options:
                options[cube] = "off"  # the Crawford game: no cube
            seed = self.ctx.seed_factory()
            made = await self.store.add_game(
                view.match, number, crawford, options=options, seed=seed.hex(),
                seed_hash=commitment(seed), created_by=session.created_by,
                seats=[(s.side, s.user_id, s.name) for s in sorted(session.seats,
                                                                    key=lambda s: s.seat)],
                now=self.ctx.clock())
            if made is None:
                return None  # made meanwhile (its command starts it), or the channel is busy
            next_id = made  # with its clock: made in the same transaction
        else:
            next_id = later[0].session_id
        fresh = await self.ctx.store.session(next_id)
        if fresh is None or fresh.status != SessionStatus.CHALLENGE:
            return None
        view = await self.view(fresh) or view
        cube = plugin_for(fresh.game).cube_option
        crawford_note = ((req.public("crawford_no_taunts") if cube in fresh.options
                          else req.public("crawford_no_cube", title=get_game(fresh.game).title))
                         if view.game.crawford else "")
        begun = await self.turns.begin(req, fresh)
        begun.text = (req.public("match_game_begins", target=view.match.target,
                                  score=view.score_line(number), number=number,
                                  crawford=crawford_note) + f"\n{begun.text}")
        return begun

    # -- records --------------------------------------------------------------------

    async def game_record(self, session: Session) -> tuple[str, bytes]:
        """One game's record with its match tags (replays on its own)."""
        return await self.ctx.record_file(session, await self.labels.record_tags(session))

    async def match_record(self, match_id: int) -> tuple[str, bytes]:
        """The whole match so far: each game's record in turn, a blank line between."""
        parts: list[str] = []
        match = await self.store.match(match_id)
        assert match is not None
        for game in await self.store.games(match_id):
            session = await self.ctx.store.session(game.session_id)
            if session is None or session.status == SessionStatus.CHALLENGE:
                continue
            view = await self.view(session)
            assert view is not None
            parts.append((await self.game_record(session))[1].decode())
        return f"{match.game}-match-{match_id}.txt", "\n".join(parts).encode()

    async def whole_match_record(self, req: Request, reply: Reply) -> Reply:
        """``/record`` of a match game: the match's record so far, every game in it."""
        game = await self.store.game_of(reply.session_id) \
            if reply.ok and reply.session_id is not None else None
        if game is None:
            return reply
        reply.attachment = await self.match_record(game.match_id)
        reply.text = req.public("match_record_of", id=game.match_id, number=game.number)
        return reply

    # -- ratings ----------------------------------------------------------------------

    async def rating_verdict(self, session: Session) -> RatingVerdict | None:
        """None for a game on its own; for a match game, whether it is the one that
        ended the match (rated then, from the final score) or left to its match."""
        await self.settle(session)  # a game ended by the scheduler is settled here
        view = await self.view(session)
        if view is None:
            return None
        last = max(g.number for g in view.games if g.winner is not None) \
            if any(g.winner for g in view.games) else 0
        if view.match.status != MatchStatus.FINISHED or view.game.number != last:
            return RatingVerdict(reason=f"a game of match {view.match.id}: rated with its "
                                        "match")
        score = view.score()
        places = {user: (1 if user == view.match.winner else 2) for user, _ in view.players}
        points = {user: score[i] for i, (user, _) in enumerate(view.players)}
        return RatingVerdict(outcome=RatedGame(places, points),
                             sessions=tuple(g.session_id for g in view.games))

    # -- after every command -----------------------------------------------------------

    async def after(self, req: Request, reply: Reply) -> None:
        """Move a match on if the reply's game ended (a racing command that got there
        first is left to it), then add the score line."""
        if not reply.ok or reply.session_id is None or req.notes.solo_game == reply.session_id \
                or await self.store.game_of(reply.session_id) is None:
            return  # a game on its own (most commands): one indexed look-up at most
        try:
            await self.follow_on(req, reply)
        except StaleVersion:
            pass
        except Exception:  # the command's own change is saved: never report it failed
            log.exception("match follow-on failed after a command on session %s",
                          reply.session_id)
        await self.decorate(req, reply)

    # -- resigning the match ------------------------------------------------------------

    async def offer_match_resignation(self, req: Request, reply: Reply) -> Reply:
        """The resignation question of a match game gets a second button: resign the
        whole match (the opponent wins it) rather than this game's points."""
        if not reply.ok or reply.session_id is None \
                or await self.store.game_of(reply.session_id) is None:
            return reply
        reply.text += req.mine("match_resign_choice")
        reply.buttons.append(Button(req.mine("button_resign_match"),
                                    encode(Resign(reply.session_id, whole_match=True)), "danger"))
        return reply

    async def is_match_game(self, session: Session) -> bool:
        return await self.store.game_of(session.id) is not None
