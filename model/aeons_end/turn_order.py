"""Who acts next: the turn order deck, drawn after every turn and reshuffled from its discards."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.decisions import TURN_ORDER_DECK, Decision
from oblivaeon_verify.model.aeons_end.draft import KERNEL, Draft
from oblivaeon_verify.model.common.deck import Deck, take
from oblivaeon_verify.model.common.kernel import Ask, Work

TURN_DECK = ("turn",)


@dataclass(frozen=True, slots=True)
class DrawTurnOrder(Work):
    """Draw the turn order deck's top card to find who acts next."""


@dataclass(frozen=True, slots=True)
class EndTurn(Work):
    """The turn is over: the turn order deck is drawn next."""


@dataclass(frozen=True, slots=True)
class NemesisTurn(Work):
    """The nemesis takes its turn (its rule is in ``nemesis_turn``)."""


@dataclass(frozen=True, slots=True)
class RevealTurnOrderCard(Ask):
    """Chance: which card of the shuffled turn order deck is on top."""


@dataclass(frozen=True, slots=True)
class ChooseWildTurn(Ask):
    """The wild turn order card: the players choose who takes the turn."""


@implements("TURN-ORDER.COMPOSITION", "SOLO.TRUE-SOLO")
def turn_order_cards(players: int) -> tuple[str, ...]:
    """The turn order deck for a player count.

    True solo: three player cards and two nemesis cards.  ASSUMPTION for the standard deck: two
    nemesis cards and four player cards (two each with 2 players; a wild card, whose player the
    table chooses, with 3 players).
    """
    if players == 1:
        kinds = ["solo", "solo", "solo"]
    elif players == 2:
        kinds = ["player-1", "player-1", "player-2", "player-2"]
    elif players == 3:
        kinds = ["player-1", "player-2", "player-3", "wild"]
    else:
        kinds = [f"player-{i}" for i in range(1, players + 1)]
    kinds += ["nemesis", "nemesis"]
    seen: dict[str, int] = {}
    out = []
    for k in kinds:
        seen[k] = seen.get(k, 0) + 1
        out.append(f"turn:{k}#{seen[k]}")
    return tuple(sorted(out))


def reveal_options(deck: Deck, label: str) -> tuple[Decision, ...]:
    return _reveal_options(deck.middle, label)


# The unordered part of a deck is an immutable value, and the same few recur all game.
@functools.lru_cache(maxsize=1 << 12)
def _reveal_options(middle: tuple[str, ...], label: str) -> tuple[Decision, ...]:
    """One outcome per kind of card in the unordered part, weighted by its copies."""
    groups: dict[str, list] = {}
    for c in middle:
        k = c.partition("#")[0]
        g = groups.setdefault(k, [c, 0])
        g[1] += 1
    return tuple(Decision("reveal", "chance", card=groups[k][0], target=label, weight=groups[k][1]) for k in sorted(groups))


@functools.cache  # the turn order cards are a handful of ids: each is read once
def named_by(card: str) -> str:
    """Who a turn order card (``turn:player-2#1``) gives the turn to: an actor (``p1``, ``nemesis``; a
    solo card names the one player), or ``wild`` when the players choose."""
    kind = card.split(":")[1].split("#")[0]
    if kind in ("nemesis", "wild"):
        return kind
    if kind == "solo":
        return "p0"
    return f"p{int(kind.split('-')[1]) - 1}"


@KERNEL.handles(EndTurn)
def _end_turn(d: Draft, work: EndTurn) -> None:
    d.actor, d.phase = "", "turn-order"
    d.later(DrawTurnOrder())


@KERNEL.handles(DrawTurnOrder)
@implements("TURN-ORDER.DRAW", "TURN-ORDER.RESHUFFLE", "TURN-ORDER.DECK")
def next_turn(d: Draft, work: DrawTurnOrder) -> None:
    """Draw the turn order deck's top card (a chance point when shuffled); an empty deck is first
    refilled by shuffling its discards."""
    taken = take(d.turn_deck, d.turn_discard)
    d.turn_deck, d.turn_discard = taken.deck, taken.trash
    if taken.reshuffled:
        d.cycles += 1
        d.emit("turn-order-reshuffle", "TURN-ORDER.RESHUFFLE", amount=d.cycles)
    if taken.unknown:
        d.now(work)
        d.ask(RevealTurnOrderCard(reveal_options(d.turn_deck, TURN_ORDER_DECK)))
        return
    card = taken.card
    d.turn_discard = d.turn_discard + (card,)
    d.emit("turn-order-card", "TURN-ORDER.DRAW", card=card)
    actor = named_by(card)
    if actor == "wild":
        d.ask(ChooseWildTurn(tuple(Decision("take-turn", "players", target=m.name, index=i) for i, m in enumerate(d.mages))))
    else:
        start_turn(d, actor)


@KERNEL.handles(RevealTurnOrderCard)
def _revealed(d: Draft, ask: RevealTurnOrderCard, decision: Decision) -> None:
    d.turn_deck = d.turn_deck.reveal_top(decision.card)


@KERNEL.handles(ChooseWildTurn)
def _wild(d: Draft, ask: ChooseWildTurn, decision: Decision) -> None:
    start_turn(d, f"p{decision.index}")


@implements("EXHAUST.STILL-PLAYS")
def start_turn(d: Draft, actor: str) -> None:
    """Whoever the card names takes the turn, exhausted or not."""
    d.turn += 1
    d.actor = actor
    d.aether = 0
    d.used_while_prepped = ()
    if d.turn > d.params.max_turns:
        d.end("aborted", f"safety stop after {d.params.max_turns} turns", "END.IMMEDIATE")
        return
    d.emit("turn", "TURN-ORDER.DRAW", target=actor, amount=d.turn)
    if actor == "nemesis":
        d.phase = "nemesis"
        d.now(NemesisTurn())
    else:
        d.phase = "casting"
