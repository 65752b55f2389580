"""Abstract cards, mages and nemeses of Aeon's End.

ASSUMPTION (all of this module): the rulebook prints no card texts or mats.  These stand-ins use
the rulebook's card kinds (gems, relics, spells; attacks, minions, powers) and its mechanics
(aether, charges, breaches, While prepped, TO DISCARD, Unleash, IMMEDIATELY).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType

from oblivaeon_verify.model.aeons_end.card_effects import (
    Ability,
    CardText,
    Corrupt,
    DealDamage,
    Effect,
    GainAether,
    HarmAny,
    HarmGravehold,
    HarmLowest,
    HealSelf,
    RestoreGravehold,
    Unleash,
)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    key: str
    name: str
    kind: str
    """``gem``, ``relic`` or ``spell``."""
    cost: int = 0
    aether: int = 0
    damage: int = 0
    effect: CardText | None = None
    """Its text beyond aether and damage, if any."""
    while_prepped_aether: int = 0
    """A While-prepped effect: once per turn, gain this much aether."""


@dataclass(frozen=True, slots=True)
class NemesisCard:
    key: str
    name: str
    kind: str
    """``attack``, ``minion`` or ``power``."""
    tier: int
    effect: Effect
    """What it does when it resolves or acts (a harm, an Unleash, ...: ``effects``)."""
    life: int = 0
    tokens: int = 0
    to_discard: int = 0
    """TO DISCARD: a player may spend this much aether to discard the card (0: no such text)."""
    immediately: Effect | None = None


@dataclass(frozen=True, slots=True)
class Mat:
    name: str
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    """Starting deck, top first."""
    breaches: tuple[int, int, int, int]
    """Starting focus of breaches I..IV: -1 opened, 0..3 quarter turns already made."""
    charges: int
    ability: Ability


@dataclass(frozen=True, slots=True)
class Nemesis:
    name: str
    unleash: Effect
    """What its Unleash does."""
    unique: tuple[str, ...]
    loss_counter: bool = False


STARTING = {
    "crystal": PlayerCard("crystal", "Crystal", "gem", 0, aether=1),
    "spark": PlayerCard("spark", "Spark", "spell", 0, damage=1),
}

SUPPLY_CARDS = {
    c.key: c
    for c in (
        PlayerCard("jade", "Jade", "gem", 2, aether=2),
        PlayerCard("pain-stone", "Pain Stone", "gem", 4, aether=3),
        PlayerCard("clouded-sapphire", "Clouded Sapphire", "gem", 6, aether=3, effect=CardText.CHARGE),
        PlayerCard("unstable-prism", "Unstable Prism", "relic", 3, aether=2),
        PlayerCard("focusing-orb", "Focusing Orb", "relic", 4, effect=CardText.FOCUS_FREE),
        PlayerCard("vim-dynamo", "Vim Dynamo", "relic", 4, effect=CardText.ALLY_CAST),
        PlayerCard("ignite", "Ignite", "spell", 4, damage=2, effect=CardText.DRAW, while_prepped_aether=1),
        PlayerCard("lava-tendril", "Lava Tendril", "spell", 4, damage=3),
        PlayerCard("essence-theft", "Essence Theft", "spell", 5, damage=3, effect=CardText.HEAL_PLAYER),
        PlayerCard("resonant-surge", "Resonant Surge", "spell", 3, damage=1, effect=CardText.ADJACENT_OPENED),
        PlayerCard("arcane-nexus", "Arcane Nexus", "spell", 7, damage=4, while_prepped_aether=1),
    )
}

#: The lowest cost in the supply: with less aether, no card can be gained.
CHEAPEST_SUPPLY = min(c.cost for c in SUPPLY_CARDS.values())

#: How many copies of each supply card the supply holds.
SUPPLY_COPIES = 5

PLAYER_CARDS = MappingProxyType({**STARTING, **SUPPLY_CARDS})

MATS = MappingProxyType(
    {
        m.name: m
        for m in (
            Mat(
                "Adelheim",
                ("crystal", "crystal", "crystal", "spark", "spark"),
                ("crystal", "spark", "crystal", "crystal", "spark"),
                (-1, 1, 0, 0),
                5,
                RestoreGravehold(4),
            ),
            Mat(
                "Brama",
                ("crystal", "crystal", "spark", "spark", "crystal"),
                ("spark", "crystal", "crystal", "spark", "crystal"),
                (-1, 0, 1, 0),
                4,
                DealDamage(4),
            ),
            Mat(
                "Jian",
                ("crystal", "crystal", "crystal", "crystal", "spark"),
                ("spark", "spark", "crystal", "crystal", "spark"),
                (-1, 2, 0, 0),
                5,
                HealSelf(3),
            ),
            Mat(
                "Kadir",
                ("crystal", "crystal", "spark", "crystal", "spark"),
                ("crystal", "crystal", "spark", "spark", "crystal"),
                (-1, 0, 0, 1),
                4,
                GainAether(3),
            ),
            Mat(
                "Lash",
                ("crystal", "crystal", "crystal", "spark", "spark"),
                ("spark", "crystal", "spark", "crystal", "crystal"),
                (-1, 1, 1, 0),
                5,
                DealDamage(3),
            ),
            Mat(
                "Mist",
                ("crystal", "spark", "crystal", "spark", "crystal"),
                ("crystal", "spark", "crystal", "spark", "crystal"),
                (-1, 0, 2, 0),
                4,
                RestoreGravehold(2),
            ),
        )
    }
)

BASIC_NEMESIS = (
    NemesisCard("cryptic-strike", "Cryptic Strike", "attack", 1, HarmGravehold(2)),
    NemesisCard("mangleroot", "Mangleroot", "minion", 1, HarmGravehold(1), life=3),
    NemesisCard("haze-spewer", "Haze Spewer", "minion", 1, HarmLowest(1), life=3),
    NemesisCard("night-unending", "Night Unending", "power", 1, HarmGravehold(3), tokens=2, to_discard=4),
    NemesisCard("planar-collision", "Planar Collision", "attack", 2, HarmAny(2)),
    NemesisCard("bane-sire", "Bane Sire", "minion", 2, Unleash(1), life=6),
    NemesisCard("aphotic-sun", "Aphotic Sun", "power", 2, HarmLowest(3), tokens=3, to_discard=5, immediately=Unleash(1)),
    NemesisCard("obliterate", "Obliterate", "attack", 3, HarmGravehold(4)),
    NemesisCard("monstrosity", "Monstrosity of Omens", "minion", 3, HarmGravehold(2), life=6),
    NemesisCard("apocalypse-ritual", "Apocalypse Ritual", "power", 3, HarmGravehold(6), tokens=3, to_discard=7),
)

UNIQUE_NEMESIS = (
    NemesisCard("rage-strike", "Rage Strike", "attack", 1, Unleash(2)),
    NemesisCard("raging-brute", "Raging Brute", "minion", 2, HarmLowest(1), life=5),
    NemesisCard("mask-of-corruption", "Mask of Corruption", "power", 1, Unleash(2), tokens=2, to_discard=4),
    NemesisCard("whispering-mask", "Whispering Mask", "minion", 2, Unleash(1), life=5, immediately=Unleash(1)),
)

NEMESIS_CARDS = MappingProxyType({c.key: c for c in BASIC_NEMESIS + UNIQUE_NEMESIS})

#: The lowest TO DISCARD cost of any nemesis card: with less aether, no card in play can be discarded.
CHEAPEST_TO_DISCARD = min(c.to_discard for c in NEMESIS_CARDS.values() if c.to_discard)

NEMESES = MappingProxyType(
    {
        n.name: n
        for n in (
            Nemesis("Rageborne", HarmGravehold(1), ("rage-strike", "raging-brute")),
            Nemesis("Crooked Mask", Corrupt(1), ("mask-of-corruption", "whispering-mask"), loss_counter=True),
        )
    }
)


@functools.cache  # the card ids of a game are few and each is asked about again and again
def base(card: str) -> str:
    """The kind of card a physical card id names (``spark`` for ``spark#m1-2``)."""
    return card.split("#", 1)[0]


# The rules look a card up many times a step; the catalogue never changes, so each id is looked up once.
@functools.cache
def card_def(card: str) -> PlayerCard:
    return PLAYER_CARDS[base(card)]


@functools.cache
def nemesis_def(card: str) -> NemesisCard:
    return NEMESIS_CARDS[base(card)]


def describe(card: str) -> str:
    b = base(card)
    if b in PLAYER_CARDS:
        return PLAYER_CARDS[b].name
    if b in NEMESIS_CARDS:
        return NEMESIS_CARDS[b].name
    return card
