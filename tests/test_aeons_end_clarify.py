"""The Aeon's End clarification checker: its language (and precise errors), the rulebook's rules as
statements, verdicts of each kind with their cores, the model's conformance in random play (and its
failure when a model rule is broken), and the command line."""

from __future__ import annotations

import json

import pytest
from oblivaeon_verify.model.aeons_end import effects, player_turn
from oblivaeon_verify.model.aeons_end.clauses import CATALOGUE
from oblivaeon_verify.model.aeons_end.decisions import Decision
from oblivaeon_verify.properties.aeons_end import clarify
from oblivaeon_verify.properties.aeons_end.clarify.language import parse, parse_statement
from oblivaeon_verify.properties.aeons_end.clarify.model_check import check, objects
from oblivaeon_verify.properties.common.clarify.language import And, ClarifyError, Not, Term
from oblivaeon_verify.properties.common.clarify.logic import Theory, judge

from oblivaeon_verify.cli import main


def _decided(v: dict) -> dict:
    """A verdict without the domain it was decided on (which grows with the encoded rulebook)."""
    return {k: x for k, x in v.items() if k != "domain"}


def _first_game_with_an_exhaustion() -> tuple[int, int]:
    """The checker's first two-player game in which a player is exhausted (so "may gain life" is
    probed on an exhausted player); found, not hard-coded, so a change to the cards moves it."""
    for seed in range(1, 30):
        if any(("exhausted", True) in o.facts for o in objects(((2, seed),))):
            return 2, seed
    raise AssertionError("no two-player game of the first 29 exhausts a player")


SMALL = (_first_game_with_an_exhaustion(),)


def proposal(text: str):
    return parse(text, "<test>", default_id="PROPOSED")[0]


# --- the language --------------------------------------------------------------------------------


def test_a_modal_statement_after_an_article_says_it_can_happen():
    st = parse_statement("an exhausted player may gain life.")
    assert (st.quantifier, st.subject, st.predicate) == ("some", And((Term("exhausted"), Term("player"))), Term("may gain life"))


def test_a_relative_clause_puts_a_predicate_term_in_the_subject():
    st = parse_statement("every breach that may receive a spell is opened or focused this turn")
    assert st.quantifier == "every"
    assert st.subject == And((Term("breach"), Term("may receive a spell")))
    st = parse_statement("no player that is not exhausted is at 0 life")
    assert st.subject == And((Term("player"), Not(Term("exhausted"))))


def test_the_vocabulary_is_the_games_own():
    terms = clarify.vocabulary()
    for word in ("exhausted", "breach", "gravehold", "nemesis", "minion", "power", "turn order card", "prepped", "fully charged"):
        assert word in terms
    assert not any(w in terms for w in ("reward", "hero card", "villain card", "mission card"))


@pytest.mark.parametrize(
    "text, column, expected",
    [
        ("every exhausted player may gain lfe", 24, "a term of the vocabulary beginning with 'may'"),
        ("every exhausted mage may gain life", 17, "'is', 'are' or a verb such as 'may'"),
        ("a relic is a gem", 9, "'may' after a subject without 'every', 'no' or 'some'"),
        ("all breaches are opened", 1, "'every', 'no' or 'some'"),
        ("every breach opened", 20, "'is', 'are' or a verb such as 'may'"),
        ("every breach is (opened or closed", 34, "')'"),
    ],
)
def test_a_malformed_proposal_names_its_position_and_what_was_expected(text, column, expected):
    with pytest.raises(ClarifyError) as e:
        parse(text, "proposal.clar", default_id="PROPOSED")
    assert (e.value.line, e.value.column) == (1, column) and expected in e.value.expected
    assert str(e.value).startswith(f"proposal.clar:1:{column}: expected")


def test_a_file_line_with_a_bad_id_or_two_ids_in_a_proposal_is_refused_with_its_line():
    with pytest.raises(ClarifyError, match=r"f.clar:2:1: expected a clause id such as EXHAUST.NO-LIFE-GAIN"):
        parse("ALLY-SPELL: every spell cast by an ally is a spell.\nexhaust.x: every player is a player.\n", "f.clar")
    with pytest.raises(ClarifyError, match=r"p.clar:2:1: expected statements of one clarification .*found a second id NEW.B"):
        clarify.judge_text("NEW.A: some relic is in hand.\nNEW.B: some gem is in hand.\n", "p.clar")


def test_the_parser_never_evaluates_text():
    with pytest.raises(ClarifyError):
        parse_statement("every __import__('os') is a breach")


# --- the rulebook ----------------------------------------------------------------------------------


def test_every_encoded_rule_cites_a_clause_of_the_catalogue():
    catalogue = {c.id for c in CATALOGUE.clauses}
    ids = {c.id for c in clarify.rulebook()}
    rules = {i for i in ids if not i.startswith(("VOCAB.", "EXIST."))}  # EXIST.*: read off the model's setup
    assert rules <= catalogue, sorted(rules - catalogue)
    assert len(rules) >= 35
    for must in ("EXHAUST.NO-LIFE-GAIN", "EXHAUST.LOWEST-LIFE", "BREACH.PREP-WHERE", "MAIN.PREP", "CAST.CLOSED-MUST", "END.IMMEDIATE"):
        assert must in rules


def test_the_encoded_rulebook_is_consistent_and_no_rule_follows_from_the_others():
    data = clarify.check_rulebook()
    assert data["consistent"] and data["conflicts"] == []
    assert data["redundant"] == [] and data["redundant_statements"] == []
    assert data["rules_word"] == "rulebook rules" and "ALLY-SPELL" in data["clarifications"]
    assert all(v.startswith(("VOCAB.", "EXIST.")) for v in data["vocabulary_facts"])


def test_an_inconsistent_set_is_reported_with_its_core():
    theory = Theory(list(clarify.rulebook()) + [proposal("BROKEN.RULE: some destroyed breach may receive a spell.")])
    assert not theory.consistent()
    assert theory.cores() == [("BREACH.PREP-WHERE", "BROKEN.RULE")]


def test_a_rule_implied_by_the_others_is_reported():
    extra = proposal("EXTRA.RULE: some opened breach may receive a spell.")
    theory = Theory(list(clarify.rulebook()) + [extra])
    assert theory.implied_by_others("EXTRA.RULE") and not theory.implied_by_others("MAIN.PREP")


def test_the_rulebook_check_finds_the_same_redundant_ids_as_asking_each_ids_own_question(monkeypatch):
    """The check asks an id's own question only when its statements' answers leave it open: its list
    is the one asking every id gives, with a redundant id of two statements and one of one added."""
    from oblivaeon_verify.properties.common.clarify.rulebook import EncodedRulebook

    extra = parse(
        "EXTRA.TWO: some opened breach may receive a spell.\nEXTRA.TWO: some opened breach may receive a spell.\n"
        "EXTRA.ONE: some opened breach may receive a spell.\n",
        "<test>",
    )
    book = EncodedRulebook(clarify.RULEBOOK, clarify._BOOK.language, is_rule=lambda cid: not cid.startswith("VOCAB."), rules_word="rules")
    monkeypatch.setattr(EncodedRulebook, "statements", tuple(clarify.rulebook()) + tuple(extra))
    data = book.check_rulebook()
    theory = Theory(list(book.statements), vocab=clarify._BOOK.language.vocabulary)
    assert data["redundant"] == [cid for cid in theory.clarifications if theory.implied_by_others(cid)] == ["EXTRA.TWO", "EXTRA.ONE"]
    assert data["undecided"] == []


# --- verdicts ---------------------------------------------------------------------------------------


def test_an_exhausted_player_gaining_life_conflicts_with_the_rule_against_it():
    assert _decided(clarify.judge_text("an exhausted player may gain life.")) == {
        "verdict": "contradicts",
        "proposal": "PROPOSED",
        "cores": [["EXHAUST.NO-LIFE-GAIN"]],
    }


def test_a_conflict_through_two_rules_names_every_minimal_core_and_each_is_minimal():
    base = list(clarify.rulebook())
    p = proposal("some game with gravehold at 0 life is won.")
    v = judge(base, p)
    assert v["verdict"] == "contradicts" and v["cores"] == [["END.LOSE-GRAVEHOLD", "VOCAB.GAME-ENDS"]]
    theory = Theory(base + [p])
    for core in v["cores"]:
        ids = list(core) + ["PROPOSED"]
        assert not theory.consistent(ids) and all(theory.consistent([i for i in ids if i != n]) for n in ids)


def test_prepping_a_spell_to_an_opened_breach_is_already_implied():
    v = clarify.judge_text("an opened breach may receive a spell.")
    assert _decided(v) == {"verdict": "redundant", "proposal": "PROPOSED", "implied_by": [["MAIN.PREP", "VOCAB.GAME-HAS"]]}
    v = clarify.judge_text("every empty breach that is not opened and may receive a spell is focused this turn.")
    assert _decided(v) == {"verdict": "redundant", "proposal": "PROPOSED", "implied_by": [["BREACH.PREP-WHERE"]]}


def test_a_new_compatible_rule_about_a_relic_is_consistent_and_new():
    v = clarify.judge_text("RELIC.ALLY-CAST: some relic lets its player cast an ally's prepped spell.")
    assert _decided(v) == {
        "verdict": "consistent",
        "proposal": "RELIC.ALLY-CAST",
        "new_statements": ["some relic lets its player cast an ally's prepped spell"],
    }


def test_a_proposal_reusing_an_existing_id_is_judged_as_a_new_clause():
    v = clarify.judge_text("EXHAUST.NO-LIFE-GAIN: some exhausted player may gain life.")
    assert v["proposal"] == "EXHAUST.NO-LIFE-GAIN(proposed)" and v["cores"] == [["EXHAUST.NO-LIFE-GAIN"]]


# --- the model's conformance -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def conformance():
    return clarify.model_conformance()


def test_the_model_in_random_play_satisfies_every_rule(conformance):
    assert conformance["objects"] > 30_000 and conformance["kinds"] > 50
    assert conformance["violations"] == [] and conformance["unwitnessed"] == []


def test_a_model_letting_exhausted_players_gain_life_breaks_its_rule(monkeypatch):
    real = effects.heal_player

    def heals_anyone(d, i, n, clause):
        m = d.mages[i]
        if m.exhausted:
            d.mage_update(i, life=m.life + n)
            return
        real(d, i, n, clause)

    monkeypatch.setattr(effects, "heal_player", heals_anyone)
    data = check(list(clarify.rulebook()), objects(SMALL))
    assert {v["clause"] for v in data["violations"]} == {"EXHAUST.NO-LIFE-GAIN"}
    named = [o for v in data["violations"] for o in v["objects"] if not o.startswith("...")]
    assert named and all(f"(game {SMALL[0][1]}, 2 players, turn " in o for o in named)


def test_a_model_prepping_to_closed_unfocused_breaches_breaks_its_rule(monkeypatch):
    monkeypatch.setattr(
        player_turn, "prep_breaches", lambda m: [b for b, br in enumerate(m.breaches) if not br.destroyed and br.spell is None]
    )
    data = check(list(clarify.rulebook()), objects(SMALL))
    assert {v["clause"] for v in data["violations"]} == {"BREACH.PREP-WHERE"}


def test_a_model_letting_a_player_skip_a_spell_in_a_closed_breach_breaks_its_rule(monkeypatch):
    real = player_turn.casting_options

    def may_always_end(d):
        opts = real(d)
        return opts if any(o.kind == "end-casting" for o in opts) else [*opts, Decision("end-casting", f"player {d.acting() + 1}")]

    monkeypatch.setattr(player_turn, "casting_options", may_always_end)
    data = check(list(clarify.rulebook()), objects(SMALL))
    assert {v["clause"] for v in data["violations"]} == {"CAST.CLOSED-MUST"}


def test_a_statement_no_object_of_the_model_can_witness_is_reported():
    data = check([proposal("NEVER.SEEN: some exhausted player is fully charged and at 0 life and may use their ability.")], objects(SMALL))
    assert data["violations"] == [] and [u["clause"] for u in data["unwitnessed"]] == ["NEVER.SEEN"]


# --- the command line ------------------------------------------------------------------------------


def _run(capsys, *argv):
    rc = main(["clarify", "--ruleset", "aeons_end", *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_the_command_judges_a_proposal_file(tmp_path, capsys):
    f = tmp_path / "proposal.clar"
    f.write_text("# a proposal\nPROPOSAL.HEAL: an exhausted player may gain life.\n", encoding="utf-8")
    rc, out, _ = _run(capsys, "--file", str(f), "--json")
    head = {"schema_version": 1, "schema": "clarify", "ruleset": "aeons_end", "verdict": "failed"}
    assert rc == 1 and _decided(json.loads(out)) == {
        **head,
        "judgement": "contradicts",
        "proposal": "PROPOSAL.HEAL",
        "cores": [["EXHAUST.NO-LIFE-GAIN"]],
    }
    rc, out, _ = _run(capsys, "an opened breach may receive a spell.")
    assert rc == 0 and "redundant" in out and "MAIN.PREP" in out


def test_the_command_refuses_a_bad_proposal_with_its_position(tmp_path, capsys):
    f = tmp_path / "bad.clar"
    f.write_text("\nevery exhausted player may heal\n", encoding="utf-8")
    rc, out, err = _run(capsys, "--file", str(f))
    assert rc == 2 and out == "" and f"{f}:2:24: expected a term of the vocabulary beginning with 'may'" in err
    rc, _, err = _run(capsys, "--file", str(tmp_path / "missing.clar"))
    assert rc == 2 and "missing.clar: no such clarification file" in err


def test_the_command_checks_the_rulebook_and_the_model(capsys, monkeypatch, conformance):
    monkeypatch.setattr(clarify, "model_conformance", lambda: conformance)
    rc, out, _ = _run(capsys, "--check", "--json")
    data = json.loads(out)
    assert rc == 0 and data["rulebook"]["consistent"] and data["model"]["violations"] == []
    broken = {**conformance, "violations": [{"objects": ["x"], "clause": "EXHAUST.NO-LIFE-GAIN", "statement": "s"}]}
    monkeypatch.setattr(clarify, "model_conformance", lambda: broken)
    rc, out, _ = _run(capsys, "--check")
    assert rc == 1 and "rulebook rules" in out and "EXHAUST.NO-LIFE-GAIN" in out
