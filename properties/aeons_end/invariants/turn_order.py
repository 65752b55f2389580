"""Turn order: the card drawn names who takes the next turn (a wild card lets the players choose), the deck is
drawn through before it is reshuffled, and a shuffled deck's next card is any of its cards alike."""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.aeons_end.cards import base
from oblivaeon_verify.model.aeons_end.decisions import TURN_ORDER_DECK
from oblivaeon_verify.model.aeons_end.turn_order import ChooseWildTurn
from oblivaeon_verify.properties.aeons_end.invariants.readers import choice_waiting
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step

from oblivaeon_verify.words import count


def _who(actor: str) -> str:
    return "the nemesis" if actor == "nemesis" else f"player {int(actor[1:]) + 1}" if actor.startswith("p") else "nobody"


def _named(card: str) -> str:
    """The actor a turn order card names (``wild``: the players choose)."""
    kind = card.split(":")[1].split("#")[0]
    if kind in ("nemesis", "wild"):
        return kind
    if kind == "solo":
        return "p0"
    return f"p{int(kind.split('-')[1]) - 1}"


@step(
    "the-turn-order-card-names-who-acts",
    "TURN-ORDER.DRAW",
    "TURN-ORDER.DECK",
    "EXHAUST.STILL-PLAYS",
    events=("turn-order-card",),
    decisions=("take-turn",),
)
def card_names_actor(st):
    """The turn order card drawn says who takes the next turn, exhausted or not; a wild card lets the players choose."""
    if st.after.outcome is not None:
        return
    if st.decision.kind == "take-turn":
        first = next((e for e in st.events if e.kind == "turn"), None)
        if first is None or first.target != f"p{st.decision.index}":
            yield f"the players chose player {st.decision.index + 1} for the wild card but the turn went to {first and first.target}"
    for k, e in enumerate(st.events):
        if e.kind != "turn-order-card":
            continue
        named = _named(e.card)
        nxt = next((x for x in st.events[k + 1 :] if x.kind in ("turn", "turn-order-card")), None)
        if named == "wild":
            if nxt is None and choice_waiting(st.after, ChooseWildTurn) is None:
                yield f"{e.card} was drawn and the players were not asked who takes the turn"
        elif nxt is None or nxt.kind != "turn" or nxt.target != named:
            tired = named != "nemesis" and st.before.mages[int(named[1:])].exhausted
            went = _who(nxt.target) if nxt and nxt.kind == "turn" else "nobody"
            yield f"{e.card} names {_who(named)}{' (exhausted)' if tired else ''} but the next turn went to {went}"


@step(
    "the-turn-order-deck-is-drawn-through-before-a-reshuffle",
    "TURN-ORDER.DRAW",
    "TURN-ORDER.RESHUFFLE",
    events=("turn-order-reshuffle", "turn-order-card"),
    changes=("turn_deck", "turn_discard", "cycles"),
)
def drawn_through(st):
    """Each turn order card drawn goes from the deck to the discard; only an empty deck is refilled, by
    shuffling every discard back in, and each refill starts a new cycle."""
    deck, discard = len(st.before.turn_deck), len(st.before.turn_discard)
    reshuffles = 0
    for e in st.events:
        if e.kind == "turn-order-reshuffle":
            if deck:
                yield f"the turn order deck was reshuffled with {count(deck, 'card')} still in it"
            deck, discard, reshuffles = discard, 0, reshuffles + 1
        elif e.kind == "turn-order-card":
            if not deck:
                yield f"{e.card} was drawn from an empty turn order deck"
            deck, discard = max(0, deck - 1), discard + 1
    if (deck, discard) != (len(st.after.turn_deck), len(st.after.turn_discard)):
        yield f"the turn order deck and discard should hold {deck} and {discard} cards, not {len(st.after.turn_deck)} and {len(st.after.turn_discard)}"
    if st.after.cycles - st.before.cycles != reshuffles:
        yield f"{count(reshuffles, 'reshuffle')} but the cycle count went from {st.before.cycles} to {st.after.cycles}"


@state(
    "turn-order-reveals-weigh-each-card-by-its-copies", "TURN-ORDER.RESHUFFLE", "TURN-ORDER.DRAW", reads=("turn_deck",), offers=("reveal",)
)
def turn_order_reveal_weights(s):
    """A shuffled turn order deck lies in no known order: chance turning up its next card offers each kind of card
    in it once, weighted by its copies there (the two nemesis cards weigh two)."""
    reveals = [d for d in s.options if d.kind == "reveal" and d.target == TURN_ORDER_DECK]
    if not reveals:
        return
    offered = Counter()
    for d in reveals:
        offered[base(d.card)] += d.weight
    shuffled = Counter(base(c) for c in s.turn_deck.middle)
    if offered != shuffled or len(reveals) != len(offered):
        yield f"the turn order deck's chance point offers {dict(offered)} (card: weight); it holds {dict(shuffled)} shuffled"
