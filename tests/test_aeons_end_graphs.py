"""Aeon's End on the graph machinery: the rule-interaction graph and the explorer need only its facts module."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.ruleset import RULESET

from oblivaeon_verify.graphs import summary


def test_the_interaction_graph_finds_the_exhaustion_unleash_loop_and_what_bounds_it():
    data = summary.interactions(RULESET, seed=1, games=3, hypothesis_examples=0)
    assert data["counts"]["static_edges"] > 100 and data["counts"]["observed_edges"] > 10
    known = data["cycles"]["known"]
    assert known and known[0]["through"] == ["EXHAUST.WHEN", "NEMESIS.UNLEASH"]
    shortest = known[0]["shortest"]
    assert "EXHAUST.WHEN" in shortest["nodes"] and "NEMESIS.UNLEASH" in shortest["nodes"]
    assert shortest["bounded_by"], shortest
    assert data["paths_into_clarifications"] == {}  # the rulebook has no clarifications


def test_exhaustive_exploration_of_true_solo_has_no_dead_end():
    data = summary.exploration(RULESET, depth=4, max_states=2000)
    solo = data["configurations"][0]
    assert solo["states"] > 20 and solo["complete"] and solo["dead_ends"] == []
