"""The Aeon's End state machine runs clean on the model; a broken rule gives a short trace and a replay file;
the replay files kept in properties/aeons_end/replays replay to their expected verdicts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, find, settings
from hypothesis.stateful import run_state_machine_as_test
from oblivaeon_verify.model.aeons_end import player_turn
from oblivaeon_verify.model.aeons_end.parameters import Difficulty
from oblivaeon_verify.model.aeons_end.ruleset import RULESET
from oblivaeon_verify.properties.aeons_end import machine

from oblivaeon_verify import replay
from oblivaeon_verify.cli import main

#: The machine is expensive per example (long games): a fifth of the profile's examples, at least 4.
EXAMPLES = max(4, settings.default.max_examples // 5)
REPLAYS = sorted(Path(__file__).resolve().parent.parent.joinpath("properties", "aeons_end", "replays").glob("*.json"))


def test_the_model_satisfies_every_invariant_under_the_state_machine():
    machine.STATS.reset()
    # A few examples can all end before a decision (an example's rules are drawn at random, and the first
    # is the simplest): another batch is run then, so only a machine that never steps fails.
    for _batch in range(5):
        run_state_machine_as_test(
            machine.AeonsEndMachine,
            settings=settings(settings.default, max_examples=EXAMPLES, stateful_step_count=20, suppress_health_check=list(HealthCheck)),
        )
        if machine.STATS.steps:
            break
    assert machine.STATS.examples >= EXAMPLES
    assert machine.STATS.steps > 0
    assert set(machine.STATS.checked) == set(machine.INVARIANTS.names())


@pytest.mark.parametrize(
    "wanted",
    [
        lambda s: len(s.mages) == 1,
        lambda s: len(s.mages) == 4,
        lambda s: s.difficulty is Difficulty.EXTINCTION,
        lambda s: s.nemesis == "Crooked Mask",
    ],
    ids=["true solo", "four players", "extinction", "Crooked Mask"],
)
def test_the_setups_drawn_cover_every_player_count_difficulty_and_nemesis(wanted):
    setup = find(machine.legal_setups(), wanted, settings=settings(database=None, max_examples=200))
    setup.validate()


def _free_focus(d, i, dec):
    """A broken rule: focusing a breach costs nothing."""
    player_turn._turn_breach(d, i, dec.index)


def test_a_broken_rule_fails_with_a_short_trace_and_a_replay_command(tmp_path, monkeypatch):
    monkeypatch.setenv("OBLIVAEON_COUNTEREXAMPLES", str(tmp_path))
    quick = settings(
        max_examples=30,
        stateful_step_count=10,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        phases=[p for p in settings.default.phases if p.name != "shrink"],
    )
    monkeypatch.setattr(player_turn, "focus", _free_focus)
    with pytest.raises(machine.InvariantViolated) as info:
        run_state_machine_as_test(machine.AeonsEndMachine, settings=quick)
    text = str(info.value)
    assert "aether-spent-as-paid [" in text and "MAIN.FOCUS" in text
    assert "oblivaeon-verify check --replay" in text
    assert len(text.splitlines()) <= machine.TRACE_TAIL + 8
    files = list(tmp_path.glob("*.json"))
    assert files, "no replay file written"
    doc = replay.load(files[0])
    assert "aether-spent-as-paid" in doc["expect"]["violated"]
    assert "aether-spent-as-paid" in replay.replay(RULESET, doc).verdict["violated"]
    monkeypatch.undo()
    # With the rule mended the same decisions satisfy every invariant.
    assert replay.replay(RULESET, doc).verdict == "hold"
    json.dumps(doc)


def test_there_are_replay_files():
    assert len(REPLAYS) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_the_replay_file_replays_to_its_expected_verdict(path):
    doc = replay.load(path)
    result = replay.replay(RULESET, doc)
    assert replay.matches(result, doc["expect"]), (result.verdict, doc["expect"])
    assert result.steps == len(doc["decisions"])


def test_the_knockout_replay_holds_without_its_knockout():
    doc = replay.load(next(p for p in REPLAYS if p.stem.startswith("knockout-")))
    doc.pop("knockout")
    assert replay.replay(RULESET, doc).verdict == "hold"


def test_the_check_command_runs_the_machine_for_aeons_end(capsys):
    assert main(["check", "--ruleset", "aeons_end", "--games", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["machine"]["examples"] > 0 and not data["machine"]["failure"]
    assert set(data["corners"]) and not data["failures"]
