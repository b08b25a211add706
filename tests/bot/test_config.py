"""The configuration file: reminder hours read as numbers, anything else refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import load_config


def _config(tmp_path: Path, hours: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f"[games]\nreminder_hours = {hours}\n")
    return path


def test_reminder_hours_read_as_numbers(tmp_path: Path) -> None:
    assert load_config(_config(tmp_path, "[24, 1.5, \"2\"]")).reminder_hours == (24.0, 1.5, 2.0)
    assert load_config(_config(tmp_path, "6")).reminder_hours == (6.0,)


@pytest.mark.parametrize("hours", ["[{ a = 1 }]", "[[1, 2]]", "[0]", "[-3]"])
def test_reminder_hours_that_are_not_positive_numbers_are_refused(
        tmp_path: Path, hours: str) -> None:
    with pytest.raises(ValueError, match="reminder_hours"):
        load_config(_config(tmp_path, hours))
