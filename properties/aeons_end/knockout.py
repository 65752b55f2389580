"""Why some Aeon's End clauses are not caught when their handler is knocked out (read by the knock-out report).

"Missing invariant" means the knock-out shows a real gap that a future invariant should close.
"""

from __future__ import annotations

UNGUARDED_REASONS: dict[str, str] = {
    "CAST.OPENED-MAY": "the stub offers no casting options at all, so spells simply stay prepped (allowed); "
    "missing invariant: a spell prepped in an opened breach must be offered for casting",
    "CAST.CLOSED-MUST": "shares its handler with CAST.OPENED-MAY (the casting options): same reason",
    "CAST.ORDER": "shares its handler with CAST.OPENED-MAY (the casting options): same reason",
    "CAST.SINGLE-TARGET": "the stub returns no damage targets, so no cast or damage ability is ever offered (allowed by every "
    "invariant); missing invariant: the nemesis is always a legal spell target",
    "MAT.ABILITY": "the ability is rarely full within 10 random games, and when knocked out it changes nothing the invariants "
    "read; missing invariant: a full ability must be offered",
    "MAIN.OPEN": "opening costs more aether than random play usually has; too rare for the budget",
    "MAIN.WHILE-PREPPED": "only two spells have a While-prepped effect; too rare for the budget",
    "MAIN.TO-DISCARD": "TO DISCARD costs 4 to 7 aether; too rare for the budget",
    "DRAW.DISCARD-PLAYED": "the stub offers no ordering choice, so the engine moves the played cards itself; the order is a "
    "player's free choice, so no invariant can tell",
    "EXHAUST.WHEN": "the stub makes player damage do nothing: no event, no state change; missing invariant: "
    "an attack on a player lowers someone's life or Gravehold's",
    "EXHAUST.UNLEASH-TWICE": "shares its handler with EXHAUST.WHEN (harm_player): same reason",
    "EXHAUST.DESTROY-BREACH": "exhaustion happens about once a game and the breach choice is queued; too rare for the budget",
    "EXHAUST.DISCARD-CHARGES": "exhausted players rarely hold charges; too rare for the budget",
    "EXHAUST.NO-LIFE-GAIN": "the stub stops every heal, which no invariant forbids; healing an exhausted player (the broken "
    "direction) is what exhausted-gain-no-life checks",
    "EXHAUST.LOWEST-LIFE": "the stub returns no player, so the damage falls on Gravehold (the model's documented fallback); "
    "missing invariant: 'lowest life' damage lands on a non-exhausted player while one exists",
}
