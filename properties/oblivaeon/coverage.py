"""Which clause each kind of player decision enables (for the 'enabled but not chosen' count)."""

from __future__ import annotations

#: decision kind -> the clause whose rule it exercises when chosen.
DECISION_CLAUSES: dict[str, str] = {
    "move": "HERO.MOVE",
    "take-objective": "HERO.OPT.TAKE",
    "swap-objective": "HERO.OPT.SWAP",
    "trade-objective": "HERO.OPT.TRADE",
    "shuffle-mission-deck": "HERO.OPT.SHUFFLE",
    "incap-ability": "HERO.OPT.INCAP-ABILITY",
    "regain-reward": "HERO.OPT.REGAIN-REWARD",
    "pay-objective": "MISSION.OBJECTIVE-COMPLETION",
    "set-up-hero": "INCAP.REPLACEMENT",
    "environment": "ENV.REMOVAL.REPLACE",
}


def _environments_lost(s) -> int:
    return len(s.setup.environments) - len(s.envs)


#: Deep corner cases the search should reach routinely, not by luck: name -> predicate on a state.
CORNERS = {
    "an environment removed": lambda s: _environments_lost(s) >= 1,
    "a second environment removed": lambda s: _environments_lost(s) >= 2,
    "the Scion Reserve down to one": lambda s: len(s.reserve) <= 1,
    "a hero incapacitated twice in one play area": lambda s: any(len(seat.incapacitated) >= 2 for seat in s.seats),
    "a hero erased": lambda s: bool(s.erased),
    "the Shield gone": lambda s: s.shield_side == 0,
    "OblivAeon in his third form": lambda s: s.form >= 3,
    "the game lost with no set-aside environment": lambda s: s.outcome is not None and s.outcome.clause == "ENV.REMOVAL.LOSS",
}
