"""Counterexamples as ITF traces (the Informal Trace Format of the Apalache model checker).

An ITF trace is a JSON object with ``#meta``, ``vars`` (the variable names) and ``states`` (one
object per state, variable -> value).  Integers are written as ``{"#bigint": "<digits>"}`` as the
format prescribes, booleans as JSON booleans; each state's ``#meta`` carries its index and the
action that led to it, so trace viewers can show the step names.
"""

from __future__ import annotations

import json


def _encode(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return {"#bigint": str(v)}
    if isinstance(v, str):
        return v
    raise TypeError(f"ITF: cannot encode {v!r} ({type(v).__name__}); expected bool, int or str")


def trace(variables: list[str], states: list[dict], *, source: str, description: str, actions: list[str] | None = None) -> dict:
    """An ITF trace object; ``actions[i]`` is the step that produced state ``i`` (state 0: ``init``)."""
    out_states = []
    for i, s in enumerate(states):
        missing = [v for v in variables if v not in s]
        if missing:
            raise ValueError(f"ITF state {i} lacks variables {missing}")
        meta = {"index": i}
        if actions is not None:
            meta["action"] = actions[i]
        out_states.append({"#meta": meta, **{v: _encode(s[v]) for v in variables}})
    return {
        "#meta": {
            "format": "ITF",
            "format-description": "https://apalache-mc.org/docs/adr/015adr-trace.html",
            "source": source,
            "description": description,
        },
        "vars": list(variables),
        "states": out_states,
    }


def dumps(obj: dict) -> str:
    return json.dumps(obj, indent=2, sort_keys=False)


def decode_value(v):
    """The inverse of the writer's value encoding (for tests and tools that read traces back)."""
    if isinstance(v, dict) and set(v) == {"#bigint"}:
        return int(v["#bigint"])
    return v
