"""Aeon's End's words for designer goals (``ask --goal``): the quantities and conditions of its symbolic game.

Each names fields of the abstraction (``abstraction.fields``) in the game's words; ``oblivaeon_verify.smt.goals``
parses a goal over them and answers the fewest turns in which it can hold.
"""

from __future__ import annotations

import z3
from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import BREACHES, DESTROYED, LOST, OPENED, RUNNING, WON

from oblivaeon_verify.smt.goals import Condition, GoalVocabulary, Measure, Quantity


def _sum(terms):
    return sum(terms, z3.IntVal(0))


def vocabulary(enc) -> GoalVocabulary:
    """The goal words for one encoding (its players name the per-player fields)."""
    players = [f"p{i + 1}" for i in range(enc.players)]
    breaches = [f"{p}.b{b}" for p in players for b in range(1, BREACHES + 1)]
    return GoalVocabulary(
        quantities=(
            Quantity("gravehold's life", lambda s, p: s["gh"], "Gravehold's life"),
            Quantity("nemesis's life", lambda s, p: s["nl"], "the nemesis's life"),
            Quantity("exhausted players", lambda s, p: _sum(z3.If(s[f"{x}.ex"], 1, 0) for x in players), "players with no life left"),
            Quantity(
                "opened breaches", lambda s, p: _sum(z3.If(s[b] == OPENED, 1, 0) for b in breaches), "breaches opened, of every player"
            ),
            Quantity("destroyed breaches", lambda s, p: _sum(z3.If(s[b] == DESTROYED, 1, 0) for b in breaches), "breaches destroyed"),
            Quantity("charges", lambda s, p: _sum(s[f"{x}.ch"] for x in players), "charges on every player's mat"),
            Quantity("reshuffles", lambda s, p: s["cycles"] - 1, "times the turn order deck was reshuffled"),
            Quantity("nemesis cards in the turn order deck", lambda s, p: s["dn"], "nemesis cards still to draw this pass"),
            Quantity("player cards in the turn order deck", lambda s, p: s["dp"], "player cards still to draw this pass"),
            Quantity("turns", lambda s, p: s["turn"], "turns taken so far"),
        ),
        conditions=(
            Condition("the players have won", lambda s, p: s["outcome"] == WON, "won: the nemesis is beaten"),
            Condition("the players have lost", lambda s, p: s["outcome"] == LOST, "lost: Gravehold fell or every player is exhausted"),
            Condition("the game is running", lambda s, p: s["outcome"] == RUNNING, "the game is not over"),
        ),
        measures=(Measure("turn", "turns"),),
    )
