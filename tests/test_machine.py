"""The Hypothesis state machine: it runs clean on the model, and a broken rule gives a short trace and a replay file."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test
from oblivaeon_verify.properties.oblivaeon import machine

from oblivaeon_verify import knockout, replay

#: The machine is expensive per example (whole games): a fifth of the profile's examples, at least 4.
EXAMPLES = max(4, settings.default.max_examples // 5)


def test_the_model_satisfies_every_invariant_under_the_state_machine():
    machine.STATS.reset()
    # As for Aeon's End: a batch whose few examples all end before a decision is followed by another.
    for _batch in range(5):
        run_state_machine_as_test(
            machine.OblivAeonMachine,
            settings=settings(settings.default, max_examples=EXAMPLES, stateful_step_count=20, suppress_health_check=list(HealthCheck)),
        )
        if machine.STATS.steps:
            break
    assert machine.STATS.examples >= EXAMPLES
    assert machine.STATS.steps > 0
    print(f"state machine: {machine.STATS.examples} examples, {machine.STATS.steps} steps")


def test_a_knocked_out_rule_fails_with_a_short_trace_and_a_replay_command(tmp_path, monkeypatch):
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
    with knockout.knocked_out("oblivaeon_verify.model.oblivaeon", "BZ.DEV.HERO-INCAP"):
        with pytest.raises(machine.InvariantViolated) as info:
            run_state_machine_as_test(machine.OblivAeonMachine, settings=quick)
    text = str(info.value)
    assert "incapacitation-adds-devastation [BZ.DEV.HERO-INCAP]" in text
    assert "oblivaeon-verify check --replay" in text
    assert len(text.splitlines()) <= machine.TRACE_TAIL + 8
    files = list(tmp_path.glob("*.json"))
    assert files, "no replay file written"
    doc = replay.load(files[0])
    assert (
        doc["expect"] == {"violated": ["incapacitation-adds-devastation"]} or "incapacitation-adds-devastation" in doc["expect"]["violated"]
    )
    # Without the knock-out the same decisions satisfy every invariant.
    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

    assert replay.replay(RULESET, doc).verdict == "hold"
    with knockout.knocked_out("oblivaeon_verify.model.oblivaeon", "BZ.DEV.HERO-INCAP"):
        assert "incapacitation-adds-devastation" in replay.replay(RULESET, doc).verdict["violated"]
    json.dumps(doc)


@pytest.mark.parametrize(("ruleset_name", "pair"), [("oblivaeon", "countdown_start=3"), ("aeons_end", "gravehold_life=7")])
def test_check_draws_the_machines_setups_under_its_params(ruleset_name, pair, monkeypatch):
    """``check --param`` reaches the Hypothesis machine, not only the random games (it once drew the defaults)."""
    from oblivaeon_verify.properties.common.machine import ModelMachine

    from oblivaeon_verify.rulesets import load
    from oblivaeon_verify.tasks import MachineExamples

    params = load(ruleset_name).load_parameters(None, (pair,))
    drawn = []
    real = ModelMachine.start
    monkeypatch.setattr(ModelMachine, "start", lambda self, setup: (drawn.append(setup.params), real(self, setup))[1])
    MachineExamples(ruleset_name, 0, 0, 3, 2, database=None, params=params).run()
    assert drawn and all(p == params for p in drawn), drawn[:1]
    key, value = pair.split("=")
    assert all(getattr(p, key) == int(value) for p in drawn)


def test_a_machine_under_the_default_parameters_is_the_machine_itself():
    from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
    from oblivaeon_verify.properties.oblivaeon.machine import MACHINE

    assert MACHINE.under(DEFAULT) is MACHINE and MACHINE.under(None) is MACHINE
