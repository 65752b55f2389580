"""Proving every bookkeeping invariant for 3, 4 and 5 heroes, with the time each proof took."""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import NAMES
from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Booklet, Encoding
from oblivaeon_verify.properties.oblivaeon.symbolic.invariants import properties

from oblivaeon_verify.smt import itf, proofs
from oblivaeon_verify.smt.kinduction import PROOF_WORK, Result
from oblivaeon_verify.smt.proofs import prove_properties

KMAX = 4
BOUND = 12


def prove_all(
    hero_count: int,
    *,
    booklet: Booklet | None = None,
    encoding_class=Encoding,
    work: int = PROOF_WORK,
    seconds: float | None = None,
    keep_smt2: bool = False,
):
    """(encoding, [Result]) for every invariant, lemmas first; ``work`` solver units per obligation (and ``seconds``, when given)."""
    enc = encoding_class(hero_count, booklet)
    results = prove_properties(enc.system(), properties(enc), work=work, seconds=seconds, keep_smt2=keep_smt2, kmax=KMAX, bound=BOUND)
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
    return proofs.write_artifacts(directory, f"{enc.hero_count}-heroes", results, lambda r: itf_trace(enc, r))
