"""A player's profile as a small picture (``/profile``): per game the rating and
record, then the last games with their results.

Light and dark like the boards; every text colour is paired with the colour it
stands on in :func:`text_pairs`, and a test holds each pair to WCAG's 4.5:1.  The
card is :data:`CARD_WIDTH` px wide with type sized so that its small print stays
:data:`renderer.phone.MIN_GLYPH` px high when Discord shows it 400 px wide.
Plain values in (:class:`ProfileCard`), PNG bytes out: it runs in a worker
(``Context.cpu``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from renderer.board_common import fit_text
from renderer.fonts import font
from renderer.phone import legible_size
from renderer.words import ordinal, word

RGB = tuple[int, int, int]

CARD_WIDTH = 640
#: The small print's size: the least that reads at 400 px (phone.py), plus one.
SMALL = legible_size(CARD_WIDTH, bold=False) + 1
BODY = SMALL + 3
TITLE = SMALL + 10
NAME = SMALL + 16
PAD = 18
GAP = 10
RADIUS = 12


@dataclass(frozen=True)
class Palette:
    background: RGB
    panel: RGB
    ink: RGB
    muted: RGB
    band: RGB
    band_ink: RGB
    won: RGB
    lost: RGB
    badge_ink: RGB
    outline: RGB


THEMES: dict[str, Palette] = {
    "light": Palette(background=(238, 234, 224), panel=(255, 253, 248), ink=(28, 28, 32),
                     muted=(88, 86, 82), band=(46, 74, 120), band_ink=(255, 255, 255),
                     won=(28, 112, 58), lost=(168, 40, 40), badge_ink=(255, 255, 255),
                     outline=(205, 198, 184)),
    "dark": Palette(background=(26, 28, 32), panel=(40, 43, 49), ink=(236, 234, 226),
                    muted=(178, 178, 184), band=(52, 84, 136), band_ink=(255, 255, 255),
                    won=(124, 206, 146), lost=(242, 140, 130), badge_ink=(20, 20, 24),
                    outline=(70, 74, 82)),
}


@dataclass(frozen=True)
class GameLine:
    """One game's figures; ``rating`` None: nothing rated yet (``finished`` games
    played all the same)."""

    title: str
    rating: int | None
    provisional: bool = False
    games: int = 0
    wins: int = 0
    losses: int = 0
    streak: int = 0
    points: int = 0
    finished: int = 0
    average_turns: float | None = None


@dataclass(frozen=True)
class RecentGame:
    game_id: int
    title: str
    opponents: str
    result: str
    won: bool | None  # None: neither won nor lost (a draw, a middle place)
    turns: int


@dataclass(frozen=True)
class ProfileCard:
    name: str
    games: tuple[GameLine, ...] = ()
    recent: tuple[RecentGame, ...] = field(default=())
    theme: str = "light"
    #: The language of the card's words (renderer/words.py): the channel's.
    language: str = "en"


def text_pairs(theme: str) -> list[tuple[RGB, RGB]]:
    """Every (text colour, colour under it) the card uses."""
    p = THEMES.get(theme, THEMES["light"])
    return [(p.band_ink, p.band), (p.ink, p.panel), (p.muted, p.panel), (p.ink, p.background),
            (p.muted, p.background), (p.badge_ink, p.won), (p.badge_ink, p.lost),
            (p.ink, p.outline)]


def plural(count: int, noun: str) -> str:
    """``1 turn``, ``2 turns``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def streak_text(streak: int, language: str = "en") -> str:
    if streak > 0:
        return word(language, "card_streak_wins", n=streak)
    if streak < 0:
        return word(language, "card_streak_losses", n=-streak)
    return ""


def game_details(line: GameLine, language: str = "en") -> str:
    """``8 won · 4 lost of 12 · 3 wins in a row · 5 points · 41 turns a game``."""
    parts = [word(language, "card_won_lost", wins=line.wins, losses=line.losses,
                  games=line.games)] if line.rating is not None \
        else [word(language, "card_unrated_details", finished=line.finished)]
    parts += [p for p in (streak_text(line.streak, language),) if p]
    if line.rating is not None:
        parts.append(word(language, "card_points", n=line.points))
    if line.average_turns is not None:
        parts.append(word(language, "card_turns_a_game", n=round(line.average_turns)))
    return " · ".join(parts)


def result_badge(result: str, language: str = "en") -> str:
    """A recent game's result as the card's badge says it (``won``, ``won 2``,
    ``lost``, ``draw``, ``2nd``, ``no result``: bot/service/rating.py)."""
    if language == "en":
        return result
    words = result.split()
    if words == ["won"]:
        return word(language, "card_won")
    if len(words) == 2 and words[0] == "won" and words[1].isdigit():
        return word(language, "card_won_points", points=int(words[1]))
    keys = {"lost": "card_lost", "draw": "card_draw", "no result": "card_no_result"}
    if result in keys:
        return word(language, keys[result])
    if len(words) == 1 and result[:-2].isdigit():  # a place: 2nd
        return ordinal(language, int(result[:-2]))
    return result


def render_profile_card(card: ProfileCard) -> bytes:
    """The card as a PNG."""
    p = THEMES.get(card.theme, THEMES["light"])
    lang = card.language
    name_font, title_font = font(NAME, True), font(TITLE, True)
    body_font, small_font = font(BODY, False), font(SMALL, False)
    band = PAD * 2 + NAME
    row = PAD + TITLE + GAP + SMALL + PAD
    recent_row = BODY + GAP
    height = band + PAD + max(1, len(card.games)) * (row + GAP)
    if card.recent:
        height += TITLE + GAP + len(card.recent) * recent_row
    height += PAD
    image = Image.new("RGB", (CARD_WIDTH, height), p.background)
    draw = ImageDraw.Draw(image)
    inner = CARD_WIDTH - 2 * PAD
    draw.rectangle((0, 0, CARD_WIDTH, band), fill=p.band)
    draw.text((PAD, PAD), fit_text(card.name, name_font, inner), font=name_font,
              fill=p.band_ink)
    y = band + PAD
    if not card.games:
        draw.text((PAD, y), word(lang, "card_no_games"), font=body_font, fill=p.muted)
        y += row + GAP
    for line in card.games:
        draw.rounded_rectangle((PAD, y, CARD_WIDTH - PAD, y + row), RADIUS, fill=p.panel,
                               outline=p.outline)
        x = PAD * 2
        right = CARD_WIDTH - PAD * 2
        rating = f"{line.rating}" if line.rating is not None else word(lang, "card_unrated")
        draw.text((right, y + PAD + TITLE), rating, font=title_font, fill=p.ink, anchor="rs")
        left = right - int(draw.textlength(rating, font=title_font)) - GAP
        if line.provisional:
            provisional = word(lang, "card_provisional")
            draw.text((left, y + PAD + TITLE), provisional, font=small_font, fill=p.muted,
                      anchor="rs")
            left -= int(draw.textlength(provisional, font=small_font)) + GAP
        draw.text((x, y + PAD + TITLE), fit_text(line.title, title_font, left - x),
                  font=title_font, fill=p.ink, anchor="ls")
        draw.text((x, y + PAD + TITLE + GAP), fit_text(game_details(line, lang), small_font,
                                                       right - x),
                  font=small_font, fill=p.muted)
        y += row + GAP
    if card.recent:
        draw.text((PAD, y), word(lang, "card_recent"), font=title_font, fill=p.ink)
        y += TITLE + GAP
        badges = max(int(draw.textlength(result_badge(g.result, lang), font=body_font))
                     for g in card.recent) + 16
        for game in card.recent:
            badge = result_badge(game.result, lang)
            colour = p.won if game.won else p.lost if game.won is False else p.outline
            ink = p.badge_ink if game.won is not None else p.ink
            width = badges
            draw.rounded_rectangle((PAD, y - 2, PAD + width, y + BODY + 2), 6, fill=colour)
            draw.text((PAD + width // 2, y), badge, font=body_font, fill=ink, anchor="ma")
            text = word(lang, "card_recent_row", id=game.game_id, title=game.title,
                        opponents=game.opponents, turns=game.turns)
            x = PAD + width + GAP
            draw.text((x, y), fit_text(text, body_font, CARD_WIDTH - PAD - x), font=body_font,
                      fill=p.ink)
            y += recent_row
    out = io.BytesIO()
    image.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=True)
    return out.getvalue()
