"""Report section: the silent choices, every place the model decides what its rulebook does not say.

Each is a documented assumption or a reading (``model.common.silent``); for a reading the section
shows its values, the scenarios that play each and the kept divergence witness that parts them (the
shortest game found from a legal setup), or, where no game from a legal setup parts them, the scenario
that does from a built position.  A reading value without a scenario, or parted by neither, is a
coverage warning.
"""

from __future__ import annotations

from oblivaeon_verify import report_witnesses
from oblivaeon_verify import scenarios as scenarios_pkg
from oblivaeon_verify.graphs import divergence
from oblivaeon_verify.words import count

TITLE = "Silent choices"
ORDER = 75
IN_A_WORKER = True
"""Beside the games: it replays kept witnesses, in one process."""


def collect(ruleset, *, seed: int, quick: bool) -> dict:
    readings = {p: (default, value) for p, default, value in divergence.readings(ruleset)}
    values: dict[str, list[str]] = {}
    for p, default, value in divergence.readings(ruleset):
        values.setdefault(p, [default]).append(value)
    played: dict[tuple[str, str], list[str]] = {}
    for sc in scenarios_pkg.load_suite(ruleset.name).scenarios:
        if sc.reading is not None:
            played.setdefault((sc.reading.parameter, sc.reading.value), []).append(sc.id)
    rows = []
    for c in ruleset.silent_choices:
        row = {"id": c.id, "where": c.where, "question": c.question, "answer": c.answer, "clause": c.clause, "reading": c.reading}
        if c.reading:
            row["values"] = [
                {"value": v, "default": i == 0, "scenarios": sorted(played.get((c.reading, v), ()))}
                for i, v in enumerate(values.get(c.reading, ()))
            ]
            row["parting"] = [
                {k: w[k] for k in ("value", "file", "kept", "ok", "problem", "replay", "found", "scenario") if k in w}
                for w in report_witnesses.parting(ruleset, c.reading)
            ]
        rows.append(row)
    undeclared = sorted(set(readings) - {c.reading for c in ruleset.silent_choices if c.reading})
    return {"choices": rows, "undeclared_readings": undeclared}


def warnings(data: dict) -> list[str]:
    out = [f"silent choices: the reading {p} is no silent choice of the catalogue" for p in data["undeclared_readings"]]
    for row in data["choices"]:
        for v in row.get("values", ()):
            if not v["scenarios"]:
                out.append(f"silent choices: no scenario plays {row['reading']} = {v['value']}")
        for w in row.get("parting", ()):
            if not w["ok"] and not w.get("scenario"):
                out.append(
                    f"silent choices: neither a divergence witness nor a scenario parts {row['reading']} = {w['value']} from its default: {w['problem']}"
                )
    return out


def headline(data: dict) -> str:
    rows = data["choices"]
    readings = [r for r in rows if r["reading"]]
    parted = sum(1 for r in readings for w in r["parting"] if w["ok"])
    by_scenario = sum(1 for r in readings for w in r["parting"] if not w["ok"] and w.get("scenario"))
    others = sum(len(r["parting"]) for r in readings)
    return (
        f"{count(len(rows), 'silent choice')} of the model: {count(len(rows) - len(readings), 'documented assumption')}, "
        f"{count(len(readings), 'reading')} ({parted:,} of {others:,} other values parted from the default by a kept witness"
        + (f", {by_scenario:,} only by a scenario from a built position" if by_scenario else "")
        + ")"
    )


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown(data: dict) -> str:
    lines = [
        "Every place where the model decides something its rulebook does not say: a documented assumption "
        "(what the model does) or a reading (a parameter whose every value is played by scenarios and parted "
        "from the default by a divergence witness).",
        "",
        "## Assumptions",
        "",
        "| choice | where | the rulebook leaves open | the model | clause |",
        "|---|---|---|---|---|",
    ]
    for r in data["choices"]:
        if not r["reading"]:
            lines.append(f"| {r['id']} | `{r['where']}` | {_cell(r['question'])} | {_cell(r['answer'])} | {r['clause']} |")
    lines += ["", "## Readings", ""]
    for r in data["choices"]:
        if not r["reading"]:
            continue
        lines += [
            f"### `{r['reading']}`: {r['question']}",
            "",
            f"Decided in `{r['where']}`" + (f" ({r['clause']})." if r["clause"] else "."),
            "",
        ]
        for v in r["values"]:
            played = ", ".join(f"`{s}`" for s in v["scenarios"]) or "**no scenario**"
            lines.append(f"- `{v['value']}`{' (default)' if v['default'] else ''}: {played}")
        for w in r["parting"]:
            if w["ok"]:
                lines.append(f"- parted from `{w['value']}`: {w['found']}; `{w['replay']}`")
            elif w.get("scenario"):
                sc = w["scenario"]
                lines.append(
                    f"- parted from `{w['value']}` only from a built position: the scenario `{sc['scenario']}`, run under both values, "
                    f"at step {sc['step']}: {sc['differs']} ({w['problem']})"
                )
            else:
                lines.append(f"- **not parted** from `{w['value']}`: {w['problem']}")
        lines.append("")
    return "\n".join(lines) + "\n"
