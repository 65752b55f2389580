"""The import graph of the installed package, read from the source (nothing is imported to build it).

An edge ``a -> b`` is a module-level import of ``b`` by ``a`` (inside ``if``/``try`` at the top level too);
an import inside a function or method is *deferred*: it runs when called, so it closes no cycle at import
time, which is exactly how a cycle can hide.  ``tests/test_import_graph.py`` holds the graph to one-way
arrows.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
#: Source folder -> the package it installs as (pyproject's package-dir).
FOLDERS = {"model": "oblivaeon_verify.model", "properties": "oblivaeon_verify.properties", "oblivaeon_verify": "oblivaeon_verify"}


@dataclass(frozen=True)
class Deferred:
    """An import inside a function: ``module`` imports ``target`` at line ``line`` when the function runs."""

    module: str
    target: str
    line: int


def modules() -> dict[str, Path]:
    found = {}
    for folder, package in FOLDERS.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT / folder).with_suffix("")
            if "scenario_files" in rel.parts:
                continue
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def _targets(node: ast.AST, module: str, is_package: bool, known: dict) -> list[str]:
    """The project modules an import statement names (``from p import m`` names ``p.m`` when that is a module)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            parent = module.split(".") if is_package else module.split(".")[:-1]
            parent = parent[: len(parent) - (node.level - 1)]
            base = ".".join(parent + ([base] if base else []))
        submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
        # ``from p import m`` of a submodule depends on m alone (p, its parent, is imported first anyway)
        names = submodules if len(submodules) == len(node.names) else [base, *submodules]
    out = []
    for name in names:
        while name and name not in known:  # ``import a.b.c`` imports a, a.b and a.b.c; keep the deepest known
            name = name.rpartition(".")[0]
        if name and name not in out:
            out.append(name)
    return out


def graph() -> tuple[nx.DiGraph, list[Deferred]]:
    known = modules()
    g = nx.DiGraph()
    deferred: list[Deferred] = []
    for module, path in known.items():
        g.add_node(module)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        top: set[int] = set()
        for stmt in tree.body:
            if isinstance(stmt, (ast.If, ast.Try, ast.Import, ast.ImportFrom)):
                top |= {id(n) for n in ast.walk(stmt) if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                continue
            for target in _targets(node, module, is_package, known):
                if target == module:
                    continue
                if id(node) in top:
                    g.add_edge(module, target, line=node.lineno)
                else:
                    deferred.append(Deferred(module, target, node.lineno))
    return g, deferred


def cycles(g: nx.DiGraph) -> list[list[str]]:
    """Each group of modules that import each other in a circle, with one circle through it, sorted."""
    out = []
    for group in nx.strongly_connected_components(g):
        if len(group) > 1:
            out.append(nx.find_cycle(g.subgraph(group)))
    return sorted([[a for a, _b in c] for c in out])


def dodges(g: nx.DiGraph, deferred: list[Deferred]) -> list[Deferred]:
    """The deferred imports that would close a cycle if they were made at module level."""
    return [d for d in deferred if d.target in g and d.module in g and nx.has_path(g, d.target, d.module)]


MODEL, LIBRARY, PROPERTIES, APPLICATION = range(4)
"""The layers, bottom first: a module may import its own layer and those below it, never one above."""
LAYER_NAMES = ("the model", "the library", "the properties", "the application")
LIBRARY_MODULES = (
    "oblivaeon_verify.smt",
    "oblivaeon_verify.words",
    "oblivaeon_verify.play",
    "oblivaeon_verify.explore",
    "oblivaeon_verify.heartbeat",
    "oblivaeon_verify.output",
    "oblivaeon_verify.knockout",
    "oblivaeon_verify.replay_file",
    "oblivaeon_verify.scenario_lib",
    "oblivaeon_verify.interrupts",
    "oblivaeon_verify.exits",
)
"""The game-independent library: the SMT kernel, weighted random choice, breadth-first exploration, words, progress, the output
folder's safety, knock-out, the replay file's format, the scenario schema and runner, how a run answers a
signal and what its exit codes mean (a module listed covers its submodules)."""


def layer(module: str) -> int:
    if module == "oblivaeon_verify.model" or module.startswith("oblivaeon_verify.model."):
        return MODEL
    if any(module == m or module.startswith(m + ".") for m in LIBRARY_MODULES):
        return LIBRARY
    if module == "oblivaeon_verify.properties" or module.startswith("oblivaeon_verify.properties."):
        return PROPERTIES
    return APPLICATION


def _packages(module: str) -> list[str]:
    """The module and the packages above it: importing ``a.b.c`` runs ``a/b/__init__`` too (the root
    package, ``oblivaeon_verify/__init__``, holds only the version and is left out)."""
    parts = module.split(".")
    return [".".join(parts[:n]) for n in range(len(parts), 1, -1)]


def upward(g: nx.DiGraph, deferred: list[Deferred]) -> list[str]:
    """Every import, at module level or deferred, of a module (or of a package it is in, whose
    ``__init__`` runs first) in a higher layer than the importer's."""
    arrows = [(a, b, g.edges[a, b].get("line", 0)) for a, b in g.edges] + [(d.module, d.target, d.line) for d in deferred]
    return sorted(
        {
            f"{a} line {line} ({LAYER_NAMES[layer(a)]}) imports {p} ({LAYER_NAMES[layer(p)]})"
            for a, b, line in arrows
            for p in _packages(b)
            if layer(p) > layer(a) and (p == b or p in g)
        }
    )
