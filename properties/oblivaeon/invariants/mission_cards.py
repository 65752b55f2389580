"""Mission cards as targets and as rewards, as the rulebook's clarifications read them.

Damage and healing land only on the targets their card's text names (an objective counts as the side its
keyword says, a reward as a hero target), and a reward serves the hero whose play area holds it.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS
from oblivaeon_verify.properties.oblivaeon.invariants.readers import admits, holder_of, rule_side, target_filters
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state, step

_ADMITTED: dict[tuple, bool] = {}


def _admitted(s, card: str, kind: str, target: str, rewards, lines) -> bool:
    """Whether a target line of ``card``'s damage or healing (``lines``) may pick ``target``."""
    # the texts are fixed and a state counts only through whether the target shows its reward side: kept per that
    key = (card, kind, target, target in rewards)
    got = _ADMITTED.get(key)
    if got is None:
        got = _ADMITTED[key] = any(admits(s, line, target, rewards) for line in lines)
    return got


@step("targets-counted-by-their-side", "CLAR.MISSION-TARGET-KIND", "CLAR.MISSION-TYPES", events=("damage", "heal"))
def targets_by_side(st):
    """Damage and healing land only on targets their card's text names: objectives count as the villain or environment targets their keyword says, rewards and character cards as hero targets."""
    rewards = set(st.before.reward_side)  # flips during the step change what a Mission card counts as
    for e in st.events:
        if e.kind == "objective-completed":
            rewards.add(e.card)
        if e.kind not in ("damage", "heal") or not e.target or e.target not in st.before.hp:
            continue
        lines = target_filters(e.card, e.kind)
        if lines and not _admitted(st.before, e.card, e.kind, e.target, rewards, lines):
            wanted = sorted({f"{line.side}/{line.pick}" for line in lines})
            side = rule_side(st.before, e.target, rewards)
            yield f"{e.card}'s {e.kind} hit {e.target}, a {side} target, though its text picks only {wanted}"


@state("rewards-serve-the-hero-who-holds-them", "CLAR.REWARDS-BELONG", reads=("options", "reward_side", "seats.play"))
def rewards_serve_their_holder(s):
    """A reward in a hero's play area is that hero's card: only that hero's player uses it or makes the choices its text asks for."""
    if not s.reward_side:
        return
    for d in s.options:
        if d.card not in s.reward_side or not d.actor.startswith("hero "):
            continue
        holder = holder_of(s, d.card)
        if holder >= 0 and d.actor != f"hero {holder + 1}":
            yield f"{d.actor} offered {d.kind} for the reward {d.card}, which is in play area {holder + 1}"


@step("rewards-heal-their-own-hero", "CLAR.REWARDS-BELONG", events=("damage", "heal"))
def rewards_heal_their_hero(st):
    """A reward whose text acts on 'your hero' acts on the hero whose play area holds it."""
    for e in st.events:
        if e.kind not in ("damage", "heal") or e.card not in st.before.reward_side or e.target not in CHARACTER_CARDS:
            continue
        lines = target_filters(e.card, e.kind)
        if lines and all(line.pick == "own-character" for line in lines):
            holder = holder_of(st.before, e.card)
            if holder >= 0 and e.target not in st.before.seats[holder].characters:
                yield f"the reward {e.card} in play area {holder + 1} acted on {e.target}, another hero"
