"""Shards: one part of a campaign's tasks, run alone (``--shard K/N``), written as a file ``merge`` reads.

A campaign is a fixed list of tasks (:mod:`oblivaeon_verify.tasks`); shard K of N runs the tasks
whose position is K-1 modulo N (a mix of every player count in each shard), and writes their
results, with everything that decides them, as one JSON file (:data:`FORMAT`, version
:data:`VERSION`, schema :data:`SCHEMA`) through :mod:`oblivaeon_verify.output` into ``--shard-out``.

``merge`` (:mod:`oblivaeon_verify.commands.merge`) reads every shard of a campaign, refuses in one
line each a set whose command, ruleset, seed, settings, versions or plan differ, or with a shard
missing or given twice, and hands the results in task order to the command's own ``finish``: the
output is the bytes the unsharded run prints or writes.

A shard file is input (it comes from another machine): it is read as strictly as a scenario file,
every key checked against the schema, and every result against its task's own schema.
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oblivaeon_verify import output
from oblivaeon_verify.model.common.files import InputError, read_text

FORMAT = "oblivaeon-verify shard"
VERSION = 1
MAX_BYTES = 512 * 1024 * 1024
"""A shard of a large report (graph pictures, knock-out replays) is far past the 8 MB of a scenario file."""
MAX_SHARDS = 10_000
COMMAND = "shard"
"""The command name in the marker of a --shard-out folder (every campaign command's shards may share one)."""
EXCLUDED = frozenset({"json", "timing", "workers", "scheduler", "shard", "shard_out", "fn", "command", "help"})
"""Arguments that decide where or how the work runs, or how it is shown, not what it finds: not a shard's settings."""


class ShardError(InputError):
    """A shard file that cannot be used, or a set of shards that cannot be merged: one line naming it."""


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (1-based) of ``count``."""

    index: int
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def picks(self, position: int) -> bool:
        return position % self.count == self.index - 1

    @property
    def file_name(self) -> str:
        return f"shard-{self.index}-of-{self.count}.json"


_SHARD = re.compile(r"([0-9]{1,5})/([0-9]{1,5})")


def parse_shard(text: str) -> Shard:
    """An argparse ``type``: ``K/N``, 1 <= K <= N <= MAX_SHARDS."""
    m = _SHARD.fullmatch(text)
    if not m or not 1 <= int(m[1]) <= int(m[2]) <= MAX_SHARDS:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise argparse.ArgumentTypeError(f"expected K/N, shard K of N with 1 <= K <= N <= {MAX_SHARDS:,} (e.g. 2/4), not {shown!r}")
    return Shard(int(m[1]), int(m[2]))


parse_shard.__name__ = "K/N"


def add_arguments(sp) -> None:
    """``--shard K/N`` and ``--shard-out DIR`` (every campaign command); ``--scheduler`` (see backends)."""
    from oblivaeon_verify.backends import SCHEDULER_ENV

    sp.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"run the tasks on the Dask cluster whose scheduler is at ADDRESS (e.g. tcp://10.0.0.5:8786); default ${SCHEDULER_ENV}, "
        "else the local process pool",
    )
    sp.add_argument(
        "--shard",
        type=parse_shard,
        metavar="K/N",
        help="run only shard K of N of the tasks and write them to --shard-out; `oblivaeon-verify merge` makes the whole output "
        "(default: every task, here)",
    )
    sp.add_argument(
        "--shard-out",
        metavar="DIR",
        default="shards",
        help="with --shard: the folder the shard file goes into (added to what the tool wrote there) (default %(default)s/)",
    )


# --- what a shard is made of -----------------------------------------------------------------


def arguments(command: str, args: argparse.Namespace) -> list[str]:
    """The command's settings as command-line arguments (only those away from their defaults), in the parser's order."""
    from oblivaeon_verify import cli

    parser = cli.subparser(command)
    argv: list[str] = []
    for a in parser._actions:
        if not a.option_strings or a.dest in EXCLUDED:
            continue
        value = getattr(args, a.dest, a.default)
        if value == a.default or value is None:
            continue
        opt = max(a.option_strings, key=len)
        if isinstance(a, argparse.BooleanOptionalAction):
            argv.append(opt if value else "--no-" + opt[2:])
        elif isinstance(a, argparse._StoreTrueAction):
            argv.append(opt)
        elif isinstance(a, argparse._AppendAction):
            for v in value:
                argv += [opt, str(v)]
        else:
            argv += [opt, str(value)]
    return argv


def document(command: str, args, ruleset_name: str, seed: int, versions: dict, plan, results: dict[int, tuple[str, Any]]) -> dict:
    shard: Shard = args.shard
    return {
        "format": FORMAT,
        "version": VERSION,
        "command": command,
        "ruleset": ruleset_name,
        "seed": seed,
        "arguments": arguments(command, args),
        "versions": dict(sorted(versions.items())),
        "plan": {"tasks": plan.tasks, "digest": plan.hex},
        "shard": {"index": shard.index, "count": shard.count},
        "results": [{"task": i, "kind": kind, "result": r} for i, (kind, r) in sorted(results.items())],
    }


def write(command: str, args, ruleset_name: str, seed: int, versions: dict, plan, results: dict[int, tuple[str, Any]]) -> Path:
    """Add this shard's file to ``--shard-out`` (through :func:`output.add`) and return where it went."""
    doc = document(command, args, ruleset_name, seed, versions, plan, results)
    text = json.dumps(doc, indent=1, sort_keys=True) + "\n"
    written = output.add(args.shard_out, {args.shard.file_name: text}, COMMAND, "--shard-out")
    return written[args.shard.file_name]


def prepare(args) -> None:
    """Refuse an unusable ``--shard-out`` before the work (as every output folder is)."""
    if args.shard is not None:
        output.prepare(args.shard_out, COMMAND, "--shard-out")


# --- reading ---------------------------------------------------------------------------------

_ONE_LINE = "^[^\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]*$"
_COUNTS = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
_TEXT = {"type": "string", "maxLength": 1_000_000}
_WHOLE = {"type": "integer", "minimum": 0}
_SECONDS = {
    "type": "object",
    "properties": {"seconds": {"type": "number", "minimum": 0}},
    "required": ["seconds"],
    "additionalProperties": False,
}


def _record(properties: dict, optional: tuple[str, ...] = ()) -> dict:
    return {
        "type": "object",
        "properties": properties,
        "required": [k for k in properties if k not in optional],
        "additionalProperties": False,
    }


_GAME_ERROR = _record({"game": _WHOLE, "players": _WHOLE, "seed": _WHOLE, "error": _TEXT, "replay": _TEXT})
_TALLY = _record(
    {
        "games": _WHOLE,
        "rounds": _WHOLE,
        "decisions": _WHOLE,
        "chance_decisions": _WHOLE,
        "outcomes": _COUNTS,
        "reasons": _COUNTS,
        "event_clauses": _COUNTS,
        "errors": {"type": "array", "items": _GAME_ERROR},
        "timing": _SECONDS,
    }
)
_MACHINE_TIMING = _record({"seconds": {"type": "number", "minimum": 0}})

_FIRST_SEEN = {"type": "array", "items": _WHOLE, "minItems": 3, "maxItems": 3}
"""A census count: how many, and the first game (player count, index) that showed it."""
_CENSUS = _record(
    {
        "sites": {
            "type": "object",
            "additionalProperties": _record(
                {
                    "site": _TEXT,
                    "description": _TEXT,
                    "clause": _TEXT,
                    "sides": {"type": "array", "items": _TEXT},
                    "harmful": {"type": "boolean"},
                    "selections": _FIRST_SEEN,
                    "kinds": {"type": "object", "additionalProperties": _FIRST_SEEN},
                    "flags": {"type": "object", "additionalProperties": _FIRST_SEEN},
                }
            ),
        }
    }
)
"""What a chunk of games' census saw (``properties.common.census.Census.to_json``)."""

RESULTS: dict[str, dict] = {
    "Games": _record({"tally": _TALLY, "fired": _COUNTS, "census": _CENSUS}, optional=("census",)),
    "CheckedGames": _record(
        {
            "games": _WHOLE,
            "steps": _WHOLE,
            **{k: _COUNTS for k in ("checked", "violations", "clause_events", "offered", "chosen", "corners", "outcomes")},
            "failures": {
                "type": "array",
                "items": _record(
                    {
                        "game": _WHOLE,
                        "players": _WHOLE,
                        "seed": _WHOLE,
                        "violations": {"type": "array", "items": _TEXT},
                        "error": _TEXT,
                        "replay": {"type": "object"},
                    }
                ),
            },
            "fired": _COUNTS,
            "timing": _SECONDS,
        }
    ),
    "MachineExamples": _record({"examples": _WHOLE, "steps": _WHOLE, "failure": _TEXT, "timing": _MACHINE_TIMING}),
    "Knockout": _record(
        {
            "clause": _TEXT,
            "target": _TEXT,
            "target_type": {"enum": ["clause", "handler"]},
            "handlers": {"type": "array", "items": _TEXT},
            "shared_with": {"type": "array", "items": _TEXT},
            "caught_by": {"type": "array", "items": _TEXT},
            "message": _TEXT,
            "games": _WHOLE,
            "reached": _WHOLE,
            "differed": _WHOLE,
            "steps": _WHOLE,
            "seconds": {"type": "number", "minimum": 0},
            "status": {"enum": ["caught", "crashed", "scenario", "uncaught"]},
            "replay": {"type": ["object", "null"]},
        },
        optional=("clause",),  # a clause's row only; a record kind's names its kind as its target
    ),
    "Section": _record(
        {
            "section": {
                "type": "object",
                "properties": {
                    "name": _TEXT,
                    "title": _TEXT,
                    "status": {"enum": ["ok", "error", "skipped", "missing"]},
                    "message": _TEXT,
                    "markdown": _TEXT,
                    "failed": {"type": "array", "items": _TEXT},
                    "inconclusive": {"type": "array", "items": _TEXT},
                },
                "required": ["name", "title", "status"],
            },
            "timing": {},
        }
    ),
}
"""Per task kind, the schema of its result."""

SCHEMA = _record(
    {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "command": {"type": "string", "pattern": "^[a-z]{1,20}$"},
        "ruleset": {"type": "string", "pattern": "^[a-z_]{1,40}$"},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1},
        # (no control characters or line breaks: merge names a bad argument in its one-line error)
        "arguments": {"type": "array", "items": {"type": "string", "maxLength": 4096, "pattern": _ONE_LINE}, "maxItems": 1000},
        "versions": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 200}},
        "plan": _record(
            {"tasks": {"type": "integer", "minimum": 0, "maximum": 10**9}, "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"}}
        ),
        "shard": _record(
            {
                "index": {"type": "integer", "minimum": 1, "maximum": MAX_SHARDS},
                "count": {"type": "integer", "minimum": 1, "maximum": MAX_SHARDS},
            }
        ),
        "results": {
            "type": "array",
            "items": _record({"task": {"type": "integer", "minimum": 0}, "kind": {"enum": sorted(RESULTS)}, "result": {}}),
        },
    }
)
"""A shard file, version 1 (the results are checked against :data:`RESULTS` by their kind)."""


def _no_twice(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise ShardError(f"key {twice[:60]!r} is given twice in one object")
    return out


def _not_json(name: str):
    raise ShardError(f"{name} is not a JSON value")


def _at(prefix: str, error) -> str:
    where = prefix
    for part in error.absolute_path:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    return where or "the top level"


def _message(error) -> str:
    text = " ".join(str(error.message).split())
    return text if len(text) <= 160 else text[:160] + "..."


def _validator(schema: dict):
    import jsonschema

    # JSON Schema counts 1.0 as an integer; a shard's counts, tasks and indices are written as 1, never 1.0.
    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", lambda _c, v: type(v) is int)
    return jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)(schema)


def _validate(p: Path, value: Any, schema: dict, prefix: str = "") -> None:
    import jsonschema

    validator = _validator(schema)
    error = jsonschema.exceptions.best_match(validator.iter_errors(value), key=jsonschema.exceptions.relevance)
    if error is not None:
        raise ShardError(f"{p}: {_at(prefix, error)}: {_message(error)}")


def load(path: str | Path) -> dict:
    """A shard file, checked against the schema, each result against its kind's: the document (with ``_path``)."""
    p = Path(path)
    text = read_text(p, "shard file", max_bytes=MAX_BYTES)
    try:
        doc = json.loads(text, object_pairs_hook=_no_twice, parse_constant=_not_json)
    except json.JSONDecodeError as e:
        raise ShardError(f"{p}:{e.lineno}: not valid JSON: {e.msg}") from None
    except ShardError as e:
        raise ShardError(f"{p}: not a shard file's JSON: {e}") from None
    except (ValueError, RecursionError) as e:  # an integer of thousands of digits; lists nested thousands deep
        raise ShardError(f"{p}: not readable JSON ({' '.join(str(e).split())[:80] or 'nested too deep'})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ShardError(
            f"{p}: not a shard file (expected a JSON object whose format is {FORMAT!r}; oblivaeon-verify CMD --shard K/N writes them)"
        )
    if doc.get("version") != VERSION or type(doc.get("version")) is not int:
        raise ShardError(f"{p}: shard file version {json.dumps(doc.get('version'))[:20]}; this tool reads version {VERSION}")
    try:
        _validate(p, doc, SCHEMA)
        shard = Shard(doc["shard"]["index"], doc["shard"]["count"])
        if shard.index > shard.count:
            raise ShardError(f"{p}: shard: index {shard.index} is past the count {shard.count}")
        seen: set[int] = set()
        for n, item in enumerate(doc["results"]):
            i = item["task"]
            if i >= doc["plan"]["tasks"]:
                raise ShardError(f"{p}: results[{n}].task: {i} is past the plan's {doc['plan']['tasks']} tasks")
            if not shard.picks(i):
                raise ShardError(
                    f"{p}: results[{n}].task: task {i} is not shard {shard}'s (its tasks are those at {shard.index - 1} modulo {shard.count})"
                )
            if i in seen:
                raise ShardError(f"{p}: results[{n}].task: task {i} is given twice")
            seen.add(i)
            _validate(p, item["result"], RESULTS[item["kind"]], f"results[{n}].result")
        wanted = sum(1 for i in range(doc["plan"]["tasks"]) if shard.picks(i))
        if len(seen) != wanted:
            missing = next(i for i in range(doc["plan"]["tasks"]) if shard.picks(i) and i not in seen)
            raise ShardError(f"{p}: results: task {missing} of shard {shard} is missing ({len(seen)} of its {wanted} tasks given)")
    except RecursionError:
        raise ShardError(f"{p}: nested too deep to be a shard file") from None
    doc["_path"] = str(p)
    return doc


def files(paths: list[str]) -> list[Path]:
    """The shard files named: files as given, folders by their ``shard-*.json`` files (sorted)."""
    out: list[Path] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            found = sorted(p.glob("shard-*-of-*.json"))
            if not found:
                raise ShardError(f"{p}: no shard files (shard-K-of-N.json) in this folder")
            out += found
        else:
            out.append(p)
    return out


def merged(docs: list[dict], versions: dict) -> dict[int, tuple[str, Any]]:
    """The results of a complete, consistent set of shards, by task; a ShardError (one line) otherwise."""
    first = docs[0]
    a = first["_path"]
    checks = (
        ("command", "different commands"),
        ("ruleset", "different rulesets"),
        ("seed", "different seeds"),
        ("arguments", "different settings"),
        ("versions", "different versions"),
        ("plan", "different plans (the same settings gave different tasks: different code or parameters)"),
    )
    for d in docs[1:]:
        for key, what in checks:
            if d[key] != first[key]:
                raise ShardError(f"merge: {d['_path']} and {a} are shards of {what}: {_difference(key, d[key], first[key])}")
        if d["shard"]["count"] != first["shard"]["count"]:
            raise ShardError(
                f"merge: {d['_path']} is a shard of {d['shard']['count']} and {a} one of {first['shard']['count']}: not one campaign's shards"
            )
    if first["versions"] != versions:
        raise ShardError(
            f"merge: the shards were made with other versions than this tool's: {_difference('versions', first['versions'], versions)}"
        )
    count = first["shard"]["count"]
    by_index: dict[int, str] = {}
    for d in docs:
        k = d["shard"]["index"]
        if k in by_index:
            raise ShardError(f"merge: shard {k}/{count} is given twice ({by_index[k]} and {d['_path']})")
        by_index[k] = d["_path"]
    missing = [k for k in range(1, count + 1) if k not in by_index]
    if missing:
        raise ShardError(
            f"merge: {'shard' if len(missing) == 1 else 'shards'} {', '.join(f'{k}/{count}' for k in missing)} missing (given: {', '.join(f'{k}/{count}' for k in sorted(by_index))})"
        )
    results: dict[int, tuple[str, Any]] = {}
    for d in docs:
        for item in d["results"]:
            results[item["task"]] = (item["kind"], item["result"])
    return results


def _difference(key: str, x: Any, y: Any) -> str:
    if isinstance(x, dict) and isinstance(y, dict):
        keys = sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
        return "; ".join(f"{k}: {json.dumps(x.get(k))} vs {json.dumps(y.get(k))}" for k in keys[:3])
    text = f"{json.dumps(x)} vs {json.dumps(y)}"
    return text if len(text) <= 200 else text[:200] + "..."
