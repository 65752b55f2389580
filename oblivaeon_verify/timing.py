"""Timing figures are kept apart from results: under ``"timing"`` keys, which outputs leave out.

Results are byte-identical for a seed (across processes, hash seeds and worker counts); seconds
and rates are not, so every JSON output and report drops them unless asked (``--timing``).
"""

from __future__ import annotations

from typing import Any

KEY = "timing"


def without_timing(value: Any) -> Any:
    """A copy of ``value`` without any ``"timing"`` key, at any depth."""
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k != KEY}
    if isinstance(value, (list, tuple)):
        return [without_timing(v) for v in value]
    return value


def move_seconds(row: dict) -> dict:
    """A result row whose measured ``seconds`` go under its ``timing`` (a copy; the row is left as it was)."""
    out = {k: v for k, v in row.items() if k != "seconds"}
    if "seconds" in row:
        out[KEY] = {**row.get(KEY, {}), "seconds": row["seconds"]}
    return out
