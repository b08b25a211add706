"""A small PNG writer for palette ("P") pictures.

Pillow's PNG encoder spends nearly all of a board's encoding time in zlib
(level 3: 3-7 ms for a board, up to half the CPU a picture costs).  The
pictures need nothing but the plainest PNG: 8-bit palette indices, one row
filter for the whole picture, IDAT, no ancillary chunks.  Writing those few
chunks here lets the deflate be Intel's ISA-L (the ``isal`` package) at its
level 1: about ten times quicker than zlib level 3.  Where ``isal`` has no
wheel the standard library's zlib does the same job at level 3, as before.

The rows go to the compressor in bands of about 64 KB rather than as one
string of the whole picture: a megabyte-sized fresh buffer costs more in
page faults than ISA-L takes to compress it.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from typing import Literal, Protocol

from PIL import Image, ImageChops

try:  # ISA-L's deflate: the same zlib stream in a fraction of zlib's time
    from isal import isal_zlib
except ImportError:  # pragma: no cover - platforms without an isal wheel
    isal_zlib = None  # type: ignore[assignment]

SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: PNG row filters this writer can apply (the same one to every row).
#: "none" suits pictures with long horizontal runs; "up" suits pictures whose
#: colours change from row to row but repeat down the columns (gradients,
#: crisp text): it shrinks Che's and CheeseGambit's PNGs by 10-15 %.
RowFilter = Literal["none", "up"]
FILTER_BYTE: dict[str, bytes] = {"none": b"\0", "up": b"\2"}

#: Bytes of rows handed to the compressor at a time.
BAND_BYTES = 64 * 1024


class Deflater(Protocol):
    """A streaming zlib compressor (``zlib.compressobj`` and ISA-L's alike)."""

    def compress(self, data: bytes, /) -> bytes: ...

    def flush(self) -> bytes: ...


Compressor = Callable[[], Deflater]


def isal_compressor() -> Deflater:
    """ISA-L at level 1, its quick level (at our pictures' sizes it compresses
    within a few per cent of zlib's level 3)."""
    if isal_zlib is None:
        raise RuntimeError("isal is not installed")
    return isal_zlib.compressobj(1)


def zlib_compressor() -> Deflater:
    """The standard library at level 3 (what the pictures used before ``isal``:
    within a few per cent of level 6 in a third of the time)."""
    return zlib.compressobj(3)


def default_compressor() -> Compressor:
    """ISA-L when it is installed, else the standard library's zlib."""
    return isal_compressor if isal_zlib is not None else zlib_compressor


def chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: length, type, body and the CRC of type and body."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(
        ">I", zlib.crc32(body, zlib.crc32(kind)))


def up_filtered(image: Image.Image) -> Image.Image:
    """Each byte minus the one above it, modulo 256 (the first row minus zeros):
    PNG's "Up" filter, done by Pillow on the whole picture at once."""
    above = ImageChops.offset(image, 0, 1)
    above.paste(0, (0, 0, image.width, 1))
    return ImageChops.subtract_modulo(image, above)


def idat(image: Image.Image, row_filter: RowFilter, compress: Compressor) -> bytes:
    """The compressed rows of ``image``, each led by its filter byte."""
    source = up_filtered(image) if row_filter == "up" else image
    width, height = image.size
    lead = FILTER_BYTE[row_filter]
    band = max(1, BAND_BYTES // (width + 1))
    deflater = compress()
    out = []
    for top in range(0, height, band):
        pixels = memoryview(source.crop((0, top, width, min(height, top + band))).tobytes())
        # the filter byte before the first row and between rows
        rows = lead + lead.join([pixels[x:x + width] for x in range(0, len(pixels), width)])
        out.append(deflater.compress(rows))
    out.append(deflater.flush())
    return b"".join(out)


def palette_png(image: Image.Image, row_filter: RowFilter = "none",
                compress: Compressor | None = None) -> bytes:
    """PNG bytes of a "P" ``image``: colour type 3, depth 8, its palette as
    PLTE, every row through ``row_filter``.  ``compress`` defaults to
    :func:`default_compressor`."""
    if image.mode != "P":
        raise ValueError(f"palette_png needs a 'P' image, not {image.mode!r}")
    if row_filter not in FILTER_BYTE:
        raise ValueError(f"unknown row filter {row_filter!r}")
    palette = image.getpalette() or []
    entries = len(palette) // 3
    if not 1 <= entries <= 256:
        raise ValueError(f"a PNG palette has 1 to 256 colours, not {entries}")
    if image.width < 1 or image.height < 1:
        raise ValueError(f"a PNG is at least 1 x 1 pixels, not {image.width} x {image.height}")
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    return b"".join((
        SIGNATURE,
        chunk(b"IHDR", header),
        chunk(b"PLTE", bytes(palette[:entries * 3])),
        chunk(b"IDAT", idat(image, row_filter, compress or default_compressor())),
        chunk(b"IEND", b""),
    ))
