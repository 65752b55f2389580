"""Markdown reports carry people's text (scenario titles, summaries, notes, messages) as text, never as markup."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from oblivaeon_verify import report, report_pages, rulesets, scenarios

HOSTILE = "<script>alert(1)</script> | *bold* _it_ [link](http://x) `tick` ~~gone~~ &amp; <img src=x onerror=y>"


def _rendered(markdown: str) -> str:
    return report_pages._MD.render(markdown)


def _text_of(html: str) -> str:
    """The text a reader sees in an HTML fragment: tags dropped, entities decoded."""
    import html as h

    return h.unescape(re.sub(r"<[^>]+>", "", html))


# NUL never reaches a report (input files holding one are refused), and CommonMark turns it into U+FFFD
TEXT = st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")


@given(st.text(alphabet=TEXT, max_size=80))
def test_any_text_escaped_for_markdown_reads_back_as_itself(text):
    shown = _rendered(report_pages.md_text(text))
    assert _text_of(shown).strip() == " ".join(text.split())
    # one paragraph at most: nothing became a heading, a list, a table, a quote or raw HTML
    assert set(re.findall(r"<(\w+)", shown)) <= {"p"}


@given(st.text(alphabet=TEXT, max_size=60))
def test_a_code_span_holds_any_text_literally(text):
    shown = _rendered(str(report_pages.md_code(text)))
    if " ".join(text.split()).strip(" "):
        assert "<code>" in shown
        assert _text_of(shown).strip() == " ".join(text.split()).strip(" ")


def test_a_scenario_with_html_and_markdown_in_its_text_is_shown_literally_in_the_markdown_report(tmp_path):
    ruleset = rulesets.load("oblivaeon")
    vocab = scenarios.vocabulary("oblivaeon")
    src = (scenarios.folder("oblivaeon") / "aeon-men-on-instruction.toml").read_text(encoding="utf-8")
    src = re.sub(r'^title = ".*"$', f"title = {HOSTILE!r}".replace("'", '"'), src, count=1, flags=re.M)
    src = src.replace('summary = """', f'summary = """\n# {HOSTILE}\n1. not a list\n', 1)
    src = src.replace("[[steps]]\n", f'[[steps]]\nnote = "- {HOSTILE}"\n', 1)
    path = tmp_path / "aeon-men-on-instruction.toml"
    path.write_text(src, encoding="utf-8")
    sc = scenarios.load(path, vocab)
    assert HOSTILE in sc.title
    page = report._corner_page(ruleset, sc, scenarios.run(sc, vocab), [])
    shown = _rendered(report_pages.corner_md(page))
    assert "<script" not in shown and "<img" not in shown
    assert "<h1>&lt;script&gt;" in shown.replace("\n", "")  # the title is the page's heading, as text
    assert "&lt;script&gt;alert(1)&lt;/script&gt; | *bold* _it_ [link](http://x) `tick` ~~gone~~ &amp;amp;" in shown
    assert "<h1># " not in shown and "<ol>" not in shown  # the summary's '#' and '1.' stay text
    # and the HTML page escapes the same text (it always did)
    assert "<script" not in report_pages.corner_html(dict(page, interaction=[dict(p, svg="") for p in page["interaction"]]))
