"""Cards: every player card and every nemesis card is in exactly one place, and none appears or vanishes."""

from __future__ import annotations

from oblivaeon_verify.properties.aeons_end.invariants.readers import (
    NEMESIS_CARD_FIELDS,
    PLAYER_CARD_FIELDS,
    nemesis_cards,
    nemesis_ledger,
    player_cards,
    player_ledger,
    present,
)
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step


@state("player-card-in-one-place", "CARDS.GAIN", "CAST.TO-DISCARD", "DRAW.DISCARD-PLAYED", reads=PLAYER_CARD_FIELDS)
def one_place(s):
    """Every player card is in exactly one place."""
    led = player_ledger(s)
    for card in sorted(led.twice):
        yield f"{card} is in {led.count[card]} places"


@step("player-cards-conserved", "CARDS.GAIN", "MAIN.PREP", "EXHAUST.DESTROY-BREACH", changes=(*PLAYER_CARD_FIELDS, *NEMESIS_CARD_FIELDS))
def conserved(st):
    """No player or nemesis card appears or vanishes."""
    if present(st.before) == present(st.after):
        return
    for name, cards_of in (("player", player_cards), ("nemesis", nemesis_cards)):
        before, after = set(cards_of(st.before)), set(cards_of(st.after))
        if before != after:
            yield f"{name} cards changed: gained {sorted(after - before)[:3]}, lost {sorted(before - after)[:3]}"


@state("nemesis-card-in-one-place", "NEMESIS.DRAW", "NEMESIS.MAIN", reads=NEMESIS_CARD_FIELDS)
def nemesis_one_place(s):
    led = nemesis_ledger(s)
    for card in sorted(led.twice):
        yield f"{card} is in {led.count[card]} places"
