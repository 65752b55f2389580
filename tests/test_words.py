"""Words, not reprs: what a person reads (report pages, the text output of commands) has no Python reprs and right plurals."""

from __future__ import annotations

import re

import pytest

from oblivaeon_verify import rulesets
from oblivaeon_verify.cli import main
from oblivaeon_verify.words import count, listing, phrase, plural, singular

REPRS = re.compile(r"\{'|\['|\[\]|\[\(|\(\('|\{\w+=|\bDecision\(|\bEvent\(|\bState\(|<[a-z_.]+ object at 0x")
NOUNS = (
    "event game step state error clause scenario decision problem proof invariant round turn example edge violation failure "
    "file hero player reward card token check configuration batch"
).split()
# "zone 1 heroes" (a fact's name) and "hero 1 states" are no counts
WRONG_PLURAL = re.compile(r"(?<![\d,.])(?<!zone )(?<!hero )(?<!player )(?<!round )\b1 (?:" + "|".join(NOUNS) + r")e?s\b")
HEDGED_PLURAL = re.compile(r"\b[a-z]+\(e?s\)")


def problems(text: str) -> list[str]:
    """Every Python repr and every wrong or hedged plural ("1 events", "clause(s)") in a text a person reads."""
    plain = text.replace("\\", "")  # Markdown escapes braces and brackets
    found = [m.group(0) for m in REPRS.finditer(plain)]
    found += [m.group(0) for m in WRONG_PLURAL.finditer(plain)]
    found += [m.group(0) for m in HEDGED_PLURAL.finditer(plain)]
    return found


def test_counts_have_the_right_plural():
    assert count(1, "event") == "1 event" and count(0, "event") == "0 events" and count(3000, "game") == "3,000 games"
    assert count(2, "hero") == "2 heroes" and count(2, "property") == "2 properties" and count(2, "hero count") == "2 hero counts"
    assert count(2, "Hypothesis example") == "2 Hypothesis examples" and plural("batch") == "batches" and plural("day") == "days"
    assert listing([3, 4, 5]) == "3, 4 and 5" and listing(["a"]) == "a" and listing([]) == ""
    for one in ("hero", "player", "clause", "property", "batch", "hero count", "box", "child"):
        assert singular(plural(one)) == one


def test_settings_read_as_phrases_not_as_python():
    spec = {"amount": 200, "dtype": "melee", "target": {"side": "hero", "pick": "each"}}
    assert phrase(spec) == "amount 200, dtype melee, target (pick each, side hero)"
    assert phrase(spec, {"dtype": "damage type"}) == "amount 200, damage type melee, target (pick each, side hero)"
    assert phrase({"turn": "villain", "zone": 1}) == "turn villain, zone 1"
    assert phrase([("a", 1), ("b", 2)]) == "(a, 1), (b, 2)" and phrase(True) == "yes" and phrase(None) == "none" and phrase({}) == "nothing"
    assert problems(phrase(spec)) == []


def test_the_scan_finds_reprs_and_wrong_plurals():
    assert problems("effect damage {'amount': 5} after 1 events; 3 clause(s); [('a', 1)]; Decision(kind='x'); ['c'] {kind='d'}") == [
        "{'",
        "[(",
        "Decision(",
        "['",
        "{kind=",
        "1 events",
        "clause(s)",
    ]
    assert problems("1 event, 21 events, 1,001 games, 0.1 steps, hero 1 states its case, zone 1 heroes: 3") == []


@pytest.fixture(scope="module")
def pages(ran_once):
    """Every page of a small report: the one test_progress reads the phases of (one run for both)."""
    from tests.test_progress import SMALL_REPORT

    folder = ran_once(*SMALL_REPORT).folder
    pages = {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.name.endswith((".html", ".md"))}
    assert "index.html" in pages and len(pages) > 100
    return pages


def test_no_report_page_shows_a_python_repr_or_a_wrong_plural(pages):
    found = {name: p for name, text in pages.items() if name.endswith((".html", ".md")) and (p := problems(text))}
    assert found == {}


def test_a_step_heading_says_an_effect_and_a_setup_in_words(pages):
    md = pages["corner-cases/bz-dev-hero-incap.md"]
    assert "effect damage: amount" in md and "damage type melee" in md
    setup = next(line for line in md.splitlines() if line.startswith("Setup (everything not given"))
    assert problems(setup) == [] and "{" not in setup


@pytest.mark.parametrize(
    "argv",
    [
        ["clauses"],
        ["simulate", "--games", "2", "--players", "3"],
        ["simulate", "--players", "3", "--seed", "7", "--trace"],
        ["explore", "--depth", "2"],
        ["prove", "--players", "3"],
        # (clarify --check: test_clarify's test of the encoded rulebook scans what it prints, with its answers at hand)
        ["ask", "--ruleset", "aeons_end", "fewest-turns-to-reshuffle", "--players", "2"],
        ["simulate", "--ruleset", "aeons_end", "--games", "2", "--players", "2"],
    ],
    ids=lambda a: " ".join(a),
)
def test_no_command_prints_a_python_repr_or_a_wrong_plural(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    assert code in (0, 4), out.err
    assert problems(out.out) == [] and problems(out.err) == []


def test_a_table_written_to_a_pipe_keeps_every_id_on_one_line(capsys):
    assert main(["clauses"]) == 0
    out = capsys.readouterr().out
    ids = [c.id for c in rulesets.load("oblivaeon").catalogue.clauses]
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert len(rows) == len(ids)  # one line a clause: no cell wrapped onto a second line
    assert all(any(f"│ {i} " in r for r in rows) for i in ids)


def test_a_count_of_players_is_singular_for_one():
    from oblivaeon_verify.words import counted

    assert counted(1, "players") == "1 player" and counted(1, "heroes") == "1 hero" and counted(4, "heroes") == "4 heroes"
