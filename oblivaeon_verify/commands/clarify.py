"""``oblivaeon-verify clarify``: is a proposed rules clarification consistent, redundant, or in conflict?

``clarify "TEXT"`` or ``clarify --file F`` judges a proposal written in the ruleset's clarification
language (``--vocabulary`` lists its terms) against the ruleset's encoded rulebook: consistent,
redundant (with every minimal set of clauses that implies it) or contradicts (with every minimal set
of clauses it conflicts with), vacuous (what it speaks of cannot exist: it contradicts nothing, so
exit 0, the verdict saying so), or unknown when the solver cannot decide within its allowance (``--work``, in Z3's work units, the same on
every machine; and ``--timeout`` seconds if given).  A
contradiction exits 1 (so that a designer can gate on it), a consistent or redundant proposal 0, an
unknown one 4 (as does a verdict whose minimal sets could not all be listed), a malformed one 2
with its position.  ``clarify --check`` checks the encoded rulebook itself (consistency, statements
implied by the others) and the model against every statement (exit 1 on any failure, else 4 if a
question was undecided).  Everything game-specific comes from the ruleset's plugin (``clarify``, and
``clarify_in_play`` for ``--in-play``).
"""

from __future__ import annotations

from pathlib import Path

from oblivaeon_verify import exits, rulesets
from oblivaeon_verify.commands.common import (
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    console,
    integer,
    load_ruleset,
    print_json,
    seconds,
)
from oblivaeon_verify.model.common.files import read_text
from oblivaeon_verify.properties.common.clarify.in_play import Budget as InPlayBudget
from oblivaeon_verify.properties.common.clarify.logic import JUDGE_WORK
from oblivaeon_verify.smt.allowance import more_with
from oblivaeon_verify.words import count


def _language(ruleset):
    load = rulesets.plugin(ruleset).clarify
    if load is None:
        raise UsageError(f"--ruleset: {ruleset.name} has no clarification language (its plugin's clarify is None)")
    return load()


def cmd_clarify(args) -> int:
    ruleset = load_ruleset(args)
    language = _language(ruleset)
    con = console()
    if args.vocabulary:
        terms = language.vocabulary()
        if args.json:
            print_json({"terms": terms}, args, schema="clarify-vocabulary")
        else:
            for t, d in sorted(terms.items()):
                con.print(f"[bold]{t}[/bold]: {d}")
        return 0
    if args.check:
        data = {"rulebook": language.check_rulebook(seconds=args.timeout, work=args.work), "model": language.model_conformance()}
        rb, m = data["rulebook"], data["model"]
        code = exits.of(rb["consistent"] is False or bool(m["violations"]) or bool(m["unwitnessed"]), bool(rb["undecided"]))
        if args.json:
            print_json(data, args, code, schema="clarify-check")
        else:
            rb, m = data["rulebook"], data["model"]
            word = rb.get("rules_word", "clarifications")
            state = {True: "consistent", False: "INCONSISTENT", None: "UNDECIDED"}[rb["consistent"]]
            con.print(f"{len(rb['clarifications'])} {word} (+{len(rb['vocabulary_facts'])} vocabulary facts): {state}")
            for core in rb["conflicts"]:
                con.print(f"  [red]conflict[/red]: {', '.join(core)}")
            con.print(f"implied by the others: {', '.join(rb['redundant']) or 'none'}")
            for r in rb["redundant_statements"]:
                con.print(f"  statement {r['statement']} of {r['clause']} follows from the others: {r['text']}")
            for u in rb["undecided"]:
                con.print(f"  [yellow]undecided[/yellow]: {u}")
            con.print(
                f"model conformance: {m['objects']} objects ({m['kinds']} kinds), {len(m['violations'])} violations, {len(m['unwitnessed'])} unwitnessed"
            )
            for v in m["violations"]:
                con.print(f"  [red]{v['clause']}[/red] broken by {', '.join(v['objects'])}: {v['statement']}")
            for v in m["unwitnessed"]:
                con.print(f"  [red]{v['clause']}[/red] no object of the model can be: {v['statement']}")
            for v in m.get("in_play_only", []):
                con.print(f"  {v['clause']} can only be witnessed in play (--in-play): {v['statement']}")
            enc = rb.get("encoding")
            if enc:
                con.print(f"encoded at full meaning: {enc['full_meaning']} of {enc['rules']} {word}")
                for p in enc["partial"]:
                    con.print(f"  partial {p['clause']}: {p['missing']}")
        return code
    if (args.text is None) == (args.file is None):
        raise UsageError("give a proposed clarification as TEXT or with --file F (one of them), or use --check / --vocabulary")
    if args.report:
        from oblivaeon_verify import output

        output.prepare(args.report, "clarify", "--report")
    try:
        if args.file:
            path = Path(args.file)
            source = str(path)
            proposals = language.batch(read_text(path, "clarification file"), source)
        else:
            source = "TEXT"
            proposals = language.batch(args.text, source)
            if len(proposals) != 1:  # a batch is a file; on the command line, one proposal
                language.judge_text(args.text, source)
        verdicts = [language.judge(p, seconds=args.timeout, work=args.work) for p in proposals]
    except language.Error as e:
        raise UsageError(str(e)) from None
    if args.in_play:
        for p, verdict in zip(proposals, verdicts):
            verdict["in_play"] = _in_play(ruleset, p, args)
    outcomes = [_outcome(v) for v in verdicts]
    code = exits.of(any(f for f, _u in outcomes), any(u for _f, u in outcomes))
    if args.report:
        from oblivaeon_verify import clarify_report, output

        output.replace(args.report, clarify_report.files(ruleset, source, proposals, verdicts, args), "clarify", "--report")
    if len(verdicts) > 1:
        return _batch(verdicts, source, args, code, con)
    verdict = verdicts[0]
    if args.json:
        # the checker's answer is a detail ("judgement"); "verdict" is the one every output has
        print_json(_as_json(verdict), args, code)
        return code
    _print(verdict, con)
    return code


def _outcome(verdict: dict) -> tuple[bool, bool]:
    """(failed, undecided): a contradiction fails; an unknown, an incomplete listing or an unfinished in-play search is undecided.

    A vacuous proposal says nothing (what it speaks of cannot exist): no contradiction, so it passes, the verdict saying so."""
    v, play = verdict["verdict"], verdict.get("in_play")
    return v == "contradicts", v == "unknown" or "incomplete" in verdict or bool(play and not play["complete"])


def _as_json(verdict: dict) -> dict:
    return {"judgement" if k == "verdict" else k: x for k, x in verdict.items()}


def _batch(verdicts: list[dict], source: str, args, code: int, con) -> int:
    """Each proposal of a batch file, judged on its own: one entry (or block of lines) each, and a count per verdict."""
    summary = {"proposals": len(verdicts)} | {k: sum(1 for v in verdicts if v["verdict"] == k) for k in VERDICTS}
    if args.json:
        print_json({"source": source, "proposals": [_as_json(v) for v in verdicts], "summary": summary}, args, code, schema="clarify-batch")
        return code
    for v in verdicts:
        con.print(f"[bold]{v['proposal']}[/bold]:", end=" ")
        _print(v, con)
    con.print(", ".join(f"{summary[k]} {k}" for k in VERDICTS if summary[k]) + f" of {summary['proposals']} proposals in {source}")
    return code


VERDICTS = ("contradicts", "unknown", "vacuous", "redundant", "consistent")
"""Every verdict, the worst first."""


def _print(verdict: dict, con) -> None:
    v = verdict["verdict"]
    colour = {"consistent": "green", "redundant": "yellow", "contradicts": "red", "vacuous": "yellow", "unknown": "magenta"}[v]
    con.print(f"[{colour}]{v}[/{colour}]")
    if v == "unknown" or "incomplete" in verdict:
        why = verdict.get("reason") or verdict["incomplete"]
        con.print(f"  {why}" + (f" (allow more with {more_with(why)})" if more_with(why) else ""))
    if v == "contradicts":
        for core in verdict["cores"]:
            con.print(f"  conflicts with: {', '.join(core)}")
    elif v == "redundant":
        for support in verdict["implied_by"]:
            con.print(f"  already implied by: {', '.join(support)}")
    elif v == "consistent":
        for t in verdict["new_statements"]:
            con.print(f"  adds: {t}")
        for t in verdict.get("vacuous_statements", []):
            con.print(f"  says nothing (its subject cannot exist): {t}")
    elif v == "vacuous":
        for e in verdict["empty"]:
            sets = "; ".join(", ".join(c) for c in e["ruled_out_by"]) or "?"
            con.print(f"  nothing can be {e['subject']} (ruled out by: {sets})")
    play = verdict.get("in_play")
    if play:
        con.print(f"in play ({play['budget']}): {in_play_extent(play)}" + ("" if play["complete"] else f"; {play['stopped']}"))
        for r in play["results"]:
            con.print(
                f"  {r['result']}: {r['text']}"
                + (f" at {r['where']} ({r['found_by']})" if r.get("where") else "")
                + (f" -> {r['file']}" if r.get("file") else "")
            )


def in_play_extent(play: dict) -> str:
    """How much of the model an in-play search saw: random play's states and steps, and the explorations'."""
    ex, m = play["explored"], play["machine"]
    explored = f"; {count(ex['states'], 'state')} explored from {count(ex['starts'], 'start')}" if ex["starts"] else ""
    machine = f"; {count(m['states'], 'state')} in {count(m['runs'], 'run')} of the Hypothesis machine" if m["runs"] else ""
    return f"{count(play['states'], 'state')} and {count(play['steps'], 'step')} of random play{explored}{machine}"


def _in_play(ruleset, proposal, args) -> dict:
    """The proposal's statements checked in ``--games`` random games (and ``--budget-seconds``, if given); witnesses to ``--witnesses``."""
    check = rulesets.plugin(ruleset).clarify_in_play
    if check is None:
        raise UsageError(f"--in-play: ruleset {ruleset.name} has no in-play check of its statements")
    from oblivaeon_verify import output
    from oblivaeon_verify.properties.common.clarify import in_play

    if args.witnesses:
        output.prepare(args.witnesses, "clarify", "--witnesses")
    statements = [(proposal.id, n, st) for n, st in enumerate(proposal.statements)]
    result = check(in_play.Budget(games=args.games, explored=args.explore, examples=args.examples, seconds=args.budget_seconds), statements)
    files = in_play.write_witnesses(result, args.witnesses) if args.witnesses else {}
    for r in result["results"]:
        name = f"{r['clause']}-{r['statement']}.json"
        if name in files:
            r["file"] = str(files[name])
        r.pop("witness", None)  # written to a file (with --witnesses); too long for the verdict
    return result


def register(sub) -> None:
    sp = sub.add_parser("clarify", help="judge a proposed rules clarification (consistent / redundant / contradicts, with every core)")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument("text", nargs="?", help="the proposal, e.g. 'every P is Q.' (see --vocabulary for the ruleset's terms)")
    sp.add_argument(
        "--file",
        metavar="F",
        help="read the proposal from a file; a file with several ids is a batch, each judged on its own (default: the TEXT argument)",
    )
    sp.add_argument(
        "--report",
        metavar="DIR",
        help="write a page per proposal (HTML and Markdown) and an index into DIR (default: none written)",
    )
    sp.add_argument(
        "--check", action="store_true", help="check the encoded rulebook's consistency and the model's conformance to it (default: off)"
    )
    sp.add_argument("--vocabulary", action="store_true", help="list the terms of the language (default: off)")
    sp.add_argument(
        "--work",
        metavar="UNITS",
        type=integer(1, 10**12),
        default=JUDGE_WORK,
        help="Z3 work units the solver may spend over the whole judgement (or --check), from 1 to 10^12"
        f" (default {JUDGE_WORK:,}, a few minutes at worst); the same on every machine, so a verdict does not depend"
        " on load; past it the verdict is 'unknown' (exit 4), never a pass",
    )
    sp.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=seconds(86_400),
        help="also stop the solver after this many seconds, above 0 and at most 86400 (default: no wall-clock limit);"
        " a verdict under it can depend on the machine's load; past it the verdict is 'unknown' (exit 4), never a pass",
    )
    sp.add_argument("--in-play", action="store_true", help="also check the proposal in random play of the model (a witness where it fails)")
    sp.add_argument("--games", metavar="N", type=integer(1, 1000), default=3, help="random games for --in-play (default 3)")
    sp.add_argument(
        "--explore",
        metavar="STATES",
        type=integer(0, 1_000_000),
        default=InPlayBudget().explored,
        help="with --in-play: the states each breadth-first exploration around the random games keeps, one from each"
        f" game's start and every {InPlayBudget().explore_every:,}th decision (0: none) (default %(default)s)",
    )
    sp.add_argument(
        "--examples",
        metavar="N",
        type=integer(0, 100_000),
        default=InPlayBudget().examples,
        help="with --in-play: examples of the ruleset's Hypothesis state machine (derandomised; a broken statement's"
        f" example is shrunk into its witness), at most {InPlayBudget().machine_steps} rules each (0: none) (default %(default)s)",
    )
    sp.add_argument(
        "--budget-seconds",
        metavar="SECONDS",
        type=seconds(86_400),
        help="also stop --in-play after this many seconds, all games together (default: none; --games and the"
        " decision limit bound it, so what it covers does not depend on the machine's load)",
    )
    sp.add_argument(
        "--witnesses",
        metavar="DIR",
        help="with --in-play: write each witness (a replay file) into DIR (default: none written; the verdict names them)",
    )
    add_json_arguments(sp)
    add_examples(
        sp,
        (
            'oblivaeon-verify clarify "every reward is a villain card."',
            "judge a proposal: it contradicts the rulebook, with every minimal core",
        ),
        ('oblivaeon-verify clarify --ruleset aeons_end "an exhausted player may gain life."', "the same for Aeon's End"),
        ("oblivaeon-verify clarify --check --json", "the encoded rulebook's consistency and the model's conformance to it"),
    )
    sp.set_defaults(fn=cmd_clarify)
