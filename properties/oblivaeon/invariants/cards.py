"""Cards: every physical card is in exactly one place, and the game holds exactly the cards its setup brought."""

from __future__ import annotations

from oblivaeon_verify.properties.oblivaeon.invariants.readers import CARD_PLACES, ledger
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state

from oblivaeon_verify.words import count


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
