"""The OblivAeon invariants: what must hold at every state and across every step of a game.

Each invariant cites the clauses it protects and says in its docstring, in our own words, what
it checks.  They read the state and the events only; none of them calls the rule it guards, so a
rule that is switched off (``oblivaeon-verify knockout``) or wrong shows up as a violation.
Expectations are recomputed from the rulebook's own terms (marker order, the bottom of the
Reserve, the Devastation rules), not taken from the model's helper that implements the rule.

The invariants are kept in chapters, one module per rule family: ``cards``, ``zones`` (markers and battle zones),
``devastation`` (and the Countdown), ``environments``, ``scions``, ``round_order``, ``heroes``, ``hero_turn`` (the
hero-turn options and the missions), ``villains`` (Aeon Men, the Shield, OblivAeon), ``whole_game``,
``mission_cards``, ``card_clarifications``, ``charts``, ``new_heroes``, ``moments`` (entering and leaving play, and the reactions), ``durations`` (temporary effects) and ``choices`` (what
a choice does).  ``registry`` holds ``INVARIANTS`` and
its decorators, ``readers`` the small readers several chapters share.
"""

from __future__ import annotations

from oblivaeon_verify.properties.oblivaeon.invariants.registry import INVARIANTS

# isort: off
# Each chapter registers its invariants when it is imported, so the order of these imports is the order of
# INVARIANTS.names(), which every report, violation list and JSON output follows: a new chapter goes where its
# invariants should be listed, and sorting these imports would reorder the reports.
from oblivaeon_verify.properties.oblivaeon.invariants import (  # noqa: F401 (imported to register)
    cards,
    zones,
    devastation,
    environments,
    scions,
    round_order,
    heroes,
    hero_turn,
    villains,
    whole_game,
    mission_cards,
    card_clarifications,
    charts,
    new_heroes,
    moments,
    durations,
    choices,
)
# isort: on


__all__ = ["INVARIANTS"]
