"""The bookkeeping invariants of Aeon's End, as symbolic properties with the clauses they protect.

State properties hold in every reachable state (k-induction); step properties hold on every step
(proved from the state properties as lemmas).  The order matters: lemmas first.
"""

from __future__ import annotations

import z3
from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import (
    BREACHES,
    CASTING,
    DESTROYED,
    DRAW,
    MAIN,
    NEMESIS,
    NO_CARD,
    OPENED,
    RUNNING,
    TURN_ORDER,
    WILD,
    WON,
    requirements,
)

from oblivaeon_verify.smt.kinduction import Property, StepProperty


def _players(enc):
    return [f"p{k + 1}" for k in range(enc.players)]


def _each_breach(enc, fn):
    return z3.And([fn(p, c) for p in _players(enc) for c in range(1, BREACHES + 1)])


def properties(enc) -> tuple[Property | StepProperty, ...]:
    N = enc.players
    P, M = enc.player_cards, enc.nemesis_cards
    reqs = requirements()
    return (
        Property(
            "TURN-ORDER-COMPOSITION",
            "The turn order deck and its discard always hold the whole deck: its player cards and its two nemesis cards, once each.",
            ("TURN-ORDER.COMPOSITION", "TURN-ORDER.DRAW", "TURN-ORDER.RESHUFFLE", "SOLO.TRUE-SOLO"),
            lambda s, p: z3.And(s["dp"] >= 0, s["dn"] >= 0, s["xp"] >= 0, s["xn"] >= 0, s["dp"] + s["xp"] == P, s["dn"] + s["xn"] == M),
        ),
        Property(
            "TURN-CURSOR",
            "Exactly one turn is under way: a player's casting, main or draw phase names a seated player; between turns"
            " and in the nemesis's turn nobody holds it; a drawn card waits for its turn only between turns.",
            ("TURN-ORDER.DRAW", "TURN-ORDER.DECK"),
            lambda s, p: z3.And(
                s["phase"] >= TURN_ORDER,
                s["phase"] <= NEMESIS,
                z3.If(
                    z3.Or(s["phase"] == CASTING, s["phase"] == MAIN, s["phase"] == DRAW),
                    z3.And(s["actor"] >= 0, s["actor"] < N),
                    s["actor"] == -1,
                ),
                s["pend"] >= NO_CARD,
                s["pend"] <= WILD,
                z3.Implies(s["pend"] != NO_CARD, s["phase"] == TURN_ORDER),
                s["cycles"] >= 1,
                s["turn"] >= 0,
            ),
        ),
        Property(
            "TURN-COUNT",
            "Every turn taken was named by a turn order card: turns (plus a card waiting for its turn) equal the cards drawn.",
            ("TURN-ORDER.DRAW", "TURN-ORDER.RESHUFFLE"),
            lambda s, p: s["turn"] + z3.If(s["pend"] != NO_CARD, 1, 0) == (s["cycles"] - 1) * (P + M) + s["xp"] + s["xn"],
            lemmas=("TURN-ORDER-COMPOSITION", "TURN-CURSOR"),
        ),
        Property(
            "BREACH-STATES",
            "Every breach is closed with 0 to 3 quarter turns, opened, or destroyed; a destroyed breach holds no spell.",
            ("BREACH.COSTS", "MAIN.FOCUS", "MAIN.OPEN", "EXHAUST.DESTROY-BREACH"),
            lambda s, p: _each_breach(
                enc,
                lambda q, c: z3.And(
                    s[f"{q}.b{c}"] >= 0, s[f"{q}.b{c}"] <= DESTROYED, z3.Implies(s[f"{q}.b{c}"] == DESTROYED, z3.Not(s[f"{q}.s{c}"]))
                ),
            ),
        ),
        Property(
            "DESTROYED-BY-EXHAUSTION",
            "Only an exhausted player has a destroyed breach, and at most one.",
            ("EXHAUST.DESTROY-BREACH", "EXHAUST.WHEN"),
            lambda s, p: z3.And(
                [
                    z3.And(
                        z3.Implies(z3.Or([s[f"{q}.b{c}"] == DESTROYED for c in range(1, BREACHES + 1)]), s[f"{q}.ex"]),
                        z3.Sum([z3.If(s[f"{q}.b{c}"] == DESTROYED, 1, 0) for c in range(1, BREACHES + 1)]) <= 1,
                    )
                    for q in _players(enc)
                ]
            ),
            lemmas=("BREACH-STATES",),
        ),
        Property(
            "FOCUS-THIS-TURN",
            "A breach is marked focused this turn only during its owner's main and draw phases, and only once it has turned.",
            ("MAIN.FOCUS", "BREACH.PREP-WHERE"),
            lambda s, p: z3.And(
                [
                    z3.Implies(
                        s[f"p{k + 1}.f{c}"],
                        z3.And(
                            s["actor"] == k,
                            z3.Or(s["phase"] == MAIN, s["phase"] == DRAW),
                            s[f"p{k + 1}.b{c}"] >= 1,
                        ),
                    )
                    for k in range(N)
                    for c in range(1, BREACHES + 1)
                ]
            ),
            lemmas=("TURN-CURSOR", "BREACH-STATES"),
        ),
        Property(
            "PREP-WHERE",
            "In the acting player's main and draw phases, a spell in one of their closed breaches was prepped there after focusing it this turn.",
            ("BREACH.PREP-WHERE", "MAIN.PREP", "CAST.CLOSED-MUST"),
            lambda s, p: z3.And(
                [
                    z3.Implies(
                        z3.And(
                            s["actor"] == k,
                            z3.Or(s["phase"] == MAIN, s["phase"] == DRAW),
                            s[f"p{k + 1}.s{c}"],
                            s[f"p{k + 1}.b{c}"] < OPENED,
                        ),
                        s[f"p{k + 1}.f{c}"],
                    )
                    for k in range(N)
                    for c in range(1, BREACHES + 1)
                ]
            ),
            lemmas=("TURN-CURSOR",),
        ),
        Property(
            "CHARGES-BOUNDED",
            "A mat never holds more charges than its ability needs, nor fewer than none.",
            ("MAIN.GAIN-CHARGE", "MAT.ABILITY", "EXHAUST.DISCARD-CHARGES"),
            lambda s, p: z3.And(
                [z3.And(s[f"{q}.ch"] >= 0, s[f"{q}.ch"] <= s[f"{q}.req"], z3.Or([s[f"{q}.req"] == r for r in reqs])) for q in _players(enc)]
            ),
        ),
        Property(
            "LIFE-BOUNDS",
            "Players, Gravehold and the nemesis stay between 0 and their starting life; unspent aether is never negative.",
            ("TRACKERS", "EXHAUST.NO-LIFE-GAIN", "MAT.ABILITY", "BREACH.COSTS", "MAIN.GAIN-CHARGE"),
            lambda s, p: z3.And(
                *[z3.And(s[f"{q}.life"] >= 0, s[f"{q}.life"] <= s["plife"]) for q in _players(enc)],
                s["gh"] >= 0,
                s["gh"] <= s["ghmax"],
                s["nl"] >= 0,
                s["nl"] <= s["nlmax"],
                s["aether"] >= 0,
            ),
        ),
        Property(
            "EXHAUSTED-AT-ZERO",
            "A player is exhausted exactly when their life is 0 (and, exhausted, gains none back).",
            ("EXHAUST.WHEN", "EXHAUST.NO-LIFE-GAIN"),
            lambda s, p: z3.And(*[s[f"{q}.ex"] == (s[f"{q}.life"] == 0) for q in _players(enc)], s["plife"] >= 1),
            lemmas=("LIFE-BOUNDS",),
        ),
        Property(
            "END-IMMEDIATE",
            "While the game runs the nemesis and Gravehold have life and someone is not exhausted; a nemesis at 0 means a win.",
            ("END.IMMEDIATE", "END.WIN-NEMESIS-DEFEATED", "END.LOSE-GRAVEHOLD", "END.LOSE-ALL-EXHAUSTED"),
            lambda s, p: z3.And(
                z3.Implies(
                    s["outcome"] == RUNNING,
                    z3.And(s["nl"] >= 1, s["gh"] >= 1, z3.Not(z3.And([s[f"{q}.ex"] for q in _players(enc)]))),
                ),
                z3.Implies(s["nl"] <= 0, s["outcome"] == WON),
            ),
            lemmas=("LIFE-BOUNDS",),
        ),
        StepProperty(
            "BREACH-FORWARD",
            "A breach only moves forward: a closed one turns one quarter or opens, an opened one stays opened,"
            " and a breach is destroyed only when its owner is exhausted.",
            ("MAIN.FOCUS", "MAIN.OPEN", "BREACH.COSTS", "EXHAUST.DESTROY-BREACH"),
            lambda s, t, p: _each_breach(
                enc,
                lambda q, c: z3.Or(
                    t[f"{q}.b{c}"] == s[f"{q}.b{c}"],
                    z3.And(s[f"{q}.b{c}"] < OPENED, t[f"{q}.b{c}"] == s[f"{q}.b{c}"] + 1),
                    z3.And(s[f"{q}.b{c}"] < OPENED, t[f"{q}.b{c}"] == OPENED),
                    z3.And(t[f"{q}.b{c}"] == DESTROYED, t[f"{q}.ex"]),
                ),
            ),
            lemmas=("BREACH-STATES",),
        ),
        StepProperty(
            "PREP-ONLY-WHERE-ALLOWED",
            "A spell is newly prepped only to the acting player's opened breach or a closed one focused this turn.",
            ("BREACH.PREP-WHERE", "MAIN.PREP"),
            lambda s, t, p: z3.And(
                [
                    z3.Implies(
                        z3.And(z3.Not(s[f"p{k + 1}.s{c}"]), t[f"p{k + 1}.s{c}"]),
                        z3.And(s["actor"] == k, z3.Or(s[f"p{k + 1}.b{c}"] == OPENED, s[f"p{k + 1}.f{c}"])),
                    )
                    for k in range(N)
                    for c in range(1, BREACHES + 1)
                ]
            ),
        ),
        StepProperty(
            "GAME-OVER-FINAL",
            "Once the game is won, lost or stopped, nothing changes any more.",
            ("END.IMMEDIATE",),
            lambda s, t, p: z3.Implies(s["outcome"] != RUNNING, z3.And([t[k] == v for k, v in s.items()])),
        ),
    )
