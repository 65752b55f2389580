"""A knock-out skips the budget games that never call its handlers, and its row is the row of playing them all.

``knockout_runner.baseline`` plays the budget once with nothing knocked out and notes which handler functions
each game called; ``run_one`` then skips a game that passed there and called none of the knocked-out
functions (play is deterministic, and a knock-out changes only what those functions do).  Here both ways run
side by side, for targets skipped whole, skipped in part and caught at once, in both rulesets.
"""

from __future__ import annotations

import dataclasses

import pytest
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON
from oblivaeon_verify.properties.oblivaeon import INVARIANTS

from oblivaeon_verify import knockout, rulesets
from oblivaeon_verify import knockout_runner as kr
from oblivaeon_verify.checked_play import play_checked

SEED = 2026

QUICK = [
    # (ruleset, target, budget): Aeon's End's games are short
    ("aeons_end", "HealLowest", 20),  # no budget game calls it: skipped whole
    ("aeons_end", "MAIN.FOCUS", 20),  # three games skipped, the rest played
    ("aeons_end", "ChooseHarmed", 20),  # caught in the second game, after the first was skipped
]
SLOW = [
    # OblivAeon's games are long: playing them all costs seconds a case (a campaign, ``tests/tiers.py``)
    ("oblivaeon", "CLAR.VILLAIN-DECKS", 6),  # three of the six skipped
    ("oblivaeon", "ChooseDiscard", 4),  # skipped whole, then the scenarios
    ("oblivaeon", "FireReaction", 6),  # caught in the first game
]
CASES = QUICK + SLOW


def _row(ruleset, target: str, budget: int, skip: bool) -> dict:
    row = kr.run_one(ruleset, ruleset.default_parameters(), target, seed=SEED, games=budget, skip_unreached=skip).to_json()
    row.pop("seconds")
    return row


def _skipped(ruleset, target: str, budget: int) -> int:
    base = kr.baseline(ruleset, ruleset.default_parameters(), SEED, budget, tuple(ruleset.players))
    own = {h.function.__code__ for h in knockout.target_handlers(ruleset, target)}
    return sum(1 for g in base if g.passed and own.isdisjoint(g.called))


@pytest.mark.parametrize(("name", "target", "budget"), QUICK, ids=[f"{n}-{t}" for n, t, _ in QUICK])
def test_skipping_the_games_a_knock_out_cannot_change_gives_the_row_of_playing_them(name, target, budget):
    ruleset = rulesets.load(name)
    assert _row(ruleset, target, budget, skip=True) == _row(ruleset, target, budget, skip=False)


@pytest.mark.parametrize(("name", "target", "budget"), SLOW, ids=[f"{n}-{t}" for n, t, _ in SLOW])
def test_skipping_gives_the_row_of_playing_every_game_for_oblivaeon_too(name, target, budget):
    ruleset = rulesets.load(name)
    assert _row(ruleset, target, budget, skip=True) == _row(ruleset, target, budget, skip=False)


def test_the_cases_skip_whole_budgets_parts_of_budgets_and_nothing():
    """The cases above are the ones they claim to be: else the comparison would prove less than it says."""
    got = {(n, t): _skipped(rulesets.load(n), t, b) for n, t, b in QUICK}
    assert got[("aeons_end", "HealLowest")] == 20
    assert 0 < got[("aeons_end", "MAIN.FOCUS")] < 20
    assert 0 < got[("aeons_end", "ChooseHarmed")] < 20


def test_the_oblivaeon_cases_skip_what_they_claim_to():
    got = {(n, t): _skipped(rulesets.load(n), t, b) for n, t, b in SLOW}
    assert 0 < got[("oblivaeon", "CLAR.VILLAIN-DECKS")] < 6
    assert got[("oblivaeon", "ChooseDiscard")] == 4
    assert got[("oblivaeon", "FireReaction")] == 0


def test_a_baseline_that_forgot_a_call_would_hide_what_the_knock_out_catches(monkeypatch):
    """Break the rule the skip rests on (a game skipped though it calls the handler): the rows part, so the
    comparison above can fail."""
    ruleset = rulesets.load("aeons_end")
    honest = _row(ruleset, "ChooseHarmed", 20, skip=False)
    assert honest["status"] == "caught"
    real = kr.baseline

    def forgetful(*args):
        return tuple(dataclasses.replace(g, called=frozenset()) for g in real(*args))

    monkeypatch.setattr(kr, "baseline", forgetful)
    assert _row(ruleset, "ChooseHarmed", 20, skip=True) != honest


def test_the_baseline_is_played_once_per_process_and_notes_what_each_game_called(monkeypatch):
    ruleset = rulesets.load("aeons_end")
    params = ruleset.default_parameters()
    first = kr.baseline(ruleset, params, SEED, 3, tuple(ruleset.players))
    assert len(first) == 3 and all(g.passed and g.steps > 0 and g.called for g in first)
    monkeypatch.setattr(kr, "play_checked", None)  # nothing more is played for a budget it has seen or one shorter
    assert kr.baseline(ruleset, params, SEED, 3, tuple(ruleset.players)) == first
    assert kr.baseline(ruleset, params, SEED, 2, tuple(ruleset.players)) == first[:2]
    dealt = {h.function.__code__ for h in knockout.target_handlers(ruleset, "MAT.STARTING-HAND")}  # every game deals the hands
    assert dealt and all(dealt <= g.called for g in first)


def test_a_row_says_in_how_many_of_its_games_play_reached_the_rule():
    """``reached``: 0 for a rule play never ran (out of random play's reach), else how many games ran it."""
    ruleset = rulesets.load("aeons_end")
    never = _row(ruleset, "HealLowest", 20, skip=True)
    assert (never["games"], never["reached"]) == (20, 0)
    assert kr.ran_in(never) == "play never called it in the 20 games"
    caught = _row(ruleset, "ChooseHarmed", 20, skip=True)
    assert caught["status"] == "caught" and caught["reached"] == _reaching(ruleset, "ChooseHarmed", caught["games"]) >= 1


def _reaching(ruleset, target: str, games: int) -> int:
    base = kr.baseline(ruleset, ruleset.default_parameters(), SEED, games, tuple(ruleset.players))
    own = {h.function.__code__ for h in knockout.target_handlers(ruleset, target)}
    return sum(1 for g in base if not own.isdisjoint(g.called))


def test_a_row_counts_the_games_a_knock_out_made_go_otherwise(monkeypatch):
    """``differed``: the games that passed with the rule knocked out but went otherwise than without it (a change of
    play no check noticed), told from a rule called and changing nothing (OblivAeon's games: a campaign).  The decks'
    knock-out is caught now; with the invariant that catches it silenced, the harness stands as it did before it."""
    ruleset = rulesets.load("oblivaeon")
    name = "a-deck-in-reach-loses-its-top-card"
    monkeypatch.setitem(INVARIANTS._items, name, dataclasses.replace(INVARIANTS[name], check=lambda st: ()))
    decks = _row(ruleset, "CLAR.VILLAIN-DECKS", 4, skip=True)  # no deck offered to a deck-targeting effect
    assert decks["status"] in ("uncaught", "scenario") and decks["reached"] >= decks["differed"] >= 1
    requital = _row(ruleset, "CLAR.REQUITAL-CONSTRUCTS", 2, skip=True)  # called at every fall; no Construct under Requital
    assert (requital["reached"], requital["differed"]) == (2, 0)
    assert kr.ran_in(requital) == "play called it in 2 of the 2 games, and each went on as with nothing knocked out"


def test_a_game_with_the_same_decisions_and_outcome_but_another_last_state_went_otherwise():
    """A knock-out may change a count of HP and leave every decision alike: the last state tells the games apart."""
    ruleset = rulesets.load("oblivaeon")
    base = play_checked(ruleset, ruleset.default_parameters(), SEED, 3, 0, max_steps=40)
    same = dataclasses.replace(base, last=dataclasses.replace(base.last))
    other = dataclasses.replace(base, last=dataclasses.replace(base.last, hp={**base.last.hp, OBLIVAEON: base.last.hp[OBLIVAEON] - 1}))
    assert kr._went(same) == kr._went(base)
    assert kr._went(other) != kr._went(base)
