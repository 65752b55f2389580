"""``oblivaeon-verify check``: the invariant suite, a checked random campaign plus the Hypothesis machine.

Every invariant of the ruleset is checked after every step.  The table lists each invariant
with the states (or steps) it checked and its violations; the clause-coverage table says, per
clause, how often its handler ran, how often it fired (events citing it), how often a decision
exercising it was offered but not chosen, and whether it was silent: its handler ran but its guard
never held so that an event cited it (or it is a predicate or table that acts without events).
``--replay FILE`` replays a counterexample file instead.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from oblivaeon_verify import campaign, example_db, exits, interrupts, output, plans, replay, shards
from oblivaeon_verify.checked_play import CheckTally, properties
from oblivaeon_verify.commands.common import (
    MAX_GAMES,
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    add_workers_argument,
    console,
    integer,
    load_ruleset,
    parameters,
    print_json,
)
from oblivaeon_verify.progress import Phases
from oblivaeon_verify.tasks import CheckedGames, MachineExamples, Task
from oblivaeon_verify.words import count, counted

#: profile -> (random games per player count, Hypothesis examples, steps per example)
PROFILES = {"default": (4, 10, 20), "ci": (12, 25, 25), "thorough": (150, 400, 40)}


CHECKED_CHUNK = 4
"""Checked games per task (a checked game costs about a tenth of a second to a second)."""
MACHINE_BATCH = 10
"""Hypothesis examples per task; each batch has its own seed, derived from --seed and its number."""


def budget(args) -> tuple[int, int, int]:
    """(random games per player count, Hypothesis examples, steps per example) of the profile, with --games applied."""
    games, examples, steps = PROFILES[args.profile]
    return (games if args.games is None else args.games), examples, steps


def tasks(ruleset, args, params) -> Iterator[Task]:
    """The checked random games, player count by player count, then the Hypothesis examples in batches."""
    games, examples, steps = budget(args)
    for p, first, n in campaign.chunks(list(ruleset.players), 0, games, CHECKED_CHUNK):
        yield CheckedGames(ruleset.name, params, args.seed, p, first, n)
    database = example_db.spec(args.hypothesis_db)
    for batch, start in enumerate(range(0, examples, MACHINE_BATCH)):
        yield MachineExamples(ruleset.name, args.seed, batch, min(MACHINE_BATCH, examples - start), steps, database, params)


def cmd_check(args) -> int:
    ruleset = load_ruleset(args)
    if args.itf and not args.replay:
        raise UsageError("--itf writes the trace of a replay: give --replay FILE too")
    if args.replay:
        return _replay(ruleset, args)
    params = parameters(ruleset, args)
    example_db.check(example_db.spec(args.hypothesis_db))
    games, examples, _steps = budget(args)
    jobs = len(ruleset.players) * -(-games // CHECKED_CHUNK) + -(-examples // MACHINE_BATCH)
    if args.shard is not None:
        shards.prepare(args)
        return plans.shard("check", args, ruleset, tasks(ruleset, args, params), jobs=jobs)
    done = plans.pairs(tasks(ruleset, args, params), scheduler=args.scheduler, workers=args.workers, jobs=jobs)
    return complete(ruleset, args, done)


def complete(ruleset, args, pairs) -> int:
    """``--out`` checked before the work (``pairs`` is lazy: nothing runs until it is read), then :func:`finish`."""
    output.prepare(args.out, "check")
    return finish(ruleset, args, pairs)


def finish(ruleset, args, pairs) -> int:
    """The tables (or JSON) of the results, in task order; replay files of the failing games into --out."""
    out = Path(args.out)
    games, examples, _steps = budget(args)
    total = games * len(ruleset.players)
    props = properties(ruleset)
    tally = CheckTally()
    fired: Counter = Counter()
    failed: list[dict] = []
    machine = {"examples": 0, "steps": 0, "failure": ""}
    budget_done = 0  # the examples budgeted to the machine's finished batches (``machine["examples"]`` counts its games)
    seconds = {"campaign": 0.0, "machine": 0.0}
    # a person reads the phases (bars on a terminal, lines in a log); --json output is for a program
    phases = Phases(live=sys.stderr.isatty(), enabled=not args.json)
    try:
        with phases:
            phases.start(f"checked random play ({args.profile} profile)", total, "game")
            for task, r in pairs:
                if isinstance(task, CheckedGames):
                    _add(tally, fired, r)
                    failed += r["failures"]
                    seconds["campaign"] += r["timing"]["seconds"]
                    phases.advance(tally.games)
                    if tally.games == total:  # begun before the next result is asked for: the machine runs then
                        phases.start("Hypothesis state machine", examples, "example")
                    continue
                machine["examples"] += r["examples"]
                machine["steps"] += r["steps"]
                machine["failure"] = machine["failure"] or r["failure"]
                seconds["machine"] += r["timing"]["seconds"]
                budget_done += task.examples
                phases.advance(budget_done)
    except KeyboardInterrupt as e:
        campaign.interrupts_close(pairs)
        if tally.games < total:
            what = f"{tally.games:,} of {total:,} checked games ({len(failed)} failed so far)"
            raise interrupts.stopped(e, during="checked random play", done=what, written="nothing written") from None
        ex, st = getattr(e, "partial", (0, 0))
        what = machine_done_so_far(budget_done, examples, machine["examples"] + ex, machine["steps"] + st)
        # (a failing example writes its replay file as it is found: no claim about files here)
        raise interrupts.stopped(e, during="the Hypothesis state machine", done=what) from None
    failures = []
    for f in failed:
        path = replay.write(out / f"{f['players']}-{f['seed']}-{f['game']}.json", f["replay"])
        failures.append(
            {
                "game": f["game"],
                "players": f["players"],
                "violations": f["violations"],
                "error": f["error"],
                "replay": f"oblivaeon-verify check --replay {path}",
            }
        )
    data = {
        "ruleset": ruleset.name,
        "profile": args.profile,
        "seed": args.seed,
        "games": tally.games,
        "steps": tally.steps,
        "outcomes": dict(sorted(tally.outcomes.items())),
        "invariants": [
            {
                "name": inv.name,
                "over": inv.over,
                "clauses": list(inv.clauses),
                "checked": tally.checked[inv.name],
                "violations": tally.violations[inv.name],
            }
            for inv in props.INVARIANTS
        ],
        "machine": machine,
        "failures": failures,
        "corners": {name: tally.corners.get(name, 0) for name in props.CORNERS},
        "clause_coverage": coverage_rows(ruleset, tally, fired),
        "timing": {"campaign_seconds": round(seconds["campaign"], 2), "machine_seconds": round(seconds["machine"], 2)},
    }
    code = exits.of(bool(failures or machine["failure"]))
    if args.json:
        print_json(data, args, code)
    else:
        _print(ruleset, data)
    return code


def machine_done_so_far(budget_done: int, examples: int, games: int, steps: int) -> str:
    """How far the machine got, in words: the examples of its finished batches out of the budget, and the games it started.

    The two differ: Hypothesis starts the machine for every example it generates and again for every attempt to
    shrink a failing one, so the games started may be many times the examples asked for."""
    return (
        f"{budget_done:,} of {examples:,} examples in finished batches "
        f"({count(games, 'game')} started by the machine, shrinking included; {count(steps, 'step')})"
    )


def _add(tally: CheckTally, fired: Counter, r: dict) -> None:
    """One task's checked games into the campaign's tally."""
    tally.games += r["games"]
    tally.steps += r["steps"]
    for name in ("checked", "violations", "clause_events", "offered", "chosen", "corners", "outcomes"):
        getattr(tally, name).update(r[name])
    fired.update(r["fired"])


def coverage_rows(ruleset, tally: CheckTally, fired: Counter) -> list[dict]:
    rows = []
    for c in ruleset.catalogue.clauses:
        if not c.handled:
            continue
        calls, events = fired.get(c.id, 0), tally.clause_events.get(c.id, 0)
        offered, chosen = tally.offered.get(c.id, 0), tally.chosen.get(c.id, 0)
        rows.append(
            {
                "id": c.id,
                "handler_calls": calls,
                "fired": events,
                "offered_not_chosen": max(0, offered - chosen),
                "silent": calls > 0 and events == 0,
                "never_reached": calls == 0 and events == 0,
            }
        )
    return rows


def _replay(ruleset, args) -> int:
    try:
        doc = replay.load(args.replay)
        states: list | None = [] if args.itf else None
        result = replay.replay(ruleset, doc, trace=True, states=states)
    except replay.ReplayError as e:
        raise UsageError(f"--replay: {e}") from None
    if args.itf:
        from oblivaeon_verify.smt import itf

        source = f"oblivaeon-verify check --ruleset {ruleset.name} --replay {args.replay}"
        itf.write(args.itf, replay.itf(ruleset, states, source=source, description=f"the replay {args.replay}, {result.steps} steps"))
    expect = doc.get("expect", "hold")
    ok = replay.matches(result, expect)
    if args.json:
        found = {"file": args.replay, "steps": result.steps, "outcome": result.verdict, "expected": expect, "as_expected": ok}
        if isinstance(expect, dict) and "shows" in expect:
            found["shown_at"] = result.shown_at
        if isinstance(expect, dict) and "diverges" in expect:
            found["diverged_at"], found["other_outcome"] = result.diverged_at, result.other_verdict
        if args.itf:
            found["itf"] = args.itf
        print_json(found, args, exits.of(not ok), schema="check-replay")
    else:
        con = console()
        for n, line in enumerate(result.trace[-15:], max(1, len(result.trace) - 14)):
            con.print(f"{n:>5}. {line}", markup=False)
        for v in result.violations:
            con.print(f"[red]VIOLATED[/red] {v}")
        if result.error:
            con.print(f"[red]model error[/red] {result.error}")
        shown = ""
        if isinstance(expect, dict) and "shows" in expect:
            at = result.shown_at
            shown = f"; {expect['shows']} " + ("never showed" if at is None else f"first showed after {count(at, 'decision')}")
        if isinstance(expect, dict) and "diverges" in expect:
            other, at = expect["diverges"], result.diverged_at
            shown = f"; with {other['parameter']}={other['value']} the game " + (
                "never differed" if at is None else f"first differed after {count(at, 'decision')}"
            )
            if result.other_verdict != "hold":
                shown += f" (its verdict {result.other_verdict})"
        con.print(
            f"{count(result.steps, 'step')} replayed; verdict {result.verdict}{shown}; expected {expect}: {'as expected' if ok else 'NOT as expected'}"
        )
    return exits.of(not ok)


def _print(ruleset, d: dict) -> None:
    from rich.table import Table

    con = console()
    t = Table(
        title=f"{ruleset.title}: {count(len(d['invariants']), 'invariant')} over {count(d['games'], 'game')} ({count(d['steps'], 'step')}) + {count(d['machine']['examples'], 'game')} of the Hypothesis machine ({count(d['machine']['steps'], 'step')})"
    )
    for col in ("invariant", "over", "clauses", "checked", "violations"):
        t.add_column(col, overflow="fold")
    for r in d["invariants"]:
        bad = r["violations"]
        t.add_row(r["name"], r["over"], ", ".join(r["clauses"]), f"{r['checked']:,}", f"[red]{bad}[/red]" if bad else "0")
    con.print(t)
    cov = Table(title="clause coverage (checked random play)")
    for col in ("clause", "handler calls", "fired", "offered, not chosen", "note"):
        cov.add_column(col)
    for r in d["clause_coverage"]:
        note = "never reached" if r["never_reached"] else "silent" if r["silent"] else ""
        cov.add_row(r["id"], f"{r['handler_calls']:,}", f"{r['fired']:,}", f"{r['offered_not_chosen']:,}", note)
    con.print(cov)
    if d["corners"]:
        con.print("corner cases reached (games): " + "; ".join(f"{k}: {v}" for k, v in d["corners"].items()))
    for f in d["failures"]:
        con.print(
            f"[red]FAILED[/red] game {f['game']} ({counted(f['players'], ruleset.players_word)}): {f['error'] or f['violations'][0]}\n  replay: {f['replay']}"
        )
    if d["machine"]["failure"]:
        con.print(f"[red]state machine FAILED[/red]\n{d['machine']['failure']}", markup=False)
    tm = d["timing"]
    con.print(f"outcomes {d['outcomes']}; {tm['campaign_seconds']}s random play, {tm['machine_seconds']}s state machine")


def register(sub) -> None:
    sp = sub.add_parser("check", help="check every invariant: a random campaign plus the Hypothesis state machine (or --replay FILE)")
    add_ruleset_arguments(sp)
    sp.add_argument(
        "--profile",
        default="default",
        choices=list(PROFILES),
        help="; ".join(f"{k}: {g} games per count, {e} Hypothesis examples of {s} steps" for k, (g, e, s) in PROFILES.items())
        + " (default %(default)s)",
    )
    sp.add_argument(
        "--games",
        type=integer(1, MAX_GAMES),
        default=None,
        help="random games per player count (default: the profile's; this overrides it)",
    )
    add_seed_argument(sp)
    sp.add_argument("--replay", metavar="FILE", help="replay a counterexample file, every invariant checked (default: run the campaign)")
    sp.add_argument(
        "--itf",
        metavar="FILE",
        help="with --replay: write the replayed game as an ITF trace, every state (a new file or one this tool wrote) (default: none)",
    )
    sp.add_argument(
        "--out",
        default=".hypothesis/counterexamples",
        help="where failing games are written as replay files (added to what the folder holds; refused if it holds files "
        "the tool did not write) (default %(default)s)",
    )
    sp.add_argument(
        "--hypothesis-db",
        metavar="DIR|redis://HOST:PORT/DB",
        help=f"Hypothesis' example database: a folder, a Redis server several machines share, or {example_db.NONE!r}; a failure "
        f"saved there is replayed first by the next run (default ${example_db.ENV}, else {example_db.DEFAULT})",
    )
    add_workers_argument(sp)
    shards.add_arguments(sp)
    add_json_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify check --profile ci", "every invariant over the ci campaign: random play and the Hypothesis state machine"),
        ("oblivaeon-verify check --ruleset aeons_end --games 2 --json", "a small campaign of Aeon's End, as JSON"),
        (
            "oblivaeon-verify check --replay properties/oblivaeon/replays/knockout-BZ.DEV.HERO-INCAP.json",
            "replay a counterexample file, every invariant checked",
        ),
    )
    sp.set_defaults(fn=cmd_check)
