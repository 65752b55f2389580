"""Random play with every invariant checked after every step (game-independent).

The invariant registry of a ruleset is found through the ruleset object (its
``properties_module`` names the package that offers ``INVARIANTS``, ``Step`` and, optionally,
``steer``).  A game stops at its first violating step; the violations and the decisions that led
there are kept, so the failure can be written out as a replay file.
"""

from __future__ import annotations

import ctypes
import importlib
import signal
import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field

from oblivaeon_verify.play import choose, game_rng


class GameHung(RuntimeError):
    """No decision point or end was reached within the time limit: the game runs on forever."""


@contextmanager
def time_limit(seconds: float | None):
    """Raise GameHung in this thread after ``seconds`` (a no-op without a limit).

    In the main thread by SIGALRM; in another (a Dask worker runs its tasks in threads, where no
    signal arrives) by a timer that raises it in this thread asynchronously, between two bytecodes
    of the model's pure-Python loop.
    """
    if not seconds:
        yield
        return
    message = f"no legal decision and no end within {seconds:g} s: the model runs on forever"
    if threading.current_thread() is not threading.main_thread():
        with _async_limit(seconds, message):
            yield
        return

    def alarm(signum, frame):
        raise GameHung(message)

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def _async_limit(seconds: float, message: str):
    hung = type("GameHung", (GameHung,), {"__init__": lambda self: GameHung.__init__(self, message)})
    target = ctypes.c_ulong(threading.get_ident())
    lock, live = threading.Lock(), [True]

    def fire() -> None:
        with lock:
            if live[0]:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(target, ctypes.py_object(hung))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            live[0] = False
            ctypes.pythonapi.PyThreadState_SetAsyncExc(target, None)  # one that fired but was not raised yet: not later


def properties(ruleset):
    """The ruleset's properties package (invariants, machine, steering)."""
    name = getattr(ruleset, "properties_module", None)
    if not name:
        raise LookupError(f"ruleset {ruleset.name} names no properties module (attribute properties_module)")
    return importlib.import_module(name)


@dataclass
class CheckedGame:
    players: int
    seed: int
    index: int
    setup: object = None
    steps: int = 0
    decisions: list = field(default_factory=list)
    """Indices into the legal decisions, in order (what a replay file records)."""
    labels: list = field(default_factory=list)
    violations: list = field(default_factory=list)
    error: str = ""
    outcome: str = ""
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return bool(self.violations or self.error)


@dataclass
class CheckTally:
    """Per invariant: states (or steps) checked and violations; games, steps and failures."""

    games: int = 0
    steps: int = 0
    checked: Counter = field(default_factory=Counter)
    violations: Counter = field(default_factory=Counter)
    failures: list = field(default_factory=list)
    clause_events: Counter = field(default_factory=Counter)
    offered: Counter = field(default_factory=Counter)
    """Per clause: player decision points where a decision exercising it was legal."""
    chosen: Counter = field(default_factory=Counter)
    corners: Counter = field(default_factory=Counter)
    """Per corner case the properties name (``CORNERS``): games that reached it."""
    outcomes: Counter = field(default_factory=Counter)
    seconds: float = 0.0


def play_checked(
    ruleset,
    params,
    seed: int,
    players: int,
    index: int,
    *,
    tally: CheckTally | None = None,
    steer: bool = True,
    max_steps: int | None = None,
    only=None,
    limit_seconds: float | None = None,
) -> CheckedGame:
    """One random game (steered if the properties offer ``steer``), all invariants after every step."""
    props = properties(ruleset)
    registry = props.INVARIANTS
    names = [i.name for i in registry] if only is None else list(only)
    rng = game_rng(seed, players, index)
    game = CheckedGame(players, seed, index)
    tally = tally if tally is not None else CheckTally()
    policy = getattr(props, "steer", None) if steer else None
    enables = getattr(props, "DECISION_CLAUSES", {})
    corners = getattr(props, "CORNERS", {})
    reached: set[str] = set()
    start = time.perf_counter()
    try:
        with time_limit(limit_seconds):
            _play(ruleset, props, registry, params, rng, game, tally, policy, enables, corners, reached, max_steps, only)
    except Exception as e:  # the model raised (or hung) during legal play: a failure the harness reports
        game.error = f"{type(e).__name__}: {e}"
        game.outcome = "error"
    game.seconds = time.perf_counter() - start
    tally.games += 1
    tally.steps += game.steps
    tally.seconds += game.seconds
    tally.outcomes[game.outcome] += 1
    tally.corners.update(reached)
    for n in names:
        tally.checked[n] += game.steps + 1
    for v in game.violations:
        tally.violations[v.invariant] += 1
    if game.failed:
        tally.failures.append(game)
    return game


def _play(ruleset, props, registry, params, rng, game, tally, policy, enables, corners, reached, max_steps, only) -> None:
    """The game loop of :func:`play_checked`: stops at the first violating step, the end, or ``max_steps``."""
    game.setup = ruleset.random_setup(rng, game.players, params)
    state = ruleset.new_game(game.setup)
    game.violations = registry.check_state(state, only=only)
    while not game.violations:
        options = ruleset.legal_decisions(state)
        if not options or (max_steps is not None and game.steps >= max_steps):
            break
        decision = policy(rng, state, options) if policy else choose(rng, options)
        if not decision.is_chance:
            for clause in {enables[o.kind] for o in options if o.kind in enables}:
                tally.offered[clause] += 1
            if decision.kind in enables:
                tally.chosen[enables[decision.kind]] += 1
        game.decisions.append(options.index(decision))
        game.labels.append(str(decision))
        nxt, events = ruleset.step(state, decision)
        for e in events:
            tally.clause_events[e.clause] += 1
        game.steps += 1
        game.violations = registry.check_step(props.Step(state, decision, events, nxt), only=only)
        state = nxt
        for name, reached_now in corners.items():
            if name not in reached and reached_now(state):
                reached.add(name)
    o = ruleset.outcome(state)
    game.outcome = o[0] if o else "unfinished"
