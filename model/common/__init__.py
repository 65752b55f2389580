"""Ruleset-independent pieces of the models: the clause catalogue machinery."""
