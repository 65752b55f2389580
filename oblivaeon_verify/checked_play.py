"""Random play with every invariant checked after every step (game-independent).

The invariant registry of a ruleset is its plugin's properties part (``INVARIANTS``, ``Step``,
``steer``, ...: ``properties.common.plugin.Properties``).  A game stops at its first violating step;
the violations and the decisions that led there are kept, so the failure can be written out as a
replay file.
"""

from __future__ import annotations

import ctypes
import signal
import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field

from oblivaeon_verify import rulesets
from oblivaeon_verify.play import choose, game_rng
from oblivaeon_verify.properties.common.registry import ForcedChoices


class GameHung(RuntimeError):
    """No decision point or end was reached within the time limit, or no new round within :data:`ROUND_DECISIONS`
    decisions: the game runs on forever."""


ROUND_DECISIONS = 5_000
"""Decisions one round may take before the game is taken to run on forever: a rule that does nothing can leave a
phase offering its decisions again and again, which no per-step budget of work sees.  Far above any round of play
(the longest take a few hundred); counted in decisions, so the same game stops at the same decision on any machine."""


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
    """The limit for a thread: a timer sets an asynchronous exception on it.

    The exception is never withdrawn with ``PyThreadState_SetAsyncExc(id, NULL)``: on CPython 3.11
    that call raises the interpreter-wide "async exception pending" signal that only a thread taking
    its exception clears, so every thread then re-enters the eval breaker at each check, and a
    function called under ``sys.settrace`` loops on its first instruction forever (the graph
    command, which then counted handler calls under a trace hook, hung that way after a game ran in a thread).  One that fired but was not raised yet is
    taken here instead, at the next bytecode boundary.
    """
    hung = type("GameHung", (GameHung,), {"__init__": lambda self: GameHung.__init__(self, message)})
    target = ctypes.c_ulong(threading.get_ident())
    lock, live, fired = threading.Lock(), [True], [False]

    def fire() -> None:
        with lock:
            if live[0]:
                fired[0] = True
                ctypes.pythonapi.PyThreadState_SetAsyncExc(target, ctypes.py_object(hung))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    taken = False
    try:
        yield
    except hung:
        taken = True
        raise
    finally:
        timer.cancel()
        with lock:
            live[0] = False
            pending = fired[0] and not taken
        if pending:
            _take_pending(hung)


def _take_pending(hung: type) -> None:
    """Let the exception the timer set on this thread be raised (a loop's backward jump checks for it) and drop it."""
    try:
        for _ in range(1_000_000):
            pass
    except hung:
        pass


def properties(ruleset):
    """The ruleset's properties part (invariants, steering, coverage, replay helpers)."""
    return rulesets.plugin(ruleset).properties()


@dataclass
class CheckedGame:
    players: int
    seed: int
    index: int
    setup: object = None
    steps: int = 0
    decisions: list = field(default_factory=list)
    """Indices into the legal decisions, in order (what a replay file records)."""
    chosen: list = field(default_factory=list)
    """The decisions themselves, in order (labelled only when a replay file is written)."""
    violations: list = field(default_factory=list)
    error: str = ""
    outcome: str = ""
    seconds: float = 0.0
    last: object = None
    """The last state the game reached (its end, or where it stopped)."""

    @property
    def failed(self) -> bool:
        return bool(self.violations or self.error)

    @property
    def labels(self) -> list[str]:
        return [str(d) for d in self.chosen]


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
    evaluated: Counter = field(default_factory=Counter)
    """Per invariant: how many times its predicate ran (incremental checking skips the steps that
    cannot change its verdict, so this is at most ``checked``)."""


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
    incremental: bool = True,
) -> CheckedGame:
    """One random game (steered by the properties' ``steer`` unless ``steer`` is False), all invariants after every step.

    ``incremental`` (the default) evaluates after a step only the invariants whose declared inputs
    the step changed (``properties.common.registry.Checker``); ``False`` runs every one every time.
    Both give the same violations.
    """
    props = properties(ruleset)
    registry = props.INVARIANTS
    checker = registry.checker(only, incremental=incremental)
    names = [(i.name, i.over == "opening") for i in checker.selected]
    rng = game_rng(seed, players, index)
    game = CheckedGame(players, seed, index)
    tally = tally if tally is not None else CheckTally()
    policy = props.steer if steer else None
    enables = props.DECISION_CLAUSES
    corners = props.CORNERS
    reached: set[str] = set()
    start = time.perf_counter()
    try:
        with time_limit(limit_seconds):
            _play(ruleset, props, checker, params, rng, game, tally, policy, enables, corners, reached, max_steps)
    except Exception as e:  # the model raised (or hung) during legal play: a failure the harness reports
        game.error = f"{type(e).__name__}: {e}"
        game.outcome = "error"
    game.seconds = time.perf_counter() - start
    tally.games += 1
    tally.steps += game.steps
    tally.seconds += game.seconds
    tally.outcomes[game.outcome] += 1
    tally.corners.update(reached)
    for n, once in names:
        tally.checked[n] += 1 if once else game.steps + 1  # an opening invariant covers the first state only
    tally.evaluated.update(checker.evaluated)
    for v in game.violations:
        tally.violations[v.invariant] += 1
    if game.failed:
        tally.failures.append(game)
    return game


def _play(ruleset, props, checker, params, rng, game, tally, policy, enables, corners, reached, max_steps) -> None:
    """The game loop of :func:`play_checked`: stops at the first violating step, the end, or ``max_steps``."""
    game.setup = ruleset.random_setup(rng, game.players, params)
    state = ruleset.new_game(game.setup)
    game.violations = checker.start(state)
    step, legal = ruleset.step, ruleset.legal_decisions
    clause_events, offered, chosen = tally.clause_events, tally.offered, tally.chosen
    waiting = dict(corners)
    rounds, this_round, round_began = ruleset.rounds, ruleset.rounds(state), 0
    forced = ForcedChoices()  # the choices the kernel makes itself are checked like the others
    with forced:
        while not game.violations:
            options = legal(state)
            if not options or (max_steps is not None and game.steps >= max_steps):
                break
            if game.steps - round_began >= ROUND_DECISIONS:
                raise GameHung(f"round {this_round} has taken {ROUND_DECISIONS:,} decisions without ending: the game runs on forever")
            decision = policy(rng, state, options) if policy else choose(rng, options)
            if not decision.is_chance:
                for clause in {enables[k] for k in {o.kind for o in options} if k in enables}:
                    offered[clause] += 1
                if decision.kind in enables:
                    chosen[enables[decision.kind]] += 1
            game.decisions.append(options.index(decision))
            game.chosen.append(decision)
            nxt, events = step(state, decision)
            clause_events.update(e.clause for e in events)
            game.steps += 1
            game.violations = checker.step(forced.step(state, decision, events, nxt))
            state = nxt
            if rounds(state) != this_round:
                this_round, round_began = rounds(state), game.steps
            if waiting:
                for name in [n for n, reached_now in waiting.items() if reached_now(state)]:
                    reached.add(name)
                    del waiting[name]
    game.last = state
    o = ruleset.outcome(state)
    game.outcome = o[0] if o else "unfinished"
