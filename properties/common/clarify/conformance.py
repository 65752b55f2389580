"""Does what the model decides satisfy every statement?

A ruleset gives two kinds of evidence.  *Objects* are its own classification of things that exist
across games (each card kind, each side of a Mission card): each is a
:class:`~properties.common.clarify.evaluate.Thing` judged alone, so only statements about one thing
at a time (``every`` / ``no`` / ``some`` with terms and tests) are checked on them.  *Situations*
are moments of played games, with all their things: every statement is evaluated on each
(:mod:`properties.common.clarify.evaluate`).  A necessity that evaluates False somewhere is
violated; a possibility that is True nowhere is unwitnessed (the model never showed it can happen).
Things or situations with the same decided facts are checked once.
"""

from __future__ import annotations

from oblivaeon_verify.properties.common.clarify.evaluate import Situation, Thing, holds
from oblivaeon_verify.properties.common.clarify.language import And, Check, Clarification, Not, Or, Statement, Term

Obj = Thing
"""A thing the model classifies (its name, decided terms and attributes)."""


def _one_thing(e) -> bool:
    if isinstance(e, Term | Check):
        return True
    if isinstance(e, Not):
        return _one_thing(e.arg)
    if isinstance(e, And | Or):
        return all(_one_thing(a) for a in e.args)
    return False


def about_one_thing(st: Statement) -> bool:
    """Statements that can be judged on one thing alone: every / no / some over terms and tests."""
    return st.condition is None and st.quantifier in ("every", "no", "some") and _one_thing(st.subject) and _one_thing(st.predicate)


def _shown(names: list[str]) -> list[str]:
    return names[:3] + ([f"... {len(names) - 3} more"] if len(names) > 3 else [])


def check(clarifications: list[Clarification], objs: list[Thing], situations: list[Situation] = ()) -> dict:
    """Violations (objects or situations, clause, statement) of necessities, and possibilities no evidence witnesses."""
    kinds: dict[tuple, list[str]] = {}
    for o in objs:
        kinds.setdefault((o.facts, o.attrs), []).append(o.name)
    alone = {key: Situation(names[0], [Thing(names[0], *key)]) for key, names in kinds.items()}
    seen: dict[tuple, Situation] = {}
    for sit in situations:
        seen.setdefault(tuple((t.facts, t.attrs) for t in sit.things), sit)
    violations, unwitnessed, in_play_only = [], [], []
    for c in clarifications:
        for st in c.statements:
            witnessed = False
            broken: list[str] = []
            if about_one_thing(st):
                for key, sit in alone.items():
                    v = holds(st, sit)
                    if st.possibility:
                        witnessed = witnessed or v is True
                    elif v is False:
                        broken.extend(kinds[key])
            for sit in seen.values():
                v = holds(st, sit)
                if st.possibility:
                    witnessed = witnessed or v is True
                elif v is False:
                    broken.append(sit.where)
            if broken:
                violations.append({"objects": _shown(broken), "clause": c.id, "statement": st.text})
            if st.possibility and not witnessed:
                if about_one_thing(st) or situations:
                    unwitnessed.append({"clause": c.id, "statement": st.text})
                else:  # needs several things at once: only play can witness it (properties.common.clarify.in_play)
                    in_play_only.append({"clause": c.id, "statement": st.text})
    return {
        "objects": len(objs),
        "kinds": len(kinds),
        "situations": len(situations),
        "violations": violations,
        "unwitnessed": unwitnessed,
        "in_play_only": in_play_only,
    }
