"""What a transition system offers the prover: typed state variables, rigid parameters, Init and Next.

A state is a dict ``name -> z3 expression``.  ``Next`` is the union of named actions; each step of a
path carries *label* variables (which action, with which parameters) so that a counterexample can be
read back as a sequence of named steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import z3


@dataclass(frozen=True)
class Var:
    name: str
    sort: str
    """``int`` or ``bool``."""

    def make(self, suffix: str) -> z3.ExprRef:
        full = f"{self.name}{suffix}"
        return z3.Int(full) if self.sort == "int" else z3.Bool(full)


@dataclass
class TransitionSystem:
    """A symbolic model: Init(s), Next(s, s', label), and rigid parameters shared by every step."""

    name: str
    state_vars: tuple[Var, ...]
    label_vars: tuple[Var, ...]
    init: Callable[[dict], z3.BoolRef]
    next: Callable[[dict, dict, dict], z3.BoolRef]
    params: dict = field(default_factory=dict)
    """Rigid parameters (z3 constants or Python ints) the encoding was built with."""
    assumptions: z3.BoolRef | None = None
    """Constraints on symbolic parameters (ranges); asserted in every obligation."""
    describe_label: Callable[[dict], str] = lambda label: str(label)
    """Turns concrete label values into a readable step, with its clause ids."""

    def state(self, i: int) -> dict:
        return {v.name: v.make(f"@{i}") for v in self.state_vars}

    def label(self, i: int) -> dict:
        return {v.name: v.make(f"@{i}") for v in self.label_vars}


def value(model: z3.ModelRef, expr: z3.ExprRef):
    """A Python int or bool for ``expr`` in ``model`` (unconstrained values complete to a default)."""
    v = model.eval(expr, model_completion=True)
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    return v.as_long()


def concrete(expr) -> int | bool:
    """The Python value of a closed z3 expression (raises if it does not simplify to a constant)."""
    if isinstance(expr, bool | int):
        return expr
    v = z3.simplify(expr)
    if z3.is_true(v):
        return True
    if z3.is_false(v):
        return False
    if z3.is_int_value(v):
        return v.as_long()
    raise ValueError(f"expression does not evaluate to a constant: {v}")


def literal(x: int | bool) -> z3.ExprRef:
    return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)


def union_of_actions(
    s: dict, t: dict, label: dict, actions: list[str], action: Callable[[str, dict, dict], tuple], exclude=()
) -> z3.BoolRef:
    """Next as the union of the actions, written functionally: the chosen action's guard holds, and each
    field of ``t`` is that action's new value (an if-then-else chain over the action index ``label["act"]``,
    which Z3 solves much faster than a disjunction of full frames).  ``action(name, s, label)`` gives
    (guard, {field: new value}); fields it leaves out keep their value."""
    chosen = []
    values: dict[str, z3.ExprRef] = dict(s)
    for i, name in reversed(list(enumerate(actions))):
        if name in exclude:
            continue
        guard, nxt = action(name, s, label)
        chosen.append(z3.And(label["act"] == i, guard))
        for k, v in nxt.items():
            if not v.eq(s[k]):
                values[k] = z3.If(label["act"] == i, v, values[k])
    return z3.And(z3.Or(chosen), *[t[k] == v for k, v in values.items()])
