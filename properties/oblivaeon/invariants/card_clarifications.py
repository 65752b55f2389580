"""Two clarifications about particular cards: indestructible cards still move, and Requital's Constructs.

An indestructible card whose text moves it to the other zone does move; while Requital's Constructs remain,
no other Captain Cosmic is offered to set up.
"""

from __future__ import annotations

from oblivaeon_verify.model.common.kernel import scheduled, waiting_for
from oblivaeon_verify.model.oblivaeon.cards import CAPTAIN_COSMIC, CHARACTER_CARDS, CHARACTERS, PHYSICAL
from oblivaeon_verify.model.oblivaeon.effects import Resolve
from oblivaeon_verify.model.oblivaeon.vocabulary import MoveSelf
from oblivaeon_verify.properties.oblivaeon.invariants.readers import ops_of
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state, step


def in_zone_play(s, card: str) -> int:
    """The battle zone in which ``card`` is in play, or 0."""
    for seat in s.seats:
        if card in seat.play:
            return seat.zone
    for z in s.zones:
        if card in z.villain_play or card in z.env_play:
            return z.number
    return 0


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
    still = {r.ctx.source for r in scheduled(st.after, Resolve) if any(isinstance(op, MoveSelf) for op in r.ops)}
    for card in owed:
        if waiting is not None and any(o.card == card for o in waiting.options):
            continue  # its text is waiting on a choice; the move comes after
        if card in still:
            continue  # a choice its text caused (a reaction to a card it destroyed) comes first; the move is still to do
        if in_zone_play(st.after, card):
            yield f"{card} is indestructible and its text moves it, but it stayed in zone {in_zone_play(st.after, card)}"


def _moves_itself(card: str) -> bool:
    return card in PHYSICAL and PHYSICAL[card].indestructible and any(isinstance(op, MoveSelf) for op in ops_of(card))


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
