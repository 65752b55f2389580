"""The Shield: the tasks that flip it and then remove it from the game (SHIELD.TASKS)."""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.cards import slug
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.draft import Draft
from oblivaeon_verify.model.oblivaeon.places import removed_from_game


@implements("SHIELD.TASKS")
def shield_task(d: Draft, what: str) -> None:
    """A task done for the Shield: enough flip it, then enough more and it removes itself from the game."""
    if not d.shield_side:
        return
    d.shield_tasks += 1
    spec = d.params.shield(d.shield)
    d.emit("shield-task", "SHIELD.TASKS", amount=d.shield_tasks, detail=what)
    if d.shield_side == 1 and d.shield_tasks >= spec.flip_after_tasks:
        d.shield_side = 2
        d.emit("shield-flipped", "SHIELD.TASKS", card=d.shield)
    if d.shield_side == 2 and d.shield_tasks >= spec.remove_after_tasks:
        d.shield_side = 0
        d.out = d.out + (shield_card(d.shield),)
        d.emit("shield-removed", "CLAR.SHIELD-INDESTRUCTIBLE", card=d.shield, detail="removed itself from the game")
        removed_from_game(d, shield_card(d.shield), "CLAR.SHIELD-INDESTRUCTIBLE", 0)


def shield_card(name: str) -> str:
    return f"shield:{slug(name)}"
