"""Graphs of how rules interact (networkx): the rule-interaction graph and the state graph.

Game-independent: everything game-specific comes from the ruleset (``rulesets.load``) and the
graph facts of its plugin (``rulesets.plugin(ruleset).graph_facts``, loaded by :mod:`.facts`).

* :mod:`.static`      edges read from the model's code (ast);
* :mod:`.dynamic`     edges observed in play (random games, a Hypothesis run);
* :mod:`.interaction` the graph and its questions: paths into clarifications, cycles and their
  bounds, rules never reached, uncovered chains, centrality;
* :mod:`.witness`     minimal witnesses from setup to each corner case;
* :mod:`.export`      GraphML, DOT, Mermaid and SVG pictures.

The breadth-first state exploration they search is :mod:`oblivaeon_verify.explore`, in the library
(the clarification checker's in-play search explores too).
"""

from functools import lru_cache

from oblivaeon_verify.explore import Goal, explore
from oblivaeon_verify.graphs.export import mermaid_for_clause
from oblivaeon_verify.graphs.interaction import build, paths_into
from oblivaeon_verify.graphs.witness import Witness, witness, witnesses


@lru_cache(maxsize=4)
def _built(ruleset_name: str, seed: int, games: int, hypothesis_examples: int):
    from oblivaeon_verify import rulesets
    from oblivaeon_verify.graphs.summary import interaction_graph

    return interaction_graph(rulesets.load(ruleset_name), seed=seed, games=games, hypothesis_examples=hypothesis_examples)


def clause_picture(ruleset, clause_id: str, *, seed: int = 0, games: int = 3, hypothesis_examples: int = 10) -> str:
    """Mermaid text of the shortest paths from ordinary rules into one clause (for a report page).

    The graph is built once per (ruleset, seed, games, examples) and kept for the next call.
    """
    ruleset.catalogue[clause_id]  # an unknown id fails here, naming the known ones
    g, facts, _obs = _built(ruleset.name, seed, games, hypothesis_examples)
    return mermaid_for_clause(g, facts, clause_id)


__all__ = ["Goal", "Witness", "build", "clause_picture", "explore", "mermaid_for_clause", "paths_into", "witness", "witnesses"]
