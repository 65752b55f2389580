"""Rendering the report's data into pages: HTML (self-contained, readable offline) and Markdown.

The data comes from ``report.build``; nothing here runs a check.  HTML pages carry their own CSS
and draw Mermaid flowcharts as inline SVG (no script, no network), so each file opens alone in a
browser; Markdown pages keep the Mermaid source for reading in a pull request.
"""

from __future__ import annotations

import html
import re

import jinja2
import markupsafe
from markdown_it import MarkdownIt

# --- Mermaid flowcharts as inline SVG ---------------------------------------------------------

WRAP = 5
_NODE = re.compile(r'^\s*(\w+)\s*(\{\{"(.*?)"\}\}|\(\["(.*?)"\]\)|\["(.*?)"\])\s*$')
_EDGE = re.compile(r"^\s*(\w+)\s*(-->|-\.->)\s*(\w+)\s*$")


def parse_mermaid(text: str) -> tuple[dict, list]:
    """Nodes {id: (label, shape)} and edges [(a, b, dashed)] of a ``flowchart`` in the subset we write."""
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
    return nodes, edges


def _layers(nodes: dict, edges: list) -> dict[str, int]:
    """Left-to-right columns: a node's column is one more than its predecessors' (back edges ignored)."""
    order = list(nodes)
    preds: dict[str, list[str]] = {n: [] for n in order}
    for a, b, _ in edges:
        if order.index(a) != order.index(b):
            preds[b].append(a)
    layer: dict[str, int] = {}
    visiting: set[str] = set()

    def depth(n: str) -> int:
        if n in layer:
            return layer[n]
        if n in visiting:  # a cycle: stop here
            return 0
        visiting.add(n)
        d = max((depth(p) + 1 for p in preds[n]), default=0)
        visiting.discard(n)
        layer[n] = d
        return d

    for n in order:
        depth(n)
    return layer


def _wrap(label: str, width: int = 26) -> list[str]:
    words, lines, cur = label.split(), [], ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}".strip()
    if cur:
        lines.append(cur)
    return lines[:3] or [""]


def mermaid_svg(text: str) -> str:
    """An inline SVG drawing of a Mermaid flowchart (the subset ``graphs.export`` and this report write)."""
    nodes, edges = parse_mermaid(text)
    if not nodes:
        return '<p class="note">(empty picture)</p>'
    layer = _layers(nodes, edges)
    cols: dict[int, list[str]] = {}
    for n in nodes:
        cols.setdefault(layer[n], []).append(n)
    w, h, gx, gy = 190, 54, 60, 18
    # Long pictures wrap: every WRAP columns start a new band below, so a page never scrolls sideways far.
    band_height = max(len(m) for m in cols.values()) * (h + gy) + 2 * gy
    pos = {}
    for c, members in sorted(cols.items()):
        band, col = divmod(c, WRAP)
        for r, n in enumerate(members):
            pos[n] = (20 + col * (w + gx), 20 + band * band_height + r * (h + gy))
    width = 40 + min(max(cols) + 1, WRAP) * (w + gx) - gx
    height = 40 + (max(cols) // WRAP) * band_height + max(len(m) for m in cols.values()) * (h + gy) - gy
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        '<path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
    ]
    for a, b, dashed in edges:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if a == b:
            continue
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
            d = f"M {sx:.0f} {sy:.0f} Q {(sx + ex) / 2:.0f} {sy + gy + 10:.0f} {ex:.0f} {ey:.0f}"
            out.append(f'<path d="{d}" fill="none" stroke="#999" stroke-width="1.2"{dash} marker-end="url(#arrow)"/>')
            continue
        out.append(
            f'<line x1="{sx:.0f}" y1="{sy:.0f}" x2="{ex:.0f}" y2="{ey:.0f}" stroke="#555" stroke-width="1.4"{dash} marker-end="url(#arrow)"/>'
        )
    for n, (label, shape) in nodes.items():
        x, y = pos[n]
        fill = {"hexagon": "#fde8c8", "stadium": "#e3effd", "box": "#eef5e9"}[shape]
        if shape == "hexagon":
            pts = f"{x + 12},{y} {x + w - 12},{y} {x + w},{y + h / 2} {x + w - 12},{y + h} {x + 12},{y + h} {x},{y + h / 2}"
            out.append(f'<polygon points="{pts}" fill="{fill}" stroke="#b57b26"/>')
        else:
            rx = h / 2 if shape == "stadium" else 4
            out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx:.0f}" fill="{fill}" stroke="#678"/>')
        lines = _wrap(label)
        for i, ln in enumerate(lines):
            ty = y + h / 2 + (i - (len(lines) - 1) / 2) * 13 + 4
            out.append(
                f'<text x="{x + w / 2:.0f}" y="{ty:.0f}" font-size="11" text-anchor="middle" font-family="sans-serif">{html.escape(ln)}</text>'
            )
    out.append("</svg>")
    return "\n".join(out)


# --- Markdown (sections' bodies) to HTML ------------------------------------------------------

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")
_MERMAID_BLOCK = re.compile(r'<pre><code class="language-mermaid">(.*?)</code></pre>', re.S)


def markdown_html(text: str) -> str:
    """Markdown to HTML (raw HTML in the source is escaped), with Mermaid blocks drawn as SVG."""
    # Line breaks inside table cells are the one piece of HTML sections write (``<br>``); keep those.
    body = _MD.render(text or "").replace("&lt;br&gt;", "<br>")
    return _MERMAID_BLOCK.sub(lambda m: '<div class="picture">' + mermaid_svg(html.unescape(m.group(1))) + "</div>", body)


# --- templates ----------------------------------------------------------------------------

CSS = """
body{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222;line-height:1.45}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;font-size:.88em}th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}
th{background:#f3f3f3}tr:nth-child(even) td{background:#fafafa}td.num{text-align:right}
.pass{color:#176f2c;font-weight:bold}.fail{color:#b00020;font-weight:bold}.missing{color:#8a5a00;font-style:italic}
.note{color:#555}code{background:#f2f2f2;padding:0 .2em;border-radius:3px}pre{background:#f6f6f6;padding:.6em;overflow-x:auto}
.picture{overflow-x:auto;border:1px solid #ddd;padding:.4em;margin:.6em 0;background:#fff}
.step{border-left:4px solid #8ab;padding:.2em .8em;margin:.8em 0}.step.bad{border-color:#b00020}
.totals td{font-weight:bold}nav a{margin-right:1em}
"""

BASE_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ page_title }}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{{ css }}</style></head>
<body>{% block body %}{% endblock %}</body></html>
"""

INDEX_HTML = """{% extends "base.html" %}{% block body %}
<h1>{{ d.title }}: verification report</h1>
<p>Seed <b>{{ d.seed }}</b>. Settings: {{ d.settings.games }} random games per player count (clause-handler calls counted on the first {{ d.settings.handler_counted_games }}), {{ d.settings.conformance_games }} more with conformance checks; sections {{ "quick" if d.settings.quick else "full" }}.
Versions: {% for k, v in d.versions.items() %}{{ k }} {{ v }}{% if not loop.last %}, {% endif %}{% endfor %}.</p>
<p>Verdict: {% if d.verdict.ok %}<span class="pass">all checks passed</span>{% else %}<span class="fail">{{ d.verdict.problems|length }} problem(s)</span>{% endif %}</p>
{% if not d.verdict.ok %}<ul>{% for p in d.verdict.problems %}<li>{{ p }}</li>{% endfor %}</ul>{% endif %}
{% if d.verdict.warnings %}<p>Coverage still to write (not failures):</p><ul>{% for w in d.verdict.warnings %}<li class="note">{{ w }}</li>{% endfor %}</ul>{% endif %}
<nav><a href="#coverage">Clause coverage</a><a href="#random-play">Random play</a><a href="#scenarios">Scenarios</a>{% for s in d.sections %}<a href="#section-{{ s.name }}">{{ s.title }}</a>{% endfor %}</nav>

<h2 id="coverage">Clause coverage</h2>
{% set t = d.coverage_totals %}
<p>{{ t.clauses }} clauses; {{ t.handled }} with a rule to implement; <b>{{ t.complete }} of {{ t.clauses }} complete</b> (implemented, reached, guarded by an invariant or a proof, exercised by a passing scenario; a clause without a rule needs only the scenario).{% if t.clarifications %} Every Rules Clarification with a passing scenario: <b>{{ t.clarifications_passing }} of {{ t.clarifications }}</b>.{% endif %}</p>
<table id="coverage-table">
<thead><tr><th>clause</th><th>kind</th><th>in our words</th><th>implemented by</th><th>reached in random play</th><th>guarded by invariants</th><th>proved by</th><th>exercised by scenarios</th></tr></thead>
<tbody>
{% for r in d.clause_coverage %}<tr id="clause-{{ r.id }}">
<td><code>{{ r.id }}</code></td><td>{{ r.kind }}</td><td>{{ r.paraphrase }}</td>
<td>{% if not r.handled %}<span class="note">no rule: {{ r.note }}</span>{% elif r.implemented_by %}{% for i in r.implemented_by %}{{ i }}{% if not loop.last %}<br>{% endif %}{% endfor %}{% else %}<span class="fail">missing</span>{% endif %}</td>
<td>{% if not r.handled %}<span class="note">n/a (no rule)</span>{% elif r.data %}yes (a table the model reads){% elif r.reached %}yes ({{ "{:,}".format(r.events) }} events, {{ "{:,}".format(r.handler_calls) }} handler calls){% else %}<span class="fail">no</span>{% endif %}</td>
<td>{% if r.invariants is none %}<span class="missing">invariant section not landed</span>{% else %}{{ r.invariants|join(", ") or "none" }}{% endif %}</td>
<td>{% if r.proofs is none %}<span class="missing">proof section not landed</span>{% else %}{{ r.proofs|join(", ") or "none" }}{% endif %}</td>
<td>{% for s in r.scenarios %}<a href="corner-cases/{{ s.id }}.html" class="{{ 'pass' if s.passed else 'fail' }}">{{ s.id }}</a>{% if not loop.last %}<br>{% endif %}{% else %}none{% endfor %}</td>
</tr>{% endfor %}
</tbody>
<tfoot class="totals"><tr><td>totals</td><td>{{ t.clauses }}</td><td></td><td>{{ t.implemented }} implemented</td><td>{{ t.reached }} reached</td>
<td>{% if t.with_invariant is none %}n/a{% else %}{{ t.with_invariant }} guarded{% endif %}</td><td>{% if t.with_proof is none %}n/a{% else %}{{ t.with_proof }} proved{% endif %}</td><td>{{ t.with_scenario }} with a scenario</td></tr></tfoot>
</table>

<h2 id="random-play">Random play</h2>
<table><thead><tr><th>{{ d.players_word }}</th><th>games</th><th>rounds</th><th>decisions</th><th>won</th><th>lost</th><th>errors</th></tr></thead><tbody>
{% for n, s in d.random_play.items() %}<tr><td>{{ n }}</td><td class="num">{{ "{:,}".format(s.games) }}</td><td class="num">{{ "{:,}".format(s.rounds) }}</td><td class="num">{{ "{:,}".format(s.decisions) }}</td><td class="num">{{ s.outcomes.get("won", 0) }}</td><td class="num">{{ s.outcomes.get("lost", 0) }}</td><td class="num">{{ s.errors|length }}</td></tr>{% endfor %}
</tbody></table>
<p>Conformance checked at every visited state of {{ "{:,}".format(d.conformance.games) }} further games ({{ "{:,}".format(d.conformance.states_checked) }} states): {{ d.conformance.errors }} errors.</p>
{% for e in d.errors_shown %}<p class="fail">{{ e.error }} &mdash; replay: <code>{{ e.replay }}</code></p>{% endfor %}

<h2 id="scenarios">Scenarios</h2>
{% set sc = d.scenarios %}
<p>{{ sc.count }} scenario files: <span class="pass">{{ sc.passed }} passed</span>{% if sc.failed %}, <span class="fail">{{ sc.failed }} failed</span>{% endif %}{% if sc.load_errors %}, <span class="fail">{{ sc.load_errors|length }} could not be read</span>{% endif %}.</p>
<table><thead><tr><th>scenario</th><th>title</th><th>clauses</th><th>reading</th><th>verdict</th></tr></thead><tbody>
{% for s in sc["items"] %}<tr><td><a href="corner-cases/{{ s.id }}.html">{{ s.id }}</a></td><td>{{ s.title }}</td><td>{{ s.clauses|join(", ") }}</td>
<td>{% if s.reading %}{{ s.reading.parameter }} = {{ s.reading.value }} ({{ "the model's default" if s.reading.is_default else "not the default" }}){% endif %}</td>
<td class="{{ 'pass' if s.passed else 'fail' }}">{{ s.verdict }}</td></tr>{% endfor %}
</tbody></table>
{% for e in sc.load_errors %}<p class="fail">{{ e }}</p>{% endfor %}

{% for s in d.sections %}<h2 id="section-{{ s.name }}">{{ s.title }}</h2>
{% if s.status == "ok" %}{{ s.html|safe }}{% elif s.status in ("missing", "skipped") %}<p class="missing">{{ s.message }}</p>{% else %}<p class="fail">{{ s.message }}</p>{% endif %}
{% endfor %}
{% endblock %}
"""

CORNER_HTML = """{% extends "base.html" %}{% block body %}
<p><a href="../index.html">&larr; report index</a></p>
<h1>{{ c.title }}</h1>
<p>Scenario <code>{{ c.id }}</code> (<code>{{ c.file }}</code>). Verdict: <span class="{{ 'pass' if c.passed else 'fail' }}">{{ c.verdict }}</span></p>
<h2>The corner case, in our words</h2>
<p>{{ c.summary }}</p>
{% if c.reading %}<p>The rulebook can be read two ways here. This scenario runs under <code>{{ c.reading.parameter }} = {{ c.reading.value }}</code>; the model's default is <code>{{ c.reading.default }}</code>{% if c.reading.is_default %} (this reading){% endif %}.</p>{% endif %}
<table><thead><tr><th>clause</th><th>paraphrase</th><th>implemented by</th></tr></thead><tbody>
{% for k in c.clauses %}<tr><td><code>{{ k.id }}</code></td><td>{{ k.paraphrase }}</td><td>{{ k.implemented_by|join(", ") or "(no rule)" }}</td></tr>{% endfor %}
</tbody></table>
<h2>How the rules interact to reach it</h2>
{% for p in c.interaction %}<h3>{{ p.title }}</h3>{% if p.mermaid %}<div class="picture">{{ p.svg|safe }}</div>{% endif %}<p class="note">{{ p.note }}</p>{% endfor %}
<h2>Minimal witness from setup</h2>
{% for w in c.witnesses %}<p><b>{{ w.clause }}</b>: {% if w.decisions is none %}<span class="missing">{{ w.note }}</span>{% else %}{{ w.note }}</p><ol>{% for x in w.decisions %}<li><code>{{ x }}</code></li>{% endfor %}</ol><p>{% endif %}</p>{% endfor %}
<h2>Step by step</h2>
<p>Setup (everything not given is the model's default setup): <code>{{ c.setup }}</code></p>
{% for s in c.steps %}<div class="step{{ '' if s.ok else ' bad' }}"><p><b>Step {{ s.index }}</b> (line {{ s.line }}): {{ s.action }}{% if s.note %}<br><span class="note">{{ s.note }}</span>{% endif %}</p>
{% if s.failure %}<p class="fail">{{ s.failure }}</p>{% endif %}
{% if s.clauses %}<p>Rules that fired: {{ s.clauses|join(" → ") }}</p>{% endif %}
{% if s.changes %}<table><thead><tr><th>state</th><th>before</th><th>after</th></tr></thead><tbody>{% for ch in s.changes %}<tr><td>{{ ch.fact }}</td><td>{{ ch.before }}</td><td>{{ ch.after }}</td></tr>{% endfor %}</tbody></table>{% if s.changes_more %}<p class="note">... and {{ s.changes_more }} more changes</p>{% endif %}{% endif %}
{% if s.checks %}<ul>{% for k in s.checks %}<li class="{{ 'pass' if k.ok else 'fail' }}">{{ "ok" if k.ok else "FAILED" }}: {{ k.what }}: expected {{ k.expected }}, got {{ k.actual }}</li>{% endfor %}</ul>{% endif %}
<details><summary>{{ s.events|length }} events</summary><pre>{{ s.events|join("\\n") }}</pre></details></div>{% endfor %}
<h2>Verdict</h2><p class="{{ 'pass' if c.passed else 'fail' }}">{{ c.verdict_text }}</p>
{% endblock %}
"""

INDEX_MD = """# {{ d.title }}: verification report

Seed {{ d.seed }}. Settings: {{ d.settings.games }} random games per player count (clause-handler calls counted on the first {{ d.settings.handler_counted_games }}), {{ d.settings.conformance_games }} more with conformance checks; sections {{ "quick" if d.settings.quick else "full" }}.
Versions: {% for k, v in d.versions.items() %}{{ k }} {{ v }}{% if not loop.last %}, {% endif %}{% endfor %}.

Verdict: {% if d.verdict.ok %}all checks passed{% else %}{{ d.verdict.problems|length }} problem(s): {{ d.verdict.problems|join("; ") }}{% endif %}
{% if d.verdict.warnings %}
Coverage still to write (not failures):
{% for w in d.verdict.warnings %}- {{ w }}
{% endfor %}{% endif %}

## Clause coverage
{% set t = d.coverage_totals %}
{{ t.clauses }} clauses; {{ t.handled }} with a rule to implement; {{ t.implemented }} of them implemented; {{ t.reached }} reached in random play; {{ t.with_scenario }} exercised by a scenario{% if t.with_invariant is not none %}; {{ t.with_invariant }} guarded by an invariant{% endif %}{% if t.with_proof is not none %}; {{ t.with_proof }} with a proof{% endif %}; **{{ t.complete }} of {{ t.clauses }} complete**.
{% if t.clarifications %}Every Rules Clarification with a passing scenario: **{{ t.clarifications_passing }} of {{ t.clarifications }}**.
{% endif %}
| clause | implemented by | reached | invariants | proofs | scenarios |
| --- | --- | --- | --- | --- | --- |
{% for r in d.clause_coverage %}| {{ r.id }} | {% if not r.handled %}(no rule){% elif r.implemented_by %}{{ r.implemented_by|map("md")|join("<br>")|safe }}{% else %}**missing**{% endif %} | {% if not r.handled %}n/a{% elif r.reached %}yes{% else %}**no**{% endif %} | {% if r.invariants is none %}_not landed_{% else %}{{ r.invariants|join(", ") or "none" }}{% endif %} | {% if r.proofs is none %}_not landed_{% else %}{{ r.proofs|join(", ") or "none" }}{% endif %} | {% for s in r.scenarios %}[{{ s.id }}](corner-cases/{{ s.id }}.md){% if not s.passed %} (fails){% endif %}{% if not loop.last %}<br>{% endif %}{% else %}none{% endfor %} |
{% endfor %}
## Random play

| {{ d.players_word }} | games | rounds | decisions | won | lost | errors |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
{% for n, s in d.random_play.items() %}| {{ n }} | {{ "{:,}".format(s.games) }} | {{ "{:,}".format(s.rounds) }} | {{ "{:,}".format(s.decisions) }} | {{ s.outcomes.get("won", 0) }} | {{ s.outcomes.get("lost", 0) }} | {{ s.errors|length }} |
{% endfor %}
Conformance checked at every visited state of {{ "{:,}".format(d.conformance.games) }} further games ({{ "{:,}".format(d.conformance.states_checked) }} states): {{ d.conformance.errors }} errors.
{% for e in d.errors_shown %}
- {{ e.error }}: replay with {{ e.replay|code }}{% endfor %}

## Scenarios
{% set sc = d.scenarios %}
{{ sc.count }} scenario files: {{ sc.passed }} passed, {{ sc.failed }} failed, {{ sc.load_errors|length }} could not be read.

| scenario | clauses | reading | verdict |
| --- | --- | --- | --- |
{% for s in sc["items"] %}| [{{ s.id }}](corner-cases/{{ s.id }}.md) | {{ s.clauses|join(", ") }} | {% if s.reading %}{{ s.reading.parameter }} = {{ s.reading.value }}{% if s.reading.is_default %} (default){% endif %}{% endif %} | {{ s.verdict }} |
{% endfor %}{% for e in sc.load_errors %}
- {{ e }}{% endfor %}
{% for s in d.sections %}
## {{ s.title }}

{% if s.status == "ok" %}{{ s.markdown|safe }}{% else %}_{{ s.message }}_{% endif %}
{% endfor %}"""

CORNER_MD = """# {{ c.title }}

Scenario {{ c.id|code }} ({{ c.file|code }}). Verdict: **{{ c.verdict }}**. [Report index](../index.md)

## The corner case, in our words

{{ c.summary }}
{% if c.reading %}
The rulebook can be read two ways here. This scenario runs under {{ (c.reading.parameter ~ " = " ~ c.reading.value)|code }}; the model's default is {{ c.reading.default|code }}{% if c.reading.is_default %} (this reading){% endif %}.
{% endif %}
| clause | paraphrase | implemented by |
| --- | --- | --- |
{% for k in c.clauses %}| {{ k.id }} | {{ k.paraphrase }} | {{ k.implemented_by|join(", ") or "(no rule)" }} |
{% endfor %}
## How the rules interact to reach it
{% for p in c.interaction %}
### {{ p.title }}
{% if p.mermaid %}
```mermaid
{{ p.mermaid.rstrip()|safe }}
```
{% endif %}
{{ p.note }}
{% endfor %}
## Minimal witness from setup
{% for w in c.witnesses %}
**{{ w.clause }}**: {% if w.decisions is none %}_{{ w.note }}_{% else %}{{ w.note }}
{% for x in w.decisions %}
{{ loop.index }}. {{ x|code }}{% endfor %}{% endif %}
{% endfor %}
## Step by step

Setup (everything not given is the model's default setup): {{ c.setup|code }}
{% for s in c.steps %}
### Step {{ s.index }}: {{ s.action }}
{% if s.note %}
{{ s.note }}
{% endif %}{% if s.failure %}
**{{ s.failure }}**
{% endif %}{% if s.clauses %}
Rules that fired: {{ s.clauses|join(" → ") }}
{% endif %}{% if s.changes %}
| state | before | after |
| --- | --- | --- |
{% for ch in s.changes %}| {{ ch.fact }} | {{ ch.before }} | {{ ch.after }} |
{% endfor %}{% if s.changes_more %}
... and {{ s.changes_more }} more changes
{% endif %}{% endif %}{% if s.checks %}
{% for k in s.checks %}- {% if k.ok %}ok{% else %}**FAILED**{% endif %}: {{ k.what }}: expected {{ k.expected }}, got {{ k.actual }}
{% endfor %}{% endif %}{% endfor %}
## Verdict

{{ c.verdict_text }}
"""


# --- Markdown that carries people's text ------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|~&!])")
_MD_LINE_START = re.compile(r"^(\s*)(#+|[=+-]|\d+[.)])(?=\s|$)")
"""What would start a heading or a list item if the value began a line (a marker followed by a space)."""


def md_text(value) -> str:
    """Any value as literal Markdown text: scenario titles, notes and messages come from people's files, so
    their ``<``, ``|``, ``*`` and line starts must not become HTML, table cells, emphasis or headings."""
    text = " ".join(str(value).split())
    text = _MD_SPECIAL.sub(r"\\\1", text)
    # "1." is escaped as "1\.": a backslash escapes punctuation only
    return _MD_LINE_START.sub(
        lambda m: m.group(1) + (m.group(2)[:-1] + "\\" + m.group(2)[-1] if m.group(2)[0].isdigit() else "\\" + m.group(2)), text
    )


def md_code(value) -> markupsafe.Markup:
    """A code span holding ``value`` literally: the fence is longer than any run of backticks inside it."""
    text = " ".join(str(value).split())
    fence = "`" * (max((len(r) for r in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return markupsafe.Markup(f"{fence}{pad}{text}{pad}{fence}")


def _md_finalize(value):
    """Every value a Markdown template prints is escaped unless our own code marked it as Markdown (``|safe``)."""
    if value is None:
        return ""
    return value if isinstance(value, markupsafe.Markup) else md_text(value)


def _env(autoescape: bool) -> jinja2.Environment:
    loader = jinja2.DictLoader(
        {"base.html": BASE_HTML, "index.html": INDEX_HTML, "corner.html": CORNER_HTML, "index.md": INDEX_MD, "corner.md": CORNER_MD}
    )
    extra = {} if autoescape else {"finalize": _md_finalize}
    env = jinja2.Environment(loader=loader, autoescape=autoescape, undefined=jinja2.StrictUndefined, keep_trailing_newline=True, **extra)
    env.filters["code"] = md_code
    env.filters["md"] = lambda v: markupsafe.Markup(md_text(v))
    return env


_HTML, _TEXT = _env(True), _env(False)


def index_html(data: dict) -> str:
    return _HTML.get_template("index.html").render(d=data, css=CSS, page_title=f"{data['title']}: verification report")


def index_md(data: dict) -> str:
    return _TEXT.get_template("index.md").render(d=data)


def corner_html(page: dict) -> str:
    return _HTML.get_template("corner.html").render(c=page, css=CSS, page_title=page["title"])


def corner_md(page: dict) -> str:
    return _TEXT.get_template("corner.md").render(c=page)
