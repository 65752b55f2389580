"""``oblivaeon-verify census``: what every target description picked over random play, and the picks a reviewer would question.

The same census the report's random play takes (its section "Census of surprises"), on its own: games
are played as ``simulate`` plays them (the same seeds, so each link names a game ``simulate`` replays),
every rule and card effect that picks its targets by a description is watched, and each flag is
listed with its resolution or as unresolved.  Exit 0 when every game played (unresolved flags are
coverage warnings, printed), 1 when a game failed.
"""

from __future__ import annotations

import shlex
import sys

from oblivaeon_verify import campaign, exits, interrupts, plans, rulesets
from oblivaeon_verify.commands.common import (
    MAX_GAMES,
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    add_seed_argument,
    add_workers_argument,
    console,
    integer,
    load_ruleset,
    parameters,
    players,
    print_json,
)
from oblivaeon_verify.progress import Phases
from oblivaeon_verify.sections import census as section
from oblivaeon_verify.words import count, counted


def cmd_census(args) -> int:
    ruleset = load_ruleset(args)
    if rulesets.plugin(ruleset.name).census is None:
        raise UsageError(f"--ruleset: {ruleset.title} has no census facts (properties/{ruleset.name}/census.py)")
    counts = [players(ruleset, args.players)] if args.players is not None else list(ruleset.players)
    params = parameters(ruleset, args)
    todo = campaign.tasks(ruleset.name, params, args.seed, counts, args.games, census=True)
    total = args.games * len(counts)
    phases = Phases(live=sys.stderr.isatty(), enabled=not args.json)
    try:
        with phases:
            phases.start(f"random play with the census, {count(args.games, 'game')} per count", total, "game")
            pairs = plans.pairs(todo, scheduler=None, workers=args.workers, jobs=-(-args.games // campaign.CHUNK) * len(counts))
            result = campaign.merged(args.seed, counts, pairs, total=total, progress=lambda done, _all: phases.advance(done))
    except KeyboardInterrupt as e:
        raise interrupts.stopped(e, written="nothing written") from None
    data = section.from_campaign(ruleset, result.census, seed=args.seed, games=total)
    overrides = (f" --params {shlex.quote(args.params)}" if args.params else "") + "".join(
        f" --param {shlex.quote(p)}" for p in args.param or ()
    )
    for site in data.get("sites", ()):
        for f in site["flags"]:
            f["replay"] += overrides
    errors = result.total.errors
    data["errors"] = errors
    code = exits.of(len(errors))
    if args.json:
        print_json(data, args, code)
        return code
    con = console()
    con.print(section.headline(data), markup=False)
    groups = section.resolved_groups(data)
    if groups:
        from rich.table import Table

        t = Table(title="resolved flags (what was picked that a reviewer would question, and why it is intended)")
        for col, just in (
            ("flag", "left"),
            ("picked", "left"),
            ("why", "left"),
            ("descriptions", "right"),
            ("times", "right"),
            ("first seen", "left"),
        ):
            t.add_column(col, justify=just)
        for g in groups:
            t.add_row(g["flag"], g["kind"], g["because"], f"{g['descriptions']:,}", f"{g['times']:,}", g["replay"])
        con.print(t)
    for w in section.warnings(data):
        con.print(f"[yellow]coverage[/yellow]: {w}", highlight=False)
    for e in errors:
        con.print(
            f"[red]problem[/red]: game {e['game']} ({counted(e['players'], ruleset.players_word)}): {e['error']}; replay: {e['replay']}",
            highlight=False,
        )
    return code


def register(sub) -> None:
    sp = sub.add_parser("census", help="what every target description picked over random play, and the picks to question")
    add_ruleset_arguments(sp)
    sp.add_argument(
        "--players",
        "--heroes",
        dest="players",
        type=integer(1, 99),
        help="one player count (heroes, in OblivAeon's words); default: every count the game is played with",
    )
    sp.add_argument("--games", type=integer(1, MAX_GAMES), default=100, help="random games per player count (default %(default)s)")
    add_seed_argument(sp)
    add_workers_argument(sp, what="worker processes for the games")
    add_json_arguments(sp, what="print the census as JSON (schema census)")
    add_examples(
        sp,
        ("oblivaeon-verify census", "100 games per hero count; the flags and how each is resolved"),
        ("oblivaeon-verify census --ruleset aeons_end --games 300 --json", "Aeon's End's census as JSON"),
    )
    sp.set_defaults(fn=cmd_census)
