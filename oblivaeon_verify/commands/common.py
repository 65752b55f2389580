"""What every command shares: argument errors and bounded numbers, ruleset and parameter loading, consoles (progress: :mod:`oblivaeon_verify.progress`)."""

from __future__ import annotations

import argparse
import difflib
import json
import math
import platform
import re
import shlex
import sys
from collections.abc import Sequence

from oblivaeon_verify import __version__, exits, rulesets
from oblivaeon_verify.model.common.files import InputError
from oblivaeon_verify.model.common.parameters import INTEGER_TEXT, MAX_DIGITS


class UsageError(InputError):
    """A bad command-line argument, named, with what was expected."""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows every option's default, and the names a name-valued option takes; epilogs as written.

    A default that is a value is appended as ``(default: VALUE)`` unless the help already says its
    default in words (as an option whose default depends on the ruleset must); a flag's is ``off``.
    The names of a :class:`Names` choice are listed by ruleset.
    """

    def _get_help_string(self, action) -> str:
        text = action.help or ""
        if text == argparse.SUPPRESS:
            return text
        if isinstance(action.choices, Names):
            text += f" (names: {action.choices.listing()})"
        if "default" not in text and action.option_strings:
            if action.default is False and action.nargs == 0:
                text += " (default: off)"
            elif action.default is not None and action.default is not argparse.SUPPRESS:
                text += " (default: %(default)s)"
        return text


class Names(Sequence):
    """The names a name-valued option accepts (``choices``), read when first needed, by ruleset.

    ``load(ruleset_name)`` gives one ruleset's names; the option accepts the names of any ruleset
    (argparse checks them), and the command refuses a name the chosen ruleset does not have, listing
    its own.  Loading is lazy so that a command that does not use the option never imports what the
    names come from (the symbolic encodings, the graph facts).
    """

    def __init__(self, load, per_ruleset: bool = True) -> None:
        self._load = load
        self._per_ruleset = per_ruleset
        self._by: dict[str, tuple[str, ...]] | None = None

    def by_ruleset(self) -> dict[str, tuple[str, ...]]:
        if self._by is None:
            if self._per_ruleset:
                self._by = {r: tuple(self._load(r)) for r in rulesets.available()}
            else:
                self._by = {"": tuple(self._load(None))}
        return self._by

    def _all(self) -> list[str]:
        return sorted({n for names in self.by_ruleset().values() for n in names})

    def __getitem__(self, i):
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __contains__(self, name) -> bool:
        return any(name in names for names in self.by_ruleset().values())

    def listing(self) -> str:
        by = self.by_ruleset()
        if not self._per_ruleset:
            return ", ".join(by[""])
        return "; ".join(f"{r}: {', '.join(names) if names else 'none'}" for r, names in by.items())


class ArgumentParser(argparse.ArgumentParser):
    """argparse, with a bad argument told in one line (and exit code 2) instead of the usage text and an error.

    ``parse_strictly`` raises the error instead (``merge`` reads the arguments a shard file records).
    Every parser shows defaults and names in its help (:class:`HelpFormatter`).
    """

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def _check_value(self, action, value) -> None:
        # argparse lists every choice in its error: for a long list of names, say where they are listed
        if isinstance(action.choices, Names) and value not in action.choices:
            shown = action.choices.listing()
            if len(shown) > 300:
                # a cut list may not reach the name meant: name the nearest ones first
                near = difflib.get_close_matches(value, list(action.choices), 3)
                shown = (f"did you mean {', '.join(near)}? " if near else "") + shown[:300] + "..."
            raise argparse.ArgumentError(action, f"unknown name {value!r}; {shown}")
        super()._check_value(action, value)

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
DEFAULT_SEED = 2026
"""The one default seed of every command, so that the same settings give the same games, graph and counts everywhere
(the acceptance campaign of ``verify`` was written for it)."""


def clause_ids(ruleset, ids: list[str]) -> list[str]:
    """``--clause`` values, each a clause id of the ruleset (in the order given, once each), or one UsageError line."""
    unknown = [c for c in ids if c not in ruleset.catalogue]
    if unknown:
        raise UsageError(
            f"--clause: unknown {'clause id' if len(unknown) == 1 else 'clause ids'} {unknown}; see `oblivaeon-verify clauses`"
        )
    return list(dict.fromkeys(ids))


def add_seed_argument(sp, what: str = "the random seed") -> None:
    sp.add_argument("--seed", type=SEED, default=DEFAULT_SEED, help=f"{what} (default %(default)s, every command's)")


def add_examples(sp, *examples: tuple[str, str]) -> None:
    """The command's epilog: two or three examples that work (``(command line, what it does)``), then the exit codes.

    ``tests/test_help.py`` parses every example's command line with the command's own parser.
    """
    lines = ["examples:"]
    for argv, what in examples:
        lines += [f"  {argv}", f"      {what}"]
    sp.epilog = "\n".join(lines) + "\n\n" + exits.EPILOG


def examples(sp) -> list[list[str]]:
    """The argument lists of the examples in a parser's epilog (for the test that parses them)."""
    prefix = "  oblivaeon-verify "
    return [shlex.split(line[len(prefix) :]) for line in (sp.epilog or "").splitlines() if line.startswith(prefix)]


def add_workers_argument(sp, what: str = "worker processes") -> None:
    sp.add_argument("--workers", type=WORKERS, default=None, help=f"{what}, 1 to {MAX_WORKERS} (default: one per core)")


def add_json_arguments(sp, what: str = "print the result as JSON") -> None:
    """``--json``, and ``--timing`` to keep the measured times in it (left out so that a seed gives the same bytes)."""
    sp.add_argument("--json", action="store_true", help=f"{what} (the same bytes for the same seed and settings)")
    sp.add_argument(
        "--timing", action="store_true", help="with --json: include the measured times (they differ from run to run) (default: off)"
    )


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


PIPED_WIDTH = 100_000
"""Columns of a table written to a pipe or a file: wide enough that no cell wraps, so no id is split mid-word."""


def console(stderr: bool = False):
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    # a terminal wraps tables to its width; a pipe or a file gets every row on one line, for grep and cut
    width = None if stream.isatty() else PIPED_WIDTH
    return Console(stderr=stderr, highlight=False, soft_wrap=True, width=width)


def add_ruleset_arguments(sp, params: bool = True) -> None:
    sp.add_argument(
        "--ruleset",
        metavar="NAME",
        default=rulesets.DEFAULT,
        choices=Names(lambda _r: rulesets.available(), per_ruleset=False),
        help="the game (default %(default)s)",
    )
    if params:
        sp.add_argument(
            "--params",
            metavar="FILE",
            help="a TOML file overriding model parameters (assumptions); `oblivaeon-verify params` lists them with their bounds "
            "(default: none, the documented assumptions)",
        )
        sp.add_argument(
            "--param",
            metavar="NAME=VALUE",
            action="append",
            help="override one model parameter (repeatable; lists as 1,2,3); `oblivaeon-verify params` lists them (default: none)",
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
