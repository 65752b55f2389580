"""The symbolic OblivAeon: an abstraction of the state, the transition relation in Z3, proofs and queries.

Read in this order: ``layout`` (the round table as positions), ``abstraction`` (concrete state ->
symbolic values), ``encoding`` (Init and one action per kind of step), ``refinement`` (every model
step is a sequence of those actions), ``invariants`` (the bookkeeping properties), ``prove``,
``isolation`` (BZ.ISOLATION over the model's targeting rules), ``queries`` (designer questions),
``mutants`` (broken encodings that the checks must catch).

The harness finds this package through the ruleset's plugin (its ``symbolic`` part:
``properties.common.plugin.SymbolicEncoding``) and calls only the functions below, which return
JSON-able data: ``prove_players`` and ``MUTANT_NAMES``; ``ask`` with ``QUERY_NAMES``,
``SYMBOLIC_NUMBERS`` (the Booklet numbers) and ``ASK_OPTIONS``; and, as the plugin's
``extra_proofs``, ``extra_proofs`` (here: battle-zone isolation).
"""

from __future__ import annotations

import time
from pathlib import Path

from oblivaeon_verify.smt import proofs
from oblivaeon_verify.smt.kinduction import PROOF_WORK

MUTANT_NAMES = ("unclamped-scion-removal", "incapacitation-adds-two", "outnumber-counts-ties")


def prove_players(
    players: int, *, smtlib_dir: Path | None = None, work: int = PROOF_WORK, seconds: float | None = None, mutant: str | None = None
) -> list[dict]:
    """Every bookkeeping invariant for ``players`` heroes (one row each); obligations and ITF traces go to ``smtlib_dir``.
    Each obligation may spend ``work`` solver units (and ``seconds``, when given)."""
    from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Encoding
    from oblivaeon_verify.properties.oblivaeon.symbolic.invariants import properties
    from oblivaeon_verify.properties.oblivaeon.symbolic.mutants import MUTANTS
    from oblivaeon_verify.properties.oblivaeon.symbolic.prove import prove_all, write_artifacts

    cls = proofs.pick_encoding(Encoding, MUTANTS, mutant)
    enc, results = prove_all(players, encoding_class=cls, work=work, seconds=seconds, keep_smt2=smtlib_dir is not None)
    return proofs.rows(players, properties(enc), results, smtlib_dir, lambda d: write_artifacts(d, enc, results))


def prove_isolation(*, smtlib_dir: Path | None = None, work: int = PROOF_WORK, seconds: float | None = None) -> dict:
    from oblivaeon_verify.properties.oblivaeon.symbolic.isolation import prove

    out = prove(work=work, seconds=seconds)
    text = out.pop("smt2")
    if smtlib_dir is not None:
        path = Path(smtlib_dir) / "BZ-ISOLATION.smt2"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        out["files"] = [str(path)]
    return out


def extra_proofs(*, smtlib_dir: Path | None = None, work: int = PROOF_WORK, seconds: float | None = None) -> dict[str, dict]:
    """Proofs beyond the per-count invariants, by JSON key: battle-zone isolation (BZ.ISOLATION), its one
    obligation within ``work`` solver units (and ``seconds``, when given)."""
    iso = prove_isolation(smtlib_dir=smtlib_dir, work=work, seconds=seconds)
    iso["title"] = "Battle-zone isolation"
    iso["summary"] = (
        f"{iso['status']} over {iso['instructions']} card instructions ({iso['method']}); "
        f"cards that say otherwise: {', '.join(iso['say_otherwise']) or 'none'}"
    )
    return {"isolation": iso}


QUERY_NAMES = ("fewest-rounds-to-lose", "countdown-before-fall")
BOOKLET_NUMBERS = ("countdown_start", "countdown_tick", "countdown_expiry_devastation", "devastation_threshold")
SYMBOLIC_NUMBERS = BOOKLET_NUMBERS
ASK_OPTIONS = {"game-over": "let environments also fall to their own Game Over (ENV.GAME-OVER)"}
DEFAULT_DEPTH = 40


def ask(
    query: str,
    players: int,
    *,
    depth: int | None = None,
    symbolic: tuple[str, ...] = (),
    fixed: dict | None = None,
    options: tuple[str, ...] = (),
    game_over: bool = False,
    work: int | None = None,
) -> dict:
    """A designer query (``QUERY_NAMES``) with a decoded witness; Booklet numbers may be symbolic or fixed.
    ``work``: the solver units its search may spend (default ``kinduction.QUERY_WORK``)."""
    from oblivaeon_verify.properties.oblivaeon.symbolic.queries import QUERIES, booklet

    if query not in QUERIES:
        raise ValueError(f"unknown query {query!r}; known: {', '.join(QUERIES)}")
    unknown = [o for o in options if o not in ASK_OPTIONS]
    if unknown:
        raise ValueError(f"--option {unknown[0]}: unknown; known: {', '.join(ASK_OPTIONS)}")
    game_over = game_over or "game-over" in options
    kwargs = {"work": work} if work else {}
    ans = QUERIES[query](players, depth=depth or DEFAULT_DEPTH, b=booklet(tuple(symbolic), fixed), game_over=game_over, **kwargs)
    out = ans.as_dict()
    out["seconds"] = ans.seconds
    out["value_label"] = "round"
    for s in out["witness"]:
        s["where"] = f"round {s['round']}"
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
    """The fewest rounds (or what ``minimise`` names) in which ``goal`` (words: ``goals.vocabulary``) can hold, with a witness."""
    from oblivaeon_verify.properties.oblivaeon.symbolic.goals import vocabulary
    from oblivaeon_verify.properties.oblivaeon.symbolic.invariants import properties
    from oblivaeon_verify.properties.oblivaeon.symbolic.queries import _assumptions, _encoding, _steps, _system, booklet, removals_per_round

    from oblivaeon_verify.smt import goals
    from oblivaeon_verify.smt.allowance import Allowance
    from oblivaeon_verify.smt.kinduction import QUERY_WORK

    unknown = [o for o in options if o not in ASK_OPTIONS]
    if unknown:
        raise ValueError(f"--option {unknown[0]}: unknown; known: {', '.join(ASK_OPTIONS)}")
    start = time.perf_counter()
    game_over = "game-over" in options
    b = booklet()
    enc = _encoding(players, b, game_over)
    vocab = vocabulary(enc)

    def space():
        return goals.Space(
            search=_system(_encoding(players, b, game_over, accelerated=True)),
            proof=_system(enc),
            lemmas=properties(enc) + (() if game_over else (removals_per_round(enc),)),
            players=players,
            depth=depth or DEFAULT_DEPTH,
            allowance=Allowance.of(work or QUERY_WORK),
            notes=tuple(_assumptions(b, game_over)),
            steps_of=_steps,
        )

    def in_play(parsed):
        if options:
            raise ValueError(f"--option {options[0]}: the model's own play needs no options (environments fall to their Game Over there)")
        return _in_play(parsed, players, enc.system().params, play)

    ans = goals.answer(vocab, goal, most, space, minimise, in_play)
    out = ans.as_dict()
    out["seconds"] = time.perf_counter() - start
    if ans.value_label == goals.DECISIONS.label:
        return out
    turn = vocab.measure("turn")
    for s in out["witness"]:
        s["where"] = f"round {s['round']}, turn {turn.value(s['state'])}: {enc.layout.label(s['state']['pos'])}"
    return out


def _in_play(goal, players: int, params: dict, play):
    """``--minimise decisions``: the goal searched in the model's own play (``properties.common.goal_play``)."""
    from oblivaeon_verify.model.oblivaeon.ruleset import RULESET
    from oblivaeon_verify.properties.common import goal_play
    from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import FIELDS, abstract

    holds = goal_play.compiled(goal, tuple((n, sort) for n, sort, _m in FIELDS), params)
    # no goal word reads the Devastation ledger (a sum over the trace, not a part of the state): it stays 0
    return goal_play.fewest_decisions(RULESET, players, goal, holds, lambda state: abstract(state, 0), play or goal_play.PlayBudget())
