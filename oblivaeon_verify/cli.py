"""The ``oblivaeon-verify`` command line.

Each command is a module of ``oblivaeon_verify.commands`` with a ``register(subparsers)`` function;
they are found by listing the package, so adding a command never edits a shared list.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys

from oblivaeon_verify import __version__, commands
from oblivaeon_verify.commands.common import UsageError

NOT_COMMANDS = {"common"}


def command_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(commands.__path__) if m.name not in NOT_COMMANDS and not m.name.startswith("_"))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="oblivaeon-verify", description="Rules verification and property testing for cooperative card games.")
    p.add_argument("--version", action="version", version=f"oblivaeon-verify {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in command_modules():
        importlib.import_module(f"oblivaeon_verify.commands.{name}").register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.fn(args)
    except UsageError as e:
        print(f"oblivaeon-verify {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into head
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
