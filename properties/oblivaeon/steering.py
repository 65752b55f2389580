"""Steering random play towards the rarely reached corners of the rules.

Uniform random play rarely loses two environments, empties the Scion Reserve or sees a player
lose two heroes.  ``steer`` weights player decisions by a temperament fixed per game (from its
setup), so a campaign mixes games where the heroes fight hard (Scions fall, the Reserve runs
low, Shields go away, forms are beaten) and games where they hold back (heroes fall again and
again, Devastation piles up, environments are destroyed one after another).  Chance outcomes
keep their true weights: the search steers the players, never the shuffle.
"""

from __future__ import annotations

import zlib

from oblivaeon_verify.play import choose

#: decision kind -> weight, per temperament.  Unlisted kinds weigh 1.
TEMPERAMENTS: dict[str, dict[str, int]] = {
    "uniform": {},
    "fighting": {"play-card": 4, "use-power": 4, "skip-play": 1, "skip-power": 1, "take-objective": 6, "pay-objective": 6, "no-option": 1},
    "holding-back": {
        "skip-play": 6,
        "skip-power": 6,
        "move": 3,
        "no-option": 4,
        "incap-ability": 4,
        "regain-reward": 4,
        "swap-objective": 2,
        "trade-objective": 3,
    },
    "wandering": {"move": 8, "stay": 1, "trade-objective": 6, "swap-objective": 4, "regain-reward": 6, "incap-ability": 6},
}
ORDER = tuple(TEMPERAMENTS)


def temperament(state) -> str:
    """Fixed for a game: derived from its setup, so a replay of the game steers the same way."""
    cfg = state.setup
    key = "/".join(cfg.heroes) + cfg.shield + "".join(cfg.environments)
    return ORDER[zlib.crc32(key.encode()) % len(ORDER)]


def steer(rng, state, options):
    """Choose a legal decision: chance by its weight, players by the game's temperament."""
    return steer_as(temperament(state))(rng, state, options)


def steer_as(name: str):
    """The policy of temperament ``name`` whatever the setup (a search that mixes temperaments within one game)."""
    weights = TEMPERAMENTS[name]

    def pick(rng, _state, options):
        if options[0].is_chance or not weights:
            return choose(rng, options)
        ws = [weights.get(o.kind, 2) for o in options]
        r = rng.randrange(sum(ws))
        for o, w in zip(options, ws):
            r -= w
            if r < 0:
                return o
        return options[-1]  # pragma: no cover (r < sum of weights)

    return pick
