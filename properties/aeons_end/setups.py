"""Aeon's End setups and parameters as plain JSON values (for replay files)."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.parameters import DEFAULT, Difficulty, Parameters, with_overrides
from oblivaeon_verify.model.aeons_end.setup import SetupConfig
from oblivaeon_verify.properties.common import setups as plain

SETUP_KEYS = ("mages", "nemesis", "difficulty")


def setup_from_json(doc: dict, params: Parameters) -> SetupConfig:
    """A SetupConfig from the ruleset's ``describe_setup`` dictionary; validated like any setup.

    Errors (``BadSetup``, ``SetupError``) start with the key: ``nemesis: unknown nemesis ...``.
    """
    plain.keys(doc, SETUP_KEYS)
    values = [d.value for d in Difficulty]
    if doc["difficulty"] not in values:
        raise plain.BadSetup(f"difficulty: must be one of {values}, not {str(doc['difficulty'])[:40]!r}")
    cfg = SetupConfig(plain.texts(doc, "mages"), plain.text(doc, "nemesis"), Difficulty(doc["difficulty"]), params)
    cfg.validate()
    return cfg


def parameter_overrides(params: Parameters) -> dict:
    """Only the parameters that differ from the defaults, as plain values."""
    now, base = params.as_dict(), DEFAULT.as_dict()
    return {k: v for k, v in now.items() if base[k] != v}


def parameters_from_json(doc: dict, where: str = "replay parameters", prefix: str = "") -> Parameters:
    """The defaults with a replay file's overrides, checked like any (errors name ``where`` and ``prefix`` + the key)."""
    return with_overrides(DEFAULT, doc, where, prefix=prefix)
