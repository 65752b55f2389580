"""Every scenario step is taken from the state's JSON copy, whose strings are new objects: a rule that compares the
game's strings by identity (``is`` where ``==`` is meant) passes from the model's own states and fails in the scenario
that exercises it, as it would from a replay or on a Dask worker."""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.scenarios import load, run, vocabulary
from tests.broken_models import Bug, broken

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "oblivaeon" / "clar-sentinels-bloodstone-revive-instead.toml"
BY_IDENTITY = Bug(
    "bloodstone-checks-its-team-by-identity",
    "oblivaeon",
    "oblivaeon_verify.model.oblivaeon.incapacitation",
    "bloodstone_revives",
    "s.hero != SENTINELS",
    "s.hero is not SENTINELS",
    "identity",
)


def test_a_step_is_taken_from_the_states_json_copy():
    vocab = vocabulary("oblivaeon")
    state = vocab.new_game({}, {})
    copy = vocab.read_back(state)
    assert copy == state and copy is not state
    hero = state.seats[0].hero
    assert copy.seats[0].hero == hero and copy.seats[0].hero is not hero  # a new string object


def test_a_rule_comparing_strings_by_identity_fails_the_scenario_that_exercises_it(monkeypatch):
    vocab = vocabulary("oblivaeon")
    sc = load(SCENARIO, vocab)
    assert run(sc, vocab).passed
    with broken(BY_IDENTITY):
        assert not run(sc, vocab).passed
        monkeypatch.setattr(type(vocab), "read_back", lambda self, state: state)  # from the model's own states
        assert run(sc, vocab).passed  # the identity slips through: what the JSON copy is for
