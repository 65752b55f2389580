"""The symbolic Aeon's End: an abstraction of the state, the transition relation in Z3, proofs and queries.

Read in this order: ``abstraction`` (concrete state -> symbolic values), ``encoding`` (Init and one
action per kind of step), ``refinement`` (every model step is a sequence of those actions),
``invariants`` (the bookkeeping properties), ``prove``, ``queries`` (designer questions),
``mutants`` (broken encodings that the checks must catch).

The harness finds this package through the ruleset's plugin (its ``symbolic`` part:
``properties.common.plugin.SymbolicEncoding``) and calls only the names below, which return
JSON-able data: ``prove_players`` and ``MUTANT_NAMES``; ``ask`` with ``QUERY_NAMES``,
``SYMBOLIC_NUMBERS`` (the turn order deck's composition) and ``ASK_OPTIONS`` (none).  There are no
extra proofs.
"""

from __future__ import annotations

import time
from pathlib import Path

from oblivaeon_verify.smt import proofs
from oblivaeon_verify.smt.kinduction import PROOF_WORK

MUTANT_NAMES = ("focus-turns-twice", "draw-leaves-the-card", "exhaustion-forgotten")
QUERY_NAMES = ("fewest-turns-to-reshuffle", "most-nemesis-turns-in-a-row")
SYMBOLIC_NUMBERS = ("player_cards", "nemesis_cards")
ASK_OPTIONS: dict[str, str] = {}


def prove_players(
    players: int, *, smtlib_dir: Path | None = None, work: int = PROOF_WORK, seconds: float | None = None, mutant: str | None = None
) -> list[dict]:
    """Every bookkeeping invariant for ``players`` players (one row each); obligations and ITF traces go to ``smtlib_dir``.
    Each obligation may spend ``work`` solver units (and ``seconds``, when given)."""
    from oblivaeon_verify.properties.aeons_end.symbolic.encoding import Encoding
    from oblivaeon_verify.properties.aeons_end.symbolic.invariants import properties
    from oblivaeon_verify.properties.aeons_end.symbolic.mutants import MUTANTS
    from oblivaeon_verify.properties.aeons_end.symbolic.prove import prove_all, write_artifacts

    cls = proofs.pick_encoding(Encoding, MUTANTS, mutant)
    enc, results = prove_all(players, encoding_class=cls, work=work, seconds=seconds, keep_smt2=smtlib_dir is not None)
    return proofs.rows(players, properties(enc), results, smtlib_dir, lambda d: write_artifacts(d, enc, results))


def ask(
    query: str,
    players: int,
    *,
    depth: int | None = None,
    symbolic: tuple[str, ...] = (),
    fixed: dict | None = None,
    options: tuple[str, ...] = (),
    work: int | None = None,
) -> dict:
    """A designer query (``QUERY_NAMES``) with a decoded witness; the turn order deck's numbers may be symbolic or fixed.
    ``work``: the solver units its search may spend (default ``kinduction.QUERY_WORK``)."""
    from oblivaeon_verify.properties.aeons_end.symbolic.queries import QUERIES, encoding

    if query not in QUERIES:
        raise ValueError(f"unknown query {query!r}; known: {', '.join(QUERIES)}")
    if options:
        raise ValueError(f"--option {options[0]}: Aeon's End queries take no options")
    enc = encoding(players, tuple(symbolic), fixed)
    kwargs = ({"depth": depth} if depth else {}) | ({"work": work} if work else {})
    ans = QUERIES[query](players, enc=enc, **kwargs)
    out = ans.as_dict()
    out["seconds"] = ans.seconds
    return out


def ask_goal(
    goal: str | None,
    players: int,
    *,
    depth: int | None = None,
    options: tuple[str, ...] = (),
    work: int | None = None,
    most: str | None = None,
    minimise: str | None = None,
    play=None,
) -> dict:
    """The fewest turns (or what ``minimise`` names) in which ``goal`` (words: ``goals.vocabulary``) can hold, with a witness."""
    from oblivaeon_verify.properties.aeons_end.symbolic.goals import vocabulary
    from oblivaeon_verify.properties.aeons_end.symbolic.invariants import properties
    from oblivaeon_verify.properties.aeons_end.symbolic.queries import _steps, encoding

    from oblivaeon_verify.smt import goals
    from oblivaeon_verify.smt.allowance import Allowance
    from oblivaeon_verify.smt.kinduction import QUERY_WORK

    if options:
        raise ValueError(f"--option {options[0]}: Aeon's End queries take no options")
    start = time.perf_counter()
    enc = encoding(players)
    vocab = vocabulary(enc)

    def space():
        return goals.Space(
            search=enc.system(),
            proof=enc.system(),
            lemmas=properties(enc),
            players=players,
            depth=depth or GOAL_DEPTH,
            allowance=Allowance.of(work or QUERY_WORK),
            notes=("symbolic abstraction: any turn may be taken by any seated player (counts of player cards, not names)",),
            steps_of=_steps,
        )

    ans = goals.answer(vocab, goal, most, space, minimise, lambda parsed: _in_play(parsed, players, enc, play))
    out = ans.as_dict()
    out["seconds"] = time.perf_counter() - start
    return out


def _in_play(goal, players: int, enc, play):
    """``--minimise decisions``: the goal searched in the model's own play (``properties.common.goal_play``)."""
    from oblivaeon_verify.model.aeons_end.ruleset import RULESET
    from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import abstract
    from oblivaeon_verify.properties.common import goal_play

    holds = goal_play.compiled(goal, tuple((n, sort) for n, sort, _m in enc.fields), enc.system().params)
    return goal_play.fewest_decisions(RULESET, players, goal, holds, abstract, play or goal_play.PlayBudget())


GOAL_DEPTH = 30
"""The longest witness ``ask --goal`` searches by default (symbolic steps)."""
