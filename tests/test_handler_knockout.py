"""Knock-out by kind of work record: every kernel handler can be turned off, and turning one off is caught.

Clause knock-out reaches only the functions that declare a clause; the kernel's handlers include card
timing (reactions, start- and end-of-turn effects) and decision points that no clause names.  These
tests knock them out through the ruleset's own kernel (``ruleset.kernel``).
"""

from __future__ import annotations

import json

import pytest
from oblivaeon_verify.model.common.kernel import Kernel
from oblivaeon_verify.model.oblivaeon import reactions
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import cli, knockout, replay, rulesets, schemas
from oblivaeon_verify import knockout_runner as kr
from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.cli import main
from oblivaeon_verify.commands import knockout as command
from oblivaeon_verify.sections import invariants as section

AEONS_END = rulesets.load("aeons_end")


@pytest.mark.parametrize("name", rulesets.available())
def test_every_kind_of_work_record_with_a_handler_is_knockable_in_the_order_of_its_name(name):
    ruleset = rulesets.load(name)
    assert isinstance(ruleset.kernel, Kernel)
    kinds = kr.knockable_kinds(ruleset)
    assert kinds == sorted(t.__name__ for t in ruleset.kernel.record_types()) and len(kinds) >= 20
    assert not any(knockout.is_clause(ruleset, k) for k in kinds), "no kind is named as a clause is"


@pytest.mark.parametrize("name", rulesets.available())
def test_every_kernel_handler_can_be_turned_off_and_is_put_back(name):
    kernel = rulesets.load(name).kernel
    for kind, fn in knockout.kinds(kernel).items():
        code = fn.__code__
        with knockout.kind_knocked_out(kernel, kind) as (h,):
            assert h.function is fn and fn.__code__ is not code, kind
        assert fn.__code__ is code, kind


def test_knocking_out_a_kind_leaves_the_function_the_kernel_calls_and_swaps_its_code():
    original = reactions.fire_reaction.__code__
    with knockout.kind_knocked_out(RULESET.kernel, "FireReaction") as (h,):
        assert RULESET.kernel.handler(reactions.FireReaction) is reactions.fire_reaction is h.function
        assert reactions.fire_reaction(None, None) is None and reactions.fire_reaction.__code__ is not original
    assert reactions.fire_reaction.__code__ is original


def test_a_kind_whose_handler_declares_clauses_turns_them_off_too_and_says_so():
    assert knockout.kind_shared_with(RULESET.kernel, "BringForth") == ("CLAR.SCIONS-FROM-BOTTOM", "SETUP.SECOND-SCION")
    assert knockout.kind_shared_with(AEONS_END.kernel, "NemesisDraws") == ("NEMESIS.DRAW", "NEMESIS.CARD-KINDS", "NEMESIS.BASIC-AND-UNIQUE")
    assert knockout.kind_shared_with(RULESET.kernel, "FireReaction") == ()


def test_an_unknown_kind_is_refused_by_name():
    with pytest.raises(knockout.NothingToKnockOut, match="'FireReactoin' is not a kind of work record"):
        with knockout.kind_knocked_out(RULESET.kernel, "FireReactoin"):
            pass


def test_knocking_out_fire_reaction_is_caught_by_reactions_answer_their_moments():
    """With reactions never fired, a card listening for a moment that happened did not answer it."""
    res = kr.run_one(RULESET, DEFAULT, "FireReaction", games=4)
    assert (res.status, res.target_type, res.games) == ("caught", "handler", 1), res.message
    assert res.caught_by == ["reactions-answer-their-moments"]
    assert res.handlers == ["oblivaeon_verify.model.oblivaeon.reactions.fire_reaction"] and res.shared_with == []
    assert res.replay and res.replay["knockout"] == "FireReaction"
    row = res.to_json()
    assert row["target"] == "FireReaction" and "clause" not in row


def test_knocking_out_fire_trigger_is_caught_by_villain_triggers_answer_their_turn():
    res = kr.run_one(RULESET, DEFAULT, "FireTrigger", games=4)
    assert res.status == "caught" and res.caught_by == ["villain-triggers-answer-their-turn"], res.message


@pytest.mark.parametrize(
    "kind, invariant",
    [("HarmLowest", "lowest-life-harm-lands-on-a-player-not-exhausted"), ("ChooseHarmed", "a-suffering-player-loses-the-life")],
)
def test_knocking_out_an_aeons_end_kind_no_clause_names_is_caught_by_its_invariant(kind, invariant):
    res = kr.run_one(AEONS_END, AEONS_END.default_parameters(), kind, games=4)
    assert res.status == "caught" and res.caught_by == [invariant], res.message
    assert knockout.kind_handler(AEONS_END.kernel, kind).clauses == ()


def test_a_clause_row_keeps_its_clause_key_beside_its_target():
    row = kr.run_one(RULESET, DEFAULT, "INCAP.CARDS-TO-BOX", games=2).to_json()
    assert (row["clause"], row["target"], row["target_type"]) == ("INCAP.CARDS-TO-BOX", "INCAP.CARDS-TO-BOX", "clause")


def test_the_summary_counts_clauses_and_handler_kinds_apart_and_gives_each_uncaught_one_its_reason():
    rows = [
        {"target": "INCAP.CARDS-TO-BOX", "target_type": "clause", "status": "caught", "caught_by": ["x"]},
        {"target": "FireReaction", "target_type": "handler", "status": "caught", "caught_by": ["y"]},
        {
            "target": "ChoosePlay",
            "target_type": "handler",
            "status": "scenario",
            "caught_by": ["hero-luminary"],
            "games": 4,
            "reached": 2,
            "differed": 1,
        },
        {"target": "DrawOne", "target_type": "handler", "status": "uncaught", "caught_by": [], "games": 4, "reached": 0, "differed": 0},
    ]
    s = kr.summary(RULESET, rows)
    assert s["knocked_out"] == 4 and s["by_target_type"]["clause"] == {
        "knocked_out": 1,
        "caught": 1,
        "caught_by_invariant": 1,
        "caught_by_crash": 0,
        "caught_by_scenario": 0,
        "uncaught": 0,
    }
    assert s["by_target_type"]["handler"]["knocked_out"] == 3 and s["by_target_type"]["handler"]["caught"] == 2
    assert s["uncaught"] == [
        {"target": "DrawOne", "target_type": "handler", "games": 4, "reached": 0, "differed": 0, "reason": kr.NO_REASON}
    ]
    data = {"available": True, "games": 1, "invariants": [], "knockout_summary": s}
    assert section.findings(data)["failed"] == ["knock-out of handler kind DrawOne caught by nothing: " + kr.NO_REASON]


@pytest.mark.parametrize("name", rulesets.available())
def test_every_documented_uncaught_kind_is_a_kind_of_the_ruleset_with_a_reason(name):
    ruleset = rulesets.load(name)
    reasons = properties(ruleset).UNGUARDED_KIND_REASONS
    assert all(kind in kr.knockable_kinds(ruleset) and why.strip() for kind, why in reasons.items()), sorted(reasons)


@pytest.mark.parametrize("name", rulesets.available())
def test_the_quick_knockouts_name_only_what_can_be_knocked_out_and_some_kinds(name):
    ruleset = rulesets.load(name)
    quick = properties(ruleset).QUICK_KNOCKOUTS
    every = set(kr.knockable(ruleset)) | set(kr.knockable_kinds(ruleset))
    assert set(quick) <= every and any(not knockout.is_clause(ruleset, t) for t in quick)


def test_knockout_of_a_handler_kind_on_the_command_line_is_schema_valid_json(capsys):
    assert main(["knockout", "--clause", "INCAP.CARDS-TO-BOX", "--handler", "FireReaction", "--games", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert schemas.errors(doc) == []
    assert [(r["target"], r["target_type"]) for r in doc["knockouts"]] == [("INCAP.CARDS-TO-BOX", "clause"), ("FireReaction", "handler")]
    assert doc["summary"]["by_target_type"]["handler"]["caught"] == 1


def test_a_handler_row_that_names_a_clause_key_breaks_the_schema():
    """The schema tells a clause's row from a kind's: only a clause's carries ``clause``."""
    row = kr.run_one(RULESET, DEFAULT, "FireReaction", games=1).to_json()
    row.pop("replay"), row.pop("seconds")
    doc = {"schema_version": 1, "schema": "knockout", "ruleset": "oblivaeon", "verdict": "passed", "seed": 0, "games_budget": 1}
    s = kr.summary(RULESET, [])
    assert schemas.errors({**doc, "summary": s, "knockouts": [row]}) == []
    assert schemas.errors({**doc, "summary": s, "knockouts": [{**row, "clause": "FireReaction"}]}) != []


@pytest.mark.parametrize(
    "argv, words",
    [
        (["knockout", "--handler", "FireReactoin"], ["--handler", "unknown name 'FireReactoin'", "did you mean FireReaction"]),
        (["knockout", "--ruleset", "aeons_end", "--handler", "FireReaction"], ["--handler", "of aeons_end", "CastingPhase"]),
        (["knockout", "--handler", "FireReaction", "--handlers"], ["--handlers", "not allowed with argument --handler"]),
    ],
)
def test_an_unknown_kind_is_one_line_naming_the_option_and_some_kinds(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and all(w in err for w in words), err


def test_the_handlers_option_knocks_out_every_kind_after_the_clauses_asked_for():
    def targets(*argv: str) -> list[str]:
        return command.targets(RULESET, cli.subparser("knockout").parse_strictly(list(argv)))

    assert targets("--clause", "HERO.OPT.TAKE", "--handlers") == ["HERO.OPT.TAKE", *kr.knockable_kinds(RULESET)]
    assert targets("--handler", "FireTrigger", "--handler", "FireReaction", "--handler", "FireTrigger") == ["FireTrigger", "FireReaction"]
    assert targets() == kr.knockable(RULESET)


def test_a_replay_with_a_kind_knocked_out_replays_and_holds_without_it(tmp_path, capsys):
    res = kr.run_one(RULESET, DEFAULT, "FireReaction", games=4)
    path = replay.write(tmp_path / "knockout-FireReaction.json", res.replay)
    doc = replay.load(path)
    got = replay.replay(RULESET, doc)
    assert replay.matches(got, doc["expect"]) and got.verdict == {"violated": ["reactions-answer-their-moments"]}
    assert main(["check", "--replay", str(path)]) == 0
    assert "as expected" in capsys.readouterr().out
    doc.pop("knockout")
    assert replay.replay(RULESET, doc).verdict == "hold"


def test_knockout_save_writes_the_replay_of_a_caught_kind(tmp_path, capsys):
    out = tmp_path / "k"
    assert main(["knockout", "--handler", "FireTrigger", "--games", "2", "--save", str(out)]) == 0
    capsys.readouterr()
    doc = replay.load(out / "knockout-FireTrigger.json")
    assert doc["knockout"] == "FireTrigger" and doc["expect"] == {"violated": ["villain-triggers-answer-their-turn"]}


def test_the_quick_invariants_section_lists_its_handler_kinds_in_the_matrix_and_the_headline():
    data = section.collect(AEONS_END, seed=3, quick=True)
    kinds = [r["target"] for r in data["knockouts"] if r["target_type"] == "handler"]
    assert kinds == ["HarmLowest", "ChooseHarmed"] and section.findings(data) == {"failed": []}
    text = section.markdown(data)
    assert "Handler knock-out: 2 handler kinds turned off one at a time, 2 caught" in text and "| HarmLowest | caught |" in text
    assert "2 handler kinds turned off one at a time, 2 of them caught" in section.headline(data)


def test_a_clause_id_without_a_dot_is_still_a_clause_knocked_out_as_one(capsys):
    """Aeon's End has clause ids without a family (TRACKERS, ALLY-SPELL): a target is a clause by the catalogue, not by its look."""
    assert {"TRACKERS", "ALLY-SPELL"} <= set(kr.knockable(AEONS_END))
    assert kr.target_type(AEONS_END, "TRACKERS") == "clause" and kr.target_type(AEONS_END, "HarmLowest") == "handler"
    assert main(["knockout", "--ruleset", "aeons_end", "--clause", "ALLY-SPELL", "--games", "2", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["knockouts"]
    assert (row["clause"], row["target_type"]) == ("ALLY-SPELL", "clause") and row["handlers"]
