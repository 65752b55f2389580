"""The catalogue of abstract cards, deck by deck.

ASSUMPTION (all of this module): the rulebook prints no card text.  Every card here is a stand-in
written in the effect vocabulary, shaped after what the rulebook tells us about each deck, and
rich enough that random play reaches every clause.  The cards the clarifications name (Rites of
Revival, Unforgiving Wasteland, the Sentinels and The Bloodstone, Captain Cosmic's Requital and
its Constructs) and the five new heroes are present, with the behaviour the rulebook gives them.
"""

from __future__ import annotations

import functools
import re
from types import MappingProxyType

from oblivaeon_verify.model.oblivaeon.charts import SCION_DIFFICULTY
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.model.oblivaeon.vocabulary import (
    HERO_CHOICE,
    NON_HERO_CHOICE,
    AddGameOverToken,
    BringForthScion,
    CardDef,
    CharacterDef,
    Damage,
    Destroy,
    DestroySelf,
    DiscardTopOfDeck,
    Draw,
    ExtraPlay,
    ExtraPower,
    FlipHarpyToken,
    Heal,
    MoveHero,
    MoveSelf,
    PlayAeonMen,
    PlayConstructFromUnder,
    PlayNextTo,
    PlayTopOf,
    PutConstructUnder,
    Reaction,
    ReclaimReward,
    ReleaseConstruct,
    RemoveLowestVillain,
    Revive,
    ScionDef,
    Target,
    TempReduce,
    Timestream,
    Trigger,
)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


OWN_CHAR = Target("hero", "own-character")
HOST = Target("hero", "self")  # for cards next to a hero: "self" is the hero they sit next to
EACH_HERO = Target("hero", "each")
EACH_VILLAIN = Target("villain", "each")
HIGHEST_HERO = Target("hero", "highest-hp")
LOWEST_HERO = Target("hero", "lowest-hp")

# --- heroes --------------------------------------------------------------------------------

#: (hero, damage type, variants, base HP, special cards). Variants allow a deck to return after an
#: incapacitation (INCAP.NO-SHARED-DECK); names of variants are ours.
_HERO_TABLE: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("Luminary", "energy", ("Luminary", "Heroic Luminary"), 27),
    ("The Harpy", "sonic", ("The Harpy", "Arcane Harpy"), 26),
    ("Akash'Thriya", "toxic", ("Akash'Thriya", "Spirit of the Void"), 28),
    ("La Comodora", "projectile", ("La Comodora", "Curse of the Black Spot"), 27),
    ("Lifeline", "infernal", ("Lifeline", "Blood Mage"), 28),
    ("Legacy", "melee", ("Legacy", "Young Legacy", "Freedom Five Legacy"), 32),
    ("Tachyon", "melee", ("Tachyon", "Team Leader Tachyon", "Freedom Six Tachyon"), 26),
    ("Bunker", "projectile", ("Bunker", "GI Bunker", "Freedom Five Bunker"), 28),
    ("Absolute Zero", "cold", ("Absolute Zero", "Freedom Five Absolute Zero", "Termi-Nation Absolute Zero"), 29),
    ("Ra", "fire", ("Ra", "Horus of Two Horizons", "Setting Sun Ra"), 30),
    ("Haka", "melee", ("Haka", "Eternal Haka", "Prime Wardens Haka"), 34),
    ("Wraith", "projectile", ("The Wraith", "Rook City Wraith", "Price of Freedom Wraith"), 28),
    ("Fanatic", "radiant", ("Fanatic", "Redeemer Fanatic", "Prime Wardens Fanatic"), 30),
    ("Tempest", "lightning", ("Tempest", "Freedom Six Tempest", "Prime Wardens Tempest"), 29),
    ("Visionary", "psychic", ("The Visionary", "Dark Visionary", "Dark Watch Visionary"), 26),
    ("Unity", "melee", ("Unity", "Golem Unity", "Termi-Nation Unity"), 26),
    ("Expatriette", "projectile", ("Expatriette", "Dark Watch Expatriette"), 27),
    ("Argent Adept", "sonic", ("The Argent Adept", "Dark Conductor Argent Adept", "Prime Wardens Argent Adept"), 26),
    ("Nightmist", "infernal", ("Nightmist", "Dark Watch Nightmist"), 26),
    ("Chrono-Ranger", "projectile", ("Chrono-Ranger", "The Best of Times Chrono-Ranger"), 28),
    ("Mr. Fixer", "melee", ("Mr. Fixer", "Dark Watch Mr. Fixer"), 27),
    ("Sky-Scraper", "melee", ("Sky-Scraper", "Extremist Sky-Scraper"), 27),
    ("K.N.Y.F.E.", "energy", ("K.N.Y.F.E.", "Rogue Agent K.N.Y.F.E."), 29),
    ("Parse", "projectile", ("Parse", "Fugue State Parse"), 27),
    ("The Naturalist", "melee", ("The Naturalist", "Hunted Naturalist"), 28),
    ("Setback", "melee", ("Setback", "Dark Watch Setback"), 30),
    ("Guise", "melee", ("Guise", "Santa Guise"), 27),
    ("Omnitron-X", "energy", ("Omnitron-X", "Omnitron-U"), 28),
)

CAPTAIN_COSMIC = "Captain Cosmic"
SENTINELS = "The Sentinels"
SENTINEL_MEMBERS: tuple[tuple[str, int], ...] = (("Dr. Medico", 8), ("Mainstay", 11), ("The Idealist", 7), ("Writhe", 9))

_INCAP_STANDARD: tuple[tuple, ...] = (
    (Heal(2, HERO_CHOICE),),
    (Draw(1),),
    (Destroy("environment"),),
)


def _hero_cards(hero: str, dtype: str, index: int) -> list[CardDef]:
    d = slug(hero)
    out: list[CardDef] = []

    def card(name, type_, copies=1, **kw):
        out.append(CardDef(f"{d}:{slug(name)}", name, hero, "hero", type_, copies=copies, **kw))

    card("Strike", "one-shot", 3, ops=(Damage(4, dtype, NON_HERO_CHOICE),), keywords=("one-shot",))
    card("Signature Gear", "equipment", 2, powers=((Damage(3, dtype, NON_HERO_CHOICE),),), keywords=("equipment",))
    card("Second Wind", "one-shot", 1, ops=(Draw(2), TempReduce(1, "hero", "target", target=LOWEST_HERO)))
    card(
        "Quick Thinking",
        "one-shot",
        1,
        ops=(Damage(1, dtype, NON_HERO_CHOICE), ExtraPlay(), TempReduce(1, "hero", "zone", "fixed", reach="game")),
    )
    card(
        "Fortify",
        "ongoing",
        1,
        ops=(TempReduce(1, "hero", "hero", until="source-leaves-play"),),
        triggers=(Trigger("start", "own", (Heal(1, OWN_CHAR),)),),
        keywords=("ongoing",),
    )
    card("Clear the Field", "one-shot", 1, ops=(Destroy("ongoing", "non-hero"), Destroy("environment")))
    card("Cover", "one-shot", 1, ops=(TempReduce(1, "hero"), Draw(1)))
    card("Far Watch", "one-shot", 1, ops=(TempReduce(1, "hero", reach="other-zone"), Draw(1)))
    card(
        "Redeploy",
        "one-shot",
        1,
        ops=(MoveHero("self"), Damage(2, dtype, NON_HERO_CHOICE), TempReduce(1, "hero", "target", target=OWN_CHAR)),
    )
    card("Rally", "one-shot", 1, ops=(ExtraPower(), Heal(2, HERO_CHOICE), TempReduce(1, "hero", "zone", "fixed", "end-of-turn")))
    if index % 3 == 0:
        card(
            "Shockwave",
            "one-shot",
            1,
            ops=(Damage(1, dtype, Target("villain", "each", "game")), TempReduce(1, "hero", "zone", until="end-of-turn", reach="game")),
        )
    if index % 3 == 1:
        card("Watchful Ally", "target", 1, hp=4, triggers=(Trigger("end", "own", (Damage(1, dtype, NON_HERO_CHOICE),)),))

    if index % 3 == 2:
        card(
            "Guardian Ward",
            "ongoing",
            1,
            ops=(PlayNextTo("hero"), TempReduce(1, "hero", "hero", until="source-leaves-play")),
            triggers=(Trigger("start", "villain", (Heal(1, HOST),)),),
        )
    if index % 4 == 0:
        card("Sabotage", "one-shot", 1, ops=(DiscardTopOfDeck(), Damage(2, dtype, NON_HERO_CHOICE)))
    return out


def _special_hero_cards(hero: str) -> list[CardDef]:
    """Cards that carry the gameplay notes of the five new heroes (HEROES.*)."""
    d = slug(hero)
    out: list[CardDef] = []

    def card(name, type_, copies=1, **kw):
        out.append(CardDef(f"{d}:{slug(name)}", name, hero, "hero", type_, copies=copies, **kw))

    if hero == "Luminary":
        card(
            "Doomsday Device",
            "target",
            2,
            hp=5,
            keywords=("device",),
            triggers=(Trigger("end", "own", (Damage(2, "energy", NON_HERO_CHOICE),)),),
        )
        card("Use It Up", "one-shot", 1, ops=(Destroy("target", "hero", max_hp=5), Damage(4, "energy", NON_HERO_CHOICE)))
    elif hero == "The Harpy":
        card("Arcane Surge", "one-shot", 2, ops=(FlipHarpyToken("arcana"), Damage("arcana", "sonic", NON_HERO_CHOICE)))
        card("Avian Fury", "one-shot", 2, ops=(FlipHarpyToken("avian"), Damage(3, "melee", NON_HERO_CHOICE)))
    elif hero == "Akash'Thriya":
        card("Verdant Seed", "one-shot", 2, keywords=("seed",), seed_ops=(Heal(2, EACH_HERO),))
        card("Thorn Seed", "one-shot", 2, keywords=("seed",), seed_ops=(Damage(2, "toxic", EACH_VILLAIN),))
        card("Bloom", "one-shot", 1, ops=(PlayTopOf("environment"),))
    elif hero == "La Comodora":
        card("Temporal Glimpse", "one-shot", 2, ops=(Timestream(), Draw(1)))
        card(
            "Phased Hull Plating", "equipment", 1, keywords=("equipment",), powers=((MoveSelf(), Damage(2, "projectile", NON_HERO_CHOICE)),)
        )
    elif hero == "Lifeline":
        card("Blood Price", "one-shot", 2, ops=(Damage(2, "infernal", OWN_CHAR), Damage(5, "infernal", NON_HERO_CHOICE)))
        card("Vitae Siphon", "one-shot", 1, ops=(Damage(2, "infernal", NON_HERO_CHOICE), Heal(2, OWN_CHAR)))
    return out


CATALOGUE.declare("HEROES.LUMINARY", "_special_hero_cards (Doomsday Device, Use It Up)", __name__)
CATALOGUE.declare("HEROES.LIFELINE", "_special_hero_cards (Blood Price, Vitae Siphon)", __name__)


def _build_heroes():
    cards: list[CardDef] = []
    chars: list[CharacterDef] = []
    for i, (hero, dtype, variants, hp) in enumerate(_HERO_TABLE):
        cards += _hero_cards(hero, dtype, i) + _special_hero_cards(hero)
        for j, variant in enumerate(variants):
            power = (Damage(3 + (j % 2), dtype, NON_HERO_CHOICE),) if j != 1 else (Draw(1), Damage(2, dtype, NON_HERO_CHOICE))
            chars.append(CharacterDef(f"char:{slug(hero)}:{slug(variant)}", hero, variant, hp + 4 - 2 * j, power, _INCAP_STANDARD))
    # Captain Cosmic, with the Requital variant and its Constructs (CLAR.REQUITAL-CONSTRUCTS).
    cards += _hero_cards(CAPTAIN_COSMIC, "energy", 99)
    cards.append(
        CardDef(
            "captain-cosmic:construct",
            "Energy Construct",
            CAPTAIN_COSMIC,
            "hero",
            "target",
            copies=3,
            hp=4,
            construct=True,
            keywords=("construct",),
            triggers=(Trigger("end", "own", (Damage(1, "energy", NON_HERO_CHOICE),)),),
        )
    )
    chars.append(
        CharacterDef(
            "char:captain-cosmic:captain-cosmic",
            CAPTAIN_COSMIC,
            "Captain Cosmic",
            26,
            (Damage(2, "energy", NON_HERO_CHOICE),),
            _INCAP_STANDARD,
        )
    )
    chars.append(
        CharacterDef(
            "char:captain-cosmic:prime-wardens",
            CAPTAIN_COSMIC,
            "Prime Wardens Captain Cosmic",
            27,
            (Damage(2, "energy", NON_HERO_CHOICE),),
            _INCAP_STANDARD,
        )
    )
    chars.append(
        CharacterDef(
            "char:captain-cosmic:requital",
            CAPTAIN_COSMIC,
            "Requital",
            28,
            (PutConstructUnder(), PlayConstructFromUnder()),
            ((ReleaseConstruct(),), (PlayConstructFromUnder(),), (Heal(2, HERO_CHOICE),)),
            requital=True,
        )
    )
    # The Sentinels: one deck, four character cards (CLAR.SENTINELS).
    cards += _hero_cards(SENTINELS, "melee", 100)
    cards.append(
        CardDef(
            "the-sentinels:tactical-retreat",
            "Tactical Retreat",
            SENTINELS,
            "hero",
            "one-shot",
            copies=1,
            ops=(Heal(2, Target("hero", "each")),),
        )
    )
    chars.append(
        CharacterDef(
            "char:the-sentinels:the-sentinels",
            SENTINELS,
            "The Sentinels",
            sum(h for _, h in SENTINEL_MEMBERS),
            (Damage(1, "melee", NON_HERO_CHOICE), Heal(1, HERO_CHOICE)),
            _INCAP_STANDARD,
            members=SENTINEL_MEMBERS,
        )
    )
    return cards, chars


# --- environments --------------------------------------------------------------------------


def _env_cards(env: str, extra: list[CardDef]) -> list[CardDef]:
    d = slug(env)
    out = list(extra)

    def card(name, type_, copies=1, **kw):
        out.append(CardDef(f"{d}:{slug(name)}", name, env, "environment", type_, copies=copies, **kw))

    card(
        f"{env} Brute",
        "target",
        2,
        hp=6,
        triggers=(Trigger("end", "environment", (Damage(2, "melee", Target("non-environment", "highest-hp")),)),),
        reactions=(Reaction("moved", "any", (Heal(1, Target("environment", "lowest-hp")),), into="deck"),),
    )
    card(
        "Hazard",
        "ongoing",
        1,
        triggers=(Trigger("end", "environment", (Damage(1, "fire", Target("any", "each")),)),),
        reactions=(Reaction("leaves-play", "self", (Damage(1, "fire", EACH_VILLAIN),)),),
    )
    card(
        "Shelter",
        "ongoing",
        1,
        triggers=(Trigger("start", "environment", (Heal(1, Target("any", "each")),)),),
        reactions=(Reaction("leaves-play", "self", (Heal(1, Target("any", "each")),)),),
    )
    card(
        "Echoing Rift",
        "ongoing",
        1,
        reactions=(Reaction("enters-play", "villain", (Damage(1, "sonic", Target("villain", "lowest-hp")),), True, "other-zone"),),
    )
    card("Upheaval", "one-shot", 1, ops=(Destroy("ongoing", "any"),))
    card("Crossroads", "one-shot", 1, ops=(MoveHero("choose"),))
    card(
        "Entangling Growth",
        "ongoing",
        1,
        ops=(PlayNextTo("hero"),),
        triggers=(Trigger("end", "environment", (Damage(1, "toxic", HOST),)),),
    )
    return out


_ENV_SPECIAL: dict[str, list[CardDef]] = {
    "Temple of Zhu Long": [
        CardDef(
            "temple-of-zhu-long:rites-of-revival",
            "Rites of Revival",
            "Temple of Zhu Long",
            "environment",
            "ongoing",
            triggers=(Trigger("end", "environment", (Revive(),)),),
        ),
        CardDef(
            "temple-of-zhu-long:shinobi-assassin",
            "Shinobi Assassin",
            "Temple of Zhu Long",
            "environment",
            "target",
            hp=5,
            triggers=(Trigger("end", "environment", (Damage(2, "melee", HIGHEST_HERO),)),),
        ),
    ],
    "The Final Wasteland": [
        CardDef(
            "the-final-wasteland:unforgiving-wasteland",
            "Unforgiving Wasteland",
            "The Final Wasteland",
            "environment",
            "ongoing",
            triggers=(Trigger("end", "environment", (RemoveLowestVillain(),)),),
        ),
    ],
    "Wagner Mars Base": [
        CardDef(
            "wagner-mars-base:launch-countdown",
            "Launch Countdown",
            "Wagner Mars Base",
            "environment",
            "ongoing",
            game_over_limit=3,
            indestructible=True,
            triggers=(Trigger("start", "environment", (AddGameOverToken(3),)),),
        ),
    ],
    "Realm of Discord": [
        CardDef(
            "realm-of-discord:drifting-anomaly",
            "Drifting Anomaly",
            "Realm of Discord",
            "environment",
            "ongoing",
            indestructible=True,
            triggers=(Trigger("end", "environment", (Damage(1, "psychic", Target("any", "lowest-hp")), MoveSelf())),),
            reactions=(Reaction("changes-zone", "self", (Damage(1, "psychic", EACH_VILLAIN),)),),
        ),
    ],
    "Silver Gulch 1883": [
        CardDef(
            "silver-gulch-1883:powder-keg-fuse",
            "Powder Keg Fuse",
            "Silver Gulch 1883",
            "environment",
            "ongoing",
            game_over_limit=4,
            triggers=(Trigger("end", "environment", (AddGameOverToken(4),)),),
        ),
    ],
}

ENVIRONMENTS: tuple[str, ...] = (
    "Insula Primalis",
    "Megalopolis",
    "Ruins of Atlantis",
    "Rook City",
    "Pike Industrial Complex",
    "Realm of Discord",
    "Temple of Zhu Long",
    "The Final Wasteland",
    "Wagner Mars Base",
    "Silver Gulch 1883",
)


def _build_envs() -> list[CardDef]:
    cards: list[CardDef] = []
    for env in ENVIRONMENTS:
        cards += _env_cards(env, _ENV_SPECIAL.get(env, []))
    return cards


# --- villains ------------------------------------------------------------------------------


def _villain(deck: str, name: str, type_: str, copies: int = 1, **kw) -> CardDef:
    return CardDef(f"{slug(deck)}:{slug(name)}", name, deck, "villain", type_, copies=copies, **kw)


OBLIVAEON_CARDS = [
    _villain("OblivAeon", "Annihilating Surge", "one-shot", 2, ops=(Damage(2, "infernal", EACH_HERO),)),
    _villain("OblivAeon", "Focused Ruin", "one-shot", 2, ops=(Damage(4, "energy", HIGHEST_HERO),)),
    _villain("OblivAeon", "Call of the Scions", "one-shot", 2, ops=(BringForthScion("fewest-scions"),)),
    _villain(
        "OblivAeon",
        "Reality Tear",
        "ongoing",
        1,
        zone="other",
        keywords=("ongoing",),
        triggers=(Trigger("end", "this-villain", (Damage(1, "infernal", EACH_HERO),)),),
    ),
    _villain("OblivAeon", "Entropic Pull", "one-shot", 1, ops=(MoveHero("choose"), Damage(2, "infernal", LOWEST_HERO))),
    _villain("OblivAeon", "Unmaking", "one-shot", 1, ops=(Destroy("ongoing", "hero"), Destroy("equipment", "hero"))),
    _villain(
        "OblivAeon",
        "Distortion",
        "ongoing",
        1,
        ops=(PlayNextTo("hero"),),
        keywords=("ongoing",),
        triggers=(Trigger("end", "this-villain", (Damage(2, "psychic", HOST),)),),
        reactions=(Reaction("changes-zone", "self", (Damage(1, "psychic", HOST),)),),
    ),
    _villain(
        "OblivAeon",
        "Grim Harvest",
        "ongoing",
        1,
        keywords=("ongoing",),
        reactions=(Reaction("destroyed", "hero", (Heal(1, EACH_VILLAIN),), reach="game"),),
    ),
    _villain(
        "OblivAeon",
        "Dark Requiem",
        "ongoing",
        1,
        keywords=("ongoing",),
        reactions=(Reaction("removed-from-game", "villain", (Damage(1, "infernal", EACH_HERO),), targets_only=True),),
    ),
    _villain("OblivAeon", "Cosmic Scream", "one-shot", 1, ops=(Damage(1, "psychic", Target("hero", "each", "game")),)),
    _villain("OblivAeon", "Erasure Wave", "one-shot", 1, ops=(Damage("H", "infernal", LOWEST_HERO),)),
    _villain("OblivAeon", "Reclamation", "one-shot", 1, ops=(ReclaimReward(), Damage(1, "infernal", EACH_HERO))),
]

SCION_CARDS = [
    _villain("Scion", "Scion Onslaught", "one-shot", 3, ops=(Damage(3, "melee", HIGHEST_HERO),)),
    _villain("Scion", "Aeon Call", "one-shot", 3, ops=(PlayAeonMen(1),)),
    _villain(
        "Scion",
        "Dark Pact",
        "ongoing",
        1,
        keywords=("ongoing",),
        triggers=(Trigger("end", "this-villain", (Heal(2, EACH_VILLAIN),)),),
        reactions=(Reaction("enters-play", "villain", (Heal(1, EACH_VILLAIN),), targets_only=True),),
    ),
    _villain(
        "Scion",
        "Overwhelm",
        "ongoing",
        1,
        keywords=("ongoing",),
        triggers=(Trigger("start", "this-villain", (Damage(1, "energy", EACH_HERO),)),),
    ),
    _villain("Scion", "Purge", "one-shot", 1, ops=(Destroy("ongoing", "hero"), Destroy("equipment", "hero"))),
    _villain("Scion", "Reinforcements", "one-shot", 1, ops=(BringForthScion("this-zone"),)),
    _villain("Scion", "Sweep", "one-shot", 2, ops=(Damage(2, "sonic", Target("non-villain", "each")),)),
]

AEON_MEN_CARDS = [
    _villain(
        "Aeon Men",
        "Aeon Warrior",
        "target",
        3,
        hp=5,
        keywords=("aeon man",),
        triggers=(Trigger("end", "this-villain", (Damage(2, "melee", HIGHEST_HERO),)),),
        reactions=(Reaction("enters-play", "self", (Damage(1, "melee", HIGHEST_HERO),)),),
    ),
    _villain(
        "Aeon Men",
        "Aeon Thrall",
        "target",
        3,
        hp=3,
        keywords=("aeon man",),
        triggers=(Trigger("end", "this-villain", (Damage(1, "melee", EACH_HERO),)),),
        reactions=(Reaction("destroyed", "self", (Damage(1, "melee", HIGHEST_HERO),)),),
    ),
    _villain(
        "Aeon Men",
        "Aeon Avenger",
        "target",
        2,
        hp=4,
        keywords=("aeon man",),
        triggers=(Trigger("end", "this-villain", (Damage(1, "melee", LOWEST_HERO),)),),
        reactions=(Reaction("removed-from-game", "villain", (Damage(2, "infernal", HIGHEST_HERO),), targets_only=True),),
    ),
    _villain(
        "Aeon Men",
        "Aeon Localizer",
        "target",
        2,
        hp=4,
        keywords=("aeon man",),
        triggers=(Trigger("start", "this-villain", (Heal(1, EACH_VILLAIN),)),),
        reactions=(Reaction("moved", "hero", (Heal(1, Target("villain", "lowest-hp")),), into="hand"),),
    ),
    _villain(
        "Aeon Men",
        "Aeon Vassal",
        "target",
        2,
        hp=6,
        keywords=("aeon man",),
        triggers=(Trigger("end", "this-villain", (Damage(1, "energy", LOWEST_HERO),)),),
        reactions=(Reaction("destroyed", "villain", (Heal(1, EACH_VILLAIN),), targets_only=True),),
    ),
]

_SCION_TRIGGERS: dict[str, tuple[Trigger, ...]] = {
    "Aeon Master": (Trigger("end", "this-villain", (PlayAeonMen(1),)),),
    "Borr the Unstable": (Trigger("end", "this-villain", (Damage(2, "fire", EACH_HERO),)),),
    "Dark Mind": (Trigger("start", "this-villain", (Damage(2, "psychic", LOWEST_HERO),)),),
    "Empyreon": (Trigger("end", "this-villain", (Damage(3, "radiant", HIGHEST_HERO),)),),
    "Faultless": (
        Trigger("start", "this-villain", (Heal(2, EACH_VILLAIN),)),
        Trigger("end", "this-villain", (Damage(2, "melee", HIGHEST_HERO),)),
    ),
    "Nixious the Chosen": (Trigger("end", "this-villain", (Damage(2, "melee", HIGHEST_HERO), Damage(1, "melee", LOWEST_HERO))),),
    "Progeny": (Trigger("end", "this-villain", (Damage(2, "energy", EACH_HERO),)),),
    "Rainek Kel'Voss": (Trigger("end", "this-villain", (Damage(3, "infernal", HIGHEST_HERO),)),),
    "Sanction": (Trigger("end", "this-villain", (Destroy("ongoing", "hero"), Damage(1, "energy", EACH_HERO))),),
    "Voidsoul": (Trigger("start", "this-villain", (Damage(1, "infernal", Target("hero", "each", "game")),)),),
}

SCIONS = MappingProxyType(
    {
        name: ScionDef(f"scion:{slug(name)}", name, diff, _SCION_TRIGGERS[name], rainek=(name == "Rainek Kel'Voss"))
        for name, diff in sorted(SCION_DIFFICULTY.items())
    }
)

# --- missions ------------------------------------------------------------------------------


def _reward(name, type_, **kw) -> CardDef:
    return CardDef(f"mission:{slug(name)}", name, "Mission", "hero", type_, **kw)


def _mission(objective, kind, reward: CardDef, hp=None, tokens=0, triggers=()) -> CardDef:
    return CardDef(
        f"mission:{slug(objective)}",
        objective,
        "Mission",
        "mission",
        "target" if hp else "ongoing",
        hp=hp,
        keywords=(f"{kind} objective",),
        reward=reward,
        tokens_needed=tokens,
        triggers=triggers,
    )


MISSION_CARDS = [
    _mission(
        "Secure the Relay",
        "environment",
        _reward("Relay Uplink", "equipment", keywords=("equipment",), powers=((Damage(3, "energy", NON_HERO_CHOICE),),)),
        tokens=2,
    ),
    _mission(
        "Recover the Codex",
        "environment",
        _reward("Codex of Ages", "ongoing", keywords=("ongoing",), triggers=(Trigger("start", "own", (Draw(1),)),)),
        tokens=2,
    ),
    _mission(
        "Hold the Line",
        "villain",
        _reward(
            "Bulwark",
            "ongoing",
            keywords=("ongoing",),
            triggers=(Trigger("start", "own", (TempReduce(1, "hero", "hero", until="end-of-turn"),)),),
        ),
        tokens=3,
    ),
    _mission(
        "Rogue Construct",
        "villain",
        _reward("Salvaged Drone", "target", hp=5, triggers=(Trigger("end", "own", (Damage(2, "energy", NON_HERO_CHOICE),)),)),
        hp=7,
        triggers=(Trigger("end", "this-villain", (Damage(1, "energy", HOST),)),),
    ),
    _mission(
        "Unstable Rift",
        "environment",
        _reward(
            "Rift Shard", "equipment", keywords=("equipment",), powers=((Damage(2, "infernal", Target("villain", "choose", "game")),),)
        ),
        hp=6,
        triggers=(Trigger("end", "environment", (Damage(1, "infernal", HOST),)),),
    ),
    _mission(
        "Aeon Outpost",
        "villain",
        _reward("Outpost Defender", "target", hp=6, triggers=(Trigger("end", "own", (Heal(1, HERO_CHOICE),)),)),
        hp=8,
    ),
    _mission(
        "Rescue the Civilians",
        "environment",
        _reward("Grateful Crowd", "ongoing", keywords=("ongoing",), powers=((Heal(2, HERO_CHOICE), Draw(1)),)),
        tokens=2,
    ),
    _mission(
        "Decode the Signal",
        "environment",
        _reward("Signal Jammer", "ongoing", keywords=("ongoing",), powers=((Damage(4, "sonic", NON_HERO_CHOICE), DestroySelf()),)),
        tokens=1,
    ),
    _mission(
        "The Bloodstone Vault", "villain", _reward("The Bloodstone", "ongoing", keywords=("ongoing", "relic"), bloodstone=True), tokens=2
    ),
    _mission(
        "Scion Hunt",
        "villain",
        _reward("Trophy of the Hunt", "equipment", keywords=("equipment",), powers=((Damage(3, "melee", Target("villain", "choose")),),)),
        hp=5,
    ),
    _mission(
        "Stabilize the Nexus",
        "environment",
        _reward("Nexus Anchor", "ongoing", keywords=("ongoing",), triggers=(Trigger("start", "own", (Heal(1, OWN_CHAR),)),)),
        tokens=2,
    ),
    _mission(
        "Break the Siege",
        "villain",
        _reward("Siege Breaker", "equipment", keywords=("equipment",), powers=((Destroy("target", "villain", max_hp=5), Draw(1)),)),
        tokens=2,
    ),
]

# --- the catalogue -------------------------------------------------------------------------

HERO_CARDS, CHARACTERS_LIST = _build_heroes()
ENV_CARDS = _build_envs()

CARD_DEFS: MappingProxyType = MappingProxyType(
    {c.key: c for c in HERO_CARDS + ENV_CARDS + OBLIVAEON_CARDS + SCION_CARDS + AEON_MEN_CARDS + MISSION_CARDS}
)
CHARACTERS: MappingProxyType = MappingProxyType({c.key: c for c in CHARACTERS_LIST})
HEROES: tuple[str, ...] = tuple(dict.fromkeys(c.hero for c in CHARACTERS_LIST))


#: Member character-card ids of a team character (the Sentinels), else the card itself (worked out once per character).
@functools.cache
def character_cards(char_key: str) -> tuple[str, ...]:
    ch = CHARACTERS[char_key]
    if ch.members:
        return tuple(f"{char_key}/{slug(m)}" for m, _ in ch.members)
    return (char_key,)


def physical(defs) -> tuple[str, ...]:
    """Physical card ids for a list of card definitions: ``key#n`` for each copy."""
    return tuple(f"{c.key}#{i}" for c in defs for i in range(1, c.copies + 1))


class _BaseKeys(dict):
    """Card id -> its kind (the id without its copy number), worked out once per card id."""

    def __missing__(self, card: str) -> str:
        key = self[card] = card.split("#", 1)[0]
        return key


BASE_KEYS = _BaseKeys()


def base_key(card: str) -> str:
    return BASE_KEYS[card]


def hero_deck_cards(hero: str) -> tuple[str, ...]:
    return physical([c for c in HERO_CARDS if c.deck == hero])


def env_deck_cards(env: str) -> tuple[str, ...]:
    return physical([c for c in ENV_CARDS if c.deck == env])


OBLIVAEON_DECK = physical(OBLIVAEON_CARDS)
SCION_DECK = physical(SCION_CARDS)
AEON_MEN_DECK = physical(AEON_MEN_CARDS)
MISSION_DECK = physical(MISSION_CARDS)
ALL_HERO_CARDS = physical(HERO_CARDS)

#: Every physical card id -> its definition (character cards and Scion panels excluded).
PHYSICAL: MappingProxyType = MappingProxyType({p: CARD_DEFS[base_key(p)] for p in physical(CARD_DEFS.values())})

#: Character card id (members included) -> (hero, variant key).
CHARACTER_CARDS: MappingProxyType = MappingProxyType({cid: ch for ch in CHARACTERS_LIST for cid in character_cards(ch.key)})

SCION_PANELS: MappingProxyType = MappingProxyType({s.key: s for s in SCIONS.values()})


@functools.cache  # (a character card's printed HP: every heal of a hero asks it)
def member_hp(card: str) -> int:
    ch = CHARACTER_CARDS[card]
    if ch.members:
        name = card.rsplit("/", 1)[1]
        return next(h for m, h in ch.members if slug(m) == name)
    return ch.hp


def describe(card: str) -> str:
    if card in PHYSICAL:
        cdef = PHYSICAL[card]
        return f"{cdef.name} / {cdef.reward.name}" if cdef.reward is not None else cdef.name
    if card in CHARACTER_CARDS:
        ch = CHARACTER_CARDS[card]
        return card.rsplit("/", 1)[1] if ch.members else ch.variant
    if card in CHARACTERS:  # a hero as setup names it: the variant chosen (the Sentinels' four cards as one)
        return CHARACTERS[card].variant
    if card in SCION_PANELS:
        return SCION_PANELS[card].name
    if card == "oblivaeon":
        return "OblivAeon"
    if card.startswith("shield:"):
        return "the Shield"
    return card


def _names_in_several_decks() -> frozenset[str]:
    """Card names printed in more than one deck (every hero's Signature Gear, an environment's Entangling Growth)."""
    decks: dict[str, set[str]] = {}
    for card, cdef in PHYSICAL.items():
        decks.setdefault(describe(card), set()).add(cdef.deck)
    return frozenset(name for name, held in decks.items() if len(held) > 1)


_SHARED_NAMES = _names_in_several_decks()


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def card_words(card: str) -> str:
    """A card as decisions and events name it: with its deck when another deck prints a card of that name, and with
    its copy number when its deck holds several copies.  Copies differ in play (HP, tokens, where they stand), and a
    trace or a replay file must say which one was chosen or hit: no two options of a decision point read alike."""
    cdef = PHYSICAL.get(card)
    if cdef is None:
        return describe(card)
    name = describe(card)
    words = f"{_possessive(cdef.deck)} {name}" if name in _SHARED_NAMES else name
    return f"{words} #{card.rsplit('#', 1)[1]}" if cdef.copies > 1 else words


def validate() -> list[str]:
    """Catalogue-level checks of the rules that are about which cards may do what."""
    problems = []
    for c in CARD_DEFS.values():
        ops = list(c.ops) + [op for t in c.triggers for op in t.ops] + [op for p in c.powers for op in p]
        if any(isinstance(op, PlayAeonMen) for op in ops) and c.deck != "Scion":
            problems.append(f"{c.key}: only a Scion or the Booklet may play Aeon Men (AEON-MEN.ON-INSTRUCTION)")
        if c.reward is not None and c.reward.side != "hero":
            problems.append(f"{c.key}: a reward must be a hero card (MISSION.DOUBLE-SIDED)")
    return problems
