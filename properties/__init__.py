"""Invariants, Hypothesis state machines and Z3 encodings, one package per ruleset."""
