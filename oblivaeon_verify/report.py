"""Reports of the main job, written atomically and deterministically.

This first report covers random play and clause coverage; the scenario, invariant, proof and graph
sections arrive with their issues, and until then the report names them as missing.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from oblivaeon_verify import campaign

NOT_YET = {
    "invariants": "the invariant suite (Hypothesis state machine, knock-out) has not landed yet",
    "proofs": "the Z3 layer has not landed yet",
    "scenarios": "no corner-case scenario files exist yet",
    "graphs": "the rule-interaction and state graphs have not landed yet",
}


def simulation_report(ruleset, result: campaign.CampaignResult, checked: campaign.CampaignResult, versions: dict) -> dict:
    per_count = {}
    for n in sorted(result.tallies):
        s = campaign.summary(ruleset, result, n)
        s.pop("clause_events")
        s.pop("throughput")
        per_count[str(n)] = s
    total = result.total
    conf = checked.total
    return {
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "seed": result.seed,
        "versions": versions,
        "random_play": per_count,
        "totals": {"games": total.games, "rounds": total.rounds, "decisions": total.decisions, "errors": len(total.errors)},
        "conformance": {
            "games": conf.games,
            "states_checked": conf.decisions + conf.games,
            "errors": len(conf.errors),
            "error_list": conf.errors,
        },
        "clause_coverage": campaign.clause_coverage(ruleset, result),
        "missing": NOT_YET,
    }


def render_files(ruleset, data: dict) -> dict[str, str]:
    return {"summary.json": json.dumps(data, indent=2, sort_keys=True) + "\n", "index.md": markdown(data)}


def markdown(data: dict) -> str:
    lines = [
        f"# {data['title']}: verification report",
        "",
        f"Seed {data['seed']}. Versions: " + ", ".join(f"{k} {v}" for k, v in sorted(data["versions"].items())) + ".",
        "",
        "## Random play",
        "",
        "| heroes | games | rounds | decisions | won | lost | errors |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for n, s in data["random_play"].items():
        o = s["outcomes"]
        lines.append(
            f"| {n} | {s['games']:,} | {s['rounds']:,} | {s['decisions']:,} | {o.get('won', 0):,} | {o.get('lost', 0):,} | {len(s['errors'])} |"
        )
    c = data["conformance"]
    lines += [
        "",
        f"Conformance checked at every visited state of {c['games']:,} further games "
        f"({c['states_checked']:,} states): {c['errors']} errors.",
        "",
        "## Clause coverage",
        "",
    ]
    rows = data["clause_coverage"]
    reached = sum(1 for r in rows if r["reached"])
    lines += [
        f"{reached} of {len(rows)} clauses reached in play (clauses without a rule to implement count as reached).",
        "",
        "| clause | kind | implemented by | events | handler calls | reached |",
        "| --- | --- | --- | ---: | ---: | --- |",
    ]
    for r in rows:
        impl = "<br>".join(r["implemented_by"]) or ("(no rule)" if not r["handled"] else "**missing**")
        lines.append(
            f"| {r['id']} | {r['kind']} | {impl} | {r['events']:,} | {r['handler_calls']:,} | {'yes' if r['reached'] else '**no**'} |"
        )
    lines += ["", "## Not yet in this report", ""]
    lines += [f"- {k}: {v}" for k, v in data["missing"].items()]
    return "\n".join(lines) + "\n"


def write_atomically(out: Path, files: dict[str, str]) -> None:
    """Write every file into a fresh folder beside ``out``, then swap it in: a failure leaves the old report whole."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        for name, text in files.items():
            (tmp / name).write_text(text, encoding="utf-8")
        keep = out / "README.md"
        if keep.exists():
            shutil.copy2(keep, tmp / "README.md")
        old = out.with_name(f".{out.name}-old")
        if old.exists():
            shutil.rmtree(old)
        if out.exists():
            os.replace(out, old)
        os.replace(tmp, out)
        if old.exists():
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
