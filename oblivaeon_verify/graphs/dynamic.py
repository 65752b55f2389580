"""Rule interactions observed in play: events counted over random games and a Hypothesis run.

Within one step, the events come in the order the rules produced them.  For consecutive events
``a`` then ``b`` whose clauses differ, we count ``a``'s kind -> ``b``'s clause as an observed
reaction (``b``'s rule ran right after ``a`` happened), unless ``b``'s clause fires on the clock
(a new turn or round, the facts' ``SCHEDULE``).  Each clause -> kind pair is an observed emit.
A step's *chain* is the sequence of distinct clauses its events cite, in order, cut at clock
events (a chain never runs from one turn into the next).

Random games use the campaign's own generator and chooser (``play.game_rng``, ``play.choose``), so
game ``i`` of seed ``s`` is the game ``oblivaeon-verify simulate --seed s --first i`` plays.
The Hypothesis run draws decisions by index from the legal ones (derandomised: same run each time).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from oblivaeon_verify import handlers
from oblivaeon_verify.play import choose, game_rng


@dataclass
class Observation:
    emits: Counter = field(default_factory=Counter)
    """(clause, event kind) -> count."""
    reactions: Counter = field(default_factory=Counter)
    """(event kind, clause) -> count."""
    chains: Counter = field(default_factory=Counter)
    """tuple of clauses (one step, in order, consecutive repeats merged) -> count."""
    cited: Counter = field(default_factory=Counter)
    handler_calls: Counter = field(default_factory=Counter)
    games: int = 0
    hypothesis_examples: int = 0
    steps: int = 0
    seconds: float = 0.0
    sources: list = field(default_factory=list)

    def record(self, events, schedule: frozenset) -> None:
        """Count one step's events.  A clock event (a new turn or round) cuts the step in two: what
        comes after it is not read as a reaction to what came before."""
        self.steps += 1
        chain: list[str] = []
        prev = None
        for e in events:
            self.emits[(e.clause, e.kind)] += 1
            self.cited[e.clause] += 1
            if e.clause in schedule:
                self._chain(chain)
                chain, prev = [], None
                continue
            if prev is not None and prev.clause != e.clause:
                self.reactions[(prev.kind, e.clause)] += 1
            if not chain or chain[-1] != e.clause:
                chain.append(e.clause)
            prev = e
        self._chain(chain)

    def _chain(self, chain: list[str]) -> None:
        if len(chain) > 1:
            self.chains[tuple(chain)] += 1


def observe(
    ruleset,
    *,
    seed: int,
    games: int,
    players: tuple[int, ...] | None = None,
    max_decisions: int = 4000,
    hypothesis_examples: int = 0,
    hypothesis_steps: int = 300,
    schedule: tuple[str, ...] = (),
    count_handlers: bool = True,
) -> Observation:
    """Play ``games`` random games per player count (and a Hypothesis run) and record what happened."""
    obs = Observation()
    sched = frozenset(schedule)
    params = ruleset.default_parameters()
    counts = players or tuple(ruleset.players)
    t0 = time.perf_counter()

    def run() -> None:
        for n in counts:
            for i in range(games):
                rng = game_rng(seed, n, i)
                state = ruleset.new_game(ruleset.random_setup(rng, n, params))
                for _ in range(max_decisions):
                    options = ruleset.legal_decisions(state)
                    if not options:
                        break
                    state, events = ruleset.step(state, choose(rng, options))
                    obs.record(events, sched)
                obs.games += 1
        if hypothesis_examples:
            _hypothesis_run(ruleset, params, obs, sched, seed, hypothesis_examples, hypothesis_steps, counts)

    if count_handlers:
        with handlers.counting(f"oblivaeon_verify.model.{ruleset.name}", obs.handler_calls):
            run()
    else:
        run()
    obs.seconds = time.perf_counter() - t0
    obs.sources = [
        f"{games} random games for each of {', '.join(map(str, counts))} {ruleset.players_word}, seed {seed} (at most {max_decisions} decisions each)",
    ]
    if hypothesis_examples:
        obs.sources.append(f"Hypothesis: {hypothesis_examples} derandomised examples of up to {hypothesis_steps} decisions")
    return obs


def _hypothesis_run(ruleset, params, obs: Observation, sched, seed: int, examples: int, steps: int, counts) -> None:
    import random

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[p for p in __import__("hypothesis").Phase if p.name in ("explicit", "generate")],
    )
    @given(st.data())
    def one(data) -> None:
        n = data.draw(st.sampled_from(counts), label="players")
        setup_seed = data.draw(st.integers(0, 2**32 - 1), label="setup seed")
        state = ruleset.new_game(ruleset.random_setup(random.Random(f"{seed}/{setup_seed}"), n, params))
        for _ in range(steps):
            options = ruleset.legal_decisions(state)
            if not options:
                break
            pick = data.draw(st.integers(0, len(options) - 1), label="decision")
            state, events = ruleset.step(state, options[pick])
            obs.record(events, sched)
        obs.hypothesis_examples += 1

    one()
