"""Benchmark: the board PNG's encoding alone, by each way there is.

For each game's busy picture (its first palette sample at 1100 px, light
theme), already mapped onto its palette, prints the median CPU ms and the KB of:
Pillow's own PNG (zlib level 3, what the renderers used before renderer/png.py),
renderer/png.py with the standard library's zlib (the fallback without
``isal``) and with ISA-L, each with no row filter and with the Up filter
(``*`` marks the filter the game uses).

Run from the project root: ``.venv/bin/python bench/bench_png_encode.py [N]``.
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from renderer import RENDERERS, for_game  # noqa: E402
from renderer.png import isal_compressor, isal_zlib, palette_png, zlib_compressor  # noqa: E402


def timed(encode: Callable[[], bytes], runs: int) -> tuple[float, int]:
    """Median CPU ms of ``encode`` and the size of what it wrote."""
    cpu = []
    for _ in range(runs):
        start = time.process_time()
        data = encode()
        cpu.append((time.process_time() - start) * 1000)
    return statistics.median(cpu), len(data)


def pillow_png(mapped: Image.Image) -> bytes:
    out = io.BytesIO()
    mapped.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    ways: dict[str, Callable[[Image.Image, str], bytes]] = {
        "pillow": lambda m, f: pillow_png(m),
        "zlib": lambda m, f: palette_png(m, f, zlib_compressor),  # type: ignore[arg-type]
    }
    if isal_zlib is not None:
        ways["isal"] = lambda m, f: palette_png(m, f, isal_compressor)  # type: ignore[arg-type]
    print(f"{'game':13} {'way':7} {'filter':7} {'CPU ms':>7} {'KB':>6}")
    for game in sorted(RENDERERS):
        renderer = for_game(game)
        position, context = renderer.palette_samples(1100, "light")[0]
        image = renderer.draw(position, context)
        mapped = image.quantize(palette=renderer.palette(image.width, "light"),
                                dither=Image.Dither.NONE)
        for way, encode in ways.items():
            for row_filter in (("none",) if way == "pillow" else ("none", "up")):
                ms, size = timed(lambda e=encode, m=mapped, f=row_filter: e(m, f), runs)  # type: ignore[misc]
                mark = "*" if way != "pillow" and row_filter == renderer.png_filter else ""
                print(f"{game:13} {way:7} {row_filter + mark:7} {ms:7.2f} {size / 1024:6.1f}")


if __name__ == "__main__":
    main()
