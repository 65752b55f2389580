"""A position's identity for search: a hashable key, cheap to build, equal exactly when the
canonical keys (``serialise.canonical_key``, JSON text) are equal.

The explorer keys every state it reaches, so the key is its hot path.  Building JSON costs a walk
of the whole state tree; this key is a tuple of the state's own field values, which are immutable
and shared from one state to the next, so building it touches only the top level.  Its hash is
computed once; equal keys usually share most of their fields, which tuple comparison skips by
identity.  The canonical key stays the reference: a differential test explores with both and
requires the same graph.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Mapping


class PositionKey:
    """The field values that make a position, with their hash kept."""

    __slots__ = ("fields", "_hash")

    def __init__(self, fields: tuple) -> None:
        self.fields = fields
        self._hash = hash(fields)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        if not isinstance(other, PositionKey):
            return NotImplemented
        return self._hash == other._hash and self.fields == other.fields

    def __repr__(self) -> str:
        return f"PositionKey(#{self._hash & 0xFFFFFFFF:08x})"


def _frozen(value):
    """Dicts are the one unhashable value a state holds: as the set of their items."""
    if type(value) is dict:
        try:
            return frozenset(value.items())  # (built in C: the usual case, where the values are hashable)
        except TypeError:
            return frozenset((k, _frozen(v)) for k, v in value.items())
    return value


def keyer(cls: type, leave_out: tuple[str, ...], project: Mapping[str, Callable] | None = None) -> Callable:
    """The key of a ``cls`` state: every field but ``leave_out`` (configuration, clocks), each field
    of ``project`` replaced by what its function keeps of it, dicts frozen."""
    names = tuple(f.name for f in dataclasses.fields(cls) if f.name not in leave_out)
    unknown = sorted(set(leave_out) - {f.name for f in dataclasses.fields(cls)})
    if unknown:
        raise ValueError(f"{cls.__name__}: no field named {', '.join(unknown)}")
    read = operator.attrgetter(*names)
    projected = tuple((names.index(n), fn) for n, fn in (project or {}).items())

    def key(state) -> PositionKey:
        values = [_frozen(v) if type(v) is dict else v for v in read(state)]
        for i, fn in projected:
            values[i] = fn(values[i])
        return PositionKey(tuple(values))

    return key
