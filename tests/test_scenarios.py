"""Scenario files: the schema's errors, the runner, the pytest plugin, and the suite's coverage.

The scenario files themselves run as test items through the plugin (``pytest scenarios/``); the
tests here check the machinery: malformed files get clear errors naming file, key and what was
expected (never a traceback), every expectation can fail, every clarification and every reading
of an ambiguous rule has a passing scenario.
"""

from __future__ import annotations

import dataclasses
import enum
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from model.oblivaeon import parameters
from model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.scenarios import ScenarioError, load, load_suite, run, vocabulary
from oblivaeon_verify.scenarios.pytest_plugin import _ruleset_of

ROOT = Path(__file__).resolve().parents[1]
BAD = Path(__file__).parent / "bad_scenarios"
VOCAB = vocabulary("oblivaeon")

#: file -> fragments its error must contain (besides the file's name).
BAD_FILES = {
    "bad-top-key.toml": ["step", "unknown key", "expected one of"],
    "bad-step-key.toml": ["steps[1].expects", "unknown key"],
    "bad-type-clauses.toml": ["clauses", "expected a non-empty list of clause ids", "got a string"],
    "bad-type-amount.toml": ["steps[1].args.amount", "wrong type an array"],
    "bad-type-fact.toml": ['expect."devastation"', "got a table"],
    "bad-unknown-card.toml": ["setup.place[1].card", "unknown card id 'mission:secure-the-relais#1'", "mission:"],
    "bad-unknown-clause.toml": ["clauses[0]", "unknown clause id 'CLAR.HERO-COUNTS'", "CLAR.HERO-COUNT"],
    "bad-unknown-fact.toml": ["hero 1 mood", "'hero N' facts are"],
    "bad-unknown-place.toml": ["setup.place[1].to", "unknown place 'zone 3 villain play'"],
    "bad-decision-kind.toml": ["steps[1].decide", "unknown decision kind 'fly'", "stay"],
    "bad-syntax.toml": ["not valid TOML", "line 4"],
    "bad-id.toml": ["id", "kebab-case", "'bad-id'"],
    "bad-reading.toml": ["reading.value", "rites_reading must be one of", "'maybe'"],
    "bad-two-actions.toml": ["steps[1]", "exactly one action", "decide", "until"],
}


# --- malformed files ---------------------------------------------------------------------------


def test_every_bad_file_is_listed_here():
    assert sorted(p.name for p in BAD.glob("*.toml")) == sorted([*BAD_FILES, "bad-illegal-decision.toml"])


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_malformed_scenario_gets_an_error_naming_file_key_and_expectation(name):
    with pytest.raises(ScenarioError) as info:
        load(BAD / name, VOCAB)
    message = str(info.value)
    assert name in message
    for fragment in BAD_FILES[name]:
        assert fragment in message, message
    assert "Traceback" not in message and "\n" not in message.split(": ", 1)[0]


def test_an_error_names_the_line_of_the_offending_key():
    with pytest.raises(ScenarioError) as info:
        load(BAD / "bad-step-key.toml", VOCAB)
    assert info.value.line == 8  # the line of "expects = ..."
    with pytest.raises(ScenarioError) as info:
        load(BAD / "bad-unknown-card.toml", VOCAB)
    assert info.value.line == 7


def test_an_illegal_decision_fails_the_run_naming_it_and_the_legal_ones():
    sc = load(BAD / "bad-illegal-decision.toml", VOCAB)
    result = run(sc, VOCAB)
    assert not result.passed and result.verdict == "fail at step 2"
    text = result.explain()
    assert "no legal decision swap-objective" in text
    assert "take on an objective" in text and "shuffle the Mission deck" in text  # the legal ones
    assert "Traceback" not in text


def test_nothing_in_a_scenario_is_evaluated(tmp_path):
    """A Python expression where a number belongs is refused as a wrong type, not run."""
    f = tmp_path / "evil.toml"
    f.write_text(
        'id = "evil"\ntitle = "t"\nsummary = "s"\nclauses = ["CLAR.HERO-COUNT"]\n[[steps]]\neffect = "damage"\n'
        'args = { amount = "__import__(\'os\').getcwd()", dtype = "melee", target = { side = "hero", pick = "each" } }\n'
    )
    with pytest.raises(ScenarioError, match="amount: wrong type"):
        load(f, VOCAB)


# --- the runner ----------------------------------------------------------------------------


SUITE = load_suite("oblivaeon")


def test_the_suite_loads_without_errors():
    assert SUITE.errors == []
    assert len(SUITE.scenarios) >= 50


def _broken(sc):
    """The scenario with its first expectation made false (and the step it sits in)."""
    for step in sc.steps:
        if step.expect:
            fact, value = step.expect[0]
            if isinstance(value, bool):
                wrong = not value
            elif isinstance(value, int):
                wrong = value + 1
            elif isinstance(value, list):
                wrong = value + ["mission:scion-hunt#1"]
            else:
                wrong = value + " (not so)"
            new = dataclasses.replace(step, expect=((fact, wrong),) + step.expect[1:])
        elif step.events:
            new = dataclasses.replace(step, events=({**step.events[0], "kind": "no-such-event"},) + step.events[1:])
        elif step.no_options or step.options:
            new = dataclasses.replace(step, options=({"kind": "no-such-decision"},))
        elif step.refused:
            new = dataclasses.replace(step, refused=False)
        else:
            continue
        steps = tuple(new if s.index == step.index else s for s in sc.steps)
        return dataclasses.replace(sc, steps=steps), step.index
    raise AssertionError(f"{sc.id} has no expectation at all")


@pytest.mark.parametrize("sc", SUITE.scenarios, ids=lambda s: s.id)
def test_every_scenario_can_fail_its_first_expectation_made_false(sc):
    broken, index = _broken(sc)
    result = run(broken, VOCAB)
    assert not result.passed
    assert result.divergence.index == index
    assert f"at step {index}" in result.explain()


def test_every_rules_clarification_has_a_passing_scenario():
    clarifications = [c.id for c in CATALOGUE.clauses if c.id.startswith("CLAR.")]
    assert len(clarifications) == 26
    passing = {c for sc in SUITE.scenarios if run(sc, VOCAB).passed for c in sc.clauses}
    assert [c for c in clarifications if c not in passing] == []


def test_every_reading_of_every_ambiguous_rule_has_a_scenario():
    readings = {
        f.name: type(getattr(parameters.DEFAULT, f.name))
        for f in dataclasses.fields(parameters.Parameters)
        if isinstance(getattr(parameters.DEFAULT, f.name), enum.Enum)
    }
    assert set(readings) == {"rites_reading", "requital_reading", "bloodstone_reading"}
    covered = {(sc.reading.parameter, sc.reading.value) for sc in SUITE.scenarios if sc.reading}
    for name, enum_type in readings.items():
        for member in enum_type:
            assert (name, member.value) in covered, f"no scenario under {name} = {member.value}"


def test_a_reading_says_which_one_the_model_takes_by_default():
    sc = next(s for s in SUITE.scenarios if s.id == "clar-requital-box-rule-wins")
    assert sc.reading.default == "constructs-stay" and not sc.reading.is_default


def test_a_refused_step_leaves_the_state_as_it_was():
    sc = next(s for s in SUITE.scenarios if s.id == "hero-option-illegal")
    result = run(sc, VOCAB)
    assert result.passed
    refusals = [r for r in result.steps if any(c.what == "the model refuses the decision" for c in r.checks)]
    assert len(refusals) == 4 and all(not r.changes and not r.events for r in refusals)


def test_a_setup_that_cannot_be_built_is_an_error_not_a_crash(tmp_path):
    f = tmp_path / "five-zones.toml"
    f.write_text(
        'id = "five-zones"\ntitle = "t"\nsummary = "s"\nclauses = ["HERO.MOVE"]\n[setup]\nheroes = 3\nhero_zones = { 5 = 2 }\n[[steps]]\ndecide = "stay"\n'
    )
    result = run(load(f, VOCAB), VOCAB)
    assert not result.passed and "there is no hero 5 with 3 heroes" in result.error


# --- the pytest plugin ------------------------------------------------------------------------


def test_only_files_in_scenarios_ruleset_folders_are_scenarios():
    assert _ruleset_of(ROOT / "scenarios" / "oblivaeon" / "clar-erased.toml") == "oblivaeon"
    assert _ruleset_of(BAD / "bad-syntax.toml") is None
    assert _ruleset_of(ROOT / "pyproject.toml") is None


def _pytest(folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        str(folder),
        "-q",
        "-p",
        "no:randomly",
        "-p",
        "oblivaeon_verify.scenarios.pytest_plugin",
        "-p",
        "no:cacheprovider",
    ]
    return subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def test_the_plugin_shows_the_step_where_reality_diverged(tmp_path):
    folder = tmp_path / "scenarios" / "oblivaeon"
    folder.mkdir(parents=True)
    text = (ROOT / "scenarios" / "oblivaeon" / "clar-multiple-moves.toml").read_text()
    (folder / "clar-multiple-moves.toml").write_text(text)
    (folder / "wrong-zone.toml").write_text(
        text.replace('id = "clar-multiple-moves"', 'id = "wrong-zone"').replace('"hero 1 zone" = 1', '"hero 1 zone" = 2')
    )
    out = _pytest(tmp_path / "scenarios")
    assert out.returncode == 1, out.stdout
    assert "1 failed, 1 passed" in out.stdout
    assert "reality diverged from the expectation at step 3" in out.stdout
    assert "FAILED: hero 1 zone: expected 2, got 1" in out.stdout
    assert "Traceback" not in out.stdout and "runner.py" not in out.stdout


def test_the_plugin_reports_malformed_files_without_tracebacks(tmp_path):
    folder = tmp_path / "scenarios" / "oblivaeon"
    folder.mkdir(parents=True)
    for name in ("bad-syntax.toml", "bad-unknown-card.toml", "bad-illegal-decision.toml"):
        shutil.copy(BAD / name, folder / name)
    out = _pytest(tmp_path / "scenarios")
    assert "3 failed" in out.stdout
    assert "not valid TOML" in out.stdout and "unknown card id" in out.stdout and "no legal decision swap-objective" in out.stdout
    assert "Traceback" not in out.stdout and "schema.py" not in out.stdout


def test_pytest_from_the_root_collects_the_scenario_files():
    """The project's own pytest settings (testpaths, the plugin in addopts) collect every scenario file."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", "scenarios"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    files = sorted((ROOT / "scenarios").glob("*/*.toml"))
    assert f"{len(files)} tests collected" in out.stdout, out.stdout[-2000:]
    assert "scenarios/oblivaeon/clar-erased.toml::clar-erased" in out.stdout
