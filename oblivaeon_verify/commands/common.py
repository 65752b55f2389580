"""What every command shares: argument errors and bounded numbers, ruleset and parameter loading, consoles and progress bars."""

from __future__ import annotations

import argparse
import json
import math
import platform
import re
import sys

from model.common.files import InputError
from model.common.parameters import INTEGER_TEXT, MAX_DIGITS
from oblivaeon_verify import __version__, exits, rulesets


class UsageError(InputError):
    """A bad command-line argument, named, with what was expected."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse, with a bad argument told in one line (and exit code 2) instead of the usage text and an error.

    ``parse_strictly`` raises the error instead (``merge`` reads the arguments a shard file records).
    """

    def error(self, message: str):
        if getattr(self, "_raise_errors", False):
            raise UsageError(message)
        self.exit(int(exits.Exit.USAGE), f"{self.prog}: {message} (see {self.prog} --help)\n")

    def parse_strictly(self, argv: list[str]) -> argparse.Namespace:
        """The arguments, or a UsageError naming what is wrong with them."""
        self._raise_errors = True
        try:
            return self.parse_args(argv)
        finally:
            self._raise_errors = False


_INTEGER = INTEGER_TEXT
"""ASCII digits only (the rule model parameters given as --param follow too)."""

MAX_GAMES = 1_000_000_000
"""Games per player count: campaigns are streamed, so a large count costs time, not memory up front."""
MAX_WORKERS = 256
MAX_SEED = 2**63 - 1


def integer(low: int, high: int):
    """An argparse ``type``: an integer from ``low`` to ``high`` (inclusive), else a one-line error."""

    def parse(text: str) -> int:
        shown = repr(text) if len(text) <= 40 else f"{text[:20]!r}... ({len(text):,} characters)"
        if not _INTEGER.fullmatch(text):
            raise argparse.ArgumentTypeError(f"expected an integer from {low:,} to {high:,}, not {shown}")
        if len(text.lstrip("-")) > MAX_DIGITS:  # int() of thousands of digits is slow, and refused past 4,300
            raise argparse.ArgumentTypeError(f"expected an integer from {low:,} to {high:,}, not {shown}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected an integer from {low:,} to {high:,}, not {value:,}")
        return value

    parse.__name__ = "integer"
    return parse


def seconds(high: float):
    """An argparse ``type``: a finite number of seconds above 0 and at most ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not 0 < value <= high or not re.fullmatch(r"[0-9.eE+-]+", text):
            raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 and at most {high:g}, not {text!r}")
        return value

    parse.__name__ = "seconds"
    return parse


SEED = integer(0, MAX_SEED)
WORKERS = integer(1, MAX_WORKERS)


def add_seed_argument(sp, default: int = 0, what: str = "the random seed") -> None:
    sp.add_argument("--seed", type=SEED, default=default, help=f"{what} (default %(default)s)")


def add_workers_argument(sp, what: str = "worker processes") -> None:
    sp.add_argument("--workers", type=WORKERS, default=None, help=f"{what}, 1 to {MAX_WORKERS} (default: one per core)")


def add_json_arguments(sp, what: str = "print the result as JSON") -> None:
    """``--json``, and ``--timing`` to keep the measured times in it (left out so that a seed gives the same bytes)."""
    sp.add_argument("--json", action="store_true", help=f"{what} (the same bytes for the same seed and settings)")
    sp.add_argument("--timing", action="store_true", help="with --json: include the measured times (they differ from run to run)")


def print_json(data: dict, args, code: int = exits.Exit.PASSED, schema: str | None = None) -> None:
    """A command's JSON on stdout, in its versioned envelope; timing figures only when ``--timing`` asks for them.

    ``schema`` names the output's JSON Schema (:mod:`oblivaeon_verify.schemas`; default the command's
    name) and ``code`` is the run's exit code, told as the one ``verdict`` every output has.
    """
    from oblivaeon_verify import schemas
    from oblivaeon_verify.timing import without_timing

    body = data if getattr(args, "timing", False) else without_timing(data)
    print(json.dumps(schemas.envelope(body, schema or args.command, args.ruleset, code), indent=2))


def stderr_line(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def add_ruleset_arguments(sp, params: bool = True) -> None:
    sp.add_argument("--ruleset", default=rulesets.DEFAULT, help=f"one of: {', '.join(rulesets.available())} (default %(default)s)")
    if params:
        sp.add_argument(
            "--params",
            metavar="FILE",
            help="a TOML file overriding model parameters (assumptions); `oblivaeon-verify params` lists them with their bounds",
        )
        sp.add_argument(
            "--param",
            metavar="NAME=VALUE",
            action="append",
            help="override one model parameter (repeatable; lists as 1,2,3); `oblivaeon-verify params` lists them",
        )


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
    """The ruleset's parameters with --params and --param applied; a bad one is a ParameterError (an InputError: exit 2)."""
    return ruleset.load_parameters(args.params, tuple(args.param or ()))


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
