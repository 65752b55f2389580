"""``oblivaeon-verify verify``: the main job: every check with the default settings, then the reports.

Random play (1,000 games per player count, the first 150 with clause-handler counting, 20 more per
count checked at every state), the corner-case scenarios, and every report section found (invariants, proofs,
graphs: whichever have landed), with a progress display on stderr; then the reports are written
atomically (:mod:`oblivaeon_verify.output`: the folder is refused before the work unless it is new,
empty, or a report folder the tool wrote).  Exits 1 when anything failed (a game, a conformance check, a scenario, a section's
check such as a violated proof, a clarification without a passing scenario, a clause with a handler
never reached), else 4 when something was not decided (an unknown or only bounded proof, a section
not run), else 0 (:mod:`oblivaeon_verify.exits`).
"""

from __future__ import annotations

import argparse
import sys
import time

from oblivaeon_verify import interrupts, plans, sections, shards
from oblivaeon_verify.commands.common import (
    MAX_GAMES,
    Names,
    UsageError,
    add_examples,
    add_ruleset_arguments,
    add_seed_argument,
    add_workers_argument,
    console,
    integer,
    load_ruleset,
    parameters,
    versions,
)
from oblivaeon_verify.progress import Phases
from oblivaeon_verify.words import count


def tasks(ruleset, args, params):
    """The report's tasks (:func:`oblivaeon_verify.report.tasks`); a misspelt --section is refused first."""
    from oblivaeon_verify import report

    unknown = report.unknown_sections(args.sections)
    if unknown:
        raise UsageError(
            f"--section: unknown {'section' if len(unknown) == 1 else 'sections'} {', '.join(unknown)}; sections: {', '.join(section_names())}"
        )
    return report.tasks(
        ruleset,
        seed=args.seed,
        games=args.games,
        conformance_games=args.conformance_games,
        quick=args.quick,
        params=params,
        sections=args.sections,
    )


def produce(ruleset, args, pairs) -> dict:
    """Build the report from its tasks' results (``pairs``, lazy: in task order), write it, and return its data.

    The output folder is checked before the work (:func:`oblivaeon_verify.output.prepare`): a file, or
    a folder holding files the tool did not write, is refused then, not after minutes of play.
    """
    from oblivaeon_verify import output, report

    command = getattr(args, "command", None) or "report"
    out = output.prepare(args.out, command)
    vers = versions()
    import jinja2

    vers["jinja2"] = jinja2.__version__
    started = time.perf_counter()
    total = args.games * len(ruleset.players)
    files, wrote = None, False
    phases = Phases(live=sys.stderr.isatty())
    try:
        with phases:
            data, _timings = report.assemble(
                ruleset,
                pairs,
                seed=args.seed,
                games=args.games,
                conformance_games=args.conformance_games,
                quick=args.quick,
                versions=vers,
                sections=args.sections,
                phases=phases,
            )
            phases.start("writing the report", None)
            files = report.render(data)
            with interrupts.deferred():  # a replacement is never cut short, so what the summary says is exact
                output.replace(out, files, command)
                wrote = True
    except KeyboardInterrupt as e:
        written = f"the new report was written to {args.out}/" if wrote else f"nothing written, {args.out}/ left as it was"
        during = phases.name or "the start"
        played = f"{phases.done:,} of {total:,} games" if during.startswith("random play") else ""
        raise interrupts.stopped(e, during=during, done=played, written=written) from None
    elapsed = time.perf_counter() - started
    size = sum(len(t.encode("utf-8")) for t in files.values())
    sc = data["scenarios"]
    t = data["coverage_totals"]
    console().print(
        f"wrote {args.out}/ ({len(files)} files, {size / 1e6:.1f} MB): {count(data['totals']['games'], 'game')}, "
        f"{count(data['totals']['errors'] + data['conformance']['errors'], 'error')}; scenarios {sc['passed']}/{sc['count']} passed; "
        + (f"clarifications with a passing scenario {t['clarifications_passing']}/{t['clarifications']}; " if t["clarifications"] else "")
        + f"clauses complete {t['complete']}/{t['clauses']}; {elapsed:.0f}s"
    )
    return data


def cmd_verify(args) -> int:
    ruleset = load_ruleset(args)
    params = parameters(ruleset, args)
    todo = tasks(ruleset, args, params)
    from oblivaeon_verify import report

    jobs = report.jobs(ruleset, args.games, args.conformance_games)
    command = getattr(args, "command", None) or "report"
    if args.shard is not None:
        shards.prepare(args)
        return plans.shard(command, args, ruleset, todo, jobs=jobs)
    return complete(ruleset, args, plans.pairs(todo, scheduler=args.scheduler, workers=args.workers, jobs=jobs))


def complete(ruleset, args, pairs) -> int:
    """The report from the results, written; the verdict printed; its exit code."""
    from oblivaeon_verify import report

    data = produce(ruleset, args, pairs)
    v = data["verdict"]
    con = console()
    for w in v["warnings"]:
        con.print(f"[yellow]coverage[/yellow]: {w}")
    for p in v["problems"]:
        con.print(f"[red]problem[/red]: {p}")
    for p in v["inconclusive"]:
        con.print(f"[yellow]inconclusive[/yellow]: {p}")
    con.print(report.verdict_line(v), markup=False)
    return v["exit_code"]


def add_report_arguments(sp, games: int, conformance_games: int, quick: bool) -> None:
    add_ruleset_arguments(sp)
    sp.add_argument("--games", type=integer(1, MAX_GAMES), default=games, help="random games per player count (default %(default)s)")
    sp.add_argument(
        "--conformance-games",
        type=integer(0, MAX_GAMES),
        default=conformance_games,
        help="further games per count checked at every state (default %(default)s)",
    )
    add_seed_argument(sp)
    sp.add_argument(
        "--out",
        default="reports",
        help="the report folder (default %(default)s/): new, empty, or one this tool wrote (it holds a .oblivaeon-verify "
        "marker); replaced whole and atomically, keeping files you added",
    )
    add_workers_argument(sp, what="worker processes for random play")
    sp.add_argument(
        "--quick",
        action=argparse.BooleanOptionalAction,
        default=quick,
        help="run the report sections in their quick setting (default %(default)s)",
    )
    sp.add_argument(
        "--section",
        dest="sections",
        action="append",
        metavar="NAME",
        choices=Names(lambda _r: section_names(), per_ruleset=False),
        help="run only these report sections (repeatable; default: all of them); the verdict counts the others as not run (inconclusive)",
    )
    shards.add_arguments(sp)


def section_names() -> list[str]:
    return sections.names()


def register(sub) -> None:
    sp = sub.add_parser("verify", help="the main job: every check with the default settings, writing the reports")
    add_report_arguments(sp, games=1000, conformance_games=20, quick=False)
    add_examples(
        sp,
        ("oblivaeon-verify verify", "the main job: every check on OblivAeon, writing reports/"),
        ("oblivaeon-verify verify --ruleset aeons_end --out reports-aeons-end/", "the full verification of Aeon's End"),
        ("oblivaeon-verify verify --shard 1/4 --shard-out shards/", "a quarter of the tasks, for a CI matrix; merge makes the whole"),
    )
    sp.set_defaults(fn=cmd_verify)
