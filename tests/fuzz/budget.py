"""How many malformed inputs each fuzz test tries, per Hypothesis profile, and the tally it keeps.

The ``thorough`` profile (``HYPOTHESIS_PROFILE=thorough pytest tests/fuzz``) runs at least the
counts the trust issue asks for; ``ci`` and the quick default run a small budget.  Each fuzz test
counts what became of its inputs (loaded, or refused with a clear error); the counts of one run are
printed at the end of the session (``tests/fuzz/conftest.py``).  A traceback, a hang or an invalid
value accepted fails the test, so a passing run has none.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")

#: loader -> examples per profile
BUDGETS: dict[str, dict[str, int]] = {
    "default": {"scenarios": 60, "clarifications": 60, "parameters": 60, "replays": 60, "cli": 40, "shards": 60},
    "ci": {"scenarios": 150, "clarifications": 150, "parameters": 100, "replays": 100, "cli": 60, "shards": 100},
    "thorough": {"scenarios": 10_000, "clarifications": 5_000, "parameters": 2_000, "replays": 2_000, "cli": 1_000, "shards": 2_000},
}

TALLY_DIR = Path(__file__).resolve().parents[2] / ".hypothesis" / "fuzz-tallies"
CORPUS = Path(__file__).resolve().parent / "corpus"
"""Minimised inputs that once broke a loader, one folder per loader; each is replayed by the tests."""


def examples(loader: str, share: float = 1.0) -> int:
    """Examples for one fuzz test of ``loader`` (``share``: this test's part of the loader's budget)."""
    return max(1, round(BUDGETS.get(PROFILE, BUDGETS["default"])[loader] * share))


class Tally:
    """What became of one loader's fuzz inputs in this process; written out when the process ends a test."""

    def __init__(self, loader: str) -> None:
        self.loader = loader
        self.counts: Counter = Counter()

    def __call__(self, outcome: str) -> None:
        self.counts[outcome] += 1

    def flush(self) -> None:
        if not self.counts:
            return
        TALLY_DIR.mkdir(parents=True, exist_ok=True)
        path = TALLY_DIR / f"{self.loader}-{os.getpid()}.json"
        old = Counter(json.loads(path.read_text())) if path.exists() else Counter()
        path.write_text(json.dumps(dict(old + self.counts), sort_keys=True))
        self.counts.clear()
