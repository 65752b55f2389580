"""Clause knock-out: turn off the handler of one clause while a ``with`` block runs.

Model functions declare the clauses they implement (``Catalogue.implements`` sets
``fn.__clauses__``).  Knocking out a clause swaps the code of every function that declares it
for the code of a stub that does nothing and returns an empty value of the declared return type
(``None``, ``False``, ``0``, ``""``, an empty tuple, list or dict).  The function objects stay
the same, so every reference to them (continuation tables, op handlers, imports by name) sees
the stub; on leaving the block the original code is put back.  Outside a block nothing is
installed, so normal play pays nothing for this.

A function that declares several clauses is turned off whole: knocking out any one of its
clauses disables the others too (``shared_with`` names them, so reports can say so).

A target may also be a kind of work record of the ruleset's kernel (``model.common.kernel``): every
kind has exactly one handler, registered by type, and knocking the kind out turns that function off
the same way (the kernel's handler table keeps the function object, so it runs the stub).  This
reaches what no clause names: card timing, decision points, the plumbing between rules.  A target
is a clause when the ruleset's catalogue has it (most ids read ``FAMILY.NAME``, but not all: Aeon's
End has ``TRACKERS``), else the name of a kind (its class's name: :func:`is_clause`).  The kernel is
read off the ruleset's adapter (``ruleset.kernel``), never found by its module's name.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FunctionType


def _returns_none(*args, **kwargs):
    return None


def _returns_false(*args, **kwargs):
    return False


def _returns_zero(*args, **kwargs):
    return 0


def _returns_text(*args, **kwargs):
    return ""


def _returns_tuple(*args, **kwargs):
    return ()


def _returns_list(*args, **kwargs):
    return []


def _returns_dict(*args, **kwargs):
    return {}


#: The start of a return annotation -> the stub whose empty value has that type.
_STUBS = (
    ("bool", _returns_false),
    ("int", _returns_zero),
    ("str", _returns_text),
    ("tuple", _returns_tuple),
    ("list", _returns_list),
    ("dict", _returns_dict),
)


def stub_for(fn: FunctionType) -> FunctionType:
    """The stub matching ``fn``'s declared return type (annotations may be strings)."""
    ret = fn.__annotations__.get("return", "None")
    text = ret if isinstance(ret, str) else getattr(ret, "__name__", str(ret))
    for prefix, stub in _STUBS:
        if text.startswith(prefix):
            return stub
    return _returns_none


@dataclass(frozen=True)
class Handler:
    """A model function that declares clauses: what a knock-out swaps out."""

    function: FunctionType
    clauses: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__qualname__}"


def handlers(package: str) -> list[Handler]:
    """Every function in ``package`` (and its sub-modules) that declares clauses, in a stable order."""
    pkg = importlib.import_module(package)
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        importlib.import_module(info.name)
    seen: dict[int, Handler] = {}
    for name in sorted(sys.modules):
        mod = sys.modules[name]
        if mod is None or not (name == package or name.startswith(package + ".")):
            continue
        for obj in vars(mod).values():
            clauses = getattr(obj, "__clauses__", None)
            if clauses and isinstance(obj, FunctionType) and id(obj) not in seen:
                seen[id(obj)] = Handler(obj, tuple(dict.fromkeys(clauses)))
    return sorted(seen.values(), key=lambda h: (h.function.__module__, h.function.__code__.co_firstlineno))


def handlers_of(package: str, clause: str) -> list[Handler]:
    return [h for h in handlers(package) if clause in h.clauses]


def shared_with(package: str, clause: str) -> tuple[str, ...]:
    """Other clauses that a knock-out of ``clause`` turns off too (they share a handler)."""
    out: dict[str, None] = {}
    for h in handlers_of(package, clause):
        for c in h.clauses:
            if c != clause:
                out[c] = None
    return tuple(out)


class NothingToKnockOut(LookupError):
    """The clause has no handler function (it is data, or has no implementation)."""


@contextmanager
def knocked_out(package: str, clause: str) -> Iterator[list[Handler]]:
    """Within the block, every handler declaring ``clause`` does nothing."""
    targets = handlers_of(package, clause)
    if not targets:
        raise NothingToKnockOut(f"clause {clause!r} has no handler function in {package} to knock out")
    with _stubbed(targets):
        yield targets


@contextmanager
def _stubbed(targets: list[Handler]) -> Iterator[None]:
    """Each target's code swapped for its stub's within the block, and put back however the block ends."""
    saved = [(h.function, h.function.__code__) for h in targets]
    try:
        for h in targets:
            h.function.__code__ = stub_for(h.function).__code__
        yield
    finally:
        for fn, code in saved:
            fn.__code__ = code


# --- knock-out by kind of work record -----------------------------------------------------------


def is_clause(ruleset, target: str) -> bool:
    """Whether a knock-out target names a clause of ``ruleset`` rather than a kind of work record (a class name).

    Told by the catalogue, not by the look of the name: a clause id need not have a dot."""
    return target in ruleset.catalogue


def kinds(kernel) -> dict[str, FunctionType]:
    """Every kind of work record the kernel handles, by name (sorted), with its one handler; none without a kernel."""
    if kernel is None:
        return {}
    return {t.__name__: kernel.handler(t) for t in sorted(kernel.record_types(), key=lambda t: t.__name__)}


def kind_handler(kernel, kind: str) -> Handler:
    """The handler of the record kind ``kind``, with the clauses it declares (a knock-out of the kind turns them off too)."""
    fn = kinds(kernel).get(kind)
    if fn is None:
        raise NothingToKnockOut(f"{kind!r} is not a kind of work record with a handler")
    return Handler(fn, tuple(dict.fromkeys(getattr(fn, "__clauses__", ()))))


def kind_shared_with(kernel, kind: str) -> tuple[str, ...]:
    """What else a knock-out of ``kind`` turns off: the clauses its handler declares, then any other kind it handles."""
    h = kind_handler(kernel, kind)
    others = [k for k, fn in kinds(kernel).items() if fn is h.function and k != kind]
    return (*h.clauses, *others)


@contextmanager
def kind_knocked_out(kernel, kind: str) -> Iterator[list[Handler]]:
    """Within the block, the handler of the record kind ``kind`` does nothing."""
    targets = [kind_handler(kernel, kind)]
    with _stubbed(targets):
        yield targets


def target_handlers(ruleset, target: str) -> list[Handler]:
    """What a knock-out of ``target`` (a clause id or a record kind of ``ruleset``) swaps out."""
    return handlers_of(ruleset.package, target) if is_clause(ruleset, target) else [kind_handler(ruleset.kernel, target)]


def target_shared_with(ruleset, target: str) -> tuple[str, ...]:
    """What else a knock-out of ``target`` turns off (:func:`shared_with`, :func:`kind_shared_with`)."""
    return shared_with(ruleset.package, target) if is_clause(ruleset, target) else kind_shared_with(ruleset.kernel, target)


def target_knocked_out(ruleset, target: str):
    """The knock-out of ``target``, a clause id or a record kind of ``ruleset`` (:func:`knocked_out`, :func:`kind_knocked_out`)."""
    return knocked_out(ruleset.package, target) if is_clause(ruleset, target) else kind_knocked_out(ruleset.kernel, target)
