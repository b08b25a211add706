"""Tournaments (``/tournament new|join|leave|start|standings|withdraw``): a server's
players in a Swiss, a round-robin or a knockout, each game in a thread of its own.

- ``new`` (moderators) opens the sign-up in this channel with a Join/Leave button;
  ``join``/``leave`` (or the buttons) until the organiser's ``start`` or the sign-up
  deadline (the scheduler's ``sweep``).
- A round is paired by the rules of ``bot.tournaments.pairing`` and written once
  (storage/tournaments.py); its games are handed to the adapter as ``ThreadGame``s:
  it opens a thread for each and calls ``open_game``, which begins the game there
  (a match to N points when the tournament has ``match=N``: bot/service/matches.py
  plays its games on in the thread).
- After every command (``after``) and every scheduler pass (``sweep``), a finished
  game writes its pairing's result once; the standings are posted in the
  tournament's channel; the last result of a round pairs the next one (or ends the
  tournament, its final results in words).  A restart loses nothing: every step
  reads what is stored and does only what is not done yet.
- ``withdraw``: the player's game on is resigned (a match: the whole match) and they
  are paired no more; a game lost on time before a move is a forfeit, and said so.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.actions import Entry, encode
from bot.clocks import TimeControlError
from bot.ratings import Standing as RatingStanding
from bot.replies import (
    Announcement,
    Button,
    Channel,
    Refused,
    Reply,
    ScheduledEvent,
    ThreadGame,
    User,
)
from bot.service.context import Context
from bot.service.core import Turns
from bot.service.matches import Matches
from bot.service.request import Request
from bot.service.resign import Resignation
from bot.service.timekeeping import Timekeeper
from bot.tournaments import pairing as rules
from bot.tournaments.pairing import Played
from games import GameError, get_game
from games.dice import commitment
from games.outcome import ABORTED, EndReason, timed_out
from renderer.tournament import Bracket, BracketMatch, CrossRow, CrossTable, draw
from storage import SessionStatus, StaleVersion
from storage.matches import MatchStatus, MatchStore
from storage.ratings import RatingStore
from storage.tournaments import (
    EntrantRow,
    Format,
    GameSeat,
    How,
    NewBoard,
    NewTournament,
    PairingRow,
    TournamentRow,
    TournamentStatus,
    TournamentStore,
)

log = logging.getLogger("boardbot.tournaments")

#: The most Swiss rounds a tournament may ask for, and the most entrants.
MAX_ROUNDS = 15
MAX_ENTRANTS = 64
#: A pairing whose game was not opened this many seconds after its round was paired
#: (its process died between the two) is handed out again.
REOPEN_AFTER = 120.0
#: The rows the standings show in words (a message holds 2,000 characters); the
#: picture has them all.
TEXT_ROWS = 24


@dataclass(frozen=True)
class Terms:
    """What ``/tournament new`` asks for, as the command edge read it."""

    game: str
    format: str
    rounds: int = 0
    options: dict[str, str] | None = None
    time_control: str | None = None
    match: int = 0
    signup_hours: float = 0.0
    round_hours: float = 0.0
    rated: bool = True
    name: str = ""


def sb_text(quarter_points: int) -> str:
    """A Sonneborn-Berger sum (``pairing.sonneborn_berger``: half points times half
    points, so quarter points) as points: 3, 2.5, 0.75."""
    return f"{quarter_points / 4:g}"


def points_text(half_points: int) -> str:
    """A score in half points as players read it: 2, 2½, ½."""
    whole, half = divmod(half_points, 2)
    if half and not whole:
        return "½"
    return f"{whole}{'½' if half else ''}"


class Tournaments:
    def __init__(self, ctx: Context, turns: Turns, timekeeper: Timekeeper, matches: Matches,
                 resignation: Resignation) -> None:
        self.ctx = ctx
        self.turns = turns
        self.timekeeper = timekeeper
        self.matches = matches
        self.resignation = resignation
        self.store = TournamentStore(ctx.store)

    # -- sign-up ----------------------------------------------------------------------

    async def new(self, req: Request, terms: Terms) -> Reply:
        user, channel = self._who(req)
        if not user.moderator:
            raise Refused(req.mine("t_moderators_only"))
        try:
            game = get_game(terms.game)
        except GameError as exc:
            raise Refused(req.mine("t_game_unknown", game=terms.game[:30])) from exc
        try:
            form = Format(terms.format.strip().lower())
        except ValueError as exc:
            raise Refused(req.mine("t_format_unknown", format=terms.format[:30])) from exc
        wanted = {k.lower(): v for k, v in (terms.options or {}).items()}
        given_time = wanted.pop("time", None)  # the clock is the tournament's, not an option
        try:
            options = game.normalise_options(wanted)
        except GameError as exc:
            raise Refused(req.mine("t_options_bad", title=game.title,
                                   listed=game.options_help() or "-")) from exc
        if len(game.sides(options)) > 2 and form is not Format.SWISS:
            # tables of 3-4 play Swiss rounds; a knockout or round-robin pairs two
            raise Refused(req.mine("t_tables_swiss", title=game.title))
        if form is Format.SWISS and not 1 <= terms.rounds <= MAX_ROUNDS:
            raise Refused(req.mine("t_rounds_range", most=MAX_ROUNDS))
        if terms.match:
            self.matches.check(req, game.name, options, False, len(game.sides(options)))
            if not 1 <= terms.match <= 25:
                raise Refused(req.mine("t_match_range"))
        try:
            control = self.timekeeper.control_text(terms.time_control or given_time, {})
        except TimeControlError as exc:
            raise Refused(req.mine("t_time_bad", error=exc.said(req.user_lang))) from exc
        except ValueError as exc:
            raise Refused(req.mine("t_time_bad", error=str(exc))) from exc
        if terms.signup_hours < 0 or terms.round_hours < 0:
            raise Refused(req.mine("t_hours_negative"))
        now = self.ctx.clock()
        starts_at = now + terms.signup_hours * 3600 if terms.signup_hours else None
        current = await self.store.in_channel(channel.id)
        if current is not None and current.status != TournamentStatus.FINISHED:
            raise Refused(req.mine("t_channel_has_one", name=current.name))
        name = (terms.name.strip() or req.public("t_default_name", title=game.title))[:60]
        tid = await self.store.create(NewTournament(
            guild_id=channel.guild_id, channel_id=channel.id, name=name, game=game.name,
            options=options, format=form, rounds=terms.rounds if form is Format.SWISS else 0,
            control=control, target=terms.match, rated=terms.rated, created_by=user.id,
            starts_at=starts_at, round_hours=terms.round_hours), now)
        row = await self.store.tournament(tid)
        assert row is not None
        start = (req.public("t_start_at", at=f"<t:{int(starts_at)}:f>") if starts_at
                 else req.public("t_start_by_organiser"))
        text = req.public("t_created", name=name, format=req.public(f"t_format_{form.value}"),
                          title=game.title, terms=self._terms_text(req, row), start=start)
        reply = Reply(text=text, buttons=self._entry_buttons(req, tid))
        if starts_at is not None and channel.guild_id:
            ends = starts_at + max(terms.round_hours, 24.0) * 3600 * max(1, row.rounds or 1)
            reply.announcements.append(Announcement(
                channel.id, Reply(text=""), event=ScheduledEvent(
                    name=name, description=text[:1000], starts=starts_at, ends=ends,
                    where=f"#{channel.name}" if channel.name else name)))
        return reply

    def _terms_text(self, req: Request, row: TournamentRow) -> str:
        game = get_game(row.game)
        parts = [game.options_text(row.options)]
        if row.format is Format.SWISS:
            parts.append(req.public("t_terms_rounds", rounds=row.rounds))
        if row.control != "none":
            parts.append(req.public("t_terms_clock", control=row.control))
        if row.target:
            parts.append(req.public("t_terms_match", target=row.target))
        if not row.rated:
            parts.append(req.public("t_terms_unrated"))
        return "".join(parts)

    def _entry_buttons(self, req: Request, tid: int) -> list[Button]:
        return [Button(req.public("t_button_join"), encode(Entry(tid, True)), "success"),
                Button(req.public("t_button_leave"), encode(Entry(tid, False)), "secondary")]

    async def join(self, req: Request, tournament_id: int | None = None) -> Reply:
        user, channel = self._who(req)
        row = await self._signing_up(req, channel, tournament_id)
        entrants = await self.store.entrants(row.id)
        if any(e.user_id == user.id for e in entrants):
            raise Refused(req.mine("t_already_in", name=row.name))
        if len(entrants) >= MAX_ENTRANTS:
            raise Refused(req.mine("t_full", name=row.name, most=MAX_ENTRANTS))
        rating = await self.rating_of(row.guild_id, row.game, user)
        if not await self.store.join(row.id, user.id, user.name, rating, self.ctx.clock()):
            raise Refused(req.mine("t_not_signup", name=row.name))
        count = len(entrants) + 1
        return Reply(text=req.public("t_joined", user=user.name, name=row.name, count=count))

    async def leave(self, req: Request, tournament_id: int | None = None) -> Reply:
        user, channel = self._who(req)
        row = await self._signing_up(req, channel, tournament_id)
        if not await self.store.leave(row.id, user.id):
            raise Refused(req.mine("t_not_in", name=row.name))
        count = len(await self.store.entrants(row.id))
        return Reply(text=req.public("t_left", user=user.name, name=row.name, count=count))

    async def rating_of(self, guild_id: str | None, game: str, user: User) -> float:
        """The seeding: the player's rating in the game on this server (its
        conservative estimate; a newcomer's is the model's default)."""
        rows = await RatingStore(self.ctx.store).standings(guild_id or "", game, [user.id])
        found = rows.get(user.id)
        standing = RatingStanding(user.id, user.name) if found is None else RatingStanding(
            found.user_id, found.name, found.mu, found.sigma)
        return float(standing.ordinal)

    async def _signing_up(self, req: Request, channel: Channel, tournament_id: int | None
                          ) -> TournamentRow:
        row = (await self.store.tournament(tournament_id) if tournament_id is not None
               else await self._here(req, channel))
        if row is None:
            raise Refused(req.mine("t_none_here"))
        if row.status != TournamentStatus.SIGNUP:
            raise Refused(req.mine("t_not_signup", name=row.name))
        return row

    async def _here(self, req: Request, channel: Channel) -> TournamentRow:
        """The tournament of this channel (a league's channel has one a division: the
        asker's, else the newest), or of the game in this thread."""
        row = await self.store.in_channel(channel.id)
        if row is not None and req.user is not None:
            for other in await self.store.unfinished_in_channel(channel.id):
                if any(e.user_id == req.user.id for e in await self.store.entrants(other.id)):
                    row = other
                    break
        if row is None:
            live = await self.ctx.store.live_session(channel.id)
            session_id = live.id if live is not None else await self._last_session(channel.id)
            pairing = await self.store.pairing_of_session(session_id) if session_id else None
            row = await self.store.tournament(pairing.tournament_id) if pairing else None
        if row is None:
            raise Refused(req.mine("t_none_here"))
        return row

    async def _last_session(self, channel_id: str) -> int | None:
        rows = await self.ctx.store.fetchall(
            "SELECT id FROM sessions WHERE channel_id=? ORDER BY id DESC LIMIT 1",
            (channel_id,))
        return int(rows[0][0]) if rows else None

    # -- the start --------------------------------------------------------------------

    async def start(self, req: Request) -> Reply:
        user, channel = self._who(req)
        row = await self._signing_up(req, channel, None)
        if user.id != row.created_by and not user.moderator:
            raise Refused(req.mine("t_start_who"))
        return await self._start(req, row, refuse=True)

    async def _start(self, req: Request, row: TournamentRow, refuse: bool) -> Reply:
        entrants = await self.store.entrants(row.id)
        least = 2 if row.format is not Format.SWISS else 3
        if len(entrants) < least:
            if refuse:
                raise Refused(req.mine("t_too_few", name=row.name, least=least,
                                       count=len(entrants)))
            # the sign-up deadline passed with too few: the tournament is called off
            if await self.store.start(row.id, 0, self.ctx.clock()):
                await self.store.finish(row.id, self.ctx.clock())
            return Reply(text=req.public("t_called_off", name=row.name, least=least,
                                         count=len(entrants)))
        rounds = {Format.SWISS: row.rounds,
                  Format.ROUND_ROBIN: rules.berger_rounds(len(entrants)),
                  Format.KNOCKOUT: max(1, math.ceil(math.log2(max(2, len(entrants)))))
                  }[row.format]
        if not await self.store.start(row.id, rounds, self.ctx.clock()):
            raise Refused(req.mine("t_not_signup", name=row.name))
        reply = Reply(text=req.public("t_started", name=row.name, count=len(entrants),
                                      rounds=rounds))
        fresh = await self.store.tournament(row.id)
        assert fresh is not None
        moved = await self.advance(req, fresh)
        # the first round is said here (the command's own channel is the tournament's)
        for announcement in moved:
            if announcement.channel_id == row.channel_id and not announcement.reply.image \
                    and announcement.event is None:
                reply.text += "\n" + announcement.reply.text
                reply.mentions += announcement.reply.mentions
                reply.announcements.append(Announcement(row.channel_id, Reply(text=""),
                                                        announcement.games))
            else:
                reply.announcements.append(announcement)
        return reply

    # -- rounds -------------------------------------------------------------------------

    async def advance(self, req: Request, row: TournamentRow) -> list[Announcement]:
        """Pair the next round if the last one is over (or end the tournament): what
        to post.  Several processes may call it at once; one pairs."""
        said: list[Announcement] = []
        for _ in range(MAX_ROUNDS * 4):  # rounds of byes only go on at once
            if row.status != TournamentStatus.PLAYING:
                return said
            entrants = await self.store.entrants(row.id)
            pairings = await self.store.pairings(row.id)
            last = max((p.round for p in pairings), default=0)
            if any(p.round == last and p.result is None for p in pairings):
                return said
            # a Swiss of 64 takes up to 0.1 s to pair (bench/bench_pairing.py): off the loop
            boards = await asyncio.to_thread(self._next_boards, row, entrants, pairings, last)
            if boards is None:
                if await self.store.finish(row.id, self.ctx.clock()):
                    said.append(await self._final(req, row, entrants, pairings))
                return said
            deadline = self.ctx.clock() + row.round_hours * 3600 if row.round_hours else None
            if not await self.store.add_round(row.id, last + 1, boards, deadline,
                                              self.ctx.clock()):
                return said  # another process paired it: it posts the round
            fresh = [p for p in await self.store.pairings(row.id) if p.round == last + 1]
            said.append(self._round_post(req, row, entrants, fresh))
        return said

    def _next_boards(self, row: TournamentRow, entrants: Sequence[EntrantRow],
                     pairings: Sequence[PairingRow], last: int) -> list[NewBoard] | None:
        """The next round's boards, or None when the tournament is over."""
        seeded = [e.user_id for e in entrants]
        active = [e.user_id for e in entrants if e.active]
        withdrawn = {e.user_id for e in entrants if not e.active}
        if row.format is Format.KNOCKOUT:
            if last == 0:
                drawn = rules.knockout_round(rules.knockout_slots(seeded))
            else:
                previous = [p for p in pairings if p.round == last]
                slots = [_winner(p) for p in previous]
                if len(slots) <= 1:
                    return None
                drawn = rules.knockout_round(slots)
            return [self._board(p, withdrawn) for p in drawn]
        if last >= row.rounds or len(active) < 2 and row.format is Format.SWISS:
            return None
        if _at_tables(row):
            seated, bye = rules.table_round(active, _tables_played(pairings),
                                            [p.first_id for p in pairings if p.is_bye])
            boards = [NewBoard(t[0], t[1], table=tuple(t)) if len(t) > 2 else
                      NewBoard(t[0], t[1]) for t in seated]
            if bye is not None:
                boards.append(NewBoard(bye, None, rules.BYE_TABLE_POINTS, How.BYE))
            return boards
        if row.format is Format.ROUND_ROBIN:
            drawn = rules.berger_round(seeded, last + 1)
        else:
            drawn = rules.swiss_round(active, _played(pairings))
        return [self._board(p, withdrawn) for p in drawn]

    @staticmethod
    def _board(pair: rules.Pairing, withdrawn: set[str]) -> NewBoard:
        """A board, decided at once where it is a bye or a withdrawn player's."""
        if pair.second is None:
            points = 0 if pair.first in withdrawn else rules.BYE_POINTS
            return NewBoard(pair.first, None, points, How.BYE)
        if pair.first in withdrawn or pair.second in withdrawn:
            result = (rules.DRAW if pair.first in withdrawn and pair.second in withdrawn
                      else rules.LOSS if pair.first in withdrawn else rules.WIN)
            return NewBoard(pair.first, pair.second, result, How.WITHDRAWN)
        return NewBoard(pair.first, pair.second)

    def _round_post(self, req: Request, row: TournamentRow, entrants: Sequence[EntrantRow],
                    fresh: Sequence[PairingRow]) -> Announcement:
        names = {e.user_id: e.name for e in entrants}
        lines = [req.public("t_round", name=row.name, round=fresh[0].round if fresh else 0)]
        games: list[ThreadGame] = []
        mentions: list[str] = []
        for p in fresh:
            if p.second_id is None:
                lines.append(req.public("t_bye", board=p.board, player=f"<@{p.first_id}>"))
                mentions.append(p.first_id)
                continue
            if p.table:
                lines.append(req.public("t_table", board=p.board,
                                        players=", ".join(f"<@{u}>" for u in p.table)))
                mentions += list(p.table)
                games.append(ThreadGame(row.channel_id, _thread_name(row, p, names),
                                        f"{row.id}:{p.round}:{p.board}"))
                continue
            if p.result is not None:
                lines.append(req.public("t_board_decided", board=p.board,
                                        first=names.get(p.first_id, "?"),
                                        second=names.get(p.second_id, "?"),
                                        result=self._result_words(req, p, names)))
                continue
            lines.append(req.public("t_board", board=p.board, first=f"<@{p.first_id}>",
                                    second=f"<@{p.second_id}>"))
            mentions += [p.first_id, p.second_id]
            games.append(ThreadGame(row.channel_id, _thread_name(row, p, names),
                                    f"{row.id}:{p.round}:{p.board}"))
        return Announcement(row.channel_id, Reply(text="\n".join(lines),
                                                  mentions=list(dict.fromkeys(mentions))),
                            games)

    # -- a game of a round -------------------------------------------------------------

    async def open_game(self, req: Request, key: str, thread: Channel) -> Reply:
        """Begin the game of pairing ``key`` in ``thread`` (opened for it by the
        adapter); a refusal when it is open already (the thread can go)."""
        try:
            tid, round_number, board = (int(part) for part in key.split(":"))
        except ValueError as exc:
            raise Refused(req.mine("t_none_here")) from exc
        row = await self.store.tournament(tid)
        pairing = next((p for p in await self.store.pairings(tid)
                        if p.round == round_number and p.board == board), None)
        if row is None or pairing is None or pairing.second_id is None \
                or pairing.session_id is not None or pairing.result is not None:
            raise Refused(req.mine("t_game_open_already"))
        names = {e.user_id: e.name for e in await self.store.entrants(tid)}
        game = get_game(row.game)
        options = dict(row.options)
        if "players" in options:  # a table seats as many as it has (3-4; 2 at the end)
            options["players"] = str(len(pairing.players))
        sides = game.sides(options)
        seats = [GameSeat(side.letter, user, names.get(user, "?"))
                 for side, user in zip(sides, pairing.players, strict=True)]
        seed = self.ctx.seed_factory()
        session_id = await self.store.open_game(
            row, pairing, channel_id=thread.id, options=options, seed=seed.hex(),
            seed_hash=commitment(seed), seats=seats, now=self.ctx.clock())
        if session_id is None:
            raise Refused(req.mine("t_game_open_already"))
        session = await self.ctx.store.session(session_id)
        assert session is not None
        begun = await self.turns.begin(req, session)
        header = req.public("t_game_header", name=row.name, round=round_number, board=board,
                            players=" – ".join(f"<@{u}>" for u in pairing.players))
        begun.text = f"{header}\n{begun.text}"
        begun.mentions = list(dict.fromkeys([*pairing.players, *begun.mentions]))
        return begun

    async def after(self, req: Request, reply: Reply) -> None:
        """After a command: the reply's game, if a tournament's and over, writes its
        result; the standings and what follows go to the tournament's channel."""
        if not reply.ok or reply.session_id is None:
            return
        pairing = await self.store.pairing_of_session(reply.session_id)
        if pairing is None:
            return
        reply.announcements += await self.settle(req, pairing)

    async def settle(self, req: Request, pairing: PairingRow) -> list[Announcement]:
        """Write ``pairing``'s result if its game (or match) is over; then the
        standings, and the next round when this was the round's last game."""
        row = await self.store.tournament(pairing.tournament_id)
        if row is None or row.status != TournamentStatus.PLAYING:
            return []
        said: list[Announcement] = []
        if pairing.result is None and pairing.table:
            placed = await self._table_decided(pairing)
            if placed is None:
                return []
            if not await self.store.set_table_result(pairing, placed, How.PLAYED):
                return []
            said.append(await self.standings_post(req, row, pairing, placed[0], How.PLAYED))
        elif pairing.result is None:
            decided = await self._decided(row, pairing)
            if decided is None:
                return []
            result, how = decided
            if not await self.store.set_result(pairing, result, how):
                return []  # another command wrote it (and posts what follows)
            said.append(await self.standings_post(req, row, pairing, result, how))
        return said + await self.advance(req, row)

    async def _table_decided(self, pairing: PairingRow) -> list[int] | None:
        """A finished table's points by seat: by finishing place (the game's placings);
        whoever left it unplaced shares the last place (no points)."""
        if pairing.session_id is None:
            return None
        session = await self.ctx.store.session(pairing.session_id)
        if session is None or session.live:
            return None
        size = len(pairing.table)
        placings = session.outcome.placings if session.outcome else ()
        if session.outcome and session.outcome.winner and not placings:
            placings = (session.outcome.winner,)
        place_of = {}
        for place, side in enumerate(placings, start=1):
            seat = session.seat_for_side(side)
            if seat is not None:
                place_of[seat.user_id] = place
        return [rules.place_points(size, place_of.get(user, size)) for user in pairing.table]

    async def _decided(self, row: TournamentRow, pairing: PairingRow
                       ) -> tuple[int, How] | None:
        """The pairing's result (the first player's half points) and how, once its
        game or match is over; None while it is played."""
        if pairing.session_id is None:
            return None
        if row.target:
            match = await MatchStore(self.ctx.store).match(pairing.session_id)
            if match is None or match.status == MatchStatus.PLAYING:
                return None
            games = await MatchStore(self.ctx.store).games(match.id)
            last = await self.ctx.store.session(games[-1].session_id) if games else None
            how = _how(last.outcome.reason if last and last.outcome else None,
                       last.next_turn if last else 0)
            if match.status == MatchStatus.ABANDONED or match.winner is None:
                return rules.DRAW, How.PLAYED
            return (rules.WIN if match.winner == pairing.first_id else rules.LOSS), how
        session = await self.ctx.store.session(pairing.session_id)
        if session is None or session.live:
            return None
        outcome = session.outcome
        if session.status != SessionStatus.FINISHED or outcome is None \
                or outcome.winner is None:
            return rules.DRAW, How.PLAYED
        seat = session.seat_for_side(outcome.winner)
        if seat is None:
            return rules.DRAW, How.PLAYED
        how = _how(outcome.reason, session.next_turn)
        return (rules.WIN if seat.user_id == pairing.first_id else rules.LOSS), how

    # -- withdrawing --------------------------------------------------------------------

    async def withdraw(self, req: Request) -> Reply:
        user, channel = self._who(req)
        row = await self._here(req, channel)
        if row.status == TournamentStatus.SIGNUP:
            return await self.leave(req, row.id)
        if row.status != TournamentStatus.PLAYING:
            raise Refused(req.mine("t_over", name=row.name))
        entrant = next((e for e in await self.store.entrants(row.id) if e.user_id == user.id),
                       None)
        if entrant is None or not entrant.active:
            raise Refused(req.mine("t_not_in", name=row.name))
        await self.store.withdraw(row.id, user.id, self.ctx.clock())
        reply = Reply(text=req.public("t_withdrew", user=user.name, name=row.name))
        on = next((p for p in await self.store.pairings(row.id) if p.result is None
                   and user.id in (p.first_id, p.second_id)), None)
        if on is None:
            reply.announcements += await self.advance(req, row)
            return reply
        if on.session_id is not None:
            told = await self._resign_for(req, row, on, user)
            if told is not None:
                reply.announcements.append(told)
        if on.table:  # the others play on; the table is scored when it ends
            reply.announcements += await self.settle(req, on)
            return reply
        result = rules.LOSS if on.first_id == user.id else rules.WIN
        if await self.store.set_result(on, result, How.WITHDRAWN):
            reply.announcements.append(await self.standings_post(req, row, on, result,
                                                                 How.WITHDRAWN))
        reply.announcements += await self.advance(req, row)
        return reply

    async def _resign_for(self, req: Request, row: TournamentRow, on: PairingRow,
                          user: User) -> Announcement | None:
        """End the withdrawing player's game (a match: the whole match) as their
        resignation, told in its thread."""
        assert on.session_id is not None
        if row.target:
            games = await MatchStore(self.ctx.store).games(on.session_id)
            current = games[-1].session_id if games else on.session_id
        else:
            current = on.session_id
        session = await self.ctx.store.session(current)
        if session is None or session.status != SessionStatus.ACTIVE:
            return None
        thread = Channel(session.channel_id, session.guild_id)
        try:
            told = await self.resignation.resign(req, user, thread,
                                                 whole_match=bool(row.target))
        except Refused:
            return None
        if row.target:
            await self.matches.follow_on(req, told)  # the match ends with its resigned game
        told.buttons = []
        told.text = req.public("t_withdrew_game", user=user.name) + "\n" + told.text
        return Announcement(thread.id, told)  # told in the game's thread

    # -- standings ----------------------------------------------------------------------

    async def standings(self, req: Request) -> Reply:
        _, channel = self._who(req)
        row = await self._here(req, channel)
        entrants = await self.store.entrants(row.id)
        pairings = await self.store.pairings(row.id)
        if row.status == TournamentStatus.SIGNUP:
            listed = ", ".join(e.name for e in entrants) or "-"
            return Reply(text=req.public("t_signed_up", name=row.name, count=len(entrants),
                                         listed=listed), private=True)
        text = self._table_text(req, row, entrants, pairings)
        image = self._picture(req, row, entrants, pairings)
        return Reply(text=text, image=image, image_name="standings.png",
                     image_description=text[:1000], private=True)

    async def table_text(self, req: Request, row: TournamentRow) -> str:
        """The standings of ``row`` in words (a league's division)."""
        return self._table_text(req, row, await self.store.entrants(row.id),
                                await self.store.pairings(row.id))

    async def final_order(self, row: TournamentRow) -> list[str]:
        """Everyone by final place (a league's next season reads it)."""
        entrants = await self.store.entrants(row.id)
        pairings = await self.store.pairings(row.id)
        if row.format is Format.KNOCKOUT:
            return [user for user, _ in _knockout_places(entrants, pairings)]
        return [s.player for s in self._table(entrants, pairings)]

    async def standings_post(self, req: Request, row: TournamentRow, pairing: PairingRow,
                             result: int, how: How) -> Announcement:
        """A result and the standings after it, for the tournament's channel."""
        entrants = await self.store.entrants(row.id)
        pairings = await self.store.pairings(row.id)
        names = {e.user_id: e.name for e in entrants}
        decided = next((p for p in pairings if (p.round, p.board) ==
                        (pairing.round, pairing.board) and p.result is not None),
                       PairingRow(pairing.tournament_id, pairing.round, pairing.board,
                                  pairing.first_id, pairing.second_id, pairing.session_id,
                                  result, how))
        head = req.public("t_result", name=row.name, round=pairing.round,
                          board=pairing.board,
                          result=self._result_words(req, decided, names))
        text = head + "\n" + self._table_text(req, row, entrants, pairings)
        return Announcement(row.channel_id, Reply(
            text=text, image=self._picture(req, row, entrants, pairings),
            image_name="standings.png", image_description=text[:1000]))

    def _result_words(self, req: Request, p: PairingRow, names: dict[str, str]) -> str:
        if p.table:
            order = sorted(zip(p.table, p.table_points, strict=False), key=lambda up: -up[1])
            return req.public("t_table_result", order=", ".join(
                f"{names.get(u, '?')} {points_text(2 * points)}" for u, points in order))
        first, second = names.get(p.first_id, "?"), names.get(p.second_id or "", "?")
        how = req.public(f"t_how_{(p.how or How.PLAYED).value}")
        if p.result == rules.DRAW:
            return req.public("t_drew", first=first, second=second, how=how)
        winner, loser = (first, second) if p.result == rules.WIN else (second, first)
        return req.public("t_beat", winner=winner, loser=loser, how=how)

    def _table(self, entrants: Sequence[EntrantRow], pairings: Sequence[PairingRow]
               ) -> list[rules.Standing]:
        players = [e.user_id for e in entrants]
        if any(p.table for p in pairings):
            return rules.table_standings(players, _tables_played(pairings),
                                         [p.first_id for p in pairings
                                          if p.is_bye and p.result])
        return rules.standings(players, _played(pairings))

    def _table_text(self, req: Request, row: TournamentRow, entrants: Sequence[EntrantRow],
                    pairings: Sequence[PairingRow]) -> str:
        names = {e.user_id: e.name for e in entrants}
        out = {e.user_id for e in entrants if not e.active}
        playing = max((p.round for p in pairings), default=0)
        lines = [req.public("t_standings_title", name=row.name, round=playing,
                            rounds=row.rounds)]
        if row.format is Format.KNOCKOUT:
            places = _knockout_places(entrants, pairings)
            for user, reached in places[:TEXT_ROWS]:
                lines.append(req.public("t_knockout_row", player=names[user],
                                        reached=self._reached(req, row, reached)))
            if len(places) > TEXT_ROWS:
                lines.append(req.public("t_more_rows", count=len(places) - TEXT_ROWS))
            return "\n".join(lines)
        table = self._table(entrants, pairings)
        tables = _at_tables(row)
        for place, s in enumerate(table[:TEXT_ROWS], start=1):
            lines.append(req.public(
                "t_table_row" if tables else "t_standings_row", place=place,
                player=names[s.player],
                score=_score_text(row, s.score), buchholz=_score_text(row, s.buchholz),
                sb=sb_text(s.sonneborn_berger),
                out=req.public("t_out") if s.player in out else ""))
        if len(table) > TEXT_ROWS:
            lines.append(req.public("t_more_rows", count=len(table) - TEXT_ROWS))
        lines.append(req.public("t_tiebreaks_tables" if tables else "t_tiebreaks"))
        return "\n".join(lines)

    def _reached(self, req: Request, row: TournamentRow, reached: int) -> str:
        """Words for how far a knockout player got (``reached``: the rounds they won,
        a bye included; all of them: the winner)."""
        if reached >= row.rounds:
            return req.public("t_ko_winner")
        from_end = row.rounds - reached
        if from_end == 1:
            return req.public("t_ko_final")
        if from_end == 2:
            return req.public("t_ko_semi")
        return req.public("t_ko_round", round=reached + 1)

    def _picture(self, req: Request, row: TournamentRow, entrants: Sequence[EntrantRow],
                 pairings: Sequence[PairingRow]) -> bytes | None:
        if not self.ctx.render_images:
            return None
        names = {e.user_id: e.name for e in entrants}
        width = self.ctx.config.image_width
        try:
            if row.format is Format.KNOCKOUT:
                rounds: list[list[BracketMatch]] = []
                for number in range(1, row.rounds + 1):
                    rounds.append([BracketMatch(names.get(p.first_id, "?"),
                                                names.get(p.second_id, "") if p.second_id
                                                else "", _winner_side(p))
                                   for p in pairings if p.round == number])
                return draw(Bracket(row.name, rounds), width)
            table = self._table(entrants, pairings)
            place = {s.player: i for i, s in enumerate(table, start=1)}
            crossrows = []
            for s in table:
                cells = []
                for number in range(1, row.rounds + 1):
                    p = next((p for p in pairings if p.round == number
                              and s.player in p.players), None)
                    cells.append(_table_cell(p, s.player) if p is not None and p.table
                                 else _cell(p, s.player, place))
                crossrows.append(CrossRow(place[s.player], names[s.player],
                                          _score_text(row, s.score), tuple(cells),
                                          _score_text(row, s.buchholz)))
            return draw(CrossTable(row.name, row.rounds, tuple(crossrows), req.channel_lang),
                        width)
        except Exception:  # a picture never stops a result from being told
            log.exception("standings picture of tournament %s failed", row.id)
            return None

    async def _final(self, req: Request, row: TournamentRow, entrants: Sequence[EntrantRow],
                     pairings: Sequence[PairingRow]) -> Announcement:
        names = {e.user_id: e.name for e in entrants}
        if row.format is Format.KNOCKOUT:
            order = _knockout_places(entrants, pairings)
            final = [p for p in pairings if p.round == max(p.round for p in pairings)]
            winner = order[0][0]
            runner = next((p.second_id if p.first_id == winner else p.first_id
                           for p in final if p.second_id), None)
            text = req.public("t_final_knockout", name=row.name, winner=names[winner],
                              runner=names.get(runner or "", "-"))
        else:
            table = self._table(entrants, pairings)
            podium = [req.public("t_final_place", place=i, player=names[s.player],
                                 score=_score_text(row, s.score))
                      for i, s in enumerate(table[:3], start=1)]
            text = req.public("t_final_table", name=row.name, winner=names[table[0].player],
                              score=_score_text(row, table[0].score), podium="; ".join(podium))
        # the table itself was posted with the last result, just before
        return Announcement(row.channel_id, Reply(
            text=text, image=self._picture(req, row, entrants, pairings),
            image_name="standings.png",
            image_description=self._table_text(req, row, entrants, pairings)[:1000]))

    # -- the scheduler's pass -----------------------------------------------------------

    async def to_sweep(self) -> list[TournamentRow]:
        """The tournaments a scheduler pass looks at: those whose sign-up closed, and
        those being played."""
        return await self.store.due_to_start(self.ctx.clock()) + await self.store.playing()

    async def sweep(self, req: Request, row: TournamentRow) -> list[Announcement]:
        """What no command did in ``row``: start it when its sign-up closed; write the
        results of games the scheduler ended (on time); decide the games a round's
        deadline passed; hand out again the games a dead process never opened."""
        now = self.ctx.clock()
        said: list[Announcement] = []
        if row.status == TournamentStatus.SIGNUP and row.starts_at is not None \
                and row.starts_at <= now:
            try:
                reply = await self._start(req, row, refuse=False)
            except Refused:
                return []
            said.append(Announcement(row.channel_id, Reply(text=reply.text,
                                                           mentions=reply.mentions)))
            return said + reply.announcements
        if row.status != TournamentStatus.PLAYING:
            return []
        deadlines = dict(await self.store.rounds(row.id))
        for pairing in await self.store.pairings(row.id):
            if pairing.result is not None:
                continue
            said += await self.settle(req, pairing)
            deadline = deadlines.get(pairing.round)
            if deadline is not None and deadline <= now:
                said += await self._past_deadline(req, row, pairing)
        names = {e.user_id: e.name for e in await self.store.entrants(row.id)}
        for pairing in await self.store.unopened(now - REOPEN_AFTER):
            if pairing.tournament_id != row.id:
                continue
            said.append(Announcement(row.channel_id, Reply(text=""), [ThreadGame(
                row.channel_id, _thread_name(row, pairing, names),
                f"{row.id}:{pairing.round}:{pairing.board}")]))
        return said

    async def _past_deadline(self, req: Request, row: TournamentRow, pairing: PairingRow
                             ) -> list[Announcement]:
        """A game still on at the round's deadline is decided as a clock would: the
        player to move loses on time (a match: the match); a table, or a game never
        begun, scores nothing for anyone.  The result is written first (once), then
        the game is ended and its thread told."""
        fresh = next((p for p in await self.store.pairings(row.id)
                      if (p.round, p.board) == (pairing.round, pairing.board)), None)
        if fresh is None or fresh.result is not None:
            return []
        session = None
        if fresh.session_id is not None:
            current = fresh.session_id
            if row.target:
                games = await MatchStore(self.ctx.store).games(fresh.session_id)
                current = games[-1].session_id if games else current
            session = await self.ctx.store.session(current)
            if session is not None and not session.live:
                return []  # it ended meanwhile: its result is written as any
        loser = None
        if session is not None and session.position and not fresh.table:
            side = self.ctx.position_of(session).side_to_move
            loser = session.seat_for_side(side or "")
        if fresh.table:
            written = await self.store.set_table_result(fresh, [0] * len(fresh.table),
                                                        How.DEADLINE)
            result = 0
        else:
            result = (rules.DRAW if loser is None
                      else rules.LOSS if loser.user_id == fresh.first_id else rules.WIN)
            written = await self.store.set_result(fresh, result, How.DEADLINE)
        if not written:
            return []
        said: list[Announcement] = []
        if session is not None:
            winner = next((s for s in session.seats if loser and s.side != loser.side), None)
            ending = timed_out(winner.side, loser.side) if winner and loser and \
                not row.target else ABORTED
            try:
                await self.ctx.store.update_session(
                    session, self.ctx.clock(), dice=[], outcome=ending,
                    status=SessionStatus.FINISHED if ending is not ABORTED
                    else SessionStatus.ABORTED)
            except StaleVersion:
                pass  # a move got in first: the result stands as written
            if row.target:
                await MatchStore(self.ctx.store).abandon(fresh.session_id or 0, "deadline",
                                                         self.ctx.clock())
            said.append(Announcement(session.channel_id, Reply(text=req.public(
                "t_deadline_game", loser=loser.name if loser else "-"))))
        return [*said, await self.standings_post(req, row, fresh, result, How.DEADLINE),
                *await self.advance(req, row)]

    # -- helpers ------------------------------------------------------------------------

    @staticmethod
    def _who(req: Request) -> tuple[User, Channel]:
        assert req.user is not None and req.channel is not None
        return req.user, req.channel


def _score_text(row: TournamentRow, value: int) -> str:
    """A score as the table shows it: points at tables, half points (2½) otherwise."""
    return str(value) if _at_tables(row) else points_text(value)


def _at_tables(row: TournamentRow) -> bool:
    """Whether the tournament seats 3-4 players a table (its game set for more than
    two): Swiss rounds of tables, scored by finishing place."""
    return len(get_game(row.game).sides(row.options)) > 2


def _tables_played(pairings: Sequence[PairingRow]) -> list[rules.TablePlayed]:
    """The finished tables and games of two of a tables tournament, as tables."""
    out = []
    for p in pairings:
        if p.result is None or p.is_bye:
            continue
        if p.table:
            out.append(rules.TablePlayed(p.table, p.table_points))
        elif p.second_id is not None:  # a table of two, at the end: 1 point the win
            second = {rules.WIN: 0, rules.DRAW: 0, rules.LOSS: 1}[p.result]
            first = {rules.WIN: 1, rules.DRAW: 0, rules.LOSS: 0}[p.result]
            out.append(rules.TablePlayed((p.first_id, p.second_id), (first, second)))
    return out


def _thread_name(row: TournamentRow, p: PairingRow, names: dict[str, str]) -> str:
    players = " – ".join(names.get(u, "?") for u in p.players)
    return f"{row.name} · R{p.round} B{p.board}: {players}"[:100]


def _table_cell(p: PairingRow, player: str) -> str:
    """A table's crosstable cell: the place and the table's size (``1/4``), ``…/4``
    while it is played."""
    size = len(p.table)
    if p.result is None or not p.table_points:
        return f"…/{size}"
    points = p.table_points[p.table.index(player)]
    return f"{size - points}/{size}"


def _how(reason: EndReason | None, next_turn: int) -> How:
    """A game lost on time or by silence before its second turn was never played:
    a forfeit; anything else was played."""
    if reason in (EndReason.TIMEOUT, EndReason.SILENT) and next_turn <= 2:
        return How.FORFEIT
    return How.PLAYED


def _played(pairings: Sequence[PairingRow]) -> list[Played]:
    return [Played(p.first_id, p.second_id, p.result) for p in pairings
            if p.result is not None]


def _winner(p: PairingRow) -> str | None:
    """Who goes through from a knockout board (a draw, as an abandoned match: the
    upper slot, the better seed)."""
    if p.second_id is None or p.result in (rules.WIN, rules.DRAW):
        return p.first_id
    return p.second_id


def _winner_side(p: PairingRow) -> int | None:
    if p.result is None:
        return None
    return 0 if _winner(p) == p.first_id else 1


def _knockout_places(entrants: Sequence[EntrantRow], pairings: Sequence[PairingRow]
                     ) -> list[tuple[str, int]]:
    """Each player with the rounds they won (a bye counts), the furthest first, then
    by seed."""
    won = {e.user_id: 0 for e in entrants}
    for p in pairings:
        if p.result is not None:
            winner = _winner(p)
            if winner in won:
                won[winner] += 1
    seed = {e.user_id: i for i, e in enumerate(entrants)}
    return sorted(won.items(), key=lambda item: (-item[1], seed[item[0]]))


def _cell(p: PairingRow | None, player: str, place: dict[str, int]) -> str:
    """A crosstable cell: the opponent's place and the result (``5+``, ``2=``,
    ``7-``), ``bye`` or blank."""
    if p is None:
        return ""
    if p.second_id is None:
        return "bye" if p.result else "-"
    opponent = p.second_id if p.first_id == player else p.first_id
    if p.result is None:
        return f"{place.get(opponent, 0)}…"
    mine = p.result if p.first_id == player else rules.WIN - p.result
    mark = {rules.WIN: "+", rules.DRAW: "=", rules.LOSS: "-"}[mine]
    return f"{place.get(opponent, 0)}{mark}"
