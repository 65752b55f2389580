"""SMT-LIB files written by the tool declare their logic and the answer the solver gave, so any solver can rerun them."""

from __future__ import annotations

import z3

from oblivaeon_verify.smt import smtlib


def _rerun(text: str) -> z3.CheckSatResult:
    s = z3.Solver()
    s.from_string(text)
    return s.check()


def test_every_obligation_of_a_proof_states_a_logic_and_a_status_a_fresh_solver_confirms(tmp_path):
    from oblivaeon_verify.properties.aeons_end.symbolic.prove import prove_all, write_artifacts

    enc, results = prove_all(2, keep_smt2=True)
    paths = [p for p in write_artifacts(tmp_path, enc, results) if p.suffix == ".smt2"]
    assert paths
    for p in paths:
        text = p.read_text()
        head = text.split("(declare-", 1)[0]
        assert "(set-logic " in head and "(set-info :status " in head, p.name
        declared = smtlib.status(text)
        assert declared in ("sat", "unsat"), (p.name, declared)
        assert str(_rerun(text)) == declared, p.name


def test_the_isolation_proof_file_declares_unsat():
    from oblivaeon_verify.properties.oblivaeon.symbolic.isolation import prove

    text = prove()["smt2"]
    assert smtlib.status(text) == "unsat" and str(_rerun(text)) == "unsat"
    assert smtlib.logic_of_text(text) != ""


def test_the_logic_is_read_from_the_assertions_and_a_status_stays_unknown_without_an_answer():
    x, y = z3.Ints("x y")
    linear = z3.Solver()
    linear.add(x + y > 2, x < 1)
    assert smtlib.logic(linear) == "QF_LIA"
    nonlinear = z3.Solver()
    nonlinear.add(x * y == 7)
    assert smtlib.logic(nonlinear) == "QF_NIA"
    text = smtlib.benchmark(linear, "test")
    assert smtlib.status(text) == "unknown"
    assert smtlib.status(smtlib.answered(text, z3.unknown)) == "unknown"
    assert smtlib.status(smtlib.answered(text, linear.check())) == "sat"
