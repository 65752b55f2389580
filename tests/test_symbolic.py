"""The Z3 layer: every bookkeeping invariant proved for 3, 4 and 5 heroes, the broken encoding caught with a
readable counterexample, SMT-LIB2 and ITF exports, battle-zone isolation, and the k-induction driver itself."""

from __future__ import annotations

import json
import random

import pytest
import z3
from oblivaeon_verify.properties.oblivaeon.symbolic import isolation
from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import FIELDS, NAMES
from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Booklet, Encoding
from oblivaeon_verify.properties.oblivaeon.symbolic.layout import layout
from oblivaeon_verify.properties.oblivaeon.symbolic.mutants import UnclampedScionRemoval
from oblivaeon_verify.properties.oblivaeon.symbolic.prove import itf_trace, prove_all, write_artifacts

from oblivaeon_verify.smt import itf, smtlib
from oblivaeon_verify.smt.allowance import Allowance
from oblivaeon_verify.smt.kinduction import PROOF_WORK, Property, Prover, StepProperty, reach
from oblivaeon_verify.smt.system import TransitionSystem, Var

EXPECTED = {
    "SCION-ACCOUNTING",
    "MARKER-PLACEMENT",
    "COUNTDOWN-BOUNDS",
    "ENV-ACCOUNTING",
    "ENV-IN-PLAY",
    "LOSS-CONDITION",
    "DEV-NONNEG",
    "DEV-LEDGER",
    "ROUND-ORDER",
    "DEVASTATION-CHECK-ONCE",
    "DEV-FROM-OUTNUMBERING",
    "DEV-ONE-PER-FALL",
}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_bookkeeping_invariant_is_proved_unbounded(players):
    _enc, results = prove_all(players)
    assert {r.property for r in results} == EXPECTED
    for r in results:
        assert (r.status, r.method) == ("proved", "k-induction"), (r.property, r.status, r.reason)
        assert r.k == 1


def test_a_proof_out_of_work_is_unknown_never_proved_and_says_the_work_ran_out():
    """With one solver unit per obligation no invariant is proved: each is unknown, its own obligation's
    reason naming the work (not a time), the others' naming the lemma left unproved."""
    _enc, results = prove_all(3, work=1)
    assert {r.property for r in results} == EXPECTED and {r.status for r in results} == {"unknown"}
    own = [r for r in results if not r.reason.startswith("lemma not proved")]
    assert own and all(r.reason.endswith("the work allowed ran out (1 solver units)") for r in own), [r.reason for r in own]
    assert all("time" not in r.reason for r in results)


def test_the_proofs_within_the_default_work_are_proved_and_the_same_every_run():
    """Work units, not seconds: the same proofs give the same results run after run (the default work, PROOF_WORK)."""
    runs = [[(r.property, r.status, r.method, r.k, r.reason) for r in prove_all(3)[1]] for _ in range(2)]
    assert runs[0] == runs[1]
    assert {status for _p, status, *_ in runs[0]} == {"proved"}
    assert Prover(counter_system()).work == PROOF_WORK


def test_the_broken_encoding_is_caught_with_a_counterexample_naming_steps_and_clauses():
    _enc, results = prove_all(4, encoding_class=UnclampedScionRemoval)
    by = {r.property: r for r in results}
    bad = by["DEV-NONNEG"]
    assert bad.status == "violated" and bad.method == "bmc"
    assert bad.trace[0].action == "init"
    last = bad.trace[-1]
    assert "scion_removed" in last.action and "BZ.DEV.SCION-REMOVED" in last.action
    assert last.state["dev"] < 0 and bad.trace[-2].state["dev"] == 0
    assert by["DEV-LEDGER"].status == "proved"  # the mutant keeps its ledger in step: only DEV-NONNEG catches it


@pytest.mark.parametrize(
    ("mutant", "caught_by", "last_action"),
    [
        ("incapacitation-adds-two", "DEV-ONE-PER-FALL", "hero_incapacitated"),
        ("outnumber-counts-ties", "DEV-FROM-OUTNUMBERING", "advance"),
    ],
)
def test_a_broken_devastation_cause_is_caught_by_its_step_property(mutant, caught_by, last_action):
    """Each Devastation cause's amount is a proved step property, so a mutant that changes one is a counterexample,
    not only a refinement failure in play; the real encoding proves both (the properties are not vacuous)."""
    from oblivaeon_verify.properties.oblivaeon.symbolic.mutants import MUTANTS

    _enc, results = prove_all(3, encoding_class=MUTANTS[mutant])
    violated = {r.property: r for r in results if r.status == "violated"}
    assert set(violated) == {caught_by}
    assert violated[caught_by].trace[-1].action.startswith(last_action)
    _enc, real = prove_all(3)
    assert {r.property: r.status for r in real}[caught_by] == "proved"


def test_a_counterexample_is_written_as_an_itf_trace():
    enc, results = prove_all(4, encoding_class=UnclampedScionRemoval)
    bad = next(r for r in results if r.status == "violated")
    trace = json.loads(itf.dumps(itf_trace(enc, bad)))
    assert trace["vars"] == list(NAMES)
    assert trace["#meta"]["format"] == "ITF"
    states = trace["states"]
    assert len(states) == len(bad.trace) and states[0]["#meta"]["action"] == "init"
    assert states[-1]["dev"] == {"#bigint": "-1"} and itf.decode_value(states[-1]["dev"]) == -1
    assert states[0]["env1"] is True


def test_every_obligation_is_written_as_smtlib2_that_any_solver_can_rerun(tmp_path):
    enc, results = prove_all(3, keep_smt2=True)
    paths = write_artifacts(tmp_path, enc, results)
    step = [p for p in paths if p.name.endswith("DEV-LEDGER.step1.smt2")]
    assert step, [p.name for p in paths]
    s = z3.Solver()
    s.from_string(step[0].read_text())
    assert s.check() == z3.unsat
    text = step[0].read_text()
    assert "(set-logic " in text.split("(declare-", 1)[0] and smtlib.status(text) == "unsat"


def test_a_symbolic_booklet_shows_which_values_break_an_invariant():
    """The Countdown bounds need a starting space of at least 1: left symbolic, Z3 finds 0 and says so."""
    enc = Encoding(4, Booklet(countdown_start=z3.Int("countdown_start")))
    prover = Prover(enc.system())
    from oblivaeon_verify.properties.oblivaeon.symbolic.invariants import properties

    prop = next(p for p in properties(enc) if p.id == "COUNTDOWN-BOUNDS")
    r = prover.check(prop)
    assert r.status == "violated" and r.trace[0].state["countdown"] <= 0


def test_the_round_table_is_read_from_the_model():
    lay = layout(4)
    assert lay.oblivaeon_start == 0 and lay.label(lay.oblivaeon_end) == "OblivAeon's turn, end phase"
    assert lay.label(lay.villain_start(2)) == "Battle Zone 2: Villain turn, start phase"
    assert len(lay.after) == 1 + 4 + 4


# --- battle-zone isolation -------------------------------------------------------------------------


def test_battle_zone_isolation_is_proved_over_the_models_targeting_rules():
    out = isolation.prove()
    assert out["status"] == "proved" and out["instructions"] > 100
    assert any(s.startswith("Shockwave") for s in out["say_otherwise"])
    assert "Rift Shard" in out["mission_cards_held_to_their_zone"]


def test_isolation_out_of_work_is_unknown_and_says_so():
    out = isolation.prove(work=1)
    assert out["status"] == "unknown" and out["reason"] == "the work allowed ran out (1 solver units)"


def test_isolation_fails_if_the_targeting_rule_lets_plain_cards_reach_both_zones(monkeypatch):
    monkeypatch.setattr(isolation, "reach_zones", lambda ctx, reach: (1, 2))
    out = isolation.prove()
    assert out["status"] == "violated" and "reaches zone" in out["counterexample"]


def test_isolation_fails_if_mission_cards_are_not_held_to_their_zone(monkeypatch):
    from oblivaeon_verify.model.oblivaeon.battle_zones import other

    monkeypatch.setattr(isolation, "reach_zones", lambda ctx, reach: (other(ctx.zone),) if reach == "game" else (ctx.zone,))
    out = isolation.prove()
    assert out["status"] == "violated" and "Mission card" in out["counterexample"]


# --- the k-induction driver on small systems -------------------------------------------------------


def counter_system(step: int = 1, limit: int = 10) -> TransitionSystem:
    """x counts up by ``step`` from 0 and wraps to 0 above ``limit``; y copies x's previous value."""

    def nxt(s, t, label):
        return z3.And(t["x"] == z3.If(s["x"] + step > limit, 0, s["x"] + step), t["y"] == s["x"])

    return TransitionSystem(
        "counter",
        (Var("x", "int"), Var("y", "int")),
        (Var("act", "int"),),
        init=lambda s: z3.And(s["x"] == 0, s["y"] == 0),
        next=nxt,
        describe_label=lambda label: "tick",
    )


def test_k_induction_reports_the_smallest_k_that_closes():
    # y <= limit is not 1-inductive on its own (y copies x, which is unconstrained in the step); with x's
    # bound one step earlier it is: 2-inductive.
    prover = Prover(counter_system())
    r = prover.check(Property("Y", "y in range", (), lambda s, p: z3.And(s["y"] >= 0, s["y"] <= 10, s["x"] >= 0, s["x"] <= 10)))
    assert (r.status, r.k) == ("proved", 1)
    r2 = Prover(counter_system()).check(Property("Y2", "y in range", (), lambda s, p: z3.And(s["y"] >= 0, s["y"] <= 10)))
    assert (r2.status, r2.k) == ("proved", 2)


def test_a_true_but_not_inductive_property_is_reported_bounded_with_its_bound():
    # x is never 7 when stepping by 2 (even values only), but "x != 7" alone is not k-inductive for small k.
    r = Prover(counter_system(step=2)).check(Property("X", "x is not 7", (), lambda s, p: s["x"] != 7), kmax=2, bound=6)
    assert r.status == "bounded" and r.bound == 6 and r.method == "bmc"


def test_a_false_property_is_violated_with_the_shortest_trace():
    r = Prover(counter_system()).check(Property("X", "x below 3", (), lambda s, p: s["x"] < 3))
    assert r.status == "violated" and [s.state["x"] for s in r.trace] == [0, 1, 2, 3]


def cubes() -> TransitionSystem:
    """x, y, z start positive and count up together."""

    def nxt(s, t, label):
        return z3.And(t["x"] == s["x"] + 1, t["y"] == s["y"] + 1, t["z"] == s["z"] + 1)

    return TransitionSystem(
        "cubes",
        (Var("x", "int"), Var("y", "int"), Var("z", "int")),
        (Var("act", "int"),),
        init=lambda s: z3.And(s["x"] > 0, s["y"] > 0, s["z"] > 0),
        next=nxt,
    )


# x^3 + y^3 = z^3 has no positive solutions, but no solver can show it: the answer must be "unknown".
FERMAT3 = Property("FERMAT3", "", (), lambda s, p: s["x"] * s["x"] * s["x"] + s["y"] * s["y"] * s["y"] != s["z"] * s["z"] * s["z"])


def test_a_solver_out_of_work_is_unknown_never_a_pass():
    r = Prover(cubes(), work=100_000).check(FERMAT3, kmax=1, bound=1)
    assert r.status == "unknown" and r.reason == "base case, path of 0 steps: the work allowed ran out (100,000 solver units)"


def test_a_solver_out_of_time_is_unknown_and_says_the_time_not_the_work_ran_out():
    """A wall-clock limit only when asked; the reason says which limit ran out."""
    r = Prover(cubes(), seconds=0.2).check(FERMAT3, kmax=1, bound=1)
    assert r.status == "unknown" and r.reason.endswith("the time allowed ran out") and "work" not in r.reason


def test_a_step_property_out_of_work_is_unknown_never_proved():
    always = StepProperty("X-STEPS", "x moves by one or wraps", (), lambda s, t, p: z3.Or(t["x"] == s["x"] + 1, t["x"] == 0))
    assert Prover(counter_system()).check_step(always).status == "proved"
    r = Prover(counter_system(), work=1).check_step(always)
    assert r.status == "unknown" and "the work allowed ran out (1 solver units)" in r.reason


def two_step_counter() -> TransitionSystem:
    """x starts at 0 and goes up by 1 or by 2 (the label says which)."""
    return TransitionSystem(
        "steps",
        (Var("x", "int"),),
        (Var("act", "int"),),
        init=lambda s: s["x"] == 0,
        next=lambda s, t, label: z3.And(z3.Or(label["act"] == 1, label["act"] == 2), t["x"] == s["x"] + label["act"]),
        describe_label=lambda label: f"+{label['act']}",
    )


def test_reach_finds_a_shortest_witness_and_says_when_there_is_none_within_the_depth():
    status, steps, _ = reach(two_step_counter(), lambda s: s["x"] == 5, depth=10)
    assert status == "reached" and [s.state["x"] for s in steps][-1] == 5 and len(steps) == 4  # init and three steps
    assert reach(two_step_counter(), lambda s: s["x"] == 5, depth=2)[0] == "unreachable-within"
    # along: every state of the path meets it (here it forbids 1 and 3, so +2 +2 +1 is the only way)
    status, steps, _ = reach(two_step_counter(), lambda s: s["x"] == 5, depth=10, along=lambda s: z3.And(s["x"] != 1, s["x"] != 3))
    assert status == "reached" and [s.state["x"] for s in steps] == [0, 2, 4, 5]


def test_reach_out_of_work_is_unknown_never_a_pass():
    tiny = Allowance.of(1)
    assert reach(two_step_counter(), lambda s: s["x"] == 5, depth=10, allowance=tiny)[0] == "unknown"
    assert reach(two_step_counter(), lambda s: s["x"] == 5, depth=10, allowance=Allowance.of(0))[0] == "unknown"


def test_lemmas_must_be_proved_first():
    prop = Property("X", "", (), lambda s, p: s["x"] >= 0, lemmas=("NOT-PROVED",))
    with pytest.raises(ValueError, match="not proved"):
        Prover(counter_system()).check(prop)


# --- designer queries and the report section -----------------------------------------------------


def test_fewest_rounds_to_lose_is_exact_when_the_witness_meets_the_proved_bound():
    from oblivaeon_verify.properties.oblivaeon.symbolic.queries import booklet, fewest_rounds_to_lose

    ans = fewest_rounds_to_lose(3, depth=30, b=booklet(fixed={"devastation_threshold": 1}))
    assert ans.status == "reached" and ans.value == 4
    assert any("no loss before round 4" in a for a in ans.assumptions)
    last = ans.witness[-1]
    assert last["state"]["outcome"] == 2 and last["round"] == 4
    assert sum("devastation_check" in s["action"] for s in ans.witness) >= 4


def test_the_default_booklet_loses_in_round_4_at_the_fewest_proved_and_witnessed():
    """The default query, exact: no loss before round 4 (proved), a witness that loses in round 4."""
    from oblivaeon_verify.properties.oblivaeon.symbolic.queries import fewest_rounds_to_lose

    ans = fewest_rounds_to_lose(4)
    assert ans.status == "reached" and ans.value == 4
    assert any("no loss before round 4" in a for a in ans.assumptions)
    assert any(" times" in s["action"] for s in ans.witness), "the accelerated steps were not used"


@pytest.mark.parametrize("action", sorted(Encoding.REPEATABLE))
def test_an_accelerated_step_is_the_same_action_taken_n_times_in_a_row(action):
    """The witness search's shortcut changes no game: from any state, n times the action in one
    accelerated step has the guard and the result of n ordinary steps."""

    base, fast = Encoding(4), Encoding(4, accelerated=True)
    rng = random.Random(action)
    names = [n for n, _sort, _m in FIELDS]
    for _ in range(200):
        values = {n: (rng.random() < 0.5 if sort == "bool" else rng.randrange(0, 6)) for n, sort, _m in FIELDS}
        values["outcome"] = 0
        z, n = rng.choice((1, 2)), rng.randrange(1, 5)
        ok, state = True, dict(values)
        for _ in range(n):
            held, state = base.apply(action, state, z=z)
            ok = ok and held
        held, fast_state = fast.apply(action, values, z=z, n=n)
        assert held == ok, (values, z, n)
        if ok:
            assert {k: fast_state[k] for k in names} == {k: state[k] for k in names}
    assert fast.apply(action, values, z=1, n=0)[0] is False, "n = 0 is no step"


def test_countdown_before_fall_finds_the_round_the_countdown_runs_out():
    from oblivaeon_verify.properties.oblivaeon.symbolic.queries import booklet, countdown_before_fall

    ans = countdown_before_fall(3, depth=12, b=booklet(fixed={"countdown_start": 2}))
    # Space 2: round 1 ticks to 1, round 2 to 0, when it runs out and starts over.
    assert ans.status == "reached" and ans.witness[-1]["round"] == 2 and ans.witness[-1]["state"]["removed"] == 0


def test_the_proofs_section_is_deterministic_apart_from_timing():
    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

    from oblivaeon_verify.sections import proofs

    a = proofs.collect(RULESET, seed=1, quick=True)
    b = proofs.collect(RULESET, seed=1, quick=True)
    a.pop("timing"), b.pop("timing")
    assert a == b and json.dumps(a)
    text = proofs.markdown(a)
    assert "| DEV-NONNEG | 3 |" in text and "Battle-zone isolation" in text
