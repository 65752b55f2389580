"""Report section: the invariant suite (states checked, violations) and the clause knock-out matrix.

Deterministic for a seed; seconds sit under ``timing`` only.  ``quick`` plays fewer games and
knocks out only the clauses whose knock-out the tests require to be caught.
"""

from __future__ import annotations

from oblivaeon_verify import knockout_runner as kr
from oblivaeon_verify import plans, rulesets
from oblivaeon_verify.checked_play import CheckTally, play_checked, properties
from oblivaeon_verify.tasks import Knockout
from oblivaeon_verify.words import count

TITLE = "Invariants and clause knock-out"
ORDER = 40
QUICK_GAMES = 4
"""Checked games per knock-out in a quick report."""
DEFAULT_GAMES = 12
"""Checked games per knock-out in a full report, for a ruleset that names no budget of its own."""


def collect(ruleset, *, seed: int, quick: bool) -> dict:
    props = properties(ruleset)
    params = ruleset.default_parameters()
    tally = CheckTally()
    games = 2 if quick else 10
    for n in ruleset.players:
        for i in range(games):
            play_checked(ruleset, params, seed, n, i, tally=tally)
    clauses = [c for c in props.QUICK_KNOCKOUTS if c in kr.knockable(ruleset)] if quick else kr.knockable(ruleset)
    own = rulesets.plugin(ruleset).knockout_games
    budget = QUICK_GAMES if quick else DEFAULT_GAMES if own is None else own
    rows = run_all(ruleset, clauses, seed=seed, games=budget, workers=1 if quick else None)
    timing = {"campaign_seconds": round(tally.seconds, 2), **{f"knockout/{r['clause']}": r["seconds"] for r in rows}}
    return {
        "available": True,
        "games": tally.games,
        "steps": tally.steps,
        "invariants": [
            {
                "name": i.name,
                "clauses": list(i.clauses),
                "checked": tally.checked[i.name],
                "violations": tally.violations[i.name],
                "doc": i.doc,
            }
            for i in props.INVARIANTS
        ],
        "corners": dict(sorted(tally.corners.items())),
        "knockout_scope": "quick" if quick else "all",
        "knockouts": [{k: v for k, v in r.items() if k not in ("replay", "seconds")} for r in rows],
        "knockout_summary": kr.summary(ruleset, rows),
        "timing": timing,
    }


def findings(data: dict) -> dict:
    """A violated invariant fails, and so does a knock-out nothing caught with no documented reason."""
    if not data.get("available"):
        return {"inconclusive": [f"no invariant suite: {data.get('reason')}"]}
    failed = [
        f"invariant {r['name']}: {count(r['violations'], 'violation')} in {count(data['games'], 'game')}"
        for r in data["invariants"]
        if r["violations"]
    ]
    failed += [
        f"knock-out of {u['clause']} caught by nothing: {u['reason']}"
        for u in data["knockout_summary"]["uncaught"]
        if u["reason"] == kr.NO_REASON
    ]
    return {"failed": failed}


def headline(data: dict) -> str:
    """What was checked, for the report's first screen."""
    if not data.get("available"):
        return f"no invariant suite: {data.get('reason')}"
    s = data["knockout_summary"]
    text = (
        f"{count(len(data['invariants']), 'invariant')} checked after every step of {count(data['games'], 'steered game')} "
        f"({count(data['steps'], 'step')})"
    )
    if data["knockouts"]:
        caught = s["caught_by_invariant"] + s["caught_by_crash"] + s["caught_by_scenario"]
        text += f"; {count(s['knocked_out'], 'clause')} turned off one at a time, {caught:,} of them caught"
    return text


def markdown(data: dict) -> str:
    if not data.get("available"):
        return f"_No invariant suite: {data.get('reason')}._\n"
    lines = [
        f"{count(len(data['invariants']), 'invariant')}, each checked after every step of {count(data['games'], 'steered random game')} ({count(data['steps'], 'step')}).",
        "",
        "| invariant | clauses | checked | violations |",
        "| --- | --- | --- | --- |",
    ]
    for r in data["invariants"]:
        lines.append(f"| {r['name']} | {', '.join(r['clauses'])} | {r['checked']:,} | {r['violations']} |")
    s = data["knockout_summary"]
    if not data["knockouts"]:
        why = (
            "the ruleset names no quick knock-outs (QUICK_KNOCKOUTS)"
            if data.get("knockout_scope") == "quick"
            else "no clause has a handler to knock out"
        )
        return "\n".join(lines + ["", f"Clause knock-out: not run in this report: {why}."]) + "\n"
    lines += [
        "",
        f"Clause knock-out: {count(s['knocked_out'], 'clause')} turned off one at a time; caught by an invariant: {s['caught_by_invariant']}, "
        f"by a model exception: {s['caught_by_crash']}; only by a scenario citing the clause: {s['caught_by_scenario']}; "
        f"share caught {s['share_caught']:.1%} (by invariants {s['share_caught_by_invariant']:.1%}).",
        "",
        "| clause | status | games / steps to first failure | caught by |",
        "| --- | --- | --- | --- |",
    ]
    for r in data["knockouts"]:
        lines.append(f"| {r['clause']} | {r['status']} | {r['games']} / {r['steps']} | {', '.join(r['caught_by'])} |")
    for u in s["only_by_scenario"]:
        lines.append(f"\n- caught only by a scenario ({', '.join(u['scenarios'])}): **{u['clause']}**; no invariant: {u['reason']}")
    for u in s["uncaught"]:
        lines.append(f"\n- unguarded: **{u['clause']}**: {u['reason']}")
    return "\n".join(lines) + "\n"


def run_all(
    ruleset, clauses, *, params_path=None, param_pairs=(), seed=0, games=12, workers=None, scheduler=None, progress=None
) -> list[dict]:
    """Every clause in ``clauses`` as a task (a knock-out changes its own process only), on the backend, in their order."""
    params = ruleset.load_parameters(params_path, tuple(param_pairs))
    done = plans.pairs(
        [Knockout(ruleset.name, params, c, seed, games) for c in clauses], scheduler=scheduler, workers=workers, jobs=len(clauses)
    )
    return kr.rows(done, len(clauses), progress)
