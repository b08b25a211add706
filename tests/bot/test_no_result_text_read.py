"""The bot reads how a game ended from its outcome (games/outcome.py), never from the
result's English text: no regular expression in bot/ is about result words, none is
applied to a result, and no result is searched for words.  (games/outcome.py holds
the one reader of the text, for records and rows stored before outcomes.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Words only a result text (or an engine's reason) holds.
RESULT_WORDS = ("wins", "resign", "did not move", "ran out of time", "aborted", "2nd")
REGEX_CALLS = {"compile", "match", "fullmatch", "search", "sub", "subn", "findall",
               "finditer", "split"}


def _is_result(node: ast.AST) -> bool:
    """``x.result``, ``result`` or ``x.result.text``: a result's text."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute) and inner.attr == "result":
            return True
        if isinstance(inner, ast.Name) and inner.id in ("result", "stored"):
            return True
    return False


def offences(source: str, name: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        regex = isinstance(func, ast.Attribute) and func.attr in REGEX_CALLS \
            and isinstance(func.value, ast.Name) and func.value.id == "re"
        if regex:
            words = [a.value for a in node.args if isinstance(a, ast.Constant)
                     and isinstance(a.value, str)]
            if any(w in text for text in words for w in RESULT_WORDS):
                found.append(f"{name}:{node.lineno}: a regular expression of result words")
            if any(_is_result(a) for a in node.args[1:]):
                found.append(f"{name}:{node.lineno}: a regular expression over a result")
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                and func.attr in REGEX_CALLS and any(_is_result(a) for a in node.args):
            found.append(f"{name}:{node.lineno}: a compiled pattern applied to a result")
        elif isinstance(func, ast.Attribute) and func.attr in ("endswith", "startswith") \
                and _is_result(func.value):
            found.append(f"{name}:{node.lineno}: a result searched for words")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(isinstance(o, (ast.In, ast.NotIn))
                                                 for o in node.ops) \
                and any(_is_result(c) for c in node.comparators):
            found.append(f"{name}:{node.lineno}: a result searched for words")
    return found


def test_nothing_in_bot_reads_a_result_text() -> None:
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        found += offences(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "\n".join(found)


def test_the_check_sees_what_main_did() -> None:
    """The readers this replaced, as they were: each is caught."""
    before = '''
import re
_RESULT = re.compile(r"(?P<side>[A-Z]) wins(?: (?P<points>[0-9]{1,6}))?")
def points(session):
    return _RESULT.match(session.result or "")
def resigned_match(result):
    return RESIGNED_MATCH in (result or "")
def words(view):
    return view.match.result.endswith(RESIGNED_MATCH)
def reason(session):
    return re.sub(r"x", "y", session.result)
'''
    assert len(offences(before, "main")) == 5, offences(before, "main")
