"""Record files: tags, turn lines, malformed files."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.errors import GameError, NotationError
from games.notation import group_runs, split_count, tokenize
from games.record import RecordFormatError, format_tag, parse_record

EXAMPLE = """[Game "chebache"]
[White "alice"]
[Black "bob"]
[Position "W: ...; B: ...; W to move"]
1W: [5 2]; S/5, S/2
2B: [6 1]; S/6, 16X17; X1@5
"""


def test_architecture_example_parses() -> None:
    record = parse_record(EXAMPLE)
    assert record.tag("game") == "chebache"
    assert record.tag("White") == "alice"
    assert [(t.number, t.side, t.dice, t.text) for t in record.turns] == [
        (1, "W", (5, 2), "S/5, S/2"),
        (2, "B", (6, 1), "S/6, 16X17; X1@5"),
    ]


def test_che_lines_have_no_dice() -> None:
    record = parse_record('[Game "che"]\n1W: 0,0W/\n2B: 1,0B 0,1W\n')
    assert record.turns[1].dice == () and record.turns[1].text == "1,0B 0,1W"


@pytest.mark.parametrize(
    "text, why",
    [
        ("1W: [6 5]; 24/18\n", "no Game tag"),
        ('[Game "hachapury"]\nhello there\n', "neither a tag nor a turn"),
        ('[Game "hachapury"]\n1W: [6 5]; 24/18\n[White "x"]\n', "tag after the first turn"),
        ('[Game "hachapury"]\n1W: [7 5]; 24/18\n', "dice must be 1-6"),
        ('[Game "hachapury"]\n1W: [0 5]; 24/18\n', "dice must be 1-6"),
    ],
)
def test_malformed_files(text: str, why: str) -> None:
    with pytest.raises(RecordFormatError, match=why):
        parse_record(text)


def test_tag_escaping_round_trips() -> None:
    line = format_tag("White", 'Ann "the \\ cat"')
    assert parse_record(line + '\n[Game "che"]\n').tag("White") == 'Ann "the \\ cat"'


def test_tokenize_keeps_groups_and_columns() -> None:
    tokens = tokenize("2(24/18), 13/7;6/F  1K1(2^10)")
    assert [(t.text, t.column) for t in tokens] == [
        ("2(24/18)", 1), ("13/7", 11), ("6/F", 16), ("1K1(2^10)", 21)]


def test_split_count_reads_count_and_inner_column() -> None:
    source = "x 3(2/5)"
    counted = split_count(tokenize(source)[1], source)
    assert counted.count == 3 and counted.inner.text == "2/5" and counted.inner.column == 5


def test_split_count_refuses_zero_with_column() -> None:
    source = "0(2/5)"
    with pytest.raises(NotationError) as info:
        split_count(tokenize(source)[0], source)
    assert info.value.column == 1


def test_group_runs() -> None:
    assert group_runs(["24/20", "24/20", "20/16", "20/16"]) == ["2(24/20)", "2(20/16)"]


@given(st.text(max_size=40))
def test_tokenizer_only_raises_notation_errors(text: str) -> None:
    try:
        tokens = tokenize(text)
    except GameError:
        return
    for token in tokens:
        try:
            split_count(token, text)
        except GameError:
            pass


def test_an_unknown_game_name_is_cut_and_the_registry_named() -> None:
    import games
    from games import OptionError

    with pytest.raises(OptionError) as caught:
        games.get_game("x" * 100_000)
    message = str(caught.value)
    assert len(message) < 200
    assert all(name in message for name in games.GAME_MODULES)
