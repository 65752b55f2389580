"""Breaches: how a breach turns, opens and takes a spell.

A closed breach only turns forward, an opened one stays opened and a destroyed one destroyed; a focus turns it a
quarter and the fourth quarter turn opens it (else only paying its cost does); a spell is prepped only onto an
opened breach or one focused this turn.
"""

from __future__ import annotations

from collections import Counter

from oblivaeon_verify.properties.aeons_end.invariants.readers import acting
from oblivaeon_verify.properties.aeons_end.invariants.registry import step

from oblivaeon_verify.words import count


@step("breach-never-turns-back", "MAIN.FOCUS", "MAIN.OPEN", "BREACH.COSTS", changes=("mages.breaches",))
def breach_machine(st):
    """Closed breaches only turn forward; an opened breach stays opened; a destroyed one stays destroyed."""
    for i, (a, b) in enumerate(zip(st.before.mages, st.after.mages)):
        for x, y in zip(a.breaches, b.breaches):
            if x.destroyed and not y.destroyed:
                yield f"player {i + 1} breach {x.number} came back from destruction"
            elif x.opened and not y.opened and not y.destroyed:
                yield f"player {i + 1} breach {x.number} closed again"
            elif not x.opened and not y.opened and y.focus < x.focus:
                yield f"player {i + 1} breach {x.number} turned back from {x.focus} to {y.focus}"


@step("a-breach-opens-at-its-fourth-quarter-turn", "MAIN.FOCUS", "MAIN.OPEN", changes=("mages.breaches",), events=("focus",))
def opens_at_fourth_turn(st):
    """A focus turns a closed breach one quarter and the fourth quarter turn opens it, never sooner;
    otherwise only paying its open cost opens it."""
    d = st.decision
    turns = Counter((e.target, e.amount) for e in st.events if e.kind == "focus")
    for i, (a, b) in enumerate(zip(st.before.mages, st.after.mages)):
        for x, y in zip(a.breaches, b.breaches):
            if x.opened or y.destroyed:
                continue
            n = turns[(a.name, x.number)]
            paid = d.kind == "open" and d.index == x.number - 1 and d.actor == f"player {i + 1}"
            if y.opened and not paid and x.focus + n < 4:
                yield f"player {i + 1} breach {x.number} opened after {count(x.focus + n, 'quarter turn')}, not four"
            if not y.opened and y.focus != x.focus + n:
                yield f"player {i + 1} breach {x.number} was turned {count(n, 'time')} and went from {x.focus} to {y.focus} quarter turns"


@step("prepped-only-where-allowed", "MAIN.PREP", "BREACH.PREP-WHERE", changes=("mages.breaches",))
def prepped_where_allowed(st):
    """A spell newly prepped sits on an opened breach or one focused this turn."""
    for i, (a, b) in enumerate(zip(st.before.mages, st.after.mages)):
        for x, y in zip(a.breaches, b.breaches):
            # judged on the breach as it was when the spell went on it (the turn may end in the same step)
            if y.spell and y.spell != x.spell and not (x.opened or x.focused_this_turn or y.opened):
                yield f"player {i + 1} prepped {y.spell} to closed breach {y.number} not focused this turn"


@step("a-free-focus-turns-the-chosen-breach", "CARDS.RELICS", "MAIN.FOCUS", decisions=("focus-free",))
def free_focus_turns_the_chosen_breach(st):
    """A relic's free focus (Focusing Orb) turns the closed breach its player chose one quarter: the fourth quarter
    turn opens it."""
    d = st.decision
    if d.kind != "focus-free":
        return
    i = acting(st)
    x, y = st.before.mages[i].breaches[d.index], st.after.mages[i].breaches[d.index]
    if y.destroyed:
        return  # the step went on and destroyed it (an exhausted player's breach)
    if not (y.opened if x.focus + 1 >= 4 else y.focus == x.focus + 1):
        yield f"player {i + 1} chose breach {x.number} for a free focus and it went from {x.focus} to {y.focus} quarter turns"
