"""Abilities: a mage whose charges fill the ability may use it, and a used ability does what its mat says."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.card_effects import DealDamage, GainAether, HealSelf, RestoreGravehold
from oblivaeon_verify.model.aeons_end.cards import MATS
from oblivaeon_verify.properties.aeons_end.invariants.readers import acting, missed_damage, resting_in_phase, same_turn
from oblivaeon_verify.properties.aeons_end.invariants.registry import state, step


@state(
    "a-full-ability-is-offered",
    "MAT.ABILITY",
    reads=("outcome", "phase", "actor", "agenda", "mages.charges", "mages.name"),
    offers=("ability",),
)
def full_ability_offered(s):
    """In the main phase, a mage whose charges fill the ability may use it."""
    if not resting_in_phase(s, "main"):
        return
    i = int(s.actor[1:])
    m = s.mages[i]
    if m.charges >= MATS[m.name].charges and not any(o.kind == "ability" for o in s.options):
        yield f"player {i + 1} has {m.charges} of {MATS[m.name].charges} charges but may not use the ability"


@step("an-ability-does-what-its-mat-says", "MAT.ABILITY", "EXHAUST.NO-LIFE-GAIN", decisions=("ability",))
def ability_effect(st):
    """A used ability does its mat's effect: Gravehold or the mage regains life (never above the start,
    and never for an exhausted mage), the chosen target takes damage, or aether is gained."""
    d = st.decision
    if d.kind != "ability" or not same_turn(st) or st.after.phase != "main":
        return  # the turn moved on within the step; later effects blur what the ability did
    i = acting(st)
    ability = MATS[st.before.mages[i].name].ability
    n = ability.amount
    b, a = st.before, st.after
    if isinstance(ability, RestoreGravehold) and a.gravehold != min(b.setup.start_gravehold, b.gravehold + n):
        yield f"the ability should restore Gravehold from {b.gravehold} by {n}, not to {a.gravehold}"
    elif isinstance(ability, HealSelf):
        x = b.mages[i]
        want = x.life if x.exhausted else min(b.setup.start_life, x.life + n)
        if a.mages[i].life != want:
            yield f"the ability should take player {i + 1} from {x.life} to {want} life (exhausted: {x.exhausted}), not {a.mages[i].life}"
    elif isinstance(ability, GainAether) and a.aether != b.aether + n:
        yield f"the ability should give {n} aether, but aether went from {b.aether} to {a.aether}"
    elif isinstance(ability, DealDamage):
        missed = missed_damage(st, "the ability", n, d.target)
        if missed:
            yield missed
