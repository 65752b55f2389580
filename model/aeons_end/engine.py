"""The pure transition function of Aeon's End: ``new_game``, ``legal_decisions`` and ``step``."""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end import nemesis_turn as _nemesis_turn  # noqa: F401  (registers its handlers)
from oblivaeon_verify.model.aeons_end import turn_order
from oblivaeon_verify.model.aeons_end.decisions import Decision, IllegalDecision
from oblivaeon_verify.model.aeons_end.draft import Draft
from oblivaeon_verify.model.aeons_end.effects import HANDLERS, RESUMES, handler
from oblivaeon_verify.model.aeons_end.player_turn import apply_main, cast, casting_options, discard_next, draw_options, main_options
from oblivaeon_verify.model.aeons_end.setup import SetupConfig, initial_state
from oblivaeon_verify.model.aeons_end.state import GameState
from oblivaeon_verify.model.common.events import Event


@handler("end-turn")
def _end_turn(d: Draft) -> None:
    d.actor, d.phase = "", "turn-order"
    d.later(("turn-order",))


def phase_options(d) -> list[Decision]:
    if d.phase == "casting":
        return casting_options(d)
    if d.phase == "main":
        return main_options(d)
    if d.phase == "draw":
        return draw_options(d)
    return []


def apply_phase(d: Draft, dec: Decision) -> None:
    i = d.acting()
    if d.phase == "casting":
        if dec.kind == "cast":
            cast(d, i, i, dec.index, dec.target)
        else:
            d.phase = "main"
    elif d.phase == "main":
        if dec.kind == "end-main":
            d.phase = "draw"
        else:
            apply_main(d, dec)
    elif d.phase == "draw":
        discard_next(d, i, dec.card)


def run_to_decision(d: Draft) -> None:
    """Play on from a working copy until a decision is due (or the game is over); set its options.

    Each pass of the loop is a unit of work; a step that has not reached a decision within the
    game's ``max_work_per_step`` units ends the game as the safety stop (``aborted``), so a rule that
    loops is found at the same place on any machine (a hang is a finding, not a timeout).
    """
    budget = d.params.max_work_per_step
    work = 0
    while d.outcome is None:
        work += 1
        if work > budget:
            d.end("aborted", f"no decision within {budget:,} units of work: a rule runs on forever", "END.IMMEDIATE")
            break
        if d.queue:
            item = d.queue[0]
            if item[0] == "choice":
                _, resume, options, payload = item
                if len(options) > 1:
                    d.options = options
                    return
                d.queue = d.queue[1:]
                if options:
                    RESUMES[resume](d, options[0], *payload)
                continue
            d.queue = d.queue[1:]
            HANDLERS[item[0]](d, *item[1:])
            continue
        if d.phase == "draw" and len(draw_options(d)) <= 1:  # nothing left to order
            i = d.acting()
            for c in d.mages[i].played:
                discard_next(d, i, c)
            d.phase = "end"
            d.later(("draw-phase", i))
            continue
        options = phase_options(d)
        if len(options) > 1:
            d.options = tuple(options)
            return
        if options:
            apply_phase(d, options[0])
            continue
        if d.phase == "casting":
            d.phase = "main"
            continue
        raise AssertionError(f"no way forward in phase {d.phase!r} for {d.actor!r}")
    d.options = ()


def new_game(cfg: SetupConfig) -> GameState:
    d = Draft(initial_state(cfg))
    run_to_decision(d)
    return d.freeze()


def legal_decisions(state: GameState) -> tuple[Decision, ...]:
    return state.options


def where(state: GameState) -> str:
    return f"turn {state.turn} ({state.actor or 'turn order'}), {state.phase} phase"


def step(state: GameState, decision: Decision) -> tuple[GameState, tuple[Event, ...]]:
    """Apply a legal decision; return the next state and the events it caused.  ``state`` is untouched."""
    if decision not in state.options:
        raise IllegalDecision(decision, state.options, where(state))
    d = Draft(state)
    if d.queue and d.queue[0][0] == "choice":
        _, resume, _options, payload = d.queue[0]
        d.queue = d.queue[1:]
        RESUMES[resume](d, decision, *payload)
    else:
        apply_phase(d, decision)
    run_to_decision(d)
    return d.freeze(), tuple(d.events)


__all__ = ["new_game", "legal_decisions", "step", "turn_order"]
