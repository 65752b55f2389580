"""The clause catalogue and the declarations that tie it to the model."""

import pytest
from oblivaeon_verify.model.oblivaeon import cards
from oblivaeon_verify.model.oblivaeon.clauses import CATALOGUE, CLAUSES
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET  # importing the model registers every declaration

from oblivaeon_verify.handlers import declared_codes

KINDS = {
    "setup",
    "round",
    "hero turn",
    "environment turn",
    "villain turn",
    "OblivAeon turn",
    "battle zone",
    "shield",
    "incapacitation",
    "Inevitable Destruction",
    "Aeon Men",
    "mission",
    "option",
    "clarification",
    "chart",
    "pointer",
    "new hero",
}


def test_clause_ids_are_unique_and_kinds_are_the_rulebooks():
    ids = [c.id for c in CLAUSES]
    assert len(ids) == len(set(ids))
    assert {c.kind for c in CLAUSES} <= KINDS
    assert 70 <= len(CLAUSES) <= 100


def test_every_rules_clarification_is_a_clause_of_its_own():
    """The rulebook's Rules Clarifications section has 26 paragraphs; each is one CLAR clause."""
    clar = [c for c in CLAUSES if c.id.startswith("CLAR.")]
    assert len(clar) == 26
    assert {c.id for c in CLAUSES if c.kind == "clarification"} == {c.id for c in clar}


def test_every_clause_with_a_rule_has_model_code_declaring_it():
    assert RULESET.catalogue is CATALOGUE
    assert CATALOGUE.unimplemented() == ()


def test_a_declaration_of_an_unknown_clause_fails_at_import_time():
    with pytest.raises(KeyError, match="unknown clause id 'NO.SUCH'"):
        CATALOGUE.implements("NO.SUCH")


def test_declared_handlers_are_found_from_the_code_itself():
    codes = declared_codes("oblivaeon_verify.model.oblivaeon")
    declared = {c for clauses in codes.values() for c in clauses}
    function_clauses = {cid for cid, impls in CATALOGUE.implementations.items() if any(i.line for i in impls)}
    assert function_clauses <= declared


def test_the_catalogue_of_cards_respects_who_may_do_what():
    """AEON-MEN.ON-INSTRUCTION and MISSION.DOUBLE-SIDED, checked over the whole card catalogue."""
    assert cards.validate() == []


def test_the_named_cards_of_the_clarifications_exist():
    names = {c.name for c in cards.CARD_DEFS.values()} | {c.reward.name for c in cards.CARD_DEFS.values() if c.reward}
    assert {"Rites of Revival", "Unforgiving Wasteland", "The Bloodstone", "Energy Construct"} <= names
    assert "char:captain-cosmic:requital" in cards.CHARACTERS
    assert len(cards.character_cards("char:the-sentinels:the-sentinels")) == 4
    for hero in ("Luminary", "The Harpy", "Akash'Thriya", "La Comodora", "Lifeline"):
        assert hero in cards.HEROES


def test_there_are_enough_character_cards_for_five_players_to_fall_many_times():
    assert len(cards.CHARACTERS) >= 60
