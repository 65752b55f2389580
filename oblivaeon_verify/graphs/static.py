"""Static rule interactions, read from the model's own source with the ``ast`` module.

Nothing here is a hand-kept list.  For every function of a ruleset's model package we find:

* the clauses it declares (``fn.__clauses__``, set by the catalogue's ``implements``);
* the events it emits: calls ``<x>.emit("kind", <clause>, ...)``, and calls of *emit wrappers*,
  functions that pass one of their own parameters on as the kind or the clause of an ``emit``
  (``add_devastation(d, n, "CLAUSE")`` or ``d.end("lost", reason, "CLAUSE")``);
* what it sets going next, in source order: direct calls of model functions, names it pushes
  that some function registered under (a decorator call with one string, e.g. a continuation or
  a resume name), and instruction objects it builds whose class some function handles;
* the state fields it writes (``d.field = ...``) and the ones a condition of it reads.

From these, :func:`static_edges` derives the edges of the rule-interaction graph:

``emits``     clause -> event kind (the clause named in the emit call);
``reacts``    event kind -> clause, when a function emits the event and *afterwards* calls,
              pushes or builds work that reaches a function declaring the clause;
``via-state`` event kind -> clause, when the function that emits the event writes a field that
              a condition of the clause's function reads (a reaction through the state, which
              can come a turn later, such as Devastation spent at the end of OblivAeon's turn);
``invokes``   clause -> clause, a declared function reaching another declared one;
``overrides`` clause -> clause, where one emit picks between two clause ids (``"A" if ... else
              "B"``) and one of them is a clarification (the facts module says which ones are).

Approximations, stated once: source order inside a function stands for "afterwards" (an emit in
one branch and a call in another still make an edge), and a clause given as an expression that is
not a literal (``ctx_clause(ctx)``) is attributed to the nearest functions up the call graph that
declare clauses.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

#: The method every ruleset's working copy uses to record an event (``Draft.emit`` in OblivAeon):
#: the event contract of the architecture ("every event names the clause that produced it").
EMIT_METHOD = "emit"

#: How far down (callees) and up (callers) the call graph a reaction or an attribution is followed.
DEPTH = 6


@dataclass
class EmitSite:
    pos: tuple[int, int]
    kind: str
    clauses: tuple[str, ...]
    """Literal clause ids (empty: the clause is an expression we cannot read statically)."""
    line: int


@dataclass
class Function:
    """What one model function does, as far as its source says."""

    module: str
    name: str
    line: int
    params: tuple[str, ...]
    clauses: tuple[str, ...] = ()
    emits: list[EmitSite] = field(default_factory=list)
    next_work: list[tuple[tuple[int, int], str]] = field(default_factory=list)
    """(position, target function key) for calls, pushed names and built instructions."""
    writes: set[str] = field(default_factory=set)
    reads_in_tests: set[str] = field(default_factory=set)
    registers: set[str] = field(default_factory=set)
    handles: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        return f"{self.module}.{self.name}"

    @property
    def where(self) -> str:
        return f"{self.module}:{self.line}"


@dataclass
class Wrapper:
    """A function that passes its parameters on to ``emit`` (kind and/or clause)."""

    kind: tuple  # ("const", str) | ("param", i) | ("concat", prefix, i)
    clause_param: int | None


@dataclass(frozen=True)
class StaticEdge:
    source: str
    target: str
    relation: str
    via: str


# --- reading the package ---------------------------------------------------------------------


def _modules(package: str) -> list:
    pkg = importlib.import_module(package)
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        importlib.import_module(info.name)
    return [m for n, m in sorted(sys.modules.items()) if m is not None and (n == package or n.startswith(package + "."))]


def _declared(module) -> dict[str, tuple[str, ...]]:
    """Function name -> declared clause ids, read from the live module (the declarations are runtime data)."""
    out = {}
    for name, obj in vars(module).items():
        fn = getattr(obj, "__wrapped__", obj)
        clauses = getattr(fn, "__clauses__", None)
        if clauses and getattr(fn, "__module__", None) == module.__name__:
            out[getattr(fn, "__name__", name)] = tuple(dict.fromkeys(clauses))
    return out


def _str(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _pos(node) -> tuple[int, int]:
    return (node.lineno, node.col_offset)


class _Imports(ast.NodeVisitor):
    """Local names that stand for functions or modules of the package (imports at any depth)."""

    def __init__(self, package: str, module: str) -> None:
        self.package, self.module = package, module
        self.names: dict[str, tuple[str, str | None]] = {}

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            base = ".".join(self.module.split(".")[: -node.level] + ([base] if base else []))
        if not base.startswith(self.package):
            return
        for a in node.names:
            local = a.asname or a.name
            full = f"{base}.{a.name}"
            if full in sys.modules:
                self.names[local] = (full, None)  # a module
            else:
                self.names[local] = (base, a.name)  # a function (or class) of a module


def _functions(tree: ast.Module) -> Iterable[ast.FunctionDef]:
    """Module-level functions and methods of module-level classes (what can be called by name)."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, ast.FunctionDef):
                    yield sub


@dataclass
class ModelCode:
    package: str
    functions: dict[str, Function]
    wrappers: dict[str, Wrapper]
    overrides: list[tuple[str, str, str]]
    """(one clause, the other clause, where): an emit choosing between two literal clause ids."""

    def declaring(self, clause: str) -> list[Function]:
        return [f for f in self.functions.values() if clause in f.clauses]


def read_model(package: str, is_clause: Callable[[str], bool]) -> ModelCode:
    """Parse every module of ``package`` and describe its functions (see the module docstring)."""
    parsed = []
    registry: dict[str, set[str]] = {}  # registered name -> function keys
    handlers: dict[str, set[str]] = {}  # instruction class name -> function keys
    methods: dict[str, set[str]] = {}  # method name -> function keys (receivers are untyped)
    for mod in _modules(package):
        try:
            source = inspect.getsource(mod)
        except (OSError, TypeError):
            continue
        tree = ast.parse(source)
        imports = _Imports(package, mod.__name__)
        imports.visit(tree)
        declared = _declared(mod)
        class_methods = {
            sub.name for node in tree.body if isinstance(node, ast.ClassDef) for sub in node.body if isinstance(sub, ast.FunctionDef)
        }
        for fn in _functions(tree):
            f = Function(mod.__name__, fn.name, fn.lineno, tuple(a.arg for a in fn.args.args), declared.get(fn.name, ()))
            for dec in fn.decorator_list:
                if isinstance(dec, ast.Call) and len(dec.args) == 1:
                    name = _str(dec.args[0])
                    if name is not None:
                        f.registers.add(name)
                    elif isinstance(dec.args[0], ast.Attribute | ast.Name):
                        f.handles.add(dec.args[0].attr if isinstance(dec.args[0], ast.Attribute) else dec.args[0].id)
            parsed.append((f, fn, imports))
            if fn.name in class_methods:
                methods.setdefault(fn.name, set()).add(f.key)
        # programmatic registration: ``registry("name")(function)``
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Call) and len(node.func.args) == 1 and len(node.args) == 1:
                name = _str(node.func.args[0])
                if name is not None and isinstance(node.args[0], ast.Name):
                    registry.setdefault(name, set()).add(f"{mod.__name__}.{node.args[0].id}")
    functions = {f.key: f for f, _, _ in parsed}
    for f in functions.values():
        for name in f.registers:
            registry.setdefault(name, set()).add(f.key)
        for cls in f.handles:
            handlers.setdefault(cls, set()).add(f.key)
    wrappers = _find_wrappers(parsed)
    overrides: list[tuple[str, str, str]] = []
    for f, fn, imports in parsed:
        _scan_body(f, fn, imports, functions, wrappers, registry, handlers, methods, is_clause, overrides)
    return ModelCode(package, functions, wrappers, overrides)


def _find_wrappers(parsed) -> dict[str, Wrapper]:
    wrappers: dict[str, Wrapper] = {}
    for _f, fn, _ in parsed:
        params = [a.arg for a in fn.args.args]
        for node in ast.walk(fn):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == EMIT_METHOD):
                continue
            if len(node.args) < 2:
                continue
            kind_node, clause_node = node.args[0], node.args[1]
            clause_param = params.index(clause_node.id) if isinstance(clause_node, ast.Name) and clause_node.id in params else None
            kind: tuple | None = None
            if isinstance(kind_node, ast.Name) and kind_node.id in params:
                kind = ("param", params.index(kind_node.id))
            elif isinstance(kind_node, ast.BinOp) and isinstance(kind_node.op, ast.Add):
                prefix, right = _str(kind_node.left), kind_node.right
                if prefix is not None and isinstance(right, ast.Name) and right.id in params:
                    kind = ("concat", prefix, params.index(right.id))
            elif _str(kind_node) is not None and clause_param is not None:
                kind = ("const", _str(kind_node))
            if kind is not None or clause_param is not None:
                wrappers[fn.name] = Wrapper(kind or ("const", "?"), clause_param)
    return wrappers


def _clause_literals(node, is_clause) -> tuple[str, ...]:
    """Clause ids a clause expression can take: a literal, or either branch of ``a if c else b``."""
    s = _str(node)
    if s is not None:
        return (s,) if is_clause(s) else ()
    if isinstance(node, ast.IfExp):
        return _clause_literals(node.body, is_clause) + _clause_literals(node.orelse, is_clause)
    return ()


def _call_name(call: ast.Call) -> tuple[str | None, str | None]:
    """(base name, attribute) of the called expression: ``f(...)`` -> (f, None); ``m.f(...)`` -> (m, f);
    a rule looked up in a table by a registered constant, ``TABLE[Kind.X](...)`` -> (None, X), which
    reaches the function registered with ``@register(Kind.X)``."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id, None
    if isinstance(func, ast.Attribute):
        base = func.value.id if isinstance(func.value, ast.Name) else None
        return base, func.attr
    if isinstance(func, ast.Subscript) and isinstance(func.slice, ast.Attribute):
        return None, func.slice.attr
    return None, None


def _scan_body(f, fn, imports, functions, wrappers, registry, handlers, methods, is_clause, overrides) -> None:
    first = fn.args.args[0].arg if fn.args.args else None
    for node in ast.walk(fn):
        if node is fn:
            continue
        if isinstance(node, ast.If | ast.While | ast.IfExp):
            for sub in ast.walk(node.test):
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == first:
                    f.reads_in_tests.add(sub.attr)
        if isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == first:
                    f.writes.add(t.attr)
        if not isinstance(node, ast.Call):
            continue
        base, attr = _call_name(node)
        pos = _pos(node)
        # emits, direct or through a wrapper
        if attr == EMIT_METHOD and len(node.args) >= 2:
            kind = _str(node.args[0])
            if kind is not None:
                f.emits.append(EmitSite(pos, kind, _clause_literals(node.args[1], is_clause), node.lineno))
                _note_override(node.args[1], is_clause, f, overrides)
            continue
        callee = attr if attr is not None else base
        wrap = wrappers.get(callee) if callee else None
        if wrap is not None and callee != fn.name:
            args = list(node.args)
            offset = 1 if attr is not None and base not in imports.names else 0  # a method: ``self`` is the receiver
            kind = _wrapper_kind(wrap.kind, args, offset)
            clauses: tuple[str, ...] = ()
            if wrap.clause_param is not None and 0 <= wrap.clause_param - offset < len(args):
                clause_node = args[wrap.clause_param - offset]
                clauses = _clause_literals(clause_node, is_clause)
                _note_override(clause_node, is_clause, f, overrides)
            if kind is not None:
                f.emits.append(EmitSite(pos, kind, clauses, node.lineno))
        # what this call sets going
        for target in _targets(node, base, attr, imports, f.module, functions, registry, handlers, methods):
            if target != f.key:
                f.next_work.append((pos, target))


def _wrapper_kind(kind: tuple, args: list, offset: int) -> str | None:
    if kind[0] == "const":
        return kind[1]
    i = kind[-1] - offset
    if not 0 <= i < len(args):
        return None
    value = _str(args[i])
    if value is None:
        return None
    return value if kind[0] == "param" else kind[1] + value


def _note_override(node, is_clause, f: Function, overrides: list) -> None:
    if isinstance(node, ast.IfExp):
        a, b = _clause_literals(node.body, is_clause), _clause_literals(node.orelse, is_clause)
        if len(a) == 1 and len(b) == 1 and a != b:
            overrides.append((a[0], b[0], f"{f.module}:{node.lineno}"))


def _targets(node: ast.Call, base, attr, imports: _Imports, module: str, functions, registry, handlers, methods) -> set[str]:
    out: set[str] = set()
    if attr is None and base is not None:
        if f"{module}.{base}" in functions:
            out.add(f"{module}.{base}")
        elif base in imports.names:
            mod, name = imports.names[base]
            if name is not None and f"{mod}.{name}" in functions:
                out.add(f"{mod}.{name}")
        out |= handlers.get(base, set())
    elif attr is not None:
        if base in imports.names and imports.names[base][1] is None:
            mod = imports.names[base][0]
            if f"{mod}.{attr}" in functions:
                out.add(f"{mod}.{attr}")
            out |= handlers.get(attr, set()) if base in imports.names else set()
        else:
            out |= methods.get(attr, set())
        out |= handlers.get(attr, set())
    # a pushed name that some function registered under (only method calls push work)
    if attr is not None and node.args:
        name = _str(node.args[0])
        if name is not None:
            out |= registry.get(name, set())
    return out


# --- edges ---------------------------------------------------------------------------------


def _reach_declared(code: ModelCode, start: str, depth: int = DEPTH) -> dict[str, str]:
    """Declared clauses reachable from ``start`` through undeclared functions: clause -> function key."""
    found: dict[str, str] = {}
    frontier, seen = [start], {start}
    for _ in range(depth):
        nxt = []
        for key in frontier:
            f = code.functions.get(key)
            if f is None:
                continue
            if f.clauses:
                for c in f.clauses:
                    found.setdefault(c, key)
                continue  # a declared function stands for what it calls
            for _at, target in f.next_work:
                if target not in seen:
                    seen.add(target)
                    nxt.append(target)
        frontier = nxt
    return found


def _callers(code: ModelCode) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in code.functions.values():
        for _at, target in f.next_work:
            out.setdefault(target, set()).add(f.key)
    return out


def _declared_ancestors(code: ModelCode, key: str, callers: dict[str, set[str]], depth: int = DEPTH) -> dict[str, str]:
    found: dict[str, str] = {}
    frontier, seen = [key], {key}
    for _ in range(depth):
        nxt = []
        for k in frontier:
            for c in sorted(callers.get(k, ())):
                if c in seen:
                    continue
                seen.add(c)
                f = code.functions[c]
                if f.clauses:
                    for cl in f.clauses:
                        found.setdefault(cl, c)
                else:
                    nxt.append(c)
        frontier = nxt
    return found


def event_node(kind: str) -> str:
    return f"event:{kind}"


def static_edges(code: ModelCode) -> list[StaticEdge]:
    """Every static edge of the rule-interaction graph, in a stable order."""
    edges: set[StaticEdge] = set()
    callers = _callers(code)
    readers: dict[str, set[str]] = {}
    for f in code.functions.values():
        if f.clauses:
            for fld in f.reads_in_tests:
                readers.setdefault(fld, set()).add(f.key)
    for f in sorted(code.functions.values(), key=lambda x: x.key):
        for site in f.emits:
            ev = event_node(site.kind)
            sources = site.clauses
            via = f"{f.where} emits {site.kind!r}"
            if not sources:
                sources = f.clauses or tuple(sorted(_declared_ancestors(code, f.key, callers)))
                via += " (clause resolved at run time; attributed to the declaring caller)"
            for c in sources:
                edges.add(StaticEdge(c, ev, "emits", via))
            for pos, target in f.next_work:
                if pos <= site.pos:
                    continue
                for c, where in sorted(_reach_declared(code, target).items()):
                    edges.add(StaticEdge(ev, c, "reacts", f"{f.where} emits {site.kind!r}, then reaches {where}"))
            for fld in sorted(f.writes):
                for r in sorted(readers.get(fld, ())):
                    if r == f.key:
                        continue
                    for c in code.functions[r].clauses:
                        edges.add(StaticEdge(ev, c, "via-state", f"{f.where} writes {fld!r}; {code.functions[r].where} tests it"))
        if f.clauses:
            for _at, target in f.next_work:
                for c, where in sorted(_reach_declared(code, target).items()):
                    for a in f.clauses:
                        if a != c:
                            edges.add(StaticEdge(a, c, "invokes", f"{f.where} reaches {where}"))
    for a, b, where in code.overrides:
        edges.add(StaticEdge(a, b, "overrides", f"{where} picks one of the two"))
    return sorted(edges, key=lambda e: (e.source, e.target, e.relation, e.via))
