"""Setups and parameters as plain JSON values (for replay files); the strategy of legal setups is the machine's."""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, Parameters, with_overrides
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig
from oblivaeon_verify.properties.common import setups as plain

SETUP_KEYS = ("heroes", "shield", "environments", "in_play", "scion_order")


def setup_from_json(doc: dict, params: Parameters) -> SetupConfig:
    """A SetupConfig from the ruleset's ``describe_setup`` dictionary; validated like any setup.

    Errors (``BadSetup``, ``SetupError``) start with the key: ``shield: unknown Shield ...``.
    """
    plain.keys(doc, SETUP_KEYS)
    cfg = SetupConfig(
        plain.texts(doc, "heroes"),
        plain.text(doc, "shield"),
        plain.texts(doc, "environments"),
        plain.texts(doc, "in_play"),
        plain.texts(doc, "scion_order", null=True),
        params,
    )
    cfg.validate()
    return cfg


def parameter_overrides(params: Parameters) -> dict:
    """Only the parameters that differ from the defaults, as plain values."""
    now, base = params.as_dict(), DEFAULT.as_dict()
    return {k: v for k, v in now.items() if base[k] != v}


def parameters_from_json(doc: dict, where: str = "replay parameters", prefix: str = "") -> Parameters:
    """The defaults with a replay file's overrides, checked like any (errors name ``where`` and ``prefix`` + the key)."""
    return with_overrides(DEFAULT, doc, where, prefix=prefix)
