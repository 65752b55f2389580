"""Traces as ITF (the Informal Trace Format of Apalache and Quint): Z3 counterexamples and every concrete trace.

An ITF trace is a JSON object with ``#meta``, ``vars`` (the variable names) and ``states`` (one
object per state, variable -> value, with its own ``#meta``: its index and the action that led to
it, so trace viewers can show the step names).  Values use ITF's encodings: integers as
``{"#bigint": "<digits>"}``, tuples ``{"#tup": [...]}``, sets ``{"#set": [...]}``, maps with
other than field-name keys ``{"#map": [[k, v], ...]}``, records and lists as JSON objects and arrays,
enum members as their value (a string, as Quint models an enumeration of words), and what ITF has no
form for (``None``) as ``{"#unserializable": "None"}``.

A model state is encoded from its serialised tree (:mod:`model.common.serialise`: ``@`` records,
``@enum``, ``@set``, ``@dict``; tuples are arrays), so the trace holds exactly what a replay holds.
One writer, :func:`write`, puts every trace on disk (:func:`oblivaeon_verify.output.write_file`).
"""

from __future__ import annotations

import json
from pathlib import Path

GENERATOR = "oblivaeon-verify"
"""``#meta.generator`` of every trace the tool writes: how it knows a file at ``--itf`` is its own to replace."""


def value(v):
    """A Python value or a serialised state tree in ITF's encoding."""
    if isinstance(v, bool) or isinstance(v, str):
        return v
    if isinstance(v, int):
        return {"#bigint": str(v)}
    if v is None:
        return {"#unserializable": "None"}
    if isinstance(v, tuple):
        return {"#tup": [value(x) for x in v]}
    if isinstance(v, list):
        return [value(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return {"#set": sorted((value(x) for x in v), key=_order)}
    if isinstance(v, dict):
        if "@enum" in v:  # (a Quint variant needs an identifier for a tag; enum values are words with hyphens)
            return value(v["value"])
        if "@set" in v:
            return {"#set": [value(x) for x in v["@set"]]}
        if "@dict" in v:
            return {"#map": [[value(k), value(x)] for k, x in v["@dict"]]}
        if all(isinstance(k, str) and not k.startswith("#") for k in v):
            return {k: value(x) for k, x in v.items() if k != "@"}
        return {"#map": [[value(k), value(x)] for k, x in sorted(v.items(), key=lambda kv: _order(kv[0]))]}
    raise TypeError(f"ITF: cannot encode {v!r} ({type(v).__name__})")


def _order(x) -> str:
    return json.dumps(x, sort_keys=True, default=str)


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
        out_states.append({"#meta": meta, **{v: value(s[v]) for v in variables}})
    return {
        "#meta": {
            "format": "ITF",
            "format-description": "https://apalache-mc.org/docs/adr/015adr-trace.html",
            "generator": GENERATOR,
            "source": source,
            "description": description,
        },
        "vars": list(variables),
        "states": out_states,
    }


def of_states(trees: list[dict], actions: list[str], *, source: str, description: str) -> dict:
    """The trace of a played game: ``trees`` are its serialised states (``json.loads(ruleset.to_json(s))``)."""
    variables = [k for k in trees[0] if k != "@"] if trees else []
    return trace(variables, trees, source=source, description=description, actions=actions)


def dumps(obj: dict) -> str:
    return json.dumps(obj, indent=2, sort_keys=False)


def ours(data: bytes) -> bool:
    """Whether a file holds a trace this tool wrote (its ``#meta.generator``)."""
    try:
        doc = json.loads(data)
    except ValueError:
        return False
    return isinstance(doc, dict) and isinstance(doc.get("#meta"), dict) and doc["#meta"].get("generator") == GENERATOR


def write(path: str | Path, obj: dict, option: str = "--itf") -> Path:
    """The trace at ``path``: a new file, or one this tool wrote; never over a person's file."""
    from oblivaeon_verify import output

    # one line: a game's trace holds every state (megabytes), indentation would triple it
    return output.write_file(path, json.dumps(obj, separators=(",", ":")) + "\n", option, ours)


def decode_value(v):
    """The inverse of the writer's value encoding (for tests and tools that read traces back)."""
    if isinstance(v, dict):
        if set(v) == {"#bigint"}:
            return int(v["#bigint"])
        if set(v) == {"#tup"}:
            return tuple(decode_value(x) for x in v["#tup"])
        if set(v) == {"#set"}:
            return frozenset(decode_value(x) for x in v["#set"])
        if set(v) == {"#map"}:
            return {decode_value(k): decode_value(x) for k, x in v["#map"]}
        if set(v) == {"#unserializable"}:
            return None if v["#unserializable"] == "None" else v
        return {k: decode_value(x) for k, x in v.items()}
    if isinstance(v, list):
        return [decode_value(x) for x in v]
    return v
