"""The pure transition function: ``new_game``, ``legal_decisions`` and ``step``.

``step(state, decision)`` checks the decision against the legal ones (the only place legality
is decided is the rule that opened the decision point), applies it, then runs the game forward
until the next point where a decision is needed or the game is over.  A point with exactly one
legal decision is resolved on the spot: it is forced, and nobody could choose otherwise.

The run loop is the shared kernel's (``model.common.kernel``): OblivAeon's :data:`KERNEL` holds
one handler per work record, and the round table (``round_order.advance``) schedules the next
phase whenever the agenda is empty.
"""

from __future__ import annotations

# Importing the rule modules registers their work records' handlers and their instruction handlers.
from oblivaeon_verify.model.oblivaeon import aeon_men as _aeon_men  # noqa: F401
from oblivaeon_verify.model.oblivaeon import environments as _environments  # noqa: F401
from oblivaeon_verify.model.oblivaeon import incapacitation as _incapacitation  # noqa: F401
from oblivaeon_verify.model.oblivaeon import missions as _missions  # noqa: F401
from oblivaeon_verify.model.oblivaeon import oblivaeon_forms as _forms  # noqa: F401
from oblivaeon_verify.model.oblivaeon import reactions as _reactions  # noqa: F401
from oblivaeon_verify.model.oblivaeon import scions as _scions  # noqa: F401
from oblivaeon_verify.model.oblivaeon import triggers as _triggers  # noqa: F401
from oblivaeon_verify.model.oblivaeon.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Draft, Event
from oblivaeon_verify.model.oblivaeon.effects import check_defeats, resolve
from oblivaeon_verify.model.oblivaeon.round_order import advance, current_phase, current_turn
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig, initial_state
from oblivaeon_verify.model.oblivaeon.state import GameState

# Every rule module is imported: a record type without its handler is an error here, at import.
KERNEL.seal(idle=advance)
check_defeats()

_run = KERNEL.run


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


def step(state: GameState, decision: Decision, policy=None) -> tuple[GameState, tuple[Event, ...]]:
    """Apply a legal decision; return the next state and the events it caused.  ``state`` is untouched.

    With a ``policy`` (random play's), every later decision is made by ``policy(draft, options)``
    and the step plays the game to its end (``model.common.kernel.Kernel.run``)."""
    if decision not in state.options:
        raise IllegalDecision(decision, state.options, where(state))
    d = Draft(state)
    KERNEL.decide(d, decision, policy)
    return d.freeze(), tuple(d.events)


def inject(state: GameState, ops: tuple, ctx) -> tuple[GameState, tuple[Event, ...]]:
    """Resolve card instructions as if a card in ``ctx`` had just produced them, then run on.

    For tests and scenarios that need an exact situation.  The pending decision point is kept
    below the injected instructions; its options were computed before them.
    """
    d = Draft(state)
    resolve(d, tuple(ops), ctx)
    d.options = ()
    _run(d)
    return d.freeze(), tuple(d.events)
