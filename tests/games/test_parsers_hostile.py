"""Every string sent to a parser either parses or raises the project's own error.

Issue 12: hostile texts (unicode digits, control and zero-width characters,
huge numbers, long texts) must never escape as ValueError, IndexError or any
other exception: the bot shows ``GameError`` messages and ``replay``/``verify``
exit 2 or 1 on them.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.replay import replay
from bot.verify import verify
from games import GameError, get_game
from games.errors import NotationError
from games.notation import MAX_TEXT, MAX_TOKENS, tokenize
from games.record import parse_record

GAMES = ("hachapury", "chebache", "cheesegambit", "che")

# Pieces of move text, listings and records, mixed with hostile characters.
_FRAGMENTS = [
    "24/18", "13/7*", "8/5(2)", "2(", ")", "(", "/", "X", "x", "*", "-", "^", "\\", "@", ",",
    ";", " ", "K", "S", "F", "P", "R3", "S5", "G", "CG", "gamble", "T@B", "x2", "drop",
    "(dance)", "pass", "(no move)", "0,0W/", "1,0B", "[6 5]", "<W1,2>", "K(", "1K1(2^10)",
    "9" * 30, "9" * 5000, "²", "٣", "१", "\u200b", "\u202e", "\x00", "\n", "\t", "ｘ",
    "15(", "99(", "4(S3/F)", "R:", "W:", "B:", "@", "to move", "%s", "{0}", "'; DROP",
]

hostile_text = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(_FRAGMENTS), max_size=40).map("".join),
    st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=3)), max_size=30).map(
        "".join),
)

DICE = [(), (6, 5), (4, 4), (1, 1), (3, 1)]

_SETTINGS = settings(max_examples=150, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(text=hostile_text, dice=st.sampled_from(DICE), game=st.sampled_from(GAMES))
def test_move_text_plays_or_raises_game_error(text: str, dice: tuple[int, ...],
                                              game: str) -> None:
    g = get_game(game)
    position = g.initial({})
    if position.dice_count() == 0:
        dice = ()
    elif not dice:
        dice = (6, 5)
    try:
        position.play(text, dice)
    except GameError as exc:
        assert str(exc)


@_SETTINGS
@given(text=hostile_text, game=st.sampled_from(GAMES))
def test_listings_read_or_raise_game_error(text: str, game: str) -> None:
    try:
        get_game(game).from_listing(text, {})
    except GameError as exc:
        assert str(exc)


@_SETTINGS
@given(text=hostile_text, game=st.sampled_from(GAMES))
def test_records_replay_or_exit_with_a_code(text: str, game: str) -> None:
    for body in (text, f'[Game "{game}"]\n{text}', f'[Game "{game}"]\n1W: {text}',
                 f'[Game "{game}"]\n1R: [6 5] {text}', f'[Game "{game}"]\n{text}W: [6 5]; 9/15'):
        out, err = io.StringIO(), io.StringIO()
        assert replay(game, body, out=out, err=err) in (0, 1, 2)
        try:
            parse_record(body)
        except GameError:
            pass
        head = f'[Game "{game}"]\n[Session "s"]\n[SeedHash "ab"]\n[Seed "ab"]\n'
        assert verify(head + body, out=io.StringIO(), err=io.StringIO()) in (0, 1, 2)


HUGE = "9" * 5000


def _listing_variants(game: str) -> list[str]:
    """The starting listing with one number made huge or written in other digits."""
    import re

    start = get_game(game).initial({}).listing()
    out = []
    for m in re.finditer(r"[0-9]+", start):
        for digits in (HUGE, "²", "٣", "9" * 20):
            out.append(start[:m.start()] + digits + start[m.end():])
    return out


def _text_variants(game: str) -> list[str]:
    texts = {
        "hachapury": ["24/18 24/13", "2(24/18)", "24/18(2)"],
        "chebache": ["S/6 S/5", "K(S/6) [6 5] <W1,2>", "1K1(2^10)", "2(S/6)"],
        "cheesegambit": ["9/15 9/14", "2(9/13) T@B x2", "G 2(9X13)", "P/R3"],
        "che": ["0,0W/ 1,0B", "-1,0B"],
    }[game]
    import re

    out = []
    for text in texts:
        for m in re.finditer(r"[0-9]+", text):
            for digits in (HUGE, "²", "٣", "9" * 20):
                out.append(text[:m.start()] + digits + text[m.end():])
    return out


def test_numbers_of_every_size_and_script_in_listings_and_texts() -> None:
    for game in GAMES:
        g = get_game(game)
        for listing in _listing_variants(game):
            try:
                g.from_listing(listing, {})
            except GameError:
                pass
        position = g.initial({})
        for text in _text_variants(game):
            for dice in ([()] if position.dice_count() == 0 else [(6, 5), (4, 4)]):
                try:
                    position.play(text, dice)
                except GameError:
                    pass


def test_long_texts_refused_before_any_work() -> None:
    for game in GAMES:
        position = get_game(game).initial({})
        dice = () if position.dice_count() == 0 else (6, 5)
        with pytest.raises(NotationError, match=f"at most {MAX_TEXT}"):
            position.play("1" * (MAX_TEXT + 1), dice)
    with pytest.raises(NotationError, match=f"more than {MAX_TOKENS}"):
        tokenize("a " * (MAX_TOKENS + 1))


ARABIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


@pytest.mark.parametrize(
    ("game", "text", "dice"),
    [
        ("hachapury", "24/13", (6, 5)),
        ("chebache", "S/6 S/5", (6, 5)),
        ("cheesegambit", "9/15 9/14", (6, 5)),
        ("che", "0,0W/", ()),
    ],
)
def test_only_ascii_digits_are_numbers(game: str, text: str, dice: tuple[int, ...]) -> None:
    g = get_game(game)
    position = g.initial({})
    position.play(text, dice)  # the ASCII text is a legal turn
    with pytest.raises(NotationError):
        position.play(text.translate(ARABIC), dice)
    listing = position.listing()
    with pytest.raises(GameError):
        g.from_listing(listing.translate(ARABIC), {})
