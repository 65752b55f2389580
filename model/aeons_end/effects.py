"""Harm and help: Gravehold, players, the nemesis and minions; Unleash; exhaustion.

Card effects (``card_effects``) are work records; the rule that resolves a card schedules its effect with
the clause it resolves under (:func:`resolve_next`).  Effects resolve one at a time; one that needs a
choice asks for it (a decision point) and resumes when it is made.
"""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.aeons_end.card_effects import Corrupt, Effect, HarmAny, HarmGravehold, HarmLowest, HealLowest, Unleash
from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.decisions import Decision
from oblivaeon_verify.model.aeons_end.draft import KERNEL, Draft
from oblivaeon_verify.model.aeons_end.game_end import check_end
from oblivaeon_verify.model.aeons_end.parameters import Difficulty
from oblivaeon_verify.model.aeons_end.state import evolve
from oblivaeon_verify.model.common import selections
from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.common.selections import Selection

PLAYERS = frozenset({"player"})
NEMESIS_SIDE = frozenset({"nemesis"})


def picked(d, site: str, description: str, clause: str, source: str, picked_out, sides: frozenset, harmful: bool) -> None:
    """Tell the census what a description picked out (nothing happens unless one is watching)."""
    if selections.watching() and picked_out:
        selections.picked(d, Selection(site, description, clause, source, tuple(picked_out), sides, harmful))


@dataclass(frozen=True, slots=True)
class DestroyBreach(Work):
    """An exhausted player destroys a breach of their choice."""

    player: int
    clause: str


@dataclass(frozen=True, slots=True)
class DiscardCharges(Work):
    """An exhausted player loses every charge."""

    player: int
    clause: str


@dataclass(frozen=True, slots=True)
class ChooseHarmed(Ask):
    """Which of the players an effect may hit loses the life."""

    amount: int
    clause: str


@dataclass(frozen=True, slots=True)
class ChooseBreachToDestroy(Ask):
    """Which breach an exhausted player destroys."""

    player: int


def resolve_next(d: Draft, effect: Effect | None, clause: str) -> None:
    """A card's effect, to resolve before anything waiting, under ``clause`` (no effect: nothing)."""
    if effect is not None:
        d.now(type(effect)(effect.amount, clause))  # an effect is its amount and its clause (``card_effects.Effect``)


@KERNEL.handles(HarmGravehold)
def _harm_gravehold(d: Draft, e: HarmGravehold) -> None:
    harm_gravehold(d, e.amount, e.clause)


def harm_gravehold(d: Draft, n: int, clause: str) -> None:
    d.gravehold = max(0, d.gravehold - n)
    d.emit("gravehold-damage", clause, amount=n, detail=f"Gravehold at {d.gravehold}")
    check_end(d)


@implements("EXHAUST.LOWEST-LIFE")
def lowest_life_players(d) -> list[int]:
    """The players an effect on 'the lowest life' may pick: the lowest among those not exhausted."""
    alive = [i for i, m in enumerate(d.mages) if not m.exhausted]
    if not alive:
        return []
    low = min(d.mages[i].life for i in alive)
    return [i for i in alive if d.mages[i].life == low]


@KERNEL.handles(HarmLowest)
def _harm_lowest(d: Draft, e: HarmLowest) -> None:
    players = lowest_life_players(d)
    picked(d, "a nemesis effect: harm", "the player with the lowest life", e.clause, "", [d.mages[i].name for i in players], PLAYERS, True)
    _harm_choice(d, e.amount, e.clause, players)


@KERNEL.handles(HarmAny)
def _harm_any(d: Draft, e: HarmAny) -> None:
    players = [i for i, m in enumerate(d.mages) if not m.exhausted]
    picked(d, "a nemesis effect: harm", "a player of the players' choice", e.clause, "", [d.mages[i].name for i in players], PLAYERS, True)
    _harm_choice(d, e.amount, e.clause, players)


def _harm_choice(d: Draft, n: int, clause: str, players: list[int]) -> None:
    if not players:  # ASSUMPTION: with nobody left to suffer it, the damage falls on Gravehold
        harm_gravehold(d, n, clause)
        return
    if len(players) == 1:
        harm_player(d, players[0], n, clause)
        return
    options = tuple(Decision("suffer", "players", target=d.mages[i].name, index=i) for i in players)
    d.ask(ChooseHarmed(options, n, clause))


@KERNEL.handles(ChooseHarmed)
def _harm_chosen(d: Draft, ask: ChooseHarmed, decision: Decision) -> None:
    harm_player(d, decision.index, ask.amount, ask.clause)


@implements("EXHAUST.WHEN", "EXHAUST.UNLEASH-TWICE")
def harm_player(d: Draft, i: int, n: int, clause: str) -> None:
    """A player loses life; at 0 they are exhausted, with its consequences queued first."""
    m = d.mages[i]
    life = max(0, m.life - n)
    d.mage_update(i, life=life)
    d.emit("player-damage", clause, target=m.name, amount=n, detail=f"{m.name} at {life}")
    if life == 0 and not m.exhausted:
        d.mage_update(i, exhausted=True)
        d.emit("exhausted", "EXHAUST.WHEN", target=m.name)
        d.now(
            Unleash(2, "EXHAUST.UNLEASH-TWICE"),
            DestroyBreach(i, "EXHAUST.DESTROY-BREACH"),
            DiscardCharges(i, "EXHAUST.DISCARD-CHARGES"),
        )
    check_end(d)


@implements("EXHAUST.NO-LIFE-GAIN")
def heal_player(d: Draft, i: int, n: int, clause: str) -> None:
    """Exhausted players gain no life."""
    m = d.mages[i]
    if m.exhausted:
        d.emit("no-life-gain", "EXHAUST.NO-LIFE-GAIN", target=m.name)
        return
    life = min(d.setup.start_life, m.life + n)
    if life > m.life:
        d.mage_update(i, life=life)
        d.emit("player-heal", clause, target=m.name, amount=life - m.life)


@KERNEL.handles(HealLowest)
def _heal_lowest(d: Draft, e: HealLowest) -> None:
    heal_lowest(d, e.amount, e.clause)


def heal_lowest(d: Draft, n: int, clause: str, source: str = "") -> None:
    players = lowest_life_players(d)
    picked(d, "healing", "the player with the lowest life", clause, source, [d.mages[i].name for i in players], PLAYERS, False)
    if players:
        heal_player(d, players[0], n, clause)


@KERNEL.handles(Unleash)
@implements("NEMESIS.UNLEASH", "DIFFICULTY.EXPERT")
def unleash(d: Draft, e: Unleash) -> None:
    """The nemesis's own Unleash, ``amount`` times; Increased Difficulty strengthens it."""
    effect = d.setup.nemesis_def.unleash
    if d.setup.difficulty in (Difficulty.EXPERT, Difficulty.EXTINCTION):
        effect = type(effect)(effect.amount + d.params.expert_unleash_extra)
    for _ in range(e.amount):
        d.emit("unleash", e.clause, detail=d.setup.nemesis)
        resolve_next(d, effect, "NEMESIS.UNLEASH")


@KERNEL.handles(Corrupt)
def corruption(d: Draft, e: Corrupt) -> None:
    d.corruption += e.amount
    d.emit("corruption", e.clause, amount=d.corruption)
    check_end(d)


@KERNEL.handles(DestroyBreach)
@implements("EXHAUST.DESTROY-BREACH")
def destroy_breach(d: Draft, e: DestroyBreach) -> None:
    """The exhausted player destroys a breach of their choice; a spell prepped there is discarded."""
    i = e.player
    left = [b for b, br in enumerate(d.mages[i].breaches) if not br.destroyed]
    if not left:
        return
    if len(left) == 1:
        _destroy(d, i, left[0])
        return
    d.ask(ChooseBreachToDestroy(tuple(Decision("destroy-breach", f"player {i + 1}", index=b) for b in left), i))


@KERNEL.handles(ChooseBreachToDestroy)
def _destroy_chosen(d: Draft, ask: ChooseBreachToDestroy, decision: Decision) -> None:
    _destroy(d, ask.player, decision.index)


def _destroy(d: Draft, i: int, b: int) -> None:
    br = d.mages[i].breaches[b]
    if br.spell:
        d.mage_update(i, discard=d.mages[i].discard + (br.spell,))
    d.breach_update(i, b, destroyed=True, spell=None, opened=False)
    d.emit("breach-destroyed", "EXHAUST.DESTROY-BREACH", target=d.mages[i].name, amount=b + 1)


@KERNEL.handles(DiscardCharges)
@implements("EXHAUST.DISCARD-CHARGES")
def discard_charges(d: Draft, e: DiscardCharges) -> None:
    i = e.player
    d.emit("charges-discarded", e.clause, target=d.mages[i].name, amount=d.mages[i].charges)
    d.mage_update(i, charges=0)


# --- damage to the nemesis's side ------------------------------------------------------------


@implements("CAST.SINGLE-TARGET")
def damage_targets(d) -> list[str]:
    """What spell damage may hit: one minion, or the nemesis."""
    return [f"{p.card}@{k}" for k, p in enumerate(d.in_play) if p.life > 0] + ["nemesis"]


def deal(d: Draft, target: str, n: int, clause: str) -> None:
    if target == "nemesis":
        damage_nemesis(d, n, clause)
    else:
        damage_minion(d, int(target.rsplit("@", 1)[1]), n, clause)


@implements("CAST.NEMESIS-DAMAGE")
def damage_nemesis(d: Draft, n: int, clause: str) -> None:
    d.nemesis_life = max(0, d.nemesis_life - n)
    d.emit("nemesis-damage", clause, amount=n, detail=f"nemesis at {d.nemesis_life}")
    check_end(d)


@implements("CAST.MINION-DAMAGE")
def damage_minion(d: Draft, k: int, n: int, clause: str) -> None:
    """Damage removes life tokens; a minion with none left is discarded."""
    p = d.in_play[k]
    life = max(0, p.life - n)
    d.emit("minion-damage", clause, card=p.card, amount=min(n, p.life))
    if life == 0:
        d.in_play = d.in_play[:k] + d.in_play[k + 1 :]
        d.nemesis_discard = d.nemesis_discard + (p.card,)
        d.emit("minion-defeated", "CAST.MINION-DAMAGE", card=p.card)
        check_end(d)
    else:
        d.in_play = d.in_play[:k] + (evolve(p, life=life),) + d.in_play[k + 1 :]
