"""What every command shares: argument errors, ruleset and parameter loading, consoles and progress bars."""

from __future__ import annotations

import platform

from oblivaeon_verify import __version__, rulesets


class UsageError(Exception):
    """A bad command-line argument, named, with what was expected."""


def console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def add_ruleset_arguments(sp, params: bool = True) -> None:
    sp.add_argument("--ruleset", default=rulesets.DEFAULT, help=f"one of: {', '.join(rulesets.available())} (default %(default)s)")
    if params:
        sp.add_argument("--params", metavar="FILE", help="a TOML file overriding model parameters (assumptions)")
        sp.add_argument("--param", metavar="NAME=VALUE", action="append", help="override one model parameter (repeatable)")


def load_ruleset(args):
    try:
        return rulesets.load(args.ruleset)
    except rulesets.UnknownRuleset as e:
        raise UsageError(f"--ruleset: {e}") from None


def players(ruleset, value):
    n = ruleset.default_players if value is None else value
    if n not in ruleset.players:
        raise UsageError(
            f"--{ruleset.players_word}: {ruleset.title} is played with {', '.join(map(str, ruleset.players))} {ruleset.players_word}, not {n}"
        )
    return n


def parameters(ruleset, args):
    try:
        return ruleset.load_parameters(args.params, tuple(args.param or ()))
    except ValueError as e:
        raise UsageError(str(e)) from None


def progress(total: int, label: str, enabled: bool):
    """A rich progress bar on stderr, and the callback that advances it (a no-op when disabled)."""
    if not enabled:
        return None, (lambda done, all_: None)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    prog = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console(stderr=True),
        transient=True,
    )
    task = prog.add_task(label, total=total)
    return prog, (lambda done, all_: prog.update(task, completed=done))


def versions() -> dict:
    import hypothesis
    import networkx
    import z3

    return {
        "oblivaeon-verify": __version__,
        "python": platform.python_version(),
        "hypothesis": hypothesis.__version__,
        "networkx": networkx.__version__,
        "z3": z3.get_version_string(),
    }
