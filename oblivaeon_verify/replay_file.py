"""The replay file's format: what the library and the properties write, without playing anything.

A replay file (described in full in :mod:`oblivaeon_verify.replay`, which reads and plays them) is a
game written out so that it replays exactly.  This module is the part of it below the properties: its
format and version, the document of a played game, the atomic write into a replay folder and the one
line a trace shows per step.  It knows no ruleset and plays nothing, so the state machines and the
in-play clarification check use it without importing the application.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from oblivaeon_verify import output

FORMAT = "oblivaeon-verify replay"
VERSION = 1


@dataclass
class Played:
    """A legal game from its setup, as a replay file records it: the fields :func:`from_game` reads (a search
    that found a state in play keeps its game as one of these)."""

    setup: object
    decisions: list = field(default_factory=list)
    """Each decision's index among the legal decisions of its state."""
    labels: list = field(default_factory=list)
    error: str = ""
    violations: list = field(default_factory=list)
    failed: bool = False


def from_game(ruleset, overrides: dict, game, knockout: str | None = None) -> dict:
    """The replay document of a checked game (its ``setup``, ``decisions``, ``labels``, ``error``,
    ``violations`` and ``failed``), with ``overrides`` the parameters that differ from the defaults."""
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset.name,
        "setup": ruleset.describe_setup(game.setup),
        "parameters": overrides,
        "decisions": [[i, label] for i, label in zip(game.decisions, game.labels)],
        "expect": ({"error": game.error} if game.error else {"violated": sorted({v.invariant for v in game.violations})})
        if game.failed
        else "hold",
    }
    if knockout:
        doc["knockout"] = knockout
    return doc


def write(path: str | Path, doc: dict) -> Path:
    """Add the document to the folder of ``path`` as that file, atomically, and return where it went.

    Replay folders accumulate (:func:`oblivaeon_verify.output.add`): a file the tool wrote of the same
    name is replaced, a person's file never is (the document then takes a free name beside it), and
    a folder holding files the tool did not write is refused (:class:`~oblivaeon_verify.output.OutputError`).
    """
    p = Path(path)
    return output.add(p.parent, {p.name: json.dumps(doc, indent=1) + "\n"}, "check")[p.name]


def ours(data: bytes) -> bool:
    """Whether a file holds a replay document this tool wrote (its ``format``)."""
    try:
        doc = json.loads(data)
    except ValueError:
        return False
    return isinstance(doc, dict) and doc.get("format") == FORMAT


def write_one(path: str | Path, doc: dict, option: str) -> Path:
    """The document as the one file a person named (``ask --replay FILE``): a new file, or a replay file
    this tool wrote; never over a person's file (:func:`oblivaeon_verify.output.write_file`)."""
    return output.write_file(path, json.dumps(doc, indent=1) + "\n", option, ours)


def trace_line(ruleset, state, decision, events) -> str:
    """One short line: where, the decision, and the clause ids of what it caused."""
    cited = list(dict.fromkeys(e.clause for e in events))
    more = f" -> {', '.join(cited[:6])}{', ...' if len(cited) > 6 else ''}" if cited else ""
    return f"r{ruleset.rounds(state)} {ruleset.turn_label(state)}: {decision}{more}"
