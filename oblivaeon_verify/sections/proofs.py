"""Report section: the Z3 proofs of the bookkeeping invariants per player count, and any extra proofs the ruleset declares.

Timing figures sit under ``timing`` only, so the rest is identical run to run.
"""

from __future__ import annotations

from oblivaeon_verify import rulesets
from oblivaeon_verify.commands.prove import FAILING, PASSING, extra_proofs
from oblivaeon_verify.words import count, listing

TITLE = "Proofs (Z3)"
ORDER = 60


def collect(ruleset, *, seed: int, quick: bool) -> dict:
    load = rulesets.plugin(ruleset).symbolic
    if load is None:
        return {"available": False, "reason": f"{ruleset.name} has no symbolic encoding"}
    sym = load()
    rows, timing = [], {}
    for n in ruleset.players:
        for r in sym.prove_players(n):
            timing[f"{r['property']}/{n}"] = round(r["seconds"], 3)
            rows.append({k: v for k, v in r.items() if k != "seconds"})
    extras = extra_proofs(ruleset)
    for x in extras.values():
        timing[x["property"]] = round(x.pop("seconds"), 3)
    return {"available": True, "invariants": rows, **extras, "extra_proofs": sorted(extras), "timing": timing}


def findings(data: dict) -> dict:
    """A violated proof fails; an unknown (an obligation's work ran out, or the solver gave no answer) or only bounded one is undecided."""
    if not data.get("available"):
        return {"inconclusive": [f"no proofs: {data.get('reason', 'no symbolic encoding')}"]}
    failed, undecided = [], []
    results = [(f"{r['property']} ({r['players']} players)", r) for r in data["invariants"]]
    results += [(data[k]["property"], data[k]) for k in data.get("extra_proofs", ())]
    for name, r in results:
        if r["status"] in FAILING:
            failed.append(f"proof {name} {r['status']}" + (f": {r['reason']}" if r.get("reason") else ""))
        elif r["status"] not in PASSING:
            undecided.append(f"proof {name} {r['status']}" + (f": {r['reason']}" if r.get("reason") else ""))
    return {"failed": failed, "inconclusive": undecided}


def headline(data: dict) -> str:
    """What was proved, for the report's first screen."""
    if not data.get("available"):
        return f"no proofs: {data.get('reason', 'no symbolic encoding')}"
    rows = data["invariants"]
    proved = sum(1 for r in rows if r["status"] == "proved")
    players = sorted({r["players"] for r in rows})
    text = f"{count(len({r['property'] for r in rows}), 'bookkeeping invariant')} proved with Z3 for {listing(players)} players: {proved:,} of {count(len(rows), 'proof')} closed by k-induction"
    extra = data.get("extra_proofs", ())
    if extra:
        text += f", and {count(len(extra), 'further proof')}"
    return text


def markdown(data: dict) -> str:
    if not data.get("available"):
        return f"_No proofs: {data.get('reason', 'no symbolic encoding')}._\n"
    lines = [
        "Each bookkeeping invariant is proved for every reachable state of the symbolic game by k-induction",
        "(smallest k that closes; BMC with its bound otherwise). The refinement test checks that every step of the",
        "executable model is a step of the symbolic relation.",
        "",
        "| property | players | clauses | method | k / bound | result |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in data["invariants"]:
        kb = f"k={r['k']}" if r["status"] == "proved" else (f"bound {r['bound']}" if r["bound"] is not None else "")
        lines.append(f"| {r['property']} | {r['players']} | {', '.join(r['clauses'])} | {r['method']} | {kb} | {r['status']} |")
    for key in data.get("extra_proofs", ()):
        x = data[key]
        lines += ["", f"**{x.get('title', x['property'])}** ({', '.join(x.get('clauses', ()))}): {x.get('summary', x['status'])}."]
    lines.append("")
    return "\n".join(lines)
