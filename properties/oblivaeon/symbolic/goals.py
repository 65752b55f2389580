"""OblivAeon's words for designer goals (``ask --goal``): the quantities and conditions of its symbolic game.

Each names fields of the abstraction (``abstraction.FIELDS``) in the game's words; ``oblivaeon_verify.smt.goals``
parses a goal over them and answers the fewest rounds in which it can hold.
"""

from __future__ import annotations

import z3
from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import LOST_ENV, LOST_HEROES, RUNNING, WON

from oblivaeon_verify.smt.goals import Condition, GoalVocabulary, Measure, Quantity


def _count(*flags):
    return lambda s, p: sum((z3.If(s[f], 1, 0) for f in flags), z3.IntVal(0))


def vocabulary(enc) -> GoalVocabulary:
    """The goal words for one encoding (the Countdown's running out reads its round table)."""
    lay = enc.layout

    def countdown_ran_out(s, p):
        # just after OblivAeon's start, the Countdown back on its starting space means it ran out and was reset (ID.COUNTDOWN)
        start, tick = p["countdown_start"], p["countdown_tick"]
        return z3.And(s["pos"] == lay.oblivaeon_start, s["countdown"] == start, z3.Or(s["round"] > 1, start <= tick))

    return GoalVocabulary(
        quantities=(
            Quantity("devastation tokens", lambda s, p: s["dev"], "Devastation tokens on Inevitable Destruction"),
            Quantity("scions in the first battle zone", lambda s, p: s["sc1"], "Scions in the First Battle Zone"),
            Quantity("scions in the second battle zone", lambda s, p: s["sc2"], "Scions in the Second Battle Zone"),
            Quantity("scions in play", lambda s, p: s["sc1"] + s["sc2"], "Scions in either battle zone"),
            Quantity("scions in the scion reserve", lambda s, p: s["reserve"], "Scions still in the Scion Reserve"),
            Quantity("scions removed from the game", lambda s, p: s["sout"], "Scions removed from the game"),
            Quantity(
                "active heroes in the first battle zone", lambda s, p: s["a1"], "hero markers in the First Battle Zone with an active hero"
            ),
            Quantity(
                "active heroes in the second battle zone",
                lambda s, p: s["a2"],
                "hero markers in the Second Battle Zone with an active hero",
            ),
            Quantity("active heroes", lambda s, p: s["a1"] + s["a2"], "hero markers with an active hero"),
            Quantity("fallen heroes", lambda s, p: s["e1"] + s["e2"], "hero markers whose hero fell, not yet replaced"),
            Quantity("environments in play", _count("env1", "env2"), "battle zones with an environment in play"),
            Quantity("environments removed from the game", lambda s, p: s["removed"], "environment decks removed from the game"),
            Quantity("environments set aside", lambda s, p: s["set_aside"], "environment decks set aside, still to come"),
            Quantity("round", lambda s, p: s["round"], "the round number"),
            Quantity("countdown", lambda s, p: s["countdown"], "the Countdown token's space"),
        ),
        conditions=(
            Condition(
                "the multiverse is destroyed", lambda s, p: s["outcome"] == LOST_ENV, "lost: an environment fell with none set aside"
            ),
            Condition(
                "the heroes have lost", lambda s, p: z3.Or(s["outcome"] == LOST_ENV, s["outcome"] == LOST_HEROES), "either way of losing"
            ),
            Condition("the heroes have won", lambda s, p: s["outcome"] == WON, "won: the Shield's tasks are done"),
            Condition("the game is running", lambda s, p: s["outcome"] == RUNNING, "the game is not over"),
            Condition("both environments are in play", lambda s, p: z3.And(s["env1"], s["env2"]), "an environment in each battle zone"),
            Condition("oblivaeon is in the first battle zone", lambda s, p: s["ozone"] == 1, "the OblivAeon marker's battle zone"),
            Condition("oblivaeon is in the second battle zone", lambda s, p: s["ozone"] == 2, "the OblivAeon marker's battle zone"),
            Condition("the countdown has run out", countdown_ran_out, "the Countdown ran out this round and started over"),
        ),
        measures=(Measure("round", "round"), Measure("turn", "turn", turns_taken(lay))),
    )


def turns_taken(lay):
    """The turn the game is in, counted from OblivAeon's first turn (1) over every turn slot of the
    round table (ROUND.ORDER: OblivAeon's, each hero's, each zone's environment and villain turns); 0
    during setup.  It never decreases: within a round the position only moves on, and a new round
    starts again at OblivAeon's turn, the round table's first (ROUND.REPEAT)."""
    per_round = len(lay.starts)

    def turn(s):
        begun = sum((z3.If(s["pos"] >= start, 1, 0) for start in lay.starts), z3.IntVal(0))
        return (s["round"] - 1) * per_round + begun

    return turn
