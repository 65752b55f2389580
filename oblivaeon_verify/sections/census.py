"""Report section: the census of surprises, what every target description picked over the random-play campaign.

Unlike the other sections it plays no games of its own: the report's random-play games take the
census as they are played (``tasks.Games(census=True)``) and :func:`from_campaign` reads it, so it
covers every game of the campaign and each link names one of them.  A flag without a resolution is a
coverage warning, not a failure: it says what a reviewer should look at, not that a rule is broken.
"""

from __future__ import annotations

from oblivaeon_verify import rulesets
from oblivaeon_verify.properties.common.census import FLAGS, resolve
from oblivaeon_verify.words import count

TITLE = "Census of surprises"
ORDER = 70
FROM_CAMPAIGN = True


def replay_command(ruleset: str, seed: int, game: dict) -> str:
    """The command that plays one census game again, with its trace."""
    return (
        f"oblivaeon-verify simulate --ruleset {ruleset} --players {game['players']} --seed {seed} --first {game['index']} --games 1 --trace"
    )


def from_campaign(ruleset, census: dict | None, *, seed: int, games: int) -> dict:
    """The section's data from the campaign's census (None when its games took none)."""
    load = rulesets.plugin(ruleset).census
    if load is None:
        return {"available": False, "reason": f"{ruleset.name} has no census facts"}
    if census is None:
        return {"available": False, "reason": "the random-play games took no census"}
    data = resolve(load(), census)
    for site in data["sites"]:
        for f in site["flags"]:
            f["replay"] = replay_command(ruleset.name, seed, f["game"])
    return {"available": True, "seed": seed, "games": games, **data}


def _unresolved(data: dict) -> list[tuple[dict, dict]]:
    return [(s, f) for s in data["sites"] for f in s["flags"] if f["resolution"] is None]


def warnings(data: dict) -> list[str]:
    """Each unresolved flag, and each resolution that no flag needed (a stale note), one line each."""
    if not data.get("available"):
        return [f"no census: {data.get('reason', '')}"]
    out = [
        f"census: {s['site']} ({s['description']}) picked {f['kind']} ({f['flag']}: {FLAGS[f['flag']]}) "
        f"{count(f['count'], 'time')}; first in {f['replay']}"
        for s, f in _unresolved(data)
    ]
    out += [
        f"census: the resolution of {r['flag']} on {r['kind']} resolves nothing the campaign saw: {r['why']}"
        for r in data["unused_resolutions"]
    ]
    return out


def headline(data: dict) -> str:
    if not data.get("available"):
        return f"no census: {data.get('reason', '')}"
    return (
        f"{count(len(data['sites']), 'target description')} watched over {count(data['games'], 'random game')}: "
        f"{count(data['flags'], 'flag')}, {data['unresolved']:,} unresolved"
    )


def resolved_groups(data: dict) -> list[dict]:
    """The resolved flags grouped by their resolution: flag, kind, why (with its clause or reading), how many
    descriptions and picks it covers, and the first game that showed it (its replay command)."""
    found: dict[tuple, list] = {}
    for s in data.get("sites", ()):
        for f in s["flags"]:
            if f["resolution"] is not None:
                key = (f["flag"], f["kind"], f["resolution"]["why"], f["resolution"]["clause"], f["resolution"]["reading"])
                found.setdefault(key, []).append(f)
    out = []
    for (flag, kind, why, clause, reading), seen in sorted(found.items()):
        first = min(seen, key=lambda f: (f["game"]["players"], f["game"]["index"]))
        because = why + (f" ({clause})" if clause else "") + (f" (reading `{reading}`)" if reading else "")
        out.append(
            {
                "flag": flag,
                "kind": kind,
                "because": because,
                "descriptions": len(seen),
                "times": sum(f["count"] for f in seen),
                "replay": first["replay"],
            }
        )
    return out


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown(data: dict) -> str:
    if not data.get("available"):
        return f"No census: {data.get('reason', '')}.\n"
    lines = [
        f"Every rule and card effect that picks its targets by a description was watched over the campaign's "
        f"{count(data['games'], 'random game')} (seed {data['seed']}). For each description: what it picked, by kind, and the "
        "picks a reviewer would question (flags): "
        + "; ".join(f"**{k}**, {v}" for k, v in FLAGS.items())
        + ". A flag is resolved by a note saying why it is intended (with its clause) or by a documented reading; "
        "the unresolved ones are coverage warnings.",
        "",
        f"{count(data['flags'], 'flag')}, {data['unresolved']:,} unresolved.",
        "",
    ]
    unresolved = _unresolved(data)
    if unresolved:
        lines += ["## Unresolved flags", "", "| who | description | picked | flag | times | first seen |", "|---|---|---|---|---|---|"]
        for s, f in unresolved:
            lines.append(
                f"| {_cell(s['site'])} | {_cell(s['description'])} | {f['kind']} | {f['flag']} | {f['count']:,} | `{f['replay']}` |"
            )
        lines.append("")
    if data["unused_resolutions"]:
        lines += ["## Resolutions no flag needed", ""]
        lines += [f"- {r['flag']} on {r['kind']}: {r['why']}" for r in data["unused_resolutions"]]
        lines.append("")
    resolved = resolved_groups(data)
    if resolved:
        lines += ["## Resolved flags", "", "| flag | picked | why | descriptions | times | first seen |", "|---|---|---|---|---|---|"]
        for g in resolved:
            lines.append(
                f"| {g['flag']} | {g['kind']} | {_cell(g['because'])} | {g['descriptions']:,} | {g['times']:,} | `{g['replay']}` |"
            )
        lines.append("")
    lines += [
        "## What each description picked",
        "",
        "| who | description | clause | times | kinds picked (how many) |",
        "|---|---|---|---|---|",
    ]
    for s in data["sites"]:
        kinds = ", ".join(f"{k['kind']} ({k['count']:,})" for k in s["kinds"])
        lines.append(f"| {_cell(s['site'])} | {_cell(s['description'])} | {s['clause']} | {s['selections']:,} | {kinds} |")
    return "\n".join(lines) + "\n"
