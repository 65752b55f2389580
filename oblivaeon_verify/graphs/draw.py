"""The report's pictures: a Mermaid flowchart (the subset :mod:`.export` and the report write) drawn as inline SVG.

Graphviz lays the picture out when its ``dot`` program is installed (through the ``graphviz``
package); our own layered layout is the fallback.  Either way the drawing's ``viewBox`` holds
every box, label and curve, and the page scales the drawing down to its frame, so no box is ever
cut off at the frame's edge.  Each box is a ``<g class="node">`` in both drawings, which is what the
browser test measures.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache

WRAP = 5
"""Boxes per row: a long chain (the rules that fired in a run) is drawn in rows of this many, left to right."""
LABEL_WIDTH = 26
"""Characters per line of a box's label; longer labels wrap at spaces (ids have none, and are never cut)."""

_NODE = re.compile(r'^\s*(\w+)\s*(\{\{"(.*?)"\}\}|\(\["(.*?)"\]\)|\["(.*?)"\])\s*$')
_EDGE = re.compile(r"^\s*(\w+)\s*(-->|-\.->)\s*(\w+)\s*$")

FILL = {"hexagon": "#fde8c8", "stadium": "#e3effd", "box": "#eef5e9"}
STROKE = {"hexagon": "#b57b26", "stadium": "#667788", "box": "#667788"}


@dataclass(frozen=True)
class Picture:
    """A flowchart: nodes in the order given, each with its label and shape, and edges (from, to, dashed)."""

    nodes: dict[str, tuple[str, str]]
    edges: list[tuple[str, str, bool]]

    def is_chain(self) -> bool:
        """Each node leads to the next one and nothing else (a sequence, such as the rules that fired in order)."""
        order = list(self.nodes)
        return [(a, b) for a, b, _ in self.edges] == list(zip(order, order[1:]))


def parse(text: str) -> Picture:
    """The nodes {id: (label, shape)} and edges [(a, b, dashed)] of a ``flowchart`` in the subset we write."""
    nodes: dict[str, tuple[str, str]] = {}
    edges: list[tuple[str, str, bool]] = []
    for line in text.splitlines():
        m = _NODE.match(line)
        if m:
            label = m.group(3) or m.group(4) or m.group(5) or m.group(1)
            shape = "hexagon" if m.group(3) is not None else ("stadium" if m.group(4) is not None else "box")
            nodes[m.group(1)] = (label, shape)
            continue
        m = _EDGE.match(line)
        if m:
            for n in (m.group(1), m.group(3)):
                nodes.setdefault(n, (n, "box"))
            edges.append((m.group(1), m.group(3), m.group(2) == "-.->"))
    return Picture(nodes, edges)


def wrap(label: str, width: int = LABEL_WIDTH) -> list[str]:
    """A label in lines of at most ``width`` characters, broken at spaces; a word longer than that stays whole."""
    lines, cur = [], ""
    for w in label.split():
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    if cur:
        lines.append(cur)
    return lines or [""]


EMPTY = '<p class="note">(empty picture)</p>'


def svg(text: str) -> str:
    """The picture as inline SVG: by Graphviz when ``dot`` is installed, else by our own layout."""
    pic = parse(text)
    if not pic.nodes:
        return EMPTY
    drawn = by_graphviz(pic)
    return drawn if drawn is not None else own_layout(pic)


def svgs(texts) -> dict[str, str]:
    """``svg(text)`` of each text, the Graphviz ones drawn by one run of ``dot`` for them all.

    A report draws about a hundred pictures, and starting ``dot`` costs more than laying one out:
    dot lays out each graph of its input on its own, so each drawing is the one :func:`svg` gives.
    """
    out: dict[str, str] = {}
    sources: dict[str, str] = {}
    for text in dict.fromkeys(texts):
        pic = parse(text)
        if not pic.nodes:
            out[text] = EMPTY
        elif graphviz_version() is None:
            out[text] = own_layout(pic)
        else:
            sources[text] = dot_source(pic)
    if sources:
        import graphviz

        raw = graphviz.pipe("dot", "svg", "".join(sources.values()).encode(), quiet=True).decode()
        docs = _DOCUMENT.findall(raw)
        if len(docs) != len(sources):
            raise RuntimeError(f"dot drew {len(docs)} pictures of {len(sources)}")
        # (dot names the group of every graph after its input's first one "page0,1_graph0": named as when drawn alone)
        out |= {text: _inline(_FIRST_GRAPH.sub('<g id="graph0"', doc, count=1)) for text, doc in zip(sources, docs)}
    return out


def renderer() -> str:
    """Which layout draws the pictures on this machine (said on the report's pages)."""
    return "Graphviz" if graphviz_version() else "the built-in layout (Graphviz's dot is not installed)"


# --- Graphviz --------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def graphviz_version() -> str | None:
    """The installed Graphviz's version, or None when ``dot`` is not on the PATH."""
    import graphviz

    try:
        return ".".join(map(str, graphviz.version()))
    except (graphviz.ExecutableNotFound, RuntimeError):
        return None


def dot_source(pic: Picture) -> str:
    """The DOT text of the picture: left to right, or in rows of :data:`WRAP` for a long chain."""
    import graphviz

    chain = pic.is_chain() and len(pic.nodes) > WRAP
    g = graphviz.Digraph(
        "picture",
        graph_attr={"rankdir": "TB" if chain else "LR", "nodesep": "0.3", "ranksep": "0.35", "bgcolor": "transparent"},
        node_attr={"fontname": "DejaVu Sans", "fontsize": "10", "style": "filled", "margin": "0.12,0.06"},
        edge_attr={"color": "#555555", "arrowsize": "0.7"},
    )
    for n, (label, shape) in pic.nodes.items():
        g.node(
            n,
            "\n".join(wrap(label)),
            shape="hexagon" if shape == "hexagon" else "box",
            style="filled" if shape == "hexagon" else "rounded,filled",
            fillcolor=FILL[shape],
            color=STROKE[shape],
        )
    if chain:
        order = list(pic.nodes)
        for start in range(0, len(order), WRAP):
            with g.subgraph() as row:
                row.attr(rank="same")
                for n in order[start : start + WRAP]:
                    row.node(n)
        # one column under another: invisible edges from each box to the one a row below it keep the grid
        for above, below in zip(order, order[WRAP:]):
            g.edge(above, below, style="invis", weight="10")
    for a, b, dashed in pic.edges:
        g.edge(a, b, style="dashed" if dashed else "solid")
    return g.source


_PROLOG = re.compile(r"^.*?(?=<svg)", re.S)
_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)
_DOCUMENT = re.compile(r"<\?xml.*?</svg>", re.S)
"""One SVG document of dot's output (it writes one for each graph of its input, each with its prolog)."""
_FIRST_GRAPH = re.compile(r'<g id="page\d+,\d+_graph0"')


def by_graphviz(pic: Picture) -> str | None:
    """The SVG Graphviz draws (inline: no XML prolog, no comments), or None without ``dot``."""
    import graphviz

    if graphviz_version() is None:
        return None
    return _inline(graphviz.pipe("dot", "svg", dot_source(pic).encode(), quiet=True).decode())


def _inline(raw: str) -> str:
    """dot's SVG document for inline HTML: no prolog, no comments, and no xlink namespace (we draw no links)."""
    body = _COMMENT.sub("", _PROLOG.sub("", raw, count=1)).replace(' xmlns:xlink="http://www.w3.org/1999/xlink"', "")
    return body.replace("<svg ", '<svg class="drawing" data-layout="graphviz" ', 1).strip()


# --- the fallback: our own layered layout ------------------------------------------------------


def _layers(pic: Picture) -> dict[str, int]:
    """Left-to-right columns: a node's column is one more than its predecessors' (back edges ignored)."""
    order = list(pic.nodes)
    index = {n: i for i, n in enumerate(order)}
    preds: dict[str, list[str]] = {n: [] for n in order}
    for a, b, _ in pic.edges:
        if a != b:
            preds[b].append(a)
    layer: dict[str, int] = {}
    visiting: set[str] = set()

    def depth(n: str) -> int:
        if n in layer:
            return layer[n]
        if n in visiting:  # a cycle: stop here
            return 0
        visiting.add(n)
        d = max((depth(p) + 1 for p in preds[n] if index[p] != index[n]), default=0)
        visiting.discard(n)
        layer[n] = d
        return d

    for n in order:
        depth(n)
    return layer


CHAR = 6.6
"""Width of one character of the 11 px sans-serif label, with room to spare (DejaVu Sans averages about 6.2)."""
PAD = 20


def own_layout(pic: Picture) -> str:
    """An SVG drawing by our own layered layout, rows of :data:`WRAP` columns, its viewBox fitted to what it draws."""
    layer = _layers(pic)
    cols: dict[int, list[str]] = {}
    for n in pic.nodes:
        cols.setdefault(layer[n], []).append(n)
    labels = {n: wrap(label) for n, (label, _shape) in pic.nodes.items()}
    longest = max(len(line) for lines in labels.values() for line in lines)
    w = max(190, round(longest * CHAR) + 2 * 14)
    h = max(54, 16 + 13 * max(len(x) for x in labels.values()))
    gx, gy = 60, 18
    band_height = max(len(m) for m in cols.values()) * (h + gy) + 2 * gy
    pos = {}
    for c, members in sorted(cols.items()):
        band, col = divmod(c, WRAP)
        for r, n in enumerate(members):
            pos[n] = (col * (w + gx), band * band_height + r * (h + gy))
    xs, ys = [0.0], [0.0]  # every point drawn, to fit the viewBox to them
    out = []
    for a, b, dashed in pic.edges:
        if a == b:
            continue
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if x2 > x1 and abs(y2 - y1) < h:
            sx, sy, ex, ey = x1 + w, y1 + h / 2, x2, y2 + h / 2
        elif y2 > y1:
            sx, sy, ex, ey = x1 + w / 2, y1 + h, x2 + w / 2, y2
        else:
            sx, sy, ex, ey = x1 + w / 2, y1, x2 + w / 2, y2 + h
        dash = ' stroke-dasharray="5 4"' if dashed else ""
        if layer[b] < layer[a] and abs(y2 - y1) < h:
            # a back edge in the same band: a curve below the boxes, so it does not hide the forward edge
            sx, sy, ex, ey = x1 + w / 2, y1 + h, x2 + w / 2, y2 + h
            cx, cy = (sx + ex) / 2, sy + gy + 10
            xs += [sx, ex, cx]
            ys += [sy, ey, cy]
            d = f"M {sx:.0f} {sy:.0f} Q {cx:.0f} {cy:.0f} {ex:.0f} {ey:.0f}"
            out.append(f'<g class="edge"><path d="{d}" fill="none" stroke="#999" stroke-width="1.2"{dash} marker-end="url(#arrow)"/></g>')
            continue
        xs += [sx, ex]
        ys += [sy, ey]
        out.append(
            f'<g class="edge"><line x1="{sx:.0f}" y1="{sy:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" stroke="#555" stroke-width="1.4"{dash} '
            'marker-end="url(#arrow)"/></g>'
        )
    for n, (label, shape) in pic.nodes.items():
        x, y = pos[n]
        xs += [x, x + w]
        ys += [y, y + h]
        parts = [f'<g class="node"><title>{html.escape(label)}</title>']
        if shape == "hexagon":
            pts = f"{x + 12},{y} {x + w - 12},{y} {x + w},{y + h / 2:.0f} {x + w - 12},{y + h} {x + 12},{y + h} {x},{y + h / 2:.0f}"
            parts.append(f'<polygon points="{pts}" fill="{FILL[shape]}" stroke="{STROKE[shape]}"/>')
        else:
            rx = h / 2 if shape == "stadium" else 4
            parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx:.0f}" fill="{FILL[shape]}" stroke="{STROKE[shape]}"/>')
        lines = labels[n]
        for i, ln in enumerate(lines):
            ty = y + h / 2 + (i - (len(lines) - 1) / 2) * 13 + 4
            parts.append(
                f'<text x="{x + w / 2:.0f}" y="{ty:.0f}" font-size="11" text-anchor="middle" font-family="sans-serif">{html.escape(ln)}</text>'
            )
        out.append("".join(parts) + "</g>")
    left, top = min(xs) - PAD, min(ys) - PAD
    width, height = max(xs) - left + PAD, max(ys) - top + PAD
    head = (
        f'<svg class="drawing" data-layout="own" xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="{left:.0f} {top:.0f} {width:.0f} {height:.0f}" role="img">'
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        '<path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>'
    )
    return "\n".join([head, *out, "</svg>"])
