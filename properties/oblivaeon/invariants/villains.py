"""Aeon Men, the Shield and OblivAeon: how the villains' own pieces enter, count and leave.

Aeon Men enter play only when called (from the Booklet's form on, the end of OblivAeon's turn calls one); the
Shield counts its tasks, shows the side they give and is never destroyed; OblivAeon never leaves the game.
"""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL, SCION_PANELS
from oblivaeon_verify.properties.oblivaeon.invariants.readers import shield_card
from oblivaeon_verify.properties.oblivaeon.invariants.registry import OBLIVAEON, state, step

from oblivaeon_verify.words import count


@step("aeon-men-only-on-instruction", "AEON-MEN.ON-INSTRUCTION", "AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES", events=("play", "aeon-man-called"))
def aeon_men_on_instruction(st):
    """Aeon Men enter play only when a Scion or the Booklet calls them, never in a play phase."""
    for n, e in enumerate(st.events):
        if e.kind == "play" and e.card in PHYSICAL and PHYSICAL[e.card].deck == "Aeon Men":
            prev = st.events[n - 1] if n else None
            if prev is None or prev.kind != "aeon-man-called" or prev.target != e.card:
                yield f"{e.card} entered play without being called"
        if e.kind == "aeon-man-called":
            src = e.card
            if not (src == OBLIVAEON or src in SCION_PANELS or (src in PHYSICAL and PHYSICAL[src].deck == "Scion")):
                yield f"{src} called Aeon Men"


@step("booklet-calls-aeon-men", "AEON-MEN.NOT-PLAYED-IN-PLAY-PHASES", "OA-TURN.END", events=("turn",))
def booklet_calls(st):
    """From the form the Booklet names, the end of OblivAeon's turn brings one Aeon Men card into play when the deck or trash has one."""
    p = st.before.setup.params
    form = st.before.form
    for i, e in enumerate(st.events):
        if e.kind == "form-defeated":
            form = e.amount + 1
        if e.kind != "turn" or e.detail != "OblivAeon's turn":
            continue
        end = next((j for j in range(i + 1, len(st.events)) if st.events[j].kind == "turn"), None)
        if end is None or form < p.aeon_men_from_form or st.after.outcome is not None:
            continue
        if len(st.before.aeon_deck) + len(st.before.aeon_trash) == 0 or len(st.after.aeon_deck) + len(st.after.aeon_trash) == 0:
            continue  # every Aeon Men card is in play already
        if form != st.before.form:
            continue
        # At the call, the deck and trash hold at least what they held before the step less every card called since
        # (by a Scion, or by the Booklet in an earlier turn of the step): a card only leaves them by a call.  With none
        # left then, there is nothing to call, though the turn's later destructions fill the trash again.
        called_before = sum(1 for f in st.events[:i] if f.kind == "aeon-man-called")
        called_by_scions = sum(1 for f in st.events[i:end] if f.kind == "aeon-man-called" and f.card != OBLIVAEON)
        if len(st.before.aeon_deck) + len(st.before.aeon_trash) - called_before - called_by_scions < 1:
            continue
        if not any(f.kind == "aeon-man-called" and f.card == OBLIVAEON for f in st.events[i:end]):
            yield "OblivAeon's turn ended in an Aeon-Men form without calling one"


@step("shield-never-destroyed", "CLAR.SHIELD-INDESTRUCTIBLE", events=("destroyed",), changes=("shield_side",))
def shield_never_destroyed(st):
    """The Shield is never destroyed; it leaves play only by removing itself from the game."""
    card = shield_card(st.before.shield)
    for e in st.events:
        if e.kind == "destroyed" and e.target == card:
            yield "the Shield was destroyed"
    if st.before.shield_side and not st.after.shield_side:
        if not any(e.kind == "shield-removed" for e in st.events) or card not in st.after.out:
            yield "the Shield left play without removing itself from the game"


@state(
    "shield-follows-its-tasks",
    "SHIELD.TASKS",
    "SETUP.SHIELD",
    "SHIELD.RANDOM-START",
    reads=("setup", "shield", "shield_tasks", "shield_side"),
)
def shield_follows_tasks(s):
    """The Shield shows phase 1 until its flip count of tasks, phase 2 until its removal count, then is gone."""
    spec = s.setup.params.shield(s.shield)
    t = s.shield_tasks
    want = 1 if t < spec.flip_after_tasks else 2 if t < spec.remove_after_tasks else 0
    if s.shield_side != want:
        yield f"the Shield shows side {s.shield_side} after {count(t, 'task')}; expected {want}"
    if s.shield != s.setup.shield:
        yield f"the Shield in play is {s.shield}, not the one chosen at setup ({s.setup.shield})"


@step("shield-tasks-counted", "SHIELD.TASKS", events=("damage", "scion-removed", "objective-completed"), changes=("shield_tasks",))
def shield_tasks_counted(st):
    """Each Scion removed from the game and each objective completed is a Shield task while the Shield is in play; OblivAeon takes no damage behind it."""
    side = st.before.shield_side
    tasks = 0
    for e in st.events:
        if e.kind in ("scion-removed", "objective-completed") and side:
            tasks += 1
        if e.kind == "shield-removed":
            side = 0
        if e.kind == "damage" and e.target == OBLIVAEON and side:
            yield "OblivAeon took damage while his Shield was in play"
    if st.after.shield_tasks - st.before.shield_tasks != tasks:
        yield f"{count(tasks, 'task')} done, the Shield counted {st.after.shield_tasks - st.before.shield_tasks}"


@state("oblivaeon-never-removed", "CLAR.OA-NOT-REMOVABLE", reads=("outcome", "hp", "out"))
def oblivaeon_stays(s):
    """OblivAeon is never removed from the game: he keeps his HP until his last form is beaten."""
    won = s.outcome is not None and s.outcome.kind == "won"
    if not won and OBLIVAEON not in s.hp:
        yield "OblivAeon has left the game"
    if OBLIVAEON in s.out:
        yield "OblivAeon is out of the game"


@step("oblivaeon-not-removed-by-effects", "CLAR.OA-NOT-REMOVABLE", events=("removed-from-game",))
def oblivaeon_not_removed(st):
    """No effect takes OblivAeon out of the game."""
    for e in st.events:
        if e.kind == "removed-from-game" and e.target == OBLIVAEON:
            yield f"{e.card} removed OblivAeon from the game"
