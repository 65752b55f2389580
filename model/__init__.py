"""Executable reference models, one package per ruleset.

Nothing in here imports from the harness (``oblivaeon_verify``), the properties or the
scenarios: the dependency arrow points one way, into the model.
"""
