"""Clause knock-out: the mechanism is exact and free when unused, and knock-outs are caught."""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.oblivaeon import incapacitation
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import knockout
from oblivaeon_verify import knockout_runner as kr

PKG = "oblivaeon_verify.model.oblivaeon"


def test_knocking_out_swaps_the_code_and_puts_it_back():
    original = incapacitation.rewards_under.__code__
    with knockout.knocked_out(PKG, "INCAP.REWARDS-UNDER") as handlers:
        assert [h.name for h in handlers] == ["oblivaeon_verify.model.oblivaeon.incapacitation.rewards_under"]
        assert incapacitation.rewards_under.__code__ is not original
        assert incapacitation.rewards_under(None, 0, "", 1) is None
    assert incapacitation.rewards_under.__code__ is original


def test_a_knocked_out_predicate_returns_an_empty_value_of_its_type():
    from oblivaeon_verify.model.oblivaeon import heroes

    with knockout.knocked_out(PKG, "INCAP.NO-SHARED-DECK"):
        assert heroes.deck_in_use("Ra", {"Ra"}) is False
    assert heroes.deck_in_use("Ra", {"Ra"}) is True


def test_each_incapacitation_consequence_is_a_handler_of_its_own():
    for clause in (
        "INCAP.CARDS-TO-BOX",
        "INCAP.REWARDS-UNDER",
        "INCAP.OBJECTIVES-TO-MISSION-DECK",
        "INCAP.FOREIGN-CARDS-TO-TRASH",
        "BZ.DEV.HERO-INCAP",
    ):
        assert knockout.shared_with(PKG, clause) == (), clause


def test_a_clause_without_a_handler_function_is_refused_by_name():
    with pytest.raises(knockout.NothingToKnockOut, match="CHART.SCION-DIFFICULTY"):
        with knockout.knocked_out(PKG, "CHART.SCION-DIFFICULTY"):
            pass
    assert ("CHART.SCION-DIFFICULTY", "implemented as data (a chart or table), no function to switch off") in kr.not_knockable(RULESET)


def test_an_exception_inside_the_block_still_restores_the_code():
    original = incapacitation.cards_to_box.__code__
    with pytest.raises(RuntimeError):
        with knockout.knocked_out(PKG, "INCAP.CARDS-TO-BOX"):
            raise RuntimeError("boom")
    assert incapacitation.cards_to_box.__code__ is original


#: Knock-outs that must be caught, and an invariant that must be among those that catch each.
MUST_CATCH = {
    "INCAP.CARDS-TO-BOX": "fallen-hero-cards-boxed",
    "INCAP.REWARDS-UNDER": "fallen-rewards-go-under",
    "BZ.DEV.HERO-INCAP": "incapacitation-adds-devastation",
    "BZ.DEV.SCIONS-OUTNUMBER": "scions-outnumbering-heroes-add-devastation",
    "ENV.REMOVAL.DAMAGE": "removal-strikes-the-zone",
    "ENV.REMOVAL.MOVE-OBLIVAEON": "oblivaeon-stands-at-last-removal",
    "HERO.OPT.TAKE": "take-an-objective",
    "ID.COUNTDOWN": "countdown-ticks-once-per-oblivaeon-turn",
    "INCAP.REPLACEMENT": "replacement-hero-before-next-turn",
    "MISSION.DECK-OBJECTIVE-UP": "mission-deck-objective-up",
    "INCAP.OBJECTIVES-TO-MISSION-DECK": "fallen-objectives-to-mission-deck",
    # kinds of work record that only a scenario caught until an invariant checked their rule
    "DrawOne": "hero-draws-in-the-draw-phase",
    "AddObjectiveToken": "paying-for-an-objective-puts-a-token-on-it",
    "DiscardTop": "players-choices-take-effect",
    "ChooseDeckToDiscardFrom": "players-choices-take-effect",
}


@pytest.mark.parametrize("target", list(MUST_CATCH))
def test_the_knock_out_is_caught_by_its_invariant(target):
    res = kr.run_one(RULESET, DEFAULT, target, games=6)
    assert res.status == "caught", res.message
    assert MUST_CATCH[target] in res.caught_by, (res.caught_by, res.message)
    assert res.replay and res.replay["knockout"] == target


def test_no_knock_out_means_no_failure():
    from oblivaeon_verify.checked_play import play_checked

    assert not play_checked(RULESET, DEFAULT, 0, 4, 0).failed


def test_a_clause_random_play_misses_is_caught_by_a_scenario_citing_it():
    """With no games at all, only the scenarios citing the clause can catch its knock-out."""
    res = kr.run_one(RULESET, DEFAULT, "CLAR.REQUITAL-CONSTRUCTS", games=0)
    assert res.status == "scenario"
    assert res.caught_by == [
        "clar-requital-construct-destroyed-goes-to-the-box",
        "clar-requital-constructs-stay",
        "requital-construct-in-another-play-area-answers-no-turn",
    ]
    assert res.message.startswith("scenario clar-requital-construct-destroyed-goes-to-the-box")


def test_the_scenarios_of_a_clause_all_pass_while_it_is_on():
    assert kr._failing_scenarios(RULESET.name, "CLAR.REQUITAL-CONSTRUCTS") == []


def test_a_clause_caught_only_by_a_scenario_is_counted_apart_from_the_invariants():
    rows = [
        {"target": "A.A", "target_type": "clause", "status": "caught", "caught_by": ["x"], "games": 1, "reached": 1, "differed": 0},
        {
            "target": "CLAR.REQUITAL-CONSTRUCTS",
            "target_type": "clause",
            "status": "scenario",
            "caught_by": ["clar-requital-constructs-stay"],
            "games": 12,
            "reached": 0,
            "differed": 0,
        },
        {"target": "C.C", "target_type": "clause", "status": "uncaught", "caught_by": [], "games": 12, "reached": 3, "differed": 2},
    ]
    s = kr.summary(RULESET, rows)
    assert (s["caught_by_invariant"], s["caught_by_scenario"], len(s["uncaught"])) == (1, 1, 1)
    assert s["only_by_scenario"][0]["scenarios"] == ["clar-requital-constructs-stay"]
    # whether play called the rule tells a rule out of random play's reach from one it calls
    assert kr.ran_in(s["only_by_scenario"][0]) == "play never called it in the 12 games"
    assert kr.ran_in(s["uncaught"][0]) == "play called it in 3 of the 12 games, and 2 of them went otherwise with no invariant failing"
    assert (
        kr.ran_in({"games": 12, "reached": 3, "differed": 0})
        == "play called it in 3 of the 12 games, and each went on as with nothing knocked out"
    )
    assert s["share_caught"] == round(2 / 3, 3) and s["share_caught_by_invariant"] == round(1 / 3, 3)
