"""The pure transition function: ``new_game``, ``legal_decisions`` and ``step``.

``step(state, decision)`` checks the decision against the legal ones (the only place legality
is decided is the rule that opened the decision point), applies it, then runs the game forward
until the next point where a decision is needed or the game is over.  A point with exactly one
legal decision is resolved on the spot: it is forced, and nobody could choose otherwise.
"""

from __future__ import annotations

# Importing the rule modules registers their continuations and instruction handlers.
from oblivaeon_verify.model.oblivaeon import aeon_men as _aeon_men  # noqa: F401
from oblivaeon_verify.model.oblivaeon import environments as _environments  # noqa: F401
from oblivaeon_verify.model.oblivaeon import incapacitation as _incapacitation  # noqa: F401
from oblivaeon_verify.model.oblivaeon import missions as _missions  # noqa: F401
from oblivaeon_verify.model.oblivaeon import oblivaeon_forms as _forms  # noqa: F401
from oblivaeon_verify.model.oblivaeon import scions as _scions  # noqa: F401
from oblivaeon_verify.model.oblivaeon import triggers as _triggers  # noqa: F401
from oblivaeon_verify.model.oblivaeon.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.oblivaeon.draft import CONTINUATIONS, RESUMES, Draft, Event
from oblivaeon_verify.model.oblivaeon.effects import run_ops
from oblivaeon_verify.model.oblivaeon.round_order import advance, current_phase, current_turn
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig, initial_state
from oblivaeon_verify.model.oblivaeon.state import GameState


def _run(d: Draft) -> None:
    """Run frames until a decision point with two or more options, or the end.

    Each frame is a unit of work; a step that has not reached a decision within the game's
    ``max_work_per_step`` units ends the game as the safety stop (``aborted``), so a rule that loops
    is found in the same place whatever the machine's speed (a hang is a finding, not a timeout).
    """
    stack = d.stack
    budget = d.params.max_work_per_step
    work = 0
    while d.outcome is None:
        work += 1
        if work > budget:
            d.end("aborted", f"no decision within {budget:,} units of work: a rule runs on forever", "ROUND.REPEAT")
            break
        if not stack:
            advance(d)
            continue
        frame = stack[-1]
        kind = frame[0]
        if kind == "choice":
            choice = frame[1]
            n = len(choice.options)
            if n > 1:
                d.options = choice.options
                return
            stack.pop()
            if n == 1:
                RESUMES[choice.resume](d, choice.options[0], choice.payload)
            continue
        stack.pop()
        if kind == "ops":
            run_ops(d, frame)
        else:
            CONTINUATIONS[frame[1]](d, *frame[2])
    d.options = ()


def new_game(cfg: SetupConfig) -> GameState:
    """Set up a game and run it to its first decision."""
    d = Draft(initial_state(cfg))
    _run(d)
    return d.freeze()


def legal_decisions(state: GameState) -> tuple[Decision, ...]:
    """The decisions allowed now, in a stable order; empty exactly when the game is over."""
    return state.options


def where(state: GameState) -> str:
    turn = current_turn(state)
    return f"round {state.cursor.round}, {turn or 'setup'}, {current_phase(state)} phase"


def step(state: GameState, decision: Decision) -> tuple[GameState, tuple[Event, ...]]:
    """Apply a legal decision; return the next state and the events it caused.  ``state`` is untouched."""
    if decision not in state.options:
        raise IllegalDecision(decision, state.options, where(state))
    d = Draft(state)
    frame = d.stack.pop()
    choice = frame[1]
    RESUMES[choice.resume](d, decision, choice.payload)
    _run(d)
    return d.freeze(), tuple(d.events)


def inject(state: GameState, ops: tuple, ctx) -> tuple[GameState, tuple[Event, ...]]:
    """Resolve card instructions as if a card in ``ctx`` had just produced them, then run on.

    For tests and scenarios that need an exact situation.  The pending decision point is kept
    below the injected instructions; its options were computed before them.
    """
    d = Draft(state)
    top = d.stack.pop() if d.stack and d.stack[-1][0] == "choice" else None
    if top is not None:
        d.stack.append(top)
    d.push_ops(tuple(ops), ctx)
    d.options = ()
    _run(d)
    return d.freeze(), tuple(d.events)
