"""Loading a ruleset's graph facts (the game-specific part of the graphs, its plugin's ``graph_facts``), with clear errors."""

from __future__ import annotations

from collections.abc import Mapping

from oblivaeon_verify import rulesets
from oblivaeon_verify.model.common import parameters as common_parameters
from oblivaeon_verify.properties.common.plugin import GraphFacts, members

REQUIRED = members(GraphFacts)


class FactsError(LookupError):
    """A ruleset without graph facts, or facts that name clauses the catalogue does not have."""


def load(ruleset) -> GraphFacts:
    plugin = rulesets.plugin(ruleset)
    if plugin.graph_facts is None:
        raise FactsError(f"ruleset {plugin.name!r} has no graph facts: give its plugin a graph_facts loader")
    module = plugin.graph_facts()
    missing = [a for a in REQUIRED if not hasattr(module, a)]
    if missing:
        raise FactsError(f"{module.__name__}: missing {', '.join(missing)} (expected: {', '.join(REQUIRED)})")
    validate(ruleset, module)
    return module


def reading_progress(ruleset) -> Mapping:
    """Per reading, how near a game is to where its values part (empty when the ruleset declares none)."""
    loader = rulesets.plugin(ruleset).reading_progress
    return loader() if loader is not None else {}


def validate(ruleset, module) -> None:
    """Every clause id the facts name must be in the catalogue: a typo must not hide a fact."""
    cat = ruleset.catalogue
    named = [(f"REFINES[{i}]", c) for i, r in enumerate(module.REFINES) for c in r[:2]]
    named += [("BOUNDS", c) for c in module.BOUNDS]
    named += [("SCHEDULE", c) for c in module.SCHEDULE]
    named += [("PREDICATES", c) for c in module.PREDICATES]
    named += [("NOT_IN_STATE", c) for c in module.NOT_IN_STATE]
    named += [("STEP_PREDICATES", c) for c in module.STEP_PREDICATES]
    named += [("SHOWN_BY_RULE", c) for c in module.SHOWN_BY_RULE]
    named += [(f"KNOWN_CYCLES[{i}]", c) for i, cyc in enumerate(module.KNOWN_CYCLES) for c in cyc]
    for where, c in named:
        if c not in cat:
            raise FactsError(f"{module.__name__}.{where}: unknown clause id {c!r}")
    readings = {d.name for d in common_parameters.readings(type(ruleset.default_parameters()))}
    for name in reading_progress(ruleset):
        if name not in readings:
            raise FactsError(
                f"{module.__name__}.READING_PROGRESS: {name!r} is not a reading of {ruleset.name} (readings: {', '.join(sorted(readings)) or 'none'})"
            )
    for i, r in enumerate(module.REFINES):
        if not module.is_clarification(r[0]) or module.is_clarification(r[1]):
            raise FactsError(f"{module.__name__}.REFINES[{i}]: expected (clarification, ordinary rule, how), got {r[:2]}")
    both = set(module.PREDICATES) & set(module.NOT_IN_STATE)
    if both:
        raise FactsError(f"{module.__name__}: {sorted(both)} both have a predicate and are listed as not expressible in a state")
    # a rule shown by acting has nothing better to show it: a predicate would make the listing a second, weaker witness
    shown = set(module.PREDICATES) | set(module.STEP_PREDICATES)
    both = shown & set(module.SHOWN_BY_RULE)
    if both:
        raise FactsError(f"{module.__name__}: {sorted(both)} have a predicate and are listed in SHOWN_BY_RULE; keep one")
