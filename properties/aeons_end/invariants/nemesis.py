"""The nemesis: its cards Unleash as often as they say, each Unleash doing the nemesis's own effect, its minions
and powers act once each nemesis turn, oldest first, a power counts down one token a turn, and it draws from its
top tier that still has cards."""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.aeons_end.card_effects import Corrupt, HarmGravehold, Unleash
from oblivaeon_verify.model.aeons_end.cards import base, nemesis_def
from oblivaeon_verify.model.aeons_end.decisions import TURN_ORDER_DECK, nemesis_deck
from oblivaeon_verify.model.aeons_end.nemesis_turn import NemesisActs
from oblivaeon_verify.model.aeons_end.parameters import Difficulty
from oblivaeon_verify.model.common.kernel import scheduled
from oblivaeon_verify.properties.aeons_end.invariants.readers import HARM_CARDS, turn_segments
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step

from oblivaeon_verify.words import count


def _unleash_amount(s) -> tuple[type, int]:
    """The nemesis's Unleash effect; Increased Difficulty (expert and extinction) makes it stronger."""
    effect = s.setup.nemesis_def.unleash
    extra = s.setup.params.expert_unleash_extra if s.setup.difficulty in (Difficulty.EXPERT, Difficulty.EXTINCTION) else 0
    return type(effect), effect.amount + extra


def _unleashes_of(effect) -> int:
    return effect.amount if isinstance(effect, Unleash) else 0


@step(
    "cards-unleash-as-they-say",
    "NEMESIS.UNLEASH",
    "EXHAUST.UNLEASH-TWICE",
    "DIFFICULTY.EXPERT",
    events=("minion-acts", "power-resolves", "nemesis-draws", "exhausted", "unleash", "gravehold-damage", "corruption"),
    changes=("corruption",),
)
def unleash_as_said(st):
    """A card that says Unleash N makes the nemesis Unleash N times (an exhaustion twice), and each
    Unleash does the nemesis's own effect, strengthened under Increased Difficulty."""
    if st.after.outcome is not None:
        return
    expected = 0
    for e in st.events:
        if e.kind in HARM_CARDS or (e.kind == "nemesis-draws" and e.detail == "attack"):
            expected += _unleashes_of(nemesis_def(e.card).effect)
        if e.kind == "nemesis-draws":
            expected += _unleashes_of(nemesis_def(e.card).immediately)
        if e.kind == "exhausted":
            expected += 2
    unleashed = sum(1 for e in st.events if e.kind == "unleash")
    if unleashed != expected:
        yield f"the cards resolved called for {count(expected, 'Unleash')}; the nemesis Unleashed {count(unleashed, 'time')}"
    kind, n = _unleash_amount(st.before)
    done = [e for e in st.events if e.clause == "NEMESIS.UNLEASH" and e.kind in ("gravehold-damage", "corruption")]
    if len(done) != unleashed:
        yield f"the nemesis Unleashed {count(unleashed, 'time')} but its effect resolved {count(len(done), 'time')}"
    if kind is HarmGravehold:
        for e in done:
            if e.kind != "gravehold-damage" or e.amount != n:
                yield f"an Unleash of {st.before.setup.nemesis} should harm Gravehold by {n}, not: {e}"
    elif kind is Corrupt and st.after.corruption - st.before.corruption != n * len(done):
        yield f"{len(done)} Unleash(es) of {st.before.setup.nemesis} should add {n * len(done)} corruption, not {st.after.corruption - st.before.corruption}"


NEMESIS_ACTS = ("minion-acts", "power-counts-down", "power-resolves")
LEAVES_PLAY = ("minion-defeated", "to-discard", "power-resolves")


@step("minions-and-powers-act-oldest-first", "NEMESIS.MAIN", events=("turn",))
def oldest_first(st):
    """In the nemesis's main phase every minion and power in play acts once, oldest first."""
    if st.after.outcome is not None:
        return
    age = [p.card for p in st.before.in_play] + [e.card for e in st.events if e.kind == "nemesis-draws" and e.detail != "attack"]
    in_play = [p.card for p in st.before.in_play]
    for turn, events, last in turn_segments(st):
        at_start = list(in_play)
        acted = [e.card for e in events if e.kind in NEMESIS_ACTS]
        for e in events:
            if e.kind == "nemesis-draws" and e.detail != "attack":
                in_play.append(e.card)
            elif e.kind in LEAVES_PLAY and e.card in in_play:
                in_play.remove(e.card)
        if turn is None:
            continue
        order = [age.index(c) for c in acted if c in age]
        if order != sorted(order):
            yield f"the nemesis's cards acted in the order {acted}, not oldest first"
        main_over = not last or not scheduled(st.after, NemesisActs)
        if turn.target == "nemesis" and main_over:
            for c in at_start:
                if c in in_play and c not in acted:
                    yield f"{c} was in play for nemesis turn {turn.amount} and did not act"


@step(
    "a-power-loses-one-token-a-turn",
    "NEMESIS.MAIN",
    "NEMESIS.CARD-KINDS",
    "NEMESIS.DRAW",
    events=("power-counts-down", "power-resolves", "nemesis-draws"),
    changes=("in_play",),
)
def power_countdown(st):
    """A power enters play with its printed tokens; each time it acts it loses exactly one, and it
    resolves (and leaves play) when it loses its last, never before.  A minion enters play with life
    tokens only: power tokens are a power's (NEMESIS.DRAW), so a minion drawn holds none; and a power, the
    other way round, holds power tokens only: life tokens are a minion's, so a power in play has no life."""
    tokens = {p.card: p.tokens for p in st.before.in_play if nemesis_def(p.card).kind == "power"}
    minions = set()
    for e in st.events:
        if e.kind == "nemesis-draws" and e.detail == "power":
            tokens[e.card] = nemesis_def(e.card).tokens
        elif e.kind == "nemesis-draws" and e.detail == "minion":
            minions.add(e.card)
        elif e.kind == "power-counts-down":
            had = tokens.get(e.card)
            if had is None or had <= 1 or e.amount != had - 1:
                yield f"{e.card} had {had} token(s) and counted down to {e.amount}, not {None if had is None else had - 1}"
            tokens[e.card] = e.amount
        elif e.kind == "power-resolves":
            had = tokens.pop(e.card, None)
            if had != 1:
                yield f"{e.card} resolved with {had} token(s) on it, not its last one"
        elif e.kind == "to-discard":
            tokens.pop(e.card, None)
    for p in st.after.in_play:
        if p.card in tokens and p.tokens != tokens[p.card]:
            yield f"{p.card} is in play with {p.tokens} token(s); its entry and countdowns leave {tokens[p.card]}"
        elif p.card in minions and p.tokens:
            yield f"{p.card}, a minion, entered play with {p.tokens} power token(s); only a power has them"
        if p.card in tokens and p.life:
            yield f"{p.card}, a power, is in play with {p.life} life; only a minion has life tokens"


@state("the-nemesis-draws-from-its-top-tier", "NEMESIS.DRAW", "NEMESIS.BASIC-AND-UNIQUE", reads=("nemesis_deck",), offers=("reveal",))
def draws_top_tier(s):
    """The nemesis draws from the first tier that still has cards (tier 1 first).  When that tier is shuffled,
    the chance point on its top card names that tier and offers its cards, each as likely as its copies there."""
    reveals = [d for d in s.options if d.kind == "reveal" and d.target != TURN_ORDER_DECK]
    if not reveals:
        return
    tier = next((t for t, deck in enumerate(s.nemesis_deck) if deck), None)
    if tier is None:
        yield f"a nemesis card is revealed ({reveals[0].card}) from an empty nemesis deck"
        return
    label = nemesis_deck(tier + 1)
    for d in reveals:
        if d.target != label:
            yield f"the chance point on the nemesis's draw names {d.target!r}; its top tier with cards is {label!r}"
    offered = Counter()
    for d in reveals:
        offered[base(d.card)] += d.weight
    shuffled = Counter(base(c) for c in s.nemesis_deck[tier].middle)
    if offered != shuffled:
        yield f"the chance point offers {dict(offered)} (card: weight); tier {tier + 1} holds {dict(shuffled)} shuffled"
