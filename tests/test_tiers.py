"""``tests/tiers.py`` names only tests that exist: a misspelt entry would leave a slow test in the quick tier unseen."""

from __future__ import annotations

import ast
from pathlib import Path

from tests import tiers

ROOT = Path(__file__).resolve().parents[1]


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test")}


def test_every_campaign_folder_and_module_exists():
    missing = [f for f in tiers.FOLDERS if not (ROOT / f).is_dir()]
    missing += [m for m in sorted(tiers.MODULES) if not (ROOT / m).is_file()]
    assert missing == []


def test_every_single_campaign_test_names_a_test_function_of_its_module():
    wrong = []
    for entry in sorted(tiers.TESTS):
        path, _, name = entry.partition("::")
        if not (ROOT / path).is_file() or name not in _test_functions(ROOT / path):
            wrong.append(entry)
    assert wrong == []


def test_a_misspelt_entry_is_seen(monkeypatch):
    monkeypatch.setattr(tiers, "TESTS", frozenset({"tests/test_goals.py::test_no_such_test"}))
    try:
        test_every_single_campaign_test_names_a_test_function_of_its_module()
    except AssertionError:
        return
    raise AssertionError("a misspelt entry passed")
