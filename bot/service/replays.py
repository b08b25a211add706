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
from bot.catalogue import t
from bot.catalogue.engine import error_for_user
from bot.narration import Cast, narrate
from bot.replies import Channel, Refused, Reply
from bot.service import texts
from bot.service.context import Context, public_viewer
from bot.service.history import History
from bot.service.request import Request
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

    async def replay(self, req: Request, channel: Channel, game_id: int,
                     size_limit: int = DEFAULT_UPLOAD_LIMIT) -> Reply:
        session = await self.history.finished(req, channel, game_id)  # refuses others' and live
        turns = await self.ctx.ledger.effective_turns(session.id)
        if session.initial_position is None:
            raise Refused(req.mine("replay_no_start", id=game_id))
        if not turns:
            raise Refused(req.mine("replay_no_turns", id=game_id))
        if not self.ctx.render_images:
            raise Refused(req.mine("replay_no_pictures", id=game_id))
        theme = await self.ctx.theme_for(session.guild_id)
        lang = req.channel_lang  # a public reply: the frames speak the channel's language
        try:
            made = await self.ctx.cpu(replay_gif, session, turns, lang, theme, size_limit)
        except GameError as exc:  # a log this version of the game no longer replays
            raise Refused(req.mine("replay_broken", id=game_id,
                                   error=error_for_user(exc, req.user_lang))) from exc
        except NoRenderer as exc:
            raise Refused(req.mine("replay_no_renderer", title=get_game(session.game).title,
                                   id=game_id)) from exc
        except TooLarge as exc:
            raise Refused(req.mine("replay_too_large", id=game_id,
                                   limit=_size(size_limit, req.user_lang))) from exc
        title = get_game(session.game).title
        players = t(lang, "replay_vs").join(pages.name(seat.name) for seat in session.seats)
        shown = t(lang, "replay_every_turn") if made.step == 1 else \
            t(lang, "replay_every_step", step=made.step)
        return Reply(
            text=t(lang, "replay", title=title, id=session.id, players=players,
                   result=texts.result_named(session, lang), turns=texts.turns_played(session),
                   frames=made.frames, shown=shown, seconds=made.frame_ms / 1000,
                   size=_size(len(made.data), lang)),
            image=made.data, image_name=f"replay-{session.id}.gif",
            image_description=t(lang, "replay_description", title=title, id=session.id,
                                players=players, frames=made.frames),
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
    cast = Cast(texts.names(session), {s.letter: texts.colour_word(s.colour, lang) for s in sides},
                session.game, lang)
    last = max(entry.number for entry in turns)
    players = ", ".join(f"{cast.lead(s.letter)}" for s in sides
                        if session.seat_for_side(s.letter))
    specs = [FrameSpec(position.listing(),
                       t(lang, "replay_start", title=game.title, id=session.id), players)]
    for entry in turns:
        played = replay_entry(position, entry)
        position = played.position
        dice = entry.dice if entry.kind == TurnKind.TURN else ()
        told = narrate(played.events, cast, dice) or f"{cast.lead(entry.side)}: {entry.record}"
        specs.append(FrameSpec(position.listing(), t(lang, "replay_turn", turn=entry.number,
                                                     last=last), told,
                               entry.dice, entry.side, played.moves,
                               events_to_json(played.events)))
    end = specs[-1]
    specs[-1] = FrameSpec(end.listing, end.label,
                          t(lang, "replay_result", text=end.text,
                            result=texts.result_named(session, lang)), end.dice,
                          end.side, end.moves, end.events)
    return specs


def _size(count: int, lang: str) -> str:
    return t(lang, "replay_mib", size=count / (1024 * 1024)) if count >= 1024 * 1024 else \
        t(lang, "replay_kib", size=max(1, round(count / 1024)))
