"""A tournament's standings as a picture: the crosstable of a Swiss or a round-robin,
the bracket of a knockout.  Plain data in (names, places, cells already written),
PNG bytes out; the words are the caller's, but for the two column headings said in
the table's ``language`` (points, Buchholz); the others are numbers and signs that read
the same in every language: ``#``, a round's number, ``+``, ``=``, ``-``)."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.board_common import fit_text
from renderer.fonts import font
from renderer.words import word

RGB = tuple[int, int, int]
BACKGROUND: RGB = (248, 246, 240)
INK: RGB = (30, 30, 34)
MUTED: RGB = (110, 110, 118)
BAND: RGB = (44, 62, 80)
BAND_INK: RGB = (250, 250, 250)
STRIPE: RGB = (236, 233, 224)
WON: RGB = (46, 125, 50)
LOST: RGB = (183, 28, 28)
BOX: RGB = (255, 255, 255)
LINE: RGB = (160, 160, 168)


@dataclass(frozen=True)
class CrossRow:
    place: int
    name: str
    score: str
    #: one per round: the opponent's place and the result (``5+``, ``2=``, ``7-``),
    #: ``bye``, ``3…`` (being played) or '' (not paired)
    cells: tuple[str, ...]
    buchholz: str


@dataclass(frozen=True)
class CrossTable:
    title: str
    rounds: int
    rows: tuple[CrossRow, ...]
    language: str = "en"


@dataclass(frozen=True)
class BracketMatch:
    upper: str
    lower: str  # '' for a bye
    #: 0 the upper went through, 1 the lower, None still played
    winner: int | None


@dataclass(frozen=True)
class Bracket:
    title: str
    #: the rounds paired so far, each its boards top to bottom
    rounds: list[list[BracketMatch]]


def draw(standings: CrossTable | Bracket, width: int) -> bytes:
    """The picture, ``width`` pixels wide (drawn at its natural size, then scaled
    down when that is wider)."""
    image = _crosstable(standings) if isinstance(standings, CrossTable) else _bracket(standings)
    if image.width > width:
        height = max(1, round(image.height * width / image.width))
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


ROW = 34
PAD = 14
TITLE = 24
BODY = 18


def _crosstable(table: CrossTable) -> Image.Image:
    body, bold, title_font = font(BODY), font(BODY, True), font(TITLE, True)
    place_w, name_w, cell_w, score_w, bh_w = 40, 220, 64, 64, 64
    width = PAD * 2 + place_w + name_w + cell_w * table.rounds + score_w + bh_w
    band = TITLE + PAD * 2
    height = band + ROW * (len(table.rows) + 1) + PAD
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, width, band), fill=BAND)
    pen.text((PAD, PAD), fit_text(table.title, title_font, width - 2 * PAD), font=title_font,
             fill=BAND_INK)
    columns = [("#", place_w), ("", name_w),
               *((str(n), cell_w) for n in range(1, table.rounds + 1)),
               (word(table.language, "cross_points"), score_w),
               (word(table.language, "cross_buchholz"), bh_w)]
    y = band
    x = PAD
    for label, w in columns:
        pen.text((x + w // 2, y + ROW // 2), label, font=bold, fill=MUTED, anchor="mm")
        x += w
    for index, row in enumerate(table.rows):
        y = band + ROW * (index + 1)
        if index % 2 == 0:
            pen.rectangle((0, y, width, y + ROW), fill=STRIPE)
        middle = y + ROW // 2
        x = PAD
        pen.text((x + place_w // 2, middle), str(row.place), font=bold, fill=INK, anchor="mm")
        x += place_w
        pen.text((x + 4, middle), fit_text(row.name, body, name_w - 8), font=body, fill=INK,
                 anchor="lm")
        x += name_w
        for n in range(table.rounds):
            cell = row.cells[n] if n < len(row.cells) else ""
            colour = _colour(cell)
            shown = word(table.language, "cross_bye") if cell == "bye" else cell
            pen.text((x + cell_w // 2, middle), fit_text(shown, body, cell_w - 4), font=body,
                     fill=colour, anchor="mm")
            x += cell_w
        pen.text((x + score_w // 2, middle), row.score, font=bold, fill=INK, anchor="mm")
        x += score_w
        pen.text((x + bh_w // 2, middle), row.buchholz, font=body, fill=MUTED, anchor="mm")
    return image


def _colour(cell: str) -> RGB:
    """A win (``5+``), a bye or a table won (``1/4``) green; a loss (``5-``) or a
    table's last place (``4/4``) red."""
    place, _, size = cell.partition("/")
    if cell.endswith("+") or cell == "bye" or (size and place == "1"):
        return WON
    if cell.endswith("-") or (size and place == size):
        return LOST
    return INK


def _bracket(bracket: Bracket) -> Image.Image:
    body, bold, title_font = font(BODY), font(BODY, True), font(TITLE, True)
    box_w, box_h, gap_x = 160, 2 * ROW, 24
    first = max(1, len(bracket.rounds[0]) if bracket.rounds else 1)
    columns = max(1, len(bracket.rounds)) + 1  # the winner's column
    band = TITLE + PAD * 2
    slot = box_h + PAD
    width = PAD * 2 + columns * box_w + (columns - 1) * gap_x
    height = band + PAD + first * slot
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 0, width, band), fill=BAND)
    pen.text((PAD, PAD), fit_text(bracket.title, title_font, width - 2 * PAD), font=title_font,
             fill=BAND_INK)
    champion = ""
    for r, matches in enumerate(bracket.rounds):
        x = PAD + r * (box_w + gap_x)
        span = slot * (2 ** r)  # each round's boxes sit between the two they follow
        for i, match in enumerate(matches):
            centre = band + PAD + span * i + span // 2
            top = centre - box_h // 2
            if r:  # the bracket's joint: the two matches this one follows, then here
                half = span // 4
                joint = x - gap_x // 2
                pen.line((joint, centre - half, joint, centre + half), fill=LINE)
                pen.line((joint, centre, x, centre), fill=LINE)
            pen.rectangle((x, top, x + box_w, top + box_h), fill=BOX, outline=LINE)
            pen.line((x, centre, x + box_w, centre), fill=LINE)
            for k, name in enumerate((match.upper, match.lower or "—")):
                won = match.winner == k
                lost = match.winner is not None and not won and name != "—"
                pen.text((x + 8, top + ROW * k + ROW // 2), fit_text(name, body, box_w - 16),
                         font=bold if won else body,
                         fill=WON if won else MUTED if lost else INK, anchor="lm")
            if r + 1 < columns:
                pen.line((x + box_w, centre, x + box_w + gap_x // 2, centre), fill=LINE)
            if r == len(bracket.rounds) - 1 and len(matches) == 1 and match.winner is not None:
                champion = match.upper if match.winner == 0 else match.lower
    x = PAD + len(bracket.rounds) * (box_w + gap_x)
    if champion:
        centre = band + PAD + (first * slot) // 2
        pen.line((x - gap_x // 2, centre, x, centre), fill=LINE)
        pen.rectangle((x, centre - ROW // 2, x + box_w, centre + ROW // 2), fill=WON)
        pen.text((x + 8, centre), fit_text(champion, bold,
                                           box_w - 16), font=bold, fill=BAND_INK, anchor="lm")
    return image
