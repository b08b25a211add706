"""The standings pictures (renderer/tournament.py): a crosstable colours wins, byes and
tables won green and losses red; a bracket marks who went through; both fit the width
asked for."""

from __future__ import annotations

import io

from PIL import Image

from renderer.tournament import (
    LOST,
    WON,
    Bracket,
    BracketMatch,
    CrossRow,
    CrossTable,
    _colour,
    draw,
)


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _has(image: Image.Image, colour: tuple[int, int, int]) -> bool:
    found = image.getcolors(maxcolors=1 << 20) or []
    return any(rgb == colour for _, rgb in found)


def test_cells_are_coloured_by_result() -> None:
    assert _colour("5+") == WON and _colour("bye") == WON and _colour("1/4") == WON
    assert _colour("3-") == LOST and _colour("4/4") == LOST
    assert _colour("2=") not in (WON, LOST) and _colour("2/4") not in (WON, LOST)


def test_a_crosstable_shows_its_wins_and_losses_within_the_width() -> None:
    table = CrossTable("Autumn", 2, (CrossRow(1, "alice", "2", ("2+", "bye"), "1"),
                                     CrossRow(2, "bob", "0", ("1-", ""), "2")))
    image = _image(draw(table, 2000))
    assert _has(image, WON) and _has(image, LOST)
    narrow = _image(draw(table, 300))
    assert narrow.width == 300 and narrow.height < image.height


def test_a_bracket_marks_who_went_through() -> None:
    undecided = _image(draw(Bracket("Cup", [[BracketMatch("a", "b", None)]]), 2000))
    assert not _has(undecided, WON)
    decided = _image(draw(Bracket("Cup", [[BracketMatch("a", "b", 1)]]), 2000))
    assert _has(decided, WON)


def test_a_crosstables_headings_are_said_in_its_language() -> None:
    rows = (CrossRow(1, "alice", "1", ("2+",), "0"), CrossRow(2, "bob", "0", ("1-",), "1"))
    with_bye = (CrossRow(1, "carol", "1", ("bye",), "0"),)
    # a bye is a word: said in the table's language too
    row = (0, 90, 2000, 120)  # below the headings: carol's row
    assert _image(draw(CrossTable("Cup", 1, with_bye), 2000)).crop(row).tobytes() != \
        _image(draw(CrossTable("Cup", 1, with_bye, "ru"), 2000)).crop(row).tobytes()
    english = _image(draw(CrossTable("Cup", 1, rows), 2000))
    russian = _image(draw(CrossTable("Cup", 1, rows, "ru"), 2000))
    assert english.size == russian.size
    # the rows are the same; only the heading line (points, Buchholz) differs
    heading = (0, 40, english.width, 100)
    assert english.crop(heading).tobytes() != russian.crop(heading).tobytes()
    below = (0, 110, english.width, english.height)
    assert english.crop(below).tobytes() == russian.crop(below).tobytes()
