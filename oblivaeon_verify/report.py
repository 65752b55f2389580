"""The main job's reports: gathered once as data, written deterministically and atomically.

``build`` runs every check with the given settings and returns one JSON-able dict: random play and
conformance, the clause coverage (implemented by, guarded by invariants and proofs, exercised by
scenarios), the report sections found at run time (a missing one is named, never faked) and one
page per corner-case scenario.  ``render`` turns it into files (HTML, Markdown, ``summary.json``), which
:func:`oblivaeon_verify.output.replace` swaps in, so a failed run leaves the previous report whole.

Same seed, same settings, same versions: byte-identical files.  Nothing time-dependent is written:
section timings (their ``"timing"`` keys) are dropped from the files and shown on the console only.
"""

from __future__ import annotations

import importlib
import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from oblivaeon_verify import campaign, exits, handlers, interrupts, report_pages, report_story, report_witnesses, rulesets
from oblivaeon_verify import scenarios as scenarios_pkg
from oblivaeon_verify import sections as sections_pkg
from oblivaeon_verify.graphs import draw
from oblivaeon_verify.scenario_lib import runner
from oblivaeon_verify.smt import itf
from oblivaeon_verify.tasks import Section, Task
from oblivaeon_verify.words import count, listing, phrase

#: Sections the report expects (module name in ``oblivaeon_verify.sections``: what it brings).
EXPECTED_SECTIONS = {
    "invariants": "the invariant suite (Hypothesis state machine, knock-out matrix)",
    "proofs": "the Z3 layer (k-induction and bounded proofs)",
    "graphs": "the rule-interaction and state graphs",
}
MAX_CHANGES = 40
"""State changes shown per step on a corner-case page (the full list is in summary.json)."""

Progress = Callable[[str], None]


# --- gathering -------------------------------------------------------------------------------


def simulation_report(ruleset, result: campaign.CampaignResult, checked: campaign.CampaignResult, versions: dict) -> dict:
    """Random play and conformance, per player count and in total."""
    per_count = {}
    for n in sorted(result.tallies):
        s = campaign.summary(ruleset, result, n)
        s.pop("clause_events")
        s.pop("timing")
        per_count[str(n)] = s
    total = result.total
    conf = checked.total
    return {
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "players_word": ruleset.players_word,
        "seed": result.seed,
        "versions": versions,
        "random_play": per_count,
        "totals": {"games": total.games, "rounds": total.rounds, "decisions": total.decisions, "errors": len(total.errors)},
        "conformance": {
            "games": conf.games,
            "states_checked": conf.decisions + conf.games,
            "errors": len(conf.errors),
            "error_list": conf.errors,
        },
        "clause_coverage": campaign.clause_coverage(ruleset, result),
    }


def section_plan(only: list[str] | None = None) -> list[tuple[str, Any, dict | None]]:
    """Every section, in ORDER: (name, module or None, its entry when it is not run: missing or left out)."""
    found = {m.__name__.rsplit(".", 1)[1]: m for m in sections_pkg.available()}
    names = sorted(set(found) | set(EXPECTED_SECTIONS), key=lambda n: (getattr(found.get(n), "ORDER", 1000), n))
    out = []
    for name in names:
        mod = found.get(name)
        if mod is None:
            entry = {
                "name": name,
                "title": name.capitalize(),
                "status": "missing",
                "message": f"not in this report: {EXPECTED_SECTIONS[name]} has not landed (no module oblivaeon_verify/sections/{name}.py)",
            }
        elif only is not None and name not in only:
            entry = {
                "name": name,
                "title": getattr(mod, "TITLE", name),
                "status": "skipped",
                "message": "not run in this report (left out by the settings)",
            }
        else:
            entry = None
        out.append((name, mod, entry))
    return out


def collect_sections(
    ruleset, *, seed: int, quick: bool, only: list[str] | None = None, progress: Progress | None = None
) -> tuple[list[dict], dict]:
    """Run every section module found at run time, here; name the expected ones that are absent.

    Returns the sections (in ORDER) and the timings, kept apart from the data.
    """
    out, timings = [], {}
    for name, mod, entry in section_plan(only):
        if entry is None:
            if progress:
                progress(f"section: {getattr(mod, 'TITLE', name)}")
            done = sections_pkg.run(ruleset, name, seed=seed, quick=quick)
            entry, timings[name] = done["section"], done["timing"]
        out.append(entry)
    return out, timings


def unknown_sections(names: list[str] | None) -> list[str]:
    """The names in ``names`` that are no report section (so that a misspelt ``--section`` is refused, not skipped)."""
    known = {m.__name__.rsplit(".", 1)[1] for m in sections_pkg.available()}
    return sorted(set(names or ()) - known)


def citations(data: Any) -> dict[str, list[str]]:
    """clause id -> names, for every named item of a section's data that cites clauses.

    Sections describe their checks as dicts with a name (``name``, ``id``, ``invariant``,
    ``property`` or ``title``) and a ``clauses`` list; anything else is ignored.
    """
    found: dict[str, set[str]] = {}

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            cl = v.get("clauses")
            name = next((v[k] for k in ("name", "id", "invariant", "property", "title") if isinstance(v.get(k), str)), None)
            if name and isinstance(cl, (list, tuple)) and all(isinstance(c, str) for c in cl):
                for c in cl:
                    found.setdefault(c, set()).add(name)
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)

    walk(data)
    return {c: sorted(n) for c, n in found.items()}


def run_scenarios(ruleset, phases=None, reached: dict[str, frozenset[str]] | None = None) -> tuple[list, list[str]]:
    """Load and run every scenario of the ruleset: (scenario, run) pairs and the load errors (``phases`` told as they run).

    ``reached``, when given, receives per scenario id the clauses the scenario names that its run reached: a function
    implementing the clause ran (its handler calls are counted around the run, setup included) or an event of the run
    cited it.  A scenario's list of clauses is its author's claim; this is what the run showed of it.
    """
    suite = scenarios_pkg.load_suite(ruleset.name)
    vocab = scenarios_pkg.vocabulary(ruleset.name)
    phases = phases or _NoPhases()
    phases.start("scenarios", len(suite.scenarios), "scenario")
    runs = []
    for sc in suite.scenarios:
        if reached is None:
            r = scenarios_pkg.run(sc, vocab)
        else:
            calls: Counter = Counter()
            with handlers.counting(ruleset.package, calls):
                r = scenarios_pkg.run(sc, vocab)
            cited = {c for step in r.steps for c in step.clauses}
            reached[sc.id] = frozenset(c for c in sc.clauses if calls[c] or c in cited)
        runs.append((sc, r))
        phases.advance(len(runs))
    return runs, [str(e) for e in suite.errors]


class _NoPhases:
    """Progress told to no one (a library caller, a test)."""

    def start(self, name: str, total: int | None = None, unit: str = "") -> None:
        pass

    def advance(self, done: int) -> None:
        pass


#: Games per player count whose clause-handler calls are counted; the rest are played untraced.
HANDLER_COUNTED_GAMES = 150

CONFORMANCE_CHUNK = 5
"""Conformance games per task: a checked game costs some 30 random ones, and these tasks come last, so
smaller tasks keep every worker busy to the end (3 tasks of 20 games on 2 workers left one idle for a third)."""


def tasks(
    ruleset, *, seed: int, games: int, conformance_games: int, quick: bool, params, sections: list[str] | None = None
) -> Iterator[Task]:
    """The report's tasks, in order: random play (handler-counted first), conformance, then each section to run."""
    players = list(ruleset.players)
    counted = min(games, HANDLER_COUNTED_GAMES)
    census = rulesets.plugin(ruleset.name).census is not None
    yield from campaign.tasks(ruleset.name, params, seed, players, counted, handler_counts=True, census=census)
    yield from campaign.tasks(ruleset.name, params, seed, players, games - counted, first=counted, census=census)
    yield from campaign.tasks(
        ruleset.name, params, seed, players, conformance_games, first=games, conformance=True, chunk=CONFORMANCE_CHUNK
    )
    yield from (Section(ruleset.name, name, seed, quick) for name in run_sections(sections))


def run_sections(only: list[str] | None) -> list[str]:
    """The sections the report runs as tasks, in task order: those that run in a worker first, so that they
    overlap the last games, then those that run in this process (each group in report order)."""
    names = [name for name, mod, entry in section_plan(only) if entry is None and not sections_pkg.from_campaign(mod)]
    return sorted(names, key=lambda name: not sections_pkg.in_a_worker(name))


def jobs(ruleset, games: int, conformance_games: int) -> int:
    chunks = -(-min(games, HANDLER_COUNTED_GAMES) // campaign.CHUNK) + -(-max(0, games - HANDLER_COUNTED_GAMES) // campaign.CHUNK)
    return len(ruleset.players) * (chunks + -(-conformance_games // CONFORMANCE_CHUNK)) + len(EXPECTED_SECTIONS)


def build(
    ruleset,
    *,
    seed: int,
    games: int,
    conformance_games: int,
    quick: bool,
    versions: dict,
    workers: int | None = None,
    scheduler: str | None = None,
    params_path=None,
    param_pairs=(),
    sections: list[str] | None = None,
    phases=None,
) -> tuple[dict, dict]:
    """Run every check on the backend; return (report data, timings).  ``sections=None`` runs every section found."""
    from oblivaeon_verify import plans

    params = ruleset.load_parameters(params_path, tuple(param_pairs))
    todo = tasks(ruleset, seed=seed, games=games, conformance_games=conformance_games, quick=quick, params=params, sections=sections)
    pairs = plans.pairs(todo, scheduler=scheduler, workers=workers, jobs=jobs(ruleset, games, conformance_games))
    return assemble(
        ruleset,
        pairs,
        seed=seed,
        games=games,
        conformance_games=conformance_games,
        quick=quick,
        versions=versions,
        sections=sections,
        phases=phases,
    )


def assemble(
    ruleset,
    pairs,
    *,
    seed: int,
    games: int,
    conformance_games: int,
    quick: bool,
    versions: dict,
    sections: list[str] | None = None,
    phases=None,
) -> tuple[dict, dict]:
    """The report from its tasks' (task, result) pairs, in task order (:func:`tasks`), and the scenarios run here.

    ``phases`` (a :class:`oblivaeon_verify.progress.Phases`) is told each phase as it begins and what
    it has counted: random play, conformance, each section, the scenarios.
    """
    phases = phases or _NoPhases()
    players = list(ruleset.players)
    counted = min(games, HANDLER_COUNTED_GAMES)
    total = games * len(players)
    plan = section_plan(sections)
    modules = {name: mod for name, mod, _entry in plan}
    titles = [getattr(modules[name], "TITLE", name) for name in run_sections(sections)]  # (in task order)
    traced, rest, checked, ran, timings = [], [], [], {}, {}
    played = conformed = 0
    word = ruleset.players_word

    def stage() -> tuple[str, int | None, str]:
        if played < total:
            return f"random play ({games:,} per count of {listing([str(n) for n in players])} {word})", total, "game"
        if conformed < conformance_games * len(players):
            return f"conformance checks ({conformance_games:,} per count)", conformance_games * len(players), "game"
        return (f"section: {titles[len(ran)]}", None, "") if len(ran) < len(titles) else ("", None, "")

    said = ""
    pairs = iter(pairs)
    try:
        while True:
            # Said before the next result is asked for: the local backend runs a section only then.
            name, size, unit = stage()
            if name and name != said:
                phases.start(name, size, unit)
                said = name
            pair = next(pairs, None)
            if pair is None:
                break
            task, result = pair
            if isinstance(task, Section):
                ran[task.name] = result["section"]
                timings[task.name] = result["timing"]
            elif task.conformance:
                checked.append((task, result))
                conformed += task.count
                phases.advance(conformed)
            else:
                (traced if task.handler_counts else rest).append((task, result))
                played += task.count
                phases.advance(played)
    except KeyboardInterrupt as e:
        campaign.interrupts_close(pairs)
        raise interrupts.stopped(e) from None
    result = campaign.merge(campaign.merged(seed, players, traced), campaign.merged(seed, players, rest))
    data = simulation_report(ruleset, result, campaign.merged(seed, players, checked), dict(sorted(versions.items())))
    data["settings"] = {
        "games": games,
        "handler_counted_games": counted,
        "handler_counted_games_full": HANDLER_COUNTED_GAMES,
        "conformance_games": conformance_games,
        "quick": quick,
        "sections": sections,
    }
    reached: dict[str, frozenset[str]] = {}
    runs, load_errors = run_scenarios(ruleset, phases, reached)

    def built(mod) -> dict:  # from the games just played: the census
        return sections_pkg.entry(mod, mod.from_campaign(ruleset, result.census, seed=seed, games=total))

    secs = [entry if entry is not None else built(mod) if sections_pkg.from_campaign(mod) else ran[name] for name, mod, entry in plan]
    data["sections"] = secs
    _coverage(ruleset, data, runs, reached)
    data["scenarios"] = _scenario_summary(runs, load_errors)
    from_setup = report_witnesses.kept(ruleset, (c for sc, _r in runs for c in sc.clauses))
    readings = sorted({sc.reading.parameter for sc, _r in runs if sc.reading is not None})
    parting = {p: report_witnesses.parting(ruleset, p) for p in readings}  # each kept divergence replayed once
    data["corner_cases"] = [dict(_corner_page(ruleset, sc, r, secs, from_setup, parting), itf=runner.itf(r)) for sc, r in runs]
    data["errors_shown"] = (data["conformance"]["error_list"] + [e for s in data["random_play"].values() for e in s["errors"]])[:10]
    data["verdict"] = _verdict(data)
    return data, timings


def _coverage(ruleset, data: dict, runs, reached: dict[str, frozenset[str]]) -> None:
    by_section = {s["name"]: s for s in data["sections"]}

    def cited(name: str) -> dict | None:
        s = by_section.get(name)
        return citations(s["data"]) if s and s["status"] == "ok" else None

    inv, proofs = cited("invariants"), cited("proofs")
    # a clause that functions implement is exercised by a scenario only if its run reached one of them (or cited it);
    # one without a rule, or implemented as data, has nothing to run, and the scenario naming it stands
    with_rules = {c for clauses in handlers.declared_codes(ruleset.package).values() for c in clauses}
    exercised: dict[str, list[dict]] = {}
    for sc, r in runs:
        for c in sc.clauses:
            ran = (c in reached[sc.id]) if c in with_rules else None
            exercised.setdefault(c, []).append({"id": sc.id, "passed": r.passed, "reached": ran})
    cat = ruleset.catalogue
    for row in data["clause_coverage"]:
        c = cat[row["id"]]
        row["paraphrase"] = c.paraphrase
        row["section"] = c.section
        row["note"] = c.note
        row["invariants"] = None if inv is None else inv.get(row["id"], [])
        row["proofs"] = None if proofs is None else proofs.get(row["id"], [])
        row["scenarios"] = exercised.get(row["id"], [])
    rows = data["clause_coverage"]
    for row in rows:  # a pointer is shown by what it points to, once every clause there is shown
        c = cat[row["id"]]
        row["shown_through"] = None
        if c.points_to:
            there = [r for r in rows if r["section"] == c.points_to and r["id"] != row["id"]]
            row["shown_through"] = {
                "section": c.points_to,
                "clauses": len(there),
                "shown": sum(1 for r in there if any(map(_shows, r["scenarios"]))),
            }
    clar = [r for r in rows if r["kind"] == "clarification"]
    gaps = [{"id": r["id"], "missing": m} for r in rows if (m := _gaps(r))]
    data["coverage_totals"] = {
        "clauses": len(rows),
        "handled": sum(1 for r in rows if r["handled"]),
        "implemented": sum(1 for r in rows if r["handled"] and r["implemented_by"]),
        "reached": sum(1 for r in rows if r["reached"]),
        "with_invariant": None if inv is None else sum(1 for r in rows if r["invariants"]),
        "with_proof": None if proofs is None else sum(1 for r in rows if r["proofs"]),
        "with_scenario": sum(1 for r in rows if any(s["reached"] is not False for s in r["scenarios"])),
        "clarifications": len(clar),
        "clarifications_passing": sum(1 for r in clar if any(map(_shows, r["scenarios"]))),
        "clarifications_without_passing_scenario": [r["id"] for r in clar if not any(map(_shows, r["scenarios"]))],
        "named_not_reached": sorted(f"{s['id']}: {r['id']}" for r in rows for s in r["scenarios"] if s["reached"] is False),
        "complete": len(rows) - len(gaps),
        "gaps": gaps,
    }


def _gaps(row: dict) -> list[str]:
    """What a clause still lacks: a clause with a rule is implemented, reached, guarded (an invariant or a
    proof cites it) and exercised by a passing scenario; a clause without one (a summary) still wants a
    scenario that shows it, and a pointer is shown once every clause of the section it points to is.  A
    section that has not landed is no gap of the clause's own."""
    missing = []
    if row["handled"]:
        if not row["implemented_by"]:
            missing.append("implementation")
        if not row["reached"]:
            missing.append("reached in play")
        landed = row["invariants"] is not None or row["proofs"] is not None
        if landed and not (row["invariants"] or row["proofs"]):
            missing.append("invariant or proof")
    through = row.get("shown_through")
    if not any(map(_shows, row["scenarios"])) and not (through and through["shown"] == through["clauses"] > 0):
        missing.append("passing scenario")
    return missing


def _shows(entry: dict) -> bool:
    """Whether a scenario naming a clause shows it: it passed, and its run reached the clause's rule (when it has one)."""
    return entry["passed"] and entry["reached"] is not False


def _scenario_summary(runs, load_errors: list[str]) -> dict:
    items = []
    for sc, r in runs:
        items.append(
            {
                "id": sc.id,
                "title": sc.title,
                "clauses": list(sc.clauses),
                "reading": _reading(sc),
                "passed": r.passed,
                "verdict": r.verdict,
            }
        )
    return {
        "count": len(runs) + len(load_errors),
        "passed": sum(1 for _, r in runs if r.passed),
        "failed": sum(1 for _, r in runs if not r.passed),
        "load_errors": load_errors,
        "items": items,
    }


def _reading(sc) -> dict | None:
    if sc.reading is None:
        return None
    return {
        "parameter": sc.reading.parameter,
        "value": sc.reading.value,
        "default": sc.reading.default,
        "is_default": sc.reading.is_default,
    }


def _graph_facts(secs: list[dict]) -> dict:
    g = next((s for s in secs if s["name"] == "graphs" and s["status"] == "ok"), None)
    if g is None:
        return {}
    data = g["data"]
    witnesses: dict[str, dict] = {}
    for cfg in data.get("exploration", {}).get("configurations", []):
        for clause, hit in sorted(cfg.get("corner_cases", {}).items()):
            best = witnesses.get(clause)
            if best is None or hit.get("depth", 0) < best["depth"]:
                witnesses[clause] = {
                    "depth": hit.get("depth", 0),
                    "decisions": list(hit.get("decisions", [])),
                    "configuration": cfg.get("name", cfg.get("configuration", "")),
                }
    return {"pictures": data.get("pictures", {}), "witnesses": witnesses}


def _graphs_landed() -> bool:
    try:
        importlib.import_module("oblivaeon_verify.graphs")
    except ModuleNotFoundError:
        return False
    return True


def _observed_chain(run) -> str:
    """A Mermaid flowchart of the clauses cited by the run's events, in order of first appearance."""
    seen: list[str] = []
    for rec in run.steps:
        for c in rec.clauses:
            if c not in seen:
                seen.append(c)
    declared = set(run.scenario.clauses)
    if not seen:
        return ""
    seen = seen[:20]
    lines = ["flowchart LR"]
    for i, c in enumerate(seen):
        lines.append(f'  c{i}{{{{"{c}"}}}}' if c in declared else f'  c{i}["{c}"]')
    for i in range(len(seen) - 1):
        lines.append(f"  c{i} --> c{i + 1}")
    return "\n".join(lines) + "\n"


def _corner_page(ruleset, sc, run, secs: list[dict], from_setup: dict | None = None, parting: dict | None = None) -> dict:
    cat = ruleset.catalogue
    facts = _graph_facts(secs)
    graph_section = next((s for s in secs if s["name"] == "graphs"), None)
    interaction = []
    for c in sc.clauses:
        pic = facts.get("pictures", {}).get(c) if facts else None
        if pic:
            interaction.append(
                {
                    "title": f"Paths from ordinary rules into {c} (rule-interaction graph)",
                    "mermaid": pic,
                    "note": "From the graphs section: solid arrows are in the model's code, dashed ones were seen in play; the hexagon is the clarification.",
                }
            )
        elif cat[c].kind == "clarification":
            if not _graphs_landed():
                why = "The rule-interaction graph has not landed (no package oblivaeon_verify.graphs): no picture."
            elif graph_section is None or graph_section["status"] != "ok":
                why = (
                    "The graphs section did not run in this report"
                    + (f" ({graph_section['status']})" if graph_section else "")
                    + ": no picture."
                )
            else:
                why = "The rule-interaction graph has no path into this clause (see the graphs section for why)."
            interaction.append({"title": f"{c} in the rule-interaction graph", "mermaid": "", "note": why})
    chain = _observed_chain(run)
    if chain:
        interaction.append(
            {
                "title": "Rules that fired in this scenario's run, in order",
                "mermaid": chain,
                "note": "From the scenario's own trace (not the rule-interaction graph): each clause cited by an event, in the order it first fired; hexagons are the clauses the scenario names.",
            }
        )
    witnesses = []
    for c in sc.clauses:
        if cat[c].kind != "clarification" and not (facts and c in facts.get("witnesses", {})):
            continue
        w = facts.get("witnesses", {}).get(c) if facts else None
        if w:
            witnesses.append(
                {
                    "clause": c,
                    "decisions": w["decisions"],
                    "note": f"Shortest decision sequence found by the state-graph exploration ({w['configuration']}, depth {w['depth']}):",
                }
            )
        elif facts:
            witnesses.append(
                {
                    "clause": c,
                    "decisions": None,
                    "note": "The state-graph exploration did not reach this corner case within its bounds; the scenario below is a witness from a set position, not a proven-minimal one.",
                }
            )
        else:
            witnesses.append(
                {
                    "clause": c,
                    "decisions": None,
                    "note": "No state graph in this report (the graphs section has not run or not landed); the scenario below is a hand-made witness, not a proven-minimal one.",
                }
            )
    if not witnesses:
        witnesses.append(
            {
                "clause": ", ".join(sc.clauses),
                "decisions": None,
                "note": "The state-graph exploration looks for the clarifications and the corner cases the ruleset names, and this is neither; the scenario below is the witness, from the default setup and the position it sets, not a proven-minimal one.",
            }
        )
    steps = []
    for rec in run.to_json()["steps"]:
        rec = dict(rec)
        rec["changes_more"] = max(0, len(rec["changes"]) - MAX_CHANGES)
        rec["changes"] = rec["changes"][:MAX_CHANGES]
        steps.append(rec)
    if sc.setup_refused and not run.error:
        # a position the rules do not allow: nothing is played, the verdict is the setup's refusal
        said = run.refusal.actual if run.refusal is not None else "nothing was built"
        text = (
            f"Pass: the setup was refused, as the scenario expects ({said})."
            if run.passed
            else f"Fail: the setup should have been refused with an error containing {sc.setup_refused!r}, but {said}."
        )
    elif run.passed:
        text = (
            "Pass: the one step behaved as the scenario expects."
            if len(run.steps) == 1
            else f"Pass: all {len(run.steps)} steps behaved as the scenario expects."
        )
    elif run.error:
        text = f"Error: the position could not be built: {run.error}"
    else:
        d = run.divergence
        text = f"Fail: reality diverged from the expectation at step {d.index} (line {d.line})."
    return {
        "id": sc.id,
        "title": sc.title,
        "file": f"scenarios/{sc.ruleset}/{sc.path.name}",
        "summary": " ".join(sc.summary.split()),
        "reading": _reading(sc),
        "clauses": [
            {"id": c, "paraphrase": cat[c].paraphrase, "implemented_by": [i.function for i in cat.implemented_by(c)]} for c in sc.clauses
        ],
        "interaction": interaction,
        "witnesses": witnesses,
        "from_setup": [from_setup[c] for c in sc.clauses if from_setup and c in from_setup],
        "parting": (parting or {}).get(sc.reading.parameter, []) if sc.reading is not None else [],
        "setup": json.dumps(sc.setup, sort_keys=True),
        "setup_words": phrase(sc.setup) if sc.setup else "the default setup",
        "steps": steps,
        "start": run.start,
        "passed": run.passed,
        "verdict": run.verdict,
        "verdict_text": text,
    }


def _verdict(data: dict) -> dict:
    """Failures (``problems``) and what could not be decided (``inconclusive``), each named; never a pass by default.

    A section left out by the settings, or one that has not landed, is inconclusive: the report did not
    check what it would have checked.  A section reports its own failures and unknowns
    (:func:`oblivaeon_verify.sections.findings`): a violated proof fails, an unknown or only bounded one
    is inconclusive.
    """
    found = report_story.findings(data)
    problems = [f.text for f in found.failed]
    inconclusive = [f.text for f in found.inconclusive]
    # Coverage gaps are reported, not failed: they say what is left to write, not that a rule is broken.
    gaps = data["coverage_totals"]["gaps"]
    warnings = []
    for what in ("implementation", "invariant or proof", "passing scenario"):
        ids = [g["id"] for g in gaps if what in g["missing"]]
        if ids:
            warnings.append(f"{count(len(ids), 'clause')} without {'an' if what[0] in 'ai' else 'a'} {what}: " + ", ".join(ids))
    warnings += [w for sec in data["sections"] for w in sec.get("warnings", ())]
    status = "failed" if problems else "inconclusive" if inconclusive else "passed"
    return {
        "ok": status == "passed",
        "status": status,
        "exit_code": int(exits.of(len(problems), len(inconclusive))),
        "problems": problems,
        "inconclusive": inconclusive,
        "warnings": warnings,
    }


def verdict_line(verdict: dict) -> str:
    """The verdict in one line: what failed and what is undecided, counted."""
    if verdict["status"] == "passed":
        return "verdict: all checks passed"
    parts = []
    if verdict["problems"]:
        parts.append(f"{len(verdict['problems'])} failed")
    if verdict["inconclusive"]:
        parts.append(f"{len(verdict['inconclusive'])} inconclusive")
    return f"verdict: {verdict['status'].upper()} ({', '.join(parts)}): " + "; ".join(verdict["problems"] + verdict["inconclusive"])


# --- writing ---------------------------------------------------------------------------------


def render(data: dict) -> dict[str, str]:
    """Every file of the report, by relative path: the index, the clause table, one page per section and per corner case."""
    view = dict(data)
    # every picture drawn at once (one run of Graphviz's dot for them all, not one each)
    pictures = [src for s in data["sections"] for src in report_pages.mermaid_blocks(s.get("markdown", ""))]
    pictures += [p["mermaid"] for page in data["corner_cases"] for p in page["interaction"] if p["mermaid"]]
    drawn = draw.svgs(pictures)
    view["sections"] = [dict(s, html=report_pages.markdown_html(s.get("markdown", ""), drawn)) for s in data["sections"]]
    view["findings"] = report_story.findings(data)
    view["figures"] = report_story.figures(data)
    items = data["scenarios"]["items"]
    view["failing_scenarios"] = [s for s in items if not s["passed"]]
    view["passing_scenarios"] = [s for s in items if s["passed"]]
    view["pictures_by"] = draw.renderer()
    files = {
        "index.html": report_pages.index_html(view),
        "index.md": report_pages.index_md(view),
        "clauses.html": report_pages.clauses_html(view),
        "clauses.md": report_pages.clauses_md(view),
    }
    for s in view["sections"]:
        files[report_story.section_page(s["name"])] = report_pages.section_html(view, s)
        files[report_story.section_page(s["name"], "md")] = report_pages.section_md(view, s)
    for page in data["corner_cases"]:
        for p in page["interaction"]:
            p["svg"] = report_pages.mermaid_svg(p["mermaid"], drawn) if p["mermaid"] else ""
        files[f"corner-cases/{page['id']}.html"] = report_pages.corner_html(page)
        files[f"corner-cases/{page['id']}.md"] = report_pages.corner_md(page)
        for p in page["interaction"]:
            p.pop("svg")
        if "itf" in page:  # the scenario's run as an ITF trace, beside its page
            files[f"corner-cases/{page['id']}.itf.json"] = itf.dumps(page["itf"]) + "\n"
    files["summary.json"] = json.dumps(summary(data), indent=2, sort_keys=True, default=str) + "\n"
    return files


def summary(data: dict) -> dict:
    """The machine-readable summary (schema ``summary``): everything but the rendered section bodies.

    Its ``verdict`` is the one word every JSON output has; what the verdict counts (the problems, the
    undecided checks, the coverage warnings) is under ``findings``.
    """
    from oblivaeon_verify import schemas

    out = dict(data)
    out["sections"] = [{k: v for k, v in s.items() if k != "markdown"} for s in data["sections"]]
    out["corner_cases"] = [{k: v for k, v in c.items() if k != "itf"} for c in data["corner_cases"]]  # (its own file)
    v = data["verdict"]
    out["findings"] = {k: v[k] for k in ("exit_code", "problems", "inconclusive", "warnings")}
    return schemas.envelope(out, "summary", data["ruleset"], v["exit_code"])
