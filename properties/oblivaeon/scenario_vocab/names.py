"""The names, domains and tables an OblivAeon scenario may use: the sides a step may act for, the
kinds of turn, a battle zone's number, the effects of the vocabulary (``OPS``) with the type of every
argument (``ARG_TYPES``, ``TARGET_TYPES``, ``ARG_RANGES``), the setup keys (``SETUP_KEYS``) and the
counters a setup may set (``COUNTERS``).  Nothing here checks or runs anything: the load-time checks
that use these are in ``checks``, the run-time part in ``play``.
"""

from __future__ import annotations

import dataclasses
import re

from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.properties.oblivaeon.scenario_words import MAX_AMOUNT, MAX_CARDS, MAX_COUNTER, MAX_TOKENS, SHIELD_IDS, ZONES

from oblivaeon_verify.scenario_lib.vocab_base import Boolean, Integer, Value, one_of

SIDES_BY = ("hero", "villain", "environment", "oblivaeon", "mission")
TURN_KINDS = ("oblivaeon", "hero", "environment", "villain")
ZONE = Integer(min(ZONES), max(ZONES))
DECK_LABEL_EXAMPLES = "'Legacy's deck', 'the Rook City deck', 'the Mission deck' (a revealed bottom card: '... (bottom)')"
EVENT_ZONE = Integer(0, max(ZONES))
"""An event's zone: 0 when it happened nowhere in particular."""

SHIELD_CARDS = SHIELD_IDS


OPS = {
    re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower(): cls
    for cls in vars(v).values()
    if isinstance(cls, type) and issubclass(cls, v.Op) and cls is not v.Op
}


def op_of(effect: str, args: dict) -> v.Op:
    """The instruction a scenario's ``effect`` step names, built from its ``args`` (a target as a table); raises
    ValueError when the fields disagree with each other (each one alone is checked against its domain first)."""
    args = dict(args)
    if "target" in args:
        args["target"] = v.Target(**args["target"])
    return OPS[effect](**args)


TARGET_TYPES: dict[str, Value] = {
    "side": one_of(v.SIDES, "target side"),
    "pick": one_of(v.PICKS, "pick"),
    "reach": one_of(v.REACHES, "reach"),
    "characters_only": Boolean(),
    "non_characters_only": Boolean(),
}
"""The fields of ``vocabulary.Target`` (a table in a scenario's ``args``), each with its domain."""
assert set(TARGET_TYPES) == {f.name for f in dataclasses.fields(v.Target)}, "a field of Target has no type here"

ARG_RANGES: dict[str, tuple[int, int]] = {
    "amount": (0, MAX_AMOUNT),
    "max_hp": (0, MAX_AMOUNT),
    "n": (0, MAX_CARDS),
    "limit": (1, MAX_TOKENS),
}
"""The range of each number an instruction takes (by field name): what a scenario may give."""


def _arg_type(cls: type, f: dataclasses.Field) -> Value:
    """The type of one field of an instruction: its domain from the model (field metadata), its range from ``ARG_RANGES``."""
    ann = str(f.type)
    if ann == "Target":
        return Boolean()  # never used: a target is a table, checked field by field
    if ann == "bool":
        return Boolean()
    if "int" in ann:
        lo, hi = ARG_RANGES[f.name]
        number: Value = Integer(lo, hi)
        words = f.metadata.get("words")
        return number | one_of(words, "word") if words else number
    if ann == "str" and "domain" in f.metadata:
        return one_of(f.metadata["domain"], f.metadata["noun"])
    raise TypeError(f"{cls.__name__}.{f.name}: no scenario type for a field of type {ann}")


ARG_TYPES: dict[str, dict[str, Value]] = {op: {f.name: _arg_type(cls, f) for f in dataclasses.fields(cls)} for op, cls in OPS.items()}
"""Every field of every instruction with its type: building this table at import fails for a new
field that has neither a domain nor a range, so nothing reaches the model unchecked."""


SETUP_KEYS = {
    "heroes": "a list of 3-5 character ids, or a hero count",
    "shield": "a Shield name",
    "environments": "a list of five environment names",
    "in_play": "the two environments in play (First, Second)",
    "scion_order": "the Scion Reserve from the bottom up (Scion names)",
    "hero_zones": "a table marker -> zone, e.g. {1 = 2}",
    "place": "an array of {card, to, hp, reward, tokens}",
    "hp": "a table card id -> HP",
    "fall": "a list of character ids incapacitated through the model's own rule",
    "erase": "a list of character ids erased (CLAR.ERASED) through the model's own rule",
    "start": "a table {turn, zone, hero, round}: play resumes at the start of that turn",
    "at": "'setup': the position is the end of setup, before OblivAeon's first turn",
    "devastation": "an integer",
    "countdown": "an integer",
    "form": "1, 2 or 3",
    "oblivaeon_zone": "1 or 2",
    "shield_side": "0, 1 or 2 (0: the Shield has removed itself from the game; give shield_tasks to match)",
    "shield_tasks": "an integer",
    "usurped": "true or false",
    "erased": "a list of hero names",
    "set_aside": "the environments still set aside (a subset of the five minus those in play); the others have come into play and fallen since: out of the game",
    "tokens": "a table card id -> tokens on it",
}

COUNTERS: dict[str, Value] = {
    "devastation": Integer(0, MAX_COUNTER),
    "countdown": Integer(0, MAX_COUNTER),
    "form": Integer(1, len(DEFAULT.forms_hp)),
    "oblivaeon_zone": ZONE,
    "shield_side": Integer(0, 2),
    "shield_tasks": Integer(0, MAX_COUNTER),
    "usurped": Boolean(),
}
"""Setup keys that set one counter of the state (the field of the same name)."""
