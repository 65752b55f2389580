"""The pure transition function of Aeon's End: ``new_game``, ``legal_decisions`` and ``step``.

The rules run on the shared kernel (``model.common.kernel``): importing the rule modules registers
their work records' handlers, and sealing the kernel here checks that every record has one.  With
nothing scheduled, the acting player's phase (``player_turn.PHASES``) offers its decisions.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end import effects as _effects  # noqa: F401  (registers its handlers)
from oblivaeon_verify.model.aeons_end import game_end as _game_end  # noqa: F401
from oblivaeon_verify.model.aeons_end import nemesis_turn as _nemesis_turn  # noqa: F401
from oblivaeon_verify.model.aeons_end import turn_order
from oblivaeon_verify.model.aeons_end.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.aeons_end.draft import KERNEL, Draft
from oblivaeon_verify.model.aeons_end.player_turn import player_phase
from oblivaeon_verify.model.aeons_end.setup import SetupConfig, initial_state
from oblivaeon_verify.model.aeons_end.state import GameState
from oblivaeon_verify.model.common.events import Event

KERNEL.seal(idle=player_phase)


def run_to_decision(d: Draft) -> None:
    """Play on from a working copy until a decision is due (or the game is over); set its options."""
    KERNEL.run(d)


def new_game(cfg: SetupConfig) -> GameState:
    d = Draft(initial_state(cfg))
    KERNEL.run(d)
    return d.freeze()


def legal_decisions(state: GameState) -> tuple[Decision, ...]:
    return state.options


def where(state: GameState) -> str:
    return f"turn {state.turn} ({state.actor or 'turn order'}), {state.phase} phase"


def step(state: GameState, decision: Decision, policy=None) -> tuple[GameState, tuple[Event, ...]]:
    """Apply a legal decision; return the next state and the events it caused.  ``state`` is untouched.

    With a ``policy`` (random play's), every later decision is made by ``policy(draft, options)``
    and the step plays the game to its end (``model.common.kernel.Kernel.run``)."""
    if decision not in state.options:
        raise IllegalDecision(decision, state.options, where(state))
    d = Draft(state)
    KERNEL.decide(d, decision, policy)
    return d.freeze(), tuple(d.events)


__all__ = ["KERNEL", "new_game", "legal_decisions", "step", "turn_order"]
