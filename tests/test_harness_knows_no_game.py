"""The harness never names a game (issue 7): no ruleset name, ruleset package or clause id in oblivaeon_verify/.

Docstrings may mention a game as an example; code may not branch on one.  The one exception is the
default ruleset's name in ``rulesets.DEFAULT``, which is a setting, not a test.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from oblivaeon_verify import rulesets

HARNESS = Path(__file__).resolve().parents[1] / "oblivaeon_verify"


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
        # attribute docstrings: a bare string after an assignment
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            ids.add(id(node.value))
    return ids


def game_names_in(source: str, filename: str) -> list[str]:
    """Every place ``source`` names a ruleset, a ruleset package or a clause id, as ``file:line: what``."""
    names = set(rulesets.available())
    clause_ids = {c.id for n in names for c in rulesets.load(n).catalogue.clauses}
    packages = {f"{root}.{n}" for n in names for root in ("oblivaeon_verify.model", "oblivaeon_verify.properties")}
    families = {i.split(".")[0] + "." for i in clause_ids if "." in i}
    tree = ast.parse(source, filename)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and any(node.module == p or node.module.startswith(p + ".") for p in packages):
            found.append(f"{filename}:{node.lineno}: imports {node.module}")
        if isinstance(node, ast.Import):
            for a in node.names:
                if any(a.name == p or a.name.startswith(p + ".") for p in packages):
                    found.append(f"{filename}:{node.lineno}: imports {a.name}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            if text in names or text in clause_ids or text in families or any(text == p or text.startswith(p + ".") for p in packages):
                found.append(f"{filename}:{node.lineno}: names {text!r}")
    return found


def _default_line() -> int:
    tree = ast.parse((HARNESS / "rulesets.py").read_text(encoding="utf-8"))
    return next(n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "DEFAULT" for t in n.targets))


def test_the_harness_names_no_game():
    found = []
    for path in sorted(HARNESS.rglob("*.py")):
        rel = str(path.relative_to(HARNESS.parent))
        found += game_names_in(path.read_text(encoding="utf-8"), rel)
    allowed = f"oblivaeon_verify/rulesets.py:{_default_line()}: names {rulesets.DEFAULT!r}"
    assert [f for f in found if f != allowed] == []


@pytest.mark.parametrize(
    "snippet, what",
    [
        ("if ruleset.name == 'aeons_end':\n    pass\n", "'aeons_end'"),
        ("from oblivaeon_verify.model.oblivaeon.cards import describe\n", "imports oblivaeon_verify.model.oblivaeon.cards"),
        ("import oblivaeon_verify.properties.aeons_end.invariants\n", "imports oblivaeon_verify.properties.aeons_end.invariants"),
        ("x = [c for c in rows if c == 'EXHAUST.WHEN']\n", "'EXHAUST.WHEN'"),
        ("x = [c for c in rows if c.startswith('CLAR.')]\n", "'CLAR.'"),
        (
            "m = importlib.import_module('oblivaeon_verify.properties.oblivaeon.symbolic')\n",
            "'oblivaeon_verify.properties.oblivaeon.symbolic'",
        ),
    ],
)
def test_the_scan_finds_a_named_game(snippet, what):
    found = game_names_in(snippet, "example.py")
    assert found and what in found[0]


def test_a_docstring_may_name_a_game():
    assert game_names_in('"""Works for oblivaeon and aeons_end alike."""\nX = 1\n', "example.py") == []
