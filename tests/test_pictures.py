"""The report's pictures: Graphviz lays them out when its dot is installed, the built-in layout otherwise, and
neither cuts a box off at the edge of its drawing."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pytest

from oblivaeon_verify.graphs import draw

SVG = "{http://www.w3.org/2000/svg}"


def needs_graphviz() -> None:
    if draw.graphviz_version() is None:
        if os.environ.get("CI"):
            pytest.fail("Graphviz's dot is not installed, and CI is set: .ci/run installs it (apt-get install graphviz)")
        pytest.skip("Graphviz's dot is not installed (Debian: apt-get install graphviz; .ci/run installs it)")


def chain(n: int, long_ids: bool = True) -> str:
    """The rules-that-fired picture of a run: n clauses in order, with long ids and a hexagon now and then."""
    lines = ["flowchart LR"]
    for i in range(n):
        label = f"CLAR.RITES-OF-REVIVAL-USURPED-{i}" if long_ids else f"C{i}"
        lines.append(f'  c{i}{{{{"{label}"}}}}' if i % 3 == 0 else f'  c{i}["{label}"]')
    lines += [f"  c{i} --> c{i + 1}" for i in range(n - 1)]
    return "\n".join(lines) + "\n"


def tangle() -> str:
    """An overview-like picture: families with edges both ways, a cycle, isolated boxes and an event."""
    names = ["SETUP", "ROUND", "HERO", "VILLAIN", "ENV", "INCAP", "ID", "BZ", "CLAR", "MISSION", "OA-TURN", "SHIELD"]
    lines = ["flowchart LR"] + [f'  n_{i}["{n}"]' for i, n in enumerate(names)] + ['  n_ev(["event: environment-removed"])']
    for i in range(2, len(names)):
        for j in range(2, len(names)):
            if i != j and (i * 7 + j * 3) % 4 == 0:
                lines.append(f"  n_{i} {'-->' if (i + j) % 2 else '-.->'} n_{j}")
    lines += ["  n_4 --> n_ev", "  n_ev -.-> n_8", "  n_8 --> n_4"]
    return "\n".join(lines) + "\n"


def view_box(root) -> tuple[float, float, float, float]:
    x, y, w, h = map(float, root.get("viewBox").split())
    return x, y, x + w, y + h


def box_of(node) -> tuple[float, float, float, float]:
    """The extent of a node's rect or polygon, in the drawing's units."""
    for shape in node:
        if shape.tag == SVG + "rect":
            x, y = float(shape.get("x")), float(shape.get("y"))
            return x, y, x + float(shape.get("width")), y + float(shape.get("height"))
        if shape.tag == SVG + "polygon":
            pts = [tuple(map(float, p.split(","))) for p in shape.get("points").split()]
            return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)
    raise AssertionError("a node without a box")


def outside(svg_text: str) -> list[str]:
    """The nodes of a built-in-layout drawing whose box, or whose label's estimated width, leaves the viewBox or the box."""
    root = ET.fromstring(svg_text)
    left, top, right, bottom = view_box(root)
    bad = []
    for node in root.iter(SVG + "g"):
        if node.get("class") != "node":
            continue
        x0, y0, x1, y1 = box_of(node)
        name = node.find(SVG + "title").text
        if x0 < left or y0 < top or x1 > right or y1 > bottom:
            bad.append(f"{name}: box {x0, y0, x1, y1} outside the drawing {left, top, right, bottom}")
        for text in node.iter(SVG + "text"):
            if len(text.text) * draw.CHAR > x1 - x0:
                bad.append(f"{name}: label {text.text!r} wider than its box")
    return bad


@pytest.mark.parametrize(
    "picture", [chain(20), chain(6, long_ids=False), chain(1), tangle()], ids=["long-chain", "short-chain", "one", "tangle"]
)
def test_the_built_in_layout_keeps_every_box_and_label_inside_its_drawing(picture):
    svg = draw.own_layout(draw.parse(picture))
    assert 'data-layout="own"' in svg
    assert outside(svg) == []
    assert svg.count('<g class="node">') == len(draw.parse(picture).nodes)


def test_the_clipping_check_catches_a_box_cut_off_at_the_edge():
    svg = draw.own_layout(draw.parse(chain(7)))
    # the old layout's fault: a drawing one column too narrow for its last box
    left, top, right, bottom = view_box(ET.fromstring(svg))
    narrowed = re.sub(r'viewBox="[^"]+"', f'viewBox="{left:.0f} {top:.0f} {right - left - 100:.0f} {bottom - top:.0f}"', svg)
    assert any("outside the drawing" in b for b in outside(narrowed))
    squeezed = re.sub(r'(<rect x="[^"]+" y="[^"]+" width=")(\d+)', lambda m: m.group(1) + "60", svg, count=1)
    assert any("wider than its box" in b for b in outside(squeezed))


def test_labels_wrap_at_spaces_and_never_cut_a_clause_id():
    assert draw.wrap("event: a very long event kind name that goes on and on") == [
        "event: a very long event",
        "kind name that goes on and",
        "on",
    ]
    assert draw.wrap("CLAR.RITES-OF-REVIVAL-USURPED-RETURN-TO-BOX") == ["CLAR.RITES-OF-REVIVAL-USURPED-RETURN-TO-BOX"]


def test_a_chain_is_recognised_and_a_tangle_is_not():
    assert draw.parse(chain(8)).is_chain() and not draw.parse(tangle()).is_chain()


def _graphviz_nodes(svg: str) -> dict[str, tuple[float, float, float, float]]:
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter(SVG + "g"):
        if g.get("class") == "node":
            shape = g.find(SVG + "polygon")
            shape = shape if shape is not None else g.find(SVG + "path")
            nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", shape.get("points") or shape.get("d"))]
            xs, ys = nums[0::2], nums[1::2]
            out[g.find(SVG + "title").text] = (min(xs), min(ys), max(xs), max(ys))
    return out


def test_graphviz_draws_the_pictures_when_dot_is_installed():
    needs_graphviz()
    svg = draw.svg(tangle())
    assert 'data-layout="graphviz"' in svg and "<?xml" not in svg and "<!--" not in svg and "xlink" not in svg
    assert set(_graphviz_nodes(svg)) == set(draw.parse(tangle()).nodes)


def test_graphviz_draws_a_long_chain_in_rows_read_left_to_right():
    needs_graphviz()
    svg = draw.svg(chain(13))
    boxes = _graphviz_nodes(svg)
    order = [f"c{i}" for i in range(13)]
    rows = [order[i : i + draw.WRAP] for i in range(0, 13, draw.WRAP)]
    for row in rows:
        lefts = [boxes[n][0] for n in row]
        assert lefts == sorted(lefts), row  # left to right
        assert len({round(boxes[n][1]) for n in row}) == 1, row  # one row
    assert all(boxes[a][1] < boxes[b][1] for a, b in zip([r[0] for r in rows], [r[0] for r in rows[1:]]))  # rows top to bottom


def test_the_same_picture_is_drawn_to_the_same_bytes():
    needs_graphviz()
    assert draw.svg(tangle()) == draw.svg(tangle())


def test_pictures_drawn_together_are_the_pictures_drawn_one_by_one(monkeypatch):
    """The report draws its pictures by one run of dot (draw.svgs): each is the same bytes as drawn alone, the
    empty one too, and a repeated one is drawn once; without dot, each is the built-in layout's."""
    needs_graphviz()
    texts = [chain(3), tangle(), chain(13), chain(3), "flowchart LR\n", chain(7, long_ids=False)]
    together = draw.svgs(texts)
    assert sorted(together) == sorted(set(texts))
    assert all(together[t] == draw.svg(t) for t in texts)
    assert together[tangle()] != together[chain(3)] and 'data-layout="graphviz"' in together[tangle()]
    monkeypatch.setattr(draw, "graphviz_version", lambda: None)
    assert draw.svgs(texts) == {t: draw.svg(t) for t in texts} and 'data-layout="graphviz"' not in draw.svgs(texts)[tangle()]
