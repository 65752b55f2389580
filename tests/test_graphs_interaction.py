"""The rule-interaction graph of OblivAeon: paths into clarifications, cycles and their bounds,
play coverage, uncovered chains, centrality, and the facts that feed it."""

from __future__ import annotations

import dataclasses
import types
from collections import Counter

import pytest

from oblivaeon_verify import rulesets
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import interaction as ia
from oblivaeon_verify.graphs.dynamic import Observation, observe


@pytest.fixture(scope="module")
def ruleset():
    return rulesets.load("oblivaeon")


@pytest.fixture(scope="module")
def facts(ruleset):
    return facts_mod.load(ruleset)


@pytest.fixture(scope="module")
def observation(ruleset, facts):
    return observe(ruleset, seed=1, games=2, players=(3,), hypothesis_examples=3, hypothesis_steps=100, schedule=facts.SCHEDULE)


@pytest.fixture(scope="module")
def graph(ruleset, facts, observation):
    return ia.build(ruleset, facts, observation)


def test_every_clarification_has_a_path_from_ordinary_rules_or_a_reason(ruleset, graph, facts):
    found = ia.all_paths_into(graph, facts)
    assert set(found) == {c.id for c in ruleset.catalogue.clauses if facts.is_clarification(c.id)}
    for clause, p in found.items():
        assert p.paths or p.reason, clause
        for path in p.paths:
            assert graph.nodes[path[0]]["ordinary"] and path[-1] == clause
            # other clarifications are not stepping stones
            assert not any(graph.nodes[n].get("clarification") for n in path[:-1])
            assert all(graph.has_edge(a, b) for a, b in zip(path, path[1:]))
    assert not found["CLAR.LOOK-AT-REWARDS"].paths and "no handler" in found["CLAR.LOOK-AT-REWARDS"].reason


def test_a_clarification_cut_off_from_every_rule_is_reported_with_a_reason(graph, facts):
    g = graph.copy()
    g.remove_edges_from(list(g.in_edges("CLAR.SENTINELS")))
    p = ia.paths_into(g, facts, "CLAR.SENTINELS")
    assert p.paths == [] and "no function of the model leads into it" in p.reason


def test_the_refinement_of_the_incapacitation_devastation_rule_is_an_edge(graph):
    assert "refines" in graph.edges["BZ.DEV.HERO-INCAP", "CLAR.SENTINELS"]["static"]


def test_static_and_observed_edges_are_kept_apart(graph):
    c = ia.counts(graph)
    assert c["static_only"] > 0 and c["observed_only"] > 0 and c["both"] > 0
    assert c["edges"] == c["static_only"] + c["observed_only"] + c["both"]
    assert graph.edges["BZ.DEV.HERO-INCAP", "event:devastation"]["static"]
    static = ia.view(graph, "static")
    assert all(d["static"] for *_e, d in static.edges(data=True))


def test_the_incapacitation_devastation_environment_loop_is_found_and_bounded(graph, facts):
    found = ia.cycles_through(ia.cycles(graph, facts), "BZ.DEV.HERO-INCAP", "ID.DEVASTATION", "ENV.REMOVAL.DAMAGE")
    assert found
    static = [c for c in found if c.static]
    assert static and all(c.bounded for c in static)
    assert "ENV.REMOVAL.REPLACE" in static[0].bounded_by or "ID.DEVASTATION" in static[0].bounded_by


def test_a_loop_with_its_bounds_forgotten_is_reported_unbounded(graph, facts):
    forgetful = types.SimpleNamespace(**{k: getattr(facts, k) for k in facts_mod.REQUIRED + ("KNOWN_CYCLES",)})
    forgetful.BOUNDS = {}
    found = ia.cycles_through(ia.cycles(graph, forgetful), "BZ.DEV.HERO-INCAP", "ID.DEVASTATION", "ENV.REMOVAL.DAMAGE")
    assert found and not any(c.bounded for c in found)


def test_clauses_never_reached_are_those_play_did_not_touch(ruleset, observation):
    nothing = ia.never_reached(ruleset, Observation())
    some = ia.never_reached(ruleset, observation)
    assert len(some) < len(nothing)
    assert "INCAP.REPLACEMENT" in {r["clause"] for r in nothing}
    assert all(r["clause"] not in observation.cited for r in some)


def test_an_interaction_no_clarification_covers_is_a_candidate(graph, facts):
    obs = Observation()
    obs.chains = Counter({("ENV.TURN", "OA-TURN.PLAY"): 3, ("HERO.CONTINUE", "CLAR.SENTINELS", "ID.COUNTDOWN"): 2})
    obs.chains[("OA-TURN.START", "ID.COUNTDOWN")] = 1
    out = ia.uncovered_chains(graph, facts, obs, {})
    pairs = {(u["first"], u["then"]) for u in out}
    assert ("ENV.TURN", "OA-TURN.PLAY") in pairs
    # a step that also cited a clarification is covered by it
    assert ("HERO.CONTINUE", "ID.COUNTDOWN") not in pairs
    # covered when both rules lie on the paths into a clarification
    covered = {"X": ia.PathsInto("X", [["ENV.TURN", "event:turn", "OA-TURN.PLAY", "X"]])}
    assert ("ENV.TURN", "OA-TURN.PLAY") not in {(u["first"], u["then"]) for u in ia.uncovered_chains(graph, facts, obs, covered)}


def test_observed_reactions_skip_the_clock_and_the_same_clause(ruleset):
    from oblivaeon_verify.model.oblivaeon.draft import Event

    obs = Observation()
    obs.record(
        [
            Event("damage", "ENV.REMOVAL.DAMAGE"),
            Event("hero-incapacitated", "INCAP.CHARACTER-SPENT"),
            Event("to-box", "INCAP.CHARACTER-SPENT"),
            Event("turn", "ROUND.ORDER"),
        ],
        frozenset({"ROUND.ORDER"}),
    )
    assert obs.reactions == Counter({("damage", "INCAP.CHARACTER-SPENT"): 1})
    assert obs.chains == Counter({("ENV.REMOVAL.DAMAGE", "INCAP.CHARACTER-SPENT"): 1})
    # nothing after a new turn is read as a reaction to what came before it
    obs.record(
        [Event("damage", "ENV.TURN"), Event("turn", "ROUND.ORDER"), Event("devastation", "BZ.DEV.SCIONS-OUTNUMBER")],
        frozenset({"ROUND.ORDER"}),
    )
    assert ("damage", "BZ.DEV.SCIONS-OUTNUMBER") not in obs.reactions and len(obs.chains) == 1


def test_centrality_ranks_clauses_only(graph):
    top = ia.centrality(graph, top=5)
    assert len(top) == 5 and all(not ia.is_event(n) for n, _ in top)
    assert [s for _, s in top] == sorted((s for _, s in top), reverse=True)


def test_facts_naming_an_unknown_clause_are_refused(ruleset, facts):
    bad = types.SimpleNamespace(**{k: getattr(facts, k) for k in facts_mod.REQUIRED + ("KNOWN_CYCLES",)})
    bad.__name__ = "bad_facts"
    bad.BOUNDS = {"ENV.REMOVAL.TYPO": "x"}
    with pytest.raises(facts_mod.FactsError, match="ENV.REMOVAL.TYPO"):
        facts_mod.validate(ruleset, bad)
    bad.BOUNDS = {}
    bad.REFINES = (("BZ.DEV.HERO-INCAP", "CLAR.SENTINELS", "backwards"),)
    with pytest.raises(facts_mod.FactsError, match="REFINES"):
        facts_mod.validate(ruleset, bad)
    bad.REFINES = ()
    bad.SHOWN_BY_RULE = ("SETUP.MARKER",)
    with pytest.raises(facts_mod.FactsError, match=r"SHOWN_BY_RULE: unknown clause id 'SETUP.MARKER'"):
        facts_mod.validate(ruleset, bad)
    bad.SHOWN_BY_RULE = ("CLAR.SENTINELS",)  # it has a state predicate already
    with pytest.raises(facts_mod.FactsError, match=r"\['CLAR.SENTINELS'\] have a predicate and are listed in SHOWN_BY_RULE"):
        facts_mod.validate(ruleset, bad)


def test_a_ruleset_without_graph_facts_is_told_what_to_add(monkeypatch, ruleset):
    bare = dataclasses.replace(rulesets.plugin(ruleset), graph_facts=None)
    monkeypatch.setattr(rulesets, "plugin", lambda r: bare)
    with pytest.raises(facts_mod.FactsError, match="has no graph facts: give its plugin a graph_facts loader"):
        facts_mod.load(ruleset)
