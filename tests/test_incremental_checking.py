"""Incremental checking gives the verdicts of the full check (``properties.common.registry.Checker``).

The differential tests play the same games twice over in lock step, checking every step with the
full check (``Registry.check_state``/``check_step``: every invariant, every time) and with an
incremental ``Checker`` (only those whose declared inputs the step changed), and require identical
violations, step by step up to the first violating step, over: healthy games of every player
count, every knock-out of the knock-out matrix, and the deliberately broken models of
``tests/broken_models.py``.  A game stops at its first violating step, as checked play does:
past it the two may differ by design (an invariant that failed is not evaluated again until its
inputs change).

The declaration tests attack the declarations themselves: a state invariant gives the same
verdict when every field it does not declare is taken from another game; every breaker of an
invariant (the states and steps the invariant tests build to break its rule) wakes it.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from oblivaeon_verify.properties.common.registry import ForcedChoices

from oblivaeon_verify import knockout, knockout_runner, rulesets
from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.play import choose, game_rng
from tests.broken_models import BUGS, broken

RULESETS = ("oblivaeon", "aeons_end")
KNOCKOUT_STEPS = 250
"""Steps per knocked-out game (most knock-outs are caught in far fewer; the cap bounds the test)."""


@dataclasses.dataclass
class Lockstep:
    steps: int = 0
    violations: tuple = ()
    error: str = ""


def lockstep(ruleset, params, seed: int, players: int, index: int, max_steps: int | None = None) -> Lockstep:
    """One steered random game (as checked play draws it), every step checked both ways; asserts they agree."""
    props = properties(ruleset)
    registry = props.INVARIANTS
    checker = registry.checker()
    rng = game_rng(seed, players, index)
    policy = getattr(props, "steer", None)
    out = Lockstep()
    try:
        state = ruleset.new_game(ruleset.random_setup(rng, players, params))
    except Exception as e:  # a broken model may fail at setup: nothing to compare
        out.error = f"{type(e).__name__}: {e}"
        return out
    full = _both(registry.check_state, checker.start, state, ("first state", ruleset.name, players, index))
    while isinstance(full, list) and not full:
        options = ruleset.legal_decisions(state)
        if not options or (max_steps is not None and out.steps >= max_steps):
            break
        decision = policy(rng, state, options) if policy else choose(rng, options)
        forced = ForcedChoices()  # as checked play sees a step: with the decisions the kernel made itself
        try:
            with forced:
                after, events = ruleset.step(state, decision)
        except Exception as e:  # the model raised: both checkers see the same (no step to check)
            out.error = f"{type(e).__name__}: {e}"
            break
        out.steps += 1
        move = forced.step(state, decision, events, after)
        full = _both(registry.check_step, checker.step, move, (ruleset.name, players, index, out.steps))
        state = after
    if isinstance(full, list):
        out.violations = tuple(full)
    else:
        out.error = f"an invariant raised {full}"
    return out


def _both(full_check, incremental_check, subject, where):
    """The full check's violations (or what it raised, as text), once the incremental check has agreed."""
    results = []
    for check in (full_check, incremental_check):
        try:
            results.append(check(subject))
        except Exception as e:  # a knocked-out model can leave a state an invariant cannot read: both must fail alike
            results.append(f"{type(e).__name__}: {e}")
    full, fast = results
    assert fast == full, (
        *where,
        full if isinstance(full, str) else [str(v) for v in full],
        fast if isinstance(fast, str) else [str(v) for v in fast],
    )
    return full


def defaults(ruleset):
    return ruleset.load_parameters(None, ())


@pytest.mark.parametrize("name", RULESETS)
def test_full_and_incremental_checking_agree_over_healthy_games(name):
    ruleset = rulesets.load(name)
    params = defaults(ruleset)
    steps = 0
    for players in ruleset.players:
        for index in range(2):
            game = lockstep(ruleset, params, 7, players, index)
            assert not game.violations and not game.error, (players, index, game)
            steps += game.steps
    assert steps > 500  # whole games were played, not a few steps


def _knockouts(name):
    ruleset = rulesets.load(name)
    return [(name, target) for target in (*knockout_runner.knockable(ruleset), *knockout_runner.knockable_kinds(ruleset))]


@pytest.mark.parametrize("name,target", _knockouts("oblivaeon") + _knockouts("aeons_end"))
def test_full_and_incremental_checking_agree_on_every_knockout(name, target):
    """Every clause's knock-out and every record kind's."""
    ruleset = rulesets.load(name)
    params = defaults(ruleset)
    with knockout.target_knocked_out(ruleset, target):
        for index in range(2):
            players = ruleset.players[index % len(ruleset.players)]
            game = lockstep(ruleset, params, 0, players, index, max_steps=KNOCKOUT_STEPS)
            if game.violations or game.error:
                break


@pytest.mark.parametrize("bug", BUGS, ids=[b.name for b in BUGS])
def test_full_and_incremental_checking_agree_on_every_broken_model_and_catch_it(bug):
    ruleset = rulesets.load(bug.ruleset)
    params = defaults(ruleset)
    caught = []
    with broken(bug):
        for index in range(8):
            players = ruleset.players[index % len(ruleset.players)]
            game = lockstep(ruleset, params, 0, players, index)
            if game.violations:
                caught = sorted({v.invariant for v in game.violations})
                break
            assert not game.error, (bug.name, game.error)  # a bug must be a violation, never a crash
    assert caught, f"{bug.name}: no invariant caught it in 8 games"
    if bug.kind == "loop":
        assert caught == ["the-game-never-hangs"], caught


def test_the_broken_models_are_put_back():
    ruleset = rulesets.load("aeons_end")
    with broken(BUGS[-1]):
        assert lockstep(ruleset, defaults(ruleset), 0, 2, 0).violations
    assert not lockstep(ruleset, defaults(ruleset), 0, 2, 0).violations


# --- the declarations --------------------------------------------------------------------------


def _states(ruleset, seed: int, players: int, every: int = 9):
    """Every ``every``-th state of one steered random game."""
    props = properties(ruleset)
    rng = game_rng(seed, players, 0)
    state = ruleset.new_game(ruleset.random_setup(rng, players, defaults(ruleset)))
    out, n = [state], 0
    while state.options:
        decision = props.steer(rng, state, state.options) if hasattr(props, "steer") else choose(rng, state.options)
        state, _ = ruleset.step(state, decision)
        n += 1
        if n % every == 0 or not state.options:
            out.append(state)
    return out


def _declared(inv) -> set[str]:
    """The fields a state invariant may read: those it names (whole, or by an attribute of their records)."""
    fields = {part.partition(".")[0] for part in inv.reads}
    if inv.offers:
        fields.add("options")
    return fields


@pytest.mark.parametrize("name", RULESETS)
def test_a_state_invariant_reads_only_the_fields_it_declares(name):
    """Splice every undeclared field from another game's state: a predicate that reads only what it
    declares cannot tell (same verdict, no exception); one that reads more sooner or later does."""
    ruleset = rulesets.load(name)
    registry = properties(ruleset).INVARIANTS
    counts = ruleset.players
    mine = _states(ruleset, 3, counts[-1])
    others = _states(ruleset, 4, counts[0]) + _states(ruleset, 5, counts[len(counts) // 2])
    pick = random.Random(0)
    every = [f.name for f in dataclasses.fields(mine[0])]
    checked = 0
    for inv in registry:
        if inv.over != "state" or inv.reads is None:
            continue
        keep = _declared(inv)
        for s in mine:
            t = pick.choice(others)
            spliced = dataclasses.replace(s, **{f: getattr(t, f) for f in every if f not in keep})
            try:
                verdict = inv.violations(spliced)
            except Exception as e:
                pytest.fail(f"{inv.name} reads an undeclared field: {type(e).__name__}: {e}")
            assert verdict == inv.violations(s), f"{inv.name} reads an undeclared field: {verdict}"
            checked += 1
    assert checked > 100


def _breakers(name):
    if name == "oblivaeon":
        from tests.support import game
        from tests.test_invariants import BREAKERS

        start = game()
        return start, {n: (lambda b=b: b(start)) for n, b in BREAKERS.items()}
    from tests.test_aeons_end_invariants import CASES, S

    return S, CASES


@pytest.mark.parametrize("name", RULESETS)
def test_every_breaker_of_an_invariant_wakes_it(name):
    """A state or step built to break an invariant's rule is one the checker evaluates it on (from a
    state where it holds, for a state invariant): a declaration that misses what the breaker changed
    would let the break through."""
    ruleset = rulesets.load(name)
    props = properties(ruleset)
    registry = props.INVARIANTS
    start, breakers = _breakers(name)
    checker = registry.checker()
    index = {inv.name: n for n, inv in enumerate(checker.selected)}
    quiet = props.Step(start, start.options[0], (), start)
    missed = []
    for inv_name, build in sorted(breakers.items()):
        inv = registry[inv_name]
        if inv.over == "opening":
            continue  # checked once, on a game's first state: no step wakes it (see the test of openings below)
        subject = build()
        if inv.over == "state":
            if inv.violations(start) or not inv.violations(subject):
                continue  # a breaker whose start breaks it too: the full test says it breaks; nothing to wake
            subject = quiet._replace(after=subject)
        if not checker.triggered(subject) >> index[inv_name] & 1:
            missed.append(inv_name)
    assert not missed, f"a breaker does not wake its invariant: {missed}"


def test_on_a_step_that_changed_nothing_only_what_declares_no_inputs_or_the_decision_or_an_offer_runs():
    ruleset = rulesets.load("aeons_end")
    props = properties(ruleset)
    checker = props.INVARIANTS.checker()
    s = _states(ruleset, 3, 2)[1]
    quiet = props.Step(s, s.options[0], (), s)
    offered = {o.kind for o in s.options}
    expected = sum(
        1 << n for n, inv in enumerate(checker.selected) if inv.always or s.options[0].kind in inv.decisions or offered & inv.offers
    )
    assert checker.triggered(quiet) == expected
    assert any(inv.always for inv in checker.selected) and expected != (1 << len(checker.selected)) - 1


def test_a_declaration_naming_what_the_ruleset_lacks_is_refused():
    registry = properties(rulesets.load("aeons_end")).INVARIANTS
    with pytest.raises(ValueError, match="does not have"):
        registry.state("x", "END.IMMEDIATE", reads=("no_such_field",))(lambda s: ())
    with pytest.raises(ValueError, match="does not have"):
        registry.step("y", "END.IMMEDIATE", events=("no-such-event",))(lambda s: ())


# --- the views several invariants share ---------------------------------------------------------


def test_the_places_a_step_changed_are_those_a_full_look_finds_changed():
    """``card_place_changes`` reads only what a step did not share between its two states: it must list exactly the
    places of ``containers`` whose cards differ, with their cards before and after."""
    from oblivaeon_verify.model.oblivaeon.places import containers
    from oblivaeon_verify.properties.oblivaeon.invariants.readers import card_place_changes

    ruleset = rulesets.load("oblivaeon")
    states = _states(ruleset, 6, 4, every=1)
    changed = 0
    for before, after in zip(states, states[1:]):
        then, now = dict(containers(before)), dict(containers(after))
        expected = {p: (then.get(p, ()), now.get(p, ())) for p in then.keys() | now.keys() if then.get(p, ()) != now.get(p, ())}
        got = {place: (a, b) for place, a, b in card_place_changes(before, after)}
        assert got == expected
        changed += bool(got)
    assert changed > 100


def test_the_changes_of_a_step_are_shared_by_the_values_of_the_fields_they_read():
    """A ledger synced to an earlier state with the same card fields asks about the same pair of card fields as the
    checks of the step: it is given the answer they were given, which is the answer of a fresh look."""
    from oblivaeon_verify.properties.common.ledger import changed_places
    from oblivaeon_verify.properties.oblivaeon.invariants import readers

    states = _states(rulesets.load("oblivaeon"), 6, 3, every=1)[:60]
    for before, after in zip(states, states[1:]):
        answer = readers.card_place_changes(before, after)
        assert readers.card_place_changes(dataclasses.replace(before), after) is answer
        assert answer == changed_places(readers._FIELDS, before, after)


def test_a_view_of_a_state_is_worked_out_once_and_again_for_another_state():
    from oblivaeon_verify.properties.common.views import per_state

    calls = []

    @per_state
    def view(s):
        calls.append(s)
        return len(calls)

    a, b, c = object(), object(), object()
    assert [view(a), view(b), view(a), view(b)] == [1, 2, 1, 2]
    assert view(c) == 3 and view(b) == 2 and view(a) == 4  # the last two states are remembered
    assert calls == [a, b, c, a]


# --- opening invariants: once, on a game's first state ----------------------------------------------


def test_an_opening_invariant_runs_at_a_game_s_start_and_after_no_step_in_either_mode():
    ruleset = rulesets.load("aeons_end")
    registry = properties(ruleset).INVARIANTS
    openings = [inv.name for inv in registry if inv.over == "opening"]
    assert openings == ["starting-life-follows-the-difficulty", "mages-start-as-their-mats-say"]
    params = defaults(ruleset)
    state = ruleset.new_game(ruleset.random_setup(game_rng(7, 2, 0), 2, params))
    for incremental in (True, False):
        checker = registry.checker(incremental=incremental)
        assert checker.start(state) == []
        s = state
        for _ in range(30):
            after, events = ruleset.step(s, s.options[0])
            assert checker.step(properties(ruleset).Step(s, s.options[0], events, after)) == []
            s = after
        assert [checker.evaluated[n] for n in openings] == [1, 1]
    later = s
    assert later.mages[0].hand != state.mages[0].hand  # a later state breaks how the game starts ...
    assert registry.check_state(later) == []  # ... and no state check asks it
    assert registry.check_state(later, opening=True) and registry.check_state(later, only=openings)


def test_a_game_that_starts_with_a_turn_already_counted_is_caught_in_checked_play(monkeypatch):
    """Sample 5's setup.py:101 mutant: the turn counter started at 1.  The setup invariants once recognised the first
    state by a counter of 0, so under it they checked nothing and every check passed."""
    from oblivaeon_verify.model.aeons_end import engine

    from oblivaeon_verify.checked_play import play_checked

    ruleset = rulesets.load("aeons_end")
    made = engine.initial_state
    monkeypatch.setattr(engine, "initial_state", lambda cfg: dataclasses.replace(made(cfg), turn=1))
    game = play_checked(ruleset, defaults(ruleset), 7, 2, 0, max_steps=5)
    assert [v.invariant for v in game.violations] == ["starting-life-follows-the-difficulty"]
    assert "the game starts with 1 turn taken" in str(game.violations[0])
