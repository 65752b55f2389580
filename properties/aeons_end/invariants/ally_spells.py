"""Casting an ally's spell: the caster aims its damage, and the spell goes to its owner's discard pile, not the caster's."""

from __future__ import annotations

from oblivaeon_verify.properties.aeons_end.invariants.readers import acting, missed_damage, spell_damage
from oblivaeon_verify.properties.aeons_end.invariants.registry import step


@step("an-ally-spell-goes-to-its-owner", "ALLY-SPELL", "CAST.BREACH-BONUS", decisions=("ally-cast",))
def ally_spell(st):
    """A player casting an ally's prepped spell deals its damage (with the ally's breach bonus) where
    they choose, and the spell goes to the ally's discard pile, not the caster's."""
    d = st.decision
    if d.kind != "ally-cast":
        return
    owner, b = divmod(d.index, 4)
    caster = acting(st)
    br = st.before.mages[owner].breaches[b]
    missed = missed_damage(st, d.card, spell_damage(st, d.card, br.opened, b, owner), d.target)
    if missed:
        yield missed
    y = st.after.mages[owner]
    if y.breaches[b].spell == d.card or d.card not in y.discard + y.deck + y.hand:
        yield f"player {caster + 1} cast {d.card} from player {owner + 1}'s breach {b + 1} but it is not in player {owner + 1}'s discard pile"
