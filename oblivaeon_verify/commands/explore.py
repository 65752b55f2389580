"""``oblivaeon-verify explore``: exhaustive breadth-first search of small configurations.

Exit 1 when a dead end is found (a state that is neither over nor offers a decision), else 4 when a
configuration hit its state budget before its depth (the search is incomplete), else 0.
"""

from __future__ import annotations

from oblivaeon_verify import exits, rulesets
from oblivaeon_verify.commands.common import (
    Names,
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    console,
    integer,
    load_ruleset,
    print_json,
)
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import summary
from oblivaeon_verify.words import count

MAX_DEPTH = 1_000
MAX_STATES = 2_000_000
"""States kept per configuration: each costs its position key in memory."""


def cmd_explore(args) -> int:
    ruleset = load_ruleset(args)
    try:
        facts = facts_mod.load(ruleset)
    except facts_mod.FactsError as e:
        raise UsageError(f"--ruleset: {e}") from None
    configs = facts.CONFIGURATIONS
    if args.configuration:
        names = [c.name for c in configs]
        if args.configuration not in names:
            raise UsageError(f"--configuration: expected one of {', '.join(names)}, not {args.configuration!r}")
        configs = tuple(c for c in configs if c.name == args.configuration)
    data = summary.exploration(ruleset, depth=args.depth, max_states=args.max_states, configurations=configs)
    rows = data["configurations"]
    code = exits.of(any(r["dead_ends"] for r in rows), any(not r["complete"] for r in rows))
    if args.json:
        print_json(data, args, code)
    else:
        con = console()
        for row in data["configurations"]:
            t = data["timing"][row["name"]]
            con.print(
                f"[b]{row['name']}[/b] ({row['description']}): {row['states']:,} states, {row['edges']:,} edges "
                f"({row['transitions']:,} transitions), {'complete' if row['complete'] else 'budget hit'} at depth {args.depth}; "
                f"{t['states_per_second']:,.0f} states/s"
            )
            con.print("  states per depth: " + ", ".join(f"{k}: {v}" for k, v in row["per_depth"].items()))
            con.print(f"  terminal states: {row['terminal']}; dead ends: {len(row['dead_ends'])}")
            for d in row["dead_ends"][:5]:
                con.print(f"  [red]dead end[/red] at {d['where']} after: {' / '.join(d['path'])}")
            for c, h in row["corner_cases"].items():
                con.print(f"  {c}: {count(h['depth'], 'decision')} ({h['by']})")
            con.print("  not reached: " + (", ".join(row["corner_cases_missed"]) or "none"))
    return code


def register(sub) -> None:
    sp = sub.add_parser("explore", help="exhaustive breadth-first search of small configurations: counts, dead ends, corner cases")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument(
        "--depth", type=integer(0, MAX_DEPTH), default=6, help=f"decisions from the start, 0 to {MAX_DEPTH} (default %(default)s)"
    )
    sp.add_argument(
        "--max-states",
        type=integer(1, MAX_STATES),
        default=20_000,
        help=f"state budget per configuration, 1 to {MAX_STATES:,} (default %(default)s); a search that hits it is inconclusive",
    )
    sp.add_argument(
        "--configuration",
        metavar="NAME",
        choices=Names(lambda r: [c.name for c in facts_mod.load(rulesets.load(r)).CONFIGURATIONS]),
        help="explore only this configuration of the ruleset's graph facts (default: all of them)",
    )
    add_json_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify explore --depth 4", "every state within 4 decisions of each small configuration: counts, dead ends"),
        ("oblivaeon-verify explore --ruleset aeons_end --configuration solo --depth 8 --json", "one configuration, as JSON"),
    )
    sp.set_defaults(fn=cmd_explore)
