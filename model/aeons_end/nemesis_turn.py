"""The nemesis's turn: its minions and powers act oldest first, then it draws and resolves a card."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.cards import nemesis_def
from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.decisions import Decision, nemesis_deck
from oblivaeon_verify.model.aeons_end.draft import Draft
from oblivaeon_verify.model.aeons_end.effects import handler, queue_effect, resume
from oblivaeon_verify.model.aeons_end.game_end import check_end
from oblivaeon_verify.model.aeons_end.parameters import LastAttackReading
from oblivaeon_verify.model.aeons_end.state import InPlay, evolve
from oblivaeon_verify.model.aeons_end.turn_order import reveal_options


def begin(d: Draft) -> None:
    d.later(*[("nemesis-act", p.card) for p in d.in_play], ("nemesis-draw",), ("end-turn",))


@handler("nemesis-act")
@implements("NEMESIS.MAIN")
def act(d: Draft, card: str) -> None:
    """A minion does what it does each turn; a power loses a token and resolves at none."""
    k = next((k for k, p in enumerate(d.in_play) if p.card == card), None)
    if k is None:
        return  # defeated or discarded earlier this turn
    p = d.in_play[k]
    c = nemesis_def(card)
    if c.kind == "minion":
        d.emit("minion-acts", "NEMESIS.MAIN", card=card)
        queue_effect(d, c.effect, "NEMESIS.MAIN", front=True)
        return
    tokens = p.tokens - 1
    if tokens > 0:
        d.in_play = d.in_play[:k] + (evolve(p, tokens=tokens),) + d.in_play[k + 1 :]
        d.emit("power-counts-down", "NEMESIS.MAIN", card=card, amount=tokens)
        return
    d.in_play = d.in_play[:k] + d.in_play[k + 1 :]
    d.nemesis_discard = d.nemesis_discard + (card,)
    d.emit("power-resolves", "NEMESIS.MAIN", card=card)
    queue_effect(d, c.effect, "NEMESIS.MAIN", front=True)


@handler("nemesis-draw")
@implements("NEMESIS.DRAW", "NEMESIS.CARD-KINDS", "NEMESIS.BASIC-AND-UNIQUE")
def draw(d: Draft) -> None:
    """Draw from the top tier that has cards: attacks resolve and are discarded; minions and powers
    enter play with their tokens; IMMEDIATELY effects resolve at once."""
    tier = next((t for t, deck in enumerate(d.nemesis_deck) if deck), None)
    if tier is None:
        check_end(d)
        return
    deck = d.nemesis_deck[tier]
    if not deck.top_known():
        d.now(("nemesis-draw",))
        d.ask("reveal-nemesis", reveal_options(deck, nemesis_deck(tier + 1)), (tier,))
        return
    card, rest = deck.take_top()
    d.nemesis_deck = d.nemesis_deck[:tier] + (rest,) + d.nemesis_deck[tier + 1 :]
    c = nemesis_def(card)
    d.emit("nemesis-draws", "NEMESIS.DRAW", card=card, detail=c.kind)
    if c.kind == "attack":
        d.nemesis_discard = d.nemesis_discard + (card,)
        if d.params.last_attack_reading is LastAttackReading.RESOLVES_FIRST:
            d.now(("end-check",))  # after the attack: the queue runs front first
            queue_effect(d, c.effect, "NEMESIS.DRAW", front=True)
            return
        queue_effect(d, c.effect, "NEMESIS.DRAW", front=True)
    else:
        d.in_play = d.in_play + (InPlay(card, life=c.life, tokens=c.tokens),)
    queue_effect(d, c.immediately, "NEMESIS.DRAW", front=True)
    check_end(d)


@handler("end-check")
def _end_check(d: Draft) -> None:
    """The end conditions, once a drawn attack has resolved (LastAttackReading.RESOLVES_FIRST)."""
    check_end(d)


@resume("reveal-nemesis")
def _revealed(d: Draft, decision: Decision, tier: int) -> None:
    deck = d.nemesis_deck[tier].reveal_top(decision.card)
    d.nemesis_deck = d.nemesis_deck[:tier] + (deck,) + d.nemesis_deck[tier + 1 :]
