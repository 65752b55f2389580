"""``oblivaeon-verify ask QUERY``: designer questions answered by bounded model checking, with a witness.

The queries, the numbers that may be left symbolic (``--symbolic NAME``: Z3 picks values and
reports them) or fixed (``--set NAME=VALUE``), and the query options (``--option NAME``) all come
from the ruleset's symbolic encoding (``QUERY_NAMES``, ``SYMBOLIC_NUMBERS``, ``ASK_OPTIONS``), which also
refuses names it does not know, listing the ones it does.  The answer says its bound and the
assumptions of the abstraction.
"""

from __future__ import annotations

import argparse
import sys

from oblivaeon_verify import exits
from oblivaeon_verify.commands.common import (
    DEFAULT_SEED,
    Names,
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    console,
    integer,
    load_ruleset,
    players,
    print_json,
)
from oblivaeon_verify.commands.prove import symbolic
from oblivaeon_verify.progress import Phases
from oblivaeon_verify.properties.common.goal_play import PlayBudget
from oblivaeon_verify.smt.goals import GoalError
from oblivaeon_verify.smt.kinduction import QUERY_WORK
from oblivaeon_verify.timing import move_seconds
from oblivaeon_verify.words import counted

LONG_WITNESS, HEAD, TAIL = 60, 10, 20
"""A witness longer than LONG_WITNESS steps is printed as its first HEAD and last TAIL steps."""
MAX_DEPTH = 200
"""The deepest unrolling asked of the solver: each step adds a copy of the transition relation."""


def _pairs(items) -> dict:
    out = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--set {item!r}: expected NAME=VALUE")
        try:
            out[name.strip()] = integer(-(10**6), 10**6)(value.strip())
        except argparse.ArgumentTypeError as e:
            raise UsageError(f"--set {item!r}: {e}") from None
    return out


def _write_itf(ruleset, args, n: int, ans: dict) -> None:
    """The witness as an ITF trace (one state per symbolic step, the abstraction's variables)."""
    from oblivaeon_verify.smt import itf

    steps = ans["witness"]
    if not steps:
        raise UsageError(f"--itf: {ans['query']} has no witness to write ({ans['status']})")
    variables = list(steps[0]["state"])
    doc = itf.trace(
        variables,
        [s["state"] for s in steps],
        actions=[s["action"] for s in steps],
        source=f"oblivaeon-verify ask --ruleset {ruleset.name} {args.query or '--goal ' + repr(args.goal)} --players {n}",
        description=f"witness of {args.query or args.goal} with {counted(n, ruleset.players_word)} (the symbolic abstraction)",
    )
    itf.write(args.itf, doc)
    ans["itf"] = args.itf


def _write_replay(args, ans: dict) -> None:
    """The witness of ``--minimise decisions`` as a replay file (``check --replay`` plays it again)."""
    from oblivaeon_verify import replay_file

    if ans.get("replay") is None:
        raise UsageError(
            f"--replay: only a witness in the model's own play (--minimise decisions) is a replay; this answer has none ({ans['status']})"
        )
    ans["replay_file"] = str(replay_file.write_one(args.replay, ans["replay"], "--replay"))


def _play_budget(args) -> PlayBudget:
    given = {"games": args.games, "explored": args.explore, "seed": args.seed}
    return PlayBudget(**{k: v for k, v in given.items() if v is not None})


def cmd_ask(args) -> int:
    ruleset = load_ruleset(args)
    sym = symbolic(ruleset)
    names = tuple(sym.QUERY_NAMES)
    worded = args.goal is not None or args.most is not None
    if (args.query is None) != worded:
        raise UsageError("expected a QUERY or --goal TEXT / --most QUANTITY (one of the two)")
    if args.minimise is not None and (args.goal is None or args.most is not None):
        raise UsageError("--minimise: what the fewest of a --goal counts: only with --goal, and not with --most")
    in_play = (args.minimise or "").strip() == "decisions"
    given = (("--replay", args.replay), ("--games", args.games), ("--explore", args.explore), ("--seed", args.seed != DEFAULT_SEED or None))
    for option, value in given:
        if value is not None and not in_play:
            raise UsageError(f"{option}: goes with --minimise decisions (a search in the model's own play) only")
    if worded and (args.symbolic or args.set):
        raise UsageError("--goal: the Booklet's (or deck's) own numbers only; --symbolic and --set go with a QUERY")
    if args.query is not None and not names:
        raise UsageError(f"--ruleset: {ruleset.name} offers no designer queries")
    if args.query is not None and args.query not in names:
        raise UsageError(f"QUERY: expected one of {', '.join(names)}, not {args.query!r}")
    n = players(ruleset, args.players)
    fixed = _pairs(args.set)
    what = args.query or " ".join(
        ([f"the most {args.most.strip()}"] if args.most else []) + ([f"the goal {args.goal.strip()!r}"] if args.goal else [])
    )
    # the solver can work for minutes: a heartbeat says which bound or depth it is on (bars on a terminal, lines in a log)
    phases = Phases(live=sys.stderr.isatty(), enabled=not args.json)
    try:
        with phases:
            phases.start(f"{what} with {counted(n, ruleset.players_word)}")
            if worded:
                ans = sym.ask_goal(
                    args.goal,
                    n,
                    depth=args.depth,
                    options=tuple(args.option or ()),
                    work=args.work,
                    most=args.most,
                    minimise=args.minimise,
                    play=_play_budget(args) if in_play else None,
                )
            else:
                ans = sym.ask(
                    args.query,
                    n,
                    depth=args.depth,
                    symbolic=tuple(args.symbolic or ()),
                    fixed=fixed,
                    options=tuple(args.option or ()),
                    work=args.work,
                )
    except GoalError:
        raise
    except ValueError as e:
        raise UsageError(str(e)) from None
    code = exits.of(0, ans["status"] == "unknown")
    if args.itf:
        _write_itf(ruleset, args, n, ans)
    if args.replay:
        _write_replay(args, ans)
    if args.json:
        # the solver's answer is a detail ("answer"); "verdict" is the one every output has
        row = move_seconds(ans)
        print_json({"answer" if k == "status" else k: v for k, v in row.items()}, args, code)
        return code
    con = console()
    verdict = {
        "reached": "yes",
        "unreachable-within": f"no path within {ans['depth']} steps",
        "unknown": "unknown (the solver's work ran out: allow more with --work UNITS)",
    }[ans["status"]]
    value = f"; {ans.get('value_label') or 'value'}: {ans['value']}" if ans.get("value") is not None else ""
    con.print(f"{what} with {counted(n, ruleset.players_word)}: {verdict}{value}")
    for a in ans["assumptions"]:
        con.print(f"  - {a}")
    if ans["parameters"]:
        con.print("  values Z3 chose for the symbolic numbers: " + ", ".join(f"{k}={v}" for k, v in ans["parameters"].items()))
    steps = ans["witness"]
    # a game of the model is hundreds of decisions: its opening and its end, the whole in --json or --replay
    shown = steps if len(steps) <= LONG_WITNESS else steps[:HEAD] + [None] + steps[-TAIL:]
    for s in shown:
        if s is None:
            con.print(f"  ...  {len(steps) - HEAD - TAIL} more steps (all of them: --json, or --replay FILE)")
            continue
        where = f"{s['where']}: " if s.get("where") else ""
        con.print(f"  {s['step']:>3}  {where}{s['action']}")
    if ans.get("replay_file"):
        con.print(f"  the witness as a replay file: {ans['replay_file']} (check --replay plays it again)")
    con.print(f"  ({ans['seconds']:.1f} s)")
    return code


def register(sub) -> None:
    sp = sub.add_parser("ask", help="designer queries over the ruleset's symbolic game, with a witness")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument(
        "query",
        metavar="QUERY",
        nargs="?",
        choices=Names(lambda r: symbolic(r).QUERY_NAMES),
        help="a designer query of the ruleset's symbolic encoding (or --goal)",
    )
    sp.add_argument(
        "--goal",
        metavar="TEXT",
        help="a state of the symbolic game in words, e.g. 'there are at least 8 devastation tokens and both environments are in play':"
        " the fewest rounds (Aeon's End: turns) in which it can hold, with a witness; a word it does not know lists the ones it does"
        " (default: none, a QUERY)",
    )
    sp.add_argument("--players", "--heroes", dest="players", type=integer(1, 99), help="the player count (default: the ruleset's)")
    sp.add_argument(
        "--depth", type=integer(1, MAX_DEPTH), help=f"most symbolic steps to search, 1 to {MAX_DEPTH} (default: the query's own)"
    )
    sp.add_argument(
        "--most",
        metavar="QUANTITY",
        help="instead of the fewest rounds: the most a quantity of the goal's words can be (where --goal holds, if given),"
        " e.g. 'scions in the first battle zone', exact where proved (default: none)",
    )
    sp.add_argument(
        "--minimise",
        "--minimize",
        dest="minimise",
        metavar="MEASURE",
        help="with --goal: what its fewest counts: the ruleset's measures (OblivAeon: round, turn; Aeon's End: turn), 'steps',"
        " the symbolic steps of the path, exact within --depth, or 'decisions', searched in the model's own play from a"
        " rulebook setup, exact or between stated bounds (default: the ruleset's first measure)",
    )
    sp.add_argument(
        "--work",
        type=integer(1, 10**12),
        metavar="UNITS",
        help=f"the Z3 resource units the search may spend, the same on every machine (default {QUERY_WORK:,})",
    )
    numbers = Names(lambda r: symbolic(r).SYMBOLIC_NUMBERS)
    sp.add_argument(
        "--symbolic",
        action="append",
        metavar="NAME",
        choices=numbers,
        help="leave one of the ruleset's symbolic numbers open: Z3 picks its value (repeatable; default: none)",
    )
    sp.add_argument(
        "--set",
        action="append",
        metavar="NAME=VALUE",
        help="fix one of the ruleset's symbolic numbers, named as for --symbolic (repeatable; default: the model's values)",
    )
    sp.add_argument(
        "--option",
        action="append",
        metavar="NAME",
        choices=Names(lambda r: tuple(symbolic(r).ASK_OPTIONS)),
        help="a query option the ruleset declares (repeatable; default: none)",
    )
    # Kept for scripts written before --option: the same as --option game-over.
    sp.add_argument("--game-over", dest="option", action="append_const", const="game-over", help=argparse.SUPPRESS)
    sp.add_argument(
        "--itf",
        metavar="FILE",
        help="write the witness as an ITF trace (a new file or one this tool wrote) (default: none)",
    )
    sp.add_argument(
        "--games",
        metavar="N",
        type=integer(1, 10_000),
        help=f"with --minimise decisions: the random games from the setup that bound the fewest from above (default {PlayBudget().games})",
    )
    sp.add_argument(
        "--explore",
        metavar="STATES",
        type=integer(1, 10_000_000),
        help="with --minimise decisions: the states of the breadth-first search that bounds it from below, or finds it exactly"
        f" (default {PlayBudget().explored:,})",
    )
    add_seed_argument(sp, "with --minimise decisions: the setup is game 0 of this seed, as simulate --seed makes it")
    sp.add_argument(
        "--replay",
        metavar="FILE",
        help="with --minimise decisions: write the witness as a replay file (a new file or one this tool wrote) (default: none)",
    )
    add_json_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify ask fewest-rounds-to-lose --heroes 3", "the fewest rounds in which 3 heroes can lose, with a witness"),
        (
            "oblivaeon-verify ask --ruleset aeons_end fewest-turns-to-reshuffle --players 1 --itf witness.itf.json",
            "the witness as an ITF trace",
        ),
        (
            'oblivaeon-verify ask --goal "the multiverse is destroyed" --minimise decisions --replay loss.json',
            "a question in words: the fewest decisions to a loss in the model's play, its witness a replay file",
        ),
    )
    sp.set_defaults(fn=cmd_ask)
