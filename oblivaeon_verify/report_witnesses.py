"""The corner-case pages' witnesses from a legal setup: the kept replay files, replayed and told in words.

For each clause a page names, the kept witness (``properties/<ruleset>/witnesses/CLAUSE.json``,
written by ``oblivaeon-verify witnesses``) is replayed with every invariant checked.  The page shows
the setup, how long the witness is and whether it is minimal, the last decisions, and at the decisive
step the events that cite the clause and the state fact that makes it the corner case (false before
that decision, true after).  A kept witness that no longer shows its corner case says so, with the
command that regenerates it.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from oblivaeon_verify import replay, rulesets, scenarios
from oblivaeon_verify.graphs import acting
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.words import count, counted, phrase

SHOWN = 12
"""Decisions shown on the page: the last ones, the earlier ones counted."""


def folder(ruleset) -> Path:
    return rulesets.plugin(ruleset).witnesses


SEARCH = {"games": 6, "steered_games": 2, "replays": 150, "bound_states": 500}
"""The main job's search for a clause with no working kept witness: a budget in games, replays and
states (never seconds, so the report stays the same for the same model), far smaller than the
``witnesses`` command's."""


def kept(ruleset, clauses, *, search: bool = True) -> dict[str, dict]:
    """What the pages show of each clause's witness from a legal setup: the kept one, replayed; where
    none is kept or the kept one no longer shows its corner case, one this run finds within ``SEARCH``."""
    wanted = sorted({c for c in clauses if ruleset.catalogue[c].handled})
    out = {c: w for c in wanted if (w := about(ruleset, c)) is not None}
    missing = [c for c in wanted if c not in out or not out[c]["ok"]]
    if search and missing:
        from oblivaeon_verify.graphs import setup_witness as sw

        for c, w in sorted(sw.find(ruleset, missing, **SEARCH).items()):
            if w.found:
                out[c] = about(ruleset, c, doc=sw.replay_document(ruleset, w)) | {"kept": False, "was": out.get(c)}
    return out


def about(ruleset, clause: str, doc: dict | None = None) -> dict | None:
    """What a page shows of the clause's kept witness (None when none is kept), or of ``doc``, one found in this run."""
    name = ruleset.name
    path = folder(ruleset) / f"{clause}.json"
    shown_path = f"properties/{name}/witnesses/{clause}.json"
    regenerate = f"oblivaeon-verify witnesses --ruleset {name} --clause {clause} --out properties/{name}/witnesses"
    if doc is None and not path.is_file():
        return None
    try:
        if doc is None:
            doc = replay.load(path)
        states: list = []
        result = replay.replay(ruleset, doc, states=states)
    except replay.ReplayError as e:
        return {"clause": clause, "ok": False, "kept": True, "file": shown_path, "problem": str(e), "regenerate": regenerate}
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
        "kept": True,
        "file": shown_path,
        "replay": f"oblivaeon-verify check --ruleset {name} --replay {shown_path}",
        "regenerate": regenerate,
        "setup": phrase(named(ruleset, doc["setup"])),
        "size": size,
        "found": found_sentence(ruleset, w, length),
        "earlier": max(0, length - SHOWN),
        "decisions": [{"n": n, "label": label} for n, label in enumerate(labels, 1)][-SHOWN:],
        "problem": "" if ok else f"verdict {result.verdict}; " + _when(result),
        "events": [],
        "fact": "",
    }
    if ok:
        out["events"], out["fact"] = decisive(ruleset, doc, states, clause)
    return out


def named(ruleset, value):
    """A setup description with each card id in it (a hero, say) in the ruleset's words for it."""
    if isinstance(value, dict):
        return {k: named(ruleset, v) for k, v in value.items()}
    if isinstance(value, list):
        return [named(ruleset, v) for v in value]
    return ruleset.describe_card(value) if isinstance(value, str) else value


def decisive(ruleset, doc: dict, states: list, clause: str) -> tuple[list[str], str]:
    """At the witness's last decision (or its setup, for one of none): the events that cite the clause, and the state fact that turned true."""
    game = acting.watching(ruleset, [clause])
    if len(states) < 2:
        _state, events = acting.opening(game, replay.setup_of(ruleset, doc))
        return [str(e) for e in events if e.clause == clause][:6], ""
    before, after = states[-2][1], states[-1][1]
    _next, events = game.step(before, ruleset.legal_decisions(before)[doc["decisions"][-1][0]])
    fact = ""
    pred = facts_mod.load(ruleset).PREDICATES.get(clause)
    if pred is not None and pred.holds(after) and not pred.holds(before):
        fact = f"{pred.description}: false before this decision, true after it"
    return [str(e) for e in events if e.clause == clause][:6], fact


SHOWN_BY = {"state": "a state fact", "events": "an event citing it", "rule": "its rule acting (a function implementing it ran)"}


def found_sentence(ruleset, w: dict, length: int) -> str:
    """How the search found the witness, in one sentence."""
    if not w:
        return ""
    game = f"Random game {w['game']} of seed {w['seed']} with {counted(w['players'], ruleset.players_word)}"
    if w["steered"]:
        game += f", steered towards {w['steered']} by the rule-interaction graph,"
    if not w["found_after"]:
        return f"The setup of {game[0].lower()}{game[1:]} shows it, by {SHOWN_BY[w['by']]}, before any decision"
    return f"{game} showed it by {SHOWN_BY[w['by']]} after {count(w['found_after'], 'decision')}, shrunk to {length}"


def parting(ruleset, parameter: str) -> list[dict]:
    """What a page shows of the kept divergence witnesses of a reading (``properties/<ruleset>/divergences/``,
    written by ``oblivaeon-verify witnesses --readings``): each replayed under both values, one per other value."""
    from oblivaeon_verify.graphs import divergence

    name = ruleset.name
    base = folder(ruleset).parent / "divergences"
    regenerate = f"oblivaeon-verify witnesses --ruleset {name} --readings --reading {parameter} --out properties/{name}/divergences"
    out = []
    for _p, default, value in [r for r in divergence.readings(ruleset) if r[0] == parameter]:
        file = divergence.file_name(parameter, value)
        shown_path = f"properties/{name}/divergences/{file}"
        row = {"parameter": parameter, "default": default, "value": value, "file": shown_path, "regenerate": regenerate, "kept": False}
        if not (base / file).is_file():
            out.append(
                row
                | {
                    "ok": False,
                    "problem": "none is kept: play from a legal setup did not part the two readings within the search's budget",
                    "scenario": scenario_parting(ruleset, parameter, default, value),
                }
            )
            continue
        try:
            doc = replay.load(base / file)
            result = replay.replay(ruleset, doc)
        except replay.ReplayError as e:
            out.append(row | {"kept": True, "ok": False, "problem": str(e)})
            continue
        ok = replay.matches(result, doc["expect"])
        w = doc["witness"]
        labels = [label for _i, label in doc["decisions"]]
        out.append(
            row
            | {
                "kept": True,
                "ok": ok,
                "replay": f"oblivaeon-verify check --ruleset {name} --replay {shown_path}",
                "setup": phrase(named(ruleset, doc["setup"])),
                "found": (
                    f"{'Game' if w['steered'] else 'Random game'} {w['game']} of seed {w['seed']} with {counted(w['players'], ruleset.players_word)}"
                    + (
                        ", searched by the reading's nearness (each turn played on many ways, the nearest games kept: chance fell its way, every decision legal),"
                        if w["steered"]
                        else ""
                    )
                    + f" parted them after {count(w['found_after'], 'decision')}, shrunk to {len(labels)} (the shortest found; no bound was searched)"
                ),
                "earlier": max(0, len(labels) - SHOWN),
                "decisions": [{"n": n, "label": label} for n, label in enumerate(labels, 1)][-SHOWN:],
                "differs": list(w["differs"]),
                "problem": "" if ok else _unparted(result),
            }
        )
    return out


def scenario_parting(ruleset, parameter: str, default: str, value: str) -> dict | None:
    """Where no game from a legal setup parts two values of a reading, the first scenario that does: one that sets the
    reading to either value, passes under it, and fails under the other, from the same built position and steps.
    Its first failing check says what the other value changes (None: no scenario of the reading parts them)."""
    vocab = scenarios.vocabulary(ruleset.name)
    for sc in scenarios.load_suite(ruleset.name).scenarios:
        if sc.reading is None or sc.reading.parameter != parameter or sc.reading.value not in (default, value):
            continue
        other = value if sc.reading.value == default else default
        mine = scenarios.run(sc, vocab)
        theirs = scenarios.run(dataclasses.replace(sc, reading=dataclasses.replace(sc.reading, value=other)), vocab)
        if not mine.passed or theirs.passed:
            continue
        step = next(st for st in theirs.steps if not st.ok)
        bad = next((c for c in step.checks if not c.ok), None)
        what = (
            f"{bad.what}: {phrase(bad.expected)} under {sc.reading.value}, {phrase(bad.actual)} under {other}"
            if bad is not None
            else step.failure or str(theirs.verdict)
        )
        return {"scenario": sc.id, "value": sc.reading.value, "other": other, "step": step.index, "differs": what}
    return None


def _unparted(result) -> str:
    parted = "never parted" if result.diverged_at is None else f"parted after {result.diverged_at}"
    return f"the two readings {parted} in {count(result.steps, 'decision')} (verdicts {result.verdict} and {result.other_verdict})"


def _when(result) -> str:
    if result.shown_at is None:
        return f"the corner case never showed in {count(result.steps, 'decision')}"
    return f"the corner case first showed after {result.shown_at} of {count(result.steps, 'decision')}"
