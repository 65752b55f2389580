"""Hangs are findings: a rule that loops is a violation with a replay file, in check and in the state machine.

The model counts the work of a step (``max_work_per_step``: the work records its kernel runs) and ends the game at the safety stop when a step runs over it; the invariant
``the-game-never-hangs`` reports that (and a game over its round or turn limit) as a violation.
Counted in work, not seconds, a hang is found at the same step on any machine, so its replay file
replays it.  The looping rules are the ``loop`` bugs of ``tests/broken_models.py``.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from oblivaeon_verify import rulesets
from oblivaeon_verify.checked_play import play_checked
from oblivaeon_verify.cli import main
from oblivaeon_verify.commands import check
from tests.broken_models import LOOPS, broken


def run(argv) -> tuple[int, dict]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(argv)
    return code, json.loads(buf.getvalue()) if buf.getvalue().strip().startswith("{") else {}


def replayed(name, path) -> int:
    with redirect_stdout(io.StringIO()):
        return main(["check", "--ruleset", name, "--replay", str(path)])


@pytest.mark.parametrize("name", ["aeons_end", "oblivaeon"])
def test_a_looping_rule_is_a_violation_with_a_replay_file_in_check_under_the_ci_profile(name, tmp_path, monkeypatch):
    monkeypatch.setenv("OBLIVAEON_COUNTEREXAMPLES", str(tmp_path / "machine"))
    if name == "oblivaeon":
        # the ci campaign whole, without the machine: shrinking the hang it finds replays it about 800
        # times (45 s here); the Aeon's End run keeps the machine, and the test below runs OblivAeon's
        games, _, steps = check.PROFILES["ci"]
        monkeypatch.setitem(check.PROFILES, "ci", (games, 0, steps))
    out = tmp_path / "found"
    with broken(LOOPS[name]):
        code, report = run(["check", "--ruleset", name, "--profile", "ci", "--out", str(out), "--json"])
        assert code == 1
        assert report["failures"], "the looping rule was not reported"
        first = report["failures"][0]
        assert first["violations"][0].startswith("the-game-never-hangs"), first
        assert "units of work" in first["violations"][0]
        path = first["replay"].split("--replay ", 1)[1]
        assert path.startswith(str(out))
        assert replayed(name, path) == 0  # the replay stops at the same step with the same violation
        if name == "aeons_end":
            assert "the-game-never-hangs" in report["machine"]["failure"]
            machine_file = report["machine"]["failure"].rsplit("--replay ", 1)[1].strip()
            assert machine_file.startswith(str(tmp_path / "machine"))
            assert replayed(name, machine_file) == 0
    assert replayed(name, path) == 1  # with the rule mended, the replayed game no longer hangs: not as expected


def test_the_oblivaeon_state_machine_reports_a_looping_rule_with_a_replay_file(tmp_path, monkeypatch):
    from hypothesis import HealthCheck, Phase, settings
    from hypothesis.stateful import run_state_machine_as_test
    from oblivaeon_verify.properties.common.machine import InvariantViolated
    from oblivaeon_verify.properties.oblivaeon.machine import MACHINE

    monkeypatch.setenv("OBLIVAEON_COUNTEREXAMPLES", str(tmp_path))
    cfg = settings(
        max_examples=25,
        stateful_step_count=25,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.generate],  # no shrinking: finding it is the point here
        suppress_health_check=list(HealthCheck),
    )
    with broken(LOOPS["oblivaeon"]), pytest.raises(InvariantViolated, match="the-game-never-hangs") as found:
        run_state_machine_as_test(MACHINE, settings=cfg)
    path = str(found.value).rsplit("--replay ", 1)[1].strip()
    assert path == str(tmp_path / "the-game-never-hangs.json")
    with broken(LOOPS["oblivaeon"]):
        assert replayed("oblivaeon", path) == 0


@pytest.mark.parametrize("name", ["aeons_end", "oblivaeon"])
def test_a_hang_stops_at_the_same_step_whatever_the_time_allowed(name):
    """Work, not seconds: the same seed hangs at the same step with the same work budget, and a
    budget of a little more work stops it a little later, never a different game."""
    ruleset = rulesets.load(name)
    params = ruleset.load_parameters(None, ())
    with broken(LOOPS[name]):
        first = play_checked(ruleset, params, 0, ruleset.players[0], 0)
        again = play_checked(ruleset, params, 0, ruleset.players[0], 0, limit_seconds=600)
    assert [str(v) for v in first.violations] == [str(v) for v in again.violations]
    assert first.steps == again.steps and first.decisions == again.decisions
    assert first.violations[0].invariant == "the-game-never-hangs"


def test_the_work_budget_is_a_bounded_parameter():
    for name in ("aeons_end", "oblivaeon"):
        ruleset = rulesets.load(name)
        assert ruleset.load_parameters(None, ("max_work_per_step=5000",)).max_work_per_step == 5000
        with pytest.raises(Exception, match="max_work_per_step"):
            ruleset.load_parameters(None, ("max_work_per_step=10",))
