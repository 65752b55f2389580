"""OpenSpiel-style conformance at every visited state of random games, and checks that the checks bite."""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify.play import ConformanceError, Tally, check_state, play_game
from tests.support import game


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_conform_at_every_visited_state(players):
    tally = Tally()
    for i in range(3):
        rec = play_game(RULESET, DEFAULT, 99, players, i, conformance=True, tally=tally)
        assert rec.error == "", rec.error
    assert tally.games == 3 and tally.decisions > 300


class _Broken:
    """A ruleset wrapper that breaks one promise, to show the conformance check notices."""

    def __init__(self, **overrides):
        self.__dict__.update(overrides)

    def __getattr__(self, name):
        return getattr(RULESET, name)


def test_conformance_notices_a_game_that_is_over_with_decisions_left():
    state = game()
    broken = _Broken(outcome=lambda s: ("lost", "pretend", "ENV.REMOVAL.LOSS"))
    with pytest.raises(ConformanceError, match="game over is True"):
        check_state(broken, state)


def test_conformance_notices_duplicate_decisions():
    state = game()
    broken = _Broken(legal_decisions=lambda s: s.options + s.options[:1])
    with pytest.raises(ConformanceError, match="duplicate"):
        check_state(broken, state)


def test_conformance_notices_a_lossy_serialisation():
    state = game()
    broken = _Broken(from_json=lambda text: dataclasses.replace(RULESET.from_json(text), devastation=99))
    with pytest.raises(ConformanceError, match="round trip"):
        check_state(broken, state)


def test_conformance_notices_a_key_that_keeps_history():
    state = game()
    broken = _Broken(canonical_key=lambda s: RULESET.to_json(s))
    with pytest.raises(ConformanceError, match="canonical key depends on the round number"):
        check_state(broken, state)


def test_conformance_notices_a_position_key_that_keeps_history():
    state = game()
    broken = _Broken(position_key=lambda s: (s.cursor, RULESET.position_key(s)))
    with pytest.raises(ConformanceError, match="position key depends on the round number"):
        check_state(broken, state)


def test_conformance_notices_a_step_that_changes_its_input_state():
    def step(s, d):
        nxt, events = RULESET.step(s, d)
        s.hp[next(iter(s.hp))] -= 1  # in place: the state given is no longer the one it was
        return nxt, events

    rec = play_game(_Broken(step=step), DEFAULT, 1, 3, 0, conformance=True)
    assert rec.outcome == "error" and rec.error.startswith("ConformanceError: step changed its input state at ")


def test_conformance_notices_a_rule_that_compares_the_games_strings_by_identity():
    """A state read back from JSON holds new string objects: a rule written with ``is`` where ``==`` is meant plays on
    alike from the model's own states, and differently from their copies (a replay, a state a Dask worker received)."""
    from tests.broken_models import Bug, broken

    by_identity = Bug(
        "cards-leave-entered-by-identity",
        "oblivaeon",
        "oblivaeon_verify.model.oblivaeon.moments",
        "happened",
        "c for c in d.entered if c != subject",
        "c for c in d.entered if c is not subject",
        "identity",
    )
    with broken(by_identity):
        assert play_game(RULESET, DEFAULT, 2026, 4, 0).error == ""  # plain play sees nothing
        rec = play_game(RULESET, DEFAULT, 2026, 4, 0, conformance=True)
    assert rec.outcome == "error"
    assert rec.error.startswith("ConformanceError: the JSON round-trip copy of the state plays on differently (the state after differ)")
    assert play_game(RULESET, DEFAULT, 2026, 4, 0, conformance=True).error == ""


def test_a_game_that_raises_is_recorded_with_a_replay_command_not_raised():
    broken = _Broken(step=lambda s, d, policy=None: (_ for _ in ()).throw(RuntimeError("boom")))
    tally = Tally()
    rec = play_game(broken, DEFAULT, 1, 3, 0, tally=tally)
    assert rec.outcome == "error" and "boom" in rec.error
    assert "simulate --ruleset oblivaeon --players 3 --seed 1 --first 0 --games 1 --trace" in tally.errors[0]["replay"]


def test_conformance_notices_an_aeons_end_position_key_that_keeps_the_turn_number():
    """Aeon's End's later-round copy (``with_round``) moves both its clocks, the cycle and the turn number, so a key
    that keeps either is noticed (a copy that left the turn number alike would let a key keeping it pass)."""
    import random

    from oblivaeon_verify.model.aeons_end.ruleset import RULESET as AEONS_END

    class _BrokenAeonsEnd(_Broken):
        def __getattr__(self, name):
            return getattr(AEONS_END, name)

    params = AEONS_END.default_parameters()
    state = AEONS_END.new_game(AEONS_END.random_setup(random.Random(3), 2, params))
    check_state(AEONS_END, state)
    for clock in ("turn", "cycles"):
        broken = _BrokenAeonsEnd(position_key=lambda s, clock=clock: (getattr(s, clock), AEONS_END.position_key(s)))
        with pytest.raises(ConformanceError, match="position key depends on the round number"):
            check_state(broken, state)


def test_conformance_notices_two_options_that_read_alike(monkeypatch):
    """Named by card name alone (as decisions once were), two Aeon Thralls, or every hero's Signature Gear, read alike:
    a trace could not say which was chosen, and a replay file could take the other copy and never notice."""
    from oblivaeon_verify.model.oblivaeon import decisions
    from oblivaeon_verify.model.oblivaeon.cards import describe

    tally = Tally()
    assert all(play_game(RULESET, DEFAULT, 99, 4, i, conformance=True, tally=tally).error == "" for i in range(2))
    monkeypatch.setattr(decisions, "card_words", describe)
    errors = [play_game(RULESET, DEFAULT, 99, 4, i, conformance=True, tally=tally).error for i in range(2)]
    assert any("legal decisions that read alike" in e for e in errors), errors
