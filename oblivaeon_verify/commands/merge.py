"""``oblivaeon-verify merge``: the shards of one campaign (``CMD --shard K/N``) made into the whole output.

Reads every shard file given (files, or folders of ``shard-K-of-N.json``), refuses in one line a set
that is not one campaign's complete shards (:func:`oblivaeon_verify.shards.merged`), checks that the
settings recorded in the shards give the same tasks here (the same code and parameters), and hands
the results in task order to the command's own finish: the JSON, tables, report folder, replay
files and exit code are those of the unsharded run.
"""

from __future__ import annotations

import importlib

from oblivaeon_verify import plans, shards
from oblivaeon_verify.commands.common import UsageError, add_examples, add_json_arguments, load_ruleset, parameters, versions

COMMANDS = ("simulate", "check", "knockout", "report", "verify")
"""The campaign commands (each has ``tasks`` and ``complete``, and ``--shard``)."""


def cmd_merge(args) -> int:
    from oblivaeon_verify import cli

    docs = [shards.load(p) for p in shards.files(args.shards)]
    results = shards.merged(docs, versions())
    first = docs[0]
    command = first["command"]
    if command not in COMMANDS:
        raise shards.ShardError(f"{first['_path']}: command: {command!r} is not a campaign command ({', '.join(COMMANDS)})")
    try:
        ns = cli.subparser(command).parse_strictly(first["arguments"])
    except SystemExit:  # (--help or --version among the arguments: argparse prints and exits)
        raise shards.ShardError(f"{first['_path']}: arguments: not the settings of a {command} run") from None
    except UsageError as e:
        raise shards.ShardError(f"{first['_path']}: arguments: {e}") from None
    if ns.seed != first["seed"] or ns.ruleset != first["ruleset"]:
        raise shards.ShardError(f"{first['_path']}: the arguments' seed or ruleset is not the file's")
    ns.command, ns.json, ns.timing, ns.workers, ns.scheduler, ns.shard = command, args.json, args.timing, None, None, None
    if args.out is not None:
        if not hasattr(ns, "out") or command == "check":  # check's --out is in its replay commands: a setting, not a place
            raise UsageError(f"--out: the {command} output has no folder to choose here (its settings decide it)")
        ns.out = args.out
    module = importlib.import_module(f"oblivaeon_verify.commands.{command}")
    ruleset = load_ruleset(ns)
    params = parameters(ruleset, ns)
    plan = plans.digest(module.tasks(ruleset, ns, params))
    if plan.tasks != first["plan"]["tasks"] or plan.hex != first["plan"]["digest"]:
        raise shards.ShardError(
            f"merge: the shards' settings give other tasks here ({plan.tasks:,} tasks, digest {plan.hex[:12]}, not "
            f"{first['plan']['tasks']:,}, {first['plan']['digest'][:12]}): different code or parameters"
        )
    todo = module.tasks(ruleset, ns, params)
    return module.complete(ruleset, ns, _pairs(todo, results))


def _pairs(todo, results):
    for i, task in enumerate(todo):
        kind, result = results[i]
        if kind != type(task).__name__:
            raise shards.ShardError(f"merge: task {i} is a {type(task).__name__} here, and a {kind} in the shards")
        yield task, result


def register(sub) -> None:
    sp = sub.add_parser("merge", help="make the whole output of a campaign from its shards (CMD --shard K/N)")
    sp.add_argument("shards", nargs="+", metavar="SHARD", help="shard files, or folders of them (each CMD --shard K/N --shard-out DIR)")
    sp.add_argument(
        "--out",
        default=None,
        help="report and verify: the report folder (default: the one the shards' settings name); as for the command itself",
    )
    add_examples(
        sp,
        ("oblivaeon-verify merge shards/ --json", "the JSON of the unsharded run, from every shard file in shards/"),
        ("oblivaeon-verify merge shards/shard-1-of-2.json shards/shard-2-of-2.json --out reports/", "a report from two shard files"),
    )
    add_json_arguments(sp, "print the command's JSON (as the unsharded command with --json)")
    sp.set_defaults(fn=cmd_merge)
