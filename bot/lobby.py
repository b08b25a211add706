"""Lobbies: a host opens a game with open seats, others join, the host starts.

``GameService.new`` with nobody named opens one (seats whose sides are ``?n``
until the start); a two-player lobby starts at the first join.  Mixed into
``GameService``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.buttons import CHALLENGE
from bot.replies import RACE_MESSAGE, Button, Channel, Reply, User, refusal
from games import get_game
from storage import Session, StaleVersion

if TYPE_CHECKING:
    from collections.abc import Callable

    from storage import Store
    from storage.correspondence import CorrespondenceStore


class LobbyMixin:
    """``join`` and ``start``; mixed into ``GameService``."""

    store: Store
    clock: Callable[[], float]

    # Provided by GameService.
    if TYPE_CHECKING:
        async def _live(self, channel: Channel) -> Session | None: ...
        async def _start(self, session: Session) -> Reply: ...
        @property
        def ledger(self) -> CorrespondenceStore: ...

    async def join(self, user: User, channel: Channel) -> Reply:
        """Take a seat in the channel's open lobby."""
        session = await self._live(channel)
        if session is None or session.status != "challenge":
            return refusal("There is no open lobby in this channel.")
        if not is_lobby(session):
            return refusal("This challenge names its players; it has no open seat.")
        if session.seat_of(user.id) is not None:
            return refusal("You already have a seat in this lobby.")
        game = get_game(session.game)
        if len(session.seats) >= game.max_players:
            return refusal(f"The lobby is full ({game.max_players} players).")
        try:
            await self.store.add_seat(session, user.id, user.name, self.clock())
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        session = await self.store.session(session.id)
        assert session is not None
        if len(session.seats) >= game.max_players or game.max_players == 2:
            return await self._start_lobby(session)
        names = ", ".join(s.name for s in session.seats)
        host = session.seats[0]
        return Reply(text=f"{user.name} joins. Seated: {names}. <@{host.user_id}> can `/start` "
                          f"now ({game.min_players}-{game.max_players} players).",
                     mentions=[host.user_id], session_id=session.id,
                     buttons=[Button("Join", f"join:{session.id}:{CHALLENGE}", "success"),
                              Button("Start", f"start:{session.id}:{CHALLENGE}", "primary")])

    async def start(self, user: User, channel: Channel) -> Reply:
        """The host starts the lobby with the players seated so far."""
        session = await self._live(channel)
        if session is None or session.status != "challenge" or not is_lobby(session):
            return refusal("There is no open lobby in this channel.")
        if session.seats[0].user_id != user.id:
            return refusal("Only the host who opened the lobby can start it.")
        game = get_game(session.game)
        if len(session.seats) < game.min_players:
            return refusal(f"{game.title} needs at least {game.min_players} players; "
                           f"{len(session.seats)} seated so far.")
        return await self._start_lobby(session)

    async def leave(self, user: User, channel: Channel) -> Reply:
        """A joined player gives up their seat in the open lobby (``/decline`` there);
        the lobby stays open for the others.  The host closes it with ``/abort``."""
        session = await self._live(channel)
        if session is None or not is_lobby(session):
            return refusal("There is no open lobby in this channel.")
        seat = session.seat_of(user.id)
        if seat is None:
            return refusal("You have no seat in this lobby (`/join` takes one).")
        if seat.seat == 0:
            return refusal("You opened this lobby: `/abort` closes it for everyone.")
        try:
            await self.ledger.leave_lobby(session, user.id, self.clock())
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        session = await self.store.session(session.id)
        assert session is not None
        game = get_game(session.game)
        names = ", ".join(s.name for s in session.seats)
        buttons = [Button("Join", f"join:{session.id}:{CHALLENGE}", "success")]
        if game.max_players > 2 and len(session.seats) >= game.min_players:
            buttons.append(Button("Start", f"start:{session.id}:{CHALLENGE}", "primary"))
        return Reply(text=f"{user.name} leaves the lobby. Seated: {names}. `/join` to take "
                          "a seat.", session_id=session.id, buttons=buttons)

    async def _start_lobby(self, session: Session) -> Reply:
        game = get_game(session.game)
        options = dict(session.options)
        if "players" in options:
            options["players"] = str(len(session.seats))
        options = game.normalise_options(options)
        sides = [info.letter for info in game.sides(options)]
        if len(sides) != len(session.seats):
            return refusal(f"{game.title} cannot seat {len(session.seats)} players.")
        try:
            await self.store.assign_sides(session, sides, self.clock(), options=options)
        except StaleVersion:
            return refusal(RACE_MESSAGE)
        started = await self.store.session(session.id)
        assert started is not None
        return await self._start(started)


def is_lobby(session: Session) -> bool:
    """An open lobby: seats whose sides are not decided yet (``?n``)."""
    return session.status == "challenge" and bool(session.seats) \
        and session.seats[0].side.startswith("?")
