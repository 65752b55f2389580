"""Verdicts of the second-generation language: singular components, zones, counting, permissions, vacuity.

Each proposal is one a designer could not write (or that was misjudged) before existence, relations,
counts and modals: the expected verdict and the sets it names are the point of each test.
"""

from __future__ import annotations

import pytest
from oblivaeon_verify.properties.aeons_end import clarify as ae
from oblivaeon_verify.properties.common.clarify import language
from oblivaeon_verify.properties.common.clarify.language import Check, Frequency, Related
from oblivaeon_verify.properties.oblivaeon import clarify
from oblivaeon_verify.properties.oblivaeon.clarify import existence
from oblivaeon_verify.properties.oblivaeon.clarify.language import LANGUAGE


def _v(text: str, module=clarify) -> dict:
    return module.judge_text(text, seconds=120)


# --- existence, from the model ----------------------------------------------------------------------


def test_existence_counts_come_from_the_models_setup():
    c = existence.counts()
    assert c["battle zone"] == (2, 2) and c["oblivaeon booklet"] == (1, 1) and c["scion reserve"] == (1, 1)
    assert c["hero"] == (3, 5) and c["oblivaeon turn"] == (1, 1) and c["environment turn"] == (2, 2)
    ids = {cl.id for cl in clarify.rulebook()}
    assert {"EXIST.BATTLE-ZONE", "EXIST.OBLIVAEON-BOOKLET", "EXIST.SCION-RESERVE", "EXIST.OBLIVAEON-TURN"} <= ids


def test_a_proposal_against_a_clarification_about_the_single_booklet_now_contradicts():
    # Before existence, "no booklet is ..." held by having no booklet at all.
    v = _v("no oblivaeon booklet is a villain character card.")
    assert v["verdict"] == "contradicts" and v["cores"] == [["CLAR.VILLAIN-CHARACTERS", "EXIST.OBLIVAEON-BOOKLET"]]


def test_a_count_against_the_models_setup_contradicts():
    v = _v("there are exactly 3 battle zones.")
    assert v["verdict"] == "contradicts" and v["cores"] == [["EXIST.BATTLE-ZONE"]]


def test_things_of_different_kinds_are_apart_so_a_hero_or_a_battle_zone_is_no_card():
    # Before VOCAB.KINDS nothing said a hero, or a battle zone, is not a card: both were judged consistent.
    hero = _v("every hero is a villain card.")
    assert hero["verdict"] == "contradicts" and ["EXIST.HERO", "VOCAB.CARDS", "VOCAB.KINDS"] in hero["cores"]
    zone = _v("every battle zone is a villain card.")
    assert zone["verdict"] == "contradicts" and zone["cores"] == [["EXIST.BATTLE-ZONE", "VOCAB.CARDS", "VOCAB.KINDS"]]
    assert _v("some player is a hero.")["cores"] == [["VOCAB.KINDS"]]
    # where the rulebook itself says that two things are apart, the kinds leave it its own clarification
    assert _v("no scion reserve is a deck.")["verdict"] == "redundant"
    assert _v("no scion reserve is a deck.")["implied_by"] == [["CLAR.VILLAIN-DECKS"]]


def test_the_kinds_are_apart_only_between_kinds_and_a_turn_may_be_two_kinds_of_turn():
    v = _v("every oblivaeon turn is a villain turn.")
    assert v["verdict"] == "redundant" and v["implied_by"] == [["CLAR.OA-TURN-IS-VILLAIN-TURN"]]


def test_aeons_end_existence_counts_come_from_the_models_setup():
    from oblivaeon_verify.properties.aeons_end.clarify import existence as ae_existence

    c = ae_existence.counts()
    assert c["player"] == (1, 4) and c["breach"] == (4, 16) and c["nemesis"] == c["gravehold"] == c["game"] == (1, 1)
    assert c["nemesis card"] == (12, 12) and c["minion"] == (5, 5) and c["attack"] == c["power"] == (3, 4)
    assert "turn order card" not in c  # TURN-ORDER.COMPOSITION says what the turn order deck holds
    ids = {cl.id for cl in ae.rulebook()}
    assert {"EXIST.PLAYER", "EXIST.GRAVEHOLD", "EXIST.NEMESIS", "EXIST.NEMESIS-CARD"} <= ids
    assert ae.check_rulebook()["consistent"] is True


def test_an_aeons_end_proposal_about_the_single_nemesis_or_gravehold_now_contradicts():
    # Before the EXIST.* counts of Aeon's End, both were consistent: nothing said a Gravehold or a nemesis exists.
    assert _v("every gravehold is a player.", ae)["cores"] == [["EXIST.GRAVEHOLD", "VOCAB.THINGS"]]
    assert _v("every nemesis is a minion.", ae)["cores"] == [["EXIST.NEMESIS", "VOCAB.NEMESIS-CARDS", "VOCAB.THINGS"]]
    assert _v("there are exactly 13 nemesis cards.", ae)["cores"] == [["EXIST.NEMESIS-CARD"]]


# --- vacuity ----------------------------------------------------------------------------------------


def test_a_proposal_about_something_that_cannot_exist_is_vacuous_with_what_rules_it_out():
    v = _v("every reward in the mission deck is a hero card.")
    assert v["verdict"] == "vacuous"
    assert v["empty"] == [
        {"subject": "reward and in the mission deck", "ruled_out_by": [["CLAR.REWARD-NO-OBJECTIVE", "VOCAB.MISSION-SIDES"]]}
    ]


def test_a_vacuous_proposal_exits_0_and_says_so(capsys):
    from oblivaeon_verify.cli import main

    rc = main(["clarify", "every scion reserve that is a deck is a villain deck."])
    out = capsys.readouterr().out
    assert rc == 0 and out.startswith("vacuous") and "nothing can be" in out


def test_a_vacuous_aeons_end_proposal():
    v = _v("every destroyed breach that is opened is focused this turn.", ae)
    assert v["verdict"] == "vacuous" and ["VOCAB.BREACH-SIDES"] in v["empty"][0]["ruled_out_by"]


# --- zones, counting, permissions ------------------------------------------------------------------


def test_a_mission_card_reaching_into_the_other_zone_contradicts_the_zone_rule():
    v = _v("some mission card in a hero play area may affect some target in the other battle zone.")
    assert v["verdict"] == "contradicts" and v["cores"] == [["CLAR.MISSION-ZONE"]]


def test_a_card_in_a_play_area_outside_its_markers_zone_contradicts_zone_membership():
    v = _v("some card in a hero play area is not in the battle zone of its marker.")
    assert v["verdict"] == "contradicts" and v["cores"] == [["CLAR.ZONE-MEMBERSHIP"]]


def test_at_most_one_move_per_turn_contradicts_the_multiple_moves_clarification():
    v = _v("every hero moves between battle zones at most once per turn.")
    assert v["verdict"] == "contradicts" and v["cores"] == [["CLAR.MULTIPLE-MOVES"]]


def test_permissions_and_obligations():
    assert _v("a shield card may be destroyed.")["cores"] == [["CLAR.SHIELD-INDESTRUCTIBLE"]]
    # 'must' implies 'may': an obligation to play an erased hero again is forbidden by the same rule.
    v = _v("some erased hero must be played again.")
    assert v["verdict"] == "contradicts" and v["cores"] == [["CLAR.ERASED"]]
    # As a rule for every erased hero it is consistent: the two together say no hero is ever erased.
    assert _v("an erased hero must be played again.")["verdict"] == "consistent"
    v = _v("some scion may affect some hero in the other battle zone.")
    assert v["verdict"] == "consistent"


def test_an_aeons_end_count_and_permission():
    assert _v("no exhausted player may gain life.", ae)["verdict"] == "redundant"
    assert _v("there are at most 0 breaches.", ae)["verdict"] == "contradicts"


# --- the grammar ------------------------------------------------------------------------------------


def test_order_time_and_frequency_parse_to_typed_records():
    st = LANGUAGE.parse_statement("every scion effect resolves before every aeon men effect at the same moment.")
    assert isinstance(st.predicate, Related) and st.predicate.relation.name == "resolves before"
    assert st.predicate.quantity.kind == "every" and isinstance(st.predicate.phrase.args[1], Related)
    st = LANGUAGE.parse_statement("every temporary effect lasts until the start of a hero turn.")
    assert isinstance(st.predicate, Check) and st.predicate.test.attribute == "until"
    st = LANGUAGE.parse_statement("every scion effect is during oblivaeon's turn.")
    assert isinstance(st.predicate, Check) and st.predicate.test.attribute == "moment"
    st = LANGUAGE.parse_statement("no hero moves between battle zones more than twice per round.")
    assert isinstance(st.predicate, Frequency) and st.predicate.quantity.low == 3
    st = LANGUAGE.parse_statement("if there is an oblivaeon booklet then there are exactly 2 battle zones.")
    assert st.condition is not None and st.quantity.low == 2


@pytest.mark.parametrize(
    "text, col, expected",
    [
        ("there are exactly 21 battle zones.", 19, "a number from 0 to 20"),
        ("every hero moves between battle zones more than once per week.", 58, "what the happenings are counted in"),
        ("every hero is in the same battle zone as", 41, "what 'in the same battle zone as' relates to"),
        ("every hero is in the other battle zone.", 15, "needs what it relates to"),
    ],
)
def test_new_grammar_errors_are_one_line_with_their_column(text, col, expected):
    with pytest.raises(language.ClarifyError) as e:
        LANGUAGE.parse_statement(text)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(f"<text>:1:{col}: expected") and expected in msg
