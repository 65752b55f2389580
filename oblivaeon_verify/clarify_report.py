"""``clarify --report DIR``: a page per judged proposal (HTML and its Markdown twin) and an index.

Each page says what the proposal states, the verdict in words with every minimal set behind it (the
clauses it conflicts with, the ones that already imply it, what it adds, what cannot exist), the
in-play result with its witnesses when ``--in-play`` ran, and the command that judges it again.  The
pages are built from the same verdict ``--json`` prints, so the two never disagree.
"""

from __future__ import annotations

import shlex

from oblivaeon_verify import report_pages
from oblivaeon_verify.smt.allowance import more_with

SAYS = {
    "contradicts": "It contradicts the encoded rulebook: adopting it would make the rules inconsistent.",
    "redundant": "It is redundant: the encoded rulebook already implies it.",
    "consistent": "It is consistent with the encoded rulebook and adds to it.",
    "vacuous": "It is vacuous: what it speaks of cannot exist in any situation the rulebook allows, so it says nothing.",
    "unknown": "Undecided: the solver did not decide it within its time (never a pass).",
}


def files(ruleset, source: str, proposals: list, verdicts: list[dict], args) -> dict[str, str]:
    """Every page of the report, by relative path."""
    pages = [page(ruleset, source, p, v, args) for p, v in zip(proposals, verdicts)]
    index = {"title": f"{ruleset.title}: proposed clarifications", "source": source, "pages": pages}
    out = {"index.html": report_pages.proposals_html(index), "index.md": report_pages.proposals_md(index)}
    for pg in pages:
        out[pg["html"]] = report_pages.proposal_html(pg)
        out[pg["md"]] = report_pages.proposal_md(pg)
    return out


def page(ruleset, source: str, proposal, verdict: dict, args) -> dict:
    """What a proposal's page shows, from its verdict."""
    v = verdict["verdict"]
    sets: list[dict] = []
    if v == "contradicts":
        sets = [{"label": "conflicts with", "clauses": list(core)} for core in verdict["cores"]]
    elif v == "redundant":
        sets = [{"label": "already implied by", "clauses": list(support)} for support in verdict["implied_by"]]
    elif v == "vacuous":
        sets = [
            {"label": f"nothing can be {e['subject']}; ruled out by", "clauses": list(core)}
            for e in verdict["empty"]
            for core in e["ruled_out_by"]
        ]
    play = verdict.get("in_play")
    again = ["oblivaeon-verify", "clarify", "--ruleset", ruleset.name] + (["--file", source] if args.file else [args.text])
    return {
        "id": proposal.id,
        "title": f"{proposal.id}: {v}",
        "html": f"{proposal.id}.html",
        "md": f"{proposal.id}.md",
        "verdict": v,
        "says": SAYS[v],
        "statements": [st.text for st in proposal.statements],
        "sets": sets,
        "adds": list(verdict.get("new_statements", [])),
        "says_nothing": list(verdict.get("vacuous_statements", [])),
        "incomplete": verdict.get("reason") or verdict.get("incomplete") or "",
        "more": more_with(verdict.get("reason") or verdict.get("incomplete") or ""),
        "in_play": None
        if not play
        else {
            "budget": play["budget"],
            "states": play["states"],
            "steps": play["steps"],
            "explored": play["explored"],
            "machine": play["machine"],
            "stopped": "" if play["complete"] else play["stopped"],
            "results": [
                {
                    "result": r["result"],
                    "text": r["text"],
                    "where": r.get("where", ""),
                    "found_by": r.get("found_by", ""),
                    "file": r.get("file", ""),
                }
                for r in play["results"]
            ],
        },
        "again": shlex.join(again + (["--in-play"] if getattr(args, "in_play", False) else [])),
    }
