"""``oblivaeon-verify params``: every model parameter of a ruleset, with its type, bounds, default and documentation.

What ``--params FILE`` and ``--param NAME=VALUE`` may set, read from the parameters' own
declarations (``model.common.parameters.describe``), so the list is never out of date.
"""

from __future__ import annotations

import json

from oblivaeon_verify.commands.common import add_examples, add_json_arguments, add_ruleset_arguments, console, load_ruleset, print_json


def cmd_params(args) -> int:
    ruleset = load_ruleset(args)
    rows = ruleset.assumptions()
    if args.json:
        print_json({"ruleset": ruleset.name, "parameters": rows}, args)
        return 0
    con = console()
    con.print(f"{ruleset.title}: {sum(1 for r in rows if '[]' not in r['name'])} parameters", markup=False)
    for r in rows:
        default = "(required)" if r.get("required") else json.dumps(r["default"])
        con.print(f"\n{r['name']} = {default if len(default) <= 70 else default[:67] + '...'}", style="bold", markup=False)
        con.print(f"  {r['type']}, {r['bounds']}", markup=False)
        if r["doc"]:
            con.print(f"  {r['doc']}", markup=False)
        for value, text in r.get("values", {}).items():
            con.print(f"  - {value}: {text}", markup=False)
    con.print()
    con.print(
        "Override them with --params FILE (TOML: name = value lines, or a [parameters] table; "
        "shields as [[shields]] tables) or --param NAME=VALUE (lists as 1,2,3).",
        markup=False,
    )
    return 0


def register(sub) -> None:
    sp = sub.add_parser("params", help="list the model parameters (assumptions) with their types, bounds, defaults and documentation")
    add_ruleset_arguments(sp, params=False)
    add_json_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify params", "every model parameter of OblivAeon: type, bounds, default and why"),
        ("oblivaeon-verify params --ruleset aeons_end --json", "those of Aeon's End as JSON"),
    )
    sp.set_defaults(fn=cmd_params)
