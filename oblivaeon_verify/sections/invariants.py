"""Report section: the invariant suite (states checked, violations) and the knock-out matrix.

The full report knocks out every clause with a handler, then the handler of every kind of work
record (sorted by name), one at a time.  Deterministic for a seed; seconds sit under ``timing``
only.  ``quick`` plays fewer games and knocks out only the clauses and record kinds the ruleset
names (``QUICK_KNOCKOUTS``), whose knock-out the tests require to be caught.
"""

from __future__ import annotations

from oblivaeon_verify import campaign, interrupts, plans, rulesets
from oblivaeon_verify import knockout_runner as kr
from oblivaeon_verify.checked_play import CheckTally, properties
from oblivaeon_verify.tasks import CheckedGames, Knockout
from oblivaeon_verify.words import count

TITLE = "Invariants and knock-out"
ORDER = 40
QUICK_GAMES = 4
"""Checked games per knock-out in a quick report."""
DEFAULT_GAMES = 12
"""Checked games per knock-out in a full report, for a ruleset that names no budget of its own."""


CHECKED_CHUNK = 2
"""Checked games per task: the section's own games share the knock-outs' pool, so no core waits for them."""


def collect(ruleset, *, seed: int, quick: bool) -> dict:
    props = properties(ruleset)
    params = ruleset.default_parameters()
    games = 2 if quick else 10
    every = [*kr.knockable(ruleset), *kr.knockable_kinds(ruleset)]
    targets = [t for t in props.QUICK_KNOCKOUTS if t in every] if quick else every
    own = rulesets.plugin(ruleset).knockout_games
    budget = QUICK_GAMES if quick else DEFAULT_GAMES if own is None else own
    checked = [
        CheckedGames(ruleset.name, params, seed, n, first, k)
        for n, first, k in campaign.chunks(list(ruleset.players), 0, games, CHECKED_CHUNK)
    ]
    knockouts = [Knockout(ruleset.name, params, t, seed, budget) for t in targets]
    pairs = plans.pairs([*checked, *knockouts], scheduler=None, workers=1 if quick else None, jobs=len(checked) + len(knockouts))
    tally = _checked(pairs, len(checked))
    rows = kr.rows(pairs, len(targets))
    timing = {"campaign_seconds": round(tally.seconds, 2), **{f"knockout/{r['target']}": r["seconds"] for r in rows}}
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


def _checked(pairs, tasks: int) -> CheckTally:
    """The first ``tasks`` results of ``pairs`` (the section's checked games), summed; an interrupt says how many were played."""
    tally = CheckTally()
    try:
        for _ in range(tasks):
            _task, doc = next(pairs)
            tally.games += doc["games"]
            tally.steps += doc["steps"]
            tally.seconds += doc["timing"]["seconds"]
            for name in ("checked", "violations", "corners"):
                getattr(tally, name).update(doc[name])
    except KeyboardInterrupt as e:
        campaign.interrupts_close(pairs)
        raise interrupts.stopped(e, done=f"{count(tally.games, 'checked game')}") from None
    return tally


def findings(data: dict) -> dict:
    """A violated invariant fails, and so does a knock-out (of a clause or a record kind) nothing caught with no documented reason."""
    if not data.get("available"):
        return {"inconclusive": [f"no invariant suite: {data.get('reason')}"]}
    failed = [
        f"invariant {r['name']}: {count(r['violations'], 'violation')} in {count(data['games'], 'game')}"
        for r in data["invariants"]
        if r["violations"]
    ]
    failed += [
        f"knock-out of {_named(u)} caught by nothing: {u['reason']}"
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
    for kind, word in ((kr.CLAUSE, "clause"), (kr.HANDLER, "handler kind")):
        n = s["by_target_type"][kind]
        if n["knocked_out"]:
            text += f"; {count(n['knocked_out'], word)} turned off one at a time, {n['caught']:,} of them caught"
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
            else "no clause and no kind of work record has a handler to knock out"
        )
        return "\n".join(lines + ["", f"Knock-out: not run in this report: {why}."]) + "\n"
    for kind, (word, head, where) in _TABLES.items():
        rows = [r for r in data["knockouts"] if r["target_type"] == kind]
        if not rows:
            continue
        n = s["by_target_type"][kind]
        lines += [
            "",
            f"{head} knock-out: {count(n['knocked_out'], word)} turned off one at a time, {n['caught']:,} caught "
            f"(share caught {n['caught'] / n['knocked_out']:.1%}): by an invariant "
            f"{n['caught_by_invariant']}, by a model exception {n['caught_by_crash']}, only by a scenario ({where}) "
            f"{n['caught_by_scenario']}; not caught {n['uncaught']}.",
            "",
            f"| {word} | status | games / steps to first failure | games that called it | caught by |",
            "| --- | --- | --- | --- | --- |",
        ]
        lines += [
            f"| {r['target']} | {r['status']} | {r['games']} / {r['steps']} | {r['reached']} | {', '.join(r['caught_by'])} |" for r in rows
        ]
    if data.get("knockout_scope") == "quick" and not s["by_target_type"][kr.HANDLER]["knocked_out"]:
        lines += ["", "Handler knock-out: not in this quick report (the ruleset's QUICK_KNOCKOUTS name no kind of work record)."]
    for u in s["only_by_scenario"]:
        lines.append(
            f"\n- caught only by a scenario ({', '.join(u['scenarios'])}): **{_named(u)}** ({kr.ran_in(u)}); no invariant: {u['reason']}"
        )
    for u in s["uncaught"]:
        lines.append(f"\n- unguarded: **{_named(u)}** ({kr.ran_in(u)}): {u['reason']}")
    return "\n".join(lines) + "\n"


_TABLES = {
    kr.CLAUSE: ("clause", "Clause", "one citing the clause"),
    kr.HANDLER: ("handler kind", "Handler", "any of the ruleset's, as none cites a record kind"),
}
"""Target type -> its word in the matrix, the paragraph's first word, and which scenarios were run when play caught nothing."""


def _named(entry: dict) -> str:
    """A summary entry's target in words: a clause id as it is, a record kind marked as one."""
    return entry["target"] if entry["target_type"] == kr.CLAUSE else f"handler kind {entry['target']}"
