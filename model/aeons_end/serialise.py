"""Aeon's End states in JSON, and their canonical key (format: ``model.common.serialise``)."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end import decisions, engine, parameters, setup, state
from oblivaeon_verify.model.common import deck, identity
from oblivaeon_verify.model.common.serialise import Codec, DecodeError

CODEC = Codec((state, deck, decisions, setup, parameters), classes=engine.KERNEL.record_types())


def to_json(s: state.GameState) -> str:
    return CODEC.to_json(s)


def from_json(text: str) -> state.GameState:
    return CODEC.from_json(text, state.GameState)


#: Configuration and clocks, not position: left out of the keys.
NOT_POSITION = ("setup", "turn", "cycles")


def canonical_key(s: state.GameState) -> str:
    """Equal positions, whatever the history: the configuration, turn count and cycle count are left out."""
    return CODEC.text(s, drop=NOT_POSITION)


position_key = identity.keyer(state.GameState, NOT_POSITION)
"""What ``canonical_key`` identifies, as a hashable value far cheaper to build (the explorer's key)."""


__all__ = ["CODEC", "DecodeError", "to_json", "from_json", "canonical_key", "position_key"]
