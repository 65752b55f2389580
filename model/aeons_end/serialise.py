"""Aeon's End states in JSON, and their canonical key (format: ``model.common.serialise``)."""

from __future__ import annotations

import json

from oblivaeon_verify.model.aeons_end import decisions, parameters, setup, state
from oblivaeon_verify.model.common import deck
from oblivaeon_verify.model.common.serialise import Codec, DecodeError

CODEC = Codec((state, deck, decisions, setup, parameters))


def to_json(s: state.GameState) -> str:
    return CODEC.to_json(s)


def from_json(text: str) -> state.GameState:
    return CODEC.from_json(text, state.GameState)


def canonical_key(s: state.GameState) -> str:
    """Equal positions, whatever the history: the configuration, turn count and cycle count are left out."""
    tree = CODEC.encode(s)
    for name in ("setup", "turn", "cycles"):
        tree.pop(name, None)
    return json.dumps(tree, sort_keys=True, separators=(",", ":"))


__all__ = ["CODEC", "DecodeError", "to_json", "from_json", "canonical_key"]
