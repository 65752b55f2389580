"""The fewest decisions to a designer goal, in the model's own play (``ask --goal TEXT --minimise decisions``).

Rounds and turns are numbers of the symbolic abstraction; decisions are not (one abstract step may
be many decisions, or none), so this measure is searched in the executable model, from one rulebook
setup: the setup of game 0 of the seed, as ``simulate --seed`` makes it.  Decisions are counted as
``explore --depth`` counts them: every step of the model, players' choices and chance's draws alike.

Two searches bound the answer from both sides:

* **at most**: random games from that setup (game 0 is ``simulate``'s own game 0, the others draw their
  decisions from streams of their own); the first state of a game where the goal holds gives a
  witness, a replay file from the setup, and the fewest such decisions over the games is an upper
  bound.  A game stops once it cannot beat the best so far.
* **at least**: a breadth-first search from the setup over every legal decision, to at most the
  upper bound, within a budget of states.  Every state at a depth it finished was checked, so the
  goal needs at least that many decisions.  States are merged when their position key (what the rules
  see) and their abstract values (what the goal reads) are the same, so a merge hides no state the
  goal would tell apart.  A breadth-first hit is a shortest path: the answer is then exact.

The answer is exact when the two meet, and otherwise says both bounds and the budget.  The goal is a
formula over the abstraction's fields (``oblivaeon_verify.smt.goals``), compiled once and evaluated on
each state's abstract values.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import z3

from oblivaeon_verify import replay_file
from oblivaeon_verify.explore import Goal as SearchGoal
from oblivaeon_verify.explore import explore
from oblivaeon_verify.play import choose, game_rng
from oblivaeon_verify.replay_file import Played
from oblivaeon_verify.smt.answers import Answer
from oblivaeon_verify.smt.evaluate import compile_expr, run
from oblivaeon_verify.smt.goals import DECISIONS, Goal
from oblivaeon_verify.words import count


@dataclass(frozen=True)
class PlayBudget:
    """What the search in play may spend: counted in games, decisions and states, never in seconds, so
    that the answer is the same on every machine."""

    games: int = 50
    decisions: int = 5_000
    """The most decisions of one random game."""
    explored: int = 20_000
    """The most states the breadth-first search keeps."""
    seed: int = 2026
    """Every command's default seed (``commands.common.DEFAULT_SEED``, which a test holds this to)."""

    def __str__(self) -> str:
        return (
            f"{count(self.games, 'random game')} of at most {self.decisions:,} decisions each and a breadth-first search of at most"
            f" {self.explored:,} states, seed {self.seed}"
        )


def compiled(goal: Goal, fields: tuple[tuple[str, str], ...], params: dict) -> Callable[[dict], bool]:
    """The goal as a function of a state's abstract values (``fields``: each field's name and sort)."""
    state = {name: (z3.Int(name) if sort == "int" else z3.Bool(name)) for name, sort in fields}
    code = compile_expr(goal.formula(state, params))
    return lambda values: bool(run(code, values))


def fewest_decisions(
    ruleset,
    players: int,
    goal: Goal,
    holds: Callable[[dict], bool],
    abstract: Callable[[object], dict],
    budget: PlayBudget = PlayBudget(),
    notes: tuple[str, ...] = (),
) -> Answer:
    """The fewest decisions from the setup of game 0 of ``budget.seed`` to a state whose abstract values
    (``abstract(state)``) meet ``holds``, with the witness as steps and as a replay document."""
    rng = game_rng(budget.seed, players, 0)
    setup = ruleset.random_setup(rng, players, ruleset.default_parameters())
    start = ruleset.new_game(setup)
    notes = [
        *notes,
        f"goal: {goal.text}",
        f"in the model's own play from the rulebook setup of game 0 of seed {budget.seed} (simulate's; the replay file's setup)",
        "decisions: every step of the model, players' choices and chance's draws alike (as explore --depth counts them)",
        f"searched: {budget}",
    ]
    best = _random_games(ruleset, players, setup, start, rng, holds, abstract, budget)
    if best is not None and not best.decisions:
        notes.append("exact: the goal holds when the game starts")
        return _reached(ruleset, players, start, best, abstract, 0, notes)
    limit = budget.decisions if best is None else len(best.decisions) - 1
    key = lambda s: (ruleset.position_key(s), tuple(abstract(s).values()))  # noqa: E731
    ex = explore(
        ruleset,
        start,
        depth=limit,
        max_states=budget.explored,
        key=key,
        goals=(SearchGoal("goal", state=lambda s: holds(abstract(s))),),
        stop_when_found=True,
    )
    hit = ex.hits.get("goal")
    if hit is not None:
        best = _replayed(ruleset, setup, start, hit.decisions)
        notes.append(f"exact: the breadth-first search found it, and every shorter path was searched ({ex.states:,} states)")
    elif best is None:
        deepest = max(ex.per_depth())
        if ex.complete:
            notes.append(f"no state of the game from this setup within {count(limit, 'decision')} meets the goal")
            return Answer("goal", "unreachable-within", limit, players, notes, value_label=DECISIONS.label)
        notes.append(f"not found: no random game reached the goal; at least {count(deepest, 'decision')} (breadth-first)")
        return Answer("goal", "unknown", limit, players, notes, value_label=DECISIONS.label)
    elif ex.complete:
        notes.append(f"exact: every path of fewer decisions was searched breadth-first ({ex.states:,} states)")
    else:
        deepest = max(ex.per_depth())
        notes.append(
            f"at least {count(deepest, 'decision')}: every path of fewer was searched breadth-first ({ex.states:,} states);"
            f" at most {len(best.decisions)}, by the witness (the fewest of the random games)"
        )
    return _reached(ruleset, players, start, best, abstract, limit, notes)


def _reached(ruleset, players: int, start, best: Played, abstract, depth: int, notes: list[str]) -> Answer:
    witness = _witness(ruleset, start, best, abstract)
    doc = replay_file.from_game(ruleset, {}, best)
    return Answer("goal", "reached", depth, players, notes, witness, {}, len(best.decisions), DECISIONS.label, replay=doc)


def _random_games(ruleset, players, setup, start, rng, holds, abstract, budget: PlayBudget) -> Played | None:
    """The random game from ``start`` that meets the goal in the fewest decisions, cut there (None: none did)."""
    best: Played | None = None
    for g in range(budget.games):
        # game 0 goes on with the setup's own generator: it is simulate's game 0; the others draw from their own streams
        rng = rng if g == 0 else random.Random(f"{budget.seed}/{players}/0/{g}")
        game, state = Played(setup), start
        cap = budget.decisions if best is None else len(best.decisions) - 1
        while not holds(abstract(state)):
            options = ruleset.legal_decisions(state)
            if not options or len(game.decisions) >= cap:
                game = None
                break
            decision = choose(rng, options, ruleset.decision_weight)
            game.decisions.append(options.index(decision))
            game.labels.append(str(decision))
            state, _events = ruleset.step(state, decision)
        if game is not None:
            best = game
    return best


def _replayed(ruleset, setup, start, decisions) -> Played:
    game, state = Played(setup), start
    for d in decisions:
        game.decisions.append(ruleset.legal_decisions(state).index(d))
        game.labels.append(str(d))
        state, _events = ruleset.step(state, d)
    return game


def _witness(ruleset, start, game: Played, abstract) -> list[dict]:
    """The witness as steps: each decision, where it was taken and the abstract values after it."""
    state = start
    steps = [{"step": 0, "action": "setup", "where": ruleset.where(state), "state": abstract(state)}]
    for i, index in enumerate(game.decisions, 1):
        where = ruleset.where(state)
        state, _events = ruleset.step(state, ruleset.legal_decisions(state)[index])
        steps.append({"step": i, "action": game.labels[i - 1], "where": where, "state": abstract(state)})
    return steps
