"""The analysis' work in a worker process (never on the event loop): plain,
picklable values in (a session row and its effective log, as stored), plain values
out.  Positions do not pickle, so each piece of work replays the log itself (a
replay is a small share of an analysis).

- ``analyse_part``: the decisions of one slice of a game's turns judged
  (computer/analysis_judge.py), so that a long game is spread over the pool's
  workers and other work runs between its slices;
- ``error_pictures``: a game's largest errors drawn, the position after the turn
  played beside the position after the better turn, one pair a row.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from bot.narration import Cast, narrate
from computer.analysis import Decision
from computer.analysis_judge import judge_for
from computer.base import strategy_for
from computer.reasons import NO_REASON, Reason
from games import Position, get_game
from renderer import RenderContext, render
from storage import Session, TurnEntry, TurnKind


def turn_indexes(turns: Sequence[TurnEntry]) -> list[int]:
    """The indexes of the log's turns (the entries that are decisions)."""
    return [i for i, entry in enumerate(turns) if entry.kind == TurnKind.TURN]


def _positions(session: Session, turns: Sequence[TurnEntry]
               ) -> list[tuple[Position, TurnEntry]]:
    """Each logged turn with the position it was played from."""
    # (bot.service imported here, not at the top: a worker process imports this module
    # first, and bot.service's package imports the facade, which imports this module)
    from bot.service.turn_events import replay_entry

    game = get_game(session.game)
    assert session.initial_position is not None
    position = game.from_listing(session.initial_position, session.options)
    out: list[tuple[Position, TurnEntry]] = []
    before_turn: tuple[Position, TurnEntry] | None = None
    for entry in turns:
        if entry.kind == TurnKind.TURN:
            out.append((position, entry))
        played = replay_entry(position, entry, before_turn)
        if entry.kind == TurnKind.TURN:
            before_turn = (position, entry)
        position = played.position
    return out


def analyse_part(session: Session, turns: list[TurnEntry], first: int, stop: int,
                 work: int | None = None) -> list[Decision]:
    """The decisions of the log's turns ``first`` to ``stop`` (counting turns only)."""
    judge = judge_for(session.game, work)
    decisions = []
    for position, entry in _positions(session, turns)[first:stop]:
        if position.side_to_move is None or position.result is not None:
            continue
        decision = judge.judge(position, entry.dice, entry.moves, entry.number)
        decisions.append(decision)
    return decisions


def drill_listing(session: Session, turns: list[TurnEntry], number: int) -> str:
    """The listing of the position before turn ``number`` (a drill's position)."""
    position, _ = {entry.number: (position, entry)
                   for position, entry in _positions(session, turns)}[number]
    return position.listing()


def drill_answer(game: str, options: dict[str, str], listing: str, dice: tuple[int, ...],
                 chosen: str, best: str) -> tuple[float, Reason]:
    """How much equity ``chosen`` gives away against ``best`` (0.0: it leads where
    ``best`` does; else the judge's loss for it, computer/analysis_judge.py, the
    same look the game's analysis took), and the engine's reason for ``best``
    (computer/reasons.py)."""
    position = get_game(game).from_listing(listing, options)
    same = position.play(chosen, dice).position.listing() == \
        position.play(position.split_additions(best)[0], dice).position.listing()
    loss = 0.0 if same else judge_for(game, luck=False).judge(position, dice, chosen, 0).loss
    try:
        reason = strategy_for(game).explain(position, dice, best)
    except Exception:  # noqa: BLE001 - words are a bonus: the answer stands without them
        reason = NO_REASON
    return loss, reason


def error_details(session: Session, turns: list[TurnEntry],
                  errors: list[tuple[int, str, str]], footers: list[tuple[str, str]],
                  width: int, theme: str, lang: str, draw: bool = True
                  ) -> tuple[bytes | None, list[tuple[str, str]]]:
    """For each error (turn number, played text, better text): the turn played and the
    better turn told in words (bot/narration.py), and (``draw``) one PNG with the
    position after the turn played (left) beside the position after the better turn
    (right), each with its footer, rows top to bottom in ``errors``' order."""
    game = get_game(session.game)
    names = {seat.side: seat.name for seat in session.seats}
    from bot.service.texts import colour_word  # (see _positions)

    cast = Cast(names, {s.letter: colour_word(s.colour, lang)
                        for s in game.sides(session.options)}, session.game, lang)
    before = {entry.number: (position, entry) for position, entry in _positions(session, turns)}
    words: list[tuple[str, str]] = []
    for number, played, better in errors:
        position, entry = before[number]
        told = []
        for text in (played, better):
            after = position.play(text, entry.dice)
            told.append(narrate(after.events, cast, entry.dice) or after.record)
        words.append((told[0], told[1]))
    if not draw:
        return None, words
    return _pictures(before, errors, footers, names, width, theme, lang), words


#: White pixels between the two boards of a row, and between rows.
GUTTER = 16


def _pictures(before: dict[int, tuple[Position, TurnEntry]], errors: list[tuple[int, str, str]],
              footers: list[tuple[str, str]], names: dict[str, str], width: int, theme: str,
              lang: str) -> bytes:
    from PIL import Image

    half = max(320, width // 2)
    rows: list[Image.Image] = []
    for (number, played, better), (left, right) in zip(errors, footers, strict=True):
        position, entry = before[number]
        pair = []
        for text, footer in ((played, left), (better, right)):
            after = position.play(text, entry.dice)
            context = RenderContext(names=names, dice=entry.dice, last_side=entry.side,
                                    last_moves=after.moves, last_events=after.events,
                                    width=half, theme=theme, footer=footer, language=lang)
            pair.append(Image.open(io.BytesIO(render(after.position, context))).convert("RGB"))
        # a board is drawn no narrower than its game's smallest layout (Che's is
        # 1000 px): the pair is laid out at the widths drawn, never cropped
        height = max(p.height for p in pair)
        row = Image.new("RGB", (pair[0].width + GUTTER + pair[1].width, height), "white")
        row.paste(pair[0], (0, 0))
        row.paste(pair[1], (pair[0].width + GUTTER, 0))
        rows.append(row)
    sheet = Image.new("RGB", (max(r.width for r in rows),
                              sum(r.height for r in rows) + GUTTER * (len(rows) - 1)), "white")
    top = 0
    for row in rows:
        sheet.paste(row, (0, top))
        top += row.height + GUTTER
    out = io.BytesIO()
    sheet.save(out, "PNG", optimize=False)
    return out.getvalue()
