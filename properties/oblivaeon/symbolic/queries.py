"""Designer queries over the symbolic game, with Booklet numbers left symbolic where asked.

Each query is bounded reachability: the shortest sequence of symbolic steps (up to ``depth``) from
setup to a goal, decoded into named steps with clause ids, with the Booklet values Z3 picked when
they were left symbolic.  The abstraction over-approximates the game (a hero may fall at any time,
a Scion may enter whenever the Reserve has one), so a "fewest rounds" answer is a lower bound for
the real game, and "unreachable within N steps" is a bounded answer, stated with its bound.

Queries assume that environments fall only to Devastation (no environment's Game Over, ENV.GAME-OVER),
unless ``game_over=True``: otherwise four Game Overs in a row would lose any game during setup.
"""

from __future__ import annotations

import time

import z3
from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import LOST_ENV
from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Booklet, Encoding
from oblivaeon_verify.properties.oblivaeon.symbolic.invariants import properties

from oblivaeon_verify import heartbeat
from oblivaeon_verify.smt.allowance import Allowance
from oblivaeon_verify.smt.answers import Answer, QueryError
from oblivaeon_verify.smt.goals import undecided_proofs
from oblivaeon_verify.smt.kinduction import PROOF_WORK, QUERY_WORK, Property, Prover, reach

SYMBOLIC = ("countdown_start", "countdown_tick", "countdown_expiry_devastation", "devastation_threshold")
_FIELD = {
    "countdown_start": "countdown_start",
    "countdown_tick": "countdown_tick",
    "countdown_expiry_devastation": "expiry_devastation",
    "devastation_threshold": "threshold",
}


def booklet(symbolic: tuple[str, ...] = (), fixed: dict | None = None) -> Booklet:
    """The default Booklet, with the named numbers replaced by z3 constants and others fixed to given values."""
    values = Booklet().__dict__.copy()
    for name, v in (fixed or {}).items():
        if name not in _FIELD:
            raise QueryError(f"--set {name}: not a Booklet number; expected one of {', '.join(SYMBOLIC)}")
        values[_FIELD[name]] = int(v)
    for name in symbolic:
        if name not in _FIELD:
            raise QueryError(f"--symbolic {name}: not a Booklet number; expected one of {', '.join(SYMBOLIC)}")
        values[_FIELD[name]] = z3.Int(name)
    return Booklet(**values)


def _encoding(hero_count: int, b: Booklet, game_over: bool, *, accelerated: bool = False) -> Encoding:
    return Encoding(hero_count, b, exclude=() if game_over else ("environment_removed",), accelerated=accelerated)


def _assumptions(b: Booklet, game_over: bool) -> list[str]:
    out = [
        "symbolic abstraction: heroes may fall and Scions may enter at any time (a lower bound for the real game)",
        "a witness step may take one kind of step several times in a row (Devastation from the Sentinels, Scions"
        " entering, heroes falling): the same games in fewer steps, so --depth counts such a run once",
    ]
    if not game_over:
        out.append("environments fall only to Devastation (ID.DEVASTATION), never to their own Game Over (ENV.GAME-OVER)")
    sym = [k for k, v in b.as_dict().items() if isinstance(v, z3.ExprRef)]
    if sym:
        out.append(f"symbolic Booklet numbers: {', '.join(sym)} (any value >= 0, countdown_start >= 1)")
    return out


def _steps(trace) -> list[dict]:
    return [{"step": s.index, "action": s.action, "round": s.state["round"], "state": s.state} for s in trace]


def _system(enc: Encoding):
    sysm = enc.system()
    extra = [v >= 1 for k, v in sysm.params.items() if k == "countdown_start" and isinstance(v, z3.ExprRef)]
    if extra:
        sysm.assumptions = z3.And([sysm.assumptions, *extra]) if sysm.assumptions is not None else z3.And(extra)
    return sysm


def removals_per_round(enc: Encoding) -> Property:
    """At most one environment falls per OblivAeon turn when only Devastation destroys them (a lemma for the bound)."""
    end = enc.layout.oblivaeon_end
    return Property(
        "REMOVALS-PER-ROUND",
        "With environments falling only to Devastation, no more have fallen than OblivAeon's end phases passed.",
        ("ID.DEVASTATION",),
        lambda s, p: s["removed"] <= s["round"] - 1 + z3.If(z3.Or(s["pos"] > end, s["checked"]), 1, 0),
        lemmas=("MARKER-PLACEMENT", "ENV-ACCOUNTING", "DEVASTATION-CHECK-ONCE"),
    )


def lower_bound(enc: Encoding, work: int = PROOF_WORK, prover: Prover | None = None) -> int | None:
    """The largest L (up to the environments that must fall) such that 'lost implies round >= L' is proved by
    induction, each obligation within ``work`` solver units (or by ``prover``, which keeps what ran out)."""
    prover = prover or Prover(_system(enc), work=work)
    props = {p.id: p for p in properties(enc)}
    for pid in ("SCION-ACCOUNTING", "MARKER-PLACEMENT", "ENV-ACCOUNTING", "LOSS-CONDITION", "DEVASTATION-CHECK-ONCE"):
        if prover.check(props[pid]).status != "proved":
            return None
    if prover.check(removals_per_round(enc)).status != "proved":
        return None
    best = None
    for r in range(1, enc.environments):
        prop = Property(
            f"LOSS-NOT-BEFORE-ROUND-{r}",
            f"The multiverse is not destroyed before round {r}.",
            ("ENV.REMOVAL.LOSS",),
            lambda s, p, r=r: z3.Implies(s["outcome"] == LOST_ENV, s["round"] >= r),
            lemmas=("REMOVALS-PER-ROUND", "LOSS-CONDITION"),
        )
        if prover.check(prop, kmax=2, bound=0).status != "proved":
            break
        best = r
    return best


def fewest_rounds_to_lose(
    hero_count: int,
    *,
    depth: int = 40,
    b: Booklet | None = None,
    game_over: bool = False,
    max_rounds: int = 12,
    work: int = QUERY_WORK,
    proof_work: int = PROOF_WORK,
) -> Answer:
    """The fewest rounds in which the multiverse can be destroyed (ENV.REMOVAL.LOSS), with a witness.

    A lower bound L is proved unbounded (k-induction, with the lemma that at most one environment
    falls per OblivAeon turn; ``proof_work`` solver units per proof obligation); then witnesses are searched for
    rounds L, L+1, ... in the accelerated encoding, sharing ``work`` solver units.  The answer says
    which rounds below the witness were excluded, and within what depth.
    """
    b = b or Booklet()
    enc = _encoding(hero_count, b, game_over)
    start = time.perf_counter()
    sysm = _system(_encoding(hero_count, b, game_over, accelerated=True))
    allowance = Allowance.of(work)
    notes = _assumptions(b, game_over)
    low = None
    if not game_over:
        prover = Prover(_system(enc), work=proof_work)
        low = lower_bound(enc, prover=prover)
        if low is not None:
            notes.append(f"proved for all reachable states (k-induction): no loss before round {low}")
        notes += undecided_proofs(prover)
    excluded, unknown = [], []
    for r in range(low or 1, max_rounds + 1):
        heartbeat.beat(f"a loss by round {r}? (rounds up to {max_rounds})")
        # rounds only grow, so a path that loses by round r stays within it throughout
        status, steps, params = reach(
            sysm,
            lambda s: s["outcome"] == LOST_ENV,
            depth=depth,
            allowance=allowance,
            along=lambda s, r=r: s["round"] <= r,
        )
        if status == "reached":
            r = steps[-1].state["round"]  # the witness may lose earlier than the bound asked for
            unknown = [u for u in unknown if u < r]
            excluded = [x for x in excluded if x < r]
            if excluded:
                notes.append(f"no loss by round {excluded[-1]} within {depth} steps")
            if unknown:
                notes.append(f"undecided (the solver's work ran out) for rounds {', '.join(map(str, unknown))}")
            ans = Answer("fewest-rounds-to-lose", "reached", depth, hero_count, notes, _steps(steps), params, r)
            ans.seconds = time.perf_counter() - start
            return ans
        if status == "unknown":
            unknown.append(r)
            break  # the work is shared: none is left for a later round
        excluded.append(r)
    if unknown:
        notes.append(f"undecided (the solver's work ran out) from round {unknown[0]} on")
    ans = Answer(
        "fewest-rounds-to-lose",
        "unknown" if unknown else "unreachable-within",
        depth,
        hero_count,
        notes + [f"searched rounds up to {max_rounds}"],
    )
    ans.seconds = time.perf_counter() - start
    return ans


def countdown_before_fall(
    hero_count: int, *, depth: int = 40, b: Booklet | None = None, game_over: bool = False, work: int = QUERY_WORK
) -> Answer:
    """Can the Countdown run out (ID.COUNTDOWN) before any environment has fallen?  A witness if so."""
    b = b or Booklet()
    enc = _encoding(hero_count, b, game_over, accelerated=True)
    start = time.perf_counter()
    sysm = _system(enc)
    lay = enc.layout
    # Just after OblivAeon's start (past round 1), the Countdown back on its starting space means it ran out and was reset.
    goal = lambda s: z3.And(  # noqa: E731
        s["pos"] == lay.oblivaeon_start,
        s["countdown"] == sysm.params["countdown_start"],
        z3.Or(s["round"] > 1, sysm.params["countdown_start"] <= sysm.params["countdown_tick"]),
        s["removed"] == 0,
        s["outcome"] == 0,
    )
    # environments removed only grow and a game over is for good, so the path runs with neither throughout
    running = lambda s: z3.And(s["removed"] == 0, s["outcome"] == 0)  # noqa: E731
    status, steps, params = reach(sysm, goal, depth=depth, allowance=Allowance.of(work), along=running)
    ans = Answer("countdown-before-fall", status, depth, hero_count, _assumptions(b, game_over), _steps(steps), params)
    ans.seconds = time.perf_counter() - start
    return ans


QUERIES = {"fewest-rounds-to-lose": fewest_rounds_to_lose, "countdown-before-fall": countdown_before_fall}
