"""Aeon's End invariants: named predicates over a state or a step, each citing the clauses it protects.

The invariants are kept in chapters, one module per rule family: ``cards``, ``breaches``, ``bookkeeping``
(aether, charges, the hand, the turn order deck and life), ``whole_game`` (it never hangs, its end, only known
cards), ``player_actions``, ``casting``, ``abilities``, ``preps_and_draw``, ``harm``, ``exhaustion``, ``nemesis``,
``turn_order``, ``setup`` and ``ally_spells`` (casting an ally's spell).  A chapter's invariants are listed
together, so a few sit in an earlier chapter than their topic's, where the order of the reports puts them: the
hand of five, the turn order deck's cards and what exhaustion does to life and charges in ``bookkeeping``, a
player's life moving by its events and the nemesis's draw in ``player_actions``.  ``registry`` holds
``INVARIANTS`` and its decorators, ``readers`` the small readers several chapters share.
"""

from __future__ import annotations

from oblivaeon_verify.properties.aeons_end.invariants.registry import INVARIANTS

# isort: off
# Each chapter registers its invariants when it is imported, so the order of these imports is the order of
# INVARIANTS.names(), which every report, violation list and JSON output follows: a new chapter goes where its
# invariants should be listed, and sorting these imports would reorder the reports.
from oblivaeon_verify.properties.aeons_end.invariants import (  # noqa: F401 (imported to register)
    cards,
    breaches,
    bookkeeping,
    whole_game,
    player_actions,
    casting,
    abilities,
    preps_and_draw,
    harm,
    exhaustion,
    nemesis,
    turn_order,
    setup,
    ally_spells,
)
# isort: on


__all__ = ["INVARIANTS"]
