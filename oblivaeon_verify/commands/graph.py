"""``oblivaeon-verify graph``: the rule-interaction graph, its questions, and pictures of it."""

from __future__ import annotations

from oblivaeon_verify import output
from oblivaeon_verify.commands.common import (
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    console,
    integer,
    load_ruleset,
    print_json,
)
from oblivaeon_verify.graphs import export, summary
from oblivaeon_verify.words import count


def cmd_graph(args) -> int:
    ruleset = load_ruleset(args)
    if args.format and not args.out:
        raise UsageError("--format needs --out DIR: where to write the files")
    out = output.prepare(args.out, "graph") if args.out else None
    built = summary.interaction_graph(ruleset, seed=args.seed, games=args.games, hypothesis_examples=args.hypothesis)
    data = summary.interactions(
        ruleset, seed=args.seed, games=args.games, hypothesis_examples=args.hypothesis, cycle_length=args.cycle_length, built=built
    )
    if out:
        g, facts, _obs = built
        try:
            data["files"] = export.write(g, facts, args.format or "mermaid", out)
        except output.OutputError:
            raise
        except ValueError as e:
            raise UsageError(str(e)) from None
    if args.json:
        print_json(data, args)
    else:
        _print(data)
    return 0


def _print(data: dict) -> None:
    con = console()
    c = data["counts"]
    con.print(
        f"rule-interaction graph of {data['ruleset']}: {c['clauses']} clauses, {c['events']} event kinds, {c['edges']} edges "
        f"({c['static_edges']} from the code, {c['observed_edges']} observed in play, {c['both']} both)"
    )
    con.print("observed in: " + "; ".join(data["observed_in"]))
    con.print("\n[b]paths from ordinary rules into each clarification[/b]")
    for clause, p in data["paths_into_clarifications"].items():
        if p["paths"]:
            con.print(f"  {clause}: " + " | ".join(" -> ".join(x) for x in p["paths"]))
        else:
            con.print(f"  {clause}: [yellow]no path[/yellow]: {p['reason']}")
    cy = data["cycles"]
    con.print(
        f"\n[b]feedback cycles[/b] (up to {cy['max_length']} nodes): {cy['total']}, {cy['bounded']} bounded, {cy['unbounded']} with no known bound"
    )
    for k in cy["known"]:
        s = k["shortest"]
        if s is None:
            con.print(f"  through {', '.join(k['through'])}: [red]not found[/red]")
        else:
            bounds = "; ".join(f"{c}: {why}" for c, why in s["bounded_by"].items()) or "[red]nothing known bounds it[/red]"
            con.print(f"  {' -> '.join(s['nodes'])} -> (back)\n    bounded by: {bounds}")
    con.print("\n[b]clauses never reached in play[/b]: " + (", ".join(r["clause"] for r in data["never_reached"]) or "none"))
    con.print("[b]observed interactions no clarification covers[/b] (candidates):")
    for u in data["uncovered_chains"]:
        con.print(f"  {u['first']} then {u['then']} ({count(u['steps'], 'step')})")
    con.print("[b]most central clauses[/b]: " + ", ".join(f"{x['clause']} ({x['betweenness']})" for x in data["centrality"]))
    for f in data.get("files", []):
        con.print(f"wrote {f}")


def register(sub) -> None:
    sp = sub.add_parser("graph", help="the rule-interaction graph: paths into clarifications, cycles, dead rules, pictures")
    add_ruleset_arguments(sp, params=False)
    add_json_arguments(sp, "print the answers as JSON")
    sp.add_argument(
        "--format",
        choices=export.FORMATS,
        help="write the graph and its pictures in this format (needs --out) (default: mermaid, with --out)",
    )
    sp.add_argument(
        "--out",
        metavar="DIR",
        help="folder for the files (Mermaid unless --format says otherwise): new, empty, or one this command wrote; replaced whole "
        "(default: no files)",
    )
    add_seed_argument(sp, what="seed of the random games that give the observed edges")
    sp.add_argument("--games", type=integer(0, 100_000), default=10, help="random games per player count (default %(default)s)")
    sp.add_argument("--hypothesis", type=integer(0, 100_000), default=20, help="Hypothesis examples (default %(default)s)")
    sp.add_argument("--cycle-length", type=integer(2, 10), default=6, help="longest cycle listed, in nodes, 2 to 10 (default %(default)s)")
    add_examples(
        sp,
        ("oblivaeon-verify graph", "paths into each clarification, feedback cycles, clauses never reached"),
        ("oblivaeon-verify graph --ruleset aeons_end --format dot --out graph/", "the graph of Aeon's End as Graphviz files"),
    )
    sp.set_defaults(fn=cmd_graph)
