"""Setups and parameters as plain JSON values (for replay files), and a Hypothesis strategy for legal setups."""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st
from oblivaeon_verify.model.oblivaeon.cards import CHARACTERS, ENVIRONMENTS, SCIONS
from oblivaeon_verify.model.oblivaeon.charts import easiest_first
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


@st.composite
def legal_setups(draw, params: Parameters = DEFAULT) -> SetupConfig:
    """Any legal setup: 3-5 heroes (any variants), any Shield, any five environments and two in play,
    the Reserve shuffled or in a fixed order."""
    n = draw(st.integers(3, 5))
    heroes = draw(st.lists(st.sampled_from(sorted({c.hero for c in CHARACTERS.values()})), min_size=n, max_size=n, unique=True))
    variants = tuple(draw(st.sampled_from(sorted(k for k, c in CHARACTERS.items() if c.hero == h))) for h in heroes)
    shield = draw(st.sampled_from([s.name for s in params.shields]))
    envs = tuple(draw(st.lists(st.sampled_from(ENVIRONMENTS), min_size=5, max_size=5, unique=True)))
    in_play = tuple(draw(st.lists(st.sampled_from(envs), min_size=2, max_size=2, unique=True)))
    order = None
    if draw(st.booleans()):
        first = params.shield(shield).scion
        rest = [s for s in SCIONS if s != first]
        order = tuple(draw(st.permutations(list(easiest_first(tuple(rest))))))
    return SetupConfig(variants, shield, envs, in_play, order, dataclasses.replace(params))
