"""What every board renderer shares: the public calls, theme lookup, the
headline, the palette PNG encoding and warm-up.

A game's renderer is a :class:`BoardRenderer` subclass with three things of
its own: its ``themes``, :meth:`~BoardRenderer.draw` (the full-colour
picture) and :meth:`~BoardRenderer.palette_samples` (a few busy pictures
whose colours the PNG palette is fitted to).  Everything callers use,
``render(position, context) -> bytes`` and ``warm_up(width, themes)``, is
here, so all games behave alike and the bot needs no game's name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from PIL import Image

from games.base import Result
from games.events import BorneOff, Event, Moved
from renderer.board_common import encode_png
from renderer.context import Ending, RenderContext
from renderer.png import RowFilter
from renderer.words import result_words, word

ThemeT = TypeVar("ThemeT")

#: The theme used when a context names one the renderer does not have.
DEFAULT_THEME = "light"


class BoardRenderer(ABC, Generic[ThemeT]):
    """One game's board picture.  Subclasses set ``game`` and ``themes`` and
    implement :meth:`draw` and :meth:`palette_samples`."""

    game: ClassVar[str]
    themes: Mapping[str, ThemeT]
    #: Palette size of the PNG.
    colours: ClassVar[int] = 256
    #: The PNG row filter that compresses this game's pictures best (measured).
    png_filter: ClassVar[RowFilter] = "none"

    def __init__(self) -> None:
        # (width, theme) -> palette image; built once, reused for every picture.
        self._palettes: dict[tuple[int, str], Image.Image] = {}

    # -- what a game provides ------------------------------------------------

    @abstractmethod
    def draw(self, position: Any, context: RenderContext) -> Image.Image:
        """The picture as a full-colour Pillow image (what :meth:`render` encodes)."""

    @abstractmethod
    def palette_samples(self, width: int, theme: str) -> Sequence[tuple[Any, RenderContext]]:
        """Positions and contexts whose pictures show every colour the game
        draws (both sides to move, dice, highlights, results) at this width
        and theme: the PNG palette is fitted to them."""

    def warm_caches(self, width: int, theme: str) -> None:
        """Build caches the palette samples do not reach (default: none)."""

    # -- shared --------------------------------------------------------------

    def theme_name(self, context: RenderContext) -> str:
        """The context's theme if this renderer has it, else the default."""
        return theme_name(self.themes, context.theme)

    def theme(self, context: RenderContext) -> ThemeT:
        """The colours for the context's theme."""
        return self.themes[self.theme_name(context)]

    def render(self, position: Any, context: RenderContext | None = None) -> bytes:
        """PNG bytes of ``position``: the picture mapped onto the palette of its
        width and theme (a fifth of the bytes of a full-colour PNG, and much
        quicker than quantising every picture afresh)."""
        ctx = context or RenderContext()
        image = self.draw(shown(position, ctx), ctx)
        return encode_png(image, self.palette(image.width, self.theme_name(ctx)), self.png_filter)

    def palette(self, width: int, theme: str) -> Image.Image:
        """The palette image for pictures ``width`` pixels wide in ``theme``."""
        key = (width, theme)
        cached = self._palettes.get(key)
        if cached is None:
            samples = self.palette_samples(width, theme)
            cached = fit_palette([self.draw(p, c) for p, c in samples], self.colours)
            self._palettes[key] = cached
        return cached

    def warm_up(self, width: int = 1100, themes: Sequence[str] = ("light", "dark")) -> None:
        """Build the palettes and cached backgrounds now, so that no player
        waits for them (a first render otherwise costs a few hundred ms)."""
        for name in themes:
            theme = theme_name(self.themes, name)
            self.render(*self.palette_samples(width, theme)[0])  # fits the palette
            self.warm_caches(width, theme)


def theme_name(themes: Mapping[str, object], name: str) -> str:
    """``name`` if ``themes`` has it, else the default theme's name."""
    return name if name in themes else DEFAULT_THEME


def fit_palette(images: Sequence[Image.Image], colours: int) -> Image.Image:
    """A ``colours``-entry palette image fitted to ``images`` stacked together.
    Mapping onto a palette reads only the palette: this keeps one pixel of the
    fitted sheet (a crop keeps the whole palette), not its 2-10 MB of pixels."""
    return fitted_sheet(images, colours).crop((0, 0, 1, 1))


def fitted_sheet(images: Sequence[Image.Image], colours: int) -> Image.Image:
    """``images`` stacked together and quantised to ``colours`` colours."""
    sheet = Image.new("RGB", (max(im.width for im in images), sum(im.height for im in images)))
    y = 0
    for im in images:
        sheet.paste(im.convert("RGB"), (0, y))
        y += im.height
    return sheet.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


class Finished:
    """A position seen as over, as the context's ``Ending`` says: nobody is to
    move and ``result`` is the ending (a game that ended off the board still has
    a side to move; one that ended on it gains the reason).  Everything else is
    the position's own, so each game's drawing and description treat it as any
    finished game (the winner's plate, the last turn's dice, no legal moves)."""

    def __init__(self, position: Any, ending: Ending) -> None:
        self._position = position
        self.result = ending
        self.side_to_move = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._position, name)


def shown(position: Any, context: RenderContext) -> Any:
    """The position as the picture shows it: ``Finished`` when the context says
    how the game ended (a resignation, a timeout, an abort leave the position as
    it was; an ending on the board gains its reason)."""
    if context.ending is not None:
        return Finished(position, context.ending)
    return position


def result_text(result: Result, label: Callable[[str], str], language: str = "en",
                why: bool = True) -> str:
    """``Result.text`` in words: each clause's side letter through ``label``
    (``W wins 2`` -> ``White wins 2``; ``R wins; G 2nd`` -> ``alice wins, bob
    2nd``; ``draw`` -> ``Draw``); in ``language`` (renderer/words.py).  An
    ``Ending`` adds its reason (``White wins — bob resigned``) unless ``why`` is
    False (a picture that says it elsewhere); an abort's reason is all it says."""
    said = _result_said(result, label, language)
    reason = result.reason if isinstance(result, Ending) else ""
    if not reason or (said and not why):
        return said
    if not said:  # an abort: nobody won, the reason is all there is to say
        return reason
    return word(language, "result_why", result=said, why=reason)


def _result_said(result: Result, label: Callable[[str], str], language: str) -> str:
    if language != "en":
        return result_words(result, label, language)
    clauses = []
    for clause in result.text.split(";"):
        words = clause.split()
        if not words:
            continue
        if result.winner is not None or len(words) > 1:
            words[0] = label(words[0])
        else:  # a word of the engine's own ("draw")
            words[0] = words[0].capitalize()
        clauses.append(" ".join(words))
    return ", ".join(clauses)


def moved_steps(events: Iterable[Event], side: str, places: Mapping[str, int], off: int,
                most: int) -> list[tuple[int, int]]:
    """The (from, to) steps of ``side``'s ``Moved`` and ``BorneOff`` events in play
    order, as numbers (``places`` maps the names events give; bearing off goes to
    ``off``), each repeated for its count (at most ``most``).  A place not in
    ``places`` (another game's event) is skipped: last-turn marks are decoration
    and never stop the picture."""
    steps: list[tuple[int, int]] = []
    for event in events:
        if event.side != side:
            continue
        if isinstance(event, Moved) and event.src in places and event.dst in places:
            steps += [(places[event.src], places[event.dst])] * min(event.count, most)
        elif isinstance(event, BorneOff) and event.src in places:
            steps += [(places[event.src], off)] * min(event.count, most)
    return steps


def headline(position: Any, label: Callable[[str], str], language: str = "en",
             why: bool = True) -> str:
    """``<side> to move``, the result in words, or ``Game over`` (in ``language``);
    ``why``: with the reason an ``Ending`` gives (see ``result_text``)."""
    result = getattr(position, "result", None)
    if result is not None:
        text = result_text(result, label, language, why)
        # an abort's reason stands alone as a title ("Aborted"); a name keeps its case
        return text if result.text else text[:1].upper() + text[1:]
    side = position.side_to_move
    return word(language, "to_move", side=label(side)) if side else word(language, "game_over")
