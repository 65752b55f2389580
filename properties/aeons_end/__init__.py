"""Aeon's End properties (so far: the facts its rule-interaction and state graphs need)."""

from properties.aeons_end.invariants import INVARIANTS
from properties.aeons_end.knockout import UNGUARDED_REASONS
from properties.aeons_end.setups import parameter_overrides, parameters_from_json, setup_from_json
from properties.common.registry import Step, Violation

__all__ = ["INVARIANTS", "UNGUARDED_REASONS", "Step", "Violation", "parameter_overrides", "parameters_from_json", "setup_from_json"]
