"""The report in a real browser (Playwright driving Debian's Chromium): the first screen names the problems, and no
picture's box falls outside its frame.

Skipped where Chromium or Playwright is missing, except under ``CI``, where it fails: ``.ci/run`` installs
Debian's ``chromium`` and the dev extra installs Playwright (which drives that Chromium; no browser download).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from oblivaeon_verify import output, report, rulesets
from oblivaeon_verify.commands.common import versions

ROOT = Path(__file__).resolve().parents[1]
RULESET = rulesets.load("oblivaeon")
SCREEN = {"width": 1280, "height": 800}
CHROMIUM = next(
    (p for p in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or "") if p and Path(p).exists()),
    None,
)

#: Every node box of every picture whose rendered rectangle leaves its drawing or the frame around it.
OUTSIDE_FRAME = """() => {
  const bad = [];
  const inside = (r, f) => r.left >= f.left - 0.5 && r.right <= f.right + 0.5 && r.top >= f.top - 0.5 && r.bottom <= f.bottom + 0.5;
  document.querySelectorAll('.picture').forEach((frame, i) => {
    const f = frame.getBoundingClientRect();
    frame.querySelectorAll('svg').forEach(svg => {
      const s = svg.getBoundingClientRect();
      svg.querySelectorAll('g.node').forEach(node => {
        const r = node.getBoundingClientRect();
        if (!inside(r, s) || !inside(r, f)) bad.push(`picture ${i}: ${node.textContent.trim().split('\\n')[0]}`);
      });
    });
  });
  return bad;
}"""

#: The problem list's items that are not wholly on the first screen (or the count of items, when all are).
OFF_FIRST_SCREEN = """(selector) => {
  const items = [...document.querySelectorAll(selector)];
  const off = items.filter(li => { const r = li.getBoundingClientRect(); return r.top < 0 || r.bottom > window.innerHeight || r.height === 0; });
  return {items: items.length, off: off.map(li => li.textContent.trim().slice(0, 80))};
}"""


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed, and CI is set: .ci/run installs it (apt-get install chromium)")
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("Playwright is not installed, and CI is set: it is in the dev extra (pip install -e '.[dev]')")
        pytest.skip("Playwright is not installed (pip install -e '.[dev]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def page_of(browser, path: Path):
    page = browser.new_page(viewport=SCREEN)
    page.goto(path.as_uri())
    return page


@pytest.fixture(scope="module")
def failing_report(tmp_path_factory):
    """A small report with one failing scenario (a wrong expectation) beside a passing one, and the graphs section."""
    from oblivaeon_verify import scenarios

    base = tmp_path_factory.mktemp("scenarios")
    folder = base / "oblivaeon"
    folder.mkdir()
    text = (ROOT / "scenarios" / "oblivaeon" / "clar-hero-count.toml").read_text()
    (folder / "clar-hero-count.toml").write_text(text.replace("amount = 3 }]\n[steps.expect]", "amount = 4 }]\n[steps.expect]"))
    shutil.copy(ROOT / "scenarios" / "oblivaeon" / "id-devastation-destroys-environment.toml", folder)
    saved, scenarios.ROOT = scenarios.ROOT, base
    try:
        data, _ = report.build(
            RULESET, seed=7, games=1, conformance_games=0, quick=True, versions=versions(), workers=1, sections=["graphs"]
        )
    finally:
        scenarios.ROOT = saved
    out = output.replace(tmp_path_factory.mktemp("report") / "r", report.render(data), "report")
    assert data["verdict"]["status"] == "failed"
    return out


def test_the_first_screen_of_a_failing_report_names_every_problem_with_its_link(browser, failing_report):
    page = page_of(browser, failing_report / "index.html")
    seen = page.evaluate(OFF_FIRST_SCREEN, "ol.problems li")
    assert seen["items"] >= 2 and seen["off"] == [], seen
    link = page.locator("ol.problems a[href='corner-cases/clar-hero-count.html']")
    assert link.count() == 1 and link.is_visible()
    assert "failed" in page.locator("p.verdict").inner_text()
    page.close()


def test_no_box_of_any_picture_falls_outside_its_frame(browser, failing_report):
    pages = [failing_report / "corner-cases" / "clar-hero-count.html", failing_report / "sections" / "graphs.html"]
    pages += sorted((failing_report / "corner-cases").glob("*.html"))
    for path in pages:
        page = page_of(browser, path)
        assert page.locator(".picture svg g.node").count() > 0, path.name
        assert page.evaluate(OUTSIDE_FRAME) == [], path.name
        page.close()


def test_the_frame_check_sees_a_box_cut_off_at_the_frame(browser, tmp_path):
    # what the old report did: a drawing wider than its frame, scrolled (or cut) at the frame's edge
    (tmp_path / "p.html").write_text(
        '<div class="picture" style="width:300px;overflow:auto"><svg width="600" height="80" viewBox="0 0 600 80">'
        '<g class="node"><rect x="10" y="10" width="100" height="40"/><title>inside</title></g>'
        '<g class="node"><rect x="480" y="10" width="100" height="40"/><title>cut off</title></g></svg></div>'
        '<div class="picture"><svg width="200" height="80" viewBox="0 0 200 80">'
        '<g class="node"><rect x="150" y="10" width="100" height="40"/><title>past the viewBox</title></g></svg></div>'
    )
    page = page_of(browser, tmp_path / "p.html")
    assert page.evaluate(OUTSIDE_FRAME) == ["picture 0: cut off", "picture 1: past the viewBox"]
    page.close()


def test_the_first_screen_check_sees_a_problem_pushed_below_the_fold(browser, tmp_path):
    (tmp_path / "p.html").write_text('<div style="height:2000px"></div><ol class="problems"><li>late</li></ol>')
    page = page_of(browser, tmp_path / "p.html")
    assert page.evaluate(OFF_FIRST_SCREEN, "ol.problems li") == {"items": 1, "off": ["late"]}
    page.close()


def test_the_built_in_layout_keeps_every_box_inside_its_frame_too(browser, failing_report, tmp_path):
    """The fallback (no Graphviz) draws the same pictures: each in a report-styled frame, every box inside it."""
    import re

    from oblivaeon_verify import report_pages
    from oblivaeon_verify.graphs import draw

    texts = []
    for md in [failing_report / "sections" / "graphs.md", *sorted((failing_report / "corner-cases").glob("*.md"))]:
        texts += re.findall(r"```mermaid\n(.*?)```", md.read_text(), re.S)
    assert len(texts) >= 3
    frames = "".join(f'<div class="picture">{draw.own_layout(draw.parse(t))}</div>' for t in texts)
    (tmp_path / "own.html").write_text(f"<!DOCTYPE html><html><head><style>{report_pages.CSS}</style></head><body>{frames}</body></html>")
    page = page_of(browser, tmp_path / "own.html")
    assert page.locator(".picture svg[data-layout='own'] g.node").count() > len(texts)
    assert page.evaluate(OUTSIDE_FRAME) == []
    page.close()
