"""Temporary effects: their scope (one target, a hero, a battle zone, the game), their set (fixed or later arrivals)
and their expiry (end of the turn, the owner's next turn, while their card is in play), in the model and in play."""

from __future__ import annotations

from collections import Counter

import pytest
from oblivaeon_verify.model.oblivaeon.cards import CARD_DEFS
from oblivaeon_verify.model.oblivaeon.vocabulary import COVERS, EXPIRIES, REACHES, SCOPES, TempReduce

from oblivaeon_verify import api, rulesets
from oblivaeon_verify.play import choose, game_rng
from tests.broken_models import BY_NAME, broken
from tests.test_incremental_checking import defaults
from tests.test_moments import first_violations

RULESET = rulesets.load("oblivaeon")


def _ops(cdef):
    yield from cdef.ops
    for t in cdef.triggers:
        yield from t.ops
    if cdef.reward is not None:
        yield from _ops(cdef.reward)


def test_the_catalogue_has_two_cards_for_every_scope_reach_set_and_expiry():
    kinds = Counter()
    for cdef in CARD_DEFS.values():
        for op in _ops(cdef):
            if isinstance(op, TempReduce):
                kinds[op.scope] += 1
                kinds[op.until] += 1
                if op.scope == "zone":
                    kinds[op.covers] += 1
                    kinds["reach " + op.reach] += 1
    wanted = (*SCOPES, *EXPIRIES, *COVERS, *(f"reach {r}" for r in REACHES))
    assert all(kinds[k] >= 2 for k in wanted), kinds


COVERED = {
    "one hero target": "target",
    "its owner's hero": "hero",
    "in this battle zone": "zone",
    "in the other battle zone": "other-zone",
    "in the game": "game",
}
"""How a temporary-effect event's words name what it covers (``vocabulary.temp_words``)."""


def test_random_play_makes_and_ends_every_kind_of_temporary_effect():
    made, ended = Counter(), Counter()
    params = defaults(RULESET)
    for players in RULESET.players:
        for index in range(6):
            rng = game_rng(13, players, index)
            state = RULESET.new_game(RULESET.random_setup(rng, players, params))
            while RULESET.legal_decisions(state):
                state, events = RULESET.step(state, choose(rng, RULESET.legal_decisions(state)))
                for e in events:
                    if e.kind == "temporary-effect":
                        made.update(kind for words, kind in COVERED.items() if words in e.detail)
                    elif e.kind == "temporary-effect-ended":
                        ended[e.detail] += 1
    assert all(made[s] > 5 for s in COVERED.values()), made
    assert all(ended[u] > 5 for u in EXPIRIES), ended


def test_a_temporary_effect_refuses_an_unknown_scope_or_expiry():
    with pytest.raises(ValueError, match="TempReduce.scope must be one of target, hero, zone"):
        TempReduce(1, scope="everyone")
    with pytest.raises(ValueError, match="TempReduce.until must be one of"):
        TempReduce(1, until="forever")


@pytest.mark.parametrize(
    "bug,invariant,scenario",
    [
        ("end-of-turn-effects-outlive-their-turn", "temporary-effects-end-on-time", "duration-end-of-turn"),
        ("owner-effects-end-at-any-earlier-hero-s-turn", "temporary-effects-end-only-at-their-expiry", "duration-owner-next-turn"),
        ("zone-effects-reach-the-other-zone", "temporary-effects-reach-their-scope", "duration-zone-stays"),
        ("zone-effects-forget-their-reach", "temporary-effects-reach-their-scope", "duration-other-zone"),
    ],
)
def test_a_broken_duration_rule_is_caught_by_its_invariant_and_its_scenario(bug, invariant, scenario):
    ruleset = api.load("oblivaeon")
    assert ruleset.run_scenario(scenario).passed
    with broken(BY_NAME[bug]):
        assert not ruleset.run_scenario(scenario).passed
        assert invariant in first_violations(), bug
