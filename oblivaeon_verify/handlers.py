"""Counting how often each clause's handler runs, without slowing normal play.

Model functions declare the clauses they implement (``Catalogue.implements``).  While a
:func:`counting` block is active, a call-only trace hook counts calls of exactly those functions;
outside it nothing is installed and play runs at full speed.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager


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
            # a knocked-out handler runs knockout's stub code, which is no rule of the package
            if clauses and code is not None and code.co_filename.startswith(roots):
                codes[code] = tuple(dict.fromkeys(clauses))
    return codes


@contextmanager
def _on_calls(codes: dict, seen) -> Iterator[None]:
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


@contextmanager
def counting(package: str, counts: Counter) -> Iterator[Counter]:
    def seen(_code, clauses):
        for c in clauses:
            counts[c] += 1

    with _on_calls(declared_codes(package), seen):
        yield counts


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
        self._hook = _on_calls(self._codes, self._seen)
        self._hook.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._hook.__exit__(*exc)

    def take(self) -> dict[str, str]:
        """clause -> the first function implementing it that ran since the last take, by clause."""
        out = dict(sorted(self._ran.items()))
        self._ran.clear()
        return out
