"""Heroes: their decks and character cards, and what becomes of a hero who falls or is erased.

Also the cards a fallen hero leaves (boxed, rewards under the character card, objectives under the Mission
deck), the hero supply, the powers used this turn and The Harpy's tokens.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, CHARACTERS, PHYSICAL, character_cards
from oblivaeon_verify.model.oblivaeon.parameters import RequitalReading
from oblivaeon_verify.model.oblivaeon.places import containers
from oblivaeon_verify.model.oblivaeon.round_order import current_phase, current_turn
from oblivaeon_verify.properties.oblivaeon.invariants.readers import (
    CARD_PLACES,
    awaiting_replacement,
    ledger,
    mentioned,
    objectives,
    seat_of_character,
)
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state, step


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


_RESETS_HP = ("hero-set-up", "bloodstone", "revived-as-written")
"""Events after which a hero character card's HP is set, not dealt or healed: the replay of HP below stops there."""


@step("erasure-ties-go-to-the-players", "CLAR.ERASED", events=("hero-erased",))
def erasure_ties_go_to_the_players(st):
    """OblivAeon's erasure takes the hero character card with the lowest HP in his zone; when two or more share it,
    the players choose which.  An erasure the players did not choose found one card alone at the lowest HP: the HP at
    that moment are those before the step, with the damage dealt and the healing done earlier in it (a step in which a
    hero is set up or revived before the erasure is not read: those set HP without an event of the amount)."""
    chosen = st.decision is not None and st.decision.kind == "target" and st.decision.card == "oblivaeon"
    hp = dict(st.before.hp)
    zone = st.before.oblivaeon_zone
    where = {n: seat.zone for n, seat in enumerate(st.before.seats)}
    fell: set[str] = set()
    for e in st.events:
        if e.kind in _RESETS_HP:
            return
        if e.kind == "damage" and e.target in hp:
            hp[e.target] -= e.amount
        elif e.kind == "heal" and e.target in hp:
            hp[e.target] += e.amount
        elif e.kind == "oblivaeon-moves" and e.zone:
            zone = e.zone
        elif e.kind == "hero-moved" and e.target:
            where[seat_of_character((st.before, st.after), e.target)] = e.zone
        elif e.kind == "hero-incapacitated":  # (the erased hero's own fall comes just before its erasure)
            fell.add(e.card)
        elif e.kind == "hero-erased":
            if chosen:
                chosen = False  # the first erasure of the step is the one the players chose
                continue
            there = [
                c
                for n, seat in enumerate(st.before.seats)
                if where[n] == zone
                for c in seat.characters
                if c in hp and (seat.hero == e.detail or c not in fell) and hp[c] > 0
            ]
            if there:
                low = min(hp[c] for c in there)
                tied = sorted(c for c in there if hp[c] == low)
                if len(tied) > 1:
                    yield f"{e.detail} was erased without the players' choice, though {', '.join(tied)} tie at {low} HP in his zone"


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


@state(
    "fallen-hero-cards-boxed",
    "INCAP.CARDS-TO-BOX",
    "CLAR.REQUITAL-CONSTRUCTS",
    reads=(*CARD_PLACES, "seats.hero", "setup", "reward_side"),
)
def fallen_hero_cards_boxed(s):
    """The non-character cards of a hero nobody plays are in the box (or out of the game, or kept under an incapacitated
    card); under the reading that Requital's Constructs stay, a Construct an incapacitated Requital put into play stays in
    play too."""
    in_use = {seat.hero for seat in s.seats if seat.hero}
    down = {c for seat in s.seats for c in seat.incapacitated}
    # The ledger knows which hero decks have a card in each place: the places are read one by one
    # only when one of them holds a card of a hero nobody plays.
    led = ledger(s)
    under = led.summaries  # a card's pile under it is the ledger's place ("under", card); the few piles are asked
    stray = any(deck not in in_use for deck in led.pool) or any(
        under.get(("under", card), frozenset()) - in_use for card in s.under if card not in down
    )
    if not stray:
        return
    constructs_stay = s.setup.params.requital_reading is RequitalReading.CONSTRUCTS_STAY and any(CHARACTER_CARDS[c].requital for c in down)
    for place, cards in containers(s):
        if place[0] in ("box", "out") or (place[0] == "under" and place[1] in down):
            continue
        for c in cards:
            cdef = PHYSICAL.get(c)
            if cdef is not None and cdef.side == "hero" and cdef.deck not in in_use and c not in s.reward_side:
                if constructs_stay and cdef.construct and place[0] == "seat" and place[2] == "play":
                    continue
                yield f"{c} of {cdef.deck}, whom nobody plays, is in {place}"
                return


@step("fallen-rewards-go-under", "INCAP.REWARDS-UNDER", events=("hero-incapacitated",))
def fallen_rewards_under(st):
    """When a hero falls, its rewards go under its incapacitated character card, reward side up (and stay out of its
    hand, deck and trash, unless Rites of Revival sends that card back to the box later in the step and the rewards to
    its player's hand)."""
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
        if _revived_to_box(st.events, seat.characters, st.events.index(e)):
            continue  # CLAR.RITES-OF-REVIVAL, later in the step: its rewards went from under it to its player's hand
        left = [c for c in st.after.seats[i].hand + st.after.seats[i].trash + st.after.seats[i].deck.cards() if c in st.after.reward_side]
        if st.after.seats[i].hero is None and left:
            yield f"rewards {left} stayed with the fallen hero's play area"


def _revived_to_box(events, characters: tuple[str, ...], after_index: int) -> bool:
    """Whether Rites of Revival sent one of ``characters`` back to the box after event ``after_index``."""
    return any(f.kind == "revived-to-box" and f.card in characters for f in events[after_index + 1 :])


@step("fallen-objectives-to-mission-deck", "INCAP.OBJECTIVES-TO-MISSION-DECK", events=("hero-incapacitated",))
def fallen_objectives(st):
    """When a hero falls, its objectives go under the Mission deck, objective side up."""
    for n, e in enumerate(st.events):
        if e.kind != "hero-incapacitated":
            continue
        i = seat_of_character((st.before, st.after), e.card)
        for o in objectives(st.before, i):
            moved = ("objective-completed", "objective-traded", "objective-taken", "removed-from-game", "destroyed")
            if any(f.kind in moved and (f.card == o or f.target == o) for f in st.events[:n]):
                continue  # it left the play area by another rule before the fall
            later = [f for f in st.events[n + 1 :] if f.card == o or f.target == o]
            sent = next((k for k, f in enumerate(later) if f.clause == "INCAP.OBJECTIVES-TO-MISSION-DECK"), None)
            if sent is None:
                yield f"objective {o} of the fallen hero did not go under the Mission deck"
            elif o not in st.after.mission_deck.cards() and not any(f.kind in moved for f in later[sent + 1 :]):
                yield f"objective {o} of the fallen hero went under the Mission deck and is no longer there"


@state(
    "fallen-play-area-cleared",
    "INCAP.FOREIGN-CARDS-TO-TRASH",
    "INCAP.CARDS-TO-BOX",
    "CLAR.RITES-OF-REVIVAL",
    reads=("seats", "reward_side"),
)
def fallen_play_area_cleared(s):
    """A play area waiting for its new hero holds no card: other heroes', villain and environment cards went to their
    trashes; only rewards may be in its player's hand, where Rites of Revival puts those that were under the revived card."""
    for i in awaiting_replacement(s):
        seat = s.seats[i]
        hand = [c for c in seat.hand if c not in s.reward_side]
        if seat.play or hand or seat.deck:
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
    if not s.used_powers:
        return  # most states mark none (and the turn is read only to judge a mark)
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
