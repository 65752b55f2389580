"""Steering random play towards the rarely reached corners of Aeon's End.

With the ruleset's own random-play weights a game seldom fills an ability, opens a breach by
paying for it, pays off a power (TO DISCARD) or sees a player exhausted while holding charges.
``steer`` weights player decisions by a temperament fixed per game (from its setup), so a
campaign mixes games where the mages build up (charges, abilities, breaches, expensive cards),
games where they fight the minions, and games where they hold back (minions and powers stay,
Gravehold runs low and players are exhausted).  Chance outcomes keep their true weights: the
search steers the players, never the shuffle.
"""

from __future__ import annotations

import zlib

from oblivaeon_verify.model.aeons_end.cards import MATS, base
from oblivaeon_verify.model.aeons_end.ruleset import RULESET

from oblivaeon_verify.play import choose

#: decision kind (or ``kind:card``, which wins) -> weight, per temperament; unlisted decisions keep
#: the ruleset's random-play weight.  ``saving`` plays every gem before spending and buys gems,
#: so that the aether to open a breach outright or pay off a power comes together; ``charging`` fills abilities;
#: ``fighting`` attacks minions and pays off powers; ``holding-back`` hoards charges and lets the
#: nemesis's cards stay, so players are exhausted with charges on their mats.
TEMPERAMENTS: dict[str, dict[str, int]] = {
    "ruleset": {},
    "saving": {
        "play": 40,
        "open": 400,
        "to-discard": 300,
        "gain:pain-stone": 60,
        "gain:jade": 40,
        "gain:clouded-sapphire": 40,
        "gain:ignite": 30,
        "gain:arcane-nexus": 30,
        "gain": 2,
        "focus": 2,
        "gain-charge": 2,
        "while-prepped": 60,
        "end-main": 1,
    },
    "charging": {"play": 20, "gain-charge": 40, "ability": 60, "gain:clouded-sapphire": 40, "focus": 8, "end-main": 1},
    "fighting": {"prep": 12, "cast": 8, "to-discard": 60, "ally-cast": 20, "gain": 8, "ability": 20, "end-casting": 1, "decline": 1},
    "holding-back": {"end-casting": 6, "decline": 8, "to-discard": 1, "gain-charge": 40, "ability": 1, "play": 10, "end-main": 2},
}
ORDER = tuple(TEMPERAMENTS)


def temperament(state) -> str:
    """Fixed for a game: derived from its setup, so a replay of the game steers the same way."""
    cfg = state.setup
    key = "/".join(cfg.mages) + cfg.nemesis + cfg.difficulty.value
    return ORDER[zlib.crc32(key.encode()) % len(ORDER)]


def steer(rng, state, options):
    """Choose a legal decision: chance by its weight, players by the game's temperament."""
    return steer_as(temperament(state))(rng, state, options)


def steer_as(name: str):
    """The policy of temperament ``name`` whatever the setup (a search that mixes temperaments within one game)."""
    weights = TEMPERAMENTS[name]

    def weight(o) -> int:
        return weights.get(f"{o.kind}:{base(o.card)}", weights.get(o.kind, RULESET.decision_weight(o)))

    def pick(rng, _state, options):
        return choose(rng, options) if options[0].is_chance else choose(rng, options, weight)

    return pick


#: decision kind -> the clause whose rule it exercises when chosen (for 'offered but not chosen').
DECISION_CLAUSES: dict[str, str] = {
    "play": "MAIN.PLAY-GEM-RELIC",
    "gain": "MAIN.GAIN-CARD",
    "gain-charge": "MAIN.GAIN-CHARGE",
    "focus": "MAIN.FOCUS",
    "open": "MAIN.OPEN",
    "prep": "MAIN.PREP",
    "while-prepped": "MAIN.WHILE-PREPPED",
    "to-discard": "MAIN.TO-DISCARD",
    "ability": "MAT.ABILITY",
    "cast": "CAST.OPENED-MAY",
    "ally-cast": "ALLY-SPELL",
    "destroy-breach": "EXHAUST.DESTROY-BREACH",
}


def opened_in_play(s) -> int:
    """Breaches opened during the game (the mat left them closed), by focusing or paying."""
    return sum(1 for m in s.mages for br, f in zip(m.breaches, MATS[m.name].breaches) if br.opened and f >= 0)


#: Corner cases the search should reach routinely, not by luck: name -> predicate on a state.
CORNERS = {
    "a player exhausted": lambda s: any(m.exhausted for m in s.mages),
    "a breach destroyed": lambda s: any(br.destroyed for m in s.mages for br in m.breaches),
    "a breach opened in play": lambda s: opened_in_play(s) >= 1,
    "an ability full": lambda s: any(m.charges >= MATS[m.name].charges for m in s.mages),
    "the turn order deck reshuffled": lambda s: s.cycles >= 2,
    "Gravehold at a third of its life or less": lambda s: 3 * s.gravehold <= s.setup.start_gravehold,
    "the nemesis deck run out": lambda s: not any(s.nemesis_deck),
    "the players won": lambda s: s.outcome is not None and s.outcome.kind == "won",
}
