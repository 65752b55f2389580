"""``oblivaeon-verify witnesses``: a short game from a legal setup to each corner case, as replay files.

Random play from the rulebook's setups finds each corner case (what it misses, play steered by the
rule-interaction graph towards it), the shrinker shortens the game, and a bounded breadth-first
search says whether a shorter one exists (``graphs.setup_witness``).  With
``--out DIR`` each witness is written as a replay file (``expect: {"shows": CLAUSE}``) that
``check --replay`` and the test suite replay.  Exit 0 when every clause asked for that prescribes
play has a witness, 4 when random play did not reach one within the budget (not decided, never a pass).
"""

from __future__ import annotations

import json

from oblivaeon_verify import exits, output
from oblivaeon_verify.commands.common import (
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    clause_ids,
    console,
    integer,
    load_ruleset,
    print_json,
    stderr_line,
)
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import setup_witness as sw
from oblivaeon_verify.words import count


def corner_cases(ruleset) -> list[str]:
    """The default clauses, in catalogue order: the Rules Clarifications and every clause a scenario file cites."""
    from oblivaeon_verify import scenarios

    facts = facts_mod.load(ruleset)
    cited = {c for sc in scenarios.load_suite(ruleset.name).scenarios for c in sc.clauses}
    return [c for c in ruleset.catalogue.ids() if facts.is_clarification(c) or c in cited]


def cmd_witnesses(args) -> int:
    ruleset = load_ruleset(args)
    clauses = clause_ids(ruleset, args.clause) if args.clause else corner_cases(ruleset)
    found = sw.find(
        ruleset,
        clauses,
        seed=args.seed,
        games=args.games,
        replays=args.replays,
        bound_states=args.bound_states,
        steered_games=args.steered_games,
        progress=None if args.json else stderr_line,
    )
    rows = [found[c] for c in clauses]
    written = {}
    if args.out:
        files = {f"{w.clause}.json": json.dumps(sw.replay_document(ruleset, w), indent=1) + "\n" for w in rows if w.found}
        if args.clause:
            written = output.add(args.out, files, "witnesses")
        else:
            output.replace(args.out, files, "witnesses")
            written = {name: name for name in files}
    missing = [w for w in rows if not w.found and ruleset.catalogue[w.clause].handled]
    code = exits.of(False, bool(missing))
    if args.json:
        print_json(
            {
                "seed": args.seed,
                "games_budget": args.games,
                "witnesses": [w.as_dict() | {"timing": {"seconds": round(w.seconds, 3)}} for w in rows],
                "summary": summary(rows),
            },
            args,
            code,
        )
    else:
        _print(rows, args.out, len(written))
    return code


def summary(rows) -> dict:
    lengths = sorted(len(w.decisions) for w in rows if w.found)
    return {
        "clauses": len(rows),
        "found": len(lengths),
        "minimal": sum(1 for w in rows if w.found and w.minimal),
        "not_shown_in_play": sum(1 for w in rows if not w.found),
        "median_length": lengths[len(lengths) // 2] if lengths else None,
        "longest": lengths[-1] if lengths else None,
    }


def _print(rows, out, written: int) -> None:
    from rich.table import Table

    con = console()
    t = Table(title="witnesses from a legal setup")
    for col in ("clause", "decisions", "found at", "minimal?", "players/game", "shown by", "search"):
        t.add_column(col)
    for w in rows:
        if w.found:
            minimal = "minimal" if w.minimal else f"none shorter than {w.bound}"
            search = f"steered to {w.steered}" if w.steered else "random"
            t.add_row(w.clause, str(len(w.decisions)), str(w.found_length), minimal, f"{w.players}/{w.game}", w.by, search)
        else:
            t.add_row(w.clause, "-", "-", "-", "-", "-", w.reason)
    con.print(t)
    s = summary(rows)
    line = f"{s['found']} of {count(s['clauses'], 'clause')} with a witness ({s['minimal']} minimal); median {s['median_length']}, longest {s['longest']} decisions"
    con.print(line + (f"; {count(written, 'replay file')} in {out}" if out else ""))


def register(sub) -> None:
    sp = sub.add_parser("witnesses", help="a short game from a legal setup to each corner case, written as replay files")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument(
        "--clause",
        action="append",
        metavar="ID",
        help="a clause to find a witness for (repeatable; default: the Rules Clarifications and every clause a scenario cites)",
    )
    add_seed_argument(sp)
    sp.add_argument(
        "--games", type=integer(1, 100_000), default=sw.DEFAULT_GAMES, help="random games per player count to search (default %(default)s)"
    )
    sp.add_argument(
        "--steered-games",
        type=integer(0, 100_000),
        default=sw.DEFAULT_STEERED_GAMES,
        help="games per player count steered by the rule-interaction graph towards each clause random play missed (default %(default)s)",
    )
    sp.add_argument(
        "--replays",
        type=integer(0, 1_000_000),
        default=sw.DEFAULT_REPLAYS,
        help="replays the shrinker may spend per witness (default %(default)s)",
    )
    sp.add_argument(
        "--bound-states",
        type=integer(1, 2_000_000),
        default=sw.DEFAULT_BOUND_STATES,
        help="states the breadth-first minimality check may keep per witness (default %(default)s)",
    )
    sp.add_argument(
        "--out",
        metavar="DIR",
        help="write each witness as DIR/CLAUSE.json, a replay file (the whole folder is replaced without --clause; kept and added to with it) (default: none, nothing written)",
    )
    add_json_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify witnesses --clause CLAR.SENTINELS", "the shortest game found from a legal setup to the Sentinels' corner case"),
        (
            "oblivaeon-verify witnesses --out properties/oblivaeon/witnesses",
            "regenerate the checked-in witnesses (the test suite replays them)",
        ),
    )
    sp.set_defaults(fn=cmd_witnesses)
