"""The corner-case pages' witnesses from a legal setup: the kept replay files, replayed and told in words.

For each clause a page names, the kept witness (``properties/<ruleset>/witnesses/CLAUSE.json``,
written by ``oblivaeon-verify witnesses``) is replayed with every invariant checked.  The page shows
the setup, how long the witness is and whether it is minimal, the last decisions, and at the decisive
step the events that cite the clause and the state fact that makes it the corner case (false before
that decision, true after).  A kept witness that no longer shows its corner case says so, with the
command that regenerates it.
"""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify import replay
from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.words import count, phrase

SHOWN = 12
"""Decisions shown on the page: the last ones, the earlier ones counted."""


def folder(ruleset) -> Path:
    return Path(properties(ruleset).__file__).parent / "witnesses"


def kept(ruleset, clauses) -> dict[str, dict]:
    """What the pages show of the kept witness of each clause that has one, replayed once each."""
    return {c: w for c in sorted(set(clauses)) if (w := about(ruleset, c)) is not None}


def about(ruleset, clause: str) -> dict | None:
    """What a page shows of the clause's kept witness (None when none is kept)."""
    name = ruleset.name
    path = folder(ruleset) / f"{clause}.json"
    shown_path = f"properties/{name}/witnesses/{clause}.json"
    regenerate = f"oblivaeon-verify witnesses --ruleset {name} --clause {clause} --out properties/{name}/witnesses"
    if not path.is_file():
        return None
    try:
        doc = replay.load(path)
        states: list = []
        result = replay.replay(ruleset, doc, states=states)
    except replay.ReplayError as e:
        return {"clause": clause, "ok": False, "file": shown_path, "problem": str(e), "regenerate": regenerate}
    ok = replay.matches(result, doc["expect"])
    w = doc.get("witness", {})
    labels = [label for _i, label in doc["decisions"]]
    length = len(labels)
    if w.get("minimal"):
        size = f"{count(length, 'decision')}, minimal (a breadth-first search from this setup found none shorter)"
    else:
        size = f"{count(length, 'decision')}; a breadth-first search from this setup found none shorter than {count(w.get('no_shorter_than', 0), 'decision')}"
    out = {
        "clause": clause,
        "ok": ok,
        "file": shown_path,
        "replay": f"oblivaeon-verify check --ruleset {name} --replay {shown_path}",
        "regenerate": regenerate,
        "setup": phrase(doc["setup"]),
        "size": size,
        "found": (
            f"Random game {w['game']} of seed {w['seed']} with {w['players']} {ruleset.players_word} showed it after "
            f"{count(w['found_after'], 'decision')}, shrunk to {length}"
            if w
            else ""
        ),
        "earlier": max(0, length - SHOWN),
        "decisions": [{"n": n, "label": label} for n, label in enumerate(labels, 1)][-SHOWN:],
        "problem": "" if ok else f"verdict {result.verdict}; " + _when(result),
        "events": [],
        "fact": "",
    }
    if ok and length:
        before, after = states[-2][1], states[-1][1]
        _next, events = ruleset.step(before, ruleset.legal_decisions(before)[doc["decisions"][-1][0]])
        out["events"] = [str(e) for e in events if e.clause == clause][:6]
        pred = facts_mod.load(ruleset).PREDICATES.get(clause)
        if pred is not None and pred.holds(after) and not pred.holds(before):
            out["fact"] = f"{pred.description}: false before this decision, true after it"
    return out


def _when(result) -> str:
    if result.shown_at is None:
        return f"the corner case never showed in {count(result.steps, 'decision')}"
    return f"the corner case first showed after {result.shown_at} of {count(result.steps, 'decision')}"
