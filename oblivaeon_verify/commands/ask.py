"""``oblivaeon-verify ask QUERY``: designer questions answered by bounded model checking, with a witness.

Booklet numbers can be left symbolic (``--symbolic NAME``, Z3 picks values and reports them) or
fixed (``--set NAME=VALUE``).  The answer says its bound and the assumptions of the abstraction.
"""

from __future__ import annotations

import json

from oblivaeon_verify.commands.common import UsageError, add_ruleset_arguments, console, load_ruleset, players
from oblivaeon_verify.commands.prove import symbolic


def _pairs(items) -> dict:
    out = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--set {item!r}: expected NAME=VALUE")
        try:
            out[name.strip()] = int(value)
        except ValueError:
            raise UsageError(f"--set {item!r}: {value!r} is not an integer") from None
    return out


def cmd_ask(args) -> int:
    ruleset = load_ruleset(args)
    sym = symbolic(ruleset)
    if args.query not in sym.QUERY_NAMES:
        raise UsageError(f"QUERY: expected one of {', '.join(sym.QUERY_NAMES)}, not {args.query!r}")
    if args.depth < 1:
        raise UsageError(f"--depth: expected a positive number of steps, not {args.depth}")
    n = players(ruleset, args.players)
    try:
        ans = sym.ask(
            args.query, n, depth=args.depth, symbolic=tuple(args.symbolic or ()), fixed=_pairs(args.set), game_over=args.game_over
        )
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.json:
        print(json.dumps(ans, indent=2))
        return 0 if ans["status"] != "unknown" else 1
    con = console()
    verdict = {"reached": "yes", "unreachable-within": f"no path within {ans['depth']} steps", "unknown": "unknown (solver timeout)"}[
        ans["status"]
    ]
    con.print(f"{args.query} with {n} {ruleset.players_word}: {verdict}" + (f"; round {ans['value']}" if ans.get("value") else ""))
    for a in ans["assumptions"]:
        con.print(f"  - {a}")
    if ans["parameters"]:
        con.print("  Booklet values of the witness: " + ", ".join(f"{k}={v}" for k, v in ans["parameters"].items()))
    for s in ans["witness"]:
        con.print(f"  {s['step']:>3}  round {s['round']}: {s['action']}")
    con.print(f"  ({ans['seconds']:.1f} s)")
    return 0 if ans["status"] != "unknown" else 1


def register(sub) -> None:
    sp = sub.add_parser("ask", help="designer queries over the symbolic game (fewest rounds to lose, ...), with a witness")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument("query", help="fewest-rounds-to-lose or countdown-before-fall")
    sp.add_argument("--heroes", "--players", dest="players", type=int)
    sp.add_argument("--depth", type=int, default=40, help="most symbolic steps to search (default %(default)s)")
    sp.add_argument("--symbolic", action="append", metavar="NAME", help="leave a Booklet number symbolic (repeatable)")
    sp.add_argument("--set", action="append", metavar="NAME=VALUE", help="fix a Booklet number (repeatable)")
    sp.add_argument("--game-over", action="store_true", help="let environments also fall to their own Game Over")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(fn=cmd_ask)
