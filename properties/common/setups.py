"""Reading a setup written as plain JSON (a replay file's ``setup``): its keys and their kinds, named.

Each ruleset's ``setup_from_json`` checks the shape here, then builds its ``SetupConfig`` and lets
the model's own ``validate`` judge the contents (one source of legality).  Every message starts
with the key, so a replay file's error reads ``FILE: setup.heroes: ...``.
"""

from __future__ import annotations

from typing import Any

from oblivaeon_verify.model.common.files import InputError


class BadSetup(InputError):
    """A setup description with a key missing, unknown or of the wrong kind; the message starts with the key."""


def _kind(x: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "an integer", float: "a number"}.get(
        type(x), "null" if x is None else type(x).__name__
    )


def keys(doc: Any, expected: tuple[str, ...]) -> None:
    """``doc`` is an object with exactly the keys ``expected``."""
    if not isinstance(doc, dict):
        raise BadSetup(f"must be an object with keys {', '.join(expected)}, not {_kind(doc)}")
    for k in doc:
        if k not in expected:
            raise BadSetup(f"{str(k)[:60]}: unknown key; a setup has the keys {', '.join(expected)}")
    for k in expected:
        if k not in doc:
            raise BadSetup(f"{k}: missing; a setup has the keys {', '.join(expected)}")


def text(doc: dict, key: str) -> str:
    v = doc[key]
    if not isinstance(v, str):
        raise BadSetup(f"{key}: must be a string, not {_kind(v)}")
    return v


def texts(doc: dict, key: str, *, null: bool = False) -> tuple[str, ...] | None:
    """A list of strings (or null, where ``null``): the model's ``validate`` then judges how many and which."""
    v = doc[key]
    if v is None and null:
        return None
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        bad = next((x for x in v if not isinstance(x, str)), None) if isinstance(v, list) else v
        raise BadSetup(
            f"{key}: must be a list of strings{' or null' if null else ''}, not {_kind(v) if not isinstance(v, list) else 'a list holding ' + _kind(bad)}"
        )
    return tuple(v)
