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

from oblivaeon_verify import words
from oblivaeon_verify.graphs import draw

# --- pictures ---------------------------------------------------------------------------------


PROPOSALS_HTML = """{% extends "base.html" %}{% block body %}
<h1>{{ d.title }}</h1>
<p>{{ d.pages|length|count("proposal") }} from <code>{{ d.source }}</code>, each judged on its own against the encoded rulebook.</p>
<table><tr><th>proposal</th><th>verdict</th><th>statements</th></tr>
{% for p in d.pages %}<tr><td><a href="{{ p.html }}">{{ p.id }}</a></td><td class="{{ 'fail' if p.verdict == 'contradicts' else 'missing' if p.verdict in ('unknown', 'vacuous') else '' }}">{{ p.verdict }}</td><td>{{ p.statements|join("; ") }}</td></tr>
{% endfor %}</table>
{% endblock %}"""

PROPOSAL_HTML = """{% extends "base.html" %}{% block body %}
<p><a href="index.html">All proposals</a></p>
<h1>{{ p.title }}</h1>
<h2>What it states</h2>
<ul>{% for t in p.statements %}<li>{{ t }}</li>{% endfor %}</ul>
<h2>Verdict</h2>
<p class="{{ 'fail' if p.verdict == 'contradicts' else '' }}">{{ p.says }}</p>
{% if p.incomplete %}<p class="missing">{{ p.incomplete }}{% if p.more %} (allow more with <code>{{ p.more }}</code>){% endif %}.</p>{% endif %}
{% if p.sets %}<ul>{% for s in p.sets %}<li>{{ s.label }}: {{ s.clauses|join(", ") }}</li>{% endfor %}</ul>{% endif %}
{% if p.adds %}<p>It adds:</p><ul>{% for t in p.adds %}<li>{{ t }}</li>{% endfor %}</ul>{% endif %}
{% if p.says_nothing %}<p>These say nothing (their subject cannot exist):</p><ul>{% for t in p.says_nothing %}<li>{{ t }}</li>{% endfor %}</ul>{% endif %}
<h2>In play</h2>
{% if p.in_play %}<p>{{ p.in_play.budget }}: {{ p.in_play.states|count("state") }} and {{ p.in_play.steps|count("step") }} of random play{% if p.in_play.explored.starts %}; {{ p.in_play.explored.states|count("state") }} explored from {{ p.in_play.explored.starts|count("start") }}{% endif %}{% if p.in_play.machine.runs %}; {{ p.in_play.machine.states|count("state") }} in {{ p.in_play.machine.runs|count("run") }} of the Hypothesis machine{% endif %}{% if p.in_play.stopped %}; {{ p.in_play.stopped }}{% endif %}.</p>
<ul>{% for r in p.in_play.results %}<li>{{ r.result }}: {{ r.text }}{% if r.where %} at {{ r.where }} ({{ r.found_by }}){% endif %}{% if r.file %} (witness <code>{{ r.file }}</code>){% endif %}</li>{% endfor %}</ul>
{% else %}<p class="missing">Not checked in play (judge it with <code>--in-play</code>).</p>{% endif %}
<p>Judge it again: <code>{{ p.again }}</code></p>
{% endblock %}"""

PROPOSALS_MD = """# {{ d.title }}

{{ d.pages|length|count("proposal") }} from {{ d.source|code }}, each judged on its own against the encoded rulebook.

| proposal | verdict | statements |
|---|---|---|
{% for p in d.pages %}| [{{ p.id }}]({{ p.md }}) | {{ p.verdict }} | {{ p.statements|join("; ") }} |
{% endfor %}"""

PROPOSAL_MD = """[All proposals](index.md)

# {{ p.title }}

## What it states
{% for t in p.statements %}
- {{ t }}{% endfor %}

## Verdict

{{ p.says }}
{% if p.incomplete %}
_{{ p.incomplete }}{% if p.more %} (allow more with `{{ p.more }}`){% endif %}._
{% endif %}{% for s in p.sets %}
- {{ s.label }}: {{ s.clauses|join(", ") }}{% endfor %}
{% if p.adds %}
It adds:
{% for t in p.adds %}
- {{ t }}{% endfor %}
{% endif %}{% if p.says_nothing %}
These say nothing (their subject cannot exist):
{% for t in p.says_nothing %}
- {{ t }}{% endfor %}
{% endif %}
## In play
{% if p.in_play %}
{{ p.in_play.budget }}: {{ p.in_play.states|count("state") }} and {{ p.in_play.steps|count("step") }} of random play{% if p.in_play.explored.starts %}; {{ p.in_play.explored.states|count("state") }} explored from {{ p.in_play.explored.starts|count("start") }}{% endif %}{% if p.in_play.machine.runs %}; {{ p.in_play.machine.states|count("state") }} in {{ p.in_play.machine.runs|count("run") }} of the Hypothesis machine{% endif %}{% if p.in_play.stopped %}; {{ p.in_play.stopped }}{% endif %}.
{% for r in p.in_play.results %}
- {{ r.result }}: {{ r.text }}{% if r.where %} at {{ r.where }} ({{ r.found_by }}){% endif %}{% if r.file %} (witness {{ r.file|code }}){% endif %}{% endfor %}
{% else %}
_Not checked in play (judge it with `--in-play`)._
{% endif %}
Judge it again: {{ p.again|code }}
"""


def parse_mermaid(text: str) -> tuple[dict, list]:
    """Nodes {id: (label, shape)} and edges [(a, b, dashed)] of a ``flowchart`` in the subset we write."""
    pic = draw.parse(text)
    return pic.nodes, pic.edges


def mermaid_svg(text: str, drawn: dict[str, str] | None = None) -> str:
    """An inline SVG drawing of a Mermaid flowchart: Graphviz when installed, else the built-in layout (:mod:`.graphs.draw`).

    ``drawn``: drawings made beforehand (:func:`oblivaeon_verify.graphs.draw.svgs`), used when they hold ``text``."""
    return drawn[text] if drawn and text in drawn else draw.svg(text)


# --- Markdown (sections' bodies) to HTML ------------------------------------------------------

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")
_MERMAID_BLOCK = re.compile(r'<pre><code class="language-mermaid">(.*?)</code></pre>', re.S)


def markdown_html(text: str, drawn: dict[str, str] | None = None) -> str:
    """Markdown to HTML (raw HTML in the source is escaped), with Mermaid blocks drawn as SVG (``drawn``: as :func:`mermaid_svg`)."""
    # Line breaks inside table cells are the one piece of HTML sections write (``<br>``); keep those.
    body = _MD.render(text or "").replace("&lt;br&gt;", "<br>")
    return _MERMAID_BLOCK.sub(lambda m: '<div class="picture">' + mermaid_svg(html.unescape(m.group(1)), drawn) + "</div>", body)


def mermaid_blocks(text: str) -> list[str]:
    """The Mermaid flowcharts of a Markdown text, as :func:`markdown_html` draws them."""
    return [html.unescape(m.group(1)) for m in _MERMAID_BLOCK.finditer(_MD.render(text or ""))]


# --- templates ----------------------------------------------------------------------------

CSS = """
body{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222;line-height:1.45}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.6em 0;font-size:.88em}th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}
th{background:#f3f3f3}tr:nth-child(even) td{background:#fafafa}td.num{text-align:right}
.pass{color:#176f2c;font-weight:bold}.fail{color:#b00020;font-weight:bold}.missing{color:#8a5a00;font-style:italic}
.note{color:#555}code{background:#f2f2f2;padding:0 .2em;border-radius:3px}pre{background:#f6f6f6;padding:.6em;overflow-x:auto}
.picture{border:1px solid #ddd;padding:.4em;margin:.6em 0;background:#fff}.picture svg{display:block;max-width:100%;height:auto;margin:0 auto}
.step{border-left:4px solid #8ab;padding:.2em .8em;margin:.8em 0}.step.bad{border-color:#b00020}
.totals td{font-weight:bold}nav a{margin-right:1em}
.verdict{font-size:1.15em}ol.problems li{margin:.2em 0}ul.figures li{margin:.25em 0}details summary{cursor:pointer;margin:.4em 0}
"""

BASE_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ page_title }}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{{ css }}</style></head>
<body>{% block body %}{% endblock %}</body></html>
"""

INDEX_HTML = """{% extends "base.html" %}{% block body %}
<h1>{{ d.title }}: verification report</h1>
{% set f = d.findings %}
<p class="verdict {{ d.verdict.status }}">Verdict: {% if d.verdict.status == "passed" %}<span class="pass">passed</span>: every check that ran passed.{% elif d.verdict.status == "failed" %}<span class="fail">failed</span>: {{ f.failed|length|count("problem") }}{% if f.inconclusive %}, and {{ f.inconclusive|length|count("check") }} not decided{% endif %}.{% else %}<span class="missing">inconclusive</span>: nothing failed, but {{ f.inconclusive|length|count("check") }} could not be decided.{% endif %}</p>
{% if f.failed %}<h2 id="problems">What failed</h2>
<ol class="problems">{% for x in f.failed %}<li><a href="{{ x.link }}">{{ x.heading }}</a>{% if x.items %}: {% for i in x.items %}<a href="{{ i.link }}"{% if i.title %} title="{{ i.title }}"{% endif %}>{{ i.name }}</a>{% if i.detail %} ({{ i.detail }}){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}{% endif %}</li>{% endfor %}</ol>{% endif %}
{% if f.inconclusive %}<h2 id="undecided">What could not be decided</h2>
<ol class="problems">{% for x in f.inconclusive %}<li><a href="{{ x.link }}">{{ x.heading }}</a>{% if x.items %}: {% for i in x.items %}<a href="{{ i.link }}"{% if i.title %} title="{{ i.title }}"{% endif %}>{{ i.name }}</a>{% if i.detail %} ({{ i.detail }}){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}{% endif %}</li>{% endfor %}</ol>{% endif %}
<h2 id="checked">What was checked</h2>
<ul class="figures">{% for g in d.figures %}<li>{{ g.what }}: <a href="{{ g.link }}" class="{{ 'pass' if g.ok else 'fail' }}">{{ g.result }}</a></li>{% endfor %}</ul>
{% if d.verdict.warnings %}<p>Coverage still to write (not failures; see the <a href="clauses.html">clause table</a>):</p><ul>{% for w in d.verdict.warnings %}<li class="note">{{ w }}</li>{% endfor %}</ul>{% endif %}
<nav><a href="clauses.html">Clause table</a><a href="#scenarios">Scenarios</a><a href="#random-play">Random play</a>{% for s in d.sections %}<a href="sections/{{ s.name }}.html">{{ s.title }}</a>{% endfor %}</nav>

<h2 id="scenarios">Scenarios</h2>
{% set sc = d.scenarios %}
<p>{{ sc.count|count("scenario file") }}: <span class="pass">{{ sc.passed }} passed</span>{% if sc.failed %}, <span class="fail">{{ sc.failed }} failed</span>{% endif %}{% if sc.load_errors %}, <span class="fail">{{ sc.load_errors|length }} could not be read</span>{% endif %}.</p>
{% macro rows(items) %}<table><thead><tr><th>scenario</th><th>title</th><th>clauses</th><th>reading</th><th>verdict</th></tr></thead><tbody>
{% for s in items %}<tr><td><a href="corner-cases/{{ s.id }}.html">{{ s.id }}</a></td><td>{{ s.title }}</td><td>{{ s.clauses|join(", ") }}</td>
<td>{% if s.reading %}{{ s.reading.parameter }} = {{ s.reading.value }} ({{ "the model's default" if s.reading.is_default else "not the default" }}){% endif %}</td>
<td class="{{ 'pass' if s.passed else 'fail' }}">{{ s.verdict }}</td></tr>{% endfor %}
</tbody></table>{% endmacro %}
{% if d.failing_scenarios %}<h3 id="failing-scenarios">Failing</h3>{{ rows(d.failing_scenarios) }}{% endif %}
{% if d.passing_scenarios %}<details id="passing-scenarios"><summary>{{ d.passing_scenarios|length|count("passing scenario") }}</summary>{{ rows(d.passing_scenarios) }}</details>{% endif %}
{% for e in sc.load_errors %}<p class="fail">{{ e }}</p>{% endfor %}

<h2 id="random-play">Random play</h2>
<table><thead><tr><th>{{ d.players_word }}</th><th>games</th><th>rounds</th><th>decisions</th><th>won</th><th>lost</th><th>errors</th></tr></thead><tbody>
{% for n, s in d.random_play.items() %}<tr><td>{{ n }}</td><td class="num">{{ "{:,}".format(s.games) }}</td><td class="num">{{ "{:,}".format(s.rounds) }}</td><td class="num">{{ "{:,}".format(s.decisions) }}</td><td class="num">{{ s.outcomes.get("won", 0) }}</td><td class="num">{{ s.outcomes.get("lost", 0) }}</td><td class="num">{{ s.errors|length }}</td></tr>{% endfor %}
</tbody></table>
<p>Conformance checked at every visited state of {{ d.conformance.games|count("further game") }} ({{ d.conformance.states_checked|count("state") }}): {{ d.conformance.errors|count("error") }}.</p>
{% for e in d.errors_shown %}<p class="fail">{{ e.error }} &mdash; replay: <code>{{ e.replay }}</code></p>{% endfor %}

<h2 id="settings">Settings</h2>
<p class="note">Seed <b>{{ d.seed }}</b>. {{ d.settings.games|count("random game") }} per {{ d.players_word }} count (clause-handler calls counted on the first {{ d.settings.handler_counted_games }}), {{ d.settings.conformance_games|count("more game") }} with conformance checks; sections in their {{ "quick" if d.settings.quick else "full" }} setting. Pictures drawn by {{ d.pictures_by }}.
Versions: {% for k, v in d.versions.items() %}{{ k }} {{ v }}{% if not loop.last %}, {% endif %}{% endfor %}.</p>
{% endblock %}
"""

CLAUSES_HTML = """{% extends "base.html" %}{% block body %}
<p><a href="index.html">&larr; report index</a></p>
<h1 id="coverage">{{ d.title }}: clause coverage</h1>
{% set t = d.coverage_totals %}
<p>{{ t.clauses|count("clause") }}; {{ t.handled }} with a rule to implement; <b>{{ t.complete }} of {{ t.clauses }} complete</b> (implemented, reached, guarded by an invariant or a proof, exercised by a passing scenario whose run reached a rule of the clause; a clause without a rule needs only the scenario).{% if t.named_not_reached %} {{ t.named_not_reached|length|count("clause named by a scenario", "clauses named by scenarios") }} whose run reached no rule of it (a scenario showing a refusal, say) count for nothing here; the table marks them.{% endif %}{% if t.clarifications %} Every Rules Clarification with a passing scenario: <b>{{ t.clarifications_passing }} of {{ t.clarifications }}</b>.{% endif %}</p>
<table id="coverage-table">
<thead><tr><th>clause</th><th>kind</th><th>in our words</th><th>implemented by</th><th>reached in random play</th><th>guarded by invariants</th><th>proved by</th><th>exercised by scenarios</th></tr></thead>
<tbody>
{% for r in d.clause_coverage %}<tr id="clause-{{ r.id }}">
<td><code>{{ r.id }}</code></td><td>{{ r.kind }}</td><td>{{ r.paraphrase }}</td>
<td>{% if not r.handled %}<span class="note">no rule: {{ r.note }}</span>{% elif r.implemented_by %}{% for i in r.implemented_by %}{{ i }}{% if not loop.last %}<br>{% endif %}{% endfor %}{% else %}<span class="fail">missing</span>{% endif %}</td>
<td>{% if not r.handled %}<span class="note">n/a (no rule)</span>{% elif r.data %}yes (a table the model reads){% elif r.reached %}yes ({{ r.events|count("event") }}, {{ r.handler_calls|count("handler call") }}){% else %}<span class="fail">no</span>{% endif %}</td>
<td>{% if r.invariants is none %}<span class="missing">invariant section not landed</span>{% else %}{{ r.invariants|join(", ") or "none" }}{% endif %}</td>
<td>{% if r.proofs is none %}<span class="missing">proof section not landed</span>{% else %}{{ r.proofs|join(", ") or "none" }}{% endif %}</td>
<td>{% for s in r.scenarios %}<a href="corner-cases/{{ s.id }}.html" class="{{ 'pass' if s.passed else 'fail' }}">{{ s.id }}</a>{% if s.reached == false %} <span class="note">(named; its run reached no rule of it)</span>{% endif %}{% if not loop.last %}<br>{% endif %}{% else %}{% if r.shown_through %}through the {{ r.shown_through.section }}: {{ r.shown_through.shown }} of {{ r.shown_through.clauses }} shown{% else %}none{% endif %}{% endfor %}</td>
</tr>{% endfor %}
</tbody>
<tfoot class="totals"><tr><td>totals</td><td>{{ t.clauses }}</td><td></td><td>{{ t.implemented }} implemented</td><td>{{ t.reached }} reached</td>
<td>{% if t.with_invariant is none %}n/a{% else %}{{ t.with_invariant }} guarded{% endif %}</td><td>{% if t.with_proof is none %}n/a{% else %}{{ t.with_proof }} proved{% endif %}</td><td>{{ t.with_scenario }} with a scenario</td></tr></tfoot>
</table>
{% endblock %}
"""

SECTION_HTML = """{% extends "base.html" %}{% block body %}
<p><a href="../index.html">&larr; report index</a></p>
<h1 id="section-{{ s.name }}">{{ d.title }}: {{ s.title }}</h1>
{% if s.status == "ok" %}{% if s.headline %}<p><b>{{ s.headline }}.</b></p>{% endif %}{{ s.html|safe }}{% elif s.status in ("missing", "skipped") %}<p class="missing">{{ s.message }}</p>{% else %}<p class="fail">{{ s.message }}</p>{% endif %}
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
<h2>From a legal setup</h2>
{% for w in c.from_setup %}<h3>{{ w.clause }}</h3>{% if w.ok %}<p>Setup: {{ w.setup }}. {{ w.size }}.{% if w.found %} {{ w.found }}.{% endif %}</p>
{% if w.earlier %}<p class="note">{{ w.earlier|count("earlier decision") }} not shown; the replay file has them all.</p>{% endif %}
<ol>{% for d in w.decisions %}<li value="{{ d.n }}"><code>{{ d.label }}</code></li>{% endfor %}</ol>
<p>At the decisive step (the last decision):{% if w.events %} {{ w.events|join("; ") }}.{% endif %}{% if w.fact %} {{ w.fact }}.{% endif %}</p>
{% if w.kept %}<p>Replay it: <code>{{ w.replay }}</code></p>{% else %}<p class="missing">Found by this run's search ({% if w.was %}the kept witness {{ w.was.file }} no longer shows it: {{ w.was.problem }}{% else %}none is kept{% endif %}). Keep it: <code>{{ w.regenerate }}</code></p>{% endif %}{% else %}<p class="fail">The kept witness {{ w.file }} no longer shows its corner case: {{ w.problem }}. Regenerate it: <code>{{ w.regenerate }}</code></p>{% endif %}{% else %}<p class="missing">No witness from a legal setup for this page's clauses: none is kept, and this run's search did not show them within its budget (a larger one: <code>oblivaeon-verify witnesses --help</code>).</p>{% endfor %}
{% if c.parting %}<h2>Where the readings part, from a legal setup</h2>
{% for w in c.parting %}<h3>{{ w.parameter }}: {{ w.default }} against {{ w.value }}</h3>{% if w.ok %}<p>Setup: {{ w.setup }}. {{ w.found }}.</p>
{% if w.earlier %}<p class="note">{{ w.earlier|count("earlier decision") }} not shown; the replay file has them all.</p>{% endif %}
<ol>{% for d in w.decisions %}<li value="{{ d.n }}"><code>{{ d.label }}</code></li>{% endfor %}</ol>
<p>After the last decision:</p><ul>{% for x in w.differs %}<li>{{ x }}</li>{% endfor %}</ul>
<p>Replay it (both readings): <code>{{ w.replay }}</code></p>{% elif w.kept %}<p class="fail">The kept divergence witness {{ w.file }} no longer parts the readings at its end: {{ w.problem }}. Regenerate it: <code>{{ w.regenerate }}</code></p>{% else %}<p class="missing">No divergence witness from a legal setup: {{ w.problem }} (a larger one: <code>{{ w.regenerate }}</code>).</p>{% if w.scenario %}<p>From a built position instead: the scenario <code>{{ w.scenario.scenario }}</code>, run under both values, parts them at step {{ w.scenario.step }}: {{ w.scenario.differs }}.</p>{% endif %}{% endif %}{% endfor %}{% endif %}
<h2>Step by step</h2>
<p>Setup (everything not given is the model's default setup): {{ c.setup_words }}</p>
{% for s in c.steps %}<div class="step{{ '' if s.ok else ' bad' }}"><p><b>Step {{ s.index }}</b> (line {{ s.line }}): {{ s.action }}{% if s.note %}<br><span class="note">{{ s.note }}</span>{% endif %}</p>
{% if s.failure %}<p class="fail">{{ s.failure }}</p>{% endif %}
{% if s.clauses %}<p>Rules that fired: {{ s.clauses|join(" → ") }}</p>{% endif %}
{% if s.changes %}<table><thead><tr><th>state</th><th>before</th><th>after</th></tr></thead><tbody>{% for ch in s.changes %}<tr><td>{{ ch.fact }}</td><td>{{ ch.before|words }}</td><td>{{ ch.after|words }}</td></tr>{% endfor %}</tbody></table>{% if s.changes_more %}<p class="note">... and {{ s.changes_more }} more changes</p>{% endif %}{% endif %}
{% if s.checks %}<ul>{% for k in s.checks %}<li class="{{ 'pass' if k.ok else 'fail' }}">{{ "ok" if k.ok else "FAILED" }}: {{ k.what }}: expected {{ k.expected|words }}, got {{ k.actual|words }}</li>{% endfor %}</ul>{% endif %}
<details><summary>{{ s.events|length|count("event") }}</summary><pre>{{ s.events|join("\\n") }}</pre></details></div>{% endfor %}
<h2>Verdict</h2><p class="{{ 'pass' if c.passed else 'fail' }}">{{ c.verdict_text }}</p>
{% endblock %}
"""

INDEX_MD = """# {{ d.title }}: verification report
{% set f = d.findings %}
Verdict: {% if d.verdict.status == "passed" %}**passed**: every check that ran passed.{% elif d.verdict.status == "failed" %}**failed**: {{ f.failed|length|count("problem") }}{% if f.inconclusive %}, and {{ f.inconclusive|length|count("check") }} not decided{% endif %}.{% else %}**inconclusive**: nothing failed, but {{ f.inconclusive|length|count("check") }} could not be decided.{% endif %}
{% if f.failed %}
## What failed
{% for x in f.failed %}
{{ loop.index }}. [{{ x.heading|md }}]({{ x.link|md_link }}){% if x.items %}: {% for i in x.items %}[{{ i.name|md }}]({{ i.link|md_link }}){% if i.detail %} ({{ i.detail }}){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}{% endif %}{% endfor %}
{% endif %}{% if f.inconclusive %}
## What could not be decided
{% for x in f.inconclusive %}
{{ loop.index }}. [{{ x.heading|md }}]({{ x.link|md_link }}){% if x.items %}: {% for i in x.items %}[{{ i.name|md }}]({{ i.link|md_link }}){% if i.detail %} ({{ i.detail }}){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}{% endif %}{% endfor %}
{% endif %}
## What was checked
{% for g in d.figures %}
- {{ g.what }}: [{% if g.ok %}{{ g.result|md }}{% else %}**{{ g.result|md }}**{% endif %}]({{ g.link|md_link }}){% endfor %}
{% if d.verdict.warnings %}
Coverage still to write (not failures; see the [clause table](clauses.md)):
{% for w in d.verdict.warnings %}- {{ w }}
{% endfor %}{% endif %}
## Scenarios
{% set sc = d.scenarios %}
{{ sc.count|count("scenario file") }}: {{ sc.passed }} passed, {{ sc.failed }} failed, {{ sc.load_errors|length }} could not be read. Failing ones first.

| scenario | clauses | reading | verdict |
| --- | --- | --- | --- |
{% for s in d.failing_scenarios + d.passing_scenarios %}| [{{ s.id }}](corner-cases/{{ s.id }}.md) | {{ s.clauses|join(", ") }} | {% if s.reading %}{{ s.reading.parameter }} = {{ s.reading.value }}{% if s.reading.is_default %} (default){% endif %}{% endif %} | {% if s.passed %}{{ s.verdict }}{% else %}**{{ s.verdict|md }}**{% endif %} |
{% endfor %}{% for e in sc.load_errors %}
- {{ e }}{% endfor %}
## Random play

| {{ d.players_word }} | games | rounds | decisions | won | lost | errors |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
{% for n, s in d.random_play.items() %}| {{ n }} | {{ "{:,}".format(s.games) }} | {{ "{:,}".format(s.rounds) }} | {{ "{:,}".format(s.decisions) }} | {{ s.outcomes.get("won", 0) }} | {{ s.outcomes.get("lost", 0) }} | {{ s.errors|length }} |
{% endfor %}
Conformance checked at every visited state of {{ d.conformance.games|count("further game") }} ({{ d.conformance.states_checked|count("state") }}): {{ d.conformance.errors|count("error") }}.
{% for e in d.errors_shown %}
- {{ e.error }}: replay with {{ e.replay|code }}{% endfor %}

## Sections
{% for s in d.sections %}
- [{{ s.title }}](sections/{{ s.name }}.md){% if s.status == "ok" %}{% if s.headline %}: {{ s.headline }}{% endif %}{% else %}: _{{ s.message }}_{% endif %}{% endfor %}

## Settings

Seed {{ d.seed }}. {{ d.settings.games|count("random game") }} per {{ d.players_word }} count (clause-handler calls counted on the first {{ d.settings.handler_counted_games }}), {{ d.settings.conformance_games|count("more game") }} with conformance checks; sections in their {{ "quick" if d.settings.quick else "full" }} setting.
Versions: {% for k, v in d.versions.items() %}{{ k }} {{ v }}{% if not loop.last %}, {% endif %}{% endfor %}.
"""

CLAUSES_MD = """# {{ d.title }}: clause coverage

[Report index](index.md)
{% set t = d.coverage_totals %}
{{ t.clauses|count("clause") }}; {{ t.handled }} with a rule to implement; {{ t.implemented }} of them implemented; {{ t.reached }} reached in random play; {{ t.with_scenario }} exercised by a scenario{% if t.with_invariant is not none %}; {{ t.with_invariant }} guarded by an invariant{% endif %}{% if t.with_proof is not none %}; {{ t.with_proof }} with a proof{% endif %}; **{{ t.complete }} of {{ t.clauses }} complete**.
{% if t.clarifications %}Every Rules Clarification with a passing scenario: **{{ t.clarifications_passing }} of {{ t.clarifications }}**.
{% endif %}
| clause | implemented by | reached | invariants | proofs | scenarios |
| --- | --- | --- | --- | --- | --- |
{% for r in d.clause_coverage %}| {{ r.id }} | {% if not r.handled %}(no rule){% elif r.implemented_by %}{{ r.implemented_by|map("md")|join("<br>")|safe }}{% else %}**missing**{% endif %} | {% if not r.handled %}n/a{% elif r.reached %}yes{% else %}**no**{% endif %} | {% if r.invariants is none %}_not landed_{% else %}{{ r.invariants|join(", ") or "none" }}{% endif %} | {% if r.proofs is none %}_not landed_{% else %}{{ r.proofs|join(", ") or "none" }}{% endif %} | {% for s in r.scenarios %}[{{ s.id }}](corner-cases/{{ s.id }}.md){% if not s.passed %} (fails){% endif %}{% if s.reached == false %} (named; its run reached no rule of it){% endif %}{% if not loop.last %}<br>{% endif %}{% else %}{% if r.shown_through %}through the {{ r.shown_through.section }}: {{ r.shown_through.shown }} of {{ r.shown_through.clauses }} shown{% else %}none{% endif %}{% endfor %} |
{% endfor %}"""

SECTION_MD = """# {{ d.title }}: {{ s.title }}

[Report index](../index.md)

{% if s.status == "ok" %}{% if s.headline %}**{{ s.headline }}.**

{% endif %}{{ s.markdown|safe }}{% else %}_{{ s.message }}_
{% endif %}"""

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
## From a legal setup
{% for w in c.from_setup %}
**{{ w.clause }}**: {% if w.ok %}setup: {{ w.setup|md }}. {{ w.size|md }}.{% if w.found %} {{ w.found|md }}.{% endif %}
{% if w.earlier %}
_{{ w.earlier|count("earlier decision") }} not shown; the replay file has them all._
{% endif %}
{% for d in w.decisions %}
{{ d.n }}. {{ d.label|code }}{% endfor %}

At the decisive step (the last decision):{% if w.events %} {{ w.events|join("; ")|md }}.{% endif %}{% if w.fact %} {{ w.fact|md }}.{% endif %}

{% if w.kept %}Replay it: {{ w.replay|code }}{% else %}_Found by this run's search ({% if w.was %}the kept witness {{ w.was.file }} no longer shows it: {{ w.was.problem|md }}{% else %}none is kept{% endif %})._ Keep it: {{ w.regenerate|code }}{% endif %}
{% else %}the kept witness {{ w.file }} no longer shows its corner case: {{ w.problem|md }}. Regenerate it: {{ w.regenerate|code }}
{% endif %}
{% else %}
_No witness from a legal setup for this page's clauses: none is kept, and this run's search did not show them within its budget (a larger one: `oblivaeon-verify witnesses --help`)._
{% endfor %}
{% if c.parting %}## Where the readings part, from a legal setup
{% for w in c.parting %}
**{{ w.parameter }}: {{ w.default }} against {{ w.value }}**: {% if w.ok %}setup: {{ w.setup|md }}. {{ w.found|md }}.
{% if w.earlier %}
_{{ w.earlier|count("earlier decision") }} not shown; the replay file has them all._
{% endif %}
{% for d in w.decisions %}
{{ d.n }}. {{ d.label|code }}{% endfor %}

After the last decision:
{% for x in w.differs %}
- {{ x|md }}{% endfor %}

Replay it (both readings): {{ w.replay|code }}
{% elif w.kept %}the kept divergence witness {{ w.file }} no longer parts the readings at its end: {{ w.problem|md }}. Regenerate it: {{ w.regenerate|code }}
{% else %}_No divergence witness from a legal setup: {{ w.problem|md }}._ A larger search: {{ w.regenerate|code }}
{% if w.scenario %}
From a built position instead: the scenario {{ w.scenario.scenario|code }}, run under both values, parts them at step {{ w.scenario.step }}: {{ w.scenario.differs|md }}.
{% endif %}
{% endif %}
{% endfor %}
{% endif %}
## Step by step

Setup (everything not given is the model's default setup): {{ c.setup_words }}
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
{% for ch in s.changes %}| {{ ch.fact }} | {{ ch.before|words }} | {{ ch.after|words }} |
{% endfor %}{% if s.changes_more %}
... and {{ s.changes_more }} more changes
{% endif %}{% endif %}{% if s.checks %}
{% for k in s.checks %}- {% if k.ok %}ok{% else %}**FAILED**{% endif %}: {{ k.what }}: expected {{ k.expected|words }}, got {{ k.actual|words }}
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
        {
            "base.html": BASE_HTML,
            "index.html": INDEX_HTML,
            "clauses.html": CLAUSES_HTML,
            "section.html": SECTION_HTML,
            "corner.html": CORNER_HTML,
            "index.md": INDEX_MD,
            "clauses.md": CLAUSES_MD,
            "section.md": SECTION_MD,
            "corner.md": CORNER_MD,
            "proposals.html": PROPOSALS_HTML,
            "proposal.html": PROPOSAL_HTML,
            "proposals.md": PROPOSALS_MD,
            "proposal.md": PROPOSAL_MD,
        }
    )
    extra = {} if autoescape else {"finalize": _md_finalize}
    env = jinja2.Environment(loader=loader, autoescape=autoescape, undefined=jinja2.StrictUndefined, keep_trailing_newline=True, **extra)
    env.filters["code"] = md_code
    env.filters["md"] = lambda v: markupsafe.Markup(md_text(v))
    env.filters["count"] = words.count
    env.filters["words"] = words.phrase
    # the first screen's links name HTML pages; the Markdown report links the .md page of the same name
    env.filters["md_link"] = lambda link: markupsafe.Markup(re.sub(r"\.html(?=#|$)", ".md", link))
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


def clauses_html(data: dict) -> str:
    return _HTML.get_template("clauses.html").render(d=data, css=CSS, page_title=f"{data['title']}: clause coverage")


def clauses_md(data: dict) -> str:
    return _TEXT.get_template("clauses.md").render(d=data)


def section_html(data: dict, section: dict) -> str:
    return _HTML.get_template("section.html").render(d=data, s=section, css=CSS, page_title=f"{data['title']}: {section['title']}")


def section_md(data: dict, section: dict) -> str:
    return _TEXT.get_template("section.md").render(d=data, s=section)


def proposals_html(index: dict) -> str:
    return _HTML.get_template("proposals.html").render(d=index, css=CSS, page_title=index["title"])


def proposals_md(index: dict) -> str:
    return _TEXT.get_template("proposals.md").render(d=index)


def proposal_html(page: dict) -> str:
    return _HTML.get_template("proposal.html").render(p=page, css=CSS, page_title=page["title"])


def proposal_md(page: dict) -> str:
    return _TEXT.get_template("proposal.md").render(p=page)
