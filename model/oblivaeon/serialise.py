"""A state's serialised form (JSON) and its canonical key.

The encoding is a plain, tagged JSON tree: dataclass values carry their class name under ``"@"``,
enums under ``"@enum"``, frozensets under ``"@set"``; tuples are JSON arrays (the state holds no
lists).  ``from_json(to_json(s)) == s`` for every reachable state, which conformance checks at
every visited state.  Only known classes are rebuilt: nothing in the text is evaluated.
"""

from __future__ import annotations

import dataclasses
import enum
import json

from model.common import deck
from model.oblivaeon import decisions, draft, parameters, setup, state, vocabulary

_MODULES = (state, deck, decisions, draft, vocabulary, setup, parameters)
CLASSES: dict[str, type] = {
    name: obj
    for m in _MODULES
    for name, obj in vars(m).items()
    if isinstance(obj, type) and (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)) and obj.__module__ == m.__name__
}


class DecodeError(ValueError):
    """A serialised state that does not describe a state of this model."""


_FIELD_NAMES = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in CLASSES.values() if dataclasses.is_dataclass(cls)}
_PLAIN = (str, int, bool, type(None))


def encode(value):
    cls = type(value)
    if cls in _PLAIN:
        return value
    if cls is tuple:
        return [encode(x) for x in value]
    names = _FIELD_NAMES.get(cls)
    if names is not None:
        out = {"@": cls.__name__}
        for name in names:
            out[name] = encode(getattr(value, name))
        return out
    if cls is dict:
        return {"@dict": [[encode(k), encode(v)] for k, v in sorted(value.items())]}
    if cls is frozenset:
        return {"@set": sorted(encode(x) for x in value)}
    if isinstance(value, enum.Enum):
        return {"@enum": cls.__name__, "value": value.value}
    raise TypeError(f"cannot serialise {cls.__name__}: {value!r}")


def decode(tree):
    if isinstance(tree, list):
        return tuple(decode(x) for x in tree)
    if isinstance(tree, dict):
        if "@enum" in tree:
            cls = CLASSES.get(tree["@enum"])
            if cls is None:
                raise DecodeError(f"unknown enum {tree['@enum']!r}")
            return cls(tree["value"])
        if "@set" in tree:
            return frozenset(decode(x) for x in tree["@set"])
        if "@dict" in tree:
            return {decode(k): decode(v) for k, v in tree["@dict"]}
        name = tree.get("@")
        cls = CLASSES.get(name)
        if cls is None:
            raise DecodeError(f"unknown value type {name!r}")
        kwargs = {k: decode(v) for k, v in tree.items() if k != "@"}
        try:
            return cls(**kwargs)
        except TypeError as e:
            raise DecodeError(f"{name}: {e}") from None
    return tree


def to_json(s: state.GameState) -> str:
    return json.dumps(encode(s), sort_keys=True, separators=(",", ":"))


def from_json(text: str) -> state.GameState:
    value = decode(json.loads(text))
    if not isinstance(value, state.GameState):
        raise DecodeError("the JSON does not hold a GameState")
    return value


#: Fields that are history or configuration, not position: left out of the canonical key.
NOT_POSITION = ("setup",)


def canonical_key(s: state.GameState) -> str:
    """Identifies equal positions: everything but the configuration and the round number (a clock)."""
    tree = encode(s)
    for name in NOT_POSITION:
        tree.pop(name, None)
    tree["cursor"] = {"slot": s.cursor.slot, "phase": s.cursor.phase}
    return json.dumps(tree, sort_keys=True, separators=(",", ":"))
