"""Model parameters for every ruleset: declared with their type and bounds, read and checked by one checker.

A ruleset declares its parameters as a frozen dataclass.  Each field's annotation gives its type and
its bounds, with the reason for them in a few words (what the model does with the value)::

    starting_hand: Annotated[int, Range(0, 20, "cards: a hero deck holds 13 to 18")] = 4
    \"\"\"Its documentation.\"\"\"

Types understood: ``int`` (with a :class:`Range`), ``str`` (with a :class:`Size` and optionally
:class:`OneOf`), an ``enum.Enum`` (by value), a fixed-length tuple of ints (``tuple[int, int, int]``,
a :class:`Range` for each), and a variable-length tuple of nested dataclasses declared the same way
(``tuple[ShieldSpec, ...]``, a :class:`Size` for how many).  A dataclass may add rules between its
fields as a ``conflicts()`` method yielding ``(key, message)``.

Overrides come from a TOML file (a ``[parameters]`` table or top-level keys), a replay file's
``parameters`` object, a scenario's ``[parameters]``, or ``--param NAME=VALUE`` pairs (text: integers
are ASCII digits, lists are comma-separated).  Every refusal is one line naming the source and the
key and saying what was expected; ``oblivaeon-verify params`` lists every parameter.
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import enum
import functools
import inspect
import re
import textwrap
import tomllib
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oblivaeon_verify.model.common.files import InputError, read_text

INTEGER_TEXT = re.compile(r"-?[0-9]+")
"""An integer written as text: ASCII digits only (int() would also take '+5', ' 5', '5_000' and digits of other scripts)."""

MAX_DIGITS = 18
"""Longer integer texts are out of every bound; refusing them by length also spares int() its 4,300-digit limit."""

LISTED = "oblivaeon-verify params lists every parameter"


class ParameterError(InputError):
    """A parameter override named an unknown parameter, gave a value of the wrong type or out of bounds, or could not be read."""


@dataclass(frozen=True)
class Range:
    """An integer from ``low`` to ``high`` inclusive (each integer, for a tuple); ``why``: what bounds it."""

    low: int
    high: int
    why: str

    def words(self) -> str:
        return f"from {self.low:,} to {self.high:,}"


@dataclass(frozen=True)
class Size:
    """How many: characters of a string, or items of a variable-length tuple; ``why``: what bounds it."""

    low: int
    high: int
    why: str


@dataclass(frozen=True)
class OneOf:
    """A string that must be one of ``choices`` (names the model knows)."""

    choices: tuple[str, ...]
    why: str


# --- the declarations ------------------------------------------------------------------------


@dataclass(frozen=True)
class Declared:
    """One parameter as its dataclass declares it."""

    name: str
    kind: Any
    """``int``, ``str``, an Enum class, a dataclass, or ``tuple`` (see ``item`` and ``length``)."""
    item: Any = None
    """For a tuple: the type of its items (``int`` or a dataclass)."""
    length: int | None = None
    """For a fixed-length tuple: its length."""
    range: Range | None = None
    size: Size | None = None
    one_of: OneOf | None = None
    required: bool = False
    """No default: a nested table must give it."""
    default: Any = None
    doc: str = ""

    @property
    def is_reading(self) -> bool:
        """An Enum-valued parameter is a *reading*: a documented choice where the rulebook reads two ways
        (``oblivaeon-verify params`` lists it as ``reading``; ``graphs.divergence`` finds where its values part)."""
        return isinstance(self.kind, type) and issubclass(self.kind, enum.Enum)

    def expected(self) -> str:
        """What a value must be, in words (for messages and ``oblivaeon-verify params``)."""
        if self.kind is int:
            return f"an integer {self.range.words()} ({self.range.why})"
        if self.is_reading:
            return f"one of {[m.value for m in self.kind]}"
        if self.kind is str:
            if self.one_of:
                return f"one of {list(self.one_of.choices)} ({self.one_of.why})"
            return f"a string of {self.size.low} to {self.size.high} printable characters ({self.size.why})"
        if self.item is int:
            return f"a list of {self.length} integers, each {self.range.words()} ({self.range.why})"
        fields = ", ".join(d.name for d in declarations(self.item))
        return f"a list of {self.size.low} to {self.size.high} tables with keys {fields} ({self.size.why})"

    def type_words(self) -> str:
        if self.kind is int:
            return "integer"
        if self.is_reading:
            return "reading"
        if self.kind is str:
            return "name" if self.one_of else "text"
        if self.item is int:
            return f"list of {self.length} integers"
        return "list of tables"

    def bounds_words(self) -> str:
        if self.range:
            return ("each " if self.kind is tuple else "") + f"{self.range.low:,} to {self.range.high:,} ({self.range.why})"
        if self.one_of:
            return f"one of {', '.join(self.one_of.choices)} ({self.one_of.why})"
        if self.is_reading:
            return f"one of {', '.join(m.value for m in self.kind)}"
        unit = "characters" if self.kind is str else "tables"
        return f"{self.size.low} to {self.size.high} {unit} ({self.size.why})"


@functools.cache
def declarations(cls) -> tuple[Declared, ...]:
    """Every field of the parameters dataclass ``cls``, with its type, bounds, default and documentation."""
    hints = typing.get_type_hints(cls, include_extras=True)
    docs = field_docs(cls)
    out = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        meta: tuple = ()
        if typing.get_origin(hint) is typing.Annotated:
            hint, *rest = typing.get_args(hint)
            meta = tuple(rest)
        marks = {type(m): m for m in meta}
        item = length = None
        kind = hint
        if typing.get_origin(hint) is tuple:
            args = typing.get_args(hint)
            kind = tuple
            if len(args) == 2 and args[1] is Ellipsis:
                item = args[0]
            else:
                item, length = args[0], len(args)
                if any(a is not item for a in args):
                    raise TypeError(f"{cls.__name__}.{f.name}: a fixed-length tuple's items must share one type")
        d = Declared(
            f.name,
            kind,
            item,
            length,
            marks.get(Range),
            marks.get(Size),
            marks.get(OneOf),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            None if f.default is dataclasses.MISSING else f.default,
            docs.get(f.name, ""),
        )
        _check_declaration(cls, d)
        out.append(d)
    return tuple(out)


def readings(cls) -> tuple[Declared, ...]:
    """The readings among the parameters of dataclass ``cls``, in declaration order (:attr:`Declared.is_reading`)."""
    return tuple(d for d in declarations(cls) if d.is_reading)


def _check_declaration(cls, d: Declared) -> None:
    """A declaration the checker cannot read is a programming error: refuse it when first read (each
    ruleset's parameters module reads its declarations as it is imported)."""
    enum_kind = d.is_reading
    ok = (
        (d.kind is int and d.range is not None)
        or enum_kind
        or (d.kind is str and (d.size is not None or d.one_of is not None))
        or (d.kind is tuple and d.item is int and d.length is not None and d.range is not None)
        or (d.kind is tuple and dataclasses.is_dataclass(d.item) and d.length is None and d.size is not None)
    )
    if not ok:
        raise TypeError(
            f"{cls.__name__}.{d.name}: declare int with Range, str with Size or OneOf, an Enum, tuple[int, ...] with Range, or tuple[Dataclass, ...] with Size"
        )


def field_docs(cls) -> dict[str, str]:
    """The string written under each field of a class (its documentation), read from the source."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body
    out: dict[str, str] = {}
    for node, nxt in zip(body, body[1:]):
        if isinstance(node, (ast.AnnAssign, ast.Assign)) and isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if isinstance(target, ast.Name) and isinstance(nxt.value.value, str):
                out[target.id] = " ".join(nxt.value.value.split())
    return out


# --- checking one value --------------------------------------------------------------------------


def _shown(raw: Any) -> str:
    """A value as an error message shows it: short, on one line, with its kind when that is the problem."""
    if isinstance(raw, bool):
        return f"{str(raw).lower()} (a boolean)"
    if isinstance(raw, int):
        return f"{raw:,}" if abs(raw) < 10**MAX_DIGITS else f"an integer of more than {MAX_DIGITS} digits"
    if isinstance(raw, float):
        return f"{raw!r} (a number with a fraction or exponent)"
    if isinstance(raw, str):
        text = raw if len(raw) <= 40 else raw[:40] + "..."
        return repr(text)
    kind = {list: "a list", dict: "a table", tuple: "a list"}.get(type(raw), type(raw).__name__)
    text = repr(raw)
    return f"{text if len(text) <= 40 else text[:40] + '...'} ({kind})"


class _Fail(Exception):
    """Raised inside the checker with the key path and the problem; turned into one ParameterError line."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(key, problem)
        self.key, self.problem = key, problem


def _integer(raw: Any, d: Declared, key: str, text: bool, expected: str) -> int:
    if text and isinstance(raw, str):
        if not INTEGER_TEXT.fullmatch(raw):
            raise _Fail(key, f"must be {expected}, not {_shown(raw)} (write ASCII digits 0-9, with - for a negative number)")
        if len(raw.lstrip("-")) > MAX_DIGITS:
            raise _Fail(key, f"must be {expected}, not an integer of more than {MAX_DIGITS} digits")
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise _Fail(key, f"must be {expected}, not {_shown(raw)}")
    if not d.range.low <= raw <= d.range.high:
        raise _Fail(key, f"must be {expected}, not {_shown(raw)}")
    return raw


def _value(d: Declared, raw: Any, key: str, text: bool) -> Any:
    """``raw`` checked against declaration ``d`` and converted to its type, or _Fail naming ``key``."""
    expected = d.expected()
    if d.kind is int:
        return _integer(raw, d, key, text, expected)
    if d.is_reading:
        values = [m.value for m in d.kind]
        if not isinstance(raw, str) or raw not in values:
            raise _Fail(key, f"must be {expected}, not {_shown(raw)}")
        return d.kind(raw)
    if d.kind is str:
        if not isinstance(raw, str):
            raise _Fail(key, f"must be {expected}, not {_shown(raw)}")
        if d.one_of and raw not in d.one_of.choices:
            near = difflib.get_close_matches(raw, d.one_of.choices, 1)
            raise _Fail(key, f"must be {expected}, not {_shown(raw)}" + (f" (did you mean {near[0]!r}?)" if near else ""))
        if d.size and (not d.size.low <= len(raw) <= d.size.high or not raw.isprintable()):
            raise _Fail(key, f"must be {expected}, not {_shown(raw)}")
        return raw
    if d.item is int:
        given = raw
        if text and isinstance(raw, str):
            inner = raw.strip()
            if inner.startswith("[") and inner.endswith("]"):
                inner = inner[1:-1]
            raw = [x.strip() for x in inner.split(",")] if inner.strip() else []
            how = f" (write {d.length} comma-separated integers, e.g. {key}={','.join(map(str, d.default or ()))})"
        else:
            how = ""
        if not isinstance(raw, list) or len(raw) != d.length:
            raise _Fail(key, f"must be {expected}, not {_shown(given)}{how}")
        one = dataclasses.replace(d, kind=int, item=None, length=None)
        return tuple(_integer(x, one, f"{key}[{i}]", text, one.expected()) for i, x in enumerate(raw))
    # a list of nested tables (e.g. OblivAeon's Shields)
    if text:
        raise _Fail(key, f"is a list of tables and cannot be given as --param; write it in a --params file ([[{key}]] tables)")
    if not isinstance(raw, list) or not d.size.low <= len(raw) <= d.size.high:
        raise _Fail(key, f"must be {expected}, not {_shown(raw)}")
    return tuple(_table(d.item, item, f"{key}[{i}]") for i, item in enumerate(raw))


def _table(cls, raw: Any, key: str) -> Any:
    """One nested table (a dataclass declared like the parameters), field by field, then its own cross-field rules."""
    decls = {d.name: d for d in declarations(cls)}
    if not isinstance(raw, dict):
        raise _Fail(key, f"must be a table with keys {', '.join(decls)}, not {_shown(raw)}")
    for name in raw:
        if name not in decls:
            raise _Fail(f"{key}.{name}", f"is not a key of a {cls.__name__}; its keys: {', '.join(decls)}")
    missing = [n for n, d in decls.items() if d.required and n not in raw]
    if missing:
        raise _Fail(key, f"misses {', '.join(missing)}; a {cls.__name__} needs {', '.join(n for n, d in decls.items() if d.required)}")
    value = cls(**{name: _value(decls[name], v, f"{key}.{name}", False) for name, v in raw.items()})
    _consistent(value, f"{key}.")
    return value


def _consistent(value: Any, prefix: str = "") -> None:
    """The dataclass's own rules between its fields (``conflicts()``), the first one broken."""
    for sub, problem in getattr(value, "conflicts", lambda: ())():
        raise _Fail(f"{prefix}{sub}", problem)


# --- overrides --------------------------------------------------------------------------------


def known_names(cls) -> str:
    return ", ".join(sorted(d.name for d in declarations(cls)))


def with_overrides(
    base, overrides: Mapping[str, Any], where: str = "parameters", *, text: bool = False, prefix: str = "", consistent: bool = True
):
    """``base`` with ``overrides`` (name -> value) applied, each checked against its declaration.

    ``where`` names the source in messages (a file, ``--param``); ``prefix`` goes before each key
    (``parameters.`` for a replay file's object); ``text``: the values are command-line text.
    ``consistent``: also check the rules between fields (off while sources are still being stacked).
    """
    cls = type(base)
    decls = {d.name: d for d in declarations(cls)}
    if not isinstance(overrides, Mapping):
        raise ParameterError(
            f"{where}: {prefix.rstrip('.') or 'parameters'} must be a table of parameter overrides, not {_shown(overrides)}"
        )
    changes = {}
    try:
        for name, raw in overrides.items():
            if name not in decls:
                near = difflib.get_close_matches(str(name), list(decls), 1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise ParameterError(
                    f"{where}: unknown parameter {str(name)[:60]!r}{hint}; known parameters: {known_names(cls)} ({LISTED})"
                )
            changes[name] = _value(decls[name], raw, f"{prefix}{name}", text)
        params = dataclasses.replace(base, **changes)
        if consistent:
            _consistent(params, prefix)
    except _Fail as e:
        raise ParameterError(f"{where}: {e.key} {e.problem}") from None
    return params


def checked_defaults(params):
    """``params`` (a ruleset's defaults), each value checked against its own declaration and the rules between fields,
    at import: a default outside its declared bounds is a programming error, said in one line naming the field, not
    found on a user's first override or never."""
    with_overrides(params, plain(params), f"{type(params).__module__}'s defaults")
    return params


def check_consistent(params, where: str) -> None:
    """The rules between fields, for parameters stacked from several sources (``where`` names them)."""
    try:
        _consistent(params)
    except _Fail as e:
        raise ParameterError(f"{where}: {e.key} {e.problem}") from None


def read_file(path: str | Path) -> tuple[dict, str]:
    """A parameter file's overrides and the prefix of their keys (``parameters.`` for a ``[parameters]`` table)."""
    p = Path(path)
    text = read_text(p, "parameter file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ParameterError(f"{p}: not valid TOML: {e}") from None
    except (ValueError, RecursionError) as e:  # an integer of thousands of digits; arrays nested thousands deep
        raise ParameterError(f"{p}: not readable TOML ({' '.join(str(e).split())[:80] or type(e).__name__})") from None
    if "parameters" not in data:
        return data, ""
    table = data["parameters"]
    others = sorted(k for k in data if k != "parameters")
    if others:
        raise ParameterError(f"{p}: {others[0]} is outside the [parameters] table; put every override in it (or none: top-level keys)")
    if not isinstance(table, dict):
        raise ParameterError(f"{p}: parameters must be a [parameters] table, not {_shown(table)}")
    return table, "parameters."


def read_pairs(cli: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``NAME=VALUE`` pairs as given on the command line (each name once)."""
    pairs: dict[str, str] = {}
    for item in cli:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ParameterError(f"--param {item[:60]!r}: expected NAME=VALUE ({LISTED})")
        if name in pairs:
            raise ParameterError(f"--param {name}: given twice; give each parameter once")
        pairs[name] = value.strip()
    return pairs


def load(defaults, path: str | Path | None = None, cli: tuple[str, ...] | list[str] = ()):
    """``defaults``, then a TOML file, then ``name=value`` pairs; the rules between fields checked on the result."""
    params = defaults
    sources = []
    if path is not None:
        table, prefix = read_file(path)
        params = with_overrides(params, table, str(path), prefix=prefix, consistent=False)
        sources.append(str(path))
    pairs = read_pairs(cli)
    if pairs:
        params = with_overrides(params, pairs, "--param", text=True, consistent=False)
        sources.append("--param")
    check_consistent(params, " with ".join(sources) or "parameters")
    return params


# --- describing -------------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """Parameters as plain JSON/TOML values: enums by value, tuples as lists, nested dataclasses as tables."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


def describe(defaults) -> list[dict]:
    """Every parameter of ``defaults``' class (nested tables' keys as ``shields[].name``): name, type,
    bounds and their reason, default and documentation; a reading's values with their documentation."""
    rows = []

    def add(d: Declared, name: str, default: Any) -> None:
        doc = d.doc
        values = {}
        if d.is_reading:
            doc = doc or " ".join((d.kind.__doc__ or "").split())
            member_docs = field_docs(d.kind)
            values = {m.value: member_docs.get(m.name, "") for m in d.kind}
        rows.append(
            {
                "name": name,
                "type": d.type_words(),
                "bounds": d.bounds_words(),
                "default": plain(default),
                **({"required": True} if d.required else {}),
                "doc": doc,
                **({"values": values} if values else {}),
            }
        )

    for d in declarations(type(defaults)):
        add(d, d.name, getattr(defaults, d.name))
        if d.kind is tuple and dataclasses.is_dataclass(d.item):
            for sub in declarations(d.item):
                add(sub, f"{d.name}[].{sub.name}", None if sub.required else sub.default)
    return rows
