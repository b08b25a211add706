"""A finished game as an animated GIF (``/replay``): one frame per turn, each with
the turn's number and its narration line above the board.

Why GIF and not animated WebP: a GIF animates in every Discord client (desktop,
web, Android, iOS, in embeds and in the attachment viewer), while some clients show
an animated WebP's first frame only; and for these pictures WebP is not even
smaller (the same frames re-encoded by Pillow: a 55-turn Hachapury game 1,268 KiB
lossless and 1,329 KiB at quality 80 against the GIF's 1,156 KiB; a 1,454-turn
CheeseGambit game 3,511 and 4,535 KiB against 3,440 KiB).  The size is kept down
by the frames themselves: drawn small (:data:`FRAME_WIDTH`, the phone layout of
the boards, readable where Discord shows a picture), mapped onto ONE palette
fitted to the game's first, middle and last pictures (no dithering: flat areas
stay flat, so each frame differs from the one before only where a piece moved and
in the caption, and the GIF writer stores just that rectangle, unchanged pixels in
it transparent).

Everything here runs in a worker (``Context.cpu``): :func:`animate` takes plain
values (the game's name, options, each position's listing and the texts) and
returns plain values.  The narration is worded by the bot (bot/narration.py) and
comes in as text.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games import get_game
from games.events import Event, events_from_json
from renderer import for_game
from renderer.base import fit_palette
from renderer.board_common import contrast_ink
from renderer.context import RenderContext
from renderer.fonts import font
from renderer.phone import legible_size
from renderer.words import word as say

#: The width frames are drawn at first; a game that does not fit the upload limit
#: is drawn again narrower (:data:`NARROWER`), then with fewer frames.
FRAME_WIDTH = 560
NARROWER = (560, 460, 380)
#: At most this many frames; a longer game is sampled (see :func:`frame_plan`).
MAX_FRAMES = 120
#: The last turns always shown one by one (how the game was decided).
LAST_FEW = 5
#: The whole animation aims at about this long; a frame stays between the two
#: bounds, the first and the last a while longer.
PLAY_MS = 60_000
MIN_FRAME_MS = 500
MAX_FRAME_MS = 1_600
FIRST_FRAME_MS = 2_000
LAST_FRAME_MS = 6_000
#: Room kept under the upload limit (the limit counts the whole file).
SIZE_MARGIN = 16 * 1024
#: Lines of narration a caption holds (a longer line is cut with an ellipsis).
CAPTION_LINES = 3
#: The caption's margin (px).
_PAD = 8


@dataclass(frozen=True)
class FrameSpec:
    """One position of the game: its listing, what the turn that led to it did
    (``events``: ``events_to_json`` text, for the renderer's last-turn marks; the
    dice, side and move text), the caption's first line (``label``, e.g. ``Turn 12
    of 87``) and its narration (``text``).  The first spec is the starting position."""

    listing: str
    label: str
    text: str = ""
    dice: tuple[int, ...] = ()
    side: str | None = None
    moves: str = ""
    events: str = ""


@dataclass(frozen=True)
class Animation:
    """What :func:`animate` made: the GIF, how many frames it has, one frame every
    ``step`` turns (1: every turn), its width and a frame's time."""

    data: bytes
    frames: int
    step: int
    width: int
    frame_ms: int
    total_ms: int


class TooLarge(ValueError):
    """Even the smallest, most sampled animation is over the upload limit."""


def frame_plan(positions: int, max_frames: int = MAX_FRAMES, last_few: int = LAST_FEW
               ) -> tuple[list[int], int]:
    """Which positions become frames, and the step between sampled turns.

    ``positions`` counts the start and the position after each turn (turns + 1).
    The rule: when all of them fit in ``max_frames``, every one is a frame (step 1).
    Otherwise the start, then every k-th turn, then the last ``last_few`` turns one
    by one (the last being the final position), with the smallest k that keeps the
    count within ``max_frames`` (the multiples of k up to ``turns - last_few`` must
    number at most ``max_frames - 1 - last_few``):

        k = (turns - last_few) // (max_frames - last_few) + 1

    so a 300-turn game at 120 frames shows turns 3, 6, ..., 294, then 296-300."""
    turns = positions - 1
    if positions <= max_frames:
        return list(range(positions)), 1
    last_few = min(last_few, max_frames - 2)
    step = (turns - last_few) // (max_frames - last_few) + 1
    sampled = list(range(step, turns - last_few + 1, step))
    return [0, *sampled, *range(turns - last_few + 1, turns + 1)], step


def caption_steps(shown: Sequence[int], positions: int, step: int) -> list[int]:
    """The step each shown frame's caption notes: ``step`` for the start and the
    sampled turns, 1 (no note) for the last few, which are shown one by one."""
    return [step if i < positions - LAST_FEW else 1 for i in shown]


def frame_times(count: int) -> list[int]:
    """Each frame's time (ms): ``PLAY_MS`` shared out, within the bounds, the first
    and the last held longer (the last: time to read the result)."""
    each = max(MIN_FRAME_MS, min(MAX_FRAME_MS, PLAY_MS // max(1, count)))
    times = [each] * count
    if count > 1:
        times[0] = max(each, FIRST_FRAME_MS)
    times[-1] = max(each, LAST_FRAME_MS)
    return times


def animate(game: str, options: dict[str, str], specs: Sequence[FrameSpec],
            names: dict[str, str], viewer: str | None, theme: str, size_limit: int,
            language: str = "en") -> Animation:
    """The replay GIF of ``specs`` under ``size_limit`` bytes: all frames (or a
    sample, :func:`frame_plan`) at :data:`FRAME_WIDTH`; when that is too large,
    narrower (:data:`NARROWER`), then with half the frames (down to 15), the first
    of these predicted to fit (bytes grow with frames x area; each try that misses
    corrects the rate).  Raises TooLarge when none is predicted to fit.  The
    boards' words are in ``language`` (renderer/words.py)."""
    budget = size_limit - SIZE_MARGIN
    rate: float | None = None  # bytes per frame per square pixel of width, as measured
    tried: set[tuple[int, int]] = set()
    for cap in (MAX_FRAMES, MAX_FRAMES // 2, MAX_FRAMES // 4, MAX_FRAMES // 8):
        shown, step = frame_plan(len(specs), cap)
        for width in NARROWER:
            if (len(shown), width) in tried:
                continue
            tried.add((len(shown), width))
            if rate is not None and rate * len(shown) * width * width > budget:
                continue
            steps = caption_steps(shown, len(specs), step)
            data, times = _encode(game, options, [specs[i] for i in shown], steps, names,
                                  viewer, theme, width, language)
            if len(data) <= budget:
                return Animation(data, len(shown), step, width, times[len(times) // 2],
                                 sum(times))
            rate = len(data) / (len(shown) * width * width)
    raise TooLarge(f"no animation of {len(specs)} positions fits {size_limit} bytes")


def frame_texts(spec: FrameSpec, step: int, width: int, language: str = "en") -> list[str]:
    """The caption's lines: the label (with the sampling when turns are skipped),
    then the narration wrapped to the frame's width (at most :data:`CAPTION_LINES`)."""
    shown = (f"  ·  every {_nth(step)} turn shown" if language == "en"
             else say(language, "every_nth_turn", n=step))
    label = spec.label + (shown if step > 1 else "")
    face = font(legible_size(width, bold=False), False)
    room = width - 2 * _PAD
    lines: list[str] = []
    for word in spec.text.split():
        if lines and face.getlength(f"{lines[-1]} {word}") <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > CAPTION_LINES:
        lines = lines[:CAPTION_LINES]
        while lines[-1] and face.getlength(lines[-1] + " …") > room:
            lines[-1] = lines[-1][:-1]
        lines[-1] = lines[-1].rstrip() + " …"
    return [label, *(lines or [""])]


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _encode(game: str, options: dict[str, str], specs: Sequence[FrameSpec],
            steps: Sequence[int], names: dict[str, str], viewer: str | None, theme: str,
            width: int, language: str = "en") -> tuple[bytes, list[int]]:
    kind = get_game(game)
    renderer = for_game(game)
    lines = max(len(frame_texts(s, n, width, language))
                for s, n in zip(specs, steps, strict=True))

    def picture(spec: FrameSpec, step: int) -> Image.Image:
        position = kind.from_listing(spec.listing, options)
        events: tuple[Event, ...] = events_from_json(spec.events) if spec.events else ()
        board = renderer.draw(position, RenderContext(
            names=names, dice=spec.dice, last_side=spec.side, last_moves=spec.moves,
            last_events=events, viewer=viewer, width=width, theme=theme, language=language))
        board = board.convert("RGB")
        if board.width != width:  # a renderer with a wider least width
            board = board.resize((width, round(board.height * width / board.width)),
                                 Image.Resampling.LANCZOS)
        return _captioned(board, frame_texts(spec, step, width, language), lines)

    # One palette for all frames, fitted to the start, the middle and the end.
    samples = sorted({0, len(specs) // 3, 2 * len(specs) // 3, len(specs) - 1})
    palette = fit_palette([picture(specs[i], steps[i]) for i in samples], 255)
    frames = [picture(spec, step).quantize(palette=palette, dither=Image.Dither.NONE)
              for spec, step in zip(specs, steps, strict=True)]
    height = max(f.height for f in frames)
    background = frames[0].getpixel((0, 0))
    for index, frame in enumerate(frames):
        if frame.height < height:  # boards that grow (Che): padded below
            canvas = Image.new("P", (width, height), background)
            canvas.putpalette(frame.getpalette() or [])
            canvas.paste(frame, (0, 0))
            frames[index] = canvas
    times = frame_times(len(frames))
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=times,
                   loop=0, optimize=True, disposal=1)
    return out.getvalue(), times


def _captioned(board: Image.Image, lines: list[str], count: int) -> Image.Image:
    """``board`` under a caption strip of ``count`` lines in the board's own
    background colour, ink chosen to read on it (WCAG 4.5:1, tests check)."""
    width = board.width
    size = legible_size(width, bold=False)
    bold = font(size, True)
    plain = font(size, False)
    step = round(size * 1.3)
    strip = _PAD * 2 + step * count
    paper, ink = caption_colours(board)
    frame = Image.new("RGB", (width, strip + board.height), paper)
    draw = ImageDraw.Draw(frame)
    draw.fontmode = "1"  # crisp glyphs: no anti-aliasing colours for the palette
    for row, line in enumerate(lines):
        draw.text((_PAD, _PAD + row * step), line, fill=ink, font=bold if row == 0 else plain)
    draw.line((0, strip - 1, width, strip - 1), fill=ink, width=1)
    frame.paste(board, (0, strip))
    return frame


def caption_colours(board: Image.Image) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(paper, ink) the caption of ``board`` is written in (for the contrast test)."""
    paper = board.convert("RGB").getpixel((1, 1))
    assert isinstance(paper, tuple)
    rgb = (int(paper[0]), int(paper[1]), int(paper[2]))
    return rgb, contrast_ink(rgb)
