"""renderer.accessibility against published reference values."""

from __future__ import annotations

import pytest

from renderer.accessibility import (
    DEFICIENCIES,
    MACHADO,
    ciede2000,
    colour_distance,
    contrast_ratio,
    parse_hex,
    relative_luminance,
    simulate,
    srgb_to_lab,
    worst_distance,
)

# Sharma, Wu and Dalal (2005), Table 1: (L1, a1, b1), (L2, a2, b2), dE00.
SHARMA = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_sharmas_pairs(lab1, lab2, expected) -> None:
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)  # symmetric


def test_wcag_contrast_of_known_pairs() -> None:
    white, black = parse_hex("#fff"), parse_hex("#000")
    assert contrast_ratio(white, black) == pytest.approx(21.0)
    assert contrast_ratio(parse_hex("#777"), white) == pytest.approx(4.48, abs=0.005)
    assert contrast_ratio(white, parse_hex("#767676")) == pytest.approx(4.54, abs=0.005)
    assert contrast_ratio(white, white) == pytest.approx(1.0)
    assert relative_luminance(white) == pytest.approx(1.0)
    assert relative_luminance(black) == 0.0


def test_lab_of_srgb_primaries() -> None:
    # CIELAB (D65) of sRGB white and red, as every colour calculator gives them.
    assert srgb_to_lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert srgb_to_lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.02)


def test_machado_keeps_neutrals_and_merges_confused_hues() -> None:
    for name in DEFICIENCIES:
        assert all(sum(row) == pytest.approx(1.0, abs=1e-3) for row in MACHADO[name])
        assert simulate((128, 128, 128), name) == pytest.approx((128, 128, 128), abs=0.5)
    red, green = (200, 40, 40), (40, 160, 40)
    normal = colour_distance(red, green)
    # Red against green: far apart for normal vision, much closer without L or M cones.
    assert colour_distance(red, green, "deuteranopia") < normal / 2
    assert colour_distance(red, green, "protanopia") < normal / 2
    # Blue against green is the tritan confusion, red against green is not.
    assert colour_distance(red, green, "tritanopia") > normal / 2
    assert worst_distance(red, green)[1] in ("deuteranopia", "protanopia")


def test_deuteranopia_turns_pure_red_olive() -> None:
    # Column 1 of the deuteranopia matrix (linear 0.367, 0.280, -0.012) sRGB-encoded:
    # 1.055 * 0.280085 ** (1 / 2.4) - 0.055 = 0.5658 -> 144; the blue channel clips to 0.
    r, g, b = simulate((255, 0, 0), "deuteranopia")
    assert (round(r), round(g), round(b)) == (163, 144, 0)
