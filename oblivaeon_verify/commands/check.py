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
import time
from collections import Counter

from oblivaeon_verify import exits, handlers, interrupts, output, replay
from oblivaeon_verify.checked_play import CheckTally, play_checked, properties
from oblivaeon_verify.commands.common import (
    MAX_GAMES,
    UsageError,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    console,
    integer,
    load_ruleset,
    parameters,
    print_json,
    progress,
)
from oblivaeon_verify.knockout_runner import model_package

#: profile -> (random games per player count, Hypothesis examples, steps per example)
PROFILES = {"default": (4, 10, 20), "ci": (12, 25, 25), "thorough": (150, 400, 40)}


def cmd_check(args) -> int:
    ruleset = load_ruleset(args)
    if args.replay:
        return _replay(ruleset, args)
    params = parameters(ruleset, args)
    out = output.prepare(args.out, "check")
    games, examples, steps = PROFILES[args.profile]
    if args.games is not None:
        games = args.games
    props = properties(ruleset)
    tally = CheckTally()
    fired: Counter = Counter()
    show = not args.json and sys.stderr.isatty()
    prog, cb = progress(games * len(ruleset.players), f"checked random play ({args.profile})", show)
    start = time.perf_counter()
    if prog:
        prog.start()
    try:
        with handlers.counting(model_package(ruleset), fired):
            done = 0
            for n in ruleset.players:
                for i in range(games):
                    play_checked(ruleset, params, args.seed, n, i, tally=tally)
                    done += 1
                    cb(done, games * len(ruleset.players))
    except KeyboardInterrupt as e:
        what = f"{tally.games:,} of {games * len(ruleset.players):,} checked games ({len(tally.failures)} failed so far)"
        raise interrupts.stopped(e, during="checked random play", done=what, written="nothing written") from None
    finally:
        if prog:
            prog.stop()
    campaign_seconds = time.perf_counter() - start
    machine = _machine(props, examples, steps, args.seed, show) if examples else {"examples": 0, "steps": 0, "failure": ""}
    failures = []
    for game in tally.failures:
        path = replay.write(out / f"{game.players}-{game.seed}-{game.index}.json", replay.from_game(ruleset, params, game))
        failures.append(
            {
                "game": game.index,
                "players": game.players,
                "violations": [str(v) for v in game.violations],
                "error": game.error,
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
        "machine": {k: v for k, v in machine.items() if k != "seconds"},
        "failures": failures,
        "corners": {name: tally.corners.get(name, 0) for name in getattr(props, "CORNERS", {})},
        "clause_coverage": coverage_rows(ruleset, tally, fired),
        "timing": {"campaign_seconds": round(campaign_seconds, 2), "machine_seconds": machine.get("seconds", 0.0)},
    }
    if args.json:
        print_json(data, args)
    else:
        _print(ruleset, data)
    return exits.of(bool(failures or machine["failure"]))


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


def _machine(props, examples: int, steps: int, seed: int, show: bool) -> dict:
    """Run the ruleset's Hypothesis machine (``props.machine``) for ``examples`` examples."""
    import importlib

    from hypothesis import HealthCheck, settings
    from hypothesis import seed as hseed
    from hypothesis.stateful import run_state_machine_as_test

    machine = importlib.import_module(props.__name__ + ".machine")
    machine.STATS.reset()
    start = time.perf_counter()
    failure = ""
    cfg = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    if show:
        console(stderr=True).print(f"Hypothesis state machine: {examples} examples ...")
    try:
        hseed(seed)(lambda: run_state_machine_as_test(machine.MACHINE, settings=cfg))()
    except (KeyboardInterrupt, AssertionError) as e:
        if isinstance(e, KeyboardInterrupt) or interrupts.received() is not None:
            # (a failing example writes its replay file as it is found: no claim about files here)
            done = f"{machine.STATS.examples:,} of {examples:,} examples ({machine.STATS.steps:,} steps)"
            raise interrupts.stopped(e, during="the Hypothesis state machine", done=done) from None
        failure = str(e) or repr(e)  # an assertion without a message is a failure all the same
    return {
        "examples": machine.STATS.examples,
        "steps": machine.STATS.steps,
        "failure": failure,
        "seconds": round(time.perf_counter() - start, 2),
    }


def _replay(ruleset, args) -> int:
    try:
        doc = replay.load(args.replay)
        result = replay.replay(ruleset, doc, trace=True)
    except replay.ReplayError as e:
        raise UsageError(f"--replay: {e}") from None
    expect = doc.get("expect", "hold")
    ok = replay.matches(result, expect)
    if args.json:
        print_json({"file": args.replay, "steps": result.steps, "verdict": result.verdict, "expected": expect, "as_expected": ok}, args)
    else:
        con = console()
        for n, line in enumerate(result.trace[-15:], max(1, len(result.trace) - 14)):
            con.print(f"{n:>5}. {line}", markup=False)
        for v in result.violations:
            con.print(f"[red]VIOLATED[/red] {v}")
        if result.error:
            con.print(f"[red]model error[/red] {result.error}")
        con.print(
            f"{result.steps} step(s) replayed; verdict {result.verdict}; expected {expect}: {'as expected' if ok else 'NOT as expected'}"
        )
    return exits.of(not ok)


def _print(ruleset, d: dict) -> None:
    from rich.table import Table

    con = console()
    t = Table(
        title=f"{ruleset.title}: {len(d['invariants'])} invariants over {d['games']} games ({d['steps']:,} steps) + {d['machine']['examples']} Hypothesis examples ({d['machine']['steps']:,} steps)"
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
            f"[red]FAILED[/red] game {f['game']} ({f['players']} {ruleset.players_word}): {f['error'] or f['violations'][0]}\n  replay: {f['replay']}"
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
    sp.add_argument("--games", type=integer(1, MAX_GAMES), default=None, help="random games per player count (overrides the profile)")
    add_seed_argument(sp)
    sp.add_argument("--replay", metavar="FILE", help="replay a counterexample file, every invariant checked")
    sp.add_argument(
        "--out",
        default=".hypothesis/counterexamples",
        help="where failing games are written as replay files (added to what the folder holds; refused if it holds files "
        "the tool did not write) (default %(default)s)",
    )
    add_json_arguments(sp)
    sp.set_defaults(fn=cmd_check)
