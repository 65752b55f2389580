"""The nemesis's turn: its minions and powers act oldest first, then it draws and resolves a card."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.aeons_end.cards import nemesis_def
from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.decisions import Decision, nemesis_deck
from oblivaeon_verify.model.aeons_end.draft import KERNEL, Draft
from oblivaeon_verify.model.aeons_end.effects import resolve_next
from oblivaeon_verify.model.aeons_end.game_end import EndCheck, check_end
from oblivaeon_verify.model.aeons_end.parameters import LastAttackReading
from oblivaeon_verify.model.aeons_end.state import InPlay, evolve
from oblivaeon_verify.model.aeons_end.turn_order import EndTurn, NemesisTurn, reveal_options
from oblivaeon_verify.model.common.deck import take
from oblivaeon_verify.model.common.kernel import Ask, Work


@dataclass(frozen=True, slots=True)
class NemesisActs(Work):
    """A minion or power in play does its turn's part."""

    card: str


@dataclass(frozen=True, slots=True)
class NemesisDraws(Work):
    """The nemesis draws and resolves its card."""


@dataclass(frozen=True, slots=True)
class RevealNemesisCard(Ask):
    """Chance: which card of a shuffled nemesis tier is on top."""

    tier: int


@KERNEL.handles(NemesisTurn)
def begin(d: Draft, work: NemesisTurn) -> None:
    """Its minions and powers act in the order they came into play, then it draws, then the turn ends."""
    d.later(*[NemesisActs(p.card) for p in d.in_play], NemesisDraws(), EndTurn())


@KERNEL.handles(NemesisActs)
@implements("NEMESIS.MAIN")
def act(d: Draft, work: NemesisActs) -> None:
    """A minion does what it does each turn; a power loses a token and resolves at none."""
    card = work.card
    k = next((k for k, p in enumerate(d.in_play) if p.card == card), None)
    if k is None:
        return  # defeated or discarded earlier this turn
    p = d.in_play[k]
    c = nemesis_def(card)
    if c.kind == "minion":
        d.emit("minion-acts", "NEMESIS.MAIN", card=card)
        resolve_next(d, c.effect, "NEMESIS.MAIN")
        return
    tokens = p.tokens - 1
    if tokens > 0:
        d.in_play = d.in_play[:k] + (evolve(p, tokens=tokens),) + d.in_play[k + 1 :]
        d.emit("power-counts-down", "NEMESIS.MAIN", card=card, amount=tokens)
        return
    d.in_play = d.in_play[:k] + d.in_play[k + 1 :]
    d.nemesis_discard = d.nemesis_discard + (card,)
    d.emit("power-resolves", "NEMESIS.MAIN", card=card)
    resolve_next(d, c.effect, "NEMESIS.MAIN")


@KERNEL.handles(NemesisDraws)
@implements("NEMESIS.DRAW", "NEMESIS.CARD-KINDS", "NEMESIS.BASIC-AND-UNIQUE")
def draw(d: Draft, work: NemesisDraws) -> None:
    """Draw from the top tier that has cards: attacks resolve and are discarded; minions and powers
    enter play with their tokens; IMMEDIATELY effects resolve at once."""
    tier = next((t for t, deck in enumerate(d.nemesis_deck) if deck), None)
    if tier is None:
        check_end(d)
        return
    taken = take(d.nemesis_deck[tier])  # a tier is never refilled
    if taken.unknown:
        d.now(work)
        d.ask(RevealNemesisCard(reveal_options(taken.deck, nemesis_deck(tier + 1)), tier))
        return
    card = taken.card
    d.nemesis_deck = d.nemesis_deck[:tier] + (taken.deck,) + d.nemesis_deck[tier + 1 :]
    c = nemesis_def(card)
    d.emit("nemesis-draws", "NEMESIS.DRAW", card=card, detail=c.kind)
    if c.kind == "attack":
        d.nemesis_discard = d.nemesis_discard + (card,)
        if d.params.last_attack_reading is LastAttackReading.RESOLVES_FIRST:
            d.now(EndCheck())  # after the attack: what is scheduled last with ``now`` runs first
            resolve_next(d, c.effect, "NEMESIS.DRAW")
            return
        resolve_next(d, c.effect, "NEMESIS.DRAW")
    else:
        d.in_play = d.in_play + (InPlay(card, life=c.life, tokens=c.tokens),)
    resolve_next(d, c.immediately, "NEMESIS.DRAW")
    check_end(d)


@KERNEL.handles(RevealNemesisCard)
def _revealed(d: Draft, ask: RevealNemesisCard, decision: Decision) -> None:
    tier = ask.tier
    deck = d.nemesis_deck[tier].reveal_top(decision.card)
    d.nemesis_deck = d.nemesis_deck[:tier] + (deck,) + d.nemesis_deck[tier + 1 :]
