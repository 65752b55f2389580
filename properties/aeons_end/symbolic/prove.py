"""Proving every bookkeeping invariant of Aeon's End for 1 to 4 players, with the time each proof took."""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify.smt import itf
from oblivaeon_verify.smt.kinduction import UNKNOWN, Prover, Result, StepProperty
from properties.aeons_end.symbolic.abstraction import names
from properties.aeons_end.symbolic.encoding import Encoding
from properties.aeons_end.symbolic.invariants import properties

KMAX = 4
BOUND = 12


def prove_all(players: int, *, encoding_class=Encoding, timeout_ms: int = 30_000, keep_smt2: bool = False):
    """(encoding, [Result]) for every invariant, lemmas first."""
    enc = encoding_class(players)
    prover = Prover(enc.system(), timeout_ms=timeout_ms, keep_smt2=keep_smt2)
    results = []
    for prop in properties(enc):
        missing = [lemma for lemma in prop.lemmas if lemma not in prover.proved]
        if missing:
            results.append(Result(prop.id, UNKNOWN, "k-induction", reason=f"lemma not proved: {', '.join(missing)}"))
            continue
        if isinstance(prop, StepProperty):
            results.append(prover.check_step(prop, bound=BOUND))
        else:
            results.append(prover.check(prop, kmax=KMAX, bound=BOUND))
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
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for r in results:
        for name, text in r.obligations:
            path = directory / f"{enc.players}-players.{name}.smt2"
            path.write_text(text, encoding="utf-8")
            written.append(path)
        if r.trace:
            path = directory / f"{enc.players}-players.{r.property}.itf.json"
            path.write_text(itf.dumps(itf_trace(enc, r)), encoding="utf-8")
            written.append(path)
    return written
