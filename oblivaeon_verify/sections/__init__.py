"""Report sections, one module each, found by listing this package.

A section module offers:

``TITLE: str``
    the heading in the report;
``ORDER: int``
    where it goes (lower first);
``collect(ruleset, *, seed: int, quick: bool) -> dict``
    runs its checks and returns a JSON-able summary, identical for identical inputs (no timestamps,
    stable ordering; timing figures only under a ``"timing"`` key, which reports leave out of page
    bodies unless asked);
``markdown(data: dict) -> str``
    the section's body in Markdown (Mermaid blocks allowed).

A section whose module is absent is reported as missing, never faked.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def available() -> list[ModuleType]:
    mods = [importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
    return sorted(mods, key=lambda m: (getattr(m, "ORDER", 100), m.__name__))
