"""Every minimal unsatisfiable subset of a set of named constraints, by the MARCO algorithm.

MARCO (Liffiton, Previti, Malik, Marques-Silva, 2016) keeps a *map* solver over one indicator per
constraint: each model of the map is an unexplored subset.  A satisfiable seed is grown to a
maximal satisfiable subset and its complement is blocked; an unsatisfiable seed is shrunk to a
minimal unsatisfiable subset and its supersets are blocked.  When the map has no model left, every
MUS has been found.  ``required`` restricts the search to subsets containing those names (a
proposed clause that must be part of every conflict reported).

An ``unknown`` from either solver, or the :class:`~oblivaeon_verify.smt.allowance.Allowance` running
out, raises :class:`MusTimeout`: the list is returned only when it is complete.
"""

from __future__ import annotations

import z3

from oblivaeon_verify.smt.allowance import Allowance, Exhausted


class MusTimeout(Exhausted):
    """The solver answered unknown while enumerating cores: the list would be incomplete."""


def enumerate_muses(
    constraints: dict[str, z3.BoolRef],
    *,
    background: list[z3.BoolRef] = (),
    required: tuple[str, ...] = (),
    allowance: Allowance | None = None,
) -> list[tuple[str, ...]]:
    """Every MUS, smallest first; ``allowance`` bounds all solver calls together (None: no limit)."""
    names = sorted(constraints)
    unknown = [r for r in required if r not in constraints]
    if unknown:
        raise KeyError(f"required constraints not in the set: {unknown}")
    ind = {n: z3.Bool(f"mus.{n}") for n in names}
    sub = z3.Solver()
    sub.add(*background)
    for n in names:
        sub.add(z3.Implies(ind[n], constraints[n]))

    allowance = Allowance(None) if allowance is None else allowance

    def sat(subset: set[str]) -> bool:
        r = _check(allowance, sub, *[ind[n] for n in subset])
        if r == z3.unknown:
            raise MusTimeout(f"solver answered unknown on a subset of {len(subset)} constraints: {sub.reason_unknown()}")
        return r == z3.sat

    return enumerate_muses_of(names, sat, required=required, allowance=allowance)


def _check(allowance: Allowance, solver: z3.Solver, *assumptions):
    try:
        return allowance.check(solver, *assumptions)
    except Exhausted as e:
        raise MusTimeout(str(e)) from None


def enumerate_muses_of(
    names: list[str],
    sat,
    *,
    required: tuple[str, ...] = (),
    allowance: Allowance | None = None,
) -> list[tuple[str, ...]]:
    """Every MUS of ``names`` under a satisfiability oracle ``sat(subset) -> bool`` (which raises
    :class:`MusTimeout` when it cannot decide): for constraints that are no single formula (a set
    decided as several independent questions)."""
    names = sorted(names)
    unknown = [r for r in required if r not in names]
    if unknown:
        raise KeyError(f"required constraints not in the set: {unknown}")
    allowance = Allowance(None) if allowance is None else allowance
    # The map solver lives in a context of its own: in the process's, its models (so the subsets tried,
    # and what they cost) would depend on every term made before it, and so on the hash seed.
    ctx = z3.Context()
    ind = {n: z3.Bool(f"mus.{n}", ctx) for n in names}
    mapper = z3.Solver(ctx=ctx)
    for r in required:
        mapper.add(ind[r])

    def grow(seed: set[str]) -> set[str]:
        current = set(seed)
        for n in names:
            if n not in current and sat(current | {n}):
                current.add(n)
        return current

    muses: list[tuple[str, ...]] = []
    while True:
        r = _check(allowance, mapper)
        if r == z3.unsat:  # every subset explored
            break
        if r == z3.unknown:
            raise MusTimeout(f"the map solver answered unknown after {len(muses)} cores: {mapper.reason_unknown()}")
        m = mapper.model()
        # Prefer large seeds: an unassigned indicator counts as in the subset.
        seed = {n for n in names if not z3.is_false(m.eval(ind[n], model_completion=False))}
        if sat(seed):
            mss = grow(seed)
            mapper.add(z3.Or([ind[n] for n in names if n not in mss]) if len(mss) < len(names) else z3.BoolVal(False, ctx))
        else:
            mus = _deletion_shrink(seed, required, sat)
            muses.append(tuple(sorted(mus)))
            mapper.add(z3.Or([z3.Not(ind[n]) for n in sorted(mus)]))
    return sorted(muses, key=lambda m: (len(m), m))


def _deletion_shrink(seed: set[str], required: tuple[str, ...], sat) -> set[str]:
    """Remove constraints one at a time while the rest stay unsatisfiable: the result is minimal."""
    current = set(seed)
    for n in sorted(seed):
        if n in required:
            continue
        trial = current - {n}
        if not sat(trial):
            current = trial
    return current


def is_minimal_unsat(constraints: dict[str, z3.BoolRef], subset: tuple[str, ...], background: list[z3.BoolRef] = ()) -> bool:
    """A check for tests and reports: ``subset`` is unsatisfiable and dropping any one member makes it satisfiable."""
    s = z3.Solver()
    s.add(*background)

    def sat(names) -> bool:
        s.push()
        s.add(*[constraints[n] for n in names])
        r = Allowance(None).check(s)
        s.pop()
        return r == z3.sat

    return not sat(subset) and all(sat([x for x in subset if x != n]) for n in subset)
