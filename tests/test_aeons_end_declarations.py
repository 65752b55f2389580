"""The Aeon's End model's declarations of its event kinds, decision kinds, phases and outcomes hold
for the model itself: random play over a few hundred games, the scenario suite and the static scan
of emit sites show nothing outside them, and every declared kind occurs somewhere (no dead kinds).
Scenario files are checked against these declarations, so a declaration that is too wide lets a
check pass that cannot fail, and one that is too narrow refuses a true expectation.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from oblivaeon_verify.model.aeons_end import engine, setup
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.decisions import DECISION_KINDS, Decision
from oblivaeon_verify.model.aeons_end.events import EVENT_KINDS
from oblivaeon_verify.model.aeons_end.families import BREACHES, in_game, index_range, word
from oblivaeon_verify.model.aeons_end.state import OUTCOMES, PHASES
from oblivaeon_verify.model.common.events import Event

from oblivaeon_verify import rulesets
from oblivaeon_verify.graphs.static import read_model
from oblivaeon_verify.scenarios import Refused, load_suite, vocabulary

GAMES = 240


@cache
def played() -> list[tuple[object, tuple, tuple, object]]:
    """(game words, decisions offered, events of the step taken, state after) for every step of
    ``GAMES`` random games (1 to 4 players, any mages, nemesis and difficulty; seeded)."""
    rs = rulesets.load("aeons_end")
    rng = random.Random(20240611)
    out = []
    for g in range(GAMES):
        state = engine.new_game(setup.random_setup(rng, 1 + g % 4))
        words = in_game(state.setup.mages, state.setup.nemesis)
        while state.options:
            options = state.options
            weights = [d.weight if d.is_chance else rs.decision_weight(d) for d in options]
            state, events = engine.step(state, rng.choices(options, weights)[0])
            out.append((words, options, events, state))
    return out


@cache
def scenario_events() -> list[tuple[object, Event]]:
    """(game words, event) for every event of the scenario suite's runs."""
    vocab = vocabulary("aeons_end")
    out = []
    for sc in load_suite("aeons_end").scenarios:
        if sc.setup_refused:
            continue  # the setup is refused: no game, no event
        state = vocab.new_game(sc.setup, sc.all_parameters)
        words = in_game(state.setup.mages, state.setup.nemesis)
        for step in sc.steps:
            try:
                state, events = vocab.perform(state, step.action, step.spec)
            except (Refused, *vocab.step_errors):  # a refused step: nothing happened
                continue
            out += [(words, e) for e in events]
    return out


def all_events():
    yield from ((w, e) for w, _, events, _ in played() for e in events)
    yield from scenario_events()


# --- the checks, shown able to fail first -------------------------------------------------------


def event_problem(e: Event, words) -> str | None:
    """Why an event breaks its declaration (None: it keeps it)."""
    kind = EVENT_KINDS.get(e.kind)
    if kind is None:
        return f"undeclared event kind {e.kind!r}"
    if e.clause not in CATALOGUE:
        return f"{e.kind}: unknown clause {e.clause!r}"
    for field, empty in (("card", ""), ("target", ""), ("amount", 0), ("detail", "")):
        value, family = getattr(e, field), kind.carries(field)
        if value == empty:
            continue
        if not family:
            return f"{e.kind} fills {field} ({value!r}), which its declaration says it never does"
        if family == "breach" and not 1 <= value <= BREACHES:
            return f"{e.kind}: {field} {value} is no breach"
        if family == "count" and not (isinstance(value, int) and value >= 0):
            return f"{e.kind}: {field} {value!r} is no count"
        if family not in ("text", "breach", "count") and word(value) not in words[family]:
            return f"{e.kind}: {field} {value!r} is no {family} of this game"
    return None


def decision_problem(d: Decision, words, players: int) -> str | None:
    """Why a decision breaks its kind's declaration (None: it keeps it)."""
    kind = DECISION_KINDS.get(d.kind)
    if kind is None:
        return f"undeclared decision kind {d.kind!r}"
    if d.actor not in words[kind.actor]:
        return f"{d.kind}: actor {d.actor!r} is no {kind.actor}"
    for field in ("card", "target"):
        value, family = getattr(d, field), getattr(kind, field)
        if value and (not family or word(value) not in words[family]):
            return f"{d.kind}: {field} {value!r} is no {family or 'field of this kind'}"
    if (d.index >= 0) != bool(kind.index) or (kind.index and d.index not in index_range(kind.index, players)):
        return f"{d.kind}: index {d.index} is no {kind.index or 'field of this kind'}"
    return None


GAME = in_game(("Adelheim", "Brama"), "Rageborne")


@pytest.mark.parametrize(
    "event, fragment",
    [
        (Event("fireball", "MAIN.PREP"), "undeclared event kind 'fireball'"),
        (Event("cast", "NO.SUCH"), "unknown clause"),
        (Event("unleash", "NEMESIS.UNLEASH", card="spark#m1-1"), "its declaration says it never does"),
        (Event("cast", "CAST.TO-DISCARD", card="jade#1"), "no spell of this game"),
        (Event("minion-acts", "NEMESIS.MAIN", card="whispering-mask#1"), "no minion of this game"),
        (Event("open", "MAIN.OPEN", target="Adelheim", amount=5), "is no breach"),
        (Event("turn", "TURN-ORDER.DRAW", target="p2"), "no turn-actor"),
    ],
)
def test_an_event_outside_its_declaration_is_caught(event, fragment):
    assert fragment in event_problem(event, GAME)


@pytest.mark.parametrize(
    "decision, fragment",
    [
        (Decision("shuffle", "player 1"), "undeclared decision kind"),
        (Decision("focus", "player 1", card="spark#m1-1", index=1), "card 'spark#m1-1' is no field of this kind"),
        (Decision("prep", "player 1", card="jade#1", index=1), "no spell"),
        (Decision("suffer", "player 1", target="Adelheim", index=0), "actor 'player 1' is no players"),
        (Decision("take-turn", "players", target="Jian", index=2), "no mage"),
        (Decision("focus", "player 1", index=4), "index 4 is no breach"),
        (Decision("gain", "player 3", card="jade#1"), "actor 'player 3' is no player"),
    ],
)
def test_a_decision_outside_its_declaration_is_caught(decision, fragment):
    assert fragment in decision_problem(decision, GAME, 2)


# --- events -------------------------------------------------------------------------------------


def test_random_play_and_the_scenarios_emit_only_declared_events_filled_as_declared():
    problems = sorted({p for w, e in all_events() if (p := event_problem(e, w))})
    assert problems == []


def test_every_emit_site_of_the_model_names_a_declared_kind_and_every_declared_kind_has_one():
    code = read_model("oblivaeon_verify.model.aeons_end", lambda s: s in CATALOGUE)
    emitted = {site.kind for f in code.functions.values() for site in f.emits}
    assert emitted - set(EVENT_KINDS) == set()
    assert set(EVENT_KINDS) - emitted == set()


def test_every_declared_event_kind_and_field_is_seen_in_play_or_in_the_scenarios():
    seen: dict[str, set[str]] = {}
    for _, e in all_events():
        filled = seen.setdefault(e.kind, set())
        filled.update(f for f, empty in (("card", ""), ("target", ""), ("amount", 0), ("detail", "")) if getattr(e, f) != empty)
    # random play never reaches max_turns: the scenario safety-stop-at-the-turn-limit shows game-aborted emitted
    assert set(EVENT_KINDS) - set(seen) == set()
    dead = {
        (k, f)
        for k, kind in EVENT_KINDS.items()
        if k in seen
        for f in ("card", "target", "amount", "detail")
        if kind.carries(f) and f not in seen[k]
    }
    assert dead == set()


# --- decisions, phases, outcomes ----------------------------------------------------------------


def test_random_play_offers_every_declared_decision_kind_and_only_those_filled_as_declared():
    offered = {d.kind for _, options, _, _ in played() for d in options}
    assert offered == set(DECISION_KINDS)
    problems = sorted({p for w, options, _, _ in played() for d in options if (p := decision_problem(d, w, len(w["mage"])))})
    assert problems == []


def test_every_phase_and_outcome_random_play_reaches_is_declared():
    phases = {s.phase for *_, s in played()}
    outcomes = {s.outcome.kind for *_, s in played() if s.outcome}
    assert phases <= set(PHASES) and outcomes <= set(OUTCOMES)
    assert {"casting", "main", "turn-order", "nemesis"} <= phases and {"won", "lost"} <= outcomes
