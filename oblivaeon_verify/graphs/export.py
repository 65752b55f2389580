"""Pictures and files of the rule-interaction graph: GraphML, DOT, Mermaid, and SVG through Graphviz.

Two pictures a person can read: an overview, where clauses are gathered by family (the part of
the id before the dot) and events are folded into the edges between families; and a small picture
per clarification, the shortest paths from ordinary rules into it.  Solid arrows are in the code,
dashed ones were only seen in play.  SVG needs Graphviz's ``dot``; without it, no SVG is made and
the caller is told so (nothing fails).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import networkx as nx

from oblivaeon_verify import output
from oblivaeon_verify.graphs.interaction import is_event, paths_into

FORMATS = ("graphml", "dot", "mermaid", "svg")


def family(node: str) -> str:
    return "event" if is_event(node) else node.split(".")[0]


def overview(g: nx.DiGraph, min_links: int = 5) -> nx.DiGraph:
    """Families of clauses, with an edge when clauses of one lead to clauses of another (directly,
    or through one event) at least ``min_links`` times; edge attributes count static and observed
    links.  Thinner edges are left out so that the picture stays readable; the full graph keeps them."""
    o = nx.DiGraph()
    for n, d in g.nodes(data=True):
        if d["type"] == "clause":
            f = family(n)
            if f not in o:
                o.add_node(f, clauses=0, clarifications=0)
            o.nodes[f]["clauses"] += 1
            o.nodes[f]["clarifications"] += int(bool(d.get("clarification")))
    for a in g.nodes:
        if is_event(a):
            continue
        for b in g.successors(a):
            targets = [(b, g.edges[a, b])] if not is_event(b) else [(c, _merge(g.edges[a, b], g.edges[b, c])) for c in g.successors(b)]
            for c, data in targets:
                fa, fc = family(a), family(c)
                if fa == fc:
                    continue
                if not o.has_edge(fa, fc):
                    o.add_edge(fa, fc, static=0, observed=0)
                o.edges[fa, fc]["static"] += int(bool(data["static"]))
                o.edges[fa, fc]["observed"] += int(data["observed"] > 0)
    thin = [(a, b) for a, b, d in o.edges(data=True) if max(d["static"], d["observed"]) < min_links]
    o.remove_edges_from(thin)
    return o


def _merge(e1: dict, e2: dict) -> dict:
    return {"static": e1["static"] and e2["static"], "observed": min(e1["observed"], e2["observed"])}


# --- text formats --------------------------------------------------------------------------------


def _mid(node: str) -> str:
    return "n_" + re.sub(r"[^A-Za-z0-9_]", "_", node)


def _label(g: nx.DiGraph, node: str) -> str:
    return g.nodes[node].get("label", node).replace('"', "'")


def mermaid(g: nx.DiGraph) -> str:
    """Mermaid text of any graph built here (use :func:`overview` for the whole one)."""
    lines = ["flowchart LR"]
    for n in sorted(g.nodes):
        d = g.nodes[n]
        text = _label(g, n)
        if d.get("clarification"):
            lines.append(f'  {_mid(n)}{{{{"{text}"}}}}')
        elif is_event(n):
            lines.append(f'  {_mid(n)}(["{text}"])')
        else:
            lines.append(f'  {_mid(n)}["{text}"]')
    for a, b in sorted(g.edges):
        d = g.edges[a, b]
        arrow = "-->" if d.get("static") else "-.->"
        lines.append(f"  {_mid(a)} {arrow} {_mid(b)}")
    return "\n".join(lines) + "\n"


def focus(g: nx.DiGraph, facts, clause: str, limit: int = 3) -> nx.DiGraph:
    """The subgraph made of the shortest paths from ordinary rules into ``clause``."""
    found = paths_into(g, facts, clause, limit)
    nodes = {clause} | {n for p in found.paths for n in p}
    sub = nx.DiGraph()
    for n in nodes:
        sub.add_node(n, **g.nodes[n])
    for p in found.paths:
        for a, b in zip(p, p[1:]):
            sub.add_edge(a, b, **g.edges[a, b])
    return sub


def mermaid_for_clause(g: nx.DiGraph, facts, clause: str, limit: int = 3) -> str:
    """The small Mermaid picture of the paths into one clarification (for its report page)."""
    return mermaid(focus(g, facts, clause, limit))


def dot(g: nx.DiGraph, name: str = "rules") -> str:
    """Graphviz DOT text (written here rather than through pydot, which is not a dependency)."""

    def q(s: str) -> str:
        return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [f"digraph {q(name)} {{", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=10];']
    for n in sorted(g.nodes):
        d = g.nodes[n]
        shape = "hexagon" if d.get("clarification") else ("ellipse" if is_event(n) else "box")
        extra = f" label={q(_label(g, n) + (chr(10) + str(d['clauses']) + ' clauses' if 'clauses' in d else ''))}"
        lines.append(f"  {q(n)} [shape={shape}{extra}];")
    for a, b in sorted(g.edges):
        d = g.edges[a, b]
        style = "solid" if d.get("static") else "dashed"
        label = f' label="{d["static"]}/{d["observed"]}"' if isinstance(d.get("static"), int) else ""
        lines.append(f"  {q(a)} -> {q(b)} [style={style}{label}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def graphml(g: nx.DiGraph) -> bytes:
    buf = io.BytesIO()
    nx.write_graphml(g, buf)
    return buf.getvalue()


def svg(dot_text: str) -> bytes | None:
    """DOT rendered to SVG by Graphviz (through the ``graphviz`` package); None when ``dot`` is not installed."""
    import graphviz

    from oblivaeon_verify.graphs import draw

    if draw.graphviz_version() is None:
        return None
    return graphviz.pipe("dot", "svg", dot_text.encode(), quiet=True)


NO_DOT = "Graphviz's dot is not installed: no SVG written (apt-get install graphviz, or use --format dot)"


def files(g: nx.DiGraph, facts, fmt: str) -> tuple[dict[str, bytes | str], list[str]]:
    """Every file of the graph in ``fmt``, by name (the full graph as GraphML or DOT, the overview, one
    focused picture per clarification), and notes on what could not be made."""
    if fmt not in FORMATS:
        raise ValueError(f"--format: expected one of {', '.join(FORMATS)}, not {fmt!r}")
    if fmt == "graphml":
        return {"rules.graphml": graphml(g)}, []
    made: dict[str, bytes | str] = {}
    clars = sorted(n for n, d in g.nodes(data=True) if d.get("clarification"))
    pictures = [("overview", overview(g))] + [(c, focus(g, facts, c)) for c in clars]
    for name, pic in pictures:
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        if fmt == "mermaid":
            made[f"{stem}.mmd"] = mermaid(pic)
        elif fmt == "dot":
            made[f"{stem}.dot"] = dot(pic, name)
        else:
            drawn = svg(dot(pic, name))
            if drawn is None:
                return {}, [NO_DOT]
            made[f"{stem}.svg"] = drawn
    if fmt == "dot":
        made["rules.dot"] = dot(g)
    return made, []


def write(g: nx.DiGraph, facts, fmt: str, out: Path, option: str = "--out") -> list[str]:
    """Replace the folder ``out`` with the graph's files in ``fmt`` (:func:`oblivaeon_verify.output.replace`).

    Returns the files written, or the notes on why none were (the folder is then left as it was)."""
    made, notes = files(g, facts, fmt)
    if not made:
        return notes
    path = output.replace(out, made, "graph", option)
    return [str(path / name) for name in made]
