"""The documentation in the repository says what the code does.

- Nothing in the repository sends readers outside it (to the design notes the project was
  started from): the rules and the architecture are in ``docs/``.
- Every game has a rules page, and every relative link in the README, CONTRIBUTING and
  ``docs/`` leads to a file that exists.
- A rules page's notation is the engine's: every code span in its "Notation" section (a move,
  a turn, a record line, an answer, a record tag) is read by the game's own parser; every full
  position listing in its "Position listing" section reads back to the same text; every example
  record (a fenced block starting with ``[Game``, in ``docs/`` or the README) replays, and its
  lines are the canonical ones ``replay`` prints.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.replay import replay
from games import GameError, Position, available_games, get_game
from games.record import parse_record

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = DOCS / "rules"

#: Files that may name the notes outside the repository, and why: none so far (a test
#: that reads them on purpose would be listed here).
MAY_NAME_OUTSIDE: frozenset[str] = frozenset()
#: The notes outside the repository, however a path to them is written (split so that this
#: file does not name them itself).
OUTSIDE = re.compile("|".join([r"\.\./" + "shared", "shared" + r"/design", r"/work/" + "shared"]))
SKIP_DIRS = {".git", ".venv", "build", "dist", "__pycache__", "_compiled", ".mypy_cache",
             ".ruff_cache", ".hypothesis", ".pytest_cache", "images", "data"}
TEXT_SUFFIXES = {".py", ".pyi", ".pxd", ".md", ".toml", ".txt", ".cfg", ".ini", ".yml", ".yaml",
                 ".sh", ".json"}


def _repository_texts() -> Iterator[tuple[str, str]]:
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for path in sorted(folder.iterdir()):
            if path.is_dir():
                if path.name not in SKIP_DIRS and not path.name.endswith(".egg-info"):
                    stack.append(path)
            elif path.suffix in TEXT_SUFFIXES or path.name in ("Makefile", "run"):
                try:
                    yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
                except UnicodeDecodeError:
                    continue


def test_the_outside_check_can_fail() -> None:
    for text in ("see `../" "shared" "/design/`", "in /work/" "shared" "/design/che.md",
                 "the notes in shared" "/design"):
        assert OUTSIDE.search(text), text
    assert not OUTSIDE.search("see docs/rules/che.md and the shared cube")


def test_nothing_in_the_repository_points_outside_it() -> None:
    found = [(name, m.group(0)) for name, text in _repository_texts()
             if name not in MAY_NAME_OUTSIDE for m in OUTSIDE.finditer(text)]
    assert not found, f"point to docs/ instead: {found}"
    assert (ROOT / "README.md").exists()  # the walk saw the repository


# -- links ---------------------------------------------------------------------------

LINK = re.compile(r"\[[^\]]+\]\(([^)\s]+)\)")


def _markdown_pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))]


def _anchors(path: Path) -> set[str]:
    """GitHub's anchors for a page's headings."""
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", _markdown_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files_that_exist(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # http(s), mailto
        where, _, anchor = target.partition("#")
        path = (page.parent / where).resolve() if where else page
        assert path.exists(), (page.name, target)
        assert ROOT in path.parents or path == ROOT, (page.name, target)
        if anchor:
            assert anchor in _anchors(path), (page.name, target)


def test_the_readme_and_contributing_link_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for name in available_games():
        assert f"(docs/rules/{name}.md)" in readme, name
    assert "(docs/architecture.md)" in readme and "(docs/architecture.md)" in contributing


def test_every_game_has_a_rules_page() -> None:
    assert sorted(p.stem for p in RULES.glob("*.md")) == sorted(available_games())


# -- notation ------------------------------------------------------------------------

SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
RECORD_LINE = re.compile(r"^[0-9]+[A-Z]: ")
TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')
LISTING_END = re.compile(r"; .*(?:to move(?: \(second tile\))?|wins(?: [0-9]+)?|draw)$")


def _move_parser(name: str) -> Callable[[str], object]:
    """The game's own reader of move text (grammar only, no position)."""
    if name == "hachapury":
        from games.hachapury.movetext import parse_turn as hachapury
        return hachapury
    if name == "chebache":
        from games.chebache.parse import parse_turn as chebache
        return chebache
    if name == "cheesegambit":
        from games.cheesegambit.notation import parse_turn as cheesegambit
        return lambda text: cheesegambit(text, "R")
    if name == "che":
        from games.che.notation import parse_placements
        return parse_placements
    raise AssertionError(f"no parser known for {name}: add it here")


def _section(text: str, title: str) -> str:
    match = re.search(rf"^## {title}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no '## {title}' section"
    return match.group(1)


def _spans(text: str) -> list[str]:
    """Code spans outside fenced blocks (a span may not cross a line)."""
    return SPAN.findall(FENCE.sub("", text))


def _page(name: str) -> str:
    return (RULES / f"{name}.md").read_text(encoding="utf-8")


def _listing(name: str, text: str) -> Position:
    """The position a listing describes (with a switch option at its other value when
    the default does not read it, e.g. Chebache without Kings)."""
    game = get_game(name)
    tries: list[dict[str, str]] = [{}]
    for spec in game.option_specs:
        tries += [{spec.name: word} for word in (spec.words or ()) if word != spec.default]
    error: GameError | None = None
    for options in tries:
        try:
            return game.from_listing(text, options)
        except GameError as exc:
            error = exc
    raise AssertionError(f"{text!r} is not a {name} listing: {error}")


def _listings(name: str) -> list[str]:
    return [s for s in _spans(_section(_page(name), "Position listing")) if LISTING_END.search(s)]


def _check_span(name: str, span: str, questions: list[Position]) -> str | None:
    """None when the engine reads ``span``, else why not."""
    game = get_game(name)
    parse = _move_parser(name)
    try:
        if span.startswith("/"):
            return None  # a slash command, not notation
        tag = TAG.match(span)
        if tag:
            options = game.options_from_tags({tag.group(1): tag.group(2)})
            key = tag.group(1).lower()
            if options.get(key) != tag.group(2).lower():
                return f"the tag {span} is not an option of {name}"
            return None
        if RECORD_LINE.match(span):
            record = parse_record(f'[Game "{name}"]\n{span}\n', game.action_line)
            parse(record.turns[0].text)
            return None
        try:
            parse(span)
            return None
        except GameError as exc:
            for position in questions:  # an answer: accept, drop, vote G yes
                try:
                    position.play_action(span)
                    return None
                except GameError:
                    continue
            return str(exc)
    except GameError as exc:
        return str(exc)


def test_the_span_check_can_fail() -> None:
    assert _check_span("hachapury", "24/18", []) is None
    assert _check_span("hachapury", "24/18*", []) is not None  # nothing is hit
    assert _check_span("che", "0,0W|", []) is not None
    assert _check_span("cheesegambit", "accept", []) is not None  # no taunt waiting
    assert _check_span("chebache", '[Kings "maybe"]', []) is not None
    assert _check_span("hachapury", "7W: [6 5]; 24/18 18/", []) is not None


@pytest.mark.parametrize("name", available_games())
def test_every_notation_example_is_read_by_the_engine(name: str) -> None:
    questions = [p for p in map(lambda s: _listing(name, s), _listings(name)) if p.action_due()]
    spans = _spans(_section(_page(name), "Notation"))
    assert len(spans) >= 8, spans  # the section was found and has its examples
    problems = {span: why for span in spans
                if (why := _check_span(name, span, questions)) is not None}
    assert not problems, problems


@pytest.mark.parametrize("name", available_games())
def test_every_listing_reads_back_exactly(name: str) -> None:
    listings = _listings(name)
    assert listings, f"docs/rules/{name}.md lists no position"
    for text in listings:
        assert _listing(name, text).listing() == text


def _examples() -> list[tuple[str, str]]:
    out = []
    for page in [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]:
        for block in FENCE.findall(page.read_text(encoding="utf-8")):
            if block.startswith("[Game "):
                out.append((str(page.relative_to(ROOT)), block))
    return out


def test_every_rules_page_has_an_example_record() -> None:
    pages = {page for page, _ in _examples()}
    for name in available_games():
        assert f"docs/rules/{name}.md" in pages, name


@pytest.mark.parametrize("page,block", _examples(), ids=[p for p, _ in _examples()])
def test_example_records_replay_as_written(page: str, block: str) -> None:
    game = re.match(r'\[Game "([^"]+)"\]', block)
    assert game, block
    out, err = io.StringIO(), io.StringIO()
    code = replay(game.group(1), block, None, out=out, err=err)
    assert code == 0, (page, out.getvalue(), err.getvalue())
    printed = out.getvalue().splitlines()[0::2]  # record line, listing, record line, ...
    written = [line for line in block.splitlines() if RECORD_LINE.match(line)]
    assert printed == written, "write the record lines as the bot does (canonically)"
