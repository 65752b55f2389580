"""Aeon's End properties (so far: the facts its rule-interaction and state graphs need)."""
