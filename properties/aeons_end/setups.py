"""Aeon's End setups and parameters as plain JSON values (for replay files)."""

from __future__ import annotations

from model.aeons_end.parameters import DEFAULT, Difficulty, Parameters, with_overrides
from model.aeons_end.setup import SetupConfig

SETUP_KEYS = ("mages", "nemesis", "difficulty")


def setup_from_json(doc: dict, params: Parameters) -> SetupConfig:
    """A SetupConfig from the ruleset's ``describe_setup`` dictionary; validated like any setup."""
    missing = [k for k in SETUP_KEYS if k not in doc]
    if missing:
        raise KeyError(f"setup is missing {missing}; expected keys {list(SETUP_KEYS)}")
    try:
        difficulty = Difficulty(doc["difficulty"])
    except ValueError:
        raise KeyError(f"setup difficulty must be one of {[d.value for d in Difficulty]}, not {doc['difficulty']!r}") from None
    cfg = SetupConfig(tuple(doc["mages"]), doc["nemesis"], difficulty, params)
    cfg.validate()
    return cfg


def parameter_overrides(params: Parameters) -> dict:
    """Only the parameters that differ from the defaults, as plain values."""
    now, base = params.as_dict(), DEFAULT.as_dict()
    return {k: v for k, v in now.items() if base[k] != v}


def parameters_from_json(doc: dict) -> Parameters:
    return with_overrides(DEFAULT, doc, "replay parameters")
