"""Hypothesis profiles: a quick default, ``ci`` and a long ``thorough`` (HYPOTHESIS_PROFILE picks one)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
settings.register_profile("thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))


def pytest_sessionstart(session) -> None:
    """Clear the fuzz tallies of an earlier session (in the controller, or a run without xdist)."""
    from tests.fuzz.budget import TALLY_DIR

    if not hasattr(session.config, "workerinput"):
        import shutil

        shutil.rmtree(TALLY_DIR, ignore_errors=True)


def pytest_terminal_summary(terminalreporter) -> None:
    """What became of the fuzz inputs of this session, per loader (see tests/fuzz/budget.py)."""
    import json
    from collections import Counter

    from tests.fuzz.budget import PROFILE, TALLY_DIR

    if not TALLY_DIR.is_dir():
        return
    totals: dict[str, Counter] = {}
    for f in sorted(TALLY_DIR.glob("*.json")):
        totals.setdefault(f.stem.rsplit("-", 1)[0], Counter()).update(json.loads(f.read_text()))
    if totals:
        terminalreporter.section(f"fuzz inputs (profile {PROFILE})")
        for loader, c in sorted(totals.items()):
            parts = ", ".join(f"{n:,} {k}" for k, n in sorted(c.items()))
            terminalreporter.write_line(f"{loader}: {sum(c.values()):,} inputs: {parts}")
