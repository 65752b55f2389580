"""The small effect vocabulary that every abstract card is written in.

The rulebook prints no card text, so every card of the model is built from these pieces.  Each
piece is a frozen value; the interpreter for them is ``effects.py``.  Reach (``zone``, ``game``,
``other-zone``) is how a card says that it crosses battle zones: ``zone`` is the default and the
only reach that BZ.ISOLATION allows without card text saying otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

# --- target selectors ----------------------------------------------------------------------

SIDES = ("hero", "villain", "environment", "non-hero", "non-villain", "non-environment", "any")
PICKS = ("choose", "each", "highest-hp", "lowest-hp", "self", "own-character")
REACHES = ("zone", "game", "other-zone")
DAMAGE_TYPES = ("cold", "energy", "fire", "infernal", "lightning", "melee", "projectile", "psychic", "radiant", "sonic", "toxic")
"""The types of damage a card can deal (each hero deals its own; OblivAeon's removal damage is infernal)."""
AMOUNT_WORDS = ("H", "arcana")
"""Damage amounts given as words: the hero count (CLAR.HERO-COUNT) and The Harpy's Arcana tokens."""


def domain(values: tuple[str, ...], noun: str, **kw):
    """A field whose value is one of ``values`` (a string field of an instruction; ``noun`` names it
    in messages): checked when the instruction is built, and read by the scenario vocabulary to
    check a scenario's arguments."""
    return field(metadata={"domain": values, "noun": noun}, **kw)


@dataclass(frozen=True, slots=True)
class Target:
    side: str = "any"
    pick: str = "choose"
    reach: str = "zone"
    characters_only: bool = False
    non_characters_only: bool = False

    def __post_init__(self) -> None:
        assert self.side in SIDES, self.side
        assert self.pick in PICKS, self.pick
        assert self.reach in REACHES, self.reach


_SIDE_WORDS = {"any": "", "non-hero": "non-hero ", "non-villain": "non-villain ", "non-environment": "non-environment "}
_REACH_WORDS = {"zone": "in this battle zone", "game": "in the game", "other-zone": "in the other battle zone"}
NAMED_SIDES = {
    s: frozenset(x for x in ("hero", "villain", "environment") if s == "any" or s == x or (s.startswith("non-") and s[4:] != x))
    for s in SIDES
}
"""The sides each side word names (``non-hero``: villain and environment)."""


def words(t: Target) -> str:
    """A target description in the game's words (``each villain target in this battle zone``)."""
    if t.pick == "self":
        return "the character cards of the hero it belongs to"
    if t.pick == "own-character":
        return "its player's hero character cards"
    noun = "character card" if t.characters_only else "non-character target" if t.non_characters_only else "target"
    side = _SIDE_WORDS.get(t.side, t.side + " ")
    where = _REACH_WORDS[t.reach]
    if t.pick == "each":
        return f"each {side}{noun} {where}"
    if t.pick == "choose":
        return f"{_a(side + noun)} {where}, of its player's choice"
    return f"the {side}{noun} with the {t.pick[:-3]} HP {where}"


def destroy_words(op: Destroy) -> str:
    """What a destruction instruction may destroy, in words (``a villain ongoing card in this battle zone``)."""
    side = _SIDE_WORDS.get(op.side, op.side + " ")
    noun = {"target": "non-character target", "environment": "environment card"}.get(op.what, op.what + " card")
    if op.what == "environment":
        side = ""
    limit = f" with at most {op.max_hp} HP" if op.max_hp is not None else ""
    return f"{_a(side + noun)}{limit} {_REACH_WORDS[op.reach]}, of its player's choice"


def temp_words(side: str, scope: str, reach: str, fixed: bool) -> str:
    """What a temporary effect covers, in words (``hero targets in the other battle zone, as they were``)."""
    noun = "targets" if side == "any" else f"{side} targets"
    if scope == "target":
        return f"one {noun[:-1]}"
    if scope == "hero":
        return "its owner's hero"
    return f"{noun} {_REACH_WORDS[reach]}" + (", those there when it was made" if fixed else ", arrivals too")


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


HERO_CHOICE = Target("hero", "choose")
VILLAIN_CHOICE = Target("villain", "choose")
ANY_CHOICE = Target("any", "choose")
NON_HERO_CHOICE = Target("non-hero", "choose")

# --- effect pieces -------------------------------------------------------------------------


class Op:
    """One instruction of a card."""

    __slots__ = ()

    def __post_init__(self) -> None:
        for f in fields(self):
            values = f.metadata.get("domain")
            if values is not None and getattr(self, f.name) not in values:
                raise ValueError(f"{type(self).__name__}.{f.name} must be one of {', '.join(values)}, not {getattr(self, f.name)!r}")


@dataclass(frozen=True, slots=True)
class Damage(Op):
    amount: int | str = field(metadata={"words": AMOUNT_WORDS})
    """A number, or one of ``AMOUNT_WORDS``: ``"H"`` (the hero count, CLAR.HERO-COUNT) or ``"arcana"`` (The Harpy)."""
    dtype: str = domain(DAMAGE_TYPES, "damage type")
    target: Target
    irreducible: bool = False


@dataclass(frozen=True, slots=True)
class Heal(Op):
    amount: int
    target: Target


@dataclass(frozen=True, slots=True)
class Destroy(Op):
    what: str = domain(("ongoing", "equipment", "environment", "target"), "kind of card to destroy")
    """``ongoing``, ``equipment``, ``environment`` (an environment card), ``target`` (a non-character target)."""
    side: str = domain(SIDES, "side", default="any")
    max_hp: int | None = None
    reach: str = domain(REACHES, "reach", default="zone")


@dataclass(frozen=True, slots=True)
class DestroySelf(Op):
    pass


@dataclass(frozen=True, slots=True)
class Draw(Op):
    n: int = 1


@dataclass(frozen=True, slots=True)
class Discard(Op):
    n: int = 1


@dataclass(frozen=True, slots=True)
class ExtraPlay(Op):
    """The controller may play a card now."""


@dataclass(frozen=True, slots=True)
class ExtraPower(Op):
    """The controller may use a power now."""


@dataclass(frozen=True, slots=True)
class PlayTopOf(Op):
    deck: str = domain(("environment",), "deck")
    """``environment``: this zone's environment deck (the only deck the interpreter plays the top of)."""


@dataclass(frozen=True, slots=True)
class DiscardTopOfDeck(Op):
    """Discard the top card of a deck chosen by the controller; the deck must be reachable (CLAR.VILLAIN-DECKS, CLAR.MISSION-DECK-UNTARGETABLE)."""


@dataclass(frozen=True, slots=True)
class Timestream(Op):
    """Look at the top card of a reachable deck and either leave it or put it on the bottom (La Comodora)."""


@dataclass(frozen=True, slots=True)
class AddToken(Op):
    """Put a token on an objective in this zone (the controller chooses)."""


@dataclass(frozen=True, slots=True)
class AddGameOverToken(Op):
    """Environment: one token on this card; at ``limit`` tokens the environment's Game Over condition is met."""

    limit: int


@dataclass(frozen=True, slots=True)
class MoveHero(Op):
    who: str = domain(("self", "choose"), "hero to move", default="self")
    """``self`` (the controller's hero) or ``choose`` (a hero in this zone, chosen by the players)."""


@dataclass(frozen=True, slots=True)
class MoveSelf(Op):
    """Move this card (even if indestructible) to the same play area kind in the other zone."""


@dataclass(frozen=True, slots=True)
class PlayAeonMen(Op):
    n: int = 1


@dataclass(frozen=True, slots=True)
class BringForthScion(Op):
    where: str = domain(("this-zone", "fewest-scions"), "battle zone", default="this-zone")
    """``this-zone`` or ``fewest-scions``."""


@dataclass(frozen=True, slots=True)
class FlipHarpyToken(Op):
    to: str = domain(("arcana", "avian"), "token side")
    """``arcana`` or ``avian``."""


SCOPES = ("target", "hero", "zone")
"""What a temporary effect covers: one target (chosen when made), its owner's hero, or everything in the battle zones
its reach names (``zone``: this battle zone, ``other-zone``: the other one, ``game``: both, that is the game)."""
COVERS = ("arrivals", "fixed")
"""Whether a zone- or game-wide effect covers what arrives later (``arrivals``) or only what was there (``fixed``)."""
EXPIRIES = ("end-of-turn", "owner-next-turn", "source-leaves-play")
"""When a temporary effect ends: at the end of the turn it was made in, when its owner's next turn starts (or its
owner falls), when its card leaves play."""


@dataclass(frozen=True, slots=True)
class TempReduce(Op):
    """A temporary effect (``state.Temp``): damage dealt to the ``side`` targets it covers is reduced by ``amount``."""

    amount: int
    side: str = domain(SIDES, "side", default="hero")
    scope: str = domain(SCOPES, "scope", default="zone")
    covers: str = domain(COVERS, "affected set", default="arrivals")
    until: str = domain(EXPIRIES, "expiry", default="owner-next-turn")
    target: Target = HERO_CHOICE
    """For ``scope = "target"``: which target it covers."""
    reach: str = domain(REACHES, "reach", default="zone")
    """For ``scope = "zone"``: which battle zones it covers, from the zone it is made in (BZ.ISOLATION)."""

    def __post_init__(self) -> None:
        Op.__post_init__(self)
        if self.reach != "zone" and self.scope != "zone":
            raise ValueError(f"TempReduce.reach is for an effect on a battle zone (scope zone), not scope {self.scope!r}")


@dataclass(frozen=True, slots=True)
class Revive(Op):
    """Rites of Revival: an incapacitated hero in this zone is resurrected (CLAR.RITES-OF-REVIVAL)."""


@dataclass(frozen=True, slots=True)
class RemoveLowestVillain(Op):
    """Unforgiving Wasteland: remove from the game the lowest-HP villain target here with at most ``max_hp`` HP."""


@dataclass(frozen=True, slots=True)
class PutConstructUnder(Op):
    """Requital: put a Construct from hand under this character card."""


@dataclass(frozen=True, slots=True)
class PlayConstructFromUnder(Op):
    """Requital (or its incapacitated ability): put a Construct from under the Requital card into play."""


@dataclass(frozen=True, slots=True)
class ReleaseConstruct(Op):
    """Requital's incapacitated ability: return a Construct from under the card to the box."""


@dataclass(frozen=True, slots=True)
class ReclaimReward(Op):
    """Put a reward in this zone on the bottom of the Mission deck, where it is an objective again."""


@dataclass(frozen=True, slots=True)
class PlayNextTo(Op):
    """This card goes next to a hero in this zone, into that hero's play area."""

    who: str = domain(("hero",), "card to go next to", default="hero")


# --- triggers and cards --------------------------------------------------------------------

WHENS = ("start", "end")
TURNS = ("own", "this-villain", "villain", "environment", "oblivaeon")


@dataclass(frozen=True, slots=True)
class Trigger:
    when: str
    turn: str
    """``own`` (the owner hero's turn), ``this-villain`` (the villain turn of the card's zone),
    ``villain`` (any villain turn in the card's zone, OblivAeon's included: CLAR.OA-TURN-IS-VILLAIN-TURN),
    ``environment`` (the card's zone's environment turn), ``oblivaeon`` (OblivAeon's turn)."""
    ops: tuple[Op, ...]


REACTION_EVENTS = ("enters-play", "leaves-play", "destroyed", "changes-zone", "removed-from-game", "moved")
"""The moments a reaction can listen for (``moments.py`` records them; ``reactions.py`` answers them); ``moved`` is a
move between two places out of play (a deck, a hand, a trash, under a card, the box, ...)."""
DESTINATIONS = ("anywhere", "deck", "hand", "trash")
"""For a reaction to ``moved``: the kind of place the card went to that it listens for."""
MOMENTS_OF_A_TARGET = ("destroyed", "removed-from-game")
"""The moments whose event names the card it happens to as its ``target`` (its ``card`` is what caused it)."""
SUBJECTS = ("self", "hero", "villain", "environment", "any")
"""Whose moment a reaction answers: this card's own, or another card's of that side where its reach hears."""


@dataclass(frozen=True, slots=True)
class Reaction:
    """When ``subject`` has the moment ``on``, resolve ``ops`` (this card's context; a card that has left play
    answers its own leaving from the battle zone it left)."""

    on: str = domain(REACTION_EVENTS, "moment")
    subject: str = domain(SUBJECTS, "subject")
    ops: tuple[Op, ...] = ()
    targets_only: bool = False
    """Another card's moment counts only if that card is a target."""
    reach: str = domain(REACHES, "reach", default="zone")
    """Where the moments it hears happen, from its card's battle zone (BZ.ISOLATION): there, the other zone, either."""
    into: str = domain(DESTINATIONS, "destination", default="anywhere")
    """For ``moved``: the kind of place the card went to (a hand: it was drawn or taken; a trash: discarded, ...)."""

    def __post_init__(self) -> None:
        Op.__post_init__(self)
        if self.subject == "self" and self.reach != "zone":
            raise ValueError("a reaction to its own card's moment hears it where the card is: its reach is zone")
        if self.into != "anywhere" and self.on != "moved":
            raise ValueError(f"Reaction.into is for a reaction to moved, not to {self.on}")


@dataclass(frozen=True, slots=True)
class CardDef:
    key: str
    name: str
    deck: str
    """The deck the card belongs to: a hero name, an environment name, ``OblivAeon``, ``Scion``, ``Aeon Men``, ``Mission``."""
    side: str
    """``hero``, ``villain``, ``environment`` or ``mission``."""
    type: str
    """``one-shot``, ``ongoing``, ``equipment``, ``target``."""
    ops: tuple[Op, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    reactions: tuple[Reaction, ...] = ()
    powers: tuple[tuple[Op, ...], ...] = ()
    hp: int | None = None
    keywords: tuple[str, ...] = ()
    indestructible: bool = False
    copies: int = 1
    zone: str = "this"
    """Where a villain ongoing goes: ``this`` (OblivAeon's zone), ``other`` (the other zone), ``fewest-heroes``."""
    seed_ops: tuple[Op, ...] = ()
    """For Akash'Thriya's seeds: what happens when the seed is played from the environment deck."""
    reward: CardDef | None = None
    """For Mission cards: the reward side (the card itself describes the objective side)."""
    tokens_needed: int = 0
    """For objectives: tokens that complete it (0: completed by destroying it as a target)."""
    construct: bool = False
    bloodstone: bool = False
    game_over_limit: int = 0


@dataclass(frozen=True, slots=True)
class CharacterDef:
    key: str
    hero: str
    variant: str
    hp: int
    power: tuple[Op, ...]
    incap: tuple[tuple[Op, ...], ...]
    members: tuple[tuple[str, int], ...] = ()
    """For a team (the Sentinels): (member name, HP) of each character card."""
    requital: bool = False


@dataclass(frozen=True, slots=True)
class ScionDef:
    key: str
    name: str
    difficulty: int
    triggers: tuple[Trigger, ...] = field(default=())
    rainek: bool = False
