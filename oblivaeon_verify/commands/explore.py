"""``oblivaeon-verify explore``: exhaustive breadth-first search of small configurations."""

from __future__ import annotations

import json

from oblivaeon_verify.commands.common import UsageError, add_ruleset_arguments, console, load_ruleset
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import summary


def cmd_explore(args) -> int:
    ruleset = load_ruleset(args)
    if args.depth < 0:
        raise UsageError(f"--depth: expected 0 or more decisions, not {args.depth}")
    if args.max_states < 1:
        raise UsageError(f"--max-states: expected at least 1 state, not {args.max_states}")
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
    if args.json:
        print(json.dumps(data, indent=2))
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
                con.print(f"  {c}: {h['depth']} decisions ({h['by']})")
            con.print("  not reached: " + (", ".join(row["corner_cases_missed"]) or "none"))
    return 1 if any(r["dead_ends"] for r in data["configurations"]) else 0


def register(sub) -> None:
    sp = sub.add_parser("explore", help="exhaustive breadth-first search of small configurations: counts, dead ends, corner cases")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument("--depth", type=int, default=6, help="decisions from the start (default %(default)s)")
    sp.add_argument("--max-states", type=int, default=20_000, help="state budget per configuration (default %(default)s)")
    sp.add_argument("--configuration", help="explore only this configuration of the ruleset's graph facts")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(fn=cmd_explore)
