"""The OblivAeon invariants: what must hold at every state and across every step of a game.

Each invariant cites the clauses it protects and says in its docstring, in our own words, what
it checks.  They read the state and the events only; none of them calls the rule it guards, so a
rule that is switched off (``oblivaeon-verify knockout``) or wrong shows up as a violation.
Expectations are recomputed from the rulebook's own terms (marker order, the bottom of the
Reserve, the Devastation rules), not taken from the model's helper that implements the rule.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.model.oblivaeon.cards import (
    AEON_MEN_DECK,
    ALL_HERO_CARDS,
    CAPTAIN_COSMIC,
    CHARACTER_CARDS,
    CHARACTERS,
    MISSION_DECK,
    OBLIVAEON_DECK,
    PHYSICAL,
    SCION_DECK,
    SCION_PANELS,
    SENTINELS,
    character_cards,
    env_deck_cards,
    slug,
)
from oblivaeon_verify.model.oblivaeon.chance import Reveal
from oblivaeon_verify.model.oblivaeon.decisions import FIELDS as DECISION_FIELDS
from oblivaeon_verify.model.oblivaeon.effects import ChooseTimestreamDeck
from oblivaeon_verify.model.oblivaeon.events import EVENT_KINDS
from oblivaeon_verify.model.oblivaeon.hero_turn import ChooseMove
from oblivaeon_verify.model.oblivaeon.incapacitation import ReplacementMove
from oblivaeon_verify.model.oblivaeon.missions import RevealMissionTop, TakeObjective
from oblivaeon_verify.model.oblivaeon.places import containers
from oblivaeon_verify.model.oblivaeon.round_order import current_phase, current_turn
from oblivaeon_verify.model.oblivaeon.state import GameState, Seat, Zone
from oblivaeon_verify.model.oblivaeon.vocabulary import Damage, Heal, MoveSelf, Op
from oblivaeon_verify.properties.common.ledger import Ledger, Ledgers
from oblivaeon_verify.properties.common.registry import Registry, state_parts

from oblivaeon_verify.words import count

INVARIANTS = Registry(
    parts=state_parts(GameState, {"seats": Seat, "zones": Zone}),
    event_kinds=EVENT_KINDS,
    decision_kinds=DECISION_FIELDS,
)
state = INVARIANTS.state
step = INVARIANTS.step

OBLIVAEON = "oblivaeon"
DEV_CLAUSES = {"BZ.DEV.SCIONS-OUTNUMBER", "BZ.DEV.SCION-REMOVED", "BZ.DEV.HERO-INCAP", "ID.DEVASTATION", "ID.COUNTDOWN", "CLAR.SENTINELS"}

# --- small readers ------------------------------------------------------------------------------


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

CARD_PLACES = ("seats", "zones", "envs", "shield", "shield_side", "under", *_GLOBAL_DECKS, *_GLOBAL_PILES)
"""The state fields that hold physical cards (``places.containers`` lists the places within them)."""


def _seat_places(gkey, seat):
    return (
        ((gkey, "characters"), seat.characters, _same),
        ((gkey, "incapacitated"), seat.incapacitated, _same),
        ((gkey, "deck"), seat.deck, _deck_cards),
        ((gkey, "hand"), seat.hand, _same),
        ((gkey, "trash"), seat.trash, _same),
        ((gkey, "play"), seat.play, _same),
    )


def _zone_places(gkey, z):
    return (((gkey, "env_play"), z.env_play, _same), ((gkey, "villain_play"), z.villain_play, _same), ((gkey, "scions"), z.scions, _same))


def _pile_places(gkey, piles):
    return (((gkey, "deck"), piles.deck, _deck_cards), ((gkey, "trash"), piles.trash, _same))


def _deck_place(gkey, deck):
    return ((gkey, deck, _deck_cards),)


def _pile_place(gkey, cards):
    return ((gkey, cards, _same),)


def _under_places(gkey, under):
    return ((("under", card), cards, _same) for card, cards in under.items())


_SHIELD_CARDS: dict[tuple[str, bool], tuple[str, ...]] = {}


def _shield(s, _side):
    key = (s.shield, bool(s.shield_side))
    cards = _SHIELD_CARDS.get(key)
    if cards is None:
        cards = _SHIELD_CARDS[key] = (f"shield:{slug(s.shield)}",) if s.shield_side else ()
    return ((("shield",), cards, _pile_place),)


#: Per state field holding cards, its groups of places: the places of ``model.oblivaeon.places.containers``.
_FIELDS = (
    ("seats", lambda s, seats: ((("seat", i), seat, _seat_places) for i, seat in enumerate(seats))),
    ("zones", lambda s, zones: ((("zone", z.number), z, _zone_places) for z in zones)),
    ("envs", lambda s, envs: ((("env", name), piles, _pile_places) for name, piles in envs.items())),
    *((name, lambda s, deck, name=name: (((name,), deck, _deck_place),)) for name in _GLOBAL_DECKS),
    *((name, lambda s, cards, name=name: (((name,), cards, _pile_place),)) for name in _GLOBAL_PILES),
    ("shield_side", _shield),
    ("shield", _shield),
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


_LEDGERS = Ledgers(_FIELDS, _hero_decks, _outside_the_box)


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
            + [f"shield:{slug(setup.shield)}"]
        )
        _EXPECTED[key] = got
    return got


def is_objective(s, card: str) -> bool:
    return card in PHYSICAL and PHYSICAL[card].side == "mission" and card not in s.reward_side


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


def round_labels(hero_count: int) -> tuple[str, ...]:
    """The rulebook's round: OblivAeon, the heroes by marker, then zone 1's and zone 2's environment and villain turns."""
    return ("OblivAeon's turn",) + tuple(f"Hero {i}'s turn" for i in range(1, hero_count + 1)) + TURN_LABELS_FIXED


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


# === cards ======================================================================================


@state(
    "card-in-one-place",
    "SETUP.DECKS",
    "INCAP.CARDS-TO-BOX",
    "INCAP.FOREIGN-CARDS-TO-TRASH",
    "CLAR.COMPLETED-MISSION-TRASH",
    reads=(*CARD_PLACES, "setup"),
)
def card_in_one_place(s):
    """Every physical card is in exactly one place: a deck, hand, trash, play area, under a card, the box or out of the game."""
    dupes = sorted(ledger(s).twice)
    if dupes:
        yield f"{count(len(dupes), 'card')} in two places at once, e.g. {dupes[:3]}"


@state(
    "card-set-fixed",
    "SETUP.HEROES",
    "SETUP.DECKS",
    "SETUP.ENVIRONMENTS",
    "SETUP.SCION-RESERVE",
    "SETUP.SHIELD",
    "ENV.GAME-OVER",
    reads=(*CARD_PLACES, "setup"),
)
def card_set_fixed(s):
    """No card appears or vanishes: the cards in the game are exactly those its setup brought."""
    led = ledger(s)
    if led.missing or led.extra:
        gone, new = sorted(led.missing), sorted(led.extra)
        yield f"{count(len(gone), 'card')} vanished (e.g. {gone[:3]}), {len(new)} appeared (e.g. {new[:3]})"


# === markers and zones ==========================================================================


@state(
    "markers-in-battle-zones",
    "SETUP.MARKERS",
    "SETUP.BATTLE-ZONES",
    "BZ.TWO-ZONES",
    "CLAR.ZONE-MEMBERSHIP",
    reads=("zones", "seats.marker", "seats.zone", "oblivaeon_zone"),
)
def markers_in_battle_zones(s):
    """Two battle zones; every hero marker (numbered in play order) and the OblivAeon marker stand in exactly one of them."""
    if tuple(z.number for z in s.zones) != (1, 2):
        yield f"battle zones are {[z.number for z in s.zones]}, not [1, 2]"
    for i, seat in enumerate(s.seats):
        if seat.marker != i + 1:
            yield f"play area {i + 1} holds marker #{seat.marker}"
        if seat.zone not in (1, 2):
            yield f"marker #{seat.marker} is in zone {seat.zone}"
    if s.oblivaeon_zone not in (1, 2):
        yield f"the OblivAeon marker is in zone {s.oblivaeon_zone}"


@state("hero-count-fixed", "CLAR.HERO-COUNT", "SETUP.HEROES", reads=("hero_count", "seats", "setup"))
def hero_count_fixed(s):
    """The hero count is the number of hero play areas at the start, for the whole game."""
    if not (s.hero_count == len(s.seats) == len(s.setup.heroes)):
        yield f"hero count {s.hero_count}, {len(s.seats)} play areas, {len(s.setup.heroes)} heroes at setup"


@step("play-area-in-marker-zone", "CLAR.ZONE-MEMBERSHIP", events=("damage", "heal"))
def play_area_in_marker_zone(st):
    """A hero and every target in its play area are hit in its marker's zone (checked on damage and healing of heroes that did not move)."""
    moved = any(e.kind == "hero-moved" for e in st.events)
    if moved:
        return
    for e in st.events:
        if e.kind not in ("damage", "heal") or not e.target:
            continue
        for seat in st.after.seats:
            if e.target in seat.characters or e.target in seat.play:
                if e.zone != seat.zone:
                    yield f"{e.kind} to {e.target} recorded in zone {e.zone}, but its hero's marker is in zone {seat.zone}"


@step("battle-zone-isolation", "BZ.ISOLATION")
def battle_zone_isolation(st):
    """Nothing in one zone affects the other unless its card reaches across."""
    reach_of_damage: dict[str, str] = {}
    for e in st.events:
        if e.kind == "damage":
            reach_of_damage[e.target] = e.reach
        # A card destroyed by damage is recorded without the damage's reach: it inherits it.
        if e.kind == "destroyed" and reach_of_damage.get(e.target, "zone") != "zone":
            continue
        if e.zone and e.source_zone and e.zone != e.source_zone and e.reach == "zone":
            yield f"[{e.clause}] {e.kind} by {e.card} from zone {e.source_zone} reached zone {e.zone} without text saying so"


@step("mission-cards-act-in-their-zone", "CLAR.MISSION-ZONE")
def mission_cards_in_zone(st):
    """A Mission card acts only in its hero's zone, and only players there pay or interact with objectives."""
    for e in st.events:
        if e.card in PHYSICAL and PHYSICAL[e.card].deck == "Mission" and e.zone and e.source_zone and e.zone != e.source_zone:
            yield f"Mission card {e.card} acted in zone {e.zone} from zone {e.source_zone}"
    d = st.decision
    if d.kind == "pay-objective":
        payer = int(d.actor.split()[1]) - 1
        zone = st.before.seats[payer].zone
        holder = next((i for i, seat in enumerate(st.before.seats) if d.target in seat.play), -1)
        if holder >= 0 and st.before.seats[holder].zone != zone:
            yield f"hero {payer + 1} in zone {zone} interacted with {d.target} in zone {st.before.seats[holder].zone}"


# === Devastation and the Countdown ==============================================================


@state("devastation-never-negative", "ID.DEVASTATION", "BZ.DEV.SCION-REMOVED", reads=("devastation",))
def devastation_non_negative(s):
    """There are never fewer than no Devastation tokens."""
    if s.devastation < 0:
        yield f"Devastation is {s.devastation}"


@step(
    "devastation-ledger",
    "ID.DEVASTATION",
    "BZ.DEV.SCIONS-OUTNUMBER",
    "BZ.DEV.SCION-REMOVED",
    "BZ.DEV.HERO-INCAP",
    events=("devastation",),
    changes=("devastation",),
)
def devastation_ledger(st):
    """Devastation changes by exactly the sum of the Devastation events, and only the three zone rules and the Booklet make them."""
    total = 0
    running = st.before.devastation
    for e in st.events:
        if e.kind != "devastation":
            continue
        if e.clause not in DEV_CLAUSES:
            yield f"Devastation changed by {e.amount} under {e.clause}, which is no Devastation rule"
        total += e.amount
        running += e.amount
        if running < 0:
            yield f"Devastation would go to {running} under {e.clause}"
    if st.after.devastation - st.before.devastation != total:
        yield f"Devastation went {st.before.devastation} -> {st.after.devastation} but the events add up to {total:+d}"


@step("incapacitation-adds-devastation", "BZ.DEV.HERO-INCAP", events=("hero-incapacitated", "devastation"))
def incap_adds_devastation(st):
    """Each incapacitated hero adds one Devastation in its zone (the Sentinels once, as a team)."""
    falls = [e for e in st.events if e.kind == "hero-incapacitated" and e.detail != SENTINELS]
    adds = [e for e in st.events if e.kind == "devastation" and e.clause == "BZ.DEV.HERO-INCAP"]
    if sorted(e.zone for e in falls) != sorted(e.zone for e in adds) or any(e.amount != 1 for e in adds):
        yield f"{count(len(falls), 'hero')} incapacitated but {count(len(adds), 'Devastation event')} for it ({[e.amount for e in adds]})"
    # The team falls as one hero: its one token cites CLAR.SENTINELS; The Bloodstone may add one more
    # without a fall, under the devastation-then-revive reading.
    team = Counter(e.zone for e in st.events if e.kind == "hero-incapacitated" and e.detail == SENTINELS)
    team_adds = Counter(e.zone for e in st.events if e.kind == "devastation" and e.clause == "CLAR.SENTINELS" and e.amount == 1)
    if team - team_adds:
        yield f"The Sentinels fell in battle zones {sorted((team - team_adds).elements())} without adding their Devastation token"


@step("scion-removal-removes-devastation", "BZ.DEV.SCION-REMOVED", events=("scion-removed",))
def scion_removal_devastation(st):
    """Each Scion removed from the game takes one Devastation token away (if there is one)."""
    running = st.before.devastation
    expect_next = False
    for e in st.events:
        if e.kind == "scion-removed":
            if expect_next:
                yield "a Scion left the game without taking a Devastation token"
            expect_next = True
            continue
        if e.kind == "devastation":
            if expect_next and e.clause == "BZ.DEV.SCION-REMOVED":
                if e.amount != -min(1, running):
                    yield f"a Scion left the game and Devastation moved by {e.amount} with {running} on the card"
                expect_next = False
            running += e.amount
    if expect_next:
        yield "a Scion left the game without taking a Devastation token"


@step("scions-outnumbering-heroes-add-devastation", "BZ.DEV.SCIONS-OUTNUMBER", "VILLAIN.START", events=("turn",))
def scions_outnumber(st):
    """At the start of each villain turn, a zone with more Scions than heroes gains one Devastation per Scion there, and no other zone does."""
    counts = ZoneCounts(st.before, st.after)
    events = st.events
    for i, e in enumerate(events):
        if e.kind == "turn" and e.detail.endswith("Villain turn"):
            zone = e.zone
            scions = len(counts.scions[zone])
            want = scions if scions > counts.heroes_in(zone) else 0
            got = 0
            for f in events[i + 1 :]:
                if f.kind == "turn":
                    break
                if f.kind == "devastation" and f.clause == "BZ.DEV.SCIONS-OUTNUMBER":
                    got = f.amount
                    break
            if got != want:
                yield f"{e.detail}: {count(scions, 'Scion')} and {count(counts.heroes_in(zone), 'hero')} should add {want} Devastation, added {got}"
        counts.apply(e)


@state("countdown-on-its-track", "SETUP.INEVITABLE-DESTRUCTION", "ID.COUNTDOWN", reads=("countdown", "setup"))
def countdown_on_track(s):
    """The Countdown token stays on its track, between space 1 and its starting space."""
    if not 1 <= s.countdown <= s.setup.params.countdown_start:
        yield f"Countdown on space {s.countdown}, off the track 1..{s.setup.params.countdown_start}"


@step("countdown-ticks-once-per-oblivaeon-turn", "ID.COUNTDOWN", "OA-TURN.START", events=("turn", "countdown"), changes=("countdown",))
def countdown_ticks(st):
    """The Countdown moves only at the start of OblivAeon's turn, one space at a time, and starts over when it runs out."""
    p = st.before.setup.params
    c = st.before.countdown
    turns = sum(1 for e in st.events if e.kind == "turn" and e.detail == "OblivAeon's turn")
    ticks = 0
    for i, e in enumerate(st.events):
        if e.kind != "countdown":
            continue
        ticks += 1
        want = max(0, c - p.countdown_tick)
        if e.amount != want:
            yield f"Countdown went {c} -> {e.amount}, expected {want}"
        c = e.amount
        if c == 0:
            if not any(f.kind == "countdown-expired" for f in st.events[i + 1 : i + 2]):
                yield "the Countdown ran out without its Booklet effect"
            c = p.countdown_start
    if ticks != turns:
        yield f"{count(turns, 'OblivAeon turn')} began but the Countdown moved {count(ticks, 'time')}"
    if st.after.countdown != c:
        yield f"Countdown is {st.after.countdown} after the step, its events say {c}"


# === environments ===============================================================================


@state(
    "one-environment-per-zone",
    "SETUP.ENV-IN-PLAY",
    "ENV.REMOVAL.REPLACE",
    "SETUP.ENVIRONMENTS",
    reads=("outcome", "zones.environment", "zones.number", "envs", "set_aside"),
    offers=("environment",),
)
def one_environment_per_zone(s):
    """While the game goes on, each battle zone has exactly one environment in play (the two differ) and the rest are set aside."""
    if s.outcome is not None:
        return
    choosing = {d.zone for d in s.options if d.kind == "environment"}
    in_play = [z.environment for z in s.zones]
    for z in s.zones:
        if z.environment is None and z.number not in choosing:
            yield f"no environment in play in zone {z.number}"
        if z.environment is not None and z.environment not in s.envs:
            yield f"zone {z.number}'s environment {z.environment} has no deck"
    live = [e for e in in_play if e is not None]
    if len(set(live)) != len(live):
        yield f"the same environment is in play in both zones: {live}"
    if set(s.envs) != set(live) | set(s.set_aside) or set(live) & set(s.set_aside):
        yield f"environment decks {sorted(s.envs)} are not the ones in play {live} plus those set aside {list(s.set_aside)}"


@step(
    "set-aside-shrinks-one-per-removal",
    "ENV.REMOVAL.REPLACE",
    events=("environment-removed", "environment-arrives"),
    changes=("set_aside", "outcome"),
    offers=("environment",),
)
def set_aside_shrinks(st):
    """Each environment that leaves the game is replaced by exactly one set-aside deck (once the players pick it)."""
    removed = sum(1 for e in st.events if e.kind == "environment-removed")
    arrived = sum(1 for e in st.events if e.kind == "environment-arrives")
    shrink = len(st.before.set_aside) - len(st.after.set_aside)
    if shrink != arrived:
        yield f"the set-aside pile shrank by {shrink} but {count(arrived, 'environment')} arrived"
    was_choosing = 1 if any(d.kind == "environment" for d in st.before.options) else 0
    choosing = 1 if any(d.kind == "environment" for d in st.after.options) else 0
    lost = st.after.outcome is not None and st.after.outcome.clause == "ENV.REMOVAL.LOSS"
    if was_choosing + removed - arrived - choosing - (1 if lost else 0) != 0:
        yield f"{count(removed, 'removal')} and {count(arrived, 'arrival')} in one step (waiting: {was_choosing} -> {choosing}, lost: {lost})"


@step(
    "oblivaeon-stands-at-last-removal",
    "ENV.REMOVAL.MOVE-OBLIVAEON",
    "OA-TURN.ZONE",
    events=("environment-removed",),
    changes=("oblivaeon_zone",),
)
def oblivaeon_at_last_removal(st):
    """OblivAeon moves only when an environment leaves the game, and then to that battle zone."""
    removals = [e for e in st.events if e.kind == "environment-removed"]
    want = removals[-1].zone if removals else st.before.oblivaeon_zone
    if st.after.oblivaeon_zone != want:
        yield f"OblivAeon stands in zone {st.after.oblivaeon_zone}; " + (
            f"the last environment left zone {want}" if removals else f"no environment left the game and he stood in zone {want}"
        )


@step("lost-exactly-when-no-set-aside", "ENV.REMOVAL.LOSS", events=("environment-removed",), changes=("outcome",))
def loss_when_none_set_aside(st):
    """The game is lost when an environment leaves with no set-aside deck, and never for that reason otherwise."""
    left = len(st.before.set_aside)
    must_lose = False
    for e in st.events:
        if e.kind == "environment-arrives":
            left -= 1
        elif e.kind == "environment-removed" and left == 0:
            must_lose = True
    lost = st.after.outcome is not None and st.after.outcome.kind == "lost" and st.after.outcome.clause == "ENV.REMOVAL.LOSS"
    if must_lose and not lost:
        yield "an environment left the game with none set aside, and the game goes on"
    if lost and not must_lose:
        yield "the game was lost to an empty set-aside pile that was not empty"


@step("removal-strikes-the-zone", "ENV.REMOVAL.DAMAGE", events=("damage", "environment-arrives"))
def removal_strikes(st):
    """After a new environment arrives, OblivAeon deals every target there 20 irreducible infernal damage (the Shield may stop his own)."""
    amount = st.before.setup.params.environment_damage
    for i, e in enumerate(st.events):
        if e.kind == "damage" and e.clause == "ENV.REMOVAL.DAMAGE":
            if e.amount != amount or "irreducible" not in e.detail:
                yield f"removal damage to {e.target} was {e.amount} ({e.detail}), not {amount} irreducible"
        if e.kind == "environment-arrives" and st.after.outcome is None:
            strikes = [
                f
                for f in st.events[i + 1 :]
                if (f.kind == "damage" and f.clause == "ENV.REMOVAL.DAMAGE") or (f.kind == "damage-prevented" and f.card == OBLIVAEON)
            ]
            if not strikes:
                yield f"{e.card} arrived in zone {e.zone} and OblivAeon struck nobody there"


@state("removed-environments-out-of-game", "ENV.GAME-OVER", reads=("envs", "out", "setup"))
def removed_environments_out(s):
    """Every card of an environment that has left the game is out of the game, wherever it was."""
    live = set(s.envs)
    out = set(s.out)
    for e in s.setup.environments:
        if e in live:
            continue
        stray = [c for c in env_deck_cards(e) if PHYSICAL[c].side == "environment" and c not in out]
        if stray:
            yield f"{e} left the game but {len(stray)} of its cards did not, e.g. {stray[:2]}"


@step("game-over-token-limit-ends-the-environment", "ENV.GAME-OVER", events=("game-over-token",))
def game_over_limit(st):
    """An environment card that reaches its Game Over tokens takes its whole environment out of the game."""
    for i, e in enumerate(st.events):
        if e.kind == "game-over-token":
            limit = PHYSICAL[e.card].game_over_limit if e.card in PHYSICAL else 0
            limit = limit or _game_over_limit(e.card)
            if limit and e.amount >= limit:
                deck = PHYSICAL[e.card].deck
                if not any(f.kind == "environment-removed" and f.card == deck for f in st.events[i + 1 :]):
                    yield f"{e.card} reached its {limit} Game Over tokens and {deck} stayed in the game"


def _game_over_limit(card: str) -> int:
    from oblivaeon_verify.model.oblivaeon.vocabulary import AddGameOverToken

    cdef = PHYSICAL.get(card)
    if cdef is None:
        return 0
    ops = list(cdef.ops) + [op for t in cdef.triggers for op in t.ops]
    return next((op.limit for op in ops if isinstance(op, AddGameOverToken)), 0)


# === Scions =====================================================================================


@state(
    "scions-accounted-for",
    "SETUP.FIRST-SCION",
    "SETUP.SCION-RESERVE",
    "SETUP.SECOND-SCION",
    "BZ.DEV.SCION-REMOVED",
    reads=("reserve", "zones.scions", "scions_out"),
)
def scions_accounted(s):
    """Reserve plus Scions in play plus Scions out of the game is every Scion, each once."""
    seen = list(s.reserve.cards()) + [c for z in s.zones for c in z.scions] + list(s.scions_out)
    if sorted(seen) != sorted(SCION_PANELS):
        yield f"Scions in Reserve/play/out: {sorted(Counter(seen).items())[:4]}..., expected each of {len(SCION_PANELS)} once"


@step("scions-enter-from-the-bottom", "CLAR.SCIONS-FROM-BOTTOM", "SETUP.SECOND-SCION", "OPTION.SCION-ORDER", events=("scion-enters",))
def scions_from_bottom(st):
    """A Scion that enters play is the bottom card of the Scion Reserve."""
    reserve = st.before.reserve
    choice = waiting_for(st.before)
    if isinstance(choice, Reveal) and choice.deck_ref == ("reserve",) and choice.end == "bottom":
        reserve = reserve.reveal_bottom(st.decision.card)
    for e in st.events:
        if e.kind != "scion-enters":
            continue
        if not reserve.bottom_known() and len(reserve.middle) == 1:
            reserve = reserve.reveal_bottom(reserve.middle[0])  # a forced reveal: one card could be there
        try:
            want = reserve.peek_bottom()
        except LookupError:
            yield f"{e.card} entered while the bottom of the Reserve was still unknown"
            return
        if e.card != want:
            yield f"{e.card} entered play, but the bottom of the Reserve was {want}"
            return
        _, reserve = reserve.take_bottom()


@step("bring-forth-fills-an-empty-field", "OA-TURN.START", events=("turn",))
def bring_forth_when_no_scion(st):
    """While the Shield is in play, OblivAeon's turn brings forth a Scion (from the Reserve) when none is in either zone."""
    counts = ZoneCounts(st.before, st.after)
    shield = st.before.shield_side
    for i, e in enumerate(st.events):
        if e.kind == "turn" and e.detail == "OblivAeon's turn":
            none_left = not any(counts.scions.values())
            end = next((j for j in range(i + 1, len(st.events)) if st.events[j].kind == "turn"), None)
            if none_left and shield and end is not None and len(st.before.reserve) > 0:
                if not any(f.kind in ("scion-enters", "reserve-empty") for f in st.events[i + 1 : end]):
                    yield "OblivAeon's turn began with no Scion in play and none was brought forth"
        if e.kind == "shield-removed":
            shield = 0
        counts.apply(e)


# === round order ================================================================================


@step(
    "round-order",
    "ROUND.ORDER",
    "ROUND.HERO-ORDER",
    "OA-TURN.FIRST",
    "ROUND.REPEAT",
    "VILLAIN.TURN-PER-ZONE",
    "ENV.TURN",
    events=("round", "turn"),
)
def round_order(st):
    """Turns follow the round: OblivAeon, the heroes by marker, then each zone's environment and villain turns, zone 1 first; then it repeats."""
    labels = round_labels(st.before.hero_count)
    c = st.before.cursor
    pos = c.slot if c.phase >= 0 else -1
    rnd = c.round
    for e in st.events:
        if e.kind == "round":
            if pos != len(labels) - 1:
                yield f"a new round began after {labels[pos] if pos >= 0 else 'setup'}"
            rnd += 1
            if e.amount != rnd:
                yield f"round {e.amount} follows round {rnd - 1}"
        elif e.kind == "turn":
            nxt = (pos + 1) % len(labels)
            if e.detail != labels[nxt]:
                yield f"{e.detail} came where {labels[nxt]} was due"
                return
            pos = nxt


@step("replacement-hero-before-next-turn", "INCAP.REPLACEMENT", events=("turn",))
def replacement_before_next_turn(st):
    """A player whose hero fell sets up a new one when the current turn ends, before the next turn begins."""
    waiting = {i for i, seat in enumerate(st.before.seats) if seat.needs_hero}
    for e in st.events:
        if e.kind == "hero-incapacitated":
            i = seat_of_character((st.before, st.after), e.card)
            if i >= 0:
                waiting.add(i)
        elif e.kind == "hero-set-up" and e.detail.startswith("marker #"):
            waiting.discard(int(e.detail[len("marker #") :]) - 1)
        elif e.kind == "turn" and waiting:
            yield f"{e.detail} began while markers {sorted(i + 1 for i in waiting)} still wait for a new hero"
            return


@step("replacement-may-move", "INCAP.REPLACEMENT-MOVE")
def replacement_may_move(st):
    """A newly set up replacement hero is offered the move to the other zone."""
    if st.after.outcome is not None:
        return

    def waiting(s) -> set[int]:
        return {w.seat for w in scheduled(s, ReplacementMove)}

    if not any(e.kind == "hero-set-up" for e in st.events) and not waiting(st.before):
        return  # no replacement hero was set up or waited to move
    due = waiting(st.before) - waiting(st.after)
    due |= {
        int(e.detail[len("marker #") :]) - 1 for e in st.events if e.kind == "hero-set-up" and e.clause == "INCAP.REPLACEMENT"
    } - waiting(st.after)
    for seat in due:
        offered = any(d.kind in ("stay", "move") and d.actor == f"hero {seat + 1}" for d in st.after.options)
        moved = any(e.kind == "hero-moved" and e.clause == "INCAP.REPLACEMENT-MOVE" for e in st.events)
        stayed = st.decision.kind in ("stay", "move")
        if not (offered or moved or stayed):
            yield f"marker #{seat + 1}'s replacement hero was not offered the move"


# === heroes =====================================================================================


@state("hero-decks-unique", "INCAP.NO-SHARED-DECK", reads=("seats.hero",))
def hero_decks_unique(s):
    """No hero deck is played by two players at once."""
    heroes = [seat.hero for seat in s.seats if seat.hero]
    dup = [h for h, n in Counter(heroes).items() if n > 1]
    if dup:
        yield f"{dup} played by two players"


@state("spent-characters-stay-down", "INCAP.CHARACTER-SPENT", reads=("seats.characters", "seats.incapacitated", "seats.hero", "hp"))
def spent_characters(s):
    """An active character card is no incapacitated card, has its HP, and belongs to its play area's hero."""
    down = {c for seat in s.seats for c in seat.incapacitated}
    for i, seat in enumerate(s.seats):
        for c in seat.characters:
            if c in down:
                yield f"{c} is both active and incapacitated"
            if c not in s.hp:
                yield f"active character {c} has no HP"
            if CHARACTER_CARDS[c].hero != seat.hero:
                yield f"play area {i + 1} plays {seat.hero} with {c}'s character card"
        if seat.hero is not None and not seat.characters:
            yield f"play area {i + 1} plays {seat.hero} without an active character card"


@step(
    "incapacitated-card-never-returns",
    "INCAP.CHARACTER-SPENT",
    "CLAR.RITES-OF-REVIVAL",
    "CLAR.SENTINELS",
    events=("hero-set-up",),
    changes=("seats.characters", "seats.incapacitated"),
)
def incapacitated_never_returns(st):
    """A character card that was incapacitated is never set up again, except as the clarifications allow (Rites of Revival, The Bloodstone)."""
    down = {c for seat in st.before.seats for c in seat.incapacitated}
    if any(e.kind in ("bloodstone", "revived-as-written") for e in st.events):
        return  # the two revivals the clarifications allow
    for seat in st.after.seats:
        for c in seat.characters:
            if c in down:
                yield f"{c} was incapacitated and is active again"
    for e in st.events:
        if e.kind == "hero-set-up" and e.card in CHARACTERS:
            for c in character_cards(e.card):
                if c not in st.before.box and not any(f.kind in ("revived-to-box", "returned-to-box") for f in st.events):
                    yield f"{e.card} was set up though {c} was not in the box"


@state("erased-heroes-never-return", "CLAR.ERASED", reads=("seats.hero", "erased"))
def erased_never_return(s):
    """A hero erased by OblivAeon's third form is never played again, with any character card."""
    for i, seat in enumerate(s.seats):
        if seat.hero in s.erased:
            yield f"play area {i + 1} plays the erased hero {seat.hero}"


@step("erasure-is-permanent", "CLAR.ERASED", events=("hero-erased",), changes=("erased",))
def erasure_permanent(st):
    """Erased heroes stay erased; a hero-erased event adds its hero to them."""
    if not set(st.before.erased) <= set(st.after.erased):
        yield f"erased heroes {list(st.before.erased)} became {list(st.after.erased)}"
    for e in st.events:
        if e.kind == "hero-erased" and e.detail not in st.after.erased:
            yield f"{e.detail} was erased but is not remembered as erased"


@step("erase-strikes-in-third-form", "CLAR.ERASED", events=("turn",))
def erase_in_third_form(st):
    """In his erasing form, OblivAeon's turn erases a hero in his zone when one stands there."""
    p = st.before.setup.params
    form = st.before.form
    for i, e in enumerate(st.events):
        if e.kind == "form-defeated":
            form = e.amount + 1
        if e.kind == "turn" and e.detail == "OblivAeon's turn" and form >= p.erase_in_form:
            end = next((j for j in range(i + 1, len(st.events)) if st.events[j].kind == "turn"), None)
            if end is None:
                turn = current_turn(st.after)
                if turn is None or turn.kind != "oblivaeon" or current_phase(st.after) == "start":
                    continue  # his start phase is not over yet
                end = len(st.events)
            # Where the markers stand when his turn begins: moves earlier in the step count.
            zone, where = st.before.oblivaeon_zone, {n: seat.zone for n, seat in enumerate(st.before.seats)}
            for f in st.events[:i]:
                if f.kind == "oblivaeon-moves" and f.zone:
                    zone = f.zone
                if f.kind == "hero-moved" and f.target:
                    where[seat_of_character((st.before, st.after), f.target)] = f.zone
            # The erase comes after the Countdown and the form's damage in his start phase (before he
            # plays his card): a hero those have just incapacitated no longer stands to be erased.
            play = next((j for j in range(i + 1, end) if st.events[j].kind == "play" and st.events[j].clause == "OA-TURN.PLAY"), end)
            fell = {f.card for f in st.events[i:play] if f.kind == "hero-incapacitated"}
            heroes_there = any(
                where[n] == zone and seat.characters and not fell & set(seat.characters) for n, seat in enumerate(st.before.seats)
            )
            if heroes_there and not any(f.kind in ("hero-erased",) for f in st.events[i:end]):
                yield "OblivAeon's turn in his erasing form erased no hero though heroes stood in his zone"


@state("fallen-hero-cards-boxed", "INCAP.CARDS-TO-BOX", reads=(*CARD_PLACES, "setup", "reward_side"))
def fallen_hero_cards_boxed(s):
    """The non-character cards of a hero nobody plays are in the box (or out of the game, or kept under an incapacitated card)."""
    in_use = {seat.hero for seat in s.seats if seat.hero}
    down = {c for seat in s.seats for c in seat.incapacitated}
    # The ledger knows which hero decks have a card in each place: the places are read one by one
    # only when one of them holds a card of a hero nobody plays.
    led = ledger(s)
    stray = any(deck not in in_use for deck in led.pool) or any(
        decks - in_use for key, decks in led.summaries.items() if key[0] == "under" and key[1] not in down
    )
    if not stray:
        return
    for place, cards in containers(s):
        if place[0] in ("box", "out") or (place[0] == "under" and place[1] in down):
            continue
        for c in cards:
            cdef = PHYSICAL.get(c)
            if cdef is not None and cdef.side == "hero" and cdef.deck not in in_use and c not in s.reward_side:
                yield f"{c} of {cdef.deck}, whom nobody plays, is in {place}"
                return


@step("fallen-rewards-go-under", "INCAP.REWARDS-UNDER", events=("hero-incapacitated",))
def fallen_rewards_under(st):
    """When a hero falls, its rewards go under its incapacitated character card, reward side up."""
    for e in st.events:
        if e.kind != "hero-incapacitated":
            continue
        i = seat_of_character((st.before, st.after), e.card)
        seat = st.before.seats[i]
        rewards = [c for c in seat.hand + seat.trash + seat.play + seat.deck.cards() if c in st.before.reward_side]
        under = {c for card in st.after.seats[i].incapacitated for c in st.after.under.get(card, ())}
        for r in rewards:
            if r not in under and not mentioned(st.events, r, st.events.index(e)) and r in st.after.reward_side:
                yield f"reward {r} of the fallen hero is not under its character card"
        left = [c for c in st.after.seats[i].hand + st.after.seats[i].trash + st.after.seats[i].deck.cards() if c in st.after.reward_side]
        if st.after.seats[i].hero is None and left:
            yield f"rewards {left} stayed with the fallen hero's play area"


@step("fallen-objectives-to-mission-deck", "INCAP.OBJECTIVES-TO-MISSION-DECK", events=("hero-incapacitated",))
def fallen_objectives(st):
    """When a hero falls, its objectives go under the Mission deck, objective side up."""
    for n, e in enumerate(st.events):
        if e.kind != "hero-incapacitated":
            continue
        i = seat_of_character((st.before, st.after), e.card)
        for o in objectives(st.before, i):
            moved = ("objective-completed", "objective-traded", "objective-taken", "removed-from-game", "destroyed")
            if any(f.kind in moved and (f.card == o or f.target == o) for f in st.events):
                continue  # it left the play area by another rule before (or after) the fall
            later = [f for f in st.events[n + 1 :] if f.card == o or f.target == o]
            if not any(f.clause == "INCAP.OBJECTIVES-TO-MISSION-DECK" for f in later) or o not in st.after.mission_deck.cards():
                yield f"objective {o} of the fallen hero did not go under the Mission deck"


@state("fallen-play-area-cleared", "INCAP.FOREIGN-CARDS-TO-TRASH", "INCAP.CARDS-TO-BOX", reads=("seats",))
def fallen_play_area_cleared(s):
    """A play area waiting for its new hero holds no card: other heroes', villain and environment cards went to their trashes."""
    for i in awaiting_replacement(s):
        seat = s.seats[i]
        if seat.play or seat.hand or seat.deck:
            yield f"play area {i + 1} waits for a new hero but holds {list(seat.play + seat.hand)[:4]} (deck {len(seat.deck)})"


@step("no-limit-loss-only-when-supply-runs-out", "INCAP.NO-LIMIT", changes=("outcome",))
def no_limit_loss(st):
    """Running out of heroes loses the game only when no character card of a free, non-erased hero is left in the box."""
    o = st.after.outcome
    if o is None or o.clause != "INCAP.NO-LIMIT":
        return
    s = st.after
    box = set(s.box)
    in_use = {seat.hero for seat in s.seats if seat.hero}
    free = [
        k
        for k, ch in CHARACTERS.items()
        if ch.hero not in in_use and ch.hero not in s.erased and ch.hero != "Captain Cosmic" and all(c in box for c in character_cards(k))
    ]
    if free:
        yield f"lost for want of heroes while {free[:3]} could be set up"


@state("used-powers-belong-to-this-turn", "HERO.CONTINUE", reads=("cursor", "hero_count", "seats.hero", "used_powers"))
def used_powers_this_turn(s):
    """The powers marked as used belong to the hero whose turn it is (the mark is cleared when a hero turn starts)."""
    turn = current_turn(s)
    if turn is None or turn.kind != "hero" or current_phase(s) in ("move", "option", "start"):
        return
    seat = s.seats[turn.seat]
    for card, _idx in s.used_powers:
        owner = CHARACTER_CARDS[card].hero if card in CHARACTER_CARDS else PHYSICAL[card].deck if card in PHYSICAL else None
        if owner not in (seat.hero, "Mission"):
            yield f"{card}'s power is marked used in {seat.hero}'s turn"


@state("harpy-tokens-in-range", "HEROES.HARPY", reads=("seats.hero", "seats.characters", "tokens"))
def harpy_tokens(s):
    """The Harpy always has five tokens: her Arcana count stays within 0..5."""
    for seat in s.seats:
        if seat.hero == "The Harpy" and seat.characters:
            n = s.tokens.get(seat.characters[0], 0)
            if not 0 <= n <= 5:
                yield f"The Harpy shows {n} Arcana tokens"


@step("harpy-starts-with-three-arcana", "HEROES.HARPY", events=("hero-set-up",))
def harpy_starts(st):
    """The Harpy is set up with three of her five tokens Arcana side up."""
    for e in st.events:
        if e.kind == "hero-set-up" and e.card in CHARACTERS and CHARACTERS[e.card].hero == "The Harpy":
            c = character_cards(e.card)[0]
            later = [f for f in st.events[st.events.index(e) + 1 :] if f.kind == "harpy-token"]
            if not later and c in st.after.hp and st.after.tokens.get(c, 0) != 3:
                yield f"The Harpy set up with {st.after.tokens.get(c, 0)} Arcana tokens"


# === hero-turn options and missions =============================================================


@step("hero-turn-opens-with-the-move", "HERO.MOVE", events=("turn",))
def turn_opens_with_move(st):
    """At the very start of a hero's turn, its player is offered the move to the other zone."""
    turns = [e for e in st.events if e.kind == "turn"]
    if not turns or not turns[-1].detail.startswith("Hero ") or st.after.outcome is not None:
        return
    last = turns[-1]
    if st.events[-1] is not last:
        return
    who = f"hero {last.amount}"
    if not any(d.kind in ("stay", "move") and d.actor == who for d in st.after.options):
        yield f"{last.detail} began without the offer to move"


@step("hero-options-offered", "HERO.OPTION", decisions=("stay", "move"))
def options_offered(st):
    """After the move, the player is offered the six options (those legal now) or none."""
    choice = waiting_for(st.before)
    if not isinstance(choice, ChooseMove) or st.after.outcome is not None:
        return
    who = st.decision.actor
    if not st.before.mission_deck:
        return  # with nothing to take or shuffle, 'none' may be the only option, taken on the spot
    kinds = {d.kind for d in st.after.options if d.actor == who}
    if "no-option" not in kinds:
        yield f"{who} moved or stayed and was not offered the hero-turn options"


@state("at-most-one-objective", "HERO.OPT.TAKE", "HERO.OPT.SWAP", "HERO.OPT.TRADE", reads=("seats.play", "reward_side"))
def one_objective(s):
    """No play area holds more than one objective."""
    for i in range(len(s.seats)):
        mine = objectives(s, i)
        if len(mine) > 1:
            yield f"play area {i + 1} holds {len(mine)} objectives"


@step("take-an-objective", "HERO.OPT.TAKE", decisions=("take-objective",))
def take_objective(st):
    """Taking on an objective moves the Mission deck's top card into the play area of a player who had none."""
    d = st.decision
    if d.kind != "take-objective":
        return
    i = int(d.actor.split()[1]) - 1
    if objectives(st.before, i):
        yield f"hero {i + 1} took an objective while holding one"
    if not any(e.kind == "objective-taken" and e.clause == "HERO.OPT.TAKE" for e in st.events) and not (
        st.after.options and st.after.options[0].is_chance and "Mission" in st.after.options[0].target
    ):
        yield f"hero {i + 1} chose to take an objective and none came"


@step("swap-an-objective", "HERO.OPT.SWAP", "CLAR.REWARD-NO-OBJECTIVE", decisions=("swap-objective",))
def swap_objective(st):
    """Swapping puts the objective on the bottom of the Mission deck, objective side up, and takes the top card."""
    d = st.decision
    if d.kind != "swap-objective":
        return
    sent = [n for n, e in enumerate(st.events) if e.kind == "to-mission-deck" and e.card == d.card and e.clause == "HERO.OPT.SWAP"]
    if not sent:
        yield f"{d.card} was swapped out but did not go under the Mission deck"
    elif d.card not in st.after.mission_deck.cards() and not mentioned(st.events, d.card, sent[0]):
        yield f"{d.card} was swapped out and is not in the Mission deck"


@step("trade-an-objective", "HERO.OPT.TRADE", "CLAR.TRADE-KEEPS-STATE", decisions=("trade-objective",))
def trade_objective(st):
    """A trade exchanges the two objectives between play areas in one zone; each keeps its tokens and HP."""
    d = st.decision
    if d.kind != "trade-objective":
        return
    i, j = int(d.actor.split()[1]) - 1, d.index
    b, a = st.before, st.after
    if b.seats[i].zone != b.seats[j].zone:
        yield f"hero {i + 1} traded with hero {j + 1} across zones"
    if d.target not in a.seats[i].play or d.card not in a.seats[j].play:
        yield f"trade of {d.card} for {d.target}: the objectives did not change hands"
        return
    for c in (d.card, d.target):
        if len([e for e in st.events if e.card == c or e.target == c]) > 1:
            continue
        if b.tokens.get(c, 0) != a.tokens.get(c, 0) or b.hp.get(c) != a.hp.get(c):
            yield f"{c} changed from {b.tokens.get(c, 0)} tokens/{b.hp.get(c)} HP to {a.tokens.get(c, 0)}/{a.hp.get(c)} in a trade"


@step("shuffle-the-mission-deck", "HERO.OPT.SHUFFLE", decisions=("shuffle-mission-deck",))
def shuffle_mission(st):
    """Shuffling the Mission deck keeps its cards and forgets their order."""
    if st.decision.kind != "shuffle-mission-deck":
        return
    if not any(e.kind == "shuffle" and e.clause == "HERO.OPT.SHUFFLE" for e in st.events):
        yield "the Mission deck was not shuffled"


@step("incapacitated-ability-used", "HERO.OPT.INCAP-ABILITY", decisions=("incap-ability",))
def incap_ability(st):
    """Choosing an incapacitated ability activates it."""
    d = st.decision
    if d.kind == "incap-ability" and not any(e.kind == "incap-ability" and e.card == d.card for e in st.events):
        yield f"incapacitated ability {d.index + 1} of {d.card} was chosen and did nothing"


@step("reward-regained", "HERO.OPT.REGAIN-REWARD", decisions=("regain-reward",))
def regain(st):
    """Regaining a reward moves it from under the incapacitated card into its player's hand."""
    d = st.decision
    if d.kind != "regain-reward":
        return
    i = int(d.actor.split()[1]) - 1
    if d.target in st.after.under.get(d.card, ()):
        yield f"{d.target} is still under {d.card}"
    elif d.target not in st.after.seats[i].hand and len([e for e in st.events if e.card == d.target]) < 2:
        yield f"{d.target} did not reach hero {i + 1}'s hand"


@state(
    "mission-deck-objective-up",
    "MISSION.DECK-OBJECTIVE-UP",
    "CLAR.REWARD-NO-OBJECTIVE",
    reads=("mission_deck", "reward_side", "agenda", "outcome"),
)
def mission_deck_objective_up(s):
    """The Mission deck lies objective side up, so its next objective is known (except while it is being revealed)."""
    flipped = [c for c in s.mission_deck.cards() if c in s.reward_side]
    if flipped:
        yield f"{flipped[:3]} are in the Mission deck reward side up"
    choice = waiting_for(s)
    revealing = isinstance(choice, Reveal) and choice.deck_ref == ("mission",)
    # Setup and a swap reveal the new top as soon as the work scheduled before it is done.
    queued = bool(scheduled(s, RevealMissionTop, TakeObjective))
    if s.mission_deck and not s.mission_deck.top_known() and not (revealing or queued) and s.outcome is None:
        yield "the Mission deck's next objective is not known"


@step(
    "objective-completes-at-its-tokens",
    "MISSION.OBJECTIVE-COMPLETION",
    "MISSION.DOUBLE-SIDED",
    events=("objective-token", "objective-completed"),
)
def objective_completes(st):
    """An objective that gets the tokens it needs is achieved: it flips to its reward side."""
    for n, e in enumerate(st.events):
        if e.kind == "objective-token" and e.card in PHYSICAL and e.amount >= PHYSICAL[e.card].tokens_needed > 0:
            if not any(f.kind == "objective-completed" and f.card == e.card for f in st.events[n + 1 :]):
                yield f"{e.card} got {e.amount} tokens of {PHYSICAL[e.card].tokens_needed} and was not completed"
        if e.kind == "objective-completed" and e.card not in st.after.reward_side and not mentioned(st.events, e.card, n):
            yield f"{e.card} was completed but is not reward side up"


@step("flip-clears-tokens", "CLAR.FLIP-CLEARS-TOKENS", events=("objective-completed",))
def flip_clears_tokens(st):
    """Flipping an objective removes every token on it."""
    for n, e in enumerate(st.events):
        if e.kind == "objective-completed" and not mentioned(st.events, e.card, n) and st.after.tokens.get(e.card, 0):
            yield f"{e.card} flipped with {count(st.after.tokens[e.card], 'token')} still on it"


@step("flip-restores-printed-hp", "CLAR.FLIP-RESTORES-HP", events=("objective-completed",))
def flip_restores_hp(st):
    """A Mission card flipped to a side with HP starts at that side's printed HP; a side without HP has none."""
    for n, e in enumerate(st.events):
        if e.kind != "objective-completed" or mentioned(st.events, e.card, n) or e.card not in st.after.reward_side:
            continue
        printed = PHYSICAL[e.card].reward.hp
        have = st.after.hp.get(e.card)
        if (printed or None) != have:
            yield f"{e.card} flipped to a side with {printed or 'no'} HP and has {have}"


# === Aeon Men, Shields, OblivAeon ===============================================================


@step("aeon-men-only-on-instruction", "AEON-MEN.ON-INSTRUCTION", "AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES", events=("play", "aeon-man-called"))
def aeon_men_on_instruction(st):
    """Aeon Men enter play only when a Scion or the Booklet calls them, never in a play phase."""
    for n, e in enumerate(st.events):
        if e.kind == "play" and e.card in PHYSICAL and PHYSICAL[e.card].deck == "Aeon Men":
            prev = st.events[n - 1] if n else None
            if prev is None or prev.kind != "aeon-man-called" or prev.target != e.card:
                yield f"{e.card} entered play without being called"
        if e.kind == "aeon-man-called":
            src = e.card
            if not (src == OBLIVAEON or src in SCION_PANELS or (src in PHYSICAL and PHYSICAL[src].deck == "Scion")):
                yield f"{src} called Aeon Men"


@step("booklet-calls-aeon-men", "AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES", "OA-TURN.END", events=("turn",))
def booklet_calls(st):
    """From the form the Booklet names, the end of OblivAeon's turn brings one Aeon Men card into play when the deck or trash has one."""
    p = st.before.setup.params
    form = st.before.form
    for i, e in enumerate(st.events):
        if e.kind == "form-defeated":
            form = e.amount + 1
        if e.kind != "turn" or e.detail != "OblivAeon's turn":
            continue
        end = next((j for j in range(i + 1, len(st.events)) if st.events[j].kind == "turn"), None)
        if end is None or form < p.aeon_men_from_form or st.after.outcome is not None:
            continue
        if len(st.before.aeon_deck) + len(st.before.aeon_trash) == 0 or len(st.after.aeon_deck) + len(st.after.aeon_trash) == 0:
            continue  # every Aeon Men card is in play already
        if form != st.before.form:
            continue
        if not any(f.kind == "aeon-man-called" and f.card == OBLIVAEON for f in st.events[i:end]):
            yield "OblivAeon's turn ended in an Aeon-Men form without calling one"


@step("shield-never-destroyed", "CLAR.SHIELD-INDESTRUCTIBLE", events=("destroyed",), changes=("shield_side",))
def shield_never_destroyed(st):
    """The Shield is never destroyed; it leaves play only by removing itself from the game."""
    card = f"shield:{slug(st.before.shield)}"
    for e in st.events:
        if e.kind == "destroyed" and e.target == card:
            yield "the Shield was destroyed"
    if st.before.shield_side and not st.after.shield_side:
        if not any(e.kind == "shield-removed" for e in st.events) or card not in st.after.out:
            yield "the Shield left play without removing itself from the game"


@state(
    "shield-follows-its-tasks",
    "SHIELD.TASKS",
    "SETUP.SHIELD",
    "SHIELD.RANDOM-START",
    reads=("setup", "shield", "shield_tasks", "shield_side"),
)
def shield_follows_tasks(s):
    """The Shield shows phase 1 until its flip count of tasks, phase 2 until its removal count, then is gone."""
    spec = s.setup.params.shield(s.shield)
    t = s.shield_tasks
    want = 1 if t < spec.flip_after_tasks else 2 if t < spec.remove_after_tasks else 0
    if s.shield_side != want:
        yield f"the Shield shows side {s.shield_side} after {count(t, 'task')}; expected {want}"
    if s.shield != s.setup.shield:
        yield f"the Shield in play is {s.shield}, not the one chosen at setup ({s.setup.shield})"


@step("shield-tasks-counted", "SHIELD.TASKS", events=("damage", "scion-removed", "objective-completed"), changes=("shield_tasks",))
def shield_tasks_counted(st):
    """Each Scion removed from the game and each objective completed is a Shield task while the Shield is in play; OblivAeon takes no damage behind it."""
    side = st.before.shield_side
    tasks = 0
    for e in st.events:
        if e.kind in ("scion-removed", "objective-completed") and side:
            tasks += 1
        if e.kind == "shield-removed":
            side = 0
        if e.kind == "damage" and e.target == OBLIVAEON and side:
            yield "OblivAeon took damage while his Shield was in play"
    if st.after.shield_tasks - st.before.shield_tasks != tasks:
        yield f"{count(tasks, 'task')} done, the Shield counted {st.after.shield_tasks - st.before.shield_tasks}"


@state("oblivaeon-never-removed", "CLAR.OA-NOT-REMOVABLE", reads=("outcome", "hp", "out"))
def oblivaeon_stays(s):
    """OblivAeon is never removed from the game: he keeps his HP until his last form is beaten."""
    won = s.outcome is not None and s.outcome.kind == "won"
    if not won and OBLIVAEON not in s.hp:
        yield "OblivAeon has left the game"
    if OBLIVAEON in s.out:
        yield "OblivAeon is out of the game"


@step("oblivaeon-not-removed-by-effects", "CLAR.OA-NOT-REMOVABLE", events=("removed-from-game",))
def oblivaeon_not_removed(st):
    """No effect takes OblivAeon out of the game."""
    for e in st.events:
        if e.kind == "removed-from-game" and e.target == OBLIVAEON:
            yield f"{e.card} removed OblivAeon from the game"


# === the game as a whole ========================================================================


@state("the-game-never-hangs", "ROUND.REPEAT", reads=("outcome",))
def never_hangs(s):
    """Every step reaches a decision within the work budget and every game ends within its round limit: the safety stop is never reached (a rule that loops is a finding)."""
    if s.outcome is not None and s.outcome.kind == "aborted":
        yield f"the game ran on to the safety stop ({s.outcome.reason})"


@state("over-exactly-when-no-decision", "ROUND.REPEAT", reads=("outcome", "options"))
def over_iff_no_decision(s):
    """The game is over exactly when no decision is legal; legal decisions are distinct."""
    over = s.outcome is not None
    if over != (len(s.options) == 0):
        yield f"game over is {over} with {count(len(s.options), 'legal decision')}"
    if len(set(s.options)) != len(s.options):
        yield "the same decision is offered twice"
    if s.options and s.options[0].is_chance and any(d.weight < 1 for d in s.options):
        yield "a chance outcome has no weight"


@step("outcome-by-the-rules", "ENV.REMOVAL.LOSS", "INCAP.NO-LIMIT", "SHIELD.TASKS", changes=("outcome",))
def outcome_by_rules(st):
    """A game ends won only when the last form falls, lost only to the multiverse or the hero supply."""
    o = st.after.outcome
    if o is None or st.before.outcome is not None:
        return
    if o.kind == "won" and (o.clause != "SHIELD.TASKS" or st.after.form != len(st.after.setup.params.forms_hp)):
        yield f"won under {o.clause} in form {st.after.form}"
    if o.kind == "lost" and o.clause not in ("ENV.REMOVAL.LOSS", "INCAP.NO-LIMIT"):
        yield f"lost under {o.clause}"


@step("villain-turn-plays-a-scion-card-only-with-a-scion", "VILLAIN.PLAY-SCION-CARD", events=("turn",))
def scion_card_play(st):
    """A zone's villain turn plays the Scion deck's top card if and only if a Scion stands in that zone."""
    counts = ZoneCounts(st.before, st.after)
    events = st.events
    for i, e in enumerate(events):
        if e.kind == "turn" and e.detail.endswith("Villain turn"):
            end = next((j for j in range(i + 1, len(events)) if events[j].kind == "turn"), None)
            if end is not None:
                body = events[i + 1 : end]
                played = any(
                    f.kind == "play" and f.card in PHYSICAL and PHYSICAL[f.card].deck == "Scion" and f.clause == "VILLAIN.PLAY-SCION-CARD"
                    for f in body
                )
                none = any(f.kind == "no-scion-card" for f in body)
                had = bool(counts.scions[e.zone])
                ended = any(f.kind.startswith("game-") for f in body)
                if not ended and not (played or none):
                    yield f"{e.detail}: neither a Scion card nor the 'no Scion here' rule"
                if none and had:
                    yield f"{e.detail}: a Scion stood there and no Scion card was played"
        counts.apply(e)


@step("scions-before-aeon-men", "CLAR.SCIONS-BEFORE-AEON-MEN", "VILLAIN.START", "VILLAIN.END", events=("trigger",))
def scions_before_aeon_men(st):
    """Start and end of turn effects of Scion panels and Scion cards resolve before those of Aeon Men."""
    aeon_seen = None
    for e in st.events:
        if e.kind == "turn":
            aeon_seen = None
            continue
        if e.kind != "trigger":
            continue
        when = e.detail
        is_aeon = e.card in PHYSICAL and PHYSICAL[e.card].deck == "Aeon Men"
        is_scion = e.card in SCION_PANELS or (e.card in PHYSICAL and PHYSICAL[e.card].deck == "Scion")
        if is_aeon:
            aeon_seen = when
        elif is_scion and aeon_seen == when:
            yield f"{e.card}'s {when} effect resolved after an Aeon Men card's"


@step(
    "villain-triggers-answer-their-turn", "CLAR.OA-TURN-IS-VILLAIN-TURN", "VILLAIN.START", "VILLAIN.END", "OA-TURN.START", events=("turn",)
)
def triggers_answer(st):
    """Every Scion panel in a zone answers the start or end of that zone's villain turn."""
    counts = ZoneCounts(st.before, st.after)
    events = st.events
    for i, e in enumerate(events):
        if e.kind == "turn" and e.detail.endswith("Villain turn"):
            end = next((j for j in range(i + 1, len(events)) if events[j].kind == "turn"), None)
            if end is not None:
                for scion in counts.scions[e.zone]:
                    if SCION_PANELS[scion].triggers and not any(f.kind == "trigger" and f.card == scion for f in events[i:end]):
                        if not any(f.card == scion or f.target == scion for f in events[i:end]):
                            yield f"{scion} stood in zone {e.zone} and its villain-turn effect never resolved"
        counts.apply(e)


@state("every-play-area-has-a-hero", "SETUP.HEROES", "INCAP.REPLACEMENT", reads=("outcome", "seats.hero", "seats.needs_hero"))
def every_play_area_has_a_hero(s):
    """Every play area has a hero set up in it, except one waiting for its replacement after a fall."""
    if s.outcome is not None:
        return
    for i, seat in enumerate(s.seats):
        if seat.hero is None and not seat.needs_hero:
            yield f"play area {i + 1} has no hero and waits for none"


@state(
    "targets-at-zero-hp-leave-play",
    "BZ.DEV.SCION-REMOVED",
    "CLAR.SHIELD-INDESTRUCTIBLE",
    "CLAR.SENTINELS",
    "INCAP.CHARACTER-SPENT",
    reads=("hp", "outcome"),
)
def zero_hp_targets(s):
    """At a decision point no target in play has 0 HP or less: it was destroyed, incapacitated, removed or flipped."""
    for card, hp in s.hp.items():
        if hp <= 0 and s.outcome is None:
            yield f"{card} stands with {hp} HP"
            return


def _complete_turns(st, label: str):
    """(turn event index, end index) of each turn with this label that both starts and ends in the step."""
    for i, end in segments(st.events, label):
        if end is not None:
            yield i, end


@step("oblivaeon-plays-a-card", "OA-TURN.PLAY", events=("turn",))
def oblivaeon_plays(st):
    """Each OblivAeon turn plays the top card of his deck (while his deck or trash has one)."""
    if len(st.before.oblivaeon_deck) + len(st.before.oblivaeon_trash) == 0:
        return
    for i, end in _complete_turns(st, "OblivAeon's turn"):
        body = st.events[i:end]
        if any(f.kind.startswith("game-") for f in body):
            continue
        if not any(
            f.kind == "play" and f.clause == "OA-TURN.PLAY" and f.card in PHYSICAL and PHYSICAL[f.card].deck == "OblivAeon" for f in body
        ):
            yield "OblivAeon's turn played no card from his deck"


@step("environment-turn-plays-a-card", "ENV.TURN", "HEROES.AKASH-THRIYA", events=("turn",))
def environment_plays(st):
    """Each environment turn plays the top card of its zone's environment deck (a seed there counts)."""
    for i, end in _complete_turns(st, "Battle Zone"):
        e = st.events[i]
        if not e.detail.endswith("Environment turn"):
            continue
        env = st.before.zones[e.zone - 1].environment
        body = st.events[i:end]
        if env is None or env not in st.before.envs or any(f.kind.startswith("game-") or f.kind.startswith("environment-") for f in body):
            continue
        piles = st.before.envs[env]
        if not (piles.deck or piles.trash):
            continue
        if not any(
            (f.kind == "play" and f.card in PHYSICAL and PHYSICAL[f.card].side == "environment") or f.kind == "seed-played" for f in body
        ):
            yield f"{e.detail} played no card from {env}"


@step("shield-strikes-heroes-in-his-zone", "OA-TURN.END", "BZ.ISOLATION", "CLAR.ZONE-MEMBERSHIP", events=("turn",))
def shield_strikes(st):
    """At the end of OblivAeon's turn the Shield in play hits each hero in his zone."""
    card = f"shield:{slug(st.before.shield)}"
    spec = st.before.setup.params.shield(st.before.shield)
    if not spec.start_damage:
        return
    counts = ZoneCounts(st.before, st.after)
    side = st.before.shield_side
    for n, e in enumerate(st.events):
        counts.apply(e)
        if e.kind == "shield-removed":
            side = 0
        if e.kind != "turn" or e.detail != "OblivAeon's turn":
            continue
        end = next((j for j in range(n + 1, len(st.events)) if st.events[j].kind == "turn"), None)
        if end is None or not side:
            continue
        body = st.events[n:end]
        for f in body:
            counts.apply(f)
        if any(f.kind in ("shield-removed", "environment-removed", "hero-moved") or f.kind.startswith("game-") for f in body):
            continue
        if counts.heroes_in(st.before.oblivaeon_zone) and not any(f.card == card for f in body):
            yield "the Shield was in play and struck no hero in OblivAeon's zone"
        return


@step("devastation-spent-at-the-booklet-threshold", "ID.DEVASTATION", events=("turn", "environment-destroyed"))
def devastation_spent(st):
    """By the end of OblivAeon's turn, Devastation at the Booklet's threshold has been spent to destroy the environment in his zone, and in no other zone."""
    oa_zone = st.before.oblivaeon_zone
    for e in st.events:
        if e.kind == "oblivaeon-moves" and e.zone:
            oa_zone = e.zone
        if e.kind == "environment-destroyed" and e.clause == "ID.DEVASTATION" and e.zone != oa_zone:
            yield f"Devastation destroyed {e.card} in zone {e.zone}; OblivAeon stands in zone {oa_zone}"
    threshold = st.before.setup.params.devastation_threshold
    if not threshold:
        return
    running = st.before.devastation
    in_oa_turn = False
    for e in st.events:
        if e.kind == "devastation":
            running += e.amount
        if e.kind == "turn":
            if in_oa_turn and running >= threshold:
                yield f"OblivAeon's turn ended with {running} Devastation, at or above the threshold {threshold}"
            in_oa_turn = e.detail == "OblivAeon's turn"
        if e.kind.startswith("environment-") or e.kind.startswith("game-"):
            in_oa_turn = False


@step("timestream-offers-keep-or-bottom", "HEROES.LA-COMODORA", decisions=("deck",))
def timestream(st):
    """Nudging the timestream shows the chosen deck's top card and offers to leave it or send it to the bottom."""
    choice = waiting_for(st.before)
    if not isinstance(choice, ChooseTimestreamDeck) or st.after.outcome is not None:
        return
    from oblivaeon_verify.model.oblivaeon.draft import Draft

    ref = choice.decks[st.decision.index]
    if len(Draft(st.before).deck(ref)) < 2:
        return
    kinds = {d.kind for d in st.after.options}
    if not (kinds & {"keep-top", "bottom"} or (st.after.options and st.after.options[0].is_chance)):
        yield "a deck was chosen for the timestream and its top card was never offered"


@state(
    "deck-choices-respect-the-villain-and-mission-decks",
    "CLAR.VILLAIN-DECKS",
    "CLAR.MISSION-DECK-UNTARGETABLE",
    reads=("seats.zone", "oblivaeon_zone"),
    offers=("deck",),
)
def deck_choices(s):
    """An effect that picks a deck never picks the Mission deck or the Scion Reserve (no deck), and reaches the OblivAeon deck only where he stands."""
    for d in s.options:
        if d.kind != "deck":
            continue
        if d.target in ("the Mission deck", "the Scion Reserve"):
            yield f"{d.target} offered to an effect that targets decks"
        if d.target == "the OblivAeon deck" and d.actor.startswith("hero "):
            i = int(d.actor.split()[1]) - 1
            if s.seats[i].zone != s.oblivaeon_zone:
                yield f"hero {i + 1} in zone {s.seats[i].zone} offered the OblivAeon deck while he stands in zone {s.oblivaeon_zone}"


@step("character-cards-never-destroyed", "CLAR.VILLAIN-CHARACTERS", events=("destroyed",))
def characters_not_destroyed(st):
    """Character cards (heroes', the Booklet, the Scion panels) are never destroyed by card text: they fall, flip or leave by their own rules."""
    for e in st.events:
        if e.kind == "destroyed" and (e.target == OBLIVAEON or e.target in SCION_PANELS or e.target in CHARACTER_CARDS):
            yield f"{e.card} destroyed the character card {e.target}"


@step("markers-follow-moves", "HERO.MOVE", "CLAR.MULTIPLE-MOVES", "INCAP.REPLACEMENT-MOVE", events=("hero-moved",), changes=("seats.zone",))
def markers_follow_moves(st):
    """A hero's marker changes zone exactly as its move events say (any number of times in a turn)."""
    zones = {i: seat.zone for i, seat in enumerate(st.before.seats)}
    for e in st.events:
        if e.kind == "hero-moved" and e.target:
            i = seat_of_character((st.before, st.after), e.target)
            if i >= 0:
                if zones[i] != e.source_zone:
                    yield f"marker #{i + 1} moved from zone {e.source_zone} but stood in zone {zones[i]}"
                zones[i] = e.zone
    for i, seat in enumerate(st.after.seats):
        if seat.zone != zones[i]:
            yield f"marker #{i + 1} is in zone {seat.zone}; its move events put it in zone {zones[i]}"


# === new heroes, charts and Mission-card clarifications =========================================

#: The Scion Difficulty Chart, transcribed from the rulebook (its own copy, so a wrong entry in the
#: model's chart data shows up as a Scion entering at the wrong HP).
SCION_CHART = {
    "Aeon Master": 3,
    "Borr the Unstable": 2,
    "Dark Mind": 2,
    "Empyreon": 1,
    "Faultless": 1,
    "Nixious the Chosen": 2,
    "Progeny": 3,
    "Rainek Kel'Voss": 3,
    "Sanction": 1,
    "Voidsoul": 3,
}


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


def _ops_of(card: str) -> list:
    """Every instruction printed on ``card`` (both sides of a Mission card), nested ones included."""
    found: list = []
    if card in PHYSICAL:
        for cdef in (PHYSICAL[card], PHYSICAL[card].reward):
            if cdef is None:
                continue
            found += list(cdef.ops) + list(cdef.seed_ops) + [op for t in cdef.triggers for op in t.ops]
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
    return out


def target_filters(card: str, kind: str) -> list:
    """The target lines of ``card``'s damage (``kind`` "damage") or healing ("heal") instructions."""
    op_type = Damage if kind == "damage" else Heal
    return [op.target for op in _ops_of(card) if isinstance(op, op_type)]


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


def seat_of_hero(s, hero: str) -> int:
    return next((i for i, seat in enumerate(s.seats) if seat.hero == hero), -1)


def card_named(card: str, name: str) -> bool:
    return card in PHYSICAL and PHYSICAL[card].name == name


def in_zone_play(s, card: str) -> int:
    """The battle zone in which ``card`` is in play, or 0."""
    for seat in s.seats:
        if card in seat.play:
            return seat.zone
    for z in s.zones:
        if card in z.villain_play or card in z.env_play:
            return z.number
    return 0


@step("targets-counted-by-their-side", "CLAR.MISSION-TARGET-KIND", "CLAR.MISSION-TYPES", events=("damage", "heal"))
def targets_by_side(st):
    """Damage and healing land only on targets their card's text names: objectives count as the villain or environment targets their keyword says, rewards and character cards as hero targets."""
    rewards = set(st.before.reward_side)  # flips during the step change what a Mission card counts as
    for e in st.events:
        if e.kind == "objective-completed":
            rewards.add(e.card)
        if e.kind not in ("damage", "heal") or not e.target or e.target not in st.before.hp:
            continue
        lines = target_filters(e.card, e.kind)
        if lines and not any(admits(st.before, line, e.target, rewards) for line in lines):
            wanted = sorted({f"{line.side}/{line.pick}" for line in lines})
            side = rule_side(st.before, e.target, rewards)
            yield f"{e.card}'s {e.kind} hit {e.target}, a {side} target, though its text picks only {wanted}"


@state("rewards-serve-the-hero-who-holds-them", "CLAR.REWARDS-BELONG", reads=("options", "reward_side", "seats.play"))
def rewards_serve_their_holder(s):
    """A reward in a hero's play area is that hero's card: only that hero's player uses it or makes the choices its text asks for."""
    if not s.reward_side:
        return
    for d in s.options:
        if d.card not in s.reward_side or not d.actor.startswith("hero "):
            continue
        holder = holder_of(s, d.card)
        if holder >= 0 and d.actor != f"hero {holder + 1}":
            yield f"{d.actor} offered {d.kind} for the reward {d.card}, which is in play area {holder + 1}"


@step("rewards-heal-their-own-hero", "CLAR.REWARDS-BELONG", events=("damage", "heal"))
def rewards_heal_their_hero(st):
    """A reward whose text acts on 'your hero' acts on the hero whose play area holds it."""
    for e in st.events:
        if e.kind not in ("damage", "heal") or e.card not in st.before.reward_side or e.target not in CHARACTER_CARDS:
            continue
        lines = target_filters(e.card, e.kind)
        if lines and all(line.pick == "own-character" for line in lines):
            holder = holder_of(st.before, e.card)
            if holder >= 0 and e.target not in st.before.seats[holder].characters:
                yield f"the reward {e.card} in play area {holder + 1} acted on {e.target}, another hero"


@step("indestructible-cards-still-move", "CLAR.INDESTRUCTIBLE-MOVES", events=("trigger", "card-moved"), decisions=("target",))
def indestructible_moves(st):
    """An indestructible card whose text moves it to the other battle zone does move there."""
    owed: dict[str, int] = {}
    d = st.decision
    if d.card and _moves_itself(d.card) and waiting_for(st.before) is not None and d.kind == "target":
        owed[d.card] = -1  # its text was waiting on a choice before the move
    last_move: dict[str, object] = {}
    for n, e in enumerate(st.events):
        if e.kind == "trigger" and _moves_itself(e.card):
            owed[e.card] = n
        if e.kind == "card-moved" and e.card in PHYSICAL and PHYSICAL[e.card].indestructible:
            owed.pop(e.card, None)
            last_move[e.card] = e
            if e.zone == e.source_zone:
                yield f"{e.card} 'moved' from zone {e.source_zone} to the same zone"
    for card, e in last_move.items():  # it may cross twice in a step (once per zone's turn): the last move counts
        if in_zone_play(st.after, card) not in (e.zone, 0):
            yield f"{card} was moved to zone {e.zone} from zone {e.source_zone} but is in zone {in_zone_play(st.after, card)}"
    waiting = waiting_for(st.after)
    if st.after.outcome is not None:
        return  # the game ended before the text could finish
    for card in owed:
        if waiting is not None and any(o.card == card for o in waiting.options):
            continue  # its text is waiting on a choice; the move comes after
        if in_zone_play(st.after, card):
            yield f"{card} is indestructible and its text moves it, but it stayed in zone {in_zone_play(st.after, card)}"


def _moves_itself(card: str) -> bool:
    return card in PHYSICAL and PHYSICAL[card].indestructible and any(isinstance(op, MoveSelf) for op in _ops_of(card))


@state(
    "no-other-captain-cosmic-while-constructs-remain",
    "CLAR.REQUITAL-CONSTRUCTS",
    reads=("seats.incapacitated", "seats.play", "under"),
    offers=("set-up-hero",),
)
def requital_constructs(s):
    """While a fallen Requital has Constructs under it, or Constructs are in play, no other Captain Cosmic is offered to set up."""
    fallen = [c for seat in s.seats for c in seat.incapacitated if CHARACTER_CARDS[c].requital]
    if not fallen:
        return
    under = any(PHYSICAL[c].construct for r in fallen for c in s.under.get(r, ()))
    in_play = any(c in PHYSICAL and PHYSICAL[c].construct for seat in s.seats for c in seat.play)
    if not (under or in_play):
        return
    for d in s.options:
        if d.kind == "set-up-hero" and CHARACTERS[d.card].hero == CAPTAIN_COSMIC:
            yield f"{d.card} offered to {d.actor} while Requital's Constructs remain ({'under it' if under else 'in play'})"


@step("scions-enter-at-their-chart-hp", "CHART.SCION-DIFFICULTY", events=("scion-enters",), changes=("hp", "zones.scions", "usurped"))
def scions_at_chart_hp(st):
    """A Scion enters with the HP its Difficulty Chart rating gives (the documented base plus a step per point), and never has more."""
    p = st.before.setup.params
    for n, e in enumerate(st.events):
        if e.kind != "scion-enters" or e.card not in st.after.hp:
            continue
        later = st.events[n + 1 :]
        if any(x.kind in ("scion-removed", "rainek-usurps") for x in later):
            continue  # left again, or Rainek flipped to his usurping side, within the step
        hp = st.after.hp[e.card]
        hp += sum(x.amount for x in later if x.kind == "damage" and x.target == e.card)
        hp -= sum(x.amount for x in later if x.kind == "heal" and x.target == e.card)
        want = p.scion_hp_base + p.scion_hp_per_difficulty * SCION_CHART[SCION_PANELS[e.card].name]
        if hp != want:
            yield f"{SCION_PANELS[e.card].name} entered with {hp} HP; difficulty {SCION_CHART[SCION_PANELS[e.card].name]} gives {want}"
    for z in st.after.zones:
        for scion in z.scions:
            top = p.scion_hp_base + p.scion_hp_per_difficulty * SCION_CHART[SCION_PANELS[scion].name]
            if SCION_PANELS[scion].rainek and st.after.usurped:
                top = p.rainek_flipped_hp
            if st.after.hp.get(scion, 0) > top:
                yield f"{SCION_PANELS[scion].name} has {st.after.hp[scion]} HP, above the {top} its chart rating allows"


@step("luminary-devices-and-plots", "HEROES.LUMINARY", events=("trigger", "destroyed"))
def luminary(st):
    """Luminary's Doomsday Devices strike only at the end of his own turn, and Use It Up spends only a hero's non-character target of at most 5 HP."""
    lum = seat_of_hero(st.before, "Luminary")
    turn = str(current_turn(st.before))
    struck = set()  # targets its damage dropped to 0 HP are destroyed by that damage, not spent
    for e in st.events:
        if e.kind == "turn":
            turn = e.detail
        if e.kind == "damage" and card_named(e.card, "Use It Up"):
            struck.add(e.target)
        if e.kind == "trigger" and card_named(e.card, "Doomsday Device"):
            owner = holder_of(st.before, e.card)
            if lum < 0 or owner != lum or turn != f"Hero {lum + 1}'s turn":
                yield f"a Doomsday Device in play area {owner + 1} went off during {turn}, not Luminary's turn"
        if e.kind == "destroyed" and card_named(e.card, "Use It Up") and e.target not in struck:
            t = e.target
            hp = st.before.hp.get(t)
            if t in CHARACTER_CARDS or rule_side(st.before, t) != "hero" or hp is None or hp > 5:
                yield f"Use It Up destroyed {t} ({rule_side(st.before, t)} target, {hp} HP)"


@step("lifeline-pays-in-blood", "HEROES.LIFELINE", events=("damage", "heal"))
def lifeline(st):
    """Lifeline's Blood Price wounds Lifeline before it strikes a foe, and his Vitae Siphon heals Lifeline alone."""
    life = seat_of_hero(st.before, "Lifeline")
    own = set(st.before.seats[life].characters) if life >= 0 else set()
    played = False
    paid = False
    for e in st.events:
        if e.kind == "play" and card_named(e.card, "Blood Price"):
            played, paid = True, False
        if e.kind == "damage" and card_named(e.card, "Blood Price"):
            if e.target in own:
                paid = True
            elif played and not paid:
                yield f"Blood Price struck {e.target} before Lifeline paid his own life"
        if e.kind == "heal" and card_named(e.card, "Vitae Siphon") and e.target not in own:
            yield f"Vitae Siphon healed {e.target}, not Lifeline"
