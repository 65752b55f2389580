"""Statements checked in play: random games of the model and breadth-first explorations around them,
every statement evaluated on every state.

For each state reached (and the moves of the turn so far) a ruleset's ``situation`` function gives
the things the model decides (:mod:`properties.common.clarify.evaluate`); each statement evaluates
True, False or open there.  A necessity that is False somewhere is *violated*, and the game up to
that state is its witness: a replay file (:mod:`oblivaeon_verify.replay` format, expecting the
invariants to hold, since the game itself is legal) from the game's rulebook setup, written through
:mod:`oblivaeon_verify.output`, that replays to the state where the model would have to change for
the statement to hold.  A possibility that is True somewhere is *witnessed*.  Otherwise the answer is
"conforms over N states and M steps" under the stated :class:`Budget`, with how many states decided
it (a statement open on every state was not checked at all, and says so).

Random play goes deep along one line; an exploration (:func:`oblivaeon_verify.explore.explore`) takes
every legal decision, chance's too, around a state of a random game, so that what the line passed by
is seen as well.  It keeps each position once (by the position key), with the moves of the turn along
the shortest path to it: a position reached by two paths whose moves differ is observed with the
first one only.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, Verbosity, settings
from hypothesis.stateful import run_state_machine_as_test
from oblivaeon_verify.properties.common.clarify.evaluate import culprits, holds
from oblivaeon_verify.properties.common.machine import Stats

from oblivaeon_verify import output, replay_file
from oblivaeon_verify.explore import explore
from oblivaeon_verify.play import choose, game_rng
from oblivaeon_verify.replay_file import Played
from oblivaeon_verify.words import count


@dataclass(frozen=True)
class Budget:
    games: int = 3
    players: int = 4
    decisions: int = 4_000
    """The most decisions of one game (random play stops there)."""
    explored: int = 300
    """The most states each breadth-first exploration keeps (0: no exploration)."""
    explore_every: int = 500
    """An exploration starts at the first state of each random game and at every this many decisions of it."""
    examples: int = 10
    """Examples of the ruleset's Hypothesis state machine (0: none), derandomised, so the same each run."""
    machine_steps: int = 10
    """The most rules of one example (a rule is one decision, or a fast-forward of up to 150)."""
    seconds: float | None = None
    """All games, explorations and examples together, if given; the search stops at the first state past it.  By
    default the counts alone bound the search, so that what it covers never depends on the load."""
    seed: int = 0

    def __str__(self) -> str:
        explored = (
            f"; explored breadth-first from every {self.explore_every:,}th decision of each (the first state too), at most {self.explored:,} states each"
            if self.explored
            else ""
        )
        machine = (
            f"; {count(self.examples, 'example')} of the Hypothesis machine of at most {self.machine_steps} rules each"
            if self.examples
            else ""
        )
        within = "" if self.seconds is None else f"; within {self.seconds:g} s"
        games = count(self.games, "random game")
        return f"{games} of {self.players} players, seed {self.seed}, at most {self.decisions:,} decisions each{explored}{machine}{within}"


@dataclass(frozen=True)
class _Root:
    """A state of a random game an exploration starts from, with the game up to it."""

    setup: object
    state: object
    decisions: tuple
    labels: tuple
    turn: object
    moves: tuple


class _OutOfTime(Exception):
    pass


class _MachineFailed(Exception):
    pass


def _no_moves(state, events) -> list[int]:
    return []


@dataclass
class _Observer:
    """Every statement evaluated on each state observed: the tallies, and the first state that shows each."""

    statements: list
    situation: Callable
    tally: dict = field(default_factory=dict)
    found: dict = field(default_factory=dict)
    states: int = 0

    def __post_init__(self) -> None:
        self.tally = {(cid, n): {"true": 0, "false": 0, "open": 0} for cid, n, _st in self.statements}

    def observe(self, state, moves: tuple, where: str, witness: Callable[[], dict], by: str) -> list[tuple]:
        """Count each statement's value here and note the first state to show it; returns the
        necessities still not found elsewhere that are False here, as (key, culprits).

        ``witness()``: the replay document of the game to this state (built only for a violation);
        None leaves a violation to the caller (the machine shrinks its example first)."""
        sit = self.situation(state, moves, where)
        self.states += 1
        broken = []
        for cid, n, st in self.statements:
            v = holds(st, sit)
            t = self.tally[(cid, n)]
            t["open" if v is None else ("true" if v else "false")] += 1
            if (cid, n) in self.found:
                continue
            if v is False and not st.possibility:
                if witness is None:
                    broken.append(((cid, n), culprits(st, sit)))
                else:
                    self.found[(cid, n)] = {"where": where, "by": by, "things": culprits(st, sit), "replay": witness()}
            elif v is True and st.possibility:
                self.found[(cid, n)] = {"where": where, "by": by}
        return broken


def search(
    ruleset,
    statements,
    situation,
    budget: Budget = Budget(),
    knockout: str | None = None,
    moved: Callable[[object, tuple], list[int]] = _no_moves,
    machine: type | None = None,
) -> dict:
    """Evaluate every (clause, statement) on every state of ``budget``'s random games, of the
    breadth-first explorations around them and of the examples of ``machine`` (the ruleset's
    Hypothesis state machine, :class:`properties.common.machine.ModelMachine`).

    ``situation(state, moves, where)`` builds the situation of a state; ``moves``: what ``moved(state,
    events)`` found in each step of the turn so far (OblivAeon: the seats whose hero changed battle
    zones; a ruleset without per-turn counts: nothing).  Returns the tallies, a result per statement
    and, for each violated one, its witness (a replay document, not yet written): the random game up
    to the state, or up to an exploration's start and on along a shortest path to the state."""
    params = ruleset.default_parameters()
    start = time.monotonic()
    steps = games = 0
    seen = _Observer(list(statements), situation)
    roots: list[_Root] = []
    stopped = ""
    for g in range(budget.games):
        rng = game_rng(budget.seed, budget.players, g)
        setup = ruleset.random_setup(rng, budget.players, params)
        game = Played(setup)
        state = ruleset.new_game(setup)
        moves: list[int] = []
        turn = None
        games += 1
        while True:
            seen.observe(
                state,
                tuple(moves),
                ruleset.where(state),
                lambda game=game: replay_file.from_game(ruleset, {}, game, knockout),
                "random play",
            )
            if budget.explored and len(game.decisions) % budget.explore_every == 0:
                roots.append(_Root(setup, state, tuple(game.decisions), tuple(game.labels), turn, tuple(moves)))
            options = ruleset.legal_decisions(state)
            if not options or len(game.decisions) >= budget.decisions:
                break
            if budget.seconds is not None and time.monotonic() - start > budget.seconds:
                stopped = f"the time budget ({budget.seconds:g} s) ran out in game {g + 1}"
                break
            decision = choose(rng, options, ruleset.decision_weight)
            game.decisions.append(options.index(decision))
            game.labels.append(str(decision))
            state, events = ruleset.step(state, decision)
            steps += 1
            now = ruleset.turn_label(state)
            if now != turn:
                turn, moves = now, []
            moves.extend(moved(state, events))
        if stopped:
            break
    random_states = seen.states
    explored = {"starts": 0, "states": 0, "steps": 0}
    for n, root in enumerate(roots):
        if stopped:
            break
        try:
            ex = _explore(ruleset, root, seen, budget, knockout, moved, start)
        except _OutOfTime:
            stopped = f"the time budget ({budget.seconds:g} s) ran out in exploration {n + 1} of {len(roots)}"
            break
        explored["starts"] += 1
        explored["states"] += ex.states
        explored["steps"] += ex.transitions
    examined = {"runs": 0, "states": 0}
    if machine is not None and budget.examples and not stopped:
        before = seen.states
        try:
            examined["runs"] = _examine(machine, ruleset, seen, budget, knockout, moved, start)
        except _OutOfTime:
            stopped = f"the time budget ({budget.seconds:g} s) ran out in the Hypothesis machine"
        except _MachineFailed as e:
            stopped = str(e)
        examined["states"] = seen.states - before
    results = []
    for cid, n, st in statements:
        t = seen.tally[(cid, n)]
        f = seen.found.get((cid, n))
        if st.possibility:
            result = "witnessed" if f else ("not seen" if t["open"] < seen.states else "open")
        elif f:
            result = "violated"
        else:
            result = "conforms" if t["false"] == 0 and t["true"] > 0 else "open"
        entry = {"clause": cid, "statement": n + 1, "text": st.text, "result": result, "decided_states": t["true"] + t["false"]}
        if f:
            entry["where"], entry["found_by"] = f["where"], f["by"]
            if "replay" in f:
                entry["things"] = f["things"]
                entry["witness"] = f["replay"]
        results.append(entry)
    return {
        "budget": str(budget),
        "games": games,
        "states": random_states,
        "steps": steps,
        "explored": explored,
        "machine": examined,
        "complete": not stopped,
        "stopped": stopped,
        "results": results,
    }


def _explore(ruleset, root: _Root, seen: _Observer, budget: Budget, knockout, moved, start: float):
    """One breadth-first exploration from ``root``, every state it keeps observed."""

    def walk(decisions: list):
        """The path's decisions as indices and labels, and the moves of the turn at its end."""
        state, turn, moves = root.state, root.turn, list(root.moves)
        indices, labels = [], []
        for d in decisions:
            indices.append(ruleset.legal_decisions(state).index(d))
            labels.append(str(d))
            state, events = ruleset.step(state, d)
            now = ruleset.turn_label(state)
            if now != turn:
                turn, moves = now, []
            moves.extend(moved(state, events))
        return indices, labels, tuple(moves)

    def visit(state, path) -> None:
        if budget.seconds is not None and time.monotonic() - start > budget.seconds:
            raise _OutOfTime()
        decisions = path()
        moves = root.moves if not decisions else (walk(decisions)[2] if moved is not _no_moves else ())

        def witness() -> dict:
            indices, labels, _moves = walk(decisions)
            game = Played(root.setup, list(root.decisions) + indices, list(root.labels) + labels)
            return replay_file.from_game(ruleset, {}, game, knockout)

        seen.observe(state, moves, ruleset.where(state), witness, "exploration")

    # (no depth limit of its own: a search of N states goes at most N deep)
    return explore(ruleset, root.state, depth=budget.explored, max_states=budget.explored, visit=visit)


class _Shown(Exception):
    """A necessity False in a machine's example: Hypothesis shrinks the example, then it is the witness."""

    def __init__(self, key: tuple, where: str, things: list, replay: dict) -> None:
        super().__init__(f"{key[0]} statement {key[1] + 1} is false at {where}")
        self.key, self.where, self.things, self.replay = key, where, things, replay


def _examine(machine: type, ruleset, seen: _Observer, budget: Budget, knockout, moved, start: float) -> int:
    """Run the state machine (no invariants: the search asks about the statements) until an example
    breaks no statement still unfound, at most once per statement; returns the runs.

    Each run is derandomised and keeps no example database, so the same budget sees the same examples;
    a statement broken in a run is Hypothesis' shrunk example, the witness of the run's failure."""

    class Watching(machine):
        stats = Stats()

        def __init__(self) -> None:
            super().__init__()
            self.checker = self.registry.checker(only=())
            self.turn, self.moves = None, []

        def _fail_if(self, violations) -> None:
            if budget.seconds is not None and time.monotonic() - start > budget.seconds:
                raise _OutOfTime()
            state = self.state
            now = ruleset.turn_label(state)
            if now != self.turn:
                self.turn, self.moves = now, []
            if self.trail:
                self.moves.extend(moved(state, self.trail[-1][2]))
            where = ruleset.where(state)
            broken = seen.observe(state, tuple(self.moves), where, None, "the Hypothesis machine")
            if broken:
                key, things = broken[0]
                game = Played(self.setup, [i for i, _d in self.decisions], [str(d) for _i, d in self.decisions])
                raise _Shown(key, where, things, replay_file.from_game(ruleset, self.parameter_overrides(), game, knockout))

    run_settings = settings(
        max_examples=budget.examples,
        stateful_step_count=budget.machine_steps,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        phases=(Phase.generate, Phase.shrink),
        report_multiple_bugs=False,
    )
    runs = 0
    for _ in range(len(seen.statements)):
        runs += 1
        try:
            run_state_machine_as_test(Watching, settings=run_settings)
        except _Shown as e:
            seen.found[e.key] = {"where": e.where, "by": "the Hypothesis machine", "things": e.things, "replay": e.replay}
            continue
        except _OutOfTime:
            raise
        except Exception as e:  # the model itself failed a machine rule (a knocked-out handler can): not a statement's witness
            raise _MachineFailed(
                f"the Hypothesis machine stopped at a failure of the model itself: {type(e).__name__}: {' '.join(str(e).split())[:200]}"
            ) from None
        break
    return runs


def write_witnesses(found: dict, folder: str | Path, command: str = "clarify") -> dict[str, Path]:
    """Every violated statement's witness as ``CLAUSE-N.json`` in ``folder`` (through :func:`oblivaeon_verify.output.add`)."""
    files = {
        f"{r['clause']}-{r['statement']}.json": json.dumps(r["witness"], indent=1) + "\n"
        for r in found["results"]
        if r["result"] == "violated"
    }
    return output.add(folder, files, command, option="--witnesses") if files else {}
