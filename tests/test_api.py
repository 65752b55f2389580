"""The library API: the README's examples run as doctests, and each entry point agrees with the commands."""

from __future__ import annotations

import dataclasses
import doctest
import json
import re
from pathlib import Path

import pytest

from oblivaeon_verify import api
from oblivaeon_verify.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
SECTION = "## From Python: the library API"


def _examples() -> str:
    text = README.read_text(encoding="utf-8")
    part = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", part, flags=re.S)
    assert blocks, "the README's API section has no examples"
    return "\n".join(blocks)


def test_the_readme_api_examples_run_as_doctests():
    test = doctest.DocTestParser().get_doctest(_examples(), {}, "README: the library API", str(README), 0)
    assert len(test.examples) >= 12
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries == len(test.examples)


def test_a_doctest_with_a_wrong_answer_fails():
    test = doctest.DocTestParser().get_doctest(">>> from oblivaeon_verify import api\n>>> api.available()\n['chess']\n", {}, "t", "t", 0)
    runner = doctest.DocTestRunner()
    runner.run(test, out=lambda _text: None)
    assert runner.failures == 1


def test_play_random_is_the_game_simulate_plays(capsys):
    game = api.load("aeons_end")
    _last, decisions = game.play_random(players=3, seed=11, game=2)
    assert main(["simulate", "--ruleset", "aeons_end", "--players", "3", "--seed", "11", "--first", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] == len(decisions)


def test_step_refuses_an_illegal_decision_and_decide_takes_one_by_its_words():
    game = api.load("aeons_end")
    state = game.new_game(players=2, seed=3)
    first = game.legal_decisions(state)[0]
    after, _events = game.step(state, first)
    with pytest.raises(ValueError, match="not a legal decision"):
        game.step(state, "play every card at once")
    assert game.decide(state, str(first))[0] == after
    with pytest.raises(ValueError, match="no legal decision 'dance'"):
        game.decide(state, "dance")


def test_violations_of_a_step_check_the_step_invariants_too():
    game = api.load("oblivaeon")
    state = game.new_game(players=3, seed=1)
    d = game.legal_decisions(state)[0]
    after, events = game.step(state, d)
    assert game.violations(after, state, d, events) == []
    broken = dataclasses.replace(after, countdown=-40)
    assert game.violations(broken, state, d, events)


def test_load_applies_parameters_and_refuses_bad_ones():
    assert api.load("oblivaeon", params={"countdown_start": 5}).parameters.countdown_start == 5
    with pytest.raises(LookupError):
        api.load("chess")
    from oblivaeon_verify.model.common.files import InputError

    with pytest.raises(InputError, match="countdown_start"):
        api.load("oblivaeon", params={"countdown_start": -3})


def test_an_unknown_scenario_lists_the_known_ones_and_a_game_over_has_an_outcome():
    game = api.load("aeons_end")
    with pytest.raises(ValueError, match="ally-spell"):
        game.run_scenario("no-such-scenario")
    assert game.outcome(game.new_game(players=1)) is None


def test_the_package_is_typed():
    import oblivaeon_verify

    assert (Path(oblivaeon_verify.__file__).parent / "py.typed").is_file()


def test_nothing_the_tool_runs_imports_the_test_tools():
    """pytest, pytest-xdist and coverage are in the dev extra: every runtime module must import without them."""
    import subprocess
    import sys

    code = (
        "import importlib, pkgutil, sys\n"
        "import oblivaeon_verify, oblivaeon_verify.model, oblivaeon_verify.properties\n"
        "for pkg in (oblivaeon_verify, oblivaeon_verify.model, oblivaeon_verify.properties):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        if not m.name.endswith(('pytest_plugin', '__main__')):\n"
        "            importlib.import_module(m.name)\n"
        "from oblivaeon_verify import cli\n"
        "cli.build_parser().format_help()\n"
        "print(sorted(n for n in ('pytest', '_pytest', 'xdist', 'coverage') if n in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]"
