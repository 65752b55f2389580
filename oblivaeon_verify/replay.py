"""Replay files: a game (setup, parameters, decisions) written out so that it replays exactly.

A counterexample found by random play, the Hypothesis machine or a knock-out is written as one
JSON file; ``oblivaeon-verify check --replay FILE`` plays it again with every invariant checked
after every step.  Copy the file into ``properties/<ruleset>/replays/`` and it is a regression
test (``tests/test_replays.py``-style tests replay every file there).

Format (version 1), every key required unless marked optional::

    {
      "format": "oblivaeon-verify replay",
      "version": 1,
      "ruleset": "oblivaeon",
      "setup": {...},                 # the ruleset's own setup description (describe_setup)
      "parameters": {...},            # optional: parameter overrides, by name
      "knockout": "CLAUSE.ID",        # optional: replay with that clause's handler turned off
      "decisions": [[3, "hero 1: play Thokk!"], ...],
                                      # index into the legal decisions at each step, and its label
      "expect": "hold" | {"violated": ["invariant-name", ...]} | {"error": "text"}
    }

Each decision is checked against its label.  When a model change only moves a decision within the
list (a new card adds an option before it), the one legal decision with that label is taken; when no
legal decision has the label, the replay stops at that step with the legal ones, instead of silently
replaying another game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from model.common.files import InputError
from oblivaeon_verify.checked_play import properties

FORMAT = "oblivaeon-verify replay"
VERSION = 1


class ReplayError(InputError):
    """A replay file that cannot be read or no longer matches the model, named by file and key or step."""


@dataclass
class ReplayResult:
    steps: int = 0
    violations: list = field(default_factory=list)
    error: str = ""
    trace: list = field(default_factory=list)

    @property
    def verdict(self):
        if self.error:
            return {"error": self.error}
        if self.violations:
            return {"violated": sorted({v.invariant for v in self.violations})}
        return "hold"


def from_game(ruleset, params, game, knockout: str | None = None) -> dict:
    """The replay document of a checked game (``checked_play.CheckedGame``)."""
    props = properties(ruleset)
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset.name,
        "setup": ruleset.describe_setup(game.setup),
        "parameters": props.parameter_overrides(params),
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
    from oblivaeon_verify import output

    p = Path(path)
    return output.add(p.parent, {p.name: json.dumps(doc, indent=1) + "\n"}, "check")[p.name]


def load(path: str | Path) -> dict:
    p = Path(path)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReplayError(f"{p}: no such replay file") from None
    except json.JSONDecodeError as e:
        raise ReplayError(f"{p}: not valid JSON (line {e.lineno}): {e.msg}") from None
    if not isinstance(doc, dict):
        raise ReplayError(f"{p}: expected a JSON object at the top level")
    if doc.get("format") != FORMAT:
        raise ReplayError(f"{p}: key 'format' must be {FORMAT!r}, not {doc.get('format')!r}")
    if doc.get("version") != VERSION:
        raise ReplayError(f"{p}: key 'version' must be {VERSION}, not {doc.get('version')!r}")
    for key, kind in (("ruleset", str), ("setup", dict), ("decisions", list)):
        if not isinstance(doc.get(key), kind):
            raise ReplayError(f"{p}: key {key!r} must be a {kind.__name__}, not {type(doc.get(key)).__name__}")
    for n, item in enumerate(doc["decisions"]):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int) and isinstance(item[1], str)):
            raise ReplayError(f"{p}: decisions[{n}] must be [index, label], not {item!r}")
    if "parameters" in doc and not isinstance(doc["parameters"], dict):
        raise ReplayError(f"{p}: key 'parameters' must be an object of parameter overrides")
    if "knockout" in doc and not isinstance(doc["knockout"], str):
        raise ReplayError(f"{p}: key 'knockout' must be a clause id")
    expect = doc.get("expect", "hold")
    if not (expect == "hold" or (isinstance(expect, dict) and set(expect) <= {"violated", "error"} and expect)):
        raise ReplayError(f'{p}: key \'expect\' must be "hold", {{"violated": [...]}} or {{"error": "..."}}')
    doc["_path"] = str(p)
    return doc


def replay(ruleset, doc: dict, *, trace: bool = False) -> ReplayResult:
    """Play the document's decisions, every invariant after every step; stop at the first failing step."""
    from contextlib import nullcontext

    from oblivaeon_verify import knockout

    where = doc.get("_path", "replay")
    if doc["ruleset"] != ruleset.name:
        raise ReplayError(f"{where}: written for ruleset {doc['ruleset']!r}, replayed with {ruleset.name!r}")
    props = properties(ruleset)
    try:
        params = props.parameters_from_json(doc.get("parameters", {}))
        setup = props.setup_from_json(doc["setup"], params)
    except (KeyError, TypeError, ValueError) as e:
        raise ReplayError(f"{where}: setup/parameters: {e}") from None
    clause = doc.get("knockout")
    if clause is not None and clause not in ruleset.catalogue:
        raise ReplayError(f"{where}: key 'knockout': unknown clause id {clause!r}")
    pkg = type(ruleset).__module__.rsplit(".", 1)[0]
    result = ReplayResult()
    with knockout.knocked_out(pkg, clause) if clause else nullcontext():
        try:
            state = ruleset.new_game(setup)
            result.violations = props.INVARIANTS.check_state(state)
            for n, (index, label) in enumerate(doc["decisions"]):
                if result.violations:
                    break
                options = ruleset.legal_decisions(state)
                if not 0 <= index < len(options) or str(options[index]) != label:
                    same = [k for k, o in enumerate(options) if str(o) == label]
                    if len(same) != 1:
                        shown = "; ".join(str(o) for o in options[:8])
                        raise ReplayError(
                            f"{where}: decisions[{n}] = {label!r} (index {index}) is not legal at {ruleset.where(state)}; legal: {shown}"
                        )
                    index = same[0]
                decision = options[index]
                nxt, events = ruleset.step(state, decision)
                if trace:
                    result.trace.append(trace_line(ruleset, state, decision, events))
                result.steps = n + 1
                result.violations = props.INVARIANTS.check_step(props.Step(state, decision, events, nxt))
                state = nxt
        except ReplayError:
            raise
        except Exception as e:  # the model raised: that is the replayed failure
            result.error = f"{type(e).__name__}: {e}"
    return result


def trace_line(ruleset, state, decision, events) -> str:
    """One short line: where, the decision, and the clause ids of what it caused."""
    cited = list(dict.fromkeys(e.clause for e in events))
    more = f" -> {', '.join(cited[:6])}{', ...' if len(cited) > 6 else ''}" if cited else ""
    return f"r{ruleset.rounds(state)} {ruleset.turn_label(state)}: {decision}{more}"


def matches(result: ReplayResult, expect) -> bool:
    if expect == "hold":
        return result.verdict == "hold"
    if "error" in expect:
        return bool(result.error)
    v = result.verdict
    return isinstance(v, dict) and "violated" in v and set(expect["violated"]) <= set(v["violated"])
