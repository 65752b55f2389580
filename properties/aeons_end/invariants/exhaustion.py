"""Exhaustion: an exhausted player destroys one of their breaches for good, and a spell prepped there goes to their discard pile."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.effects import ChooseBreachToDestroy, DestroyBreach
from oblivaeon_verify.properties.aeons_end.invariants.readers import acting, choice_waiting, waiting
from oblivaeon_verify.properties.aeons_end.invariants.registry import step


def _destroy_pending(s, i: int) -> bool:
    pending = choice_waiting(s, ChooseBreachToDestroy)
    return (pending is not None and pending.player == i) or waiting(s, DestroyBreach, i)


@step("an-exhausted-player-destroys-a-breach", "EXHAUST.DESTROY-BREACH", decisions=("destroy-breach",), changes=("mages.exhausted",))
def exhaustion_destroys(st):
    """Exhaustion destroys one of the player's breaches for good; a spell prepped there goes to their discard pile."""
    if st.after.outcome is not None:
        return
    for i, (x, y) in enumerate(zip(st.before.mages, st.after.mages)):
        chosen = st.decision.kind == "destroy-breach" and acting(st) == i
        if not (chosen or (y.exhausted and not x.exhausted)) or _destroy_pending(st.after, i):
            continue
        left = sum(1 for br in x.breaches if not br.destroyed)
        lost = sum(1 for a, b in zip(x.breaches, y.breaches) if b.destroyed and not a.destroyed)
        if left and lost != 1:
            yield f"player {i + 1} was exhausted and {lost} breaches were destroyed, not one"
        for a, b in zip(x.breaches, y.breaches):
            if b.destroyed and not a.destroyed and a.spell and a.spell not in y.discard + y.deck + y.hand:
                yield f"{a.spell} was prepped in destroyed breach {a.number} but is not in player {i + 1}'s discard pile"
            if b.destroyed and (b.spell or b.opened):
                yield f"destroyed breach {b.number} of player {i + 1} still holds a spell or stays opened"
