"""``oblivaeon-verify witnesses``: a short game from a legal setup to each corner case, as replay files.

Random play from the rulebook's setups finds each corner case (what it misses, play steered by the
rule-interaction graph towards it), the shrinker shortens the game, and a bounded breadth-first
search says whether a shorter one exists (``graphs.setup_witness``).  With
``--out DIR`` each witness is written as a replay file (``expect: {"shows": CLAUSE}``) that
``check --replay`` and the test suite replay.  Exit 0 when every clause asked for that prescribes
play has a witness, 4 when random play did not reach one within the budget (not decided, never a pass).

With ``--readings`` (or ``--reading NAME``) it finds instead, for each reading (a documented
interpretation switch) and each of its other values, the shortest game found where the two values
part (``graphs.divergence``), written as ``READING.<parameter>.<value>.json`` (``expect: {"diverges":
...}``); exit 4 when random play did not part some pair within the budget.
"""

from __future__ import annotations

import json
import time

from oblivaeon_verify import exits, output
from oblivaeon_verify.commands.common import (
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    clause_ids,
    console,
    integer,
    load_ruleset,
    print_json,
    stderr_line,
)
from oblivaeon_verify.graphs import divergence as dv
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import setup_witness as sw
from oblivaeon_verify.words import count


def corner_cases(ruleset) -> list[str]:
    """The default clauses, in catalogue order: the Rules Clarifications and every clause a scenario file cites."""
    from oblivaeon_verify import scenarios

    facts = facts_mod.load(ruleset)
    cited = {c for sc in scenarios.load_suite(ruleset.name).scenarios for c in sc.clauses}
    return [c for c in ruleset.catalogue.ids() if facts.is_clarification(c) or c in cited]


def cmd_witnesses(args) -> int:
    ruleset = load_ruleset(args)
    if args.readings or args.reading:
        if args.clause:
            raise UsageError("--clause finds corner-case witnesses, --readings divergence witnesses: give one or the other")
        return _readings(ruleset, args)
    if args.beam is not None:
        raise UsageError("--beam: the width of the readings' steered search: only with --readings or --reading")
    clauses = clause_ids(ruleset, args.clause) if args.clause else corner_cases(ruleset)
    found = sw.find(
        ruleset,
        clauses,
        seed=args.seed,
        games=args.games,
        replays=sw.DEFAULT_REPLAYS if args.replays is None else args.replays,
        bound_states=args.bound_states,
        steered_games=args.steered_games,
        progress=None if args.json else stderr_line,
    )
    rows = [found[c] for c in clauses]
    written = {}
    if args.out:
        files = {f"{w.clause}.json": json.dumps(sw.replay_document(ruleset, w), indent=1) + "\n" for w in rows if w.found}
        if args.clause:
            written = output.add(args.out, files, "witnesses")
        else:
            output.replace(args.out, files, "witnesses")
            written = {name: name for name in files}
    missing = [w for w in rows if not w.found and ruleset.catalogue[w.clause].handled]
    code = exits.of(False, bool(missing))
    if args.json:
        print_json(
            {
                "seed": args.seed,
                "games_budget": args.games,
                "witnesses": [w.as_dict() | {"timing": {"seconds": round(w.seconds, 3)}} for w in rows],
                "summary": summary(rows),
            },
            args,
            code,
        )
    else:
        _print(rows, args.out, len(written))
    return code


def _readings(ruleset, args) -> int:
    """``--readings``: a divergence witness for each (reading, other value) pair asked for, as replay files."""
    pairs = reading_pairs(ruleset, args.reading or [])
    t0 = time.perf_counter()
    rows = dv.find(
        ruleset,
        pairs,
        seed=args.seed,
        games=args.games,
        replays=dv.DEFAULT_REPLAYS if args.replays is None else args.replays,
        steered_games=args.steered_games,
        beam=dv.DEFAULT_BEAM if args.beam is None else args.beam,
        progress=None if args.json else stderr_line,
    )
    seconds = time.perf_counter() - t0
    written = {}
    if args.out:
        files = {w.file_name: json.dumps(dv.replay_document(ruleset, w), indent=1) + "\n" for w in rows if w.found}
        if args.reading:
            written = output.add(args.out, files, READINGS_COMMAND)
        else:
            output.replace(args.out, files, READINGS_COMMAND)
            written = {name: name for name in files}
    code = exits.of(False, any(not w.found for w in rows))
    if args.json:
        print_json(
            {
                "seed": args.seed,
                "games_budget": args.games,
                "steering_budget": args.steered_games,
                "divergences": [w.as_dict() | {"timing": {"seconds": round(w.seconds, 3)}} for w in rows],
                "summary": readings_summary(rows),
                "timing": {"seconds": round(seconds, 3)},
            },
            args,
            code,
            schema="witnesses-readings",
        )
    else:
        _print_readings(rows, args.out, len(written))
    return code


READINGS_COMMAND = "witnesses --readings"
"""The command a divergence folder's marker names: not ``witnesses``, so that neither kind of run replaces the other's folder."""


def reading_pairs(ruleset, asked: list[str]) -> list[tuple[str, str]] | None:
    """``--reading NAME`` or ``NAME=VALUE`` values as (reading, other value) pairs (None: every one), or one UsageError line."""
    known = dv.readings(ruleset)
    if not asked:
        return None
    names = list(dict.fromkeys(p for p, _d, _v in known))
    out = []
    for item in asked:
        name, _, value = item.partition("=")
        pairs = [(p, v) for p, _d, v in known if p == name and (not value or v == value)]
        if not pairs:
            if name in names:
                others = [v for p, _d, v in known if p == name]
                raise UsageError(f"--reading {item}: {name}'s values other than its default are {', '.join(others)}")
            raise UsageError(f"--reading {item}: not a reading of {ruleset.name}; its readings: {', '.join(names) or 'none'}")
        out += pairs
    return list(dict.fromkeys(out))


def lengths(rows) -> dict:
    """How many witnesses were found, and their median (the upper one) and longest lengths in decisions."""
    found = sorted(len(w.decisions) for w in rows if w.found)
    return {
        "found": len(found),
        "median_length": found[len(found) // 2] if found else None,
        "longest": found[-1] if found else None,
    }


def readings_summary(rows) -> dict:
    s = lengths(rows)
    return {
        "pairs": len(rows),
        "readings": len({w.parameter for w in rows}),
        "found": s["found"],
        "not_found": len(rows) - s["found"],
        "median_length": s["median_length"],
        "longest": s["longest"],
    }


def _print_readings(rows, out, written: int) -> None:
    columns = ("reading", "other value", "decisions", "found at", "players/game", "search", "what differed / why not found")
    table = []
    for w in rows:
        if w.found:
            search = "steered by its nearness" if w.steered else "random"
            table.append(
                (w.parameter, w.value, str(len(w.decisions)), str(w.found_length), f"{w.players}/{w.game}", search, "\n".join(w.differs))
            )
        else:
            table.append((w.parameter, w.value, "-", "-", "-", "-", w.reason))
    s = readings_summary(rows)
    line = f"{s['found']} of {count(s['pairs'], 'reading value')} parted in play; median {s['median_length']}, longest {s['longest']} decisions"
    _show("divergence witnesses from a legal setup: where two readings part", columns, table, line, out, written)


def summary(rows) -> dict:
    s = lengths(rows)
    return {
        "clauses": len(rows),
        "found": s["found"],
        "minimal": sum(1 for w in rows if w.found and w.minimal),
        "not_shown_in_play": len(rows) - s["found"],
        "median_length": s["median_length"],
        "longest": s["longest"],
    }


def _print(rows, out, written: int) -> None:
    columns = ("clause", "decisions", "found at", "minimal?", "players/game", "shown by", "search")
    table = []
    for w in rows:
        if w.found:
            minimal = "minimal" if w.minimal else f"none shorter than {w.bound}"
            search = f"steered to {w.steered}" if w.steered else "random"
            table.append((w.clause, str(len(w.decisions)), str(w.found_length), minimal, f"{w.players}/{w.game}", w.by, search))
        else:
            table.append((w.clause, "-", "-", "-", "-", "-", w.reason))
    s = summary(rows)
    line = f"{s['found']} of {count(s['clauses'], 'clause')} with a witness ({s['minimal']} minimal); median {s['median_length']}, longest {s['longest']} decisions"
    _show("witnesses from a legal setup", columns, table, line, out, written)


def _show(title: str, columns, table, line: str, out, written: int) -> None:
    """The table of witnesses (or divergences) and the line that sums it up, with the files written."""
    from rich.table import Table

    con = console()
    t = Table(title=title)
    for col in columns:
        t.add_column(col)
    for row in table:
        t.add_row(*row)
    con.print(t)
    con.print(line + (f"; {count(written, 'replay file')} in {out}" if out else ""))


def register(sub) -> None:
    sp = sub.add_parser("witnesses", help="a short game from a legal setup to each corner case, written as replay files")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument(
        "--clause",
        action="append",
        metavar="ID",
        help="a clause to find a witness for (repeatable; default: the Rules Clarifications and every clause a scenario cites)",
    )
    sp.add_argument(
        "--readings",
        action="store_true",
        help="find divergence witnesses instead: for each reading (a documented interpretation switch, `oblivaeon-verify params` "
        "lists them) and each other value, the shortest game found where the two part, written as READING.<parameter>.<value>.json",
    )
    sp.add_argument(
        "--reading",
        action="append",
        metavar="NAME[=VALUE]",
        help="with or instead of --readings: only this reading (repeatable; all its other values, or VALUE) (default: every reading)",
    )
    add_seed_argument(sp)
    sp.add_argument(
        "--games", type=integer(1, 100_000), default=sw.DEFAULT_GAMES, help="random games per player count to search (default %(default)s)"
    )
    sp.add_argument(
        "--steered-games",
        type=integer(0, 100_000),
        default=sw.DEFAULT_STEERED_GAMES,
        help="games per player count steered by the rule-interaction graph towards each clause random play missed (with --readings: searched by the nearness of each reading random play did not part) (default %(default)s)",
    )
    sp.add_argument(
        "--beam",
        type=integer(1, 10_000),
        default=None,
        help=f"with --readings: games the steered search keeps at each tick of a reading's clock (default {dv.DEFAULT_BEAM})",
    )
    sp.add_argument(
        "--replays",
        type=integer(0, 1_000_000),
        default=None,
        help=f"replays the shrinker may spend per witness (default {sw.DEFAULT_REPLAYS}; {dv.DEFAULT_REPLAYS:,} with --readings)",
    )
    sp.add_argument(
        "--bound-states",
        type=integer(1, 2_000_000),
        default=sw.DEFAULT_BOUND_STATES,
        help="states the breadth-first minimality check may keep per witness; corner cases only (default %(default)s)",
    )
    sp.add_argument(
        "--out",
        metavar="DIR",
        help="write each witness as DIR/CLAUSE.json (with --readings DIR/READING.<parameter>.<value>.json), a replay file (the whole folder is replaced without --clause or --reading; kept and added to with them) (default: none, nothing written)",
    )
    add_json_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify witnesses --clause CLAR.SENTINELS", "the shortest game found from a legal setup to the Sentinels' corner case"),
        (
            "oblivaeon-verify witnesses --out properties/oblivaeon/witnesses",
            "regenerate the checked-in witnesses (the test suite replays them)",
        ),
        (
            "oblivaeon-verify witnesses --readings --out properties/oblivaeon/divergences",
            "regenerate the checked-in divergence witnesses: where each reading's values part in play",
        ),
    )
    sp.set_defaults(fn=cmd_witnesses)
