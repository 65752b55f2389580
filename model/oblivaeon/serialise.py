"""OblivAeon states in JSON, and their canonical key (see ``model.common.serialise`` for the format).

``from_json(to_json(s)) == s`` for every reachable state, which conformance checks at every
visited state.
"""

from __future__ import annotations

from oblivaeon_verify.model.common import deck, identity
from oblivaeon_verify.model.common.serialise import Codec, DecodeError
from oblivaeon_verify.model.oblivaeon import decisions, draft, engine, moments, parameters, setup, state, vocabulary

# The work records in a state's agenda are defined beside their rules: the sealed kernel lists them all.
CODEC = Codec((state, deck, decisions, draft, moments, vocabulary, setup, parameters), classes=engine.KERNEL.record_types())
CLASSES = CODEC.classes
encode = CODEC.encode
decode = CODEC.decode


def to_json(s: state.GameState) -> str:
    return CODEC.to_json(s)


def from_json(text: str) -> state.GameState:
    return CODEC.from_json(text, state.GameState)


#: Fields that are configuration, not position: left out of the canonical key.
NOT_POSITION = ("setup",)


def canonical_key(s: state.GameState) -> str:
    """Identifies equal positions: everything but the configuration and the round number (a clock)."""
    return CODEC.text(s, drop=NOT_POSITION, put={"cursor": {"slot": s.cursor.slot, "phase": s.cursor.phase}})


position_key = identity.keyer(state.GameState, NOT_POSITION, {"cursor": lambda c: (c.slot, c.phase)})
"""What ``canonical_key`` identifies, as a hashable value about 20 times cheaper to build (the explorer's key)."""


__all__ = ["CODEC", "DecodeError", "to_json", "from_json", "canonical_key", "position_key", "encode", "decode"]
