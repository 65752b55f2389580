"""Temporary effects: each ends when its expiry says (and not before), and reduces damage to exactly what its scope covers.

What an effect covers and when it ends are recomputed here from its record and the state, in the rulebook's terms:
a battle zone's effects stay in it (BZ.ISOLATION) unless the reading ``temp_zone_reading`` says they follow the hero
who made them; one on a target or a hero follows it.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.model.oblivaeon.parameters import TempZoneReading
from oblivaeon_verify.model.oblivaeon.round_order import current_phase, current_turn
from oblivaeon_verify.properties.oblivaeon.invariants.moments import in_play
from oblivaeon_verify.properties.oblivaeon.invariants.readers import rule_side
from oblivaeon_verify.properties.oblivaeon.invariants.registry import state, step


@state("temporary-effects-end-on-time", "HERO.CONTINUE", "ROUND.ORDER", reads=("temps", "cursor", "hero_count", "zones", "seats.play"))
def effects_end_on_time(s):
    """No temporary effect outlives its expiry: one lasting to the end of its turn is gone once that turn is over,
    one lasting to its owner's next turn is gone once that turn has started, and one lasting while its card is in
    play is gone once the card has left play."""
    if not s.temps:
        return  # most states hold none (and the turn is read only to judge one)
    now = (s.cursor.round, s.cursor.slot)
    turn = current_turn(s)
    for t in s.temps:
        if t.until == "end-of-turn" and t.made != now:
            yield f"{t.source}'s effect was to end with the turn it was made in (round {t.made[0]}, turn {t.made[1] + 1})"
        elif t.until == "owner-next-turn" and t.made != now and turn is not None and turn.kind == "hero" and turn.seat == t.owner:
            if current_phase(s) not in ("move", "option"):
                yield f"{t.source}'s effect was to end when hero {t.owner + 1}'s next turn started"
        elif t.until == "source-leaves-play" and t.source not in in_play(s):
            yield f"{t.source}'s effect was to end when its card left play"


@step(
    "temporary-effects-end-only-at-their-expiry",
    "HERO.CONTINUE",
    "ROUND.ORDER",
    "INCAP.CARDS-TO-BOX",
    events=("turn", "hero-incapacitated"),
    changes=("temps",),
)
def effects_end_only_at_expiry(st):
    """No temporary effect ends before its expiry (the other half of ``temporary-effects-end-on-time``): one lasting to
    the end of its turn ends only once that turn is over, one lasting to its owner's next turn only when a turn of that
    owner begins, one lasting while its card is in play only once the card is out of play; any of them may end with its
    owner's hero, who falls (its cards leave play, INCAP.CARDS-TO-BOX)."""
    before, after = st.before.temps, st.after.temps
    if before is after or not before:
        return
    kept = Counter(after)
    gone = []
    for t in before:
        if kept[t]:
            kept[t] -= 1
        else:
            gone.append(t)
    if not gone:
        return
    now = (st.after.cursor.round, st.after.cursor.slot)
    # whose hero turn began in the step, or is going on after it (its start phase, where the effects end, comes after
    # the phases to move and to take an option, and may be a step of its own)
    owners_turns = {e.amount - 1 for e in st.events if e.kind == "turn" and e.amount}
    turn = current_turn(st.after)
    if turn is not None and turn.kind == "hero":
        owners_turns.add(turn.seat)
    fell = {e.card for e in st.events if e.kind == "hero-incapacitated"}
    for t in gone:
        if 0 <= t.owner < len(st.before.seats) and fell.intersection(st.before.seats[t.owner].characters):
            continue
        if t.until == "end-of-turn" and t.made == now:
            yield f"{t.source}'s effect ended within the turn it was made in (round {t.made[0]}, turn {t.made[1] + 1}), before its end"
        elif t.until == "owner-next-turn" and t.owner not in owners_turns:
            yield f"{t.source}'s effect ended although no turn of its owner, hero {t.owner + 1}, began"
        elif t.until == "source-leaves-play" and t.source in in_play(st.after):
            yield f"{t.source}'s effect ended although its card is still in play"


def _side_ok(wanted: str, side: str) -> bool:
    return wanted == "any" or (side != wanted[4:] if wanted.startswith("non-") else side == wanted)


def covers(s, t, target: str, zone: int) -> bool:
    """Whether the effect ``t`` of state ``s`` covers ``target``, standing in ``zone``."""
    if not _side_ok(t.side, rule_side(s, target)):
        return False
    if t.scope == "target":
        return target in (t.covered or ())
    if t.scope == "hero":
        return target in s.seats[t.owner].characters
    if t.covered is not None and target not in t.covered:
        return False
    follows = s.setup.params.temp_zone_reading is TempZoneReading.FOLLOWS_OWNER
    home = s.seats[t.owner].zone if follows else t.zone
    return t.reach == "game" or (zone == home) == (t.reach == "zone")


UNSETTLED = ("hero-moved", "hero-set-up", "hero-incapacitated", "objective-completed", "changes-zone")
"""Events after which the state before a step no longer says who stood where when its damage was dealt."""


_MADE_OR_ENDED = ("temporary-effect", "temporary-effect-ended")
"""An effect made and ended within one step (Rally's, until the end of a turn that ends in the step) leaves the two
ends' temporary effects equal."""


@step("temporary-effects-reach-their-scope", "BZ.ISOLATION", events=("damage",))
def effects_reach_scope(st):
    """Damage is reduced by exactly the temporary effects that cover its target, by their scope (one target, a hero,
    the battle zones their reach names: this one, the other one, the game) and their set (fixed when made, or later
    arrivals too), and by no other; reduced by more than its amount, it deals none (it never heals)."""
    for e in st.events:
        if e.kind == "damage" and e.amount < 0:
            yield f"damage to {e.target} in zone {e.zone} was reduced below nothing, to {e.amount}: reduced damage deals none"
    if st.before.temps != st.after.temps or any(e.kind in UNSETTLED or e.kind in _MADE_OR_ENDED for e in st.events):
        return  # an effect was made or ended (both, it may be), or someone moved, within the step: not decidable from its two ends
    for e in st.events:
        if e.kind != "damage" or "irreducible" in e.detail:
            continue
        claimed = int(e.detail.rsplit("reduced by ", 1)[1]) if "reduced by " in e.detail else 0
        due = sum(t.amount for t in st.before.temps if covers(st.before, t, e.target, e.zone))
        if claimed != due:
            yield f"damage to {e.target} in zone {e.zone} was reduced by {claimed}, but the effects covering it add to {due}"
