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
import threading
from types import ModuleType

_PLAIN = frozenset({str, int, bool, type(None)})
_LEAVES = frozenset({str, int, bool, float, type(None)})
"""What JSON text reads back as itself (a float is no state value, but a bad file may hold one: it is left to the class)."""


_NONE: dict = {}
_STR = json.encoder.encode_basestring_ascii
"""A string as ``json.dumps`` writes it (it escapes every non-ASCII character)."""
_KEYS: dict[str, str] = {}


def _key(name: str) -> str:
    """A field name as JSON text (``json.dumps``), written once per name."""
    text = _KEYS[name] = json.dumps(name)
    return text


class _Block(threading.local):
    """One thread's shared block (``Codec.shared``): a Dask worker may run tasks in threads of one process."""

    memo: dict | None = None
    texts: dict | None = None
    values: dict | None = None
    written: dict | None = None
    older: dict = _NONE
    older_texts: dict = _NONE
    older_values: dict = _NONE


class Carry:
    """What a shared block met, handed to the next block given the same carry (``Codec.shared``)."""

    __slots__ = ("trees", "texts", "values")

    def __init__(self) -> None:
        self.trees: dict = {}
        self.texts: dict = {}
        self.values: dict = {}


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
        self._here = _Block()
        self.fields: dict[type, tuple[str, ...]] = {}
        for cls in self.classes.values():
            if dataclasses.is_dataclass(cls):
                self.fields[cls] = tuple(f.name for f in dataclasses.fields(cls))
            elif _is_namedtuple(cls):
                self.fields[cls] = tuple(cls._fields)

    @contextlib.contextmanager
    def shared(self, carry: Carry | None = None):
        """Within the block, a value met again (the very object) is encoded once, and a field's JSON text is
        written once: a state, its copy at another round and its JSON text share nearly every part.  Only
        for a block in which no value it encodes changes (states are values; the block must not hold a
        draft being written).

        ``carry``: what the last block given the same carry met is looked up too, so that the states of one
        game, which share most of their parts with the state before, are encoded in proportion to what
        changed.  Only one block's worth is carried, so memory stays that of two states."""
        here = self._here
        if here.memo is not None:  # nested: the outer block's memo serves
            yield
            return
        here.memo, here.texts, here.values, here.written = {}, {}, {}, {}
        here.older, here.older_texts, here.older_values = (carry.trees, carry.texts, carry.values) if carry else (_NONE,) * 3
        try:
            yield
        finally:
            if carry is not None:
                carry.trees, carry.texts, carry.values = here.memo, here.texts, here.values
            here.memo = here.texts = here.values = here.written = None
            here.older = here.older_texts = here.older_values = _NONE

    @property
    def sharing(self) -> bool:
        """Whether this thread is inside a shared block."""
        return self._here.memo is not None

    def encode(self, value):
        cls = type(value)
        if cls in _PLAIN:
            return value
        here = self._here
        memo = here.memo
        if memo is not None:
            key = id(value)
            hit = memo.get(key)
            if hit is None:
                hit = here.older.get(key)
                if hit is not None and hit[0] is value:
                    memo[key] = hit
                    return hit[1]
            elif hit[0] is value:
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
            decode = self.decode
            return self._build(tree.get("@"), {k: v if type(v) in _LEAVES else decode(v) for k, v in tree.items() if k != "@"})
        return tree

    def _build(self, name, kwargs: dict):
        cls = self.classes.get(name)
        if cls is None or cls not in self.fields:
            raise DecodeError(f"unknown value type {name!r}")
        try:
            return cls(**kwargs)
        except TypeError as e:
            raise DecodeError(f"{name}: {e}") from None

    def to_json(self, value) -> str:
        return self.text(value)

    def text(self, value, drop: tuple[str, ...] = (), put: dict | None = None) -> str:
        """The JSON text of ``value``'s encoding, with the top-level fields ``drop`` left out and those of
        ``put`` set: ``json.dumps(tree, sort_keys=True, separators=(",", ":"))``, byte for byte.

        Within a shared block each field's text is written once and kept with the field's encoding, so
        the text of a state whose fields are mostly those of the state before costs only what changed."""
        tree = self.encode(value)
        here = self._here
        if here.memo is None or type(tree) is not dict:
            if drop or put:
                tree = {k: v for k, v in tree.items() if k not in drop} | (put or {})
            return json.dumps(tree, sort_keys=True, separators=(",", ":"))
        fields = {k: v for k, v in tree.items() if k not in drop} | (put or {})
        pieces = [(k, self._field_text(v, here)) for k, v in sorted(fields.items())]
        text = "{" + ",".join(f"{_KEYS.get(k) or _key(k)}:{piece}" for k, piece in pieces) + "}"
        if not drop and not put and "@" in tree:  # (an object of a known class: what ``_read`` rebuilds)
            here.written[text] = pieces
        return text

    def _field_text(self, tree, here: _Block) -> str:
        cls = type(tree)
        if cls in _PLAIN:
            return (
                _STR(tree) if cls is str else int.__repr__(tree) if cls is int else "null" if tree is None else "true" if tree else "false"
            )
        texts, key = here.texts, id(tree)
        hit = texts.get(key) or here.older_texts.get(key)
        if hit is None or hit[0] is not tree:
            hit = (tree, json.dumps(tree, sort_keys=True, separators=(",", ":")))
        texts[key] = hit  # (the tree is held, so its id is not reused while the block lasts)
        return hit[1]

    def from_json(self, text: str, expected: type):
        here = self._here
        pieces = here.written.get(text) if here.written is not None else None
        value = self.decode(json.loads(text)) if pieces is None else self._read(pieces, here)
        if not isinstance(value, expected):
            raise DecodeError(f"the JSON does not hold a {expected.__name__}")
        return value

    def _read(self, pieces: list[tuple[str, str]], here: _Block):
        """The value of a text this block wrote (``text``), read field by field from the field texts it was
        written from: the same value as read whole, since an object's text is its fields' texts joined.  A
        field whose text was read before in this block or the carried one is that value again (values are
        immutable), so a game's round trips cost what changed, like its encodings."""
        values, older, fields = here.values, here.older_values, {}
        for k, piece in pieces:
            hit = values.get(piece)
            if hit is None:
                hit = older.get(piece)
                if hit is None:
                    tree = json.loads(piece)
                    hit = (tree if type(tree) in _LEAVES else self.decode(tree),)
                values[piece] = hit
            fields[k] = hit[0]
        name = fields.pop("@", None)
        return self._build(name, fields)
