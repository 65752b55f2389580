"""A state of an OblivAeon game (and the moves of the turn so far) as a situation the statements evaluate on.

What the model decides becomes a fact: every thing gets each kind term (:data:`KINDS`) true or false,
so that "every hero ..." is decided on a card too; cards in play areas and in the Mission deck get
what ``model_check`` reads off the model for that card (its sides, HP, Mission side); zones come from
the model's own ``battle_zones.zone_of_target`` and the seats' markers.  The round's turns come from
the round table (``round_order.turns``).  Everything else (the modal terms, most card states) stays
open, so a statement about it evaluates open here, never false.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon import battle_zones as bz
from oblivaeon_verify.model.oblivaeon import round_order
from oblivaeon_verify.properties.common.clarify.evaluate import Situation, thing
from oblivaeon_verify.properties.oblivaeon.clarify.model_check import _card_facts

KINDS = (
    "battle zone",
    "hero",
    "player",
    "hero play area",
    "card",
    "deck",
    "oblivaeon deck",
    "scion deck",
    "aeon men deck",
    "mission deck",
    "scion reserve",
    "villain deck",
    "oblivaeon booklet",
    "oblivaeon",
    "shield card",
    "environment",
    "oblivaeon turn",
    "hero turn",
    "environment turn",
    "villain turn",
    "hero move",
    "mission card",
    "objective",
    "reward",
)
"""The kind terms every thing of a situation decides."""


def _kinds(**true: bool) -> dict[str, bool]:
    out = dict.fromkeys(KINDS, False)
    out.update({k.replace("_", " "): v for k, v in true.items()})
    return out


def situation(state, moves: tuple[int, ...] = (), where: str = "") -> Situation:
    """The things of ``state``; ``moves``: the seats (from 0) whose hero moved between battle zones this turn, one per move."""
    things = []
    for z in state.zones:
        things.append(thing(f"battle zone {z.number}", _kinds(battle_zone=True), {"zone": z.number}))
        if z.environment is not None:
            things.append(thing(f"environment {z.environment}", _kinds(environment=True), {"zone": z.number}))
    for i, s in enumerate(state.seats):
        at = {"zone": s.zone, "marker zone": s.zone, "seat": i + 1}
        for kind in ("hero", "player", "hero play area"):
            things.append(thing(f"{kind} {i + 1}", _kinds(**{kind.replace(" ", "_"): True}), at))
        for card in s.play:
            facts = {**_kinds(), **_card_facts(state, card, "in a hero play area")}
            attrs = {"zone": bz.zone_of_target(state, card), "marker zone": s.zone, "area": i + 1}
            things.append(thing(f"{card} (hero {i + 1}'s play area)", facts, attrs))
    for card in state.mission_deck.cards():
        facts = {**_kinds(), **_card_facts(state, card, "in the mission deck")}
        things.append(thing(f"{card} (Mission deck)", facts, {"zone": 0, "area": 0}))
    for term, name in (
        ("oblivaeon deck", "OblivAeon deck"),
        ("scion deck", "Scion deck"),
        ("aeon men deck", "Aeon Men deck"),
        ("mission deck", "Mission deck"),
    ):
        facts = _kinds(deck=True, **{term.replace(" ", "_"): True}, villain_deck=term != "mission deck")
        things.append(thing(name, facts, {"zone": 0}))
    things.append(thing("Scion Reserve", _kinds(scion_reserve=True), {"zone": 0}))
    things.append(thing("OblivAeon Booklet", _kinds(oblivaeon_booklet=True, card=True), {"zone": state.oblivaeon_zone}))
    things.append(thing("OblivAeon", _kinds(oblivaeon=True), {"zone": state.oblivaeon_zone}))
    if state.shield_side:
        things.append(thing("the Shield", _kinds(shield_card=True, card=True), {"zone": 0}))
    for t in round_order.turns(state.hero_count):
        kinds = {f"{t.kind}_turn": True} | ({"villain_turn": True} if t.kind == "oblivaeon" else {})
        things.append(thing(str(t), _kinds(**kinds), {"zone": t.zone, "seat": t.seat + 1 if t.seat >= 0 else 0}))
    for n, seat in enumerate(moves):
        things.append(thing(f"move {n + 1} of hero {seat + 1}", _kinds(hero_move=True), {"seat": seat + 1, "turn": 1}))
    return Situation(where, things)


def moved_seats(state, events) -> list[int]:
    """The seats (from 0) whose hero changed battle zones in a step, one per move (the situation's ``moves``)."""
    out = []
    for e in events:
        if e.kind == "hero-moved":
            for i, s in enumerate(state.seats):
                if e.target and e.target in s.characters:
                    out.append(i)
    return out
