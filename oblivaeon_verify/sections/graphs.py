"""Report section: how rule interactions reach the corner cases (rule-interaction and state graphs)."""

from __future__ import annotations

import networkx as nx

from oblivaeon_verify.graphs import export, summary
from oblivaeon_verify.words import count

TITLE = "Rule interactions and the state graph"
ORDER = 60
IN_A_WORKER = True
"""Beside the games: its Hypothesis examples and its exploration are this section's own work, in one process."""

QUICK = {"games": 3, "hypothesis": 10, "depth": 5, "max_states": 5_000}
FULL = {"games": 10, "hypothesis": 30, "depth": 6, "max_states": 10_000}


def collect(ruleset, *, seed: int, quick: bool) -> dict:
    size = QUICK if quick else FULL
    built = summary.interaction_graph(ruleset, seed=seed, games=size["games"], hypothesis_examples=size["hypothesis"])
    g, facts, _obs = built
    data = summary.interactions(ruleset, seed=seed, games=size["games"], hypothesis_examples=size["hypothesis"], built=built)
    explored = summary.exploration(ruleset, depth=size["depth"], max_states=size["max_states"])
    pictures = {"overview": export.mermaid(export.overview(g))}
    for k in data["cycles"]["known"]:
        if k["shortest"]:
            cyc = k["shortest"]["nodes"]
            sub = nx.DiGraph()
            for n in cyc:
                sub.add_node(n, **g.nodes[n])
            for a, b in zip(cyc, cyc[1:] + cyc[:1]):
                sub.add_edge(a, b, **g.edges[a, b])
            pictures["cycle: " + " / ".join(k["through"])] = export.mermaid(sub)
    for c in data["paths_into_clarifications"]:
        pictures[c] = export.mermaid_for_clause(g, facts, c)
    timing = {"interactions": data.pop("timing"), "exploration": explored.pop("timing")}
    return {"interactions": data, "exploration": explored, "pictures": pictures, "size": size, "timing": timing}


def _arrow(path: list[str]) -> str:
    return " → ".join(p.removeprefix("event:") if p.startswith("event:") else f"`{p}`" for p in path)


def markdown(data: dict) -> str:
    ia, ex, pics = data["interactions"], data["exploration"], data["pictures"]
    c = ia["counts"]
    out = [
        f"The rule-interaction graph has {c['clauses']} clauses and {c['events']} event kinds, with {c['edges']} edges: "
        f"{c['static_edges']} read from the model's code, {c['observed_edges']} observed in play ({c['both']} both). "
        f"Observed in: {'; '.join(ia['observed_in'])}.",
        "",
        "Solid arrows are in the code; dashed arrows were only seen in play.",
        "",
        "```mermaid",
        pics["overview"].rstrip(),
        "```",
        "",
        "### Paths from ordinary rules into each clarification",
        "",
    ]
    if ia["paths_into_clarifications"]:
        out += ["| clarification | shortest paths (or why there is none) |", "| --- | --- |"]
    else:
        out.append("This rulebook has no clauses of the kind clarification, so there are no paths into one.")
    for clause, p in ia["paths_into_clarifications"].items():
        text = "<br>".join(_arrow(x) for x in p["paths"]) if p["paths"] else f"*none*: {p['reason']}"
        out.append(f"| `{clause}` | {text} |")
    cy = ia["cycles"]
    out += [
        "",
        "### Feedback cycles",
        "",
        f"{cy['total']} cycles of up to {cy['max_length']} nodes through two or more clauses; {cy['bounded']} pass through a clause "
        f"that bounds them, {cy['unbounded']} through none that the facts know of.",
        "",
    ]
    for k in cy["known"]:
        s = k["shortest"]
        if s is None:
            out.append(f"- through {', '.join(k['through'])}: **not found**")
            continue
        bounds = "; ".join(f"`{b}` ({why})" for b, why in s["bounded_by"].items()) or "**nothing known bounds it**"
        out += [f"- {_arrow(s['nodes'])} → back. Bounded by: {bounds}.", ""]
        key = "cycle: " + " / ".join(k["through"])
        out += ["```mermaid", pics[key].rstrip(), "```", ""]
    if cy["shortest_unbounded"]:
        out.append("Shortest cycles with no known bound (candidates to check):")
        out += [f"- {_arrow(x['nodes'])}" for x in cy["shortest_unbounded"]]
    out += ["", "### Play coverage", ""]
    never = ia["never_reached"]
    out.append("Clauses never reached in play: " + (", ".join(f"`{r['clause']}`" for r in never) if never else "none."))
    out += ["", "Observed interactions between rules of different families that no clarification covers (candidates):", ""]
    out += [f"- `{u['first']}` then `{u['then']}` ({count(u['steps'], 'step')})" for u in ia["uncovered_chains"]] or ["- none"]
    out += ["", "Most central clauses (betweenness): " + ", ".join(f"`{x['clause']}` {x['betweenness']}" for x in ia["centrality"]), ""]
    out += ["### State graph", ""]
    out.append(
        f"Breadth-first search of every legal decision, chance outcomes included, to depth {ex['depth']} (at most {ex['max_states']:,} states per configuration)."
    )
    out.append("")
    out.append("| configuration | states | edges | complete | terminal | dead ends | corner cases reached |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    for row in ex["configurations"]:
        reached = ", ".join(f"`{k}` ({v['depth']})" for k, v in row["corner_cases"].items()) or "none"
        done = "yes" if row["complete"] else "budget hit"
        out.append(
            f"| {row['name']}: {row['description']} | {row['states']:,} | {row['edges']:,} | {done} "
            f"| {row['terminal']} | {len(row['dead_ends'])} | {reached} |"
        )
    for row in ex["configurations"]:
        for d in row["dead_ends"]:
            out.append(f"- **dead end** in {row['name']} at {d['where']}: {' / '.join(d['path'])}")
    return "\n".join(out) + "\n"


def headline(data: dict) -> str:
    """What the graphs show, for the report's first screen."""
    c = data["interactions"]["counts"]
    ex = data["exploration"]
    states = sum(row["states"] for row in ex["configurations"])
    return (
        f"a rule-interaction graph of {count(c['clauses'], 'clause')} and {count(c['events'], 'event kind')} "
        f"({count(c['edges'], 'edge')}), and {count(states, 'state')} explored to depth {ex['depth']} "
        f"in {count(len(ex['configurations']), 'configuration')}"
    )


def findings(data: dict) -> dict:
    """A dead end of the state graph (neither over nor offering a decision) fails.

    The exploration here looks for witnesses within a small budget; hitting that budget is no claim
    about the rules, so it is reported in the section but is not inconclusive.
    """
    return {
        "failed": [
            f"dead end in exploration {row['name']} at {d['where']}"
            for row in data["exploration"]["configurations"]
            for d in row["dead_ends"]
        ]
    }
