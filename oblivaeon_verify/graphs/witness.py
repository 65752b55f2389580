"""Minimal witnesses: the shortest decision sequence from setup to a clarification's corner case.

A corner case is shown by a state (the facts' predicate for the clause, where the state can
express it) or by a step whose events cite the clause.  The search is the breadth-first explorer
over each of the facts' reduced configurations in turn, so a witness is minimal for the first
configuration where one is found.  Each witness can be replayed: ``replay`` steps it again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oblivaeon_verify.explore import Goal, explore
from oblivaeon_verify.graphs import facts as facts_mod

DEFAULT_DEPTH = 8
DEFAULT_MAX_STATES = 20_000


@dataclass
class Witness:
    clause: str
    decisions: list | None
    """The decisions from the configuration's first decision point, or None (see ``reason``)."""
    configuration: str = ""
    by: str = ""
    """``state`` (the predicate held) or ``events`` (a step's events cited the clause)."""
    reason: str = ""
    searched: list = field(default_factory=list)
    """(configuration, states, complete, deepest depth reached) for each search made."""

    @property
    def found(self) -> bool:
        return self.decisions is not None

    def as_dict(self) -> dict:
        return {
            "clause": self.clause,
            "found": self.found,
            "configuration": self.configuration,
            "by": self.by,
            "length": None if self.decisions is None else len(self.decisions),
            "decisions": None if self.decisions is None else [str(d) for d in self.decisions],
            "reason": self.reason,
            "searched": [{"configuration": c, "states": n, "complete": done, "deepest": k} for c, n, done, k in self.searched],
        }


def goal_for(facts, clause: str) -> Goal:
    pred = facts.PREDICATES.get(clause)
    step = facts.STEP_PREDICATES.get(clause)
    return Goal(
        clause,
        state=pred.holds if pred else None,
        events=lambda events, c=clause: any(e.clause == c for e in events),
        step=step.holds if step else None,
    )


def witnesses(
    ruleset,
    clauses,
    *,
    depth: int = DEFAULT_DEPTH,
    max_states: int = DEFAULT_MAX_STATES,
    configurations=None,
) -> dict[str, Witness]:
    """Witnesses for several clauses at once: one search per configuration serves them all."""
    facts = facts_mod.load(ruleset)
    clauses = list(dict.fromkeys(clauses))
    for c in clauses:
        ruleset.catalogue[c]  # an unknown id fails here, naming the known ones
    configs = configurations if configurations is not None else facts.CONFIGURATIONS
    out = {c: Witness(c, None) for c in clauses}
    pending = [c for c in clauses if ruleset.catalogue[c].handled]
    for c in clauses:
        if not ruleset.catalogue[c].handled:
            out[c].reason = "it describes rather than prescribes: no state or step can show it"
    for cfg in configs:
        if not pending:
            break
        result = explore(
            ruleset, cfg.start(), depth=depth, max_states=max_states, goals=tuple(goal_for(facts, c) for c in pending), stop_when_found=True
        )
        for c in pending:
            out[c].searched.append((cfg.name, result.states, result.complete, max(result.per_depth())))
            hit = result.hits.get(c)
            if hit is not None:
                out[c].decisions, out[c].configuration, out[c].by = hit.decisions, cfg.name, hit.by
        pending = [c for c in pending if not out[c].found]
    for c in pending:
        tried = "; ".join(
            f"{n}: all {s} states within {depth} decisions" if done else f"{n}: {s} states (the budget), reaching depth {k}"
            for n, s, done, k in out[c].searched
        )
        bits = [f"not reached ({tried})"]
        if c not in facts.PREDICATES:
            bits.append("no state predicate: " + facts.NOT_IN_STATE.get(c, "the facts give none") + "; only an event citing it counts")
        out[c].reason = "; ".join(bits)
    return out


def witness(ruleset, clause_id: str, **kw) -> Witness:
    """The minimal witness for one clause (``decisions`` is None, with ``reason``, when there is none)."""
    return witnesses(ruleset, [clause_id], **kw)[clause_id]


def replay(ruleset, w: Witness, configurations=None):
    """Step a witness again from its configuration; returns the final state and every event, in order."""
    facts = facts_mod.load(ruleset)
    configs = {c.name: c for c in (configurations if configurations is not None else facts.CONFIGURATIONS)}
    if w.decisions is None:
        raise ValueError(f"no witness for {w.clause}: {w.reason}")
    state = configs[w.configuration].start()
    events = []
    for d in w.decisions:
        state, ev = ruleset.step(state, d)
        events.extend(ev)
    return state, events
