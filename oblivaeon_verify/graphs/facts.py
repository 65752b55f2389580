"""Loading a ruleset's graph facts (the game-specific part of the graphs), with clear errors."""

from __future__ import annotations

import importlib
from types import ModuleType

from oblivaeon_verify.model.common import parameters as common_parameters

REQUIRED = (
    "is_clarification",
    "is_ordinary",
    "REFINES",
    "BOUNDS",
    "SCHEDULE",
    "PREDICATES",
    "NOT_IN_STATE",
    "CONFIGURATIONS",
    "KNOWN_CYCLES",
)


class FactsError(LookupError):
    """A ruleset without graph facts, or facts that name clauses the catalogue does not have."""


def load(ruleset) -> ModuleType:
    name = getattr(ruleset, "graph_facts_module", None)
    if not name:
        raise FactsError(f"ruleset {ruleset.name!r} has no graph_facts_module attribute: add one naming its properties module")
    module = importlib.import_module(name)
    missing = [a for a in REQUIRED if not hasattr(module, a)]
    if missing:
        raise FactsError(f"{name}: missing {', '.join(missing)} (expected: {', '.join(REQUIRED)})")
    validate(ruleset, module)
    return module


def validate(ruleset, module) -> None:
    """Every clause id the facts name must be in the catalogue: a typo must not hide a fact."""
    cat = ruleset.catalogue
    named = [(f"REFINES[{i}]", c) for i, r in enumerate(module.REFINES) for c in r[:2]]
    named += [("BOUNDS", c) for c in module.BOUNDS]
    named += [("SCHEDULE", c) for c in module.SCHEDULE]
    named += [("PREDICATES", c) for c in module.PREDICATES]
    named += [("NOT_IN_STATE", c) for c in module.NOT_IN_STATE]
    named += [("STEP_PREDICATES", c) for c in getattr(module, "STEP_PREDICATES", {})]
    named += [("SHOWN_BY_RULE", c) for c in getattr(module, "SHOWN_BY_RULE", ())]
    named += [(f"KNOWN_CYCLES[{i}]", c) for i, cyc in enumerate(module.KNOWN_CYCLES) for c in cyc]
    for where, c in named:
        if c not in cat:
            raise FactsError(f"{module.__name__}.{where}: unknown clause id {c!r}")
    readings = {d.name for d in common_parameters.readings(type(ruleset.default_parameters()))}
    for name in getattr(module, "READING_PROGRESS", {}):
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
    shown = set(module.PREDICATES) | set(getattr(module, "STEP_PREDICATES", {}))
    both = shown & set(getattr(module, "SHOWN_BY_RULE", ()))
    if both:
        raise FactsError(f"{module.__name__}: {sorted(both)} have a predicate and are listed in SHOWN_BY_RULE; keep one")
