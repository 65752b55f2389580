"""Every minimal unsatisfiable subset of a set of named constraints, by the MARCO algorithm.

MARCO (Liffiton, Previti, Malik, Marques-Silva, 2016) keeps a *map* solver over one indicator per
constraint: each model of the map is an unexplored subset.  A satisfiable seed is grown to a
maximal satisfiable subset and its complement is blocked; an unsatisfiable seed is shrunk to a
minimal unsatisfiable subset and its supersets are blocked.  When the map has no model left, every
MUS has been found.  ``required`` restricts the search to subsets containing those names (a
proposed clause that must be part of every conflict reported).

An ``unknown`` from either solver, or the ``deadline`` passing, raises :class:`MusTimeout`: the list
is returned only when it is complete.
"""

from __future__ import annotations

import time

import z3


class MusTimeout(RuntimeError):
    """The solver answered unknown while enumerating cores: the list would be incomplete."""


def enumerate_muses(
    constraints: dict[str, z3.BoolRef],
    *,
    background: list[z3.BoolRef] = (),
    required: tuple[str, ...] = (),
    timeout_ms: int = 30_000,
    deadline: float | None = None,
) -> list[tuple[str, ...]]:
    """Every MUS, smallest first; ``timeout_ms`` bounds each solver call, ``deadline`` (``time.monotonic()``) all of them."""
    names = sorted(constraints)
    unknown = [r for r in required if r not in constraints]
    if unknown:
        raise KeyError(f"required constraints not in the set: {unknown}")
    ind = {n: z3.Bool(f"mus.{n}") for n in names}
    sub = z3.Solver()
    sub.add(*background)
    for n in names:
        sub.add(z3.Implies(ind[n], constraints[n]))

    def sat(subset: set[str]) -> bool:
        _limit(sub, timeout_ms, deadline)
        r = sub.check(*[ind[n] for n in subset])
        if r == z3.unknown:
            raise MusTimeout(f"solver answered unknown on a subset of {len(subset)} constraints: {sub.reason_unknown()}")
        return r == z3.sat

    return enumerate_muses_of(names, sat, required=required, timeout_ms=timeout_ms, deadline=deadline)


def _limit(solver: z3.Solver, timeout_ms: int, deadline: float | None) -> None:
    left = timeout_ms if deadline is None else min(timeout_ms, int((deadline - time.monotonic()) * 1000))
    if left <= 0:
        raise MusTimeout("the time allowed ran out")
    solver.set("timeout", left)


def enumerate_muses_of(
    names: list[str],
    sat,
    *,
    required: tuple[str, ...] = (),
    timeout_ms: int = 30_000,
    deadline: float | None = None,
) -> list[tuple[str, ...]]:
    """Every MUS of ``names`` under a satisfiability oracle ``sat(subset) -> bool`` (which raises
    :class:`MusTimeout` when it cannot decide): for constraints that are no single formula (a set
    decided as several independent questions)."""
    names = sorted(names)
    unknown = [r for r in required if r not in names]
    if unknown:
        raise KeyError(f"required constraints not in the set: {unknown}")
    ind = {n: z3.Bool(f"mus.{n}") for n in names}
    mapper = z3.Solver()
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
        _limit(mapper, timeout_ms, deadline)
        r = mapper.check()
        if r == z3.unsat:  # every subset explored
            break
        if r == z3.unknown:
            raise MusTimeout(f"the map solver answered unknown after {len(muses)} cores: {mapper.reason_unknown()}")
        m = mapper.model()
        # Prefer large seeds: an unassigned indicator counts as in the subset.
        seed = {n for n in names if not z3.is_false(m.eval(ind[n], model_completion=False))}
        if sat(seed):
            mss = grow(seed)
            mapper.add(z3.Or([ind[n] for n in names if n not in mss]) if len(mss) < len(names) else z3.BoolVal(False))
        else:
            mus = _deletion_shrink(seed, required, sat)
            muses.append(tuple(sorted(mus)))
            mapper.add(z3.Or([z3.Not(ind[n]) for n in mus]))
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
        r = s.check()
        s.pop()
        return r == z3.sat

    return not sat(subset) and all(sat([x for x in subset if x != n]) for n in subset)
