"""Evaluating a z3 expression on concrete values quickly, by walking its tree once and caching the result.

The refinement test evaluates the symbolic transition relation on thousands of concrete steps;
``z3.substitute`` + ``simplify`` per step would dominate the run time.  ``compile_expr`` turns the
expression into nested Python tuples once; ``run`` evaluates those on a dict of variable values.
Only the operators of linear integer arithmetic and propositional logic are supported; anything
else is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

_OPS = {
    z3.Z3_OP_ADD: "add",
    z3.Z3_OP_SUB: "sub",
    z3.Z3_OP_UMINUS: "neg",
    z3.Z3_OP_MUL: "mul",
    z3.Z3_OP_LE: "le",
    z3.Z3_OP_LT: "lt",
    z3.Z3_OP_GE: "ge",
    z3.Z3_OP_GT: "gt",
    z3.Z3_OP_EQ: "eq",
    z3.Z3_OP_DISTINCT: "ne",
    z3.Z3_OP_AND: "and",
    z3.Z3_OP_OR: "or",
    z3.Z3_OP_NOT: "not",
    z3.Z3_OP_IMPLIES: "implies",
    z3.Z3_OP_ITE: "ite",
    z3.Z3_OP_TRUE: "true",
    z3.Z3_OP_FALSE: "false",
}


def compile_expr(e: z3.ExprRef, cache: dict | None = None):
    cache = {} if cache is None else cache
    key = e.get_id()
    if key in cache:
        return cache[key]
    if z3.is_int_value(e):
        out = ("num", e.as_long())
    elif z3.is_const(e) and e.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        out = ("var", e.decl().name())
    else:
        kind = e.decl().kind()
        if kind not in _OPS:
            raise ValueError(f"cannot evaluate operator {e.decl().name()} (in {e})")
        out = (_OPS[kind], tuple(compile_expr(c, cache) for c in e.children()))
    cache[key] = out
    return out


def run(tree, env: dict):
    op = tree[0]
    if op == "num":
        return tree[1]
    if op == "var":
        return env[tree[1]]
    if op == "true":
        return True
    if op == "false":
        return False
    args = tree[1]
    if op == "ite":
        return run(args[1], env) if run(args[0], env) else run(args[2], env)
    if op == "and":
        return all(run(a, env) for a in args)
    if op == "or":
        return any(run(a, env) for a in args)
    if op == "implies":
        return (not run(args[0], env)) or run(args[1], env)
    vals = [run(a, env) for a in args]
    if op == "add":
        return sum(vals)
    if op == "sub":
        out = vals[0]
        for v in vals[1:]:
            out -= v
        return out
    if op == "neg":
        return -vals[0]
    if op == "mul":
        out = 1
        for v in vals:
            out *= v
        return out
    if op == "not":
        return not vals[0]
    if op == "eq":
        return vals[0] == vals[1]
    if op == "ne":
        return len(set(vals)) == len(vals)
    if op == "le":
        return vals[0] <= vals[1]
    if op == "lt":
        return vals[0] < vals[1]
    if op == "ge":
        return vals[0] >= vals[1]
    if op == "gt":
        return vals[0] > vals[1]
    raise ValueError(f"unknown operator {op}")  # pragma: no cover


class RefinementError(AssertionError):
    """A model step that no sequence of the encoding's actions explains (the message says which field differs)."""


@dataclass
class Explanation:
    """How a model step refines the encoding: the actions taken, and the symbolic state after each."""

    actions: list[tuple[str, dict]] = field(default_factory=list)
    states: list[dict] = field(default_factory=list)
