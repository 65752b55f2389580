"""OblivAeon properties: the invariant registry, the Hypothesis state machine and its steering.

The harness reaches this package through the ruleset's plugin (``plugin.py``, its ``properties`` part:
``properties.common.plugin.Properties``); what it uses from here:
``INVARIANTS`` (the registry), ``Step``, ``steer`` (the weighted random policy) and ``TEMPERAMENTS`` / ``steer_as`` (each of its temperaments as a policy), the replay
helpers ``setup_from_json`` / ``parameters_from_json`` / ``parameter_overrides``,
``DECISION_CLAUSES`` (which hero-turn decision enables which clause), ``UNGUARDED_REASONS`` and ``UNGUARDED_KIND_REASONS`` (why a knock-out may go
uncaught) and ``QUICK_KNOCKOUTS``.
"""

from oblivaeon_verify.properties.common.registry import Step, Violation
from oblivaeon_verify.properties.oblivaeon.coverage import CORNERS, DECISION_CLAUSES
from oblivaeon_verify.properties.oblivaeon.invariants import INVARIANTS
from oblivaeon_verify.properties.oblivaeon.knockout import QUICK_KNOCKOUTS, UNGUARDED_KIND_REASONS, UNGUARDED_REASONS
from oblivaeon_verify.properties.oblivaeon.setups import parameter_overrides, parameters_from_json, setup_from_json
from oblivaeon_verify.properties.oblivaeon.steering import TEMPERAMENTS, steer, steer_as

__all__ = [
    "CORNERS",
    "DECISION_CLAUSES",
    "INVARIANTS",
    "QUICK_KNOCKOUTS",
    "UNGUARDED_KIND_REASONS",
    "UNGUARDED_REASONS",
    "Step",
    "TEMPERAMENTS",
    "Violation",
    "parameter_overrides",
    "parameters_from_json",
    "setup_from_json",
    "steer",
    "steer_as",
]
