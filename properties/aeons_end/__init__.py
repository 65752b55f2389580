"""Aeon's End properties: the invariant registry, the Hypothesis state machine and its steering.

The harness reaches this package through the ruleset's plugin (``plugin.py``, its ``properties`` part:
``properties.common.plugin.Properties``); what it uses from here:
``INVARIANTS`` (the registry), ``Step``, ``steer`` (the weighted random policy) and ``TEMPERAMENTS`` / ``steer_as`` (each of its temperaments as a policy), the replay
helpers ``setup_from_json`` / ``parameters_from_json`` / ``parameter_overrides``,
``DECISION_CLAUSES`` (which player decision exercises which clause), ``CORNERS``,
``UNGUARDED_REASONS``, ``UNGUARDED_KIND_REASONS`` and ``QUICK_KNOCKOUTS`` (``KNOCKOUT_GAMES`` is the plugin's ``knockout_games``);
``properties.aeons_end.machine`` holds the state machine.
"""

from oblivaeon_verify.properties.aeons_end.invariants import INVARIANTS
from oblivaeon_verify.properties.aeons_end.knockout import KNOCKOUT_GAMES, QUICK_KNOCKOUTS, UNGUARDED_KIND_REASONS, UNGUARDED_REASONS
from oblivaeon_verify.properties.aeons_end.setups import parameter_overrides, parameters_from_json, setup_from_json
from oblivaeon_verify.properties.aeons_end.steering import CORNERS, DECISION_CLAUSES, TEMPERAMENTS, steer, steer_as
from oblivaeon_verify.properties.common.registry import Step, Violation

__all__ = [
    "CORNERS",
    "DECISION_CLAUSES",
    "INVARIANTS",
    "KNOCKOUT_GAMES",
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
