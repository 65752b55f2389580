"""Statements checked in play: random games of the model, every statement evaluated on every state.

For each state reached (and the moves of the turn so far) a ruleset's ``situation`` function gives
the things the model decides (:mod:`properties.common.clarify.evaluate`); each statement evaluates
True, False or open there.  A necessity that is False somewhere is *violated*, and the game up to
that state is its witness: a replay file (:mod:`oblivaeon_verify.replay` format, expecting the
invariants to hold, since the game itself is legal) from the game's rulebook setup, written through
:mod:`oblivaeon_verify.output`, that replays to the state where the model would have to change for
the statement to hold.  A possibility that is True somewhere is *witnessed*.  Otherwise the answer is
"conforms over N states and M steps" under the stated :class:`Budget`, with how many states decided
it (a statement open on every state was not checked at all, and says so).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from oblivaeon_verify.properties.common.clarify.evaluate import culprits, holds

from oblivaeon_verify import output, replay_file
from oblivaeon_verify.play import choose, game_rng


@dataclass(frozen=True)
class Budget:
    games: int = 3
    players: int = 4
    decisions: int = 4_000
    """The most decisions of one game (random play stops there)."""
    seconds: float | None = None
    """All games together, if given; the search stops at the first state past it.  By default the
    games and decisions alone bound the search, so that what it covers never depends on the load."""
    seed: int = 0

    def __str__(self) -> str:
        within = "" if self.seconds is None else f" and {self.seconds:g} s"
        return f"{self.games} random games of {self.players} players, seed {self.seed}, at most {self.decisions:,} decisions each{within}"


@dataclass
class _Game:
    setup: object
    decisions: list = field(default_factory=list)
    labels: list = field(default_factory=list)
    error: str = ""
    violations: list = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return False


def _no_moves(state, events) -> list[int]:
    return []


def search(
    ruleset,
    statements,
    situation,
    budget: Budget = Budget(),
    knockout: str | None = None,
    moved: Callable[[object, tuple], list[int]] = _no_moves,
) -> dict:
    """Evaluate every (clause, statement) on every state of ``budget``'s random games.

    ``situation(state, moves, where)`` builds the situation of a state; ``moves``: what ``moved(state,
    events)`` found in each step of the turn so far (OblivAeon: the seats whose hero changed battle
    zones; a ruleset without per-turn counts: nothing).  Returns the tallies, a result per statement
    and, for each violated one, its witness (a replay document, not yet written)."""
    params = ruleset.default_parameters()
    start = time.monotonic()
    states = steps = games = 0
    tally = {(cid, n): {"true": 0, "false": 0, "open": 0} for cid, n, _st in statements}
    found: dict = {}
    stopped = ""
    for g in range(budget.games):
        rng = game_rng(budget.seed, budget.players, g)
        setup = ruleset.random_setup(rng, budget.players, params)
        game = _Game(setup)
        state = ruleset.new_game(setup)
        moves: list[int] = []
        turn = None
        games += 1
        while True:
            where = ruleset.where(state)
            sit = situation(state, tuple(moves), where)
            states += 1
            for cid, n, st in statements:
                v = holds(st, sit)
                t = tally[(cid, n)]
                t["open" if v is None else ("true" if v else "false")] += 1
                if (cid, n) in found:
                    continue
                if v is False and not st.possibility:
                    found[(cid, n)] = {
                        "where": where,
                        "things": culprits(st, sit),
                        "replay": replay_file.from_game(ruleset, {}, game, knockout),  # default parameters: no overrides
                    }
                elif v is True and st.possibility:
                    found[(cid, n)] = {"where": where}
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
    results = []
    for cid, n, st in statements:
        t = tally[(cid, n)]
        f = found.get((cid, n))
        if st.possibility:
            result = "witnessed" if f else ("not seen" if t["open"] < states else "open")
        elif f:
            result = "violated"
        else:
            result = "conforms" if t["false"] == 0 and t["true"] > 0 else "open"
        entry = {"clause": cid, "statement": n + 1, "text": st.text, "result": result, "decided_states": t["true"] + t["false"]}
        if f:
            entry["where"] = f["where"]
            if "replay" in f:
                entry["things"] = f["things"]
                entry["witness"] = f["replay"]
        results.append(entry)
    return {
        "budget": str(budget),
        "games": games,
        "states": states,
        "steps": steps,
        "complete": not stopped,
        "stopped": stopped,
        "results": results,
    }


def write_witnesses(found: dict, folder: str | Path, command: str = "clarify") -> dict[str, Path]:
    """Every violated statement's witness as ``CLAUSE-N.json`` in ``folder`` (through :func:`oblivaeon_verify.output.add`)."""
    files = {
        f"{r['clause']}-{r['statement']}.json": json.dumps(r["witness"], indent=1) + "\n"
        for r in found["results"]
        if r["result"] == "violated"
    }
    return output.add(folder, files, command, option="--witnesses") if files else {}
