"""What every command shares: argument errors and bounded numbers, ruleset and parameter loading, consoles (progress: :mod:`oblivaeon_verify.progress`)."""

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


def print_json(data, args) -> None:
    """A command's JSON on stdout: timing figures only when ``--timing`` asks for them."""
    from oblivaeon_verify.timing import without_timing

    print(json.dumps(data if getattr(args, "timing", False) else without_timing(data), indent=2))


def stderr_line(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


PIPED_WIDTH = 100_000
"""Columns of a table written to a pipe or a file: wide enough that no cell wraps, so no id is split mid-word."""


def console(stderr: bool = False):
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    # a terminal wraps tables to its width; a pipe or a file gets every row on one line, for grep and cut
    width = None if stream.isatty() else PIPED_WIDTH
    return Console(stderr=stderr, highlight=False, soft_wrap=True, width=width)


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
