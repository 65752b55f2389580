"""The graph questions answered in one go, as JSON-able dicts (for the commands and the report).

Deterministic for a seed; timing figures only under ``"timing"``.
"""

from __future__ import annotations

import time

from oblivaeon_verify.explore import explore as run_exploration
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import interaction as ia
from oblivaeon_verify.graphs.dynamic import observe
from oblivaeon_verify.graphs.witness import goal_for


def interaction_graph(ruleset, *, seed: int, games: int, hypothesis_examples: int):
    """(graph, facts, observation) for the ruleset: the code read, then ``games`` random games per count."""
    facts = facts_mod.load(ruleset)
    obs = observe(ruleset, seed=seed, games=games, hypothesis_examples=hypothesis_examples, schedule=facts.SCHEDULE)
    return ia.build(ruleset, facts, obs), facts, obs


def _cycle(c: ia.Cycle) -> dict:
    return {"nodes": c.nodes, "bounded_by": c.bounded_by, "static": c.static, "observed": c.observed}


def interactions(ruleset, *, seed: int, games: int, hypothesis_examples: int, cycle_length: int = 6, built=None) -> dict:
    """The answers of the rule-interaction graph; ``built`` reuses a result of :func:`interaction_graph`."""
    g, facts, obs = built or interaction_graph(ruleset, seed=seed, games=games, hypothesis_examples=hypothesis_examples)
    t1 = time.perf_counter()
    paths = ia.all_paths_into(g, facts)
    found = ia.cycles(g, facts, max_length=cycle_length)
    known = []
    for through in facts.KNOWN_CYCLES:
        # a cycle the code itself shows first, then one seen in play, shortest first
        match = sorted(ia.cycles_through(found, *through), key=lambda c: (not c.static, not c.observed, len(c.nodes), c.nodes))
        known.append({"through": list(through), "shortest": _cycle(match[0]) if match else None, "count": len(match)})
    unbounded = [c for c in found if not c.bounded]
    t2 = time.perf_counter()
    return {
        "ruleset": ruleset.name,
        "seed": seed,
        "observed_in": obs.sources,
        "steps_observed": obs.steps,
        "counts": ia.counts(g),
        "paths_into_clarifications": {c: {"paths": p.paths, "reason": p.reason} for c, p in sorted(paths.items())},
        "clarifications_without_path": sorted(c for c, p in paths.items() if not p.paths),
        "cycles": {
            "max_length": cycle_length,
            "total": len(found),
            "bounded": len(found) - len(unbounded),
            "unbounded": len(unbounded),
            "known": known,
            "shortest_unbounded": [_cycle(c) for c in unbounded[:10]],
        },
        "never_reached": ia.never_reached(ruleset, obs),
        "uncovered_chains": ia.uncovered_chains(g, facts, obs, paths),
        "centrality": [{"clause": c, "betweenness": s} for c, s in ia.centrality(g)],
        "timing": {"observe_seconds": round(obs.seconds, 2), "analyse_seconds": round(t2 - t1, 2)},
    }


def exploration(ruleset, *, depth: int, max_states: int, configurations=None) -> dict:
    """Explore every reduced configuration of the facts; counts, dead ends and corner cases hit."""
    facts = facts_mod.load(ruleset)
    configs = configurations if configurations is not None else facts.CONFIGURATIONS
    clars = [c.id for c in ruleset.catalogue.clauses if facts.is_clarification(c.id) and c.handled]
    goals = tuple(goal_for(facts, c) for c in clars)
    out = {"depth": depth, "max_states": max_states, "configurations": [], "timing": {}}
    for cfg in configs:
        r = run_exploration(ruleset, cfg.start(), depth=depth, max_states=max_states, goals=goals)
        row = cfg.describe() | r.summary()
        row["corner_cases"] = {
            c: {"depth": h.depth, "by": h.by, "decisions": [str(d) for d in h.decisions]} for c, h in sorted(r.hits.items())
        }
        row["corner_cases_missed"] = sorted(set(clars) - set(r.hits))
        out["configurations"].append(row)
        out["timing"][cfg.name] = {"seconds": round(r.seconds, 2), "states_per_second": round(r.states / (r.seconds or 1e-9), 1)}
    return out
