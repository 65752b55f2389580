"""Proving every bookkeeping invariant for 3, 4 and 5 heroes, with the time each proof took."""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.smt import itf
from oblivaeon_verify.smt.kinduction import Prover, Result
from properties.oblivaeon.symbolic.abstraction import NAMES
from properties.oblivaeon.symbolic.encoding import Booklet, Encoding
from properties.oblivaeon.symbolic.invariants import properties

KMAX = 4
BOUND = 12


def prove_all(
    hero_count: int, *, booklet: Booklet | None = None, encoding_class=Encoding, timeout_ms: int = 30_000, keep_smt2: bool = False
):
    """(encoding, [Result]) for every invariant, lemmas first."""
    enc = encoding_class(hero_count, booklet)
    prover = Prover(enc.system(), timeout_ms=timeout_ms, keep_smt2=keep_smt2)
    results = []
    for prop in properties(enc):
        if any(lemma not in prover.proved for lemma in prop.lemmas):
            missing = [lemma for lemma in prop.lemmas if lemma not in prover.proved]
            results.append(Result(prop.id, "unknown", "k-induction", reason=f"lemma not proved: {', '.join(missing)}"))
            continue
        results.append(prover.check(prop, kmax=KMAX, bound=BOUND))
    return enc, results


def itf_trace(enc: Encoding, result: Result) -> dict:
    return itf.trace(
        list(NAMES),
        [s.state for s in result.trace],
        actions=[s.action for s in result.trace],
        source=f"oblivaeon symbolic encoding, {enc.hero_count} heroes",
        description=f"counterexample to {result.property}",
    )


def write_artifacts(directory: Path, enc: Encoding, results: list[Result]) -> list[Path]:
    """One .smt2 file per obligation and one .itf.json per counterexample; returns the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for r in results:
        for name, text in r.obligations:
            path = directory / f"{enc.hero_count}-heroes.{name}.smt2"
            path.write_text(text, encoding="utf-8")
            written.append(path)
        if r.trace:
            path = directory / f"{enc.hero_count}-heroes.{r.property}.itf.json"
            path.write_text(itf.dumps(itf_trace(enc, r)), encoding="utf-8")
            written.append(path)
    return written
