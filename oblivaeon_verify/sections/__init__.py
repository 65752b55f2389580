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
    the section's body in Markdown (Mermaid blocks allowed);
``findings(data: dict) -> dict`` (optional)
    what failed and what could not be decided, each one line: ``{"failed": [...], "inconclusive": [...]}``
    (a violated proof fails; an unknown or only bounded one is inconclusive).  The report's verdict
    counts them; a section without ``findings`` claims nothing.

``headline(data: dict) -> str`` (optional)
    what the section checked, in one phrase of plain words with its figures, for the report's
    first screen ("84 invariants checked after every step of 30 games (12,000 steps)").

``warnings(data: dict) -> list[str]`` (optional)
    coverage warnings, one line each: what a reviewer should look at, counted by the verdict as
    neither a failure nor an unknown (the census's unresolved flags).

A section with ``IN_A_WORKER = True`` starts no campaign of its own and needs no interrupt of its own (no
Z3 query to cut short): the report runs it in a pool worker beside the games, not in its own process
after them (:func:`in_a_worker`).

A section with ``FROM_CAMPAIGN = True`` plays nothing of its own: instead of ``collect`` it has
``from_campaign(ruleset, census, *, seed, games) -> dict``, and the report builds it from what its
random-play games gathered (:func:`entry`).

A section whose module is absent is reported as missing, never faked.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from oblivaeon_verify import interrupts
from oblivaeon_verify.timing import without_timing


def findings(module: ModuleType, data: dict) -> dict[str, list[str]]:
    """The section's own failures and unknowns (none when it declares no ``findings``), sorted."""
    fn = getattr(module, "findings", None)
    raw = fn(data) if fn is not None else {}
    return {"failed": sorted(raw.get("failed", ())), "inconclusive": sorted(raw.get("inconclusive", ()))}


def available() -> list[ModuleType]:
    mods = [importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
    return sorted(mods, key=lambda m: (getattr(m, "ORDER", 100), m.__name__))


def headline(module: ModuleType, data: dict) -> str:
    """The section's one-phrase account of what it checked ("" when it declares no ``headline``)."""
    fn = getattr(module, "headline", None)
    return fn(data) if fn is not None else ""


def names() -> list[str]:
    """Every section's name, in report order."""
    return [m.__name__.rsplit(".", 1)[1] for m in available()]


def warnings(module: ModuleType, data: dict) -> list[str]:
    """The section's coverage warnings (none when it declares no ``warnings``), sorted."""
    fn = getattr(module, "warnings", None)
    return sorted(fn(data)) if fn is not None else []


def in_a_worker(name: str) -> bool:
    """Whether the section may run in a pool worker, beside the games (``IN_A_WORKER``), not in the commanding process."""
    return bool(getattr(_module(name), "IN_A_WORKER", False))


def _module(name: str) -> ModuleType:
    return next(m for m in available() if m.__name__.rsplit(".", 1)[1] == name)


def from_campaign(module: ModuleType) -> bool:
    """Whether the report builds the section from its random-play games instead of running it as a task."""
    return bool(getattr(module, "FROM_CAMPAIGN", False))


def entry(module: ModuleType, data: dict, body: str | None = None) -> dict:
    """A section's report entry from its data: its Markdown (``body`` when already written), headline, findings and warnings."""
    name = module.__name__.rsplit(".", 1)[1]
    return {
        "name": name,
        "title": getattr(module, "TITLE", name),
        "status": "ok",
        "data": data,
        "markdown": (module.markdown(data) if body is None else body).rstrip() + "\n",
        "headline": headline(module, data),
        **findings(module, data),
        "warnings": warnings(module, data),
    }


def run(ruleset, name: str, *, seed: int, quick: bool) -> dict:
    """One section's entry (its data, Markdown and findings, or why it failed) and its timing, apart."""
    mod = _module(name)
    title = getattr(mod, "TITLE", name)
    try:
        raw = mod.collect(ruleset, seed=seed, quick=quick)
        timing = raw.get("timing") if isinstance(raw, dict) else None
        data = without_timing(raw)
        body = mod.markdown(data)
    except Exception as e:  # a broken section is reported, not hidden, and does not lose the rest
        if interrupts.received() is not None:  # not broken: interrupted (a library raised something else)
            raise interrupts.stopped(e) from None
        return {
            "section": {"name": name, "title": title, "status": "error", "message": f"the section failed: {type(e).__name__}: {e}"},
            "timing": None,
        }
    return {"section": entry(mod, data, body), "timing": timing}
