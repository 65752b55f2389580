"""Imports go one way: no module imports itself round a circle, and no import hidden in a function closes one.

The graph is read from the source (``tests/imports.py``).  A deferred import is fine when it only
postpones loading (a command's heavy dependency); it is a defect when moving it to the top would close
a cycle, because then the modules depend on each other and only the order of calls keeps it working.
"""

from __future__ import annotations

import functools

import networkx as nx

from tests import imports


@functools.cache
def _read() -> tuple:
    """The graph and the deferred imports, read once per process, when a test first asks (not at collection, where
    every worker would pay for it)."""
    return imports.graph()


def _graph():
    return _read()[0]


def _deferred():
    return _read()[1]


def _where(d: imports.Deferred) -> str:
    return f"{d.module} line {d.line} imports {d.target}"


def test_the_graph_holds_every_module_and_its_imports():
    assert "oblivaeon_verify.model.common.kernel" in _graph() and "oblivaeon_verify.cli" in _graph()
    assert _graph().has_edge("oblivaeon_verify.model.aeons_end.engine", "oblivaeon_verify.model.aeons_end.draft")
    assert _graph().has_edge("oblivaeon_verify.model.common.draft", "oblivaeon_verify.model.common.kernel")


def test_no_modules_import_each_other_in_a_circle():
    assert imports.cycles(_graph()) == []


def test_no_import_inside_a_function_hides_a_cycle():
    assert [_where(d) for d in imports.dodges(_graph(), _deferred())] == []


def test_the_model_defers_no_import():
    """The model has no heavy dependency to postpone, so every import it makes is at the top of its module, where a
    reader sees what the module depends on (and no rule pays for an import statement each time it runs)."""
    assert [_where(d) for d in _deferred() if d.module.startswith("oblivaeon_verify.model.")] == []


def test_the_model_imports_nothing_but_the_model():
    outside = sorted(
        f"{a} imports {b}"
        for a, b in _graph().edges
        if a.startswith("oblivaeon_verify.model.") and not b.startswith("oblivaeon_verify.model")
    )
    outside += sorted(
        _where(d)
        for d in _deferred()
        if d.module.startswith("oblivaeon_verify.model.") and not d.target.startswith("oblivaeon_verify.model")
    )
    assert outside == []


def test_the_checks_find_a_circle_and_an_import_that_hides_one():
    g = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    assert imports.cycles(g) == [["a", "b", "c"]]
    g.remove_edge("c", "a")
    hidden = imports.Deferred("c", "a", 7)
    harmless = imports.Deferred("a", "d", 9)
    assert imports.cycles(g) == [] and imports.dodges(g, [hidden, harmless]) == [hidden]


def test_imports_point_down_the_layers_model_library_properties_application():
    """The model and the game-independent library at the bottom, the properties above them, the
    application (commands, campaigns, reports) on top: no import, deferred or not, points up."""
    assert imports.layer("oblivaeon_verify.model.oblivaeon.engine") == imports.MODEL
    assert imports.layer("oblivaeon_verify.smt.kinduction") == imports.LIBRARY
    assert imports.layer("oblivaeon_verify.replay_file") == imports.LIBRARY
    assert imports.layer("oblivaeon_verify.properties.common.machine") == imports.PROPERTIES
    assert imports.layer("oblivaeon_verify.replay") == imports.APPLICATION
    assert imports.upward(_graph(), _deferred()) == []


def test_the_layer_check_finds_an_import_that_points_up():
    g = nx.DiGraph()
    g.add_edge("oblivaeon_verify.properties.common.machine", "oblivaeon_verify.replay", line=27)
    g.add_edge("oblivaeon_verify.replay", "oblivaeon_verify.replay_file", line=60)
    # Importing a module runs its package's __init__ first: the package is imported too.
    g.add_edge("oblivaeon_verify.properties.oblivaeon.scenario_vocab", "oblivaeon_verify.scenarios.vocab_base", line=40)
    g.add_node("oblivaeon_verify.scenarios")
    up = imports.Deferred("oblivaeon_verify.smt.itf", "oblivaeon_verify.rulesets", 12)
    assert imports.upward(g, [up]) == [
        "oblivaeon_verify.properties.common.machine line 27 (the properties) imports oblivaeon_verify.replay (the application)",
        "oblivaeon_verify.properties.oblivaeon.scenario_vocab line 40 (the properties) imports oblivaeon_verify.scenarios (the application)",
        "oblivaeon_verify.properties.oblivaeon.scenario_vocab line 40 (the properties) imports oblivaeon_verify.scenarios.vocab_base (the application)",
        "oblivaeon_verify.smt.itf line 12 (the library) imports oblivaeon_verify.rulesets (the application)",
    ]
