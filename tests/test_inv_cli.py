"""The check, knockout and clauses commands and the report section of the invariant suite."""

from __future__ import annotations

import json

import pytest
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify.cli import main
from oblivaeon_verify.commands import check


def test_check_json_lists_every_invariant_with_states_checked_and_no_violation(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(check.PROFILES, "default", (1, 3, 10))
    assert main(["check", "--json", "--timing", "--out", str(tmp_path)]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["games"] == 3 and d["steps"] > 500
    assert len(d["invariants"]) >= 25
    assert all(r["checked"] > 0 and r["violations"] == 0 for r in d["invariants"])
    assert d["machine"]["examples"] >= 3 and d["machine"]["failure"] == ""
    cov = {r["id"]: r for r in d["clause_coverage"]}
    assert cov["ROUND.ORDER"]["fired"] > 0 and cov["HERO.OPT.TAKE"]["offered_not_chosen"] > 0
    assert set(d["corners"]) >= {
        "a second environment removed",
        "the Scion Reserve down to one",
        "a hero incapacitated twice in one play area",
    }
    assert set(d["timing"]) == {"campaign_seconds", "machine_seconds"}


def test_check_is_deterministic_for_a_seed(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(check.PROFILES, "default", (1, 0, 10))
    outs = []
    for _ in range(2):
        main(["check", "--json", "--seed", "3", "--out", str(tmp_path)])
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] and "timing" not in outs[0]


def test_an_interrupted_machine_never_claims_more_examples_than_its_budget():
    """Shrinking a failure starts the machine many times over: those games are named as games, not as examples
    (a stopped thorough run once said "2,121 of 400 examples")."""
    said = check.machine_done_so_far(50, 400, 2121, 91_000)
    assert said.startswith("50 of 400 examples in finished batches"), said
    assert "2,121 games started by the machine, shrinking included; 91,000 steps" in said, said


def test_check_refuses_an_unknown_profile(capsys):
    assert main(["check", "--profile", "sloppy"]) == 2
    assert "--profile" in capsys.readouterr().err


def test_knockout_of_one_clause_reports_the_invariants_that_caught_it(capsys):
    assert main(["knockout", "--clause", "INCAP.CARDS-TO-BOX", "--games", "4", "--json", "--timing"]) == 0
    d = json.loads(capsys.readouterr().out)
    (row,) = d["knockouts"]
    assert row["status"] == "caught" and "fallen-hero-cards-boxed" in row["caught_by"]
    assert row["games"] >= 1 and row["steps"] > 0 and "seconds_to_first_failure" in row["timing"]
    assert d["summary"]["share_caught"] == 1.0


@pytest.mark.parametrize(
    "clause, message", [("NO.SUCH", "--clause: unknown name 'NO.SUCH'"), ("CHART.SCION-DIFFICULTY", "no handler function")]
)
def test_knockout_refuses_a_clause_it_cannot_knock_out(capsys, clause, message):
    assert main(["knockout", "--clause", clause]) == 2
    assert message in capsys.readouterr().err


def test_clauses_shows_the_invariants_guarding_each_clause(capsys):
    assert main(["clauses", "--json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)["clauses"]}
    assert "devastation-ledger" in rows["ID.DEVASTATION"]["guarded_by"]
    assert rows["MISSION.PURPOSE"]["guarded_by"] == []


def test_the_invariants_section_is_deterministic_and_names_its_knockouts():
    from oblivaeon_verify.sections import invariants as section

    a = section.collect(RULESET, seed=1, quick=True)
    b = section.collect(RULESET, seed=1, quick=True)
    a.pop("timing"), b.pop("timing")
    assert a == b
    assert all(k["status"] == "caught" for k in a["knockouts"])
    text = section.markdown(a)
    assert "| devastation-ledger |" in text and "share caught" in text
