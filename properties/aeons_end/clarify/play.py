"""A state of an Aeon's End game as a situation the rulebook's statements evaluate on (``clarify --in-play``).

The things of a state are the objects ``model_check.state_objects`` reads off the model at that
decision point (the players, their breaches, cards in hand and prepped, the nemesis and its cards in
play, Gravehold, the turn order cards, the game), each with the terms the model decides for it; a
term the model does not decide at this moment stays open, so a statement about it evaluates open
here, never false.  Aeon's End has no battle zones, so things carry no zone.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.cards import describe
from oblivaeon_verify.properties.aeons_end.clarify.model_check import nemesis_card_facts, state_objects
from oblivaeon_verify.properties.common.clarify.evaluate import Situation, thing

KINDS = (
    "player",
    "breach",
    "player card",
    "gem",
    "relic",
    "spell",
    "nemesis card",
    "attack",
    "minion",
    "power",
    "nemesis",
    "gravehold",
    "game",
)
"""The kind terms every thing of a situation decides: each thing is of its own kinds and of no other,
so that a count ("there are exactly 5 minions") is decided, not left open by the things of other kinds."""


def _decided(facts: dict[str, bool]) -> dict[str, bool]:
    return {**dict.fromkeys(KINDS, False), **facts}


def situation(state, moves: tuple[int, ...] = (), where: str = "") -> Situation:
    """The things of ``state`` (``moves`` is OblivAeon's per-turn count of zone changes: Aeon's End has none).

    The nemesis cards still in the deck or discarded are things too (of their kinds, not in play), and
    so are the nemesis and Gravehold outside a casting phase, so that every count is decided on every
    state."""
    objects = state_objects(state, where)
    things = [thing(o.name, _decided(dict(o.facts))) for o in objects]
    # the nemesis and Gravehold are objects of their own only while a spell may target them
    for kind, name in (("nemesis", "the nemesis"), ("gravehold", "Gravehold")):
        if not any(dict(o.facts).get(kind) for o in objects):
            things.append(thing(f"{name} ({where})", _decided({kind: True})))
    for card in [c for tier in state.nemesis_deck for c in tier.cards()] + list(state.nemesis_discard):
        things.append(thing(f"{describe(card)} (not in play, {where})", _decided(nemesis_card_facts(card, **{"in play": False}))))
    return Situation(where, things)
