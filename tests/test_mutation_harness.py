"""The test command of the mutation run (``mutation/harness.py``): a healthy model survives, a broken one is killed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.broken_models import BY_NAME, broken

ROOT = Path(__file__).resolve().parent.parent


def harness():
    spec = importlib.util.spec_from_file_location("mutation_harness", ROOT / "mutation" / "harness.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_healthy_model_survives_the_harness(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    assert harness().main("aeons_end") == 0
    assert capsys.readouterr().out.startswith("SURVIVED after ")


@pytest.mark.parametrize("bug", ["a-gain-costs-one-less", "a-turn-that-never-ends"])
def test_a_broken_model_is_killed_and_the_harness_says_by_what(bug, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    with broken(BY_NAME[bug]):
        assert harness().main("aeons_end") == 1
    said = capsys.readouterr().out.strip().splitlines()[-1]
    assert said.startswith("KILLED after ") and " s by " in said, said
