"""The cone of influence of a clarification question: independent parts, null-safety and fixed relations.

Each test breaks what the splitting relies on and shows the verdict would change: statements linked
only through a chain of shared words stay in one part, a statement a thing with no words can break
keeps every statement together, and fixing a relation used one way only keeps every answer.
"""

from __future__ import annotations

from oblivaeon_verify.properties.common.clarify import language, logic, relevance
from oblivaeon_verify.properties.common.clarify.language import Clarification

LANG = language.Language({t: "" for t in ("thing", "xa", "xb", "xc", "xd", "xe")}, (), "A.B", "the test's terms", relatives=("that",))


def _statements(text: str) -> list:
    return [st for c in LANG.parse(text, "t.clar") for st in c.statements]


def test_statements_linked_by_a_chain_of_words_form_one_part_and_others_their_own():
    sts = _statements("R.1: every xa is xb.\nR.2: every xb is xc.\nR.3: every xd is xe.\nR.4: some xc is xa.")
    assert relevance.components(sts) == [[0, 1, 3], [2]]


def test_a_chain_split_apart_would_miss_a_contradiction():
    base = [
        Clarification(c.id, c.statements, c.line)
        for c in LANG.parse("R.1: every xa is xb.\nR.2: every xb is xc.\nR.3: some xa is xa.", "b")
    ]
    proposal = LANG.parse("P.X: no xa is xc.", "p")[0]
    assert logic.judge(base, proposal)["verdict"] == "contradicts"
    # With every statement a part of its own, the chain xa -> xb -> xc is never seen together.
    original = relevance.components
    try:
        relevance.components = lambda sts: [[i] for i in range(len(sts))]
        logic.forget()
        assert logic.judge(base, proposal)["verdict"] != "contradicts"
    finally:
        relevance.components = original
        logic.forget()


def test_a_statement_about_things_with_no_words_keeps_every_statement_together():
    # "every xa or not xb is xc": a thing with every word false is one it speaks of (it is not xb) and
    # breaks it (it is not xc), so parts put side by side on fresh things could break it: nothing is split.
    sts = _statements("R.1: every xa or not xb is xc.\nR.2: every xd is xe.")
    assert not relevance.null_safe(sts[0]) and relevance.null_safe(sts[1])
    assert relevance.components(sts) == [[0, 1]]
    assert relevance.components(sts[1:]) == [[0]]


def _unsplit():
    """Every question decided whole, on the whole set's domain (the checker before it split questions)."""
    original = relevance.components
    relevance.components = lambda sts: [list(range(len(sts)))] if sts else []
    logic.forget()
    return original


def test_the_split_rulebook_check_agrees_with_the_whole_one():
    from oblivaeon_verify.properties.aeons_end import clarify as ae_clarify

    split = ae_clarify.check_rulebook()
    original = _unsplit()
    try:
        whole = ae_clarify.check_rulebook(seconds=600)
    finally:
        relevance.components = original
        logic.forget()
    assert split == whole and split["consistent"] is True and split["undecided"] == []


def test_split_questions_about_the_oblivaeon_rulebook_agree_with_whole_ones():
    # Whole, the OblivAeon rulebook is grounded on 50 things (half a minute for every question of
    # --check): a redundant statement, statements of the large part and of a small one are enough.
    from oblivaeon_verify.properties.oblivaeon import clarify
    from oblivaeon_verify.properties.oblivaeon.clarify.language import LANGUAGE

    asked = [
        ("CLAR.COMPLETED-MISSION-TRASH", 1),
        ("CLAR.MISSION-ZONE", 0),
        ("CLAR.ZONE-MEMBERSHIP", 1),
        ("CLAR.OA-TURN-IS-VILLAIN-TURN", 0),
    ]

    def answers():
        theory = logic.Theory(list(clarify.rulebook()), vocab=LANGUAGE.vocabulary, kept=len(clarify.rulebook()))
        return [theory.consistent()] + [theory.statement_implied_by_others(cid, n) for cid, n in asked]

    split = answers()
    original = _unsplit()
    try:
        whole = answers()
    finally:
        relevance.components = original
        logic.forget()
    assert split == whole == [True, True, False, False, False]


def test_a_relation_used_one_way_is_fixed_and_both_ways_is_not():
    from oblivaeon_verify.properties.oblivaeon.clarify.language import LANGUAGE

    zone_rule = [st for c in LANGUAGE.parse("X.Y: no mission card may affect some hero.", "x") for st in c.statements][0]
    may_affect = next(r for r in LANGUAGE.vocabulary.relations if r.name == "may affect")
    assert relevance.polarities([(zone_rule, False)]) == {may_affect: relevance.NEGATIVE}
    assert relevance.fixed_relations([(zone_rule, False)]) == frozenset({(may_affect, False)})
    assert relevance.polarities([(zone_rule, True)]) == {may_affect: relevance.POSITIVE}
    assert relevance.polarities([(zone_rule, False), (zone_rule, True)]) == {may_affect: relevance.BOTH}
    assert relevance.fixed_relations([(zone_rule, False), (zone_rule, True)]) == frozenset()
