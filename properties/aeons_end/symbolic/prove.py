"""Proving every bookkeeping invariant of Aeon's End for 1 to 4 players, with the time each proof took."""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import names
from oblivaeon_verify.properties.aeons_end.symbolic.encoding import Encoding
from oblivaeon_verify.properties.aeons_end.symbolic.invariants import properties

from oblivaeon_verify.smt import itf, proofs
from oblivaeon_verify.smt.kinduction import PROOF_WORK, Result
from oblivaeon_verify.smt.proofs import prove_properties

KMAX = 4
BOUND = 12


def prove_all(players: int, *, encoding_class=Encoding, work: int = PROOF_WORK, seconds: float | None = None, keep_smt2: bool = False):
    """(encoding, [Result]) for every invariant, lemmas first; ``work`` solver units per obligation (and ``seconds``, when given)."""
    enc = encoding_class(players)
    results = prove_properties(enc.system(), properties(enc), work=work, seconds=seconds, keep_smt2=keep_smt2, kmax=KMAX, bound=BOUND)
    return enc, results


def itf_trace(enc: Encoding, result: Result) -> dict:
    return itf.trace(
        list(names(enc.players)),
        [s.state for s in result.trace],
        actions=[s.action for s in result.trace],
        source=f"aeons_end symbolic encoding, {enc.players} players",
        description=f"counterexample to {result.property}",
    )


def write_artifacts(directory: Path, enc: Encoding, results: list[Result]) -> list[Path]:
    """One .smt2 file per obligation and one .itf.json per counterexample; returns the paths written."""
    return proofs.write_artifacts(directory, f"{enc.players}-players", results, lambda r: itf_trace(enc, r))
