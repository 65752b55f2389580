"""``oblivaeon-verify clarify``: is a proposed rules clarification consistent, redundant, or in conflict?

``clarify "TEXT"`` or ``clarify --file F`` judges a proposal written in the ruleset's clarification
language (``--vocabulary`` lists its terms) against the ruleset's encoded rulebook: consistent,
redundant (with every minimal set of clauses that implies it) or contradicts (with every minimal set
of clauses it conflicts with), or unknown when the solver cannot decide within ``--timeout``.  A
contradiction exits 1 (so that a designer can gate on it), a consistent or redundant proposal 0, an
unknown one 4 (as does a verdict whose minimal sets could not all be listed), a malformed one 2
with its position.  ``clarify --check`` checks the encoded rulebook itself (consistency, statements
implied by the others) and the model against every statement (exit 1 on any failure, else 4 if a
question was undecided).  Everything game-specific comes from ``RULESET.clarify_module``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from model.common.files import read_text
from oblivaeon_verify import exits
from oblivaeon_verify.commands.common import (
    UsageError,
    add_examples,
    add_json_arguments,
    add_ruleset_arguments,
    console,
    load_ruleset,
    print_json,
    seconds,
)


def _module(ruleset):
    name = getattr(ruleset, "clarify_module", None)
    if not name:
        raise UsageError(f"--ruleset: {ruleset.name} has no clarification language (no clarify_module)")
    return importlib.import_module(name)


def cmd_clarify(args) -> int:
    ruleset = load_ruleset(args)
    mod = _module(ruleset)
    con = console()
    if args.vocabulary:
        terms = mod.vocabulary()
        if args.json:
            print_json({"terms": terms}, args, schema="clarify-vocabulary")
        else:
            for t, d in sorted(terms.items()):
                con.print(f"[bold]{t}[/bold]: {d}")
        return 0
    if args.check:
        data = {"rulebook": mod.check_rulebook(seconds=args.timeout), "model": mod.model_conformance()}
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
        return code
    if (args.text is None) == (args.file is None):
        raise UsageError("give a proposed clarification as TEXT or with --file F (one of them), or use --check / --vocabulary")
    if args.file:
        path = Path(args.file)
        text = read_text(path, "clarification file")
        source = str(path)
    else:
        text, source = args.text, "TEXT"
    try:
        verdict = mod.judge_text(text, source, seconds=args.timeout)
    except mod.Error as e:
        raise UsageError(str(e)) from None
    v = verdict["verdict"]
    code = exits.of(v == "contradicts", v == "unknown" or "incomplete" in verdict)
    if args.json:
        # the checker's answer is a detail ("judgement"); "verdict" is the one every output has
        print_json({"judgement" if k == "verdict" else k: x for k, x in verdict.items()}, args, code)
        return code
    colour = {"consistent": "green", "redundant": "yellow", "contradicts": "red", "unknown": "magenta"}[v]
    con.print(f"[{colour}]{v}[/{colour}]")
    if v == "unknown" or "incomplete" in verdict:
        con.print(f"  {verdict.get('reason') or verdict['incomplete']} (allow more with --timeout SECONDS)")
    if v == "contradicts":
        for core in verdict["cores"]:
            con.print(f"  conflicts with: {', '.join(core)}")
    elif v == "redundant":
        for support in verdict["implied_by"]:
            con.print(f"  already implied by: {', '.join(support)}")
    elif v == "consistent":
        for t in verdict["new_statements"]:
            con.print(f"  adds: {t}")
    return code


def register(sub) -> None:
    sp = sub.add_parser("clarify", help="judge a proposed rules clarification (consistent / redundant / contradicts, with every core)")
    add_ruleset_arguments(sp, params=False)
    sp.add_argument("text", nargs="?", help="the proposal, e.g. 'every P is Q.' (see --vocabulary for the ruleset's terms)")
    sp.add_argument("--file", metavar="F", help="read the proposal from a file (default: the TEXT argument)")
    sp.add_argument(
        "--check", action="store_true", help="check the encoded rulebook's consistency and the model's conformance to it (default: off)"
    )
    sp.add_argument("--vocabulary", action="store_true", help="list the terms of the language (default: off)")
    sp.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=seconds(86_400),
        help="seconds the solver may take over the whole judgement (or --check), above 0 and at most 86400"
        " (default: the checker's own limit, a minute); past it the verdict is 'unknown' (exit 4), never a pass",
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
