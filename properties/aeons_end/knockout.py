"""Why some Aeon's End clauses are not caught when their handler is knocked out (read by the knock-out report).

Empty: with the steered random play (``steering.steer``) every one of the 61 handled clauses with a
handler is caught within the budget of ``KNOCKOUT_GAMES`` games per knock-out, 48 by an invariant and 13
by a model exception (the setup tables, the turn order deck and the start of a turn: without them
no game can be set up or go on, so there is no state for an invariant to judge).  A clause whose
knock-out goes uncaught after a model change needs an entry here, saying honestly why (the stub
breaks no rule, or the rule is reached too rarely for the budget) and which invariant guards it
when it does act; ``oblivaeon-verify knockout`` fails on an uncaught clause without a reason.
"""

from __future__ import annotations

UNGUARDED_REASONS: dict[str, str] = {}

#: Kind of work record -> why the knock-out of its handler may go uncaught by the invariants in random play
#: (``knockout --handlers`` and the full report fail on an uncaught kind without one; the report shows it beside a kind
#: only a scenario caught).  Only true reasons belong here: the kind is out of the random games' reach, or its stub
#: breaks no rule; a kind that random play reaches and no invariant checks is a gap, not a reason.
UNGUARDED_KIND_REASONS: dict[str, str] = {
    "HealLowest": "no card schedules it (the healing spell heals through effects.heal_lowest directly): it is the "
    "scenario language's queued 'heal-lowest', which the scenario lowest-life-heal-skips-exhausted plays",
    "EndCheck": "scheduled only under the reading last_attack_reading=resolves-first, and random play keeps the default; "
    "the scenario last-attack-resolves-first-then-win catches its knock-out",
    "ChooseAllyCast": "rare: asked only when Vim Dynamo is played with an ally's spell prepped; "
    "an-ally-spell-goes-to-its-owner checks the cast when it comes up, and the scenario ally-spell-any-ally plays it",
}

#: Games per knock-out before giving up.  An Aeon's End game takes milliseconds, so the budget can be
#: generous: an exhausted player who refills a healing ability is rare (EXHAUST.NO-LIFE-GAIN needed
#: 26 games at seed 0), and 40 games for all 61 clauses take about 3 s.
KNOCKOUT_GAMES = 40

#: The knock-outs a quick report runs: one rule from each phase, then two kinds of work record whose handlers
#: no clause names (harm to the lowest-life player, and the players' choice of whom to harm), each caught within 4 games.
QUICK_KNOCKOUTS: tuple[str, ...] = ("CAST.CLOSED-MUST", "MAIN.GAIN-CHARGE", "DRAW.TO-FIVE", "NEMESIS.DRAW", "HarmLowest", "ChooseHarmed")

#: Clauses whose knock-out used to go uncaught (before the invariants on what must be offered, on
#: harm, Unleash, turn order and setup, and before steering): tests/test_aeons_end_invariants.py
#: knocks each out and checks that an invariant, not a crash, catches it.
ONCE_UNGUARDED: tuple[str, ...] = (
    "CAST.OPENED-MAY",
    "CAST.CLOSED-MUST",
    "CAST.ORDER",
    "CAST.SINGLE-TARGET",
    "MAT.ABILITY",
    "MAIN.OPEN",
    "MAIN.WHILE-PREPPED",
    "MAIN.TO-DISCARD",
    "DRAW.DISCARD-PLAYED",
    "EXHAUST.WHEN",
    "EXHAUST.UNLEASH-TWICE",
    "EXHAUST.DESTROY-BREACH",
    "EXHAUST.DISCARD-CHARGES",
    "EXHAUST.NO-LIFE-GAIN",
    "EXHAUST.LOWEST-LIFE",
    "BREACH.PREP-WHERE",
)
