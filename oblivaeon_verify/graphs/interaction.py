"""The rule-interaction graph: clauses and event kinds as nodes, static and observed edges apart.

Build it with :func:`build`; ask it questions with the functions below.  An edge has

``static``   the relations the model's code shows (``emits``, ``reacts``, ``via-state``,
             ``invokes``, ``same-handler``, ``overrides``, ``refines``), space-separated, or "";
``observed`` how many times play showed it (0: never seen);
``why``      one line of evidence (a source location, or "observed in play").

Queries take the graph and the facts module (``facts.load(ruleset)``), so they name no game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import networkx as nx

from oblivaeon_verify.graphs.dynamic import Observation
from oblivaeon_verify.graphs.static import ModelCode, event_node, read_model, static_edges


def is_event(node: str) -> bool:
    return node.startswith("event:")


def build(ruleset, facts, observation: Observation | None = None, code: ModelCode | None = None) -> nx.DiGraph:
    """The rule-interaction graph of ``ruleset``: static edges from its code, observed ones from play."""
    cat = ruleset.catalogue
    code = code or read_model(f"oblivaeon_verify.model.{ruleset.name}", lambda s: s in cat)
    g = nx.DiGraph(ruleset=ruleset.name)
    for c in cat.clauses:
        g.add_node(
            c.id,
            type="clause",
            kind=c.kind,
            section=c.section,
            handled=c.handled,
            clarification=bool(facts.is_clarification(c.id)),
            ordinary=bool(facts.is_ordinary(c.id)),
            implemented=bool(cat.implemented_by(c.id)),
            label=c.id,
        )
    for e in static_edges(code):
        _add(g, e.source, e.target, static=e.relation, why=e.via)
    for f in code.functions.values():
        clars = [c for c in f.clauses if facts.is_clarification(c)]
        for a in f.clauses:
            if facts.is_ordinary(a):
                for b in clars:
                    _add(g, a, b, static="same-handler", why=f"{f.where} implements both")
    for clar, rule, how in facts.REFINES:
        _add(g, rule, clar, static="refines", why=how)
    if observation is not None:
        for (clause, kind), n in observation.emits.items():
            _add(g, clause, event_node(kind), observed=n)
        for (kind, clause), n in observation.reactions.items():
            _add(g, event_node(kind), clause, observed=n)
    for n, d in g.nodes(data=True):
        if "type" not in d:
            d.update(type="event", label=n.removeprefix("event:"), kind="event", clarification=False, ordinary=False)
    return g


def _add(g: nx.DiGraph, a: str, b: str, static: str = "", why: str = "", observed: int = 0) -> None:
    if a == b:
        return
    if g.has_edge(a, b):
        d = g.edges[a, b]
        if static and static not in d["static"].split():
            d["static"] = (d["static"] + " " + static).strip()
        if why and not d["why"]:
            d["why"] = why
        d["observed"] += observed
    else:
        g.add_edge(a, b, static=static, observed=observed, why=why or ("observed in play" if observed else ""))


def view(g: nx.DiGraph, source: str) -> nx.DiGraph:
    """Only the static edges (``static``), only the observed ones (``observed``), or all (``both``)."""
    if source == "both":
        return g
    if source == "static":
        return nx.subgraph_view(g, filter_edge=lambda a, b: bool(g.edges[a, b]["static"]))
    if source == "observed":
        return nx.subgraph_view(g, filter_edge=lambda a, b: g.edges[a, b]["observed"] > 0)
    raise ValueError(f"source: expected static, observed or both, not {source!r}")


# --- paths into each clarification ---------------------------------------------------------------


@dataclass
class PathsInto:
    clause: str
    paths: list[list[str]]
    reason: str = ""
    """Why there is no path, when ``paths`` is empty."""


def paths_into(g: nx.DiGraph, facts, clause: str, limit: int = 3) -> PathsInto:
    """The shortest paths from ordinary rules to ``clause``, through events and ordinary rules only.

    Edges seen in play cost 1, other edges of the code 1.5, and bare calls (``invokes``) 3, so a
    path prefers interactions that really happen and event-driven ones over plain calls.

    Other clarifications are not used as stepping stones, so each path shows how *ordinary* rules
    combine into this corner case.  Up to ``limit`` paths, from different starting rules, shortest first.
    """
    if clause not in g:
        raise KeyError(f"unknown clause {clause!r}")
    allowed = {n for n, d in g.nodes(data=True) if d["type"] == "event" or d.get("ordinary")} | {clause}
    sub = g.subgraph(allowed)
    lengths, routes = nx.single_source_dijkstra(sub.reverse(copy=False), clause, weight=lambda a, b, d: _cost(d))
    starts = sorted((n for n in lengths if n != clause and g.nodes[n].get("ordinary")), key=lambda n: (lengths[n], n))
    paths = [routes[s][::-1] for s in starts[:limit]]
    if paths:
        return PathsInto(clause, paths)
    return PathsInto(clause, [], _no_path_reason(g, facts, clause))


def distances_into(g: nx.DiGraph, clause: str) -> dict[str, float]:
    """How far each node (clause or ``event:kind``) is from leading into ``clause``, by the costs of :func:`paths_into`."""
    if clause not in g:
        return {}
    return nx.single_source_dijkstra_path_length(g.reverse(copy=False), clause, weight=lambda a, b, d: _cost(d))


def _cost(edge: dict) -> float:
    """Prefer interactions seen in play, then the code's event reactions, and direct calls last."""
    if edge["observed"]:
        return 1.0
    relations = set(edge["static"].split())
    return 3.0 if relations <= {"invokes"} else 1.5


def _no_path_reason(g: nx.DiGraph, facts, clause: str) -> str:
    d = g.nodes[clause]
    if not d["handled"]:
        return "it describes rather than prescribes (no handler), so no rule leads into it"
    if not d["implemented"]:
        return "the model has no function declaring it"
    preds = list(g.predecessors(clause))
    if not preds:
        return (
            "no function of the model leads into it and play never showed it right after another rule: it is reached only "
            "through card text (instructions held as data), which the static reading does not follow, or it was not reached in play"
        )
    others = sorted(p for p in preds if g.nodes[p].get("clarification"))
    if others:
        return f"it is reached only through other clarifications ({', '.join(others)})"
    return "its only predecessors are clauses that no ordinary rule reaches"


def all_paths_into(g: nx.DiGraph, facts, limit: int = 3) -> dict[str, PathsInto]:
    return {n: paths_into(g, facts, n, limit) for n, d in sorted(g.nodes(data=True)) if d.get("clarification")}


# --- feedback cycles -----------------------------------------------------------------------------


@dataclass
class Cycle:
    nodes: list[str]
    bounded_by: dict[str, str]
    """Clauses on the cycle that bound it, with why (empty: nothing on it is known to bound it)."""
    observed: bool
    """Every edge of the cycle was seen in play."""
    static: bool
    """Every edge of the cycle is in the model's code."""

    @property
    def bounded(self) -> bool:
        return bool(self.bounded_by)


def cycles(g: nx.DiGraph, facts, max_length: int = 6, limit: int | None = None) -> list[Cycle]:
    """Feedback cycles through at least two clauses, each with whatever bounds it; shortest first.

    ``max_length`` counts nodes (clauses and events).  ``limit`` caps how many are listed.
    """
    core = g.subgraph([n for n, d in g.nodes(data=True) if d["type"] == "event" or d.get("handled")])
    found: list[Cycle] = []
    for nodes in nx.simple_cycles(core, length_bound=max_length):
        clauses = [n for n in nodes if not is_event(n)]
        if len(clauses) < 2:
            continue
        start = min(range(len(nodes)), key=lambda i: nodes[i])
        nodes = nodes[start:] + nodes[:start]
        pairs = list(zip(nodes, nodes[1:] + nodes[:1]))
        found.append(
            Cycle(
                nodes,
                {c: facts.BOUNDS[c] for c in sorted(clauses) if c in facts.BOUNDS},  # by id: never the order a search met them
                all(g.edges[a, b]["observed"] > 0 for a, b in pairs),
                all(bool(g.edges[a, b]["static"]) for a, b in pairs),
            )
        )
    found.sort(key=lambda c: (len(c.nodes), c.nodes))
    return found if limit is None else found[:limit]


def cycles_through(found: list[Cycle], *clauses: str) -> list[Cycle]:
    return [c for c in found if all(x in c.nodes for x in clauses)]


# --- coverage of play ----------------------------------------------------------------------------


def never_reached(ruleset, observation: Observation) -> list[dict]:
    """Clauses with a handler that play never reached: neither cited by an event nor a handler call."""
    out = []
    for c in ruleset.catalogue.clauses:
        impls = ruleset.catalogue.implemented_by(c.id)
        if not c.handled or not impls or all(i.line == 0 for i in impls):
            continue
        if observation.cited.get(c.id, 0) == 0 and observation.handler_calls.get(c.id, 0) == 0:
            out.append({"clause": c.id, "kind": c.kind, "implemented_by": [f"{i.function} ({i.where})" for i in impls]})
    return out


def uncovered_chains(g: nx.DiGraph, facts, observation: Observation, paths: dict[str, PathsInto], limit: int = 15) -> list[dict]:
    """Interactions seen in play that no clarification covers: candidates for a new clarification.

    An interaction is two ordinary rules of different families (``FAMILY.NAME``) citing events one
    right after the other in a step.  It is covered when a step that showed it also cited a
    clarification, or when both rules lie on the paths into one clarification.
    """
    on_paths = [set(n for p in pi.paths for n in p) for pi in paths.values()]
    pairs: Counter = Counter()
    covered: set = set()
    for chain, n in observation.chains.items():
        has_clar = any(facts.is_clarification(c) for c in chain)
        for a, b in zip(chain, chain[1:]):
            if not (facts.is_ordinary(a) and facts.is_ordinary(b)) or a.split(".")[0] == b.split(".")[0]:
                continue
            if b in facts.SCHEDULE or a in facts.SCHEDULE:
                continue
            pairs[(a, b)] += n
            if has_clar:
                covered.add((a, b))
    out = []
    for (a, b), n in sorted(pairs.items(), key=lambda x: (-x[1], x[0])):
        if (a, b) in covered or any(a in s and b in s for s in on_paths):
            continue
        out.append({"first": a, "then": b, "steps": n})
    return out[:limit]


# --- centrality ----------------------------------------------------------------------------------


def centrality(g: nx.DiGraph, top: int = 10) -> list[tuple[str, float]]:
    """Clauses that most shortest interaction paths pass through (betweenness, normalised)."""
    scores = nx.betweenness_centrality(g, normalized=True)
    ranked = sorted(((n, s) for n, s in scores.items() if not is_event(n)), key=lambda x: (-x[1], x[0]))
    return [(n, round(s, 4)) for n, s in ranked[:top]]


def counts(g: nx.DiGraph) -> dict:
    static = sum(1 for *_e, d in g.edges(data=True) if d["static"])
    observed = sum(1 for *_e, d in g.edges(data=True) if d["observed"])
    both = sum(1 for *_e, d in g.edges(data=True) if d["static"] and d["observed"])
    return {
        "clauses": sum(1 for _, d in g.nodes(data=True) if d["type"] == "clause"),
        "events": sum(1 for _, d in g.nodes(data=True) if d["type"] == "event"),
        "edges": g.number_of_edges(),
        "static_edges": static,
        "observed_edges": observed,
        "both": both,
        "observed_only": observed - both,
        "static_only": static - both,
    }
