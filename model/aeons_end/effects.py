"""Harm and help: Gravehold, players, the nemesis and minions; Unleash; exhaustion.

Effects wait in the state's queue as small tuples and resolve one at a time; one that needs a
choice asks for it (a decision point) and resumes when it is made.
"""

from __future__ import annotations

from collections.abc import Callable

from oblivaeon_verify.model.aeons_end.clauses import implements
from oblivaeon_verify.model.aeons_end.decisions import Decision
from oblivaeon_verify.model.aeons_end.draft import Draft
from oblivaeon_verify.model.aeons_end.game_end import check_end
from oblivaeon_verify.model.aeons_end.parameters import Difficulty

HANDLERS: dict[str, Callable] = {}
RESUMES: dict[str, Callable] = {}


def handler(name: str):
    def reg(fn):
        HANDLERS[name] = fn
        return fn

    return reg


def resume(name: str):
    def reg(fn):
        RESUMES[name] = fn
        return fn

    return reg


def parse(effect: str) -> tuple[str, int]:
    """Card effects are written ``kind N`` (``gravehold 3``, ``lowest 2``, ``unleash 1``)."""
    kind, _, n = effect.partition(" ")
    return kind, int(n or 0)


def queue_effect(d: Draft, effect: str, clause: str, front: bool = False) -> None:
    if not effect:
        return
    kind, n = parse(effect)
    item = (kind, n, clause)
    d.now(item) if front else d.later(item)


@handler("gravehold")
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


@handler("lowest")
def harm_lowest(d: Draft, n: int, clause: str) -> None:
    _harm_choice(d, n, clause, lowest_life_players(d))


@handler("any")
def harm_any(d: Draft, n: int, clause: str) -> None:
    _harm_choice(d, n, clause, [i for i, m in enumerate(d.mages) if not m.exhausted])


def _harm_choice(d: Draft, n: int, clause: str, players: list[int]) -> None:
    if not players:  # ASSUMPTION: with nobody left to suffer it, the damage falls on Gravehold
        harm_gravehold(d, n, clause)
        return
    if len(players) == 1:
        harm_player(d, players[0], n, clause)
        return
    d.ask("harm-player", [Decision("suffer", "players", target=d.mages[i].name, index=i) for i in players], (n, clause))


@resume("harm-player")
def _harm_chosen(d: Draft, decision: Decision, n: int, clause: str) -> None:
    harm_player(d, decision.index, n, clause)


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
            ("unleash", 2, "EXHAUST.UNLEASH-TWICE"),
            ("destroy-breach", i, "EXHAUST.DESTROY-BREACH"),
            ("discard-charges", i, "EXHAUST.DISCARD-CHARGES"),
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


@handler("heal-lowest")
def heal_lowest(d: Draft, n: int, clause: str) -> None:
    players = lowest_life_players(d)
    if players:
        heal_player(d, players[0], n, clause)


@handler("unleash")
@implements("NEMESIS.UNLEASH", "DIFFICULTY.EXPERT")
def unleash(d: Draft, times: int, clause: str) -> None:
    """The nemesis's own Unleash, ``times`` times; Increased Difficulty strengthens it."""
    kind, n = parse(d.setup.nemesis_def.unleash)
    if d.setup.difficulty in (Difficulty.EXPERT, Difficulty.EXTINCTION):
        n += d.params.expert_unleash_extra
    for _ in range(times):
        d.emit("unleash", clause, detail=d.setup.nemesis)
        d.now((kind, n, "NEMESIS.UNLEASH"))


@handler("corruption")
def corruption(d: Draft, n: int, clause: str) -> None:
    d.corruption += n
    d.emit("corruption", clause, amount=d.corruption)
    check_end(d)


@handler("destroy-breach")
@implements("EXHAUST.DESTROY-BREACH")
def destroy_breach(d: Draft, i: int, clause: str) -> None:
    """The exhausted player destroys a breach of their choice; a spell prepped there is discarded."""
    left = [b for b, br in enumerate(d.mages[i].breaches) if not br.destroyed]
    if not left:
        return
    if len(left) == 1:
        _destroy(d, i, left[0])
        return
    d.ask("destroy-breach", [Decision("destroy-breach", f"player {i + 1}", index=b) for b in left], (i,))


@resume("destroy-breach")
def _destroy_chosen(d: Draft, decision: Decision, i: int) -> None:
    _destroy(d, i, decision.index)


def _destroy(d: Draft, i: int, b: int) -> None:
    br = d.mages[i].breaches[b]
    if br.spell:
        d.mage_update(i, discard=d.mages[i].discard + (br.spell,))
    d.breach_update(i, b, destroyed=True, spell=None, opened=False)
    d.emit("breach-destroyed", "EXHAUST.DESTROY-BREACH", target=d.mages[i].name, amount=b + 1)


@handler("discard-charges")
@implements("EXHAUST.DISCARD-CHARGES")
def discard_charges(d: Draft, i: int, clause: str) -> None:
    d.emit("charges-discarded", clause, target=d.mages[i].name, amount=d.mages[i].charges)
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
        from oblivaeon_verify.model.aeons_end.state import evolve

        d.in_play = d.in_play[:k] + (evolve(p, life=life),) + d.in_play[k + 1 :]
