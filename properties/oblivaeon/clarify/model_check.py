"""Does the model's own classification of its cards satisfy every clarification?

Each card of ``cards.py`` (Mission cards on each side and in each place a hero can hold them), every
hero character card, Scion panel, the Booklet and the villain decks becomes an *object* whose terms
the model decides: its side for "X card" effects (``battle_zones.card_side``), its side as a target
(``battle_zones.target_side``), whether it is a character card (``battle_zones.is_character``), its
HP and indestructibility (``cards.py``), and which decks deck effects can pick
(``battle_zones.reachable_decks`` on states of a played game).  Terms the model does not decide stay
free.  Every universal statement must be satisfiable on every object (the model never contradicts
it); every existential statement must have some object that can witness it.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from oblivaeon_verify.model.oblivaeon import battle_zones as bz
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, SCION_PANELS, base_key, describe
from oblivaeon_verify.properties.common.clarify import conformance
from oblivaeon_verify.properties.common.clarify.conformance import Obj
from oblivaeon_verify.properties.oblivaeon.clarify.language import Clarification

PLACES = ("in a hero play area", "in a hero deck", "in a hero trash", "in the mission deck")


def _side_terms(prefix_side: str, kind: str) -> dict[str, bool]:
    return {f"{s} {kind}": prefix_side == s for s in ("hero", "villain", "environment")}


def _card_facts(d, card: str, place: str | None) -> dict[str, bool]:
    cdef = bz.current_def(d, card)
    facts = {"card": True, "character card": bz.is_character(card), "mission card": PHYSICAL[card].deck == "Mission"}
    facts.update(_side_terms(bz.card_side(d, card), "card"))
    is_target = cdef.hp is not None
    facts["target"] = is_target
    facts.update({k: is_target and v for k, v in _side_terms(bz.target_side(d, card), "target").items()})
    facts["may be destroyed"] = not cdef.indestructible
    facts["aeon men card"] = PHYSICAL[card].deck == "Aeon Men"
    facts["oblivaeon card"] = PHYSICAL[card].deck == "OblivAeon"
    for term in ("scion panel", "oblivaeon booklet", "shield card", "hero character card", "villain character card"):
        facts[term] = False
    if PHYSICAL[card].deck == "Mission":
        reward = card in d.reward_side
        facts.update({"objective": not reward, "reward": reward, "has objective text": not reward})
    else:
        facts.update({"objective": False, "reward": False})
    if place is not None:
        facts.update({p: p == place for p in PLACES})
    return facts


def deck_kinds_offered(games: int = 1, seed: int = 7) -> set[str]:
    """Which decks ``reachable_decks`` ever offers to an effect, over the states of played games."""
    from oblivaeon_verify.model.oblivaeon.draft import Ctx
    from oblivaeon_verify.model.oblivaeon.engine import new_game, step
    from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
    from oblivaeon_verify.model.oblivaeon.setup import random_setup

    kinds: set[str] = set()
    for g in range(games):
        rng = random.Random(f"{seed}/{g}")
        state = new_game(random_setup(rng, 4, DEFAULT))
        while state.options:
            for zone in (1, 2):
                kinds.update(ref[0] for ref in bz.reachable_decks(state, Ctx("probe", "hero", 0, zone)))
            state, _ = step(state, rng.choice(state.options))
    return kinds


def objects(offered: set[str] | None = None) -> list[Obj]:
    offered = deck_kinds_offered() if offered is None else offered
    out: list[Obj] = []
    seen = set()
    for card in PHYSICAL:
        key = base_key(card)
        if key in seen:
            continue
        seen.add(key)
        if PHYSICAL[card].deck == "Mission":
            for reward in (False, True):
                d = SimpleNamespace(reward_side=frozenset({card}) if reward else frozenset())
                places = PLACES[:3] if reward else (PLACES[0], PLACES[3])
                for place in places:
                    side = "reward" if reward else "objective"
                    out.append(Obj(f"{describe(card)} ({side}, {place})", tuple(sorted(_card_facts(d, card, place).items()))))
        else:
            d = SimpleNamespace(reward_side=frozenset())
            out.append(Obj(key, tuple(sorted(_card_facts(d, card, None).items()))))
    d = SimpleNamespace(reward_side=frozenset())
    for card in sorted({base_key(c) for c in CHARACTER_CARDS}):
        c = next(x for x in CHARACTER_CARDS if base_key(x) == card)
        side = bz.target_side(d, c)
        facts = {
            "card": True,
            "character card": bz.is_character(c),
            "hero character card": True,
            "villain character card": False,
            "mission card": False,
            "target": True,
        }
        facts.update(_side_terms(side, "target"))
        facts.update(_side_terms("hero", "card"))
        out.append(Obj(c, tuple(sorted(facts.items()))))
    for panel in sorted(SCION_PANELS) + [bz.OBLIVAEON]:
        side = bz.target_side(d, panel)
        facts = {
            "card": True,
            "character card": bz.is_character(panel),
            "mission card": False,
            "target": True,
            "hero character card": False,
        }
        facts["villain character card"] = bz.is_character(panel) and side == "villain"
        facts["scion panel"] = panel in SCION_PANELS
        facts["oblivaeon booklet"] = panel == bz.OBLIVAEON
        facts.update(_side_terms(side, "target"))
        facts.update(_side_terms(bz.card_side(d, panel), "card"))
        out.append(Obj(panel, tuple(sorted(facts.items()))))
    # The Shield is no physical card of the model: effects.destroy_card refuses it (indestructible) and
    # shield.shield_task takes it out of the game by its own tasks.
    out.append(
        Obj(
            "the Shield",
            tuple(
                sorted(
                    {
                        "shield card": True,
                        "card": True,
                        "may be destroyed": False,
                        "may be removed from the game by its own text": True,
                        "mission card": False,
                        "character card": False,
                    }.items()
                )
            ),
        )
    )
    for kind, term in (
        ("oblivaeon", "oblivaeon deck"),
        ("scion", "scion deck"),
        ("aeon", "aeon men deck"),
        ("mission", "mission deck"),
        ("reserve", "scion reserve"),
    ):
        # The Scion Reserve is a pile: the model keeps it apart from the decks that effects can pick.
        facts = {term: True, "card": False, "deck": kind != "reserve", "may be targeted by deck effects": kind in offered}
        out.append(Obj(term, tuple(sorted(facts.items()))))
    return out


def check(clarifications: list[Clarification], objs: list[Obj] | None = None) -> dict:
    """Violations (objects, clause, statement) of universal statements, and existentials with no possible witness
    (the shared check of properties.common.clarify.conformance, on this model's objects)."""
    return conformance.check(clarifications, objects() if objs is None else objs)
