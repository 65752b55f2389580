"""The height of the report's index in a headless browser, for a passing and a failing run (figures, not a test).

    python -m tests.measure_report [--games 100] [--out DIR]

Builds the report with ``report``'s defaults (quick sections, ``--games`` per count) twice: once as it
is, and once with one scenario broken (a wrong expectation in ``clar-hero-count``, in a copy of the
scenario folder), renders both in Chromium (Playwright, 1280x800) and prints, for each index, its
height in pixels and in screens, how far down the problem list ends, and what the first screen shows.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from oblivaeon_verify import output, report, rulesets, scenarios
from oblivaeon_verify.commands.common import versions

ROOT = Path(__file__).resolve().parents[1]
SCREEN = {"width": 1280, "height": 800}


def build(games: int, broken: bool, where: Path) -> Path:
    saved = scenarios.ROOT
    if broken:
        base = where / "scenarios"
        shutil.copytree(ROOT / "scenarios", base)
        f = base / "oblivaeon" / "clar-hero-count.toml"
        f.write_text(f.read_text().replace("amount = 3 }]\n[steps.expect]", "amount = 4 }]\n[steps.expect]"))
        scenarios.ROOT = base
    try:
        data, _ = report.build(rulesets.load("oblivaeon"), seed=2026, games=games, conformance_games=10, quick=True, versions=versions())
    finally:
        scenarios.ROOT = saved
    return output.replace(where / ("failing" if broken else "passing"), report.render(data), "report")


def measure(browser, folder: Path) -> dict:
    page = browser.new_page(viewport=SCREEN)
    page.goto((folder / "index.html").as_uri())
    height = page.evaluate("document.documentElement.scrollHeight")
    problems = page.evaluate(
        "(() => { const l = document.querySelector('ol.problems'); return l ? l.getBoundingClientRect().bottom : null; })()"
    )
    first = page.evaluate(
        "[...document.querySelectorAll('h1, h2, p.verdict, ol.problems > li, ul.figures > li')]"
        ".filter(e => e.getBoundingClientRect().top < window.innerHeight).map(e => e.innerText.split('\\n')[0].slice(0, 110))"
    )
    page.screenshot(path=str(folder / "first-screen.png"))
    page.close()
    return {"height": height, "problems_end": problems, "first_screen": first}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--out", type=Path, default=None, help="keep the two reports (and a screenshot of each first screen) here")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    where = args.out or Path(tempfile.mkdtemp(prefix="measure-report-"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for broken in (False, True):
            m = measure(browser, build(args.games, broken, where))
            print(
                f"{'failing' if broken else 'passing'} run: index {m['height']:,} px tall = {m['height'] / SCREEN['height']:.1f} screens of 800 px"
            )
            if m["problems_end"] is not None:
                print(f"  the problem list ends {m['problems_end']:.0f} px down (the first screen is 800 px)")
            print("  the first screen shows:")
            for line in m["first_screen"]:
                print(f"    {line}")
        browser.close()
    print(f"reports and screenshots in {where}")


if __name__ == "__main__":
    main()
