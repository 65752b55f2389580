"""Counting how often each clause's handler runs, without slowing normal play.

Model functions declare the clauses they implement (``Catalogue.implements``).  While a
:func:`counting` block is active, each of exactly those functions counts its calls: its code is
swapped for a small counting entry that calls the function's own code (:class:`_Entries`), the
way a knock-out swaps in a stub.  Every other call runs at full speed, inside the block and out.
(A call-only trace hook, used before, cost a Python call on every call of the game: handler-counted
play ran about 3 times slower than plain play.)  :class:`Acting`, which needs to know only which
rules ran at a few steps, keeps the trace hook.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType, FunctionType


def declared_codes(package: str) -> dict:
    """code object -> clause ids, for every function in ``package`` that declares clauses."""
    pkg = importlib.import_module(package)
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        importlib.import_module(info.name)
    roots = tuple(pkg.__path__)
    codes: dict = {}
    for name, mod in list(sys.modules.items()):
        if not (name == package or name.startswith(package + ".")) or mod is None:
            continue
        for obj in vars(mod).values():
            fn = getattr(obj, "__wrapped__", obj)
            clauses = getattr(fn, "__clauses__", None)
            code = getattr(fn, "__code__", None)
            code = _ENTRIES.own_code.get(code, code)  # a function counting its calls now: its own code
            # a knocked-out handler runs knockout's stub code, which is no rule of the package
            if clauses and code is not None and code.co_filename.startswith(roots):
                codes[code] = tuple(dict.fromkeys(clauses))
    return codes


@contextmanager
def on_calls(codes: dict, seen) -> Iterator[None]:
    """Call ``seen(code, clauses)`` whenever a function whose code is in ``codes`` is entered.

    A call-only hook: it hands the frame on to the previous hook (a coverage tracer, say) and adds no
    local tracer of its own, so play slows only by one Python call per call.
    """
    previous = sys.gettrace()

    def tracer(frame, event, arg):
        clauses = codes.get(frame.f_code)
        if clauses is not None:
            seen(frame.f_code, clauses)
        return previous(frame, event, arg) if previous is not None else None

    sys.settrace(tracer)
    try:
        yield
    finally:
        sys.settrace(previous)


def _counted(index: int, args: tuple, kwargs: dict):
    """What a counting entry calls: count the call for this thread's blocks, then run the function's own code."""
    own, clauses = _ENTRIES.called[index]
    for counts in _ENTRIES.blocks():
        for c in clauses:
            counts[c] += 1
    return own(*args, **kwargs)


_HOOK = "_clause_handler_called_"
"""The name under which a counting entry finds :func:`_counted`: set in the globals of a module while one of its
functions counts (an entry runs with its function's globals, and has no closure to carry it)."""


def _entry(*args, **kwargs):
    return _clause_handler_called_(-1, args, kwargs)  # noqa: F821  (-1: replaced by the function's index)


class _Entries:
    """The counting entries installed, shared by every block of every thread (a function has one code)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.called: dict[int, tuple[FunctionType, tuple[str, ...]]] = {}
        """index -> (a copy of the function running its own code, its clauses)"""
        self.swapped: dict[str, list[tuple[FunctionType, CodeType, int]]] = {}
        """package -> (function, its own code, its index) for each function swapped, while a block of the package lasts"""
        self._indices = itertools.count()
        self.own_code: dict[CodeType, CodeType] = {}
        """entry code -> the function's own code (so that :func:`declared_codes` sees through an entry)"""
        self.users: Counter = Counter()
        self._local = threading.local()

    def blocks(self) -> list[Counter]:
        """This thread's counters (a Dask worker may play in threads: another thread's calls are not this block's)."""
        return getattr(self._local, "counters", ())

    def enter(self, package: str, counts: Counter) -> None:
        codes = declared_codes(package)
        with self.lock:
            if self.users[package] == 0:
                self.swapped[package] = self._install(codes, package)
            self.users[package] += 1
        self._local.counters = [*self.blocks(), counts]

    def exit(self, package: str, counts: Counter) -> None:
        mine = list(self.blocks())
        mine.remove(counts)
        self._local.counters = mine
        with self.lock:
            self.users[package] -= 1
            if self.users[package] == 0:
                for fn, code, index in reversed(self.swapped.pop(package)):
                    del self.own_code[fn.__code__], self.called[index]
                    fn.__code__ = code

    def _install(self, codes: dict, package: str) -> list[tuple[FunctionType, CodeType, int]]:
        swapped = []
        for name, mod in sorted(sys.modules.items()):
            if not (name == package or name.startswith(package + ".")) or mod is None:
                continue
            for fn in list(vars(mod).values()):
                if isinstance(fn, FunctionType) and fn.__code__ in codes and fn.__module__ == name and fn.__closure__ is None:
                    swapped.append((fn, fn.__code__, self._swap(fn, codes[fn.__code__])))
        return swapped

    def _swap(self, fn: FunctionType, clauses: tuple[str, ...]) -> int:
        own = FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, None)
        own.__kwdefaults__ = fn.__kwdefaults__
        index = next(self._indices)
        consts = tuple(index if c == -1 else c for c in _entry.__code__.co_consts)
        code = _entry.__code__.replace(co_consts=consts, co_name=fn.__code__.co_name, co_qualname=fn.__code__.co_qualname)
        self.called[index] = (own, clauses)
        self.own_code[code] = fn.__code__
        fn.__globals__[_HOOK] = _counted  # (left in place: harmless, and another package's entry may share the module)
        fn.__code__ = code
        return index


_ENTRIES = _Entries()


@contextmanager
def counting(package: str, counts: Counter) -> Iterator[Counter]:
    """Within the block, ``counts[clause]`` grows by one at every call, in this thread, of a function of ``package``
    that declares ``clause``."""
    _ENTRIES.enter(package, counts)
    try:
        yield counts
    finally:
        _ENTRIES.exit(package, counts)


class Acting:
    """Which of some clauses' rules ran: a function that declares one of them was called.

    For a rule that leaves neither a state fact nor an event citing it (placing the markers at
    setup, the order of turns), its function running is how a witness shows it.  ``with acting:``
    around a model call, then :meth:`take` what ran.
    """

    def __init__(self, package: str, clauses) -> None:
        wanted = set(clauses)
        self._codes = {code: tuple(c for c in cs if c in wanted) for code, cs in declared_codes(package).items() if wanted & set(cs)}
        self._ran: dict[str, str] = {}
        self._hook = None

    def _seen(self, code, clauses) -> None:
        for c in clauses:
            self._ran.setdefault(c, code.co_qualname)

    def __enter__(self) -> Acting:
        self._hook = on_calls(self._codes, self._seen)
        self._hook.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._hook.__exit__(*exc)

    def take(self) -> dict[str, str]:
        """clause -> the first function implementing it that ran since the last take, by clause."""
        out = dict(sorted(self._ran.items()))
        self._ran.clear()
        return out
