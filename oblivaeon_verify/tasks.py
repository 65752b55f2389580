"""The work of every campaign, as typed task records: whichever backend runs them, a task gives the same result.

A task is a frozen record of everything its work depends on (ruleset, parameters, seed, which games)
and nothing about where it runs; :func:`execute` runs one and returns its result as plain JSON
values (dicts, lists, strings, numbers), normalised through a JSON round trip so that a result
computed here, in a worker process, on a Dask worker or read back from a shard file is the same
value.  Campaigns (:mod:`oblivaeon_verify.plans`) list their tasks in a fixed order and merge the
results in that order, so the output never depends on how many workers there were.

Seeds: a game's generator is seeded by (campaign seed, player count, game index) (``play.game_rng``),
so a chunk of games is the same whoever plays it; a batch of Hypothesis examples gets its own seed
derived from the campaign seed and the batch number (:func:`derived_seed`).

Some tasks change their process while they run (a knock-out swaps a rule's handler out; the
Hypothesis machine keeps its statistics in its module): those are ``exclusive``, and run one at a
time in a process even where a backend runs several tasks in threads of one process (Dask).
"""

from __future__ import annotations

import abc
import contextlib
import hashlib
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from oblivaeon_verify import rulesets

_EXCLUSIVE = threading.Lock()
_inside = 0
"""How many tasks this process is running: a campaign started inside a task runs its own tasks in place."""


def inside_a_task() -> bool:
    """Whether this process is running a task now (a section's own knock-outs then run in place, not in a new pool)."""
    return _inside > 0


def derived_seed(seed: int, *path: object) -> int:
    """A 64-bit seed for one part of a campaign: the same for the same seed and part, on every machine."""
    text = "/".join(str(p) for p in (seed, *path))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True, allow_nan=False))


def execute(task: Task, *, here: bool = False) -> Any:
    """Run ``task`` and return its result as plain JSON values (the one function every backend calls).

    ``here``: in the commanding process (the local backend's in-place tasks), which may start a pool of its own.
    """
    global _inside
    with _EXCLUSIVE if task.exclusive else contextlib.nullcontext():
        _inside += 0 if here else 1
        try:
            return _plain(task.run())
        finally:
            _inside -= 0 if here else 1


class Task(abc.ABC):
    """A unit of campaign work (a frozen dataclass); ``run`` returns JSON values."""

    exclusive: ClassVar[bool] = False
    in_place: ClassVar[bool] = False
    """Run in the commanding process by the local backend: few, long tasks that keep that process's
    own interrupt handling (a Z3 query interrupted at once, a Hypothesis run stopped between examples)."""

    @abc.abstractmethod
    def run(self) -> Any:
        """Do the work; a task without its own ``run`` cannot be made."""

    def describe(self) -> dict:
        """What the task is, as JSON (parameters by their digest): what a shard file's plan digest is made of."""
        out: dict[str, Any] = {"kind": type(self).__name__}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = parameters_digest(v) if f.name == "params" else v
        return out


def parameters_digest(params: Any) -> str:
    """The model parameters' values, hashed: two runs with the same digest played the same rules."""
    from oblivaeon_verify.model.common.parameters import plain

    return hashlib.sha256(json.dumps(plain(params), sort_keys=True).encode()).hexdigest()


def _ruleset(name: str):
    return rulesets.load(name)


# --- random play ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Games(Task):
    """Games ``first`` .. ``first + count - 1`` of one player count: random play, optionally conformance-checked."""

    ruleset: str
    params: Any
    seed: int
    players: int
    first: int
    count: int
    conformance: bool = False
    handler_counts: bool = False
    census: bool = False
    """Take the census of what each target description picks (``properties.common.census``) while playing."""

    def run(self) -> dict:
        from oblivaeon_verify import handlers
        from oblivaeon_verify.play import Tally, play_game
        from oblivaeon_verify.properties.common.census import Census

        ruleset = _ruleset(self.ruleset)
        tally = Tally()
        fired: Counter = Counter()
        counting = handlers.counting(f"oblivaeon_verify.model.{self.ruleset}", fired) if self.handler_counts else contextlib.nullcontext()
        facts = rulesets.plugin(self.ruleset).census if self.census else None
        census = Census(facts()) if facts is not None else None
        with counting:
            for i in range(self.first, self.first + self.count):
                with census.game(self.players, i) if census is not None else contextlib.nullcontext():
                    play_game(ruleset, self.params, self.seed, self.players, i, conformance=self.conformance, tally=tally)
        out = {"tally": tally_json(tally), "fired": dict(fired)}
        if census is not None:
            out["census"] = census.to_json()
        return out


def tally_json(t) -> dict:
    return {
        "games": t.games,
        "rounds": t.rounds,
        "decisions": t.decisions,
        "chance_decisions": t.chance_decisions,
        "outcomes": dict(t.outcomes),
        "reasons": dict(t.reasons),
        "event_clauses": dict(t.event_clauses),
        "errors": t.errors,
        "timing": {"seconds": t.seconds},
    }


def tally_of(doc: dict):
    from oblivaeon_verify.play import Tally

    return Tally(
        games=doc["games"],
        rounds=doc["rounds"],
        decisions=doc["decisions"],
        chance_decisions=doc["chance_decisions"],
        seconds=doc["timing"]["seconds"],
        outcomes=Counter(doc["outcomes"]),
        reasons=Counter(doc["reasons"]),
        event_clauses=Counter(doc["event_clauses"]),
        errors=list(doc["errors"]),
    )


# --- checked play (every invariant after every step) ------------------------------------------


@dataclass(frozen=True)
class CheckedGames(Task):
    """Checked random games ``first`` .. ``first + count - 1`` of one player count (``check``'s random campaign)."""

    ruleset: str
    params: Any
    seed: int
    players: int
    first: int
    count: int

    def run(self) -> dict:
        from oblivaeon_verify import handlers, replay
        from oblivaeon_verify.checked_play import CheckTally, play_checked

        ruleset = _ruleset(self.ruleset)
        tally = CheckTally()
        fired: Counter = Counter()
        with handlers.counting(ruleset.package, fired):
            for i in range(self.first, self.first + self.count):
                play_checked(ruleset, self.params, self.seed, self.players, i, tally=tally)
        failures = [
            {
                "game": g.index,
                "players": g.players,
                "seed": g.seed,
                "violations": [str(v) for v in g.violations],
                "error": g.error,
                "replay": replay.from_game(ruleset, self.params, g),
            }
            for g in tally.failures
        ]
        counters = ("checked", "violations", "clause_events", "offered", "chosen", "corners", "outcomes")
        return {
            "games": tally.games,
            "steps": tally.steps,
            **{name: dict(getattr(tally, name)) for name in counters},
            "failures": failures,
            "fired": dict(fired),
            "timing": {"seconds": tally.seconds},
        }


# --- the Hypothesis state machine -------------------------------------------------------------


@dataclass(frozen=True)
class MachineExamples(Task):
    """One batch of the ruleset's Hypothesis state machine: ``examples`` examples of up to ``steps`` steps.

    ``database`` is where Hypothesis keeps failing examples (:mod:`oblivaeon_verify.example_db`; None:
    none): a failure saved there by an earlier run is replayed before anything new is tried.
    """

    exclusive: ClassVar[bool] = True
    in_place: ClassVar[bool] = True

    ruleset: str
    seed: int
    batch: int
    examples: int
    steps: int
    database: str | None = None
    params: Any = None
    """The parameters setups are drawn under (``--param``; None: the defaults)."""

    def run(self) -> dict:
        from hypothesis import HealthCheck, settings

        from oblivaeon_verify import example_db, interrupts

        machine = rulesets.plugin(self.ruleset).machine()
        machine.STATS.reset()
        cfg = settings(
            max_examples=self.examples,
            stateful_step_count=self.steps,
            deadline=None,
            database=example_db.open_database(self.database, namespace=f"check/{self.ruleset}"),
            suppress_health_check=list(HealthCheck),
            print_blob=False,
        )
        start = time.perf_counter()
        failure = ""
        try:
            with example_db.seeded(machine.MACHINE, derived_seed(self.seed, "machine", self.batch)), _no_local_constants():
                from hypothesis.stateful import run_state_machine_as_test  # looked up now: tests replace it

                run_state_machine_as_test(machine.MACHINE.under(self.params), settings=cfg)
        except (KeyboardInterrupt, AssertionError) as e:
            if isinstance(e, KeyboardInterrupt) or interrupts.received() is not None:
                stopped = interrupts.stopped(e, during="the Hypothesis state machine")
                stopped.partial = (machine.STATS.examples, machine.STATS.steps)  # this batch's, for the command's total
                raise stopped from None
            failure = str(e) or repr(e)  # an assertion without a message is a failure all the same
        return {
            "examples": machine.STATS.examples,
            "steps": machine.STATS.steps,
            "failure": failure,
            "timing": {"seconds": round(time.perf_counter() - start, 2)},
        }


@contextlib.contextmanager
def _no_local_constants():
    """Hypothesis draws without the constants it gathers from the source of every local module imported.

    Which modules a process has imported depends on the process (the command's, a Dask worker's), so
    with them the same seed drew other examples in a worker than in the command.  Hypothesis' own
    constants (0, -1, the edges of a range, ...) still come up.  (Hypothesis has no setting for this:
    its private function is replaced while the batch runs, and its cache of permitted constants is
    cleared on the way in and out; a Hypothesis without local constants has nothing to replace.)
    """
    try:
        from hypothesis.internal.conjecture import providers
    except ImportError:  # pragma: no cover
        yield
        return
    real = getattr(providers, "_get_local_constants", None)
    if real is None or not hasattr(providers, "Constants"):  # pragma: no cover - an older Hypothesis
        yield
        return
    none = providers.Constants()
    providers.CONSTANTS_CACHE.cache.clear()
    providers._get_local_constants = lambda: none
    try:
        yield
    finally:
        providers._get_local_constants = real
        providers.CONSTANTS_CACHE.cache.clear()


# --- knock-outs -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Knockout(Task):
    """One clause's handler, or one record kind's, knocked out, up to ``games`` checked games (:func:`knockout_runner.run_one`)."""

    exclusive: ClassVar[bool] = True  # the knock-out swaps the handler out for the whole process

    ruleset: str
    params: Any
    target: str
    """A clause id or the name of a kind of work record (told apart by the catalogue: ``knockout.is_clause``)."""
    seed: int
    games: int

    def run(self) -> dict:
        from oblivaeon_verify import knockout_runner

        return knockout_runner.run_one(_ruleset(self.ruleset), self.params, self.target, seed=self.seed, games=self.games).to_json()


# --- report sections --------------------------------------------------------------------------


@dataclass(frozen=True)
class Section(Task):
    """One report section (:mod:`oblivaeon_verify.sections`): its data, Markdown and findings, or why it failed.

    In place unless the section says it may run in a worker (``sections.in_a_worker``)."""

    ruleset: str
    name: str
    seed: int
    quick: bool

    @property
    def in_place(self) -> bool:  # type: ignore[override]
        from oblivaeon_verify import sections

        return not sections.in_a_worker(self.name)

    def run(self) -> dict:
        from oblivaeon_verify import sections

        return sections.run(_ruleset(self.ruleset), self.name, seed=self.seed, quick=self.quick)
