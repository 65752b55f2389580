"""Harm to players: the player chosen to suffer an attack loses its damage, and an attack on the lowest-life player
(or on any player) never lands on an exhausted one."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.card_effects import HarmAny, HarmLowest
from oblivaeon_verify.model.aeons_end.cards import nemesis_def
from oblivaeon_verify.model.aeons_end.effects import ChooseHarmed
from oblivaeon_verify.properties.aeons_end.invariants.readers import HARM_CARDS, choice_waiting
from oblivaeon_verify.properties.aeons_end.invariants.registry import step


@step("a-suffering-player-loses-the-life", "EXHAUST.WHEN", decisions=("suffer",))
def suffering_costs_life(st):
    """The player chosen to suffer an attack loses its damage (down to 0, where they are exhausted)."""
    if st.decision.kind != "suffer":
        return
    pending = choice_waiting(st.before, ChooseHarmed)
    if pending is None:
        return
    n = pending.amount
    i = st.decision.index
    x, y = st.before.mages[i], st.after.mages[i]
    if y.life > max(0, x.life - n):
        yield f"player {i + 1} suffered {n} damage but went from {x.life} to {y.life} life"
    if not any(e.kind == "player-damage" and e.target == x.name for e in st.events):
        yield f"player {i + 1} suffered {n} damage and nothing records it"


def _harm_triggers(st):
    """(position, card) of each nemesis card whose effect resolved in the step: minions and powers acting, attacks drawn."""
    for k, e in enumerate(st.events):
        if e.kind in HARM_CARDS or (e.kind == "nemesis-draws" and e.detail == "attack" and not nemesis_def(e.card).immediately):
            yield k, e.card


@step(
    "lowest-life-harm-lands-on-a-player-not-exhausted",
    "EXHAUST.LOWEST-LIFE",
    "EXHAUST.WHEN",
    events=("minion-acts", "power-resolves", "nemesis-draws"),
    offers=("suffer",),
)
def lowest_life_harm(st):
    """An attack on the lowest-life player (or any player) hits a player who is not exhausted, while
    the game goes on; a choice between players offers only those not exhausted."""
    exhausted = {m.name for m in st.before.mages if m.exhausted}
    for k, card in _harm_triggers(st):
        if not isinstance(nemesis_def(card).effect, (HarmLowest, HarmAny)):
            continue
        hit = next((e for e in st.events[k + 1 :] if e.kind in ("player-damage", "gravehold-damage")), None)
        if hit is None:
            if st.after.outcome is None and choice_waiting(st.after, ChooseHarmed) is None:
                yield f"{card} attacked a player and nobody was harmed"
        elif hit.kind == "gravehold-damage":
            yield f"{card} attacked the lowest-life player but Gravehold took the damage"
        elif hit.target in exhausted:
            yield f"{card} attacked exhausted {hit.target}"
    pending = choice_waiting(st.after, ChooseHarmed)
    if pending:
        for o in pending.options:
            if st.after.mages[o.index].exhausted:
                yield f"exhausted player {o.index + 1} is offered as the one to suffer an attack"
