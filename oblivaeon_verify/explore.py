"""Exhaustive breadth-first exploration of a game's states, as a networkx DiGraph.

From a start state, every legal decision (player choices and chance outcomes alike) is taken at
every state, up to a depth or a state budget.  States are identified by a key (the ruleset's
position key unless another is given: what its canonical key identifies, built without JSON), so
positions reached by different routes are one node.
Because the search is breadth-first, the first time a goal is seen it is seen at the smallest
depth: the path of decisions back to the start is a minimal witness.

Nodes are keys, with ``depth``, ``where`` and ``terminal``; edges carry the decision (text), its
chance weight and the clause ids the step's events cite.  The states themselves are not kept
(only those waiting in the queue); a position key holds the state's field values, which states
share with their neighbours, so memory grows with what differs from state to state.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import networkx as nx


@dataclass
class Goal:
    """What a search looks for: a state, or a step (its events), that shows something."""

    name: str
    state: Callable | None = None
    events: Callable | None = None
    step: Callable | None = None
    """A predicate of a step: the state it led to and its events."""

    def shown(self, state, events=()) -> bool:
        """Whether this state, or the step whose events these are (and that led to it), shows the goal."""
        return bool((self.state is not None and self.state(state)) or self.shown_by_step(state, events))

    def shown_by_step(self, state, events) -> bool:
        """Whether the step that led to ``state`` with these events shows the goal (whatever the state alone says)."""
        return bool((self.events is not None and self.events(events)) or (self.step is not None and self.step(state, events)))


@dataclass
class Hit:
    goal: str
    decisions: list
    """The decisions from the start, in order (the values the ruleset's ``step`` takes)."""
    depth: int
    by: str
    """``state`` or ``events``: what showed the goal."""


@dataclass
class Exploration:
    graph: nx.DiGraph
    start: Hashable
    """The start's key."""
    depth_limit: int
    max_states: int
    complete: bool
    """True when every state within the depth limit was expanded (the budget was not hit)."""
    seconds: float
    dead_ends: list[dict] = field(default_factory=list)
    hits: dict[str, Hit] = field(default_factory=dict)
    parents: dict = field(default_factory=dict, repr=False)

    @property
    def states(self) -> int:
        return self.graph.number_of_nodes()

    @property
    def edges(self) -> int:
        return self.graph.number_of_edges()

    @property
    def transitions(self) -> int:
        return sum(d["count"] for _, _, d in self.graph.edges(data=True))

    def per_depth(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for _, d in self.graph.nodes(data=True):
            out[d["depth"]] = out.get(d["depth"], 0) + 1
        return dict(sorted(out.items()))

    def path_to(self, key) -> list:
        """The decisions of a shortest path from the start to ``key``."""
        out = []
        while key != self.start:
            key, decision = self.parents[key]
            out.append(decision)
        return out[::-1]

    def summary(self) -> dict:
        return {
            "states": self.states,
            "edges": self.edges,
            "transitions": self.transitions,
            "depth_limit": self.depth_limit,
            "max_states": self.max_states,
            "complete": self.complete,
            "per_depth": {str(k): v for k, v in self.per_depth().items()},
            "terminal": sum(1 for _, d in self.graph.nodes(data=True) if d["terminal"]),
            "dead_ends": self.dead_ends,
        }


def explore(
    ruleset,
    start,
    *,
    depth: int,
    max_states: int,
    key: Callable | None = None,
    goals: tuple[Goal, ...] = (),
    stop_when_found: bool = False,
    visit: Callable[[object, Callable[[], list]], None] | None = None,
) -> Exploration:
    """Breadth-first search from ``start``; see the module docstring.

    A *dead end* is a reachable state that is not over and offers no legal decision: a bug of the
    model, reported with the path that reaches it.  ``stop_when_found`` ends the search as soon as
    every goal has a hit (the witnesses are still minimal).  ``visit(state, path)`` is called once for
    each state the search keeps, the start first; ``path()`` gives the decisions of a shortest path to it.
    """
    if depth < 0:
        raise ValueError(f"depth: expected 0 or more, not {depth}")
    if max_states < 1:
        raise ValueError(f"max_states: expected at least 1, not {max_states}")
    key = key or ruleset.position_key
    t0 = time.perf_counter()
    g = nx.DiGraph()
    k0 = key(start)
    result = Exploration(g, k0, depth, max_states, True, 0.0)
    _add_node(g, ruleset, k0, start, 0)
    _check_state(result, ruleset, goals, k0, start, 0, visit)
    queue = deque([(start, k0, 0)])
    while queue:
        if stop_when_found and goals and len(result.hits) == len(goals):
            result.complete = False
            break
        state, k, d = queue.popleft()
        options = ruleset.legal_decisions(state)
        if not options and ruleset.outcome(state) is None:
            result.dead_ends.append({"where": ruleset.where(state), "depth": d, "path": [str(x) for x in result.path_to(k)]})
        if d >= depth:
            continue
        for decision in options:
            nxt, events = ruleset.step(state, decision)
            nk = key(nxt)
            cited = tuple(sorted({e.clause for e in events}))
            if g.has_edge(k, nk):
                g.edges[k, nk]["count"] += 1
            else:
                g.add_edge(k, nk, decision=str(decision), chance_weight=getattr(decision, "weight", 1), clauses=" ".join(cited), count=1)
            for goal in goals:
                if goal.name not in result.hits and goal.shown_by_step(nxt, events):
                    result.hits[goal.name] = Hit(goal.name, result.path_to(k) + [decision], d + 1, "events")
            if nk in result.parents or nk == k0:
                continue
            if g.number_of_nodes() > max_states:
                g.remove_edge(k, nk)
                if not g.degree(nk):
                    g.remove_node(nk)
                result.complete = False
                queue.clear()
                break
            result.parents[nk] = (k, decision)
            _add_node(g, ruleset, nk, nxt, d + 1)
            _check_state(result, ruleset, goals, nk, nxt, d + 1, visit)
            queue.append((nxt, nk, d + 1))
    result.seconds = time.perf_counter() - t0
    return result


def _add_node(g: nx.DiGraph, ruleset, k, state, depth: int) -> None:
    g.add_node(k, depth=depth, where=ruleset.where(state), terminal=ruleset.outcome(state) is not None)


def _check_state(result: Exploration, ruleset, goals, k, state, depth: int, visit=None) -> None:
    if visit is not None:
        visit(state, lambda: result.path_to(k))
    for goal in goals:
        if goal.name not in result.hits and goal.state is not None and goal.state(state):
            result.hits[goal.name] = Hit(goal.name, result.path_to(k), depth, "state")
