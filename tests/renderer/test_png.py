"""The palette PNG writer (renderer/png.py): every game's picture decodes to
exactly the palette image it encodes, with ISA-L or the standard library's
zlib, and stays about as small as Pillow's own PNG was."""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any

import pytest
from PIL import Image

import renderer.png as png
from renderer import PHONE_WIDTH, RENDERERS, for_game
from renderer.base import BoardRenderer
from renderer.png import RowFilter, isal_compressor, palette_png, zlib_compressor

COMPRESSORS = {"isal": isal_compressor, "zlib": zlib_compressor}


def mapped_picture(renderer: BoardRenderer[Any], theme: str, width: int = 1100) -> Image.Image:
    """A busy picture of the game mapped onto its palette, as ``render`` maps it."""
    position, context = renderer.palette_samples(width, theme)[0]
    image = renderer.draw(position, context)
    return image.quantize(palette=renderer.palette(image.width, theme),
                          dither=Image.Dither.NONE)


def decoded(data: bytes) -> Image.Image:
    opened = Image.open(io.BytesIO(data))
    opened.load()
    return opened


def assert_same_picture(data: bytes, mapped: Image.Image) -> None:
    Image.open(io.BytesIO(data)).verify()  # chunk CRCs, structure
    picture = decoded(data)
    assert picture.format == "PNG" and picture.mode == "P"
    assert picture.size == mapped.size
    assert picture.getpalette() == mapped.getpalette()
    assert picture.tobytes() == mapped.tobytes()


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """(type, body) of every chunk after the signature."""
    assert data[:8] == png.SIGNATURE
    out, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        out.append((data[at + 4:at + 8], data[at + 8:at + 8 + length]))
        at += 12 + length
    return out


@pytest.mark.parametrize("game", sorted(RENDERERS))
@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("compressor", sorted(COMPRESSORS))
def test_every_picture_decodes_to_its_palette_image(game: str, theme: str,
                                                    compressor: str) -> None:
    renderer = for_game(game)
    mapped = mapped_picture(renderer, theme)
    data = palette_png(mapped, renderer.png_filter, COMPRESSORS[compressor])
    assert_same_picture(data, mapped)


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_render_writes_the_quantised_picture(game: str) -> None:
    renderer = for_game(game)
    position, context = renderer.palette_samples(PHONE_WIDTH, "dark")[0]
    image = renderer.draw(position, context)
    mapped = image.quantize(palette=renderer.palette(image.width, renderer.theme_name(context)),
                            dither=Image.Dither.NONE)
    assert_same_picture(renderer.render(position, context), mapped)


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_pictures_are_about_as_small_as_pillows_own_png(game: str) -> None:
    """Within a few per cent of what Pillow wrote before (zlib level 3)."""
    mapped = mapped_picture(for_game(game), "light")
    before = io.BytesIO()
    mapped.save(before, format="PNG", compress_level=3)
    now = len(palette_png(mapped, for_game(game).png_filter))
    assert 0.85 * len(before.getvalue()) <= now <= 1.06 * len(before.getvalue())


def test_without_isal_the_standard_library_writes_the_same_picture(
        monkeypatch: pytest.MonkeyPatch) -> None:
    mapped = mapped_picture(for_game("hachapury"), "light")
    with_isal = palette_png(mapped)
    monkeypatch.setattr(png, "isal_zlib", None)
    assert png.default_compressor() is zlib_compressor
    with pytest.raises(RuntimeError):
        isal_compressor()
    without = palette_png(mapped)
    assert without != with_isal  # another deflate ...
    assert_same_picture(without, mapped)  # ... the same picture
    idat = dict(chunks(without))[b"IDAT"]
    assert zlib.decompress(idat) == zlib.decompress(dict(chunks(with_isal))[b"IDAT"])


@pytest.mark.parametrize("row_filter", ["none", "up"])
def test_the_plain_chunks_and_the_row_filter(row_filter: RowFilter) -> None:
    # a small picture of few colours over several bands: a gradient down,
    # stripes across, odd sizes
    source = Image.linear_gradient("L").resize((301, 517)).convert("RGB")
    mapped = source.quantize(16, dither=Image.Dither.NONE)
    data = palette_png(mapped, row_filter)
    assert_same_picture(data, mapped)
    kinds = [kind for kind, _ in chunks(data)]
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    header = dict(chunks(data))[b"IHDR"]
    assert struct.unpack(">IIBBBBB", header) == (301, 517, 8, 3, 0, 0, 0)
    assert len(dict(chunks(data))[b"PLTE"]) == 3 * (len(mapped.getpalette() or []) // 3)
    rows = zlib.decompress(dict(chunks(data))[b"IDAT"])
    assert len(rows) == 517 * 302
    assert set(rows[::302]) == {png.FILTER_BYTE[row_filter][0]}


def test_a_damaged_file_fails_verification() -> None:
    """(So that the verification above can fail.)"""
    mapped = Image.linear_gradient("L").convert("RGB").quantize(8)
    data = bytearray(palette_png(mapped))
    iend = 12  # the last chunk, IEND, is 12 bytes; IDAT's CRC ends before it
    data[-iend - 5] ^= 0xFF  # IDAT's last byte of data
    with pytest.raises(SyntaxError):
        Image.open(io.BytesIO(bytes(data))).verify()


def test_only_palette_pictures_are_written() -> None:
    with pytest.raises(ValueError, match="'P' image"):
        palette_png(Image.new("RGB", (4, 4)))
    with pytest.raises(ValueError, match="row filter"):
        # not a filter palette_png knows: it must say so
        palette_png(Image.new("P", (4, 4)), "paeth")  # type: ignore[arg-type]
