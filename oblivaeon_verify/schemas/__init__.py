"""The JSON Schemas (draft 2020-12) of every machine-readable output, shipped with the package.

Every ``--json`` output and every report's ``summary.json`` is one object that begins with the same
envelope: ``schema_version`` (:data:`VERSION`, raised when a key changes meaning or goes away),
``schema`` (the name of its schema file here, ``NAME.json``), ``ruleset`` and ``verdict``
(``passed``, ``failed`` or ``inconclusive``: the exit code in a word, :data:`oblivaeon_verify.exits.VERDICTS`).
Each line of ``simulate --trace --json`` (JSON Lines) is checked against ``trace-line.json``.
``envelope.json`` holds the shared definitions the others refer to.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from oblivaeon_verify import exits

VERSION = 1
BASE = "https://oblivaeon-verify.invalid/schemas/"
"""The base of the schemas' ``$id``s (a name, not a place to fetch: every schema ships in this package)."""


def envelope(body: dict, schema: str, ruleset: str, code: int) -> dict:
    """``body`` with the envelope keys first (a ``ruleset`` key of the body gives way to the envelope's)."""
    head = {"schema_version": VERSION, "schema": schema, "ruleset": ruleset, "verdict": exits.verdict(code)}
    return {**head, **{k: v for k, v in body.items() if k not in head}}


def envelope_line(record: dict, schema: str, ruleset: str) -> dict:
    """One line of a JSON Lines stream (``simulate --trace --json``): versioned and named, without a verdict (the run goes on)."""
    return {"schema_version": VERSION, "schema": schema, "ruleset": ruleset, **record}


def names() -> list[str]:
    """The schema names (file names without ``.json``), sorted."""
    return sorted(p.name.removesuffix(".json") for p in resources.files(__package__).iterdir() if p.name.endswith(".json"))


@cache
def load(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath(f"{name}.json").read_text(encoding="utf-8"))


@cache
def _registry():
    from referencing import Registry, Resource

    return Registry().with_resources((BASE + f"{n}.json", Resource.from_contents(load(n))) for n in names())


def validator(name: str):
    """A Draft 2020-12 validator of the named schema (``integer`` means a JSON integer, never ``true``)."""
    import jsonschema

    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _c, v: type(v) is int)
    cls = jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)
    return cls(load(name), registry=_registry())


def errors(value: Any, name: str | None = None) -> list[str]:
    """Every way ``value`` breaks its schema (``name``, else the one its ``schema`` key names), each with its key path."""
    name = name or (value.get("schema") if isinstance(value, dict) else None)
    if name not in names():
        return [f"schema: no schema named {name!r}; schemas: {', '.join(names())}"]
    out = []
    for e in sorted(validator(name).iter_errors(value), key=lambda e: list(map(str, e.absolute_path))):
        where = "/".join(map(str, e.absolute_path)) or "(top)"
        out.append(f"{where}: {e.message[:300]}")
    return out
