"""Where parameter overrides come from, for every ruleset: a TOML file, then NAME=VALUE pairs."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from model.common.files import InputError


class ParameterError(InputError):
    """A parameter override named an unknown parameter, gave a value of the wrong type, or could not be read."""


def load(defaults, apply: Callable[[Any, dict, str], Any], path: str | Path | None = None, cli: tuple[str, ...] | list[str] = ()):
    """``defaults``, then a TOML file (a ``[parameters]`` table or top-level keys), then ``name=value`` pairs.

    ``apply(params, overrides, where)`` checks and applies one source of overrides, naming ``where`` in its errors.
    """
    params = defaults
    if path is not None:
        p = Path(path)
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ParameterError(f"{p}: no such parameter file") from None
        except tomllib.TOMLDecodeError as e:
            raise ParameterError(f"{p}: not valid TOML: {e}") from None
        table = data.get("parameters", data)
        if not isinstance(table, dict):
            raise ParameterError(f"{p}: [parameters] must be a table")
        params = apply(params, table, str(p))
    pairs: dict[str, Any] = {}
    for item in cli:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ParameterError(f"--param {item!r}: expected NAME=VALUE")
        pairs[name.strip()] = value.strip()
    return apply(params, pairs, "--param")
