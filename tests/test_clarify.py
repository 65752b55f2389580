"""The clarification language: parsing (with errors that point at the problem), the encoded rulebook,
verdicts of each kind with their cores, and the model's own card classification."""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.oblivaeon import battle_zones
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE
from oblivaeon_verify.properties.oblivaeon import clarify
from oblivaeon_verify.properties.oblivaeon.clarify.language import LANGUAGE, And, ClarifyError, Not, Or, Term, parse, parse_statement
from oblivaeon_verify.properties.oblivaeon.clarify.logic import Theory, judge
from oblivaeon_verify.properties.oblivaeon.clarify.model_check import check, objects

from oblivaeon_verify.cli import main
from tests.test_words import problems


def _decided(v: dict) -> dict:
    """A verdict without the domain it was decided on (which grows with the encoded rulebook)."""
    return {k: x for k, x in v.items() if k != "domain"}


def proposal(text: str):
    return parse(text, "<test>", default_id="PROPOSED")[0]


# --- parsing -----------------------------------------------------------------------------------


def test_a_statement_parses_into_terms_with_longest_match_and_juxtaposition():
    st = parse_statement("every reward in a hero play area is a hero card and keeps its tokens.")
    assert st.quantifier == "every"
    assert st.subject == And((Term("reward"), Term("in a hero play area")))
    assert st.predicate == And((Term("hero card"), Term("keeps its tokens")))
    st = parse_statement("every oblivaeon booklet is a villain character card")
    assert st.predicate == Term("villain character card")  # not "villain" + "character card"


def test_or_not_and_parentheses_are_read_with_the_usual_precedence():
    st = parse_statement("no reward (in a hero deck or in a hero trash) is not a mission card")
    assert st.subject == And((Term("reward"), Or((Term("in a hero deck"), Term("in a hero trash")))))
    assert st.predicate == Not(Term("mission card"))


@pytest.mark.parametrize(
    "text, column, expected",
    [
        ("every reward is a villian card", 19, "a term of the vocabulary"),
        ("all rewards are hero cards", 1, "'every', 'no' or 'some'"),
        ("every reward a hero card", 25, "'is', 'are' or a verb"),  # the subject runs to the end of the line
        ("every reward is (a hero card", 29, "')'"),
        ("every reward is hero card hero target )", 39, "'and', 'or' or the end"),
    ],
)
def test_a_malformed_statement_names_its_position_and_what_was_expected(text, column, expected):
    with pytest.raises(ClarifyError) as e:
        parse(text, "proposal.clar", default_id="PROPOSED")
    assert e.value.line == 1 and e.value.column == column and expected in e.value.expected
    assert str(e.value).startswith(f"proposal.clar:1:{column}: expected")


def test_a_file_line_without_an_id_or_with_a_bad_id_is_refused_with_its_line():
    with pytest.raises(ClarifyError, match=r"f.clar:2:1: expected a clause id"):
        parse("CLAR.X: every reward is a mission card.\nevery reward is a card.\n", "f.clar")
    with pytest.raises(ClarifyError, match=r"f.clar:1:1: expected a clause id such as"):
        parse("clar.x: every reward is a mission card.\n", "f.clar")


def test_the_parser_never_evaluates_text():
    with pytest.raises(ClarifyError):
        parse_statement("every __import__('os') is a card")


# --- the rulebook --------------------------------------------------------------------------------


def test_every_rules_clarification_of_the_catalogue_is_encoded():
    encoded = {c.id for c in clarify.rulebook()}
    catalogue = {c.id for c in CATALOGUE.clauses if c.id.startswith("CLAR.")}
    assert catalogue <= encoded and {i for i in encoded if i.startswith("CLAR.")} <= catalogue


def test_the_encoded_rulebook_is_consistent_and_reports_what_follows_from_the_rest(capsys):
    data = clarify.check_rulebook()
    assert data["consistent"] and data["conflicts"] == []
    assert data["redundant"] == []
    assert [(r["clause"], r["statement"]) for r in data["redundant_statements"]] == [("CLAR.COMPLETED-MISSION-TRASH", 2)]
    # `clarify --check` says so, and that the model conforms (in this test: its answers are the ones just
    # found, remembered by the solver's groundings, so the command takes a moment, not the check's 20 s);
    # what it prints is words, not Python reprs or wrong plurals (test_words' check of every command's
    # text, made here on the output this test has anyway rather than by a second 20 s check there)
    code = main(["clarify", "--check"])
    said = capsys.readouterr()
    out = said.out
    assert code == 0 and "consistent" in out and "0 violations" in out, out
    assert problems(out) == [] and problems(said.err) == []


def test_an_inconsistent_set_is_reported_with_its_core():
    cs = list(clarify.rulebook()) + [proposal("CLAR.BROKEN: some mission card is a character card.")]
    theory = Theory(cs, vocab=LANGUAGE.vocabulary)
    assert not theory.consistent()
    assert theory.cores() == [("CLAR.BROKEN", "CLAR.MISSION-TYPES")]


# --- verdicts --------------------------------------------------------------------------------------


def test_a_new_clarification_is_consistent():
    v = clarify.judge_text("no objective target in a hero play area may be used by some player in the other battle zone.")
    assert v["verdict"] == "consistent" or v["verdict"] == "redundant"
    v = clarify.judge_text("every reward in a hero deck is a hero card.")
    assert _decided(v) == {
        "verdict": "consistent",
        "proposal": "PROPOSED",
        "new_statements": ["every reward in a hero deck is a hero card"],
    }


def test_an_implied_clarification_is_redundant_with_every_minimal_support():
    v = clarify.judge_text("every shield card may move between battle zones.")
    assert v["verdict"] == "redundant"
    assert v["implied_by"] == [["CLAR.INDESTRUCTIBLE-MOVES", "CLAR.SHIELD-INDESTRUCTIBLE", "VOCAB.CARDS"]]


def test_a_contradicting_clarification_names_every_minimal_core():
    v = clarify.judge_text("every reward is a villain card.")
    assert v["verdict"] == "contradicts"
    assert v["cores"] == [
        ["CLAR.MISSION-TARGET-KIND", "VOCAB.GAME-HAS", "VOCAB.MISSION-SIDES"],
        ["CLAR.REWARDS-BELONG", "VOCAB.CARD-SIDES", "VOCAB.GAME-HAS"],
    ]


def test_each_reported_core_is_really_minimal_and_unsatisfiable():
    base = list(clarify.rulebook())
    p = proposal("every reward is a villain card.")
    v = judge(base, p, vocab=LANGUAGE.vocabulary)
    theory = Theory(base + [p], vocab=LANGUAGE.vocabulary)
    for core in v["cores"]:
        ids = list(core) + ["PROPOSED"]
        assert not theory.consistent(ids) and all(theory.consistent([i for i in ids if i != n]) for n in ids)


def test_a_proposal_with_a_single_clear_conflict_has_one_core():
    v = clarify.judge_text("CLAR.NEW: some mission card is a character card.")
    assert _decided(v) == {"verdict": "contradicts", "proposal": "CLAR.NEW", "cores": [["CLAR.MISSION-TYPES"]]}


def test_a_proposal_reusing_an_existing_id_is_judged_as_a_new_clause():
    v = clarify.judge_text("CLAR.MISSION-TYPES: some mission card is a character card.")
    assert v["proposal"] == "CLAR.MISSION-TYPES(proposed)" and v["cores"] == [["CLAR.MISSION-TYPES"]]


# --- the model's classification ------------------------------------------------------------------


def test_the_models_classification_of_its_cards_satisfies_every_clarification():
    data = clarify.model_conformance()
    assert data["objects"] > 500 and data["violations"] == [] and data["unwitnessed"] == []


def test_a_model_that_counts_rewards_as_villain_targets_breaks_the_mission_clarifications(monkeypatch):
    real = battle_zones.target_side

    def wrong(d, card):
        side = real(d, card)
        return "villain" if card in getattr(d, "reward_side", ()) else side

    monkeypatch.setattr(battle_zones, "target_side", wrong)
    data = check(list(clarify.rulebook()), objects({"oblivaeon", "scion", "aeon", "seat", "env"}))
    assert {v["clause"] for v in data["violations"]} >= {"CLAR.MISSION-TYPES"}


def test_a_model_that_offers_the_mission_deck_to_deck_effects_breaks_its_clarification():
    data = check(list(clarify.rulebook()), objects({"oblivaeon", "scion", "aeon", "seat", "env", "mission"}))
    assert [v["clause"] for v in data["violations"]] == ["CLAR.MISSION-DECK-UNTARGETABLE"]
