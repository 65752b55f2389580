"""The ``oblivaeon-verify`` command line.

Each command is a module of ``oblivaeon_verify.commands`` with a ``register(subparsers)`` function;
they are found by listing the package, so adding a command never edits a shared list.  Every
command's exit code means the same (:mod:`oblivaeon_verify.exits`): an input error is one line and
exit 2, a bug in the tool is one line and exit 3 (``OBLIVAEON_VERIFY_TRACEBACK=1`` shows the
traceback), Ctrl-C is exit 130 and SIGTERM 143, with one line saying what was done
(:mod:`oblivaeon_verify.interrupts`).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import traceback

from oblivaeon_verify import __version__, commands, exits, interrupts
from oblivaeon_verify.commands.common import ArgumentParser
from oblivaeon_verify.model.common.files import InputError

NOT_COMMANDS = {"common"}
TRACEBACK_VARIABLE = "OBLIVAEON_VERIFY_TRACEBACK"


def command_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(commands.__path__) if m.name not in NOT_COMMANDS and not m.name.startswith("_"))


def build_parser() -> ArgumentParser:
    p = ArgumentParser(
        prog="oblivaeon-verify",
        description="Rules verification and property testing for cooperative card games.",
        epilog=exits.EPILOG,
    )
    p.add_argument("--version", action="version", version=f"oblivaeon-verify {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in command_modules():
        importlib.import_module(f"oblivaeon_verify.commands.{name}").register(sub)
    for sp in sub.choices.values():
        if sp.epilog is None:
            sp.epilog = exits.EPILOG
    return p


def subparser(command: str) -> ArgumentParser:
    """The parser of one command (what ``--help`` of that command shows)."""
    return build_parser()._subparsers._group_actions[0].choices[command]


def main(argv: list[str] | None = None) -> int:
    try:
        with interrupts.handled():
            try:
                parser = build_parser()  # (imports every command's modules: a moment worth interrupting)
                args = parser.parse_args(argv)
            except SystemExit as e:  # --help, --version, or a bad argument (already told in one line)
                return e.code if isinstance(e.code, int) else int(exits.Exit.USAGE if e.code else exits.Exit.PASSED)
            code = _run(args)
    except KeyboardInterrupt as e:  # before a command began
        code = _stopped("oblivaeon-verify", interrupts.stopped(e))
    if interrupts.received() is not None:
        interrupts.end_process(code)
    return code


def _run(args) -> int:
    name = f"oblivaeon-verify {args.command}"
    try:
        return int(args.fn(args))
    except KeyboardInterrupt as e:  # Ctrl-C or SIGTERM: the workers are already ended, say what was done
        return _stopped(name, interrupts.stopped(e))
    except InputError as e:
        print(f"{name}: {e}", file=sys.stderr, flush=True)
        return int(exits.Exit.USAGE)
    except BrokenPipeError:  # e.g. piped into head: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return int(exits.Exit.PASSED)
    except Exception as e:
        if interrupts.received() is not None:  # e.g. a worker that SIGTERM reached first: part of the interrupt
            return _stopped(name, interrupts.stopped(e))
        if os.environ.get(TRACEBACK_VARIABLE):
            traceback.print_exc()
        where = traceback.extract_tb(e.__traceback__)[-1]
        print(
            f"{name}: internal error: {type(e).__name__}: {' '.join(str(e).split())[:300]} (at {os.path.basename(where.filename)}:{where.lineno}; "
            f"a bug in oblivaeon-verify: {TRACEBACK_VARIABLE}=1 shows the traceback)",
            file=sys.stderr,
            flush=True,
        )
        return int(exits.Exit.INTERNAL)


def _stopped(name: str, stop: interrupts.Interrupted) -> int:
    print(stop.line(name), file=sys.stderr, flush=True)
    return int(stop.exit_code)
