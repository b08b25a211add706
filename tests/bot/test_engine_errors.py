"""Every message the rules engines raise at a player is said in Russian too.

The engines (games/, English) are read with ast: the first argument of each
``raise <GameError class>(...)``, of the token and matcher helpers that build one, and
the strings returned by the functions that explain why a move is illegal.  Each
formatted field is replaced by a sample value; the result must match a pattern of
bot/catalogue/engine.py (a wrapper alone does not count), or be listed below."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.catalogue import t
from bot.catalogue.engine import WRAPPERS, error_in, key_of
from bot.catalogue.reasons import PATTERNS as REASON_PATTERNS

GAMES = Path(__file__).resolve().parents[2] / "games"

#: The classes a player's input raises (ValueError & co. are the code's own faults).
ERRORS = {"GameError", "NotationError", "IllegalTurnError", "OptionError", "PositionError",
          "RecordFormatError"}
#: Helpers building one of those from their message argument (name: argument index).
BUILDERS = {"error": 0, "_illegal": 0, "fail": 2}
#: Functions whose returned strings are reasons a move is illegal (shown in refusals).
EXPLAINERS = {"explain_single", "barrier_text", "_segment_reason", "chain_reason", "explain",
              "_why_not", "explain_move", "_returned_reason", "_no_jump_reason", "_find_jump"}

#: Variables a raise site formats into its message, set to reasons first (``why = ...``).
REASON_NAMES = {"why", "no_move"}

#: What stays English, and why (kept short):
#: - PositionError, RecordFormatError: position listings and record files are read by
#:   the tools (console, engine, verify, replay), not typed by players in a game.
UNTRANSLATED_CLASSES = {"PositionError", "RecordFormatError"}


@dataclass(frozen=True)
class Site:
    where: str  # path:line
    kind: str  # the class, helper or explaining function
    template: str  # the message with sample values; '' when passed on from elsewhere


#: Sample values of fields that hold a text the engine chose (file name, expression).
SAMPLES = {("position.py", "noun"): "tiles", ("position.py", "extra"): ", not 3",
           ("board.py", "verb"): "checkers are", ("matching.py", "need"): "you must use both dice",
           # the nouns the engines put after a count, singular or plural as it needs
           ("matching.py", "unit"): "pips", ("explain.py", "step_word"): "steps",
           ("explain.py", "made_word"): "steps", ("position.py", "dice_word"): "dice",
           ("position.py", "piece_word"): "pieces"}


def _sample(node: ast.FormattedValue, file: str) -> str:
    """``'x'`` for a ``!r`` field, ``3`` for a count or number, ``x`` for a text
    (the patterns take what the engine formats as written)."""
    if node.conversion == ord("r"):
        return "'x'"
    source = ast.unparse(node.value)
    if (file, source) in SAMPLES:
        return SAMPLES[(file, source)]
    numeric = ("len(", "steps", "most", "MAX_", "limit", "TRACK", "pips", "high", "low",
               "total", "n", "a", "b", "point", "die", "dist", "best", "pool", "new",
               "stake", "count", "value", "column", "need", "used", "digits", "left", "dst",
               "src")
    bare = source.split(".")[-1].split("[")[0]
    if source.startswith(numeric[:2]) or bare in numeric or source.startswith("2 *"):
        return "3"
    return "x"


def _template(node: ast.expr, file: str) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else _sample(v, file)  # type: ignore[arg-type]
                       for v in node.values)
    return ""


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def sites() -> list[Site]:
    found: list[Site] = []
    for path in sorted(GAMES.rglob("*.py")):
        if path.name == "errors.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        here = str(path.relative_to(GAMES.parent))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in EXPLAINERS:
                for inner in ast.walk(node):
                    said = inner.value if isinstance(inner, ast.Return) else None
                    if isinstance(said, (ast.JoinedStr, ast.Constant)) and \
                            _template(said, path.name):
                        found.append(Site(f"{here}:{inner.lineno}", node.name,
                                          _template(said, path.name)))
            if isinstance(node, ast.Assign) and any(
                    isinstance(n, ast.Name) and n.id in REASON_NAMES for n in node.targets):
                value = node.value
                for said in ([value.body, value.orelse] if isinstance(value, ast.IfExp)
                             else [value]):
                    if _template(said, path.name):
                        found.append(Site(f"{here}:{node.lineno}", "why",
                                          _template(said, path.name)))
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name in ERRORS and node.args:
                arg = node.args[0]
            elif name in BUILDERS and len(node.args) > BUILDERS[name]:
                arg = node.args[BUILDERS[name]]
            else:
                continue
            found.append(Site(f"{here}:{node.lineno}", name, _template(arg, path.name)))
    return found


SITES = sites()
#: Sites whose message is another error's, passed on (``exc.reason``, a variable).
PASSED_ON = [s for s in SITES if not s.template]
#: ``why = ...`` also names how a game ended (Chebache): reasons.py says those.
ENDINGS = [s for s in SITES if s.kind == "why" and any(
    pattern.fullmatch(s.template) for pattern, _key in REASON_PATTERNS)]
PLAYER_SITES = [s for s in SITES if s.template and s.kind not in UNTRANSLATED_CLASSES
                and s not in ENDINGS]


def test_the_extractor_finds_the_engines_messages() -> None:
    # the scan must be able to fail: it sees the sites this test is about
    assert len(SITES) > 200
    templates = {s.template for s in SITES}
    assert "Che uses no dice" in templates
    assert "you have no checker on point 3" in templates  # an explaining function
    assert "x: you have no checker on point x" in templates  # a matcher.fail


@pytest.mark.parametrize("site", PLAYER_SITES, ids=lambda s: s.where)
def test_every_message_a_player_can_get_has_a_pattern(site: Site) -> None:
    found = key_of(site.template)
    assert found is not None and (found[0] not in WRAPPERS or site.template == "x: x"), \
        (site.where, site.template, found)


@pytest.mark.parametrize("site", PLAYER_SITES, ids=lambda s: s.where)
def test_the_english_template_rebuilds_the_engines_words(site: Site) -> None:
    found = key_of(site.template)
    assert found is not None
    key, values = found
    assert t("en", key, **values) == site.template


def test_coverage_figures() -> None:
    covered = [s for s in PLAYER_SITES if (k := key_of(s.template)) and k[0] not in WRAPPERS]
    print(f"\nengine messages: {len(SITES)} sites, {len(PLAYER_SITES)} a player can get, "
          f"{len(covered)} with a pattern; passed on {len(PASSED_ON)}; "
          f"listings and records (English) "
          f"{sum(s.kind in UNTRANSLATED_CLASSES for s in SITES)}")
    # the one left is the matcher's ``label: reason``, whose reason is an explainer's
    assert [s.template for s in PLAYER_SITES if s not in covered] == ["x: x"]


def test_russian_reads_the_wrappers_and_keeps_what_it_does_not_know() -> None:
    said = error_in("24/18: you have no checker on point 24. Legal instead: `13/7 13/8`", "ru")
    assert said == "24/18: у вас нет фишки на пункте 24. Можно так: `13/7 13/8`"
    column = error_in("point 25 is not on the board (1-24) (column 4 of '24/25')", "ru")
    assert column == "пункта 25 нет на доске (1-24) (символ 4 в '24/25')"
    assert error_in("something new; the game is over", "ru") == \
        "something new; партия окончена"
    assert error_in("something: quite new", "ru") == "something: quite new"
    assert error_in("cannot bear off: 5 checkers are still outside the home", "ru") == \
        "выбрасывать нельзя: 5 фишек ещё вне дома"


def test_english_is_the_engines_text_untouched() -> None:
    text = "24/18: you have no checker on point 24. Legal instead: `13/7 13/8`"
    assert error_in(text, "en") == text
