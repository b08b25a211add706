"""``/replay game:ID``: a finished game of this server as an animated GIF, one frame
per turn with the turn told in words (renderer/animation.py draws it).

All the work is one call through ``Context.cpu`` (the process pool), on plain
values (the session and its log as stored): :func:`replay_gif` replays the log
(each position's listing, what each turn did, its narration line: a 1,450-turn
CheeseGambit game takes 1.4 s of it, so it is not left on the bot's own process)
and hands that to renderer/animation.py, which draws and encodes the frames.  The
GIF is kept under the upload limit the caller passes (the server's: more with
boosts).
"""

from __future__ import annotations

from bot import pages
from bot.catalogue import language
from bot.narration import Cast, narrate
from bot.replies import Channel, Refused, Reply
from bot.service import texts
from bot.service.context import Context, public_viewer
from bot.service.history import History
from bot.service.turn_events import replay_entry
from games import GameError, get_game
from games.events import events_to_json
from renderer import NoRenderer
from renderer.animation import Animation, FrameSpec, TooLarge, animate
from storage import Session, TurnEntry, TurnKind

#: Discord's upload limit without boosts (discord.py ``Guild.filesize_limit``).
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024


class Replays:
    def __init__(self, ctx: Context, history: History) -> None:
        self.ctx = ctx
        self.history = history

    async def replay(self, channel: Channel, game_id: int,
                     size_limit: int = DEFAULT_UPLOAD_LIMIT) -> Reply:
        session = await self.history.finished(channel, game_id)  # refuses others' and live
        turns = await self.ctx.ledger.effective_turns(session.id)
        if session.initial_position is None:
            raise Refused(f"Game {game_id} has no starting position to replay from; "
                          f"`/record game:{game_id}` gives its record.")
        if not turns:
            raise Refused(f"Game {game_id} ended before its first turn: there is nothing to "
                          f"replay (`/record game:{game_id}` shows how it ended).")
        if not self.ctx.render_images:
            raise Refused(f"This bot runs without pictures, so it cannot animate game "
                          f"{game_id}: `/record game:{game_id}` gives its record and "
                          f"`/board game:{game_id} turn:N` any position in words.")
        theme = await self.ctx.theme_for(session.guild_id)
        try:
            made = await self.ctx.cpu(replay_gif, session, turns, language(channel.locale),
                                      theme, size_limit)
        except GameError as exc:  # a log this version of the game no longer replays
            raise Refused(f"Game {game_id} does not replay any more ({exc}); "
                          f"`/record game:{game_id}` still gives its record.") from exc
        except NoRenderer as exc:
            raise Refused(f"{get_game(session.game).title} has no board pictures yet: "
                          f"`/record game:{game_id}` gives the record.") from exc
        except TooLarge as exc:
            raise Refused(f"Game {game_id} does not fit this server's upload limit of "
                          f"{_size(size_limit)} even as a small, sampled animation; "
                          f"`/record game:{game_id}` gives its record.") from exc
        title = get_game(session.game).title
        players = " vs ".join(pages.name(seat.name) for seat in session.seats)
        shown = "every turn" if made.step == 1 else (
            f"every {made.step} turns, then the last few one by one")
        return Reply(
            text=f"**{title}**, game {session.id}: {players}, {texts.result_named(session)}. "
                 f"Replay of {len(turns)} turns in {made.frames} frames ({shown}), "
                 f"{made.frame_ms / 1000:.1f} s a frame, {_size(len(made.data))}.",
            image=made.data, image_name=f"replay-{session.id}.gif",
            image_description=f"Animated replay of {title} game {session.id}, "
                              f"{players}: {made.frames} frames.",
            session_id=session.id)


def replay_gif(session: Session, turns: list[TurnEntry], lang: str, theme: str,
               size_limit: int) -> Animation:
    """The animation of ``session``'s effective log ``turns`` (a worker's job)."""
    return animate(session.game, dict(session.options), frame_specs(session, turns, lang),
                   texts.names(session), public_viewer(session), theme, size_limit, lang)


def frame_specs(session: Session, turns: list[TurnEntry], lang: str = "en"
                ) -> list[FrameSpec]:
    """The start and the position after each logged entry, with what the entry did
    told in words (the last also says how the game ended: a resignation or a
    timeout is not a turn of the log)."""
    game = get_game(session.game)
    assert session.initial_position is not None
    position = game.from_listing(session.initial_position, session.options)
    sides = game.sides(session.options)
    cast = Cast(texts.names(session), {s.letter: s.colour for s in sides}, session.game, lang)
    last = max(t.number for t in turns)
    players = ", ".join(f"{cast.lead(s.letter)}" for s in sides
                        if session.seat_for_side(s.letter))
    specs = [FrameSpec(position.listing(), f"{game.title}, game {session.id}: the start",
                       players)]
    for entry in turns:
        played = replay_entry(position, entry)
        position = played.position
        dice = entry.dice if entry.kind == TurnKind.TURN else ()
        told = narrate(played.events, cast, dice) or f"{cast.lead(entry.side)}: {entry.record}"
        specs.append(FrameSpec(position.listing(), f"Turn {entry.number} of {last}", told,
                               entry.dice, entry.side, played.moves,
                               events_to_json(played.events)))
    end = specs[-1]
    specs[-1] = FrameSpec(end.listing, end.label,
                          f"{end.text} Result: {texts.result_named(session)}.", end.dice,
                          end.side, end.moves, end.events)
    return specs


def _size(count: int) -> str:
    return f"{count / (1024 * 1024):.1f} MiB" if count >= 1024 * 1024 else \
        f"{max(1, round(count / 1024))} KiB"
