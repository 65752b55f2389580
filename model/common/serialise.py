"""A state's serialised form (JSON): a plain tagged tree, rebuilt only from known classes.

Dataclass values carry their class name under ``"@"`` (NamedTuples too), enums under ``"@enum"``,
frozensets under ``"@set"``, dicts as sorted ``"@dict"`` pairs; tuples are JSON arrays (states hold
no lists).  Nothing in the text is evaluated: an unknown class name is an error.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import json
from types import ModuleType

_PLAIN = frozenset({str, int, bool, type(None)})
_LEAVES = frozenset({str, int, bool, float, type(None)})
"""What JSON text reads back as itself (a float is no state value, but a bad file may hold one: it is left to the class)."""


class DecodeError(ValueError):
    """A serialised state that does not describe a state of this model."""


def _is_namedtuple(obj) -> bool:
    return isinstance(obj, type) and issubclass(obj, tuple) and hasattr(obj, "_fields")


class Codec:
    """Encoding and decoding for the value classes defined in the given modules."""

    def __init__(self, modules: tuple[ModuleType, ...], classes: tuple[type, ...] = ()) -> None:
        """The value classes of ``modules``, and ``classes`` besides (a kernel's work records, defined beside their rules)."""
        self.classes: dict[str, type] = {}
        found = [obj for m in modules for obj in vars(m).values() if isinstance(obj, type) and obj.__module__ == m.__name__]
        for obj in (*found, *classes):
            if dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum) or _is_namedtuple(obj):
                if self.classes.setdefault(obj.__name__, obj) is not obj:
                    raise ValueError(f"two value classes are named {obj.__name__}: a serialised state could not tell them apart")
        self.fields: dict[type, tuple[str, ...]] = {}
        for cls in self.classes.values():
            if dataclasses.is_dataclass(cls):
                self.fields[cls] = tuple(f.name for f in dataclasses.fields(cls))
            elif _is_namedtuple(cls):
                self.fields[cls] = tuple(cls._fields)

    @contextlib.contextmanager
    def shared(self):
        """Within the block, a value met again (the very object) is encoded once: a state, its copy at another
        round and its JSON text share nearly every part.  Only for a block in which no value it encodes
        changes (states are values; the block must not hold a draft being written)."""
        outer, self._memo = self._memo, {} if self._memo is None else self._memo
        try:
            yield
        finally:
            self._memo = outer

    _memo: dict | None = None

    def encode(self, value):
        cls = type(value)
        if cls in _PLAIN:
            return value
        memo = self._memo
        if memo is not None:
            hit = memo.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
        out = self._encode(value, cls)
        if memo is not None:
            memo[id(value)] = (value, out)  # (the value is held, so its id is not reused while the block lasts)
        return out

    def _encode(self, value, cls):
        # Plain leaves (most of a state) are kept in place without a call: a state has about a thousand nodes.
        encode = self.encode
        if cls is tuple:
            return [x if type(x) in _PLAIN else encode(x) for x in value]
        names = self.fields.get(cls)
        if names is not None:
            out = {"@": cls.__name__}
            for name in names:
                x = getattr(value, name)
                out[name] = x if type(x) in _PLAIN else encode(x)
            return out
        if cls is dict:
            return {"@dict": [[encode(k), encode(v)] for k, v in sorted(value.items())]}
        if cls is frozenset:
            return {"@set": sorted(encode(x) for x in value)}
        if isinstance(value, enum.Enum):
            return {"@enum": cls.__name__, "value": value.value}
        raise TypeError(f"cannot serialise {cls.__name__}: {value!r}")

    def decode(self, tree):
        kind = type(tree)
        if kind is list:
            decode = self.decode
            return tuple([x if type(x) in _LEAVES else decode(x) for x in tree])
        if kind is dict:
            if "@enum" in tree:
                cls = self.classes.get(tree["@enum"])
                if cls is None or not issubclass(cls, enum.Enum):
                    raise DecodeError(f"unknown enum {tree['@enum']!r}")
                return cls(tree["value"])
            if "@set" in tree:
                return frozenset(self.decode(x) for x in tree["@set"])
            if "@dict" in tree:
                return {self.decode(k): self.decode(v) for k, v in tree["@dict"]}
            name = tree.get("@")
            cls = self.classes.get(name)
            if cls is None or cls not in self.fields:
                raise DecodeError(f"unknown value type {name!r}")
            decode = self.decode
            kwargs = {k: v if type(v) in _LEAVES else decode(v) for k, v in tree.items() if k != "@"}
            try:
                return cls(**kwargs)
            except TypeError as e:
                raise DecodeError(f"{name}: {e}") from None
        return tree

    def to_json(self, value) -> str:
        return json.dumps(self.encode(value), sort_keys=True, separators=(",", ":"))

    def from_json(self, text: str, expected: type):
        value = self.decode(json.loads(text))
        if not isinstance(value, expected):
            raise DecodeError(f"the JSON does not hold a {expected.__name__}")
        return value
