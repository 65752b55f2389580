"""The small readers several chapters share; they only read a state or a step's events and register nothing.

Where each card is counted and which cards a setup brings, objectives and the seats of fallen heroes, the
round's turn labels, Scions and heroes per battle zone, and which targets a card's text may pick.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from oblivaeon_verify.model.oblivaeon.cards import (
    AEON_MEN_DECK,
    ALL_HERO_CARDS,
    CHARACTER_CARDS,
    CHARACTERS,
    MISSION_DECK,
    OBLIVAEON_DECK,
    PHYSICAL,
    SCION_DECK,
    SCION_PANELS,
    character_cards,
    env_deck_cards,
    slug,
)
from oblivaeon_verify.model.oblivaeon.vocabulary import Damage, Heal, Op
from oblivaeon_verify.properties.common.ledger import Ledger, Ledgers, shared_changes
from oblivaeon_verify.properties.oblivaeon.invariants.registry import OBLIVAEON


def _zone_cards(z) -> tuple[str, ...]:
    return z.env_play + z.villain_play + z.scions


def _pile_cards(piles) -> tuple[str, ...]:
    return piles.deck.cards() + piles.trash


def _deck_cards(deck) -> tuple[str, ...]:
    return deck.cards()


def _same(cards) -> tuple[str, ...]:
    return cards


_GLOBAL_DECKS = ("oblivaeon_deck", "scion_deck", "aeon_deck", "mission_deck", "reserve")
_GLOBAL_PILES = ("oblivaeon_trash", "scion_trash", "aeon_trash", "scions_out", "box", "out")

CARD_PLACES = (
    *("seats.characters", "seats.incapacitated", "seats.deck", "seats.hand", "seats.trash", "seats.play"),
    *("zones.number", "zones.env_play", "zones.villain_play", "zones.scions"),
    *("envs", "shield", "shield_side", "under", *_GLOBAL_DECKS, *_GLOBAL_PILES),
)
"""The parts of a state that hold physical cards (``places.containers`` lists the places within them): of a seat and a
zone, the attributes ``_seat_places`` and ``_zone_places`` read (a zone's number names its places), so that a hero
moving to the other zone, or a seat waiting for its new hero, is no change of where the cards are."""


def _seat_places(gkey, seat):
    i = gkey[1]
    return (
        (("seat", i, "characters"), seat.characters, _same),
        (("seat", i, "incapacitated"), seat.incapacitated, _same),
        (("seat", i, "deck"), seat.deck, _deck_cards),
        (("seat", i, "hand"), seat.hand, _same),
        (("seat", i, "trash"), seat.trash, _same),
        (("seat", i, "play"), seat.play, _same),
    )


def _zone_places(gkey, z):
    n = gkey[1]
    return (
        (("zone", n, "env_play"), z.env_play, _same),
        (("zone", n, "villain_play"), z.villain_play, _same),
        (("zone", n, "scions"), z.scions, _same),
    )


def _pile_places(gkey, piles):
    name = gkey[1]
    return ((("env", name, "deck"), piles.deck, _deck_cards), (("env", name, "trash"), piles.trash, _same))


def _deck_place(gkey, deck):
    return ((gkey, deck, _deck_cards),)


def _pile_place(gkey, cards):
    return ((gkey, cards, _same),)


def _under_places(gkey, under):
    return ((("under", card), cards, _same) for card, cards in under.items())


@cache
def shield_card(shield: str) -> str:
    """The card id of the Shield named ``shield`` (worked out once per Shield: several checks ask at every turn)."""
    return f"shield:{slug(shield)}"


_SHIELD_CARDS: dict[tuple[str, bool], tuple[str, ...]] = {}


def _shield(s, _side):
    key = (s.shield, bool(s.shield_side))
    cards = _SHIELD_CARDS.get(key)
    if cards is None:
        cards = _SHIELD_CARDS[key] = (shield_card(s.shield),) if s.shield_side else ()
    return ((("shield",), cards, _pile_place),)


def _global(name: str, places):
    return name, lambda s, value: (((name,), value, places),)


#: Per state field holding cards, its groups of places: the places of ``model.oblivaeon.places.containers``, each
#: keyed as it is there, and the fields in its order (which place of a step's changes comes first).
_FIELDS = (
    ("seats", lambda s, seats: ((("seat", i), seat, _seat_places) for i, seat in enumerate(seats))),
    ("zones", lambda s, zones: ((("zone", z.number), z, _zone_places) for z in zones)),
    ("envs", lambda s, envs: ((("env", name), piles, _pile_places) for name, piles in envs.items())),
    _global("oblivaeon_deck", _deck_place),
    _global("oblivaeon_trash", _pile_place),
    _global("scion_deck", _deck_place),
    _global("scion_trash", _pile_place),
    _global("aeon_deck", _deck_place),
    _global("aeon_trash", _pile_place),
    ("shield_side", _shield),
    ("shield", _shield),
    _global("mission_deck", _deck_place),
    _global("reserve", _deck_place),
    _global("scions_out", _pile_place),
    _global("box", _pile_place),
    _global("out", _pile_place),
    ("under", lambda s, under: ((("under",), under, _under_places),)),
)


_HERO_DECK_OF = {c: cdef.deck for c, cdef in PHYSICAL.items() if cdef.side == "hero"}


def _hero_decks(cards) -> frozenset[str]:
    """The hero decks with a card among ``cards``."""
    decks = frozenset(map(_HERO_DECK_OF.get, cards))
    return decks - {None} if None in decks else decks


def _outside_the_box(key) -> bool:
    """Places where a card of a hero nobody plays may not be (the box, out of the game and under a card are judged apart)."""
    return key[0] not in ("box", "out", "under")


card_place_changes = shared_changes(_FIELDS)
"""(place, cards before, cards after) of each place of ``containers`` whose cards differ between two states, in its
order (a shared view: the card ledger and moves-out-of-play-are-recorded read the same step)."""


_LEDGERS = Ledgers(_FIELDS, _hero_decks, _outside_the_box, changes=card_place_changes)


def ledger(s) -> Ledger:
    """Where every card of ``s`` is counted (a view shared by the card invariants, recounting only what a step changed)."""
    setup = s.setup
    return _LEDGERS.of((setup.heroes, setup.shield, setup.environments), lambda: expected_cards(setup)).sync(s)


def card_counts(s) -> Counter:
    """How many times each card id appears over every place of the game."""
    return Counter(ledger(s).count)


_EXPECTED: dict[object, frozenset] = {}


def expected_cards(setup) -> frozenset:
    """Every physical card a game with this setup holds, from the rulebook's setup list."""
    key = (setup.heroes, setup.shield, setup.environments)
    got = _EXPECTED.get(key)
    if got is None:
        chars = [c for k in CHARACTERS for c in character_cards(k)]
        envs = [c for e in setup.environments for c in env_deck_cards(e)]
        got = frozenset(
            chars
            + list(ALL_HERO_CARDS)
            + envs
            + list(OBLIVAEON_DECK)
            + list(SCION_DECK)
            + list(AEON_MEN_DECK)
            + list(MISSION_DECK)
            + list(SCION_PANELS)
            + [shield_card(setup.shield)]
        )
        _EXPECTED[key] = got
    return got


_MISSION_SIDE = frozenset(c for c, cdef in PHYSICAL.items() if cdef.side == "mission")


def is_objective(s, card: str) -> bool:
    return card in _MISSION_SIDE and card not in s.reward_side


def objectives(s, seat: int) -> list[str]:
    return [c for c in s.seats[seat].play if is_objective(s, c)]


def awaiting_replacement(s) -> list[int]:
    """Seats whose hero fell and whose new hero is not set up yet."""
    return [i for i, seat in enumerate(s.seats) if seat.needs_hero and seat.hero is None]


def mentioned(events, card: str, after_index: int = -1) -> bool:
    return any(e.card == card or e.target == card for e in events[after_index + 1 :])


def seat_of_character(states, card: str) -> int:
    for s in states:
        for i, seat in enumerate(s.seats):
            if card in seat.characters or card in seat.incapacitated:
                return i
    return -1


TURN_LABELS_FIXED = (
    "Battle Zone 1: Environment turn",
    "Battle Zone 1: Villain turn",
    "Battle Zone 2: Environment turn",
    "Battle Zone 2: Villain turn",
)


@cache
def round_labels(hero_count: int) -> tuple[str, ...]:
    """The rulebook's round: OblivAeon, the heroes by marker, then zone 1's and zone 2's environment and villain turns."""
    return ("OblivAeon's turn",) + tuple(f"Hero {i}'s turn" for i in range(1, hero_count + 1)) + TURN_LABELS_FIXED


def opens_a_turn(events, ending: str) -> bool:
    """Whether ``events`` open a turn whose label ends with ``ending``: a check of what such a turn does has nothing to
    say about a step that opens none (and need not replay the step's events)."""
    return any(e.kind == "turn" and e.detail.endswith(ending) for e in events)


class ZoneCounts:
    """Scions and active heroes per battle zone, replayed through a step's events from the state before."""

    def __init__(self, s, after) -> None:
        self.scions = {z.number: set(z.scions) for z in s.zones}
        self.seat_zone = {i: seat.zone for i, seat in enumerate(s.seats)}
        self.active = {i: bool(seat.characters) for i, seat in enumerate(s.seats)}
        self.states = (s, after)

    def apply(self, e) -> None:
        k = e.kind
        if k == "scion-enters":
            self.scions[e.zone].add(e.card)
        elif k == "scion-removed":
            for z in self.scions.values():
                z.discard(e.card)
        elif k == "hero-moved" and e.target:
            i = seat_of_character(self.states, e.target)
            if i >= 0:
                self.seat_zone[i] = e.zone
        elif k == "hero-incapacitated":
            i = seat_of_character(self.states, e.card)
            if i >= 0:
                self.active[i] = False
        elif k == "hero-set-up" and e.detail.startswith("marker #"):
            i = int(e.detail[len("marker #") :]) - 1
            self.active[i] = True
            self.seat_zone[i] = e.zone

    def heroes_in(self, zone: int) -> int:
        return sum(1 for i, z in self.seat_zone.items() if z == zone and self.active[i])


def segments(events, label_start: str):
    """(start index, end index or None) of each turn in ``events`` whose turn event's detail starts with ``label_start``."""
    turns = [i for i, e in enumerate(events) if e.kind == "turn"]
    for n, i in enumerate(turns):
        if events[i].detail.startswith(label_start):
            yield i, (turns[n + 1] if n + 1 < len(turns) else None)


def rule_side(s, card: str, rewards: frozenset | set | None = None) -> str:
    """The side a target counts as, read from the rulebook's clarifications (not the model's helper).

    OblivAeon and the Scions are villains and hero character cards heroes; an objective is the kind
    of target its keyword names; a reward is a hero target; any other card is its deck's side.
    ``rewards`` (default: the state's) says which Mission cards show their reward side.
    """
    if card == OBLIVAEON or card in SCION_PANELS:
        return "villain"
    if card in CHARACTER_CARDS:
        return "hero"
    cdef = PHYSICAL[card]
    if cdef.side != "mission":
        return cdef.side
    if card in (s.reward_side if rewards is None else rewards):
        return "hero"
    return cdef.keywords[0].split()[0]


@cache
def ops_of(card: str) -> tuple:
    """Every instruction printed on ``card`` (both sides of a Mission card), nested ones included (the texts are
    fixed: read once per card)."""
    found: list = []
    if card in PHYSICAL:
        for cdef in (PHYSICAL[card], PHYSICAL[card].reward):
            if cdef is None:
                continue
            found += list(cdef.ops) + list(cdef.seed_ops) + [op for t in cdef.triggers for op in t.ops]
            found += [op for r in cdef.reactions for op in r.ops]
            found += [op for p in cdef.powers for op in p]
    elif card in CHARACTER_CARDS:
        found += list(CHARACTER_CARDS[card].power) + [op for a in CHARACTER_CARDS[card].incap for op in a]
    elif card in SCION_PANELS:
        found += [op for t in SCION_PANELS[card].triggers for op in t.ops]
    out, todo = [], found
    while todo:
        op = todo.pop()
        out.append(op)
        for f in getattr(op, "__dataclass_fields__", {}):
            value = getattr(op, f)
            if isinstance(value, tuple):
                todo += [x for x in value if isinstance(x, Op)]
    return tuple(out)


@cache
def target_filters(card: str, kind: str) -> tuple:
    """The target lines of ``card``'s damage (``kind`` "damage") or healing ("heal") instructions."""
    op_type = Damage if kind == "damage" else Heal
    return tuple(op.target for op in ops_of(card) if isinstance(op, op_type))


def _side_admits(wanted: str, side: str) -> bool:
    if wanted == "any":
        return True
    if wanted.startswith("non-"):
        return side != wanted[4:]
    return side == wanted


def admits(s, line, target: str, rewards=None) -> bool:
    """Whether a target line of a card's text may pick ``target`` (own/host lines pick a hero character)."""
    if line.pick in ("own-character", "self"):
        return target in CHARACTER_CARDS
    character = target == OBLIVAEON or target in CHARACTER_CARDS or target in SCION_PANELS
    if line.characters_only and not character or line.non_characters_only and character:
        return False
    return _side_admits(line.side, rule_side(s, target, rewards))


def holder_of(s, card: str) -> int:
    """The play area that holds ``card``, or -1."""
    return next((i for i, seat in enumerate(s.seats) if card in seat.play), -1)
