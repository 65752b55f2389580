"""What the first screen of a report says: the findings by name, each with its page, and the figures in words.

The report's verdict (``report._verdict``) counts the same findings: one list decides both what
fails the run and what the index names, so the two cannot disagree.  A finding is one line of the
verdict (``text``) and the named things behind it (``items``: a failing scenario, an unreached
clause, a section's failed proof), each with the page of the report that shows it.  Links are
relative to the report's root folder.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from oblivaeon_verify.words import count, listing

CLAUSES_PAGE = "clauses.html"


def section_page(name: str, ext: str = "html") -> str:
    return f"sections/{name}.{ext}"


def corner_page(scenario_id: str, ext: str = "html") -> str:
    return f"corner-cases/{scenario_id}.{ext}"


def clause_link(clause_id: str) -> str:
    return f"{CLAUSES_PAGE}#clause-{clause_id}"


@dataclass(frozen=True)
class Named:
    """One named thing behind a finding, and the page (with its anchor) that shows it."""

    name: str
    link: str
    detail: str = ""
    title: str = ""
    """A longer name, shown when the pointer rests on the link (a scenario's title)."""


@dataclass(frozen=True)
class Finding:
    """One line of the verdict and the things it names."""

    text: str
    link: str
    items: tuple[Named, ...] = ()
    title: str = ""
    """The finding as the index heads it, above its items (the verdict line when empty)."""

    @property
    def heading(self) -> str:
        return self.title or self.text


@dataclass(frozen=True)
class Findings:
    failed: list[Finding] = field(default_factory=list)
    inconclusive: list[Finding] = field(default_factory=list)


def findings(data: dict) -> Findings:
    """Every failure and every undecided check of the report's data, in the order a reviewer reads them.

    Failing scenarios come first (they are the corner cases a designer asked about), then failed
    games, conformance, coverage that the verdict requires (clauses with a handler never reached, a
    clarification without a passing scenario) and the sections' own findings.
    """
    out = Findings()
    sc = data["scenarios"]
    failing = [s for s in sc.get("items", ()) if not s["passed"]]
    if sc["failed"] or sc["load_errors"]:
        items = tuple(Named(s["id"], corner_page(s["id"]), s["verdict"], s["title"]) for s in failing)
        items += tuple(Named(e, "index.html#scenarios") for e in sc["load_errors"])
        title = listing(
            [
                x
                for x in (
                    count(sc["failed"], "scenario") + " failed" if sc["failed"] else "",
                    count(len(sc["load_errors"]), "scenario file") + " could not be read" if sc["load_errors"] else "",
                )
                if x
            ]
        )
        out.failed.append(
            Finding(
                f"{count(sc['failed'], 'scenario')} failed and {len(sc['load_errors']):,} could not be read",
                "index.html#scenarios",
                items,
                title,
            )
        )
    if data["totals"]["errors"]:
        errors = [e for s in data.get("random_play", {}).values() for e in s["errors"]]
        items = tuple(Named(e["error"], "index.html#random-play", f"replay: {e['replay']}") for e in errors[:10])
        out.failed.append(
            Finding(
                count(data["totals"]["errors"], "random game") + " failed",
                "index.html#random-play",
                items,
            )
        )
    if data["conformance"]["errors"]:
        items = tuple(
            Named(e["error"], "index.html#random-play", f"replay: {e['replay']}") for e in data["conformance"].get("error_list", [])[:10]
        )
        out.failed.append(
            Finding(
                count(data["conformance"]["errors"], "conformance error"),
                "index.html#random-play",
                items,
            )
        )
    never = [r["id"] for r in data["clause_coverage"] if not r["reached"]]
    if never:
        # The promise is that every clause with a handler is reached in the handler-counted games of a full run;
        # fewer games may simply not have met a rare one (Aeon's End's MAIN.OPEN in 20 games): undecided, not failed.
        counted, promised = data["settings"]["handler_counted_games"], data["settings"].get("handler_counted_games_full", 0)
        first = "the first game" if counted == 1 else f"the first {counted:,} games"
        few = f" (in {first} of each count; a full run counts {promised:,}: too few to tell)" if counted < promised else ""
        (out.inconclusive if few else out.failed).append(
            Finding(
                "clauses with a handler never reached in play" + few + ": " + ", ".join(never),
                CLAUSES_PAGE,
                tuple(Named(c, clause_link(c)) for c in never),
                count(len(never), "clause") + " with a handler never reached in play" + few,
            )
        )
    missing = data["coverage_totals"]["clarifications_without_passing_scenario"]
    if missing:
        out.failed.append(
            Finding(
                "clarifications without a passing scenario: " + ", ".join(missing),
                CLAUSES_PAGE,
                tuple(Named(c, clause_link(c)) for c in missing),
                count(len(missing), "clarification") + " without a passing scenario",
            )
        )
    for s in data["sections"]:
        page = section_page(s["name"])
        title = s.get("title", s["name"])
        if s["status"] == "error":
            out.failed.append(Finding(f"section {s['name']}: {s['message']}", page, title=f"{title}: {s['message']}"))
        elif s["status"] in ("skipped", "missing"):
            out.inconclusive.append(Finding(f"section {s['name']} not run: {s['message']}", page, title=f"{title}: {s['message']}"))
        else:
            out.failed.extend([Finding(f"{s['name']}: {p}", page, title=f"{title}: {p}") for p in s.get("failed", ())])
            out.inconclusive.extend([Finding(f"{s['name']}: {p}", page, title=f"{title}: {p}") for p in s.get("inconclusive", ())])
    return out


@dataclass(frozen=True)
class Figure:
    """A summary figure in plain words: what was done, what it covers, and where the detail is."""

    what: str
    result: str
    link: str
    ok: bool = True


def figures(data: dict) -> list[Figure]:
    """The summary figures of the index, each saying what it counts and out of what."""
    players = list(data["random_play"])
    word = data["players_word"]
    per = data["settings"]["games"]
    counted = data["settings"]["handler_counted_games"]
    total = data["totals"]
    conf = data["conformance"]
    sc = data["scenarios"]
    t = data["coverage_totals"]
    reached = sum(1 for r in data["clause_coverage"] if r["handled"] and r["reached"])
    out = [
        Figure(
            f"{count(total['games'], 'random game')} played ({per:,} for each of {listing(players)} {word}, "
            f"{count(total['decisions'], 'decision')}); the clause handlers that ran were counted on the first {counted:,} of each",
            "no game raised an error" if not total["errors"] else f"{count(total['errors'], 'game')} raised an error",
            "index.html#random-play",
            not total["errors"],
        ),
        Figure(
            f"{count(conf['games'], 'further game')} checked for conformance at every state they visited "
            f"({count(conf['states_checked'], 'state')}: over exactly when no decision is left, no decision offered twice, the state unchanged by a JSON round trip)",
            "no conformance error" if not conf["errors"] else count(conf["errors"], "conformance error"),
            "index.html#random-play",
            not conf["errors"],
        ),
        Figure(
            f"{count(sc['count'], 'corner-case scenario')} run from their files, each a position, decisions and what must follow",
            f"{sc['passed']:,} passed"
            + (f", {sc['failed']:,} failed" if sc["failed"] else "")
            + (f", {len(sc['load_errors']):,} could not be read" if sc["load_errors"] else ""),
            "index.html#scenarios",
            not (sc["failed"] or sc["load_errors"]),
        ),
        Figure(
            f"{count(t['clauses'], 'clause')} in the catalogue; complete means implemented, reached in play, guarded by an "
            "invariant or a proof, and exercised by a passing scenario",
            f"{t['complete']:,} of {t['clauses']:,} complete; {reached:,} of the {t['handled']:,} with a rule reached in play",
            CLAUSES_PAGE,
            reached == t["handled"],
        ),
    ]
    if t["clarifications"]:
        out.append(
            Figure(
                f"{count(t['clarifications'], 'rules clarification')} of the rulebook",
                f"{t['clarifications_passing']:,} of {t['clarifications']:,} shown in play by a passing scenario",
                CLAUSES_PAGE,
                t["clarifications_passing"] == t["clarifications"],
            )
        )
    for s in data["sections"]:
        page = section_page(s["name"])
        if s["status"] == "ok":
            bad = len(s.get("failed", ())) + len(s.get("inconclusive", ()))
            result = (
                "passed"
                if not bad
                else listing(
                    [
                        x
                        for x in (
                            count(len(s.get("failed", ())), "failure") if s.get("failed") else "",
                            count(len(s.get("inconclusive", ())), "undecided check", "undecided checks") if s.get("inconclusive") else "",
                        )
                        if x
                    ]
                )
            )
            out.append(Figure(f"{s['title']}: {s.get('headline') or 'see its page'}", result, page, not bad))
        else:
            out.append(Figure(s["title"], "not run" if s["status"] in ("skipped", "missing") else "failed to run", page, False))
    return out
