"""Random play in one step (a policy makes every decision inside the kernel's run) plays exactly the
game that one step per decision plays: the same trace records, game record and tally, also when a rule
raises or loops half-way through.

Asking for the states (``states=[]``) makes ``play_game`` go one step per decision, so the two ways are
compared through the public function alone.
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon.chance import Reveal
from oblivaeon_verify.model.oblivaeon.engine import KERNEL

from oblivaeon_verify import rulesets
from oblivaeon_verify.play import Tally, play_game
from tests.broken_models import LOOPS, broken


def played(ruleset, seed: int, players: int, index: int, *, one_step: bool):
    records: list[dict] = []
    tally = Tally()
    rec = play_game(
        ruleset,
        ruleset.default_parameters(),
        seed,
        players,
        index,
        trace=records.append,
        tally=tally,
        states=None if one_step else [],
    )
    rec.error = rec.error.splitlines()[0] if rec.error else ""  # (the traceback's frames differ by path)
    tally.seconds = 0.0
    return records, dataclasses.asdict(rec), dataclasses.asdict(tally)


def both_ways(ruleset, seed: int, players: int, index: int = 0):
    return played(ruleset, seed, players, index, one_step=True), played(ruleset, seed, players, index, one_step=False)


@pytest.mark.parametrize("name", ["oblivaeon", "aeons_end"])
def test_a_game_in_one_step_is_the_game_played_one_step_per_decision(name):
    ruleset = rulesets.load(name)
    for players in ruleset.players:
        for seed in (3, 41):
            one, per_decision = both_ways(ruleset, seed, players)
            assert one == per_decision, f"{name}, {players} players, seed {seed}"
            records, rec, tally = one
            assert rec["error"] == "" and rec["decisions"] == sum(r["kind"] == "decision" for r in records)
            assert 0 < tally["chance_decisions"] < tally["decisions"]


class _Fails(Exception):
    pass


def test_a_rule_that_raises_half_way_leaves_the_trace_one_step_per_decision_would(monkeypatch):
    """The trace ends with the decision whose step raised, after the events of the steps before it."""
    ruleset = rulesets.load("oblivaeon")
    revealed = KERNEL.handler(Reveal)
    calls = {"n": 0}

    def fails_on_the_40th(d, ask, decision):
        calls["n"] += 1
        if calls["n"] == 40:
            raise _Fails("the 40th reveal")
        revealed(d, ask, decision)

    monkeypatch.setitem(KERNEL._handlers, Reveal, fails_on_the_40th)
    one = played(ruleset, 7, 4, 0, one_step=True)
    calls["n"] = 0
    per_decision = played(ruleset, 7, 4, 0, one_step=False)
    assert one == per_decision
    records, rec, _ = one
    assert rec["outcome"] == "error" and rec["error"] == "_Fails: the 40th reveal"
    assert records[-1]["kind"] == "decision" and records[-1]["decision"].startswith("chance: ")
    assert rec["decisions"] == sum(r["kind"] == "decision" for r in records) - 1


@pytest.mark.parametrize("bug", LOOPS.values(), ids=lambda b: b.name)
def test_a_looping_rule_stops_at_the_same_decision_either_way(bug):
    """The safety stop counts the work between two decisions, in one step as in many."""
    ruleset = rulesets.load(bug.ruleset)
    with broken(bug):
        one, per_decision = both_ways(ruleset, 5, ruleset.players[-1])
    assert one == per_decision
    _, rec, _ = one
    assert rec["outcome"] == "aborted" and "units of work" in rec["reason"]
