"""The counts a game keeps: aether, charges, the hand, the turn order deck and life.

Aether never goes below none and a paid action takes exactly its cost; charges stay within the mat's requirement;
a player's turn ends with a hand of five while cards are left to draw; the turn order deck holds the cards of the
player count; an exhausted player gains no life, loses their charges and makes the nemesis Unleash twice; life and
Gravehold stay between none and the start.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.aeons_end.card_effects import Unleash
from oblivaeon_verify.model.aeons_end.cards import MATS, card_def, nemesis_def
from oblivaeon_verify.model.aeons_end.effects import DiscardCharges
from oblivaeon_verify.model.aeons_end.turn_order import turn_order_cards
from oblivaeon_verify.model.common.kernel import scheduled
from oblivaeon_verify.properties.aeons_end.invariants.readers import same_turn
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step
from oblivaeon_verify.properties.common.views import per_state

from oblivaeon_verify.words import count


@state("aether-never-negative", "MAIN.GAIN-CARD", "MAIN.GAIN-CHARGE", "MAIN.FOCUS", "MAIN.OPEN", reads=("aether",))
def aether_nonnegative(s):
    if s.aether < 0:
        yield f"aether is {s.aether}"


def _cost(st) -> int | None:
    d, p = st.decision, st.before.setup.params
    if d.kind == "gain":
        return card_def(d.card).cost
    if d.kind == "gain-charge":
        return p.charge_cost
    if d.kind == "focus":
        return p.focus_cost[d.index]
    if d.kind == "open":
        return p.open_cost[d.index]
    if d.kind == "to-discard":
        return nemesis_def(d.card).to_discard
    return None


@step(
    "aether-spent-as-paid",
    "MAIN.GAIN-CARD",
    "MAIN.GAIN-CHARGE",
    "MAIN.FOCUS",
    "MAIN.OPEN",
    "MAIN.TO-DISCARD",
    decisions=("gain", "gain-charge", "focus", "open", "to-discard"),
)
def spent_as_paid(st):
    """A paid action takes exactly its cost in aether."""
    cost = _cost(st)
    if cost is not None and st.after.aether != st.before.aether - cost and same_turn(st):
        yield f"{st.decision.kind} cost {cost} but aether went from {st.before.aether} to {st.after.aether}"


@state("charges-within-requirement", "MAIN.GAIN-CHARGE", "MAT.ABILITY", reads=("mages.charges", "mages.name"))
def charges_bounded(s):
    for i, m in enumerate(s.mages):
        if not 0 <= m.charges <= MATS[m.name].charges:
            yield f"player {i + 1} has {m.charges} charges of {MATS[m.name].charges}"


@step("hand-of-five-after-the-draw-phase", "DRAW.TO-FIVE", "DRAW.NEVER-SHUFFLE", changes=("actor", "turn"))
def hand_of_five(st):
    """When a player's turn ends, their hand holds five cards unless they have none left to draw."""
    b, a = st.before, st.after
    if not b.actor.startswith("p") or a.actor == b.actor and a.turn == b.turn:
        return
    i = int(b.actor[1:])
    m = a.mages[i]
    if len(m.hand) < a.setup.params.hand_size and (m.deck or m.discard):
        yield f"player {i + 1} ended the turn with {len(m.hand)} cards while cards were left to draw"


@state(
    "turn-order-deck-composition",
    "TURN-ORDER.COMPOSITION",
    "TURN-ORDER.RESHUFFLE",
    "SOLO.TRUE-SOLO",
    reads=("turn_deck", "turn_discard", "mages.name"),
)
def turn_deck(s):
    """The deck and its discard hold the player count's turn order cards, each physical card once: nemesis cards
    and player cards, each player named by one (or a wild card), and in true solo three player cards and two
    nemesis cards.  The exact mix of the standard deck is the model's own (an ASSUMPTION of ``turn_order_cards``)."""
    cards = sorted(s.turn_deck.cards() + s.turn_discard)
    if len(set(cards)) != len(cards):
        yield f"a turn order card is there twice: {sorted(c for c in set(cards) if cards.count(c) > 1)}"
    kinds = Counter(c.split(":")[1].split("#")[0] for c in cards)
    players = sum(n for k, n in kinds.items() if k != "nemesis")
    if len(s.mages) == 1 and (kinds["solo"], kinds["nemesis"]) != (3, 2):
        yield f"true solo's turn order deck holds {dict(kinds)}, not 3 player cards and 2 nemesis cards"
    if not kinds["nemesis"] or not players:
        yield f"the turn order deck holds {dict(kinds)}: it needs both nemesis cards and player cards"
    unnamed = [i + 1 for i in range(len(s.mages)) if len(s.mages) > 1 and not kinds[f"player-{i + 1}"]]
    if unnamed and not kinds["wild"]:
        yield f"no turn order card names player(s) {unnamed}, and there is no wild card"
    if cards != sorted(turn_order_cards(len(s.mages))):
        yield f"the turn order cards are {cards}"


@step("exhausted-gain-no-life", "EXHAUST.NO-LIFE-GAIN", "EXHAUST.WHEN", changes=("mages.life", "mages.exhausted"))
def no_life_gain(st):
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        if x.exhausted and (y.life > x.life or not y.exhausted):
            yield f"exhausted player {i + 1} went from {x.life} to {y.life} life (exhausted: {y.exhausted})"


@per_state
def _discarding(s) -> frozenset[int]:
    """The players whose charges a state has scheduled to discard (a shared view: it runs after every step)."""
    return frozenset(w.player for w in scheduled(s, DiscardCharges))


@step("exhaustion-discards-charges", "EXHAUST.DISCARD-CHARGES", "EXHAUST.UNLEASH-TWICE")
def exhaustion_consequences(st):
    """Once a newly exhausted player's consequences have resolved (perhaps a step later, after the
    breach to destroy is chosen), their charges are gone; and the nemesis Unleashed twice."""
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        newly = y.exhausted and not x.exhausted
        if y.charges and (newly or i in _discarding(st.before)) and i not in _discarding(st.after):
            yield f"player {i + 1} was exhausted but kept {y.charges} charges"
        if not newly:
            continue
        unleashed = sum(1 for e in st.events if e.kind == "unleash" and e.clause == "EXHAUST.UNLEASH-TWICE")
        if st.after.outcome is None and Unleash(2, "EXHAUST.UNLEASH-TWICE") not in scheduled(st.after, Unleash) and unleashed < 2:
            yield f"player {i + 1} was exhausted and the nemesis Unleashed {count(unleashed, 'time')}, not twice"


@state("life-within-bounds", "TRACKERS", "EXHAUST.WHEN", reads=("mages.life", "mages.exhausted", "gravehold", "setup"))
def life_bounds(s):
    start = s.setup.start_life
    for i, m in enumerate(s.mages):
        if not 0 <= m.life <= start:
            yield f"player {i + 1} has {m.life} life (start {start})"
        if (m.life == 0) != m.exhausted:
            yield f"player {i + 1} has {m.life} life but exhausted is {m.exhausted}"
    if not 0 <= s.gravehold <= s.setup.start_gravehold:
        yield f"Gravehold has {s.gravehold} life"
