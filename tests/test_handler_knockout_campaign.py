"""Every kind of work record knocked out as the full report does it: caught, or uncaught for a reason or a known gap.

A campaign (tests/tiers.py): each kind plays up to the report's budget of checked games at the report's
seed, then every scenario; a kind whose stub leaves the game waiting forever costs the game time limit.
A kind nothing catches must have its reason in the ruleset's properties (``UNGUARDED_KIND_REASONS``:
no card schedules it, or random play reaches it too rarely; a kind with a reason may still be caught by a
scenario, never by an invariant in random play) or be one of the gaps below, measured and reported, not excused: each is strict
``xfail``, so closing a gap (an invariant or scenario that catches it) fails here until it is taken off.
"""

from __future__ import annotations

import pytest

from oblivaeon_verify import knockout_runner as kr
from oblivaeon_verify import rulesets
from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.sections import invariants as section

SEED = 2026
"""The report's default seed."""

GAPS: dict[str, dict[str, str]] = {"oblivaeon": {}, "aeons_end": {}}
"""Kinds whose knock-out nothing catches and nothing excuses (the full report fails on each): gaps in the invariants.
None is left: the nine OblivAeon choices whose effect nothing checked are caught by players-choices-take-effect, and
Aeon's End's EndCheck by the scenario last-attack-resolves-first-then-win."""


def _budget(ruleset) -> int:
    own = rulesets.plugin(ruleset).knockout_games
    return section.DEFAULT_GAMES if own is None else own


def _cases():
    for name in rulesets.available():
        for kind in kr.knockable_kinds(rulesets.load(name)):
            gap = GAPS[name].get(kind)
            yield pytest.param(name, kind, id=f"{name}-{kind}", marks=pytest.mark.xfail(strict=True, reason=gap) if gap else ())


@pytest.mark.parametrize("name, kind", list(_cases()))
def test_every_record_kind_knocked_out_is_caught_or_its_ruleset_says_why(name, kind):
    ruleset = rulesets.load(name)
    res = kr.run_one(ruleset, ruleset.default_parameters(), kind, seed=SEED, games=_budget(ruleset))
    reason = properties(ruleset).UNGUARDED_KIND_REASONS.get(kind)
    if reason is not None:  # a reason says random play cannot catch it: were an invariant to, the reason would be untrue
        assert res.status in ("uncaught", "scenario"), (res.status, res.caught_by)
        return
    assert res.status != "uncaught", f"{name}: the knock-out of {kind} is caught by nothing in {res.games} games and every scenario"


def test_the_gaps_named_here_are_kinds_of_their_ruleset_without_a_reason():
    for name, gaps in GAPS.items():
        ruleset = rulesets.load(name)
        assert set(gaps) <= set(kr.knockable_kinds(ruleset)) and not set(gaps) & set(properties(ruleset).UNGUARDED_KIND_REASONS)
