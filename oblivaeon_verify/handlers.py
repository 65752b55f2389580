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
    codes: dict = {}
    for name, mod in list(sys.modules.items()):
        if not (name == package or name.startswith(package + ".")) or mod is None:
            continue
        for obj in vars(mod).values():
            fn = getattr(obj, "__wrapped__", obj)
            clauses = getattr(fn, "__clauses__", None)
            code = getattr(fn, "__code__", None)
            if clauses and code is not None:
                codes[code] = tuple(dict.fromkeys(clauses))
    return codes


@contextmanager
def counting(package: str, counts: Counter) -> Iterator[Counter]:
    codes = declared_codes(package)
    previous = sys.gettrace()

    def tracer(frame, event, arg):
        clauses = codes.get(frame.f_code)
        if clauses is not None:
            for c in clauses:
                counts[c] += 1
        return previous(frame, event, arg) if previous is not None else None

    sys.settrace(tracer)
    try:
        yield counts
    finally:
        sys.settrace(previous)
