"""Proving a ruleset's bookkeeping properties, and writing what a reviewer can check again (game-independent).

A ruleset's symbolic package builds its encoding and its properties; this module runs them through
the :class:`~oblivaeon_verify.smt.kinduction.Prover` (lemmas first, a property whose lemma failed is
``unknown``), turns each result into the JSON row the ``prove`` command and the report show, and
writes every obligation as SMT-LIB2 and every counterexample as an ITF trace.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from oblivaeon_verify.smt import itf
from oblivaeon_verify.smt.kinduction import UNKNOWN, Prover, Result, StepProperty


def prove_properties(
    system, props: Iterable, *, work: int, seconds: float | None = None, keep_smt2: bool, kmax: int, bound: int
) -> list[Result]:
    """One result per property, in order; a property is tried only once its lemmas are proved.  Each
    obligation may spend ``work`` solver units (and ``seconds``, when given: :class:`Prover`)."""
    prover = Prover(system, work=work, seconds=seconds, keep_smt2=keep_smt2)
    results = []
    for prop in props:
        missing = [lemma for lemma in prop.lemmas if lemma not in prover.proved]
        if missing:
            results.append(Result(prop.id, UNKNOWN, "k-induction", reason=f"lemma not proved: {', '.join(missing)}"))
        elif isinstance(prop, StepProperty):
            results.append(prover.check_step(prop, bound=bound))
        else:
            results.append(prover.check(prop, kmax=kmax, bound=bound))
    return results


def write_artifacts(directory: Path, prefix: str, results: list[Result], itf_of: Callable[[Result], dict]) -> list[Path]:
    """``<prefix>.<obligation>.smt2`` per obligation and ``<prefix>.<property>.itf.json`` per counterexample."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for r in results:
        for name, text in r.obligations:
            path = directory / f"{prefix}.{name}.smt2"
            path.write_text(text, encoding="utf-8")
            written.append(path)
        if r.trace:
            path = directory / f"{prefix}.{r.property}.itf.json"
            path.write_text(itf.dumps(itf_of(r)), encoding="utf-8")
            written.append(path)
    return written


def pick_encoding(default, mutants: dict, mutant: str | None):
    """The encoding class to prove: the real one, or the named deliberately broken one."""
    if mutant is None:
        return default
    if mutant not in mutants:
        raise ValueError(f"--mutant: unknown broken encoding {mutant!r}; known: {', '.join(mutants)}")
    return mutants[mutant]


def result_row(prop, r: Result, players: int) -> dict:
    row = {
        "property": r.property,
        "players": players,
        "text": prop.text if prop else "",
        "clauses": list(prop.clauses) if prop else [],
        "status": r.status,
        "method": r.method,
        "k": r.k,
        "bound": r.bound,
        "reason": r.reason,
        "seconds": r.seconds,
    }
    if r.trace:
        row["counterexample"] = [{"step": s.index, "action": s.action, "state": s.state} for s in r.trace]
    return row


def rows(players: int, props: Iterable, results: list[Result], smtlib_dir: Path | None, write: Callable[[Path], list[Path]]) -> list[dict]:
    """The rows of one player count; with ``smtlib_dir``, the artifacts are written and each row names its files."""
    by_id = {p.id: p for p in props}
    out = [result_row(by_id.get(r.property), r, players) for r in results]
    if smtlib_dir is not None:
        paths = write(Path(smtlib_dir))
        for row in out:
            row["files"] = sorted(str(p) for p in paths if f".{row['property']}." in p.name)
    return out
