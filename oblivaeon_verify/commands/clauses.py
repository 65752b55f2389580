"""``oblivaeon-verify clauses``: the clause catalogue, with the model code that implements each clause."""

from __future__ import annotations

from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.commands.common import add_examples, add_json_arguments, add_ruleset_arguments, console, load_ruleset, print_json


def cmd_clauses(args) -> int:
    ruleset = load_ruleset(args)
    cat = ruleset.catalogue
    guards = _guards(ruleset)
    rows = []
    for c in cat.clauses:
        impls = cat.implemented_by(c.id)
        rows.append(
            {
                "id": c.id,
                "kind": c.kind,
                "section": c.section,
                "paraphrase": c.paraphrase,
                "handled": c.handled,
                "note": c.note,
                "implemented_by": [{"function": i.function, "module": i.module, "line": i.line} for i in impls],
                "guarded_by": list(guards.get(c.id, ())),
            }
        )
    if args.json:
        print_json({"ruleset": ruleset.name, "clauses": rows}, args)
        return 0
    from rich.table import Table

    table = Table(title=f"{ruleset.title}: {len(rows)} clauses", show_lines=False)
    for col in ("id", "kind", "paraphrase", "implemented by", "guarded by"):
        table.add_column(col, overflow="fold")
    for r in rows:
        impl = ", ".join(f"{i['function']} ({i['module'].split('.')[-1]}:{i['line']})" for i in r["implemented_by"])
        if not r["handled"]:
            impl = f"[dim]no handler: {r['note']}[/dim]"
        elif not impl:
            impl = "[red]NOT IMPLEMENTED[/red]"
        guard = ", ".join(r["guarded_by"]) or ("[red]no invariant[/red]" if r["handled"] else "")
        table.add_row(r["id"], r["kind"], r["paraphrase"], impl, guard)
    console().print(table)
    missing = cat.unimplemented()
    print(
        f"{len(rows)} clauses; {sum(1 for r in rows if r['handled'])} with a rule to implement; {len(missing)} without an implementation"
        + (f": {', '.join(c.id for c in missing)}" if missing else "")
    )
    return 0


def _guards(ruleset) -> dict[str, tuple[str, ...]]:
    """clause id -> names of the invariants that cite it."""
    registry = properties(ruleset).INVARIANTS
    return {c.id: registry.guarding(c.id) for c in ruleset.catalogue.clauses}


def register(sub) -> None:
    sp = sub.add_parser("clauses", help="list the clause catalogue with the model code that implements each clause")
    add_ruleset_arguments(sp, params=False)
    add_json_arguments(sp)
    add_examples(
        sp,
        ("oblivaeon-verify clauses", "every clause of OblivAeon: what implements it, which invariants guard it"),
        ("oblivaeon-verify clauses --ruleset aeons_end --json", "the catalogue of Aeon's End as JSON"),
    )
    sp.set_defaults(fn=cmd_clauses)
