"""Pictures and files: Mermaid, DOT, GraphML, SVG (when Graphviz is installed), and their command."""

from __future__ import annotations

import json
import shutil

import networkx as nx
import pytest

from oblivaeon_verify import rulesets
from oblivaeon_verify.cli import main
from oblivaeon_verify.graphs import export
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import interaction as ia
from oblivaeon_verify.graphs.dynamic import observe


@pytest.fixture(scope="module")
def built():
    r = rulesets.load("oblivaeon")
    facts = facts_mod.load(r)
    obs = observe(r, seed=2, games=1, players=(3,), schedule=facts.SCHEDULE)
    return ia.build(r, facts, obs), facts


def test_the_focused_picture_of_a_clarification_shows_the_paths_into_it(built):
    g, facts = built
    text = export.mermaid_for_clause(g, facts, "CLAR.SENTINELS")
    assert text.startswith("flowchart LR")
    assert 'n_CLAR_SENTINELS{{"CLAR.SENTINELS"}}' in text
    paths = ia.paths_into(g, facts, "CLAR.SENTINELS").paths
    assert paths and all(f"n_{p[0].replace('.', '_').replace('-', '_')}[" in text for p in paths)
    assert text.count("-->") + text.count("-.->") == sum(len(p) - 1 for p in paths) - _shared(paths)


def _shared(paths) -> int:
    edges = [(a, b) for p in paths for a, b in zip(p, p[1:])]
    return len(edges) - len(set(edges))


def test_the_overview_gathers_clauses_by_family(built):
    g, _ = built
    o = export.overview(g)
    assert {"BZ", "CLAR", "INCAP", "ENV"} <= set(o.nodes)
    assert o.nodes["CLAR"]["clarifications"] == sum(1 for c in g.nodes if facts_mod_is_clar(g, c))
    assert all(max(d["static"], d["observed"]) >= 5 for *_e, d in o.edges(data=True))
    assert not any(ia.is_event(n) for n in o.nodes)


def facts_mod_is_clar(g, node) -> bool:
    return bool(g.nodes[node].get("clarification"))


def test_dot_and_graphml_hold_every_node_and_edge(built, tmp_path):
    g, _ = built
    text = export.dot(g)
    assert text.count(" -> ") == g.number_of_edges()
    (tmp_path / "g.graphml").write_bytes(export.graphml(g))
    back = nx.read_graphml(tmp_path / "g.graphml")
    assert back.number_of_nodes() == g.number_of_nodes() and back.number_of_edges() == g.number_of_edges()
    assert back.edges["BZ.DEV.HERO-INCAP", "event:devastation"]["static"]


def test_an_unknown_format_is_refused(built, tmp_path):
    g, facts = built
    with pytest.raises(ValueError, match="--format"):
        export.write(g, facts, "png", tmp_path)


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_svg_pictures_are_drawn_with_graphviz(built, tmp_path):
    g, facts = built
    files = export.write(g, facts, "svg", tmp_path)
    assert len(files) == 1 + sum(1 for _, d in g.nodes(data=True) if d.get("clarification"))
    assert (tmp_path / "overview.svg").read_text().lstrip().startswith(("<?xml", "<svg"))


def test_without_graphviz_no_svg_is_written_and_nothing_fails(built, tmp_path, monkeypatch):
    g, facts = built
    from oblivaeon_verify.graphs import draw

    monkeypatch.setattr(draw, "graphviz_version", lambda: None)
    notes = export.write(g, facts, "svg", tmp_path)
    assert "not installed" in notes[0] and not list(tmp_path.glob("*.svg"))


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_graph_command_answers_in_json_and_writes_mermaid(capsys, tmp_path):
    code, out, _ = run(capsys, "graph", "--json", "--games", "1", "--hypothesis", "2", "--out", str(tmp_path))
    assert code == 0
    data = json.loads(out)
    assert set(data["paths_into_clarifications"]) >= {"CLAR.SENTINELS", "CLAR.ERASED"}
    known = data["cycles"]["known"][0]
    assert known["shortest"] and known["shortest"]["bounded_by"]
    assert (tmp_path / "overview.mmd").exists() and (tmp_path / "CLAR.SENTINELS.mmd").exists()
    assert len(data["files"]) == 1 + len(data["paths_into_clarifications"])


def test_graph_command_refuses_bad_arguments(capsys):
    code, _, err = run(capsys, "graph", "--games", "-1")
    assert code == 2 and "--games" in err
    code, _, err = run(capsys, "graph", "--format", "dot")
    assert code == 2 and "--out" in err


def test_explore_command_reports_counts_and_is_deterministic(capsys):
    code, out, _ = run(capsys, "explore", "--depth", "2", "--max-states", "500", "--json", "--timing")
    assert code == 0
    a = json.loads(out)
    assert a.pop("timing")["pressure"]["states_per_second"] > 0
    _, out2, _ = run(capsys, "explore", "--depth", "2", "--max-states", "500", "--json")
    assert json.loads(out2) == a and "timing" not in out2
    row = a["configurations"][0]
    assert row["states"] == sum(row["per_depth"].values()) and row["complete"] and row["dead_ends"] == []
    assert row["per_depth"]["0"] == 1


def test_explore_command_refuses_bad_arguments(capsys):
    code, _, err = run(capsys, "explore", "--depth", "-2")
    assert code == 2 and "--depth" in err
    code, _, err = run(capsys, "explore", "--configuration", "nope")
    assert code == 2 and "pressure" in err


def test_a_report_page_gets_the_picture_of_a_clause_by_its_id():
    from oblivaeon_verify.graphs import clause_picture

    r = rulesets.load("oblivaeon")
    text = clause_picture(r, "CLAR.SENTINELS", games=1, hypothesis_examples=1)
    assert text.startswith("flowchart LR") and "CLAR.SENTINELS" in text
    assert clause_picture(r, "CLAR.SENTINELS", games=1, hypothesis_examples=1) == text
    with pytest.raises(KeyError, match="CLAR.NOPE"):
        clause_picture(r, "CLAR.NOPE")
