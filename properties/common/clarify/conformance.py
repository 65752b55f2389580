"""Does a model's own classification of its objects satisfy every statement?

A ruleset turns what its model decides into *objects*: each a name and the terms the model decides
for it (true or false); terms it does not decide stay free.  Every universal statement must be
satisfiable on every object (the model never contradicts it); every existential statement must have
some object that can witness it, with every term of its subject decided.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import z3

from properties.common.clarify.language import And, Clarification, Not, Or, Term, terms_of
from properties.common.clarify.logic import sentence


@dataclass(frozen=True)
class Obj:
    name: str
    facts: tuple[tuple[str, bool], ...]


def _kleene(e, facts: dict[str, bool]):
    """True / False when the decided terms settle the phrase whatever the free ones are; else None."""
    if isinstance(e, Term):
        return facts.get(e.name)
    if isinstance(e, Not):
        v = _kleene(e.arg, facts)
        return None if v is None else not v
    vals = [_kleene(a, facts) for a in e.args]
    if isinstance(e, And):
        return False if False in vals else (None if None in vals else True)
    if isinstance(e, Or):
        return True if True in vals else (None if None in vals else False)
    raise TypeError(f"not a phrase: {e!r}")


def _value(sent, facts: dict[str, bool]) -> bool:
    """The sentence on one object whose every term is decided."""
    s, p = _kleene(sent.subject, facts), _kleene(sent.predicate, facts)
    if sent.universal:
        return not (s and p) if sent.negative else (not s or p)
    return s and (not p if sent.negative else p)


def _holds(sent, facts: dict[str, bool], solver: z3.Solver) -> bool:
    """Can the sentence be true of one object with these decided terms?

    The decided terms settle most cases (three-valued evaluation); a few free terms are tried every
    way; Z3 decides the rest.
    """
    s, p = _kleene(sent.subject, facts), _kleene(sent.predicate, facts)
    if sent.universal:
        quick = (s is False or p is False) if sent.negative else (s is False or p is True)
        settled_false = (s is True and p is True) if sent.negative else (s is True and p is False)
    else:
        quick = s is True and (p is False if sent.negative else p is True)
        settled_false = s is False or (p is True if sent.negative else p is False)
    if quick:
        return True
    if settled_false:
        return False
    free = sorted((terms_of(sent.subject) | terms_of(sent.predicate)) - facts.keys())
    if len(free) <= 6:
        return any(_value(sent, {**facts, **dict(zip(free, bits))}) for bits in itertools.product((False, True), repeat=len(free)))
    solver.push()
    solver.add(*[z3.Bool(f"{t}@0") == v for t, v in facts.items()])
    solver.add(sent.on(1, 0))
    sat = solver.check() == z3.sat
    solver.pop()
    return sat


def check(clarifications: list[Clarification], objs: list[Obj]) -> dict:
    """Violations (objects, clause, statement) of universal statements, and existentials with no possible witness.

    Objects with the same decided terms are checked once (the model decides them alike).
    """
    kinds: dict[tuple, list[str]] = {}
    for o in objs:
        kinds.setdefault(o.facts, []).append(o.name)
    violations, unwitnessed = [], []
    solver = z3.Solver()
    decided = {facts: dict(facts) for facts in kinds}
    for c in clarifications:
        for st in c.statements:
            sent = sentence(st)
            witnessed = False
            subject_terms = terms_of(st.subject)
            for facts, names in kinds.items():
                sat = _holds(sent, decided[facts], solver)
                if sent.universal and not sat:
                    violations.append(
                        {
                            "objects": names[:3] + ([f"... {len(names) - 3} more"] if len(names) > 3 else []),
                            "clause": c.id,
                            "statement": st.text,
                        }
                    )
                # An existential needs a witness the model vouches for: every term of its subject decided.
                if not sent.universal and not witnessed and sat and subject_terms <= decided[facts].keys():
                    witnessed = True
            if not sent.universal and not witnessed:
                unwitnessed.append({"clause": c.id, "statement": st.text})
    return {"objects": len(objs), "kinds": len(kinds), "violations": violations, "unwitnessed": unwitnessed}
