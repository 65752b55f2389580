"""The OblivAeon language's words beyond its terms: attributes, relations, tests, moments, actions and events.

Ranges come from the model: the battle zones of a new game's state, the largest hero count the setup
allows (seats), and the round table (``round_order``: every phase of every kind of turn, in order,
for that many heroes) for moments.  See :mod:`properties.common.clarify.vocab` for what each kind is.
"""

from __future__ import annotations

import functools

from oblivaeon_verify.model.oblivaeon import round_order
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
from oblivaeon_verify.properties.common.clarify.vocab import Attribute, Event, Relation, Test

MOST_HEROES = max(RULESET.players)
TURN_WORDS = {"oblivaeon": "oblivaeon's turn", "hero": "a hero turn", "environment": "an environment turn", "villain": "a villain turn"}


@functools.cache
def moments() -> tuple[tuple[str, str, int], ...]:
    """(turn kind, phase, zone) of every moment of a round with the most heroes, in order (moment values are 1-based)."""
    out = []
    for t in round_order.turns(MOST_HEROES):
        for phase, _fn in round_order.PHASES[t.kind]:
            out.append((t.kind, phase, t.zone))
    return tuple(out)


def _values(kind: str | None = None, phase: str | None = None, zone: int = 0) -> tuple[int, ...]:
    return tuple(
        n + 1
        for n, (k, p, z) in enumerate(moments())
        if (kind is None or k == kind) and (phase is None or p == phase) and (not zone or z == zone)
    )


def moment_of(kind: str, phase: str, zone: int = 0) -> int:
    """The moment value of one phase (a hero turn's phases are all heroes' alike: the first hero's is given)."""
    return _values(kind, phase, zone)[0]


@functools.cache
def named_moments() -> dict[str, tuple[int, ...]]:
    out: dict[str, tuple[int, ...]] = {}
    for kind, words in TURN_WORDS.items():
        out[words] = _values(kind)
        out[f"the start of {words}"] = _values(kind, "start")
        out[f"the end of {words}"] = _values(kind, "end")
    for z, name in ((1, "first"), (2, "second")):
        for kind in ("environment", "villain"):
            out[f"the {name} battle zone's {kind} turn"] = _values(kind, zone=z)
    out["the devastation check"] = _values("oblivaeon", "end")
    out["a turn"] = tuple(range(1, len(moments()) + 1))
    out["the start of a turn"] = _values(phase="start")
    out["the end of a turn"] = _values(phase="end")
    return out


def attributes() -> tuple[Attribute, ...]:
    import random

    from oblivaeon_verify.model.oblivaeon.engine import new_game
    from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
    from oblivaeon_verify.model.oblivaeon.setup import random_setup

    zones = len(new_game(random_setup(random.Random(0), MOST_HEROES, DEFAULT)).zones)
    return (
        Attribute("zone", zones, "the battle zone it is in"),
        Attribute(
            "marker zone", zones, "the battle zone of the marker of its hero (for a hero, a player, a play area and the cards in it)"
        ),
        Attribute("seat", MOST_HEROES, "the marker number of the hero it is, or whose player, play area or turn it is"),
        Attribute("owner", MOST_HEROES, "the marker number of the hero it belongs to (counts as that hero's card)"),
        Attribute("area", MOST_HEROES, "the marker number of the hero whose play area it lies in"),
        Attribute("moment", len(moments()), "the phase of the round at which it happens or resolves"),
        Attribute("order", 3, "its place among the effects that resolve at one moment"),
        Attribute("until", len(moments()), "the phase of the round at which a temporary effect ends"),
        Attribute("turn", 2, "which turn it happens in (happenings of one turn share it)"),
    )


RELATIONS = (
    Relation("in the same battle zone as", "in the battle zone of", "zone", "=", back="in the same battle zone"),
    Relation("in the other battle zone from", "in the battle zone the other is not in", "zone", "!=", back="in the other battle zone"),
    Relation("in the battle zone of its marker", "in the battle zone of its hero's marker", "zone", "=", "marker zone", own=True),
    Relation(
        "belongs to the hero of its play area", "counts as the card of the hero whose play area holds it", "owner", "=", "area", own=True
    ),
    Relation("of the same hero as", "belongs to, or is, the hero the other is", "seat", "=", back="of the same hero"),
    Relation("before", "happens at an earlier moment of the round", "moment", "<", moments=True),
    Relation("after", "happens at a later moment of the round", "moment", ">", moments=True),
    Relation("at the same moment as", "happens at the same moment of the round", "moment", "=", back="at the same moment"),
    Relation("resolves before", "resolves earlier among effects at one moment", "order", "<"),
    Relation("lasts until", "a temporary effect that ends at the moment of", "until", "=", "moment", moments=True),
    Relation("may affect", "its effect may change the other or what happens to it (a relation of its own)"),
    Relation("may be used by", "the other may pay its costs or interact with it (a relation of its own)"),
)


def tests() -> dict[str, Test]:
    out = {
        "in the first battle zone": Test("zone", (1,), "in", "in the first battle zone"),
        "in the second battle zone": Test("zone", (2,), "in", "in the second battle zone"),
        "in a battle zone": Test("zone", (1, 2), "in", "in a battle zone"),
    }
    for name, values in named_moments().items():
        if name.startswith("the start of") or name.startswith("the end of"):
            out[f"at {name}"] = Test("moment", values, "in", f"at {name}")
        out[f"during {name}"] = Test("moment", values, "in", f"during {name}")
    return out


ACTIONS = {
    "move between battle zones": "its marker (or the card) goes from one battle zone to the other",
    "be destroyed": "it can be destroyed",
    "be removed from the game": "it can leave the game",
    "be removed from the game by its own text": "its own text can take it out of the game",
    "be removed from the game by alternative means": "some other card (Unforgiving Wasteland, say) can take it out of the game",
    "be played again": "it can be set up again later in the game, with any character card",
    "be set up": "a player can set it up as their hero",
    "be looked at by its player": "its player can look at it at any time",
    "be targeted by deck effects": "powers and abilities that target decks can pick it",
    "be affected by hero and environment cards": "hero and environment cards can affect it",
    "pay its costs": "a player can pay its objective costs or interact with it",
    "add devastation": "adds a Devastation token to Inevitable Destruction",
}

EVENTS = {
    "moves between battle zones": Event("hero move", "seat", "a hero's marker going to the other battle zone"),
    "adds devastation": Event("devastation added", "seat", "a Devastation token added because of the hero"),
}

GROUPS = {"turn": "turn", "round": "turn"}
VERBS = {"resolves", "keeps", "goes", "blocks", "adds", "revives", "affects", "has", "belongs", "moves", "lasts", "counts"}
