"""Colour checks for readable boards: WCAG contrast, colour-vision-deficiency
simulation and CIEDE2000 colour difference.  Pure Python, no drawing.

- :func:`relative_luminance` and :func:`contrast_ratio` follow WCAG 2.x
  (sRGB companding with the 0.04045 threshold of IEC 61966-2-1).
- :func:`simulate` applies Machado, Oliveira and Fernandes (2009), "A
  Physiologically-based Model for Simulation of Color Vision Deficiency",
  severity 1.0 matrices, in *linear* RGB, then clips and re-encodes to sRGB.
- :func:`ciede2000` is the CIE 2000 colour difference (Sharma, Wu and Dalal
  2005, "The CIEDE2000 color-difference formula: implementation notes"), with
  :func:`srgb_to_lab` (D65 white) to feed it.

Colours are ``(r, g, b)`` tuples of 0..255 integers (or floats) throughout.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]
Colour = Sequence[float]

#: WCAG 2.x AA thresholds: ordinary text, and graphical marks / large text.
TEXT_CONTRAST = 4.5
MARK_CONTRAST = 3.0

#: The smallest CIEDE2000 distance two players' colours may have under normal
#: vision and each simulated deficiency.  Why 12: one unit is about a just
#: noticeable difference between two large patches side by side; pieces are
#: small marks seen apart, and small marks need several times the difference
#: of large patches to be told apart (Stone, Szafir and Setlur 2014, "An
#: engineering model for color difference as a function of size": about 3-4x
#: at the size of a piece on a phone); 12 keeps a margin above that (3 x 4)
#: and is about where palettes built for categorical use (ColorBrewer's
#: qualitative sets) keep their neighbours apart.
PLAYER_DISTANCE = 12.0

#: Machado et al. (2009), severity 1.0, applied to linear RGB column vectors.
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
DEFICIENCIES = tuple(MACHADO)


# --------------------------------------------------------------------------- sRGB


def to_linear(channel: float) -> float:
    """One sRGB channel 0..255 as linear light 0..1."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(value: float) -> float:
    """Linear light 0..1 (clipped) as an sRGB channel 0..255 (unrounded)."""
    v = min(1.0, max(0.0, value))
    c = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return c * 255


def parse_hex(text: str) -> RGB:
    """``#777``, ``#777777`` or ``777777`` as an RGB tuple."""
    h = text.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    if len(h) != 6:
        raise ValueError(f"not a hex colour: {text!r}")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


# --------------------------------------------------------------------------- WCAG


def relative_luminance(colour: Colour) -> float:
    """WCAG relative luminance 0 (black) .. 1 (white)."""
    r, g, b = (to_linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio 1..21 of two colours (order does not matter)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


# --------------------------------------------------------------------------- CVD


def simulate(colour: Colour, deficiency: str) -> tuple[float, float, float]:
    """How ``colour`` looks with ``deficiency`` (``protanopia``, ``deuteranopia``
    or ``tritanopia``), as sRGB floats 0..255."""
    matrix = MACHADO[deficiency]
    lin = [to_linear(c) for c in colour[:3]]
    out = tuple(from_linear(sum(m * v for m, v in zip(row, lin, strict=True))) for row in matrix)
    return (out[0], out[1], out[2])


# --------------------------------------------------------------------------- CIELAB


_WHITE_D65 = (0.95047, 1.0, 1.08883)


def srgb_to_lab(colour: Colour) -> Lab:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in colour[:3])
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / _WHITE_D65[0]), f(y / _WHITE_D65[1]), f(z / _WHITE_D65[2])
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: Lab, lab2: Lab, kl: float = 1.0, kc: float = 1.0, kh: float = 1.0) -> float:
    """CIEDE2000 difference of two L*a*b* colours (Sharma et al. 2005, eqs. 1-22)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1 = math.hypot(a1, b1)
    c2 = math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dlp = l2 - l1
    dcp = c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))

    lp_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp_mean - 30))
         + 0.24 * math.cos(math.radians(2 * hp_mean))
         + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
         - 0.20 * math.cos(math.radians(4 * hp_mean - 63)))
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lp_mean - 50) ** 2 / math.sqrt(20 + (lp_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt(
        (dlp / (kl * sl)) ** 2 + (dcp / (kc * sc)) ** 2 + (dhp_big / (kh * sh)) ** 2
        + rt * (dcp / (kc * sc)) * (dhp_big / (kh * sh)))


def colour_distance(a: Colour, b: Colour, deficiency: str | None = None) -> float:
    """CIEDE2000 distance of two sRGB colours, as seen with ``deficiency``
    (``None``: normal vision)."""
    if deficiency is not None:
        a, b = simulate(a, deficiency), simulate(b, deficiency)
    return ciede2000(srgb_to_lab(a), srgb_to_lab(b))


def worst_distance(a: Colour, b: Colour) -> tuple[float, str]:
    """The smallest CIEDE2000 distance of ``a`` and ``b`` over normal vision and
    the three simulated deficiencies, and which one it was (``normal`` or a
    deficiency's name)."""
    seen = [(colour_distance(a, b), "normal")]
    seen += [(colour_distance(a, b, d), d) for d in DEFICIENCIES]
    return min(seen)


# --------------------------------------------------------------------------- declarations


@dataclass(frozen=True)
class Legible:
    """One colour a player must read (``ink``) on the colour behind it
    (``ground``).  ``kind``: ``text`` needs 4.5:1, ``mark`` (a symbol, an
    outline, a shape that carries meaning) and ``large`` (bold text of 19 px
    and up at the design width: WCAG's 14 pt bold) need 3:1."""

    what: str
    ink: RGB
    ground: RGB
    kind: str = "text"

    @property
    def ratio(self) -> float:
        return contrast_ratio(self.ink, self.ground)

    @property
    def needed(self) -> float:
        return TEXT_CONTRAST if self.kind == "text" else MARK_CONTRAST

    @property
    def ok(self) -> bool:
        return self.ratio >= self.needed

    def __str__(self) -> str:
        return (f"{self.what}: {self.ink} on {self.ground} is {self.ratio:.2f}:1, "
                f"{self.kind} needs {self.needed}:1")


def legibility_faults(pairs: Sequence[Legible]) -> list[str]:
    """The pairs below their WCAG AA threshold, in words (empty: all readable)."""
    return [str(p) for p in pairs if not p.ok]


def confusable_players(colours: Mapping[str, Colour], threshold: float = PLAYER_DISTANCE
                       ) -> list[str]:
    """Pairs of players' colours closer than ``threshold`` (CIEDE2000) under
    normal vision or a simulated deficiency, in words (empty: all distinct)."""
    faults = []
    sides = sorted(colours)
    for i, a in enumerate(sides):
        for b in sides[i + 1:]:
            distance, seen = worst_distance(colours[a], colours[b])
            if distance < threshold:
                faults.append(f"{a} {tuple(colours[a])} and {b} {tuple(colours[b])}: "
                              f"{distance:.1f} under {seen} (needs {threshold})")
    return faults


def best_tone(tones: Sequence[RGB], ground: Colour) -> RGB:
    """Of a mark's tones (a two-toned arrow's core and edge), the one that
    stands out most from ``ground``: the mark reads there by that tone."""
    return max(tones, key=lambda tone: contrast_ratio(tone, ground))
