"""The bookkeeping invariants, as symbolic state properties with the clauses they protect.

Each holds in every reachable state of the encoding; ``prove.py`` proves them by k-induction (lemmas
are properties proved before, assumed in the inductive step).  The order matters: lemmas first.
"""

from __future__ import annotations

import z3
from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import LOST_ENV, RUNNING

from oblivaeon_verify.smt.kinduction import Property, StepProperty


def properties(enc) -> tuple[Property | StepProperty, ...]:
    lay = enc.layout
    H, NS, NE = enc.hero_count, enc.scions, enc.environments
    return (
        Property(
            "SCION-ACCOUNTING",
            "Every Scion is in the Reserve, in a battle zone or removed from the game, exactly once.",
            ("SETUP.SCION-RESERVE", "CLAR.SCIONS-FROM-BOTTOM", "BZ.DEV.SCION-REMOVED"),
            lambda s, p: z3.And(
                s["reserve"] >= 0, s["sc1"] >= 0, s["sc2"] >= 0, s["sout"] >= 0, s["reserve"] + s["sc1"] + s["sc2"] + s["sout"] == NS
            ),
        ),
        Property(
            "MARKER-PLACEMENT",
            "Each hero marker is in exactly one battle zone, and so is OblivAeon's.",
            ("SETUP.BATTLE-ZONES", "CLAR.ZONE-MEMBERSHIP", "ENV.REMOVAL.MOVE-OBLIVAEON"),
            lambda s, p: z3.And(
                s["a1"] >= 0,
                s["a2"] >= 0,
                s["e1"] >= 0,
                s["e2"] >= 0,
                s["a1"] + s["a2"] + s["e1"] + s["e2"] == H,
                z3.Or(s["ozone"] == 1, s["ozone"] == 2),
            ),
        ),
        Property(
            "COUNTDOWN-BOUNDS",
            "The Countdown stays between 1 and its starting space.",
            ("ID.COUNTDOWN", "SETUP.INEVITABLE-DESTRUCTION"),
            lambda s, p: z3.And(s["countdown"] >= 1, s["countdown"] <= p["countdown_start"]),
        ),
        Property(
            "ENV-ACCOUNTING",
            "Set-aside, in-play and removed environments always add up to the five of the setup.",
            ("SETUP.ENVIRONMENTS", "SETUP.ENV-IN-PLAY", "ENV.REMOVAL.REPLACE"),
            lambda s, p: z3.And(
                s["set_aside"] >= 0,
                s["removed"] >= 0,
                s["set_aside"] + z3.If(s["env1"], 1, 0) + z3.If(s["env2"], 1, 0) + s["removed"] == NE,
            ),
            lemmas=("MARKER-PLACEMENT",),
        ),
        Property(
            "ENV-IN-PLAY",
            "While the game runs, at most one battle zone is without an environment (waiting for its replacement).",
            ("ENV.REMOVAL.REPLACE",),
            lambda s, p: z3.Implies(s["outcome"] == RUNNING, z3.Or(s["env1"], s["env2"])),
            lemmas=("MARKER-PLACEMENT",),
        ),
        Property(
            "LOSS-CONDITION",
            "The multiverse is destroyed only when an environment falls with none set aside: then none is, and four have fallen.",
            ("ENV.REMOVAL.LOSS",),
            lambda s, p: z3.Implies(s["outcome"] == LOST_ENV, z3.And(s["set_aside"] == 0, s["removed"] == NE - 1)),
            lemmas=("ENV-ACCOUNTING",),
        ),
        Property(
            "DEV-NONNEG",
            "Devastation is never negative.",
            ("BZ.DEV.SCION-REMOVED", "ID.DEVASTATION"),
            lambda s, p: s["dev"] >= 0,
            lemmas=("SCION-ACCOUNTING",),
        ),
        Property(
            "DEV-LEDGER",
            "Devastation equals the sum of every Devastation event so far.",
            ("ID.DEVASTATION", "BZ.DEV.SCIONS-OUTNUMBER", "BZ.DEV.SCION-REMOVED", "BZ.DEV.HERO-INCAP"),
            lambda s, p: s["dev"] == s["ledger"],
        ),
        Property(
            "ROUND-ORDER",
            "The cursor is always a phase of the round table, and the setup position occurs only in round 1.",
            ("ROUND.ORDER", "ROUND.HERO-ORDER", "ROUND.REPEAT", "OA-TURN.FIRST"),
            lambda s, p: z3.And(s["round"] >= 1, s["pos"] >= -1, s["pos"] <= lay.size - 1, z3.Or(s["pos"] >= 0, s["round"] == 1)),
        ),
        Property(
            "DEVASTATION-CHECK-ONCE",
            "The Booklet's Devastation check has run only while the cursor is at the end of OblivAeon's turn.",
            ("ID.DEVASTATION", "OA-TURN.END"),
            lambda s, p: z3.Implies(s["checked"], s["pos"] == lay.oblivaeon_end),
        ),
        StepProperty(
            "DEV-FROM-OUTNUMBERING",
            "Entering a villain turn adds one Devastation token per Scion in its zone when the Scions there outnumber"
            " its active heroes, and none otherwise.",
            ("BZ.DEV.SCIONS-OUTNUMBER",),
            # Only Advance moves the cursor, and the Countdown's expiry falls on OblivAeon's start, never a villain's.
            lambda s, t, p: z3.And(
                [
                    z3.Implies(
                        z3.And(t["pos"] == lay.villain_start(z), s["pos"] != t["pos"]),
                        t["dev"] - s["dev"] == z3.If(s[f"sc{z}"] > s[f"a{z}"], s[f"sc{z}"], 0),
                    )
                    for z in (1, 2)
                ]
            ),
        ),
        StepProperty(
            "DEV-ONE-PER-FALL",
            "A hero who falls adds one Devastation token: a step in which one active hero of a zone becomes incapacitated"
            " there adds at most one.",
            # At most: a hero standing down (CLAR.RITES-OF-REVIVAL) looks the same in the abstraction and adds none.
            ("BZ.DEV.HERO-INCAP", "CLAR.RITES-OF-REVIVAL"),
            lambda s, t, p: z3.And(
                [z3.Implies(z3.And(t[f"a{z}"] == s[f"a{z}"] - 1, t[f"e{z}"] == s[f"e{z}"] + 1), t["dev"] - s["dev"] <= 1) for z in (1, 2)]
            ),
        ),
    )
