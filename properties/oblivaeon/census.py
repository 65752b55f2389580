"""What the census of surprises needs to know of OblivAeon: the kinds of thing a description can pick, and why each expected flag is no surprise.

The resolutions are the catalogue's notes on target descriptions: each says which clause (or which
convention of the game's card language) makes a flagged pick the intended one.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, target_side
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, SCION_PANELS
from oblivaeon_verify.properties.common.census import Resolution

KINDS: dict[str, str | None] = {
    "hero character card": "hero",
    "hero target": "hero",
    "hero ongoing card": "hero",
    "hero equipment card": "hero",
    "reward": None,
    "objective": None,
    "OblivAeon": "villain",
    "Scion": "villain",
    "Aeon Man": "villain",
    "villain target": "villain",
    "villain ongoing card": "villain",
    "environment target": "environment",
    "environment ongoing card": "environment",
    "environment card": "environment",
}
"""Every kind of thing a description can pick, with the side its name puts it on: rewards and objectives are
named by no side word (they count as one by CLAR.MISSION-TARGET-KIND, which is why the census asks)."""

CHARACTERS = {"hero": frozenset({"hero character card"}), "villain": frozenset({"OblivAeon", "Scion"})}


def kind(d, card: str) -> str:
    if card == OBLIVAEON:
        return "OblivAeon"
    if card in SCION_PANELS:
        return "Scion"
    if card in CHARACTER_CARDS:
        return "hero character card"
    cdef = PHYSICAL[card]
    if cdef.side == "mission":
        return "reward" if card in d.reward_side else "objective"
    if "aeon man" in cdef.keywords:
        return "Aeon Man"
    if cdef.hp is not None:
        return f"{cdef.side} target"
    named = f"{cdef.side} {cdef.type} card"
    return named if named in KINDS else f"{cdef.side} card"


def source_side(d, source: str) -> str | None:
    """The side the source of a selection is on (an objective by its keyword, a reward as a hero card; the Shield is OblivAeon's)."""
    return "villain" if source.startswith("shield:") else target_side(d, source)


_ITSELF = (
    "a description that fits its own card includes it ('each target', 'a hero target'): the card language says 'other' "
    "when it means otherwise, and the Rules Clarifications make no exception"
)

RESOLUTIONS = (
    Resolution(
        "unnamed",
        "objective",
        "objectives are villain or environment targets by their keyword, so 'each villain target' and 'each target' include them",
        clause="CLAR.MISSION-TARGET-KIND",
    ),
    Resolution(
        "unnamed",
        "reward",
        "a reward in a hero play area is a hero target and a hero card, so 'each hero target' includes it",
        clause="CLAR.MISSION-TARGET-KIND",
    ),
    Resolution("itself", "", _ITSELF),
    Resolution(
        "own-characters",
        "hero character card",
        "the card's own words name its hero: it is the price of the card",
        description="its player's hero character cards",
    ),
    Resolution(
        "own-characters",
        "Scion",
        "when an environment is replaced, OblivAeon deals each target in its battle zone the damage, his Scions included: "
        "the rule makes no exception for villain targets",
        clause="ENV.REMOVAL.DAMAGE",
    ),
)
