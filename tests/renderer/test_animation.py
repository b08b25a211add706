"""The replay animation's rules: which turns become frames, each frame's time, the
caption's lines and their contrast, and a whole animation of a random game."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from games import get_game
from games.events import events_to_json
from renderer import RenderContext, for_game
from renderer.accessibility import TEXT_CONTRAST, contrast_ratio
from renderer.animation import (
    CAPTION_LINES,
    FIRST_FRAME_MS,
    LAST_FEW,
    LAST_FRAME_MS,
    MAX_FRAME_MS,
    MAX_FRAMES,
    MIN_FRAME_MS,
    FrameSpec,
    TooLarge,
    animate,
    caption_colours,
    caption_steps,
    frame_plan,
    frame_texts,
    frame_times,
)
from renderer.fonts import font
from renderer.phone import legible_size


def test_a_short_game_shows_every_position() -> None:
    assert frame_plan(41) == (list(range(41)), 1)
    assert frame_plan(MAX_FRAMES) == (list(range(MAX_FRAMES)), 1)


def test_a_long_game_is_every_kth_turn_then_the_last_few() -> None:
    shown, step = frame_plan(301)  # 300 turns
    assert step == 3  # (300 - 5) // (120 - 5) + 1
    assert shown == [0, *range(3, 295, 3), 296, 297, 298, 299, 300]
    assert len(shown) <= MAX_FRAMES


@given(st.integers(1, 20_000), st.integers(8, 200))
def test_the_frame_rule_holds_for_any_length(positions: int, cap: int) -> None:
    shown, step = frame_plan(positions, cap)
    assert len(shown) <= cap and shown == sorted(set(shown))
    assert shown[0] == 0 and shown[-1] == positions - 1  # the start and the end
    if positions <= cap:
        assert step == 1 and len(shown) == positions
    else:
        tail = shown[-LAST_FEW:]
        assert tail == list(range(positions - LAST_FEW, positions))
        assert all(i % step == 0 for i in shown[1:-LAST_FEW])
        # the smallest step that fits: one less would exceed the cap
        smaller = step - 1
        if smaller >= 1:
            count = 1 + (positions - 1 - LAST_FEW) // smaller + LAST_FEW
            assert count > cap


def test_only_sampled_frames_note_the_step() -> None:
    shown, step = frame_plan(301)
    steps = caption_steps(shown, 301, step)
    assert steps[-LAST_FEW:] == [1] * LAST_FEW and set(steps[:-LAST_FEW]) == {3}
    assert caption_steps(frame_plan(20)[0], 20, 1) == [1] * 20


def test_frame_times_share_a_minute_within_bounds() -> None:
    short = frame_times(10)
    assert short[0] == FIRST_FRAME_MS and short[-1] == LAST_FRAME_MS
    assert set(short[1:-1]) == {MAX_FRAME_MS}
    long = frame_times(MAX_FRAMES)
    assert set(long[1:-1]) == {MIN_FRAME_MS} and long[-1] == LAST_FRAME_MS
    assert frame_times(1) == [LAST_FRAME_MS]


def test_caption_lines_fit_the_frame_and_note_the_sampling() -> None:
    text = " ".join(["alice (White) rolled 6-5 and moved 24→18→13"] * 6)
    lines = frame_texts(FrameSpec("x", "Turn 12 of 300", text), 3, 460)
    assert lines[0] == "Turn 12 of 300  ·  every 3rd turn shown"
    assert len(lines) == 1 + CAPTION_LINES and lines[-1].endswith(" …")
    face = font(legible_size(460, bold=False), False)
    assert all(face.getlength(line) <= 460 - 16 for line in lines[1:])
    assert " ".join(lines[1:]).replace(" …", "") in text
    assert frame_texts(FrameSpec("x", "Turn 1 of 2", "short"), 1, 560) == \
        ["Turn 1 of 2", "short"]


@pytest.mark.parametrize("game", ["hachapury", "chebache", "cheesegambit", "che"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_caption_ink_reads_on_every_board(game: str, theme: str) -> None:
    kind = get_game(game)
    position = kind.initial({}, kind.sides(kind.normalise_options({}))[0].letter)
    board = for_game(game).draw(position, RenderContext(width=560, theme=theme))
    paper, ink = caption_colours(board)
    assert contrast_ratio(paper, ink) >= TEXT_CONTRAST


def _random_game(game: str, turns: int, options: dict[str, str] | None = None
                 ) -> tuple[list[FrameSpec], dict[str, str]]:
    kind = get_game(game)
    opts = kind.normalise_options(options or {})
    sides = [s.letter for s in kind.sides(opts)]
    rng = random.Random(7)
    position = kind.initial(opts, sides[0])
    specs = [FrameSpec(position.listing(), "the start", "alice vs bob")]
    for number in range(1, turns + 1):
        if position.result is not None:
            break
        side = position.side_to_move
        if position.action_due():
            played, dice = position.play_action(position.action_choices()[0]), ()
        else:
            dice = tuple(rng.randint(1, 6) for _ in range(position.dice_count()))
            played = position.play(rng.choice(position.legal_turns(dice)).text, dice)
        specs.append(FrameSpec(played.position.listing(), f"Turn {number}",
                               f"{side} played {played.moves}", dice, side, played.moves,
                               events_to_json(played.events)))
        position = played.position
    return specs, opts


def test_an_animation_has_a_frame_per_position_in_one_size() -> None:
    specs, options = _random_game("hachapury", 12)
    made = animate("hachapury", options, specs, {"W": "alice", "B": "bob"}, "W", "dark",
                   10 * 1024 * 1024)
    gif = Image.open(io.BytesIO(made.data))
    assert gif.format == "GIF" and gif.n_frames == made.frames == len(specs)
    assert gif.info.get("loop") == 0 and made.step == 1
    assert gif.size[0] == made.width
    with pytest.raises(TooLarge):
        animate("hachapury", options, specs, {"W": "alice", "B": "bob"}, "W", "dark", 20_000)
