"""The ruleset contract (issue 12): one typed plugin per ruleset declares everything the harness reads.

Three checks, each shown able to fail: every registered plugin is a ``Plugin`` whose parts provide
every member their Protocol lists; the harness reads nothing of a ruleset by ``getattr`` and imports
no module by a name it builds or reads off a ruleset; the model names no properties module.
"""

from __future__ import annotations

import ast
import types
import typing
from collections import abc
from pathlib import Path

import pytest
from oblivaeon_verify.properties.common import plugin as contract
from oblivaeon_verify.properties.common.census import CensusFacts
from oblivaeon_verify.properties.common.plugin import Game, Plugin, members

from oblivaeon_verify import rulesets

ROOT = Path(__file__).resolve().parents[1]
HARNESS = ROOT / "oblivaeon_verify"
MODEL = ROOT / "model"


# --- every plugin keeps the contract ------------------------------------------------------------


def missing(obj, protocol: type) -> list[str]:
    """The members ``protocol`` lists that ``obj`` lacks (a method that is not callable counts as lacking)."""
    methods = {n for n, v in vars(protocol).items() if callable(v)}
    return [m for m in members(protocol) if not hasattr(obj, m) or (m in methods and not callable(getattr(obj, m)))]


def parts() -> dict[str, type]:
    """Plugin field -> the Protocol its loader returns, read from the Plugin's own annotations."""
    out = {}
    for field, hint in typing.get_type_hints(Plugin).items():
        for loader in (hint, *typing.get_args(hint)):  # ``Callable[[], P]`` or ``Callable[[], P] | None``
            args = typing.get_args(loader)
            if typing.get_origin(loader) is abc.Callable and args and args[0] == [] and getattr(args[1], "_is_protocol", False):
                out[field] = args[1]
    return out


def test_the_plugin_declares_a_protocol_for_each_loaded_part():
    assert parts() == {
        "properties": contract.Properties,
        "machine": contract.StateMachine,
        "graph_facts": contract.GraphFacts,
        "symbolic": contract.SymbolicEncoding,
        "clarify": contract.ClarifyLanguage,
        "scenario_vocab": contract.ScenarioVocabulary,
        "census": CensusFacts,
    }


@pytest.mark.parametrize("name", rulesets.available())
def test_every_registered_plugin_keeps_the_contract(name):
    plugin = rulesets.plugin(name)
    assert isinstance(plugin, Plugin) and plugin.name == name and rulesets.load(name) is plugin.game
    assert missing(plugin.game, Game) == []
    for field, protocol in parts().items():
        load = getattr(plugin, field)
        if load is not None:
            assert missing(load(), protocol) == [], f"{name}: the {field} part"
    for field, hint in typing.get_type_hints(Plugin).items():  # the other functions it holds (extra proofs, ...)
        if "Callable" in str(hint) and getattr(plugin, field) is not None:
            assert callable(getattr(plugin, field)), f"{name}: {field}"
    assert plugin.witnesses.is_dir()


def test_the_members_of_a_protocol_are_its_annotations_and_its_methods():
    class Toy(typing.Protocol):
        WORDS: tuple[str, ...]
        """A data member."""

        def judge(self, text: str) -> dict:
            """A method."""

    assert members(Toy) == ("WORDS", "judge")
    assert missing(types.SimpleNamespace(WORDS=(), judge=lambda text: {}), Toy) == []
    assert missing(types.SimpleNamespace(judge="not callable"), Toy) == ["WORDS", "judge"]


def test_a_part_without_a_member_of_its_protocol_is_found():
    facts = rulesets.plugin("aeons_end").graph_facts()
    partial = types.SimpleNamespace(**{m: getattr(facts, m) for m in members(contract.GraphFacts) if m != "SHOWN_BY_RULE"})
    assert missing(partial, contract.GraphFacts) == ["SHOWN_BY_RULE"]


def test_an_unknown_ruleset_is_refused_listing_the_known_ones():
    with pytest.raises(rulesets.UnknownRuleset, match=r"unknown ruleset 'toy'; available: aeons_end, oblivaeon"):
        rulesets.plugin("toy")


# --- the harness reads nothing by convention -----------------------------------------------------

#: What the harness calls a ruleset, its plugin and the plugin's parts: a ``getattr`` on one of them
#: would read a member the contract does not declare.
PART_NAMES = {
    "model",
    "props",
    "properties",
    "sym",
    "symbolic",
    "facts",
    "facts_mod",
    "graph_facts",
    "vocab",
    "vocabulary",
    "language",
    "machine",
}

#: (file, function) -> why a dynamic lookup there is no reading of a ruleset by convention.
ALLOWED = {
    ("oblivaeon_verify/cli.py", "build_parser"): "imports the harness's own commands, one module each (oblivaeon_verify.commands)",
    ("oblivaeon_verify/commands/merge.py", "cmd_merge"): "imports the harness's own command a shard file names",
    ("oblivaeon_verify/sections/__init__.py", "available"): "imports the harness's own report sections, one module each",
    ("oblivaeon_verify/graphs/acting.py", "__getattr__"): "a wrapper forwarding every member it does not change to the ruleset it wraps",
}

IMPORTERS = {"import_module", "__import__"}


def _names(node: ast.AST) -> set[str]:
    """The names and attribute names in an expression: ``properties(ruleset).__name__`` -> properties, ruleset, __name__."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


def _of_a_ruleset(node: ast.AST) -> bool:
    return any("ruleset" in n or "plugin" in n or n in PART_NAMES for n in _names(node))


def _called(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def lookups(source: str, filename: str) -> list[str]:
    """Every ``getattr``/``hasattr`` on a ruleset (or its plugin or a part), and every import of a module by a
    name built at run time (an f-string, a concatenation, ``.format``) or read off a ruleset, as ``file:line: what``."""
    found = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call) and child.args and (filename, function) not in ALLOWED:
                name, first = _called(child), child.args[0]
                if name in ("getattr", "hasattr") and _of_a_ruleset(first):
                    found.append(f"{filename}:{child.lineno}: {name} on {ast.unparse(first)}")
                built = isinstance(first, (ast.JoinedStr, ast.BinOp)) or (isinstance(first, ast.Call) and _called(first) == "format")
                if name in IMPORTERS and (built or _of_a_ruleset(first)):
                    found.append(f"{filename}:{child.lineno}: {name} of {ast.unparse(first)}")
            visit(child, inner)

    visit(ast.parse(source, filename), "")
    return found


def test_the_harness_reads_no_ruleset_by_getattr_and_imports_no_module_by_a_built_name():
    found = []
    for path in sorted(HARNESS.rglob("*.py")):
        found += lookups(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_every_allowed_lookup_is_still_there():
    """An exception that no longer matches anything is taken out of the list, not left to excuse a new one."""
    for (filename, function), _why in ALLOWED.items():
        tree = ast.parse((ROOT / filename).read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.FunctionDef) and n.name == function for n in ast.walk(tree)), (filename, function)


@pytest.mark.parametrize(
    "snippet, what",
    [
        ("w = getattr(ruleset, 'decision_weight', None)\n", "getattr on ruleset"),
        ("def f(self):\n    return hasattr(self.ruleset, 'with_round')\n", "hasattr on self.ruleset"),
        ("n = getattr(props, 'KNOCKOUT_GAMES', 20)\n", "getattr on props"),
        ("x = getattr(rulesets.plugin(r).symbolic(), 'QUERY_NAMES', ())\n", "getattr on rulesets.plugin(r).symbolic()"),
        ("m = importlib.import_module(f'oblivaeon_verify.properties.{name}.scenario_vocab')\n", "import_module of f'"),
        ("m = importlib.import_module(properties(ruleset).__name__ + '.machine')\n", "import_module of properties(ruleset).__name__"),
        ("m = importlib.import_module(ruleset.symbolic_module)\n", "import_module of ruleset.symbolic_module"),
        ("m = importlib.import_module('{}.x'.format(base))\n", "import_module of '{}.x'.format(base)"),
    ],
)
def test_the_scan_finds_a_lookup_by_convention(snippet, what):
    found = lookups(snippet, "example.py")
    assert len(found) == 1 and what in found[0], found


def test_the_scan_leaves_plain_reads_and_fixed_imports_alone():
    source = "w = ruleset.decision_weight\nm = importlib.import_module('oblivaeon_verify.graphs')\nt = getattr(e, 'signum', None)\n"
    assert lookups(source, "example.py") == []


# --- the model names no properties module --------------------------------------------------------

PROPERTIES = "oblivaeon_verify.properties"


def properties_named_in(source: str, filename: str) -> list[str]:
    return [f"{filename}:{i}" for i, line in enumerate(source.splitlines(), 1) if PROPERTIES in line]


def test_the_model_names_no_properties_module():
    found = []
    for path in sorted(MODEL.rglob("*.py")):
        found += properties_named_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_the_model_scan_finds_a_properties_module_named():
    assert properties_named_in('X = 1\nsymbolic_module = "oblivaeon_verify.properties.toy.symbolic"\n', "ruleset.py") == ["ruleset.py:2"]
