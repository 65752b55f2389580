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
      "knockout": "CLAUSE.ID",        # optional: replay with that clause's handler turned off, or
                                      # "RecordKind": that kind of work record's one handler
      "decisions": [[3, "hero 1: play Thokk!"], ...],
                                      # index into the legal decisions at each step, and its label
      "expect": "hold" | {"violated": ["invariant-name", ...]} | {"error": "text"}
              | {"shows": "CLAUSE.ID"}  # a witness: every invariant holds and the clause's
                                        # corner case shows at the last decision, not before
              | {"diverges": {"parameter": "rites_reading", "value": "return-to-box"}}
                                      # a divergence witness: replayed under the file's parameters
                                      # and with that reading set to that value, every invariant
                                      # holds on both sides and the two games are alike until the
                                      # last decision and differ after it (graphs.divergence)
      "witness": {"by": "events", "steered": "", "minimal": true, "no_shorter_than": 12,
                  "found_after": 40, "seed": 2026, "game": 0, "players": 3}
                                      # optional, with "shows": how the witness was found (by
                                      # "state", "events" or "rule"; steered: the clause the game
                                      # was steered towards, "" for blind random play); with
                                      # "diverges": {"found_after", "seed", "game", "players",
                                      # "steered" (found by the search steered by the reading's
                                      # nearness, not by random play), "differs": [what differed
                                      # at the last decision, ...]}
    }

The loader is strict: unknown keys, a format or version that is not exactly the one above (``true``
is no version), an unknown ruleset, a setup or parameters the ruleset refuses, an index that is not a
non-negative integer, a knock-out clause without a handler or an unknown record kind, and an ``expect`` that is not one of the
three forms (``violated`` a non-empty list of the ruleset's invariant names, ``error`` a non-empty
text, ``shows`` a clause id of the ruleset that prescribes play, ``diverges`` a reading parameter of the
ruleset and one of its values other than the file's own) are each refused in one line naming the file
and key.

Each decision is checked against its label.  No two options of a decision point read alike (a conformance
check; OblivAeon's name the copy and, for a name several decks print, the deck), so a label names one option
and a replay cannot take a look-alike copy in its place.  When a model change only moves a decision within the
list (a new card adds an option before it), the one legal decision with that label is taken; when no
legal decision has the label, the replay stops at that step with the legal ones, instead of silently
replaying another game.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path

from oblivaeon_verify import replay_file
from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.model.common.files import InputError, read_text
from oblivaeon_verify.properties.common.registry import ForcedChoices
from oblivaeon_verify.replay_file import FORMAT, VERSION, trace_line, write

__all__ = ["FORMAT", "VERSION", "ReplayError", "ReplayResult", "from_game", "load", "matches", "replay", "trace_line", "write"]


class ReplayError(InputError):
    """A replay file that cannot be read or no longer matches the model, named by file and key or step."""


@dataclass
class ReplayResult:
    steps: int = 0
    violations: list = field(default_factory=list)
    error: str = ""
    trace: list = field(default_factory=list)
    shown_at: int | None = None
    """For a witness (``expect: {"shows": CLAUSE}``): after how many decisions its corner case first showed."""
    diverged_at: int | None = None
    """For a divergence witness (``expect: {"diverges": ...}``): after how many decisions the other reading's game first differed."""
    other_verdict: object = None
    """For a divergence witness: the verdict of the other reading's game, up to where it differed."""

    @property
    def verdict(self):
        if self.error:
            return {"error": self.error}
        if self.violations:
            return {"violated": sorted({v.invariant for v in self.violations})}
        return "hold"


def from_game(ruleset, params, game, knockout: str | None = None) -> dict:
    """The replay document of a checked game (``checked_play.CheckedGame``), with the parameters that
    differ from the defaults (what the ruleset's properties call overrides)."""
    return replay_file.from_game(ruleset, properties(ruleset).parameter_overrides(params), game, knockout)


KEYS = ("format", "version", "ruleset", "setup", "parameters", "knockout", "decisions", "expect", "witness")
"""Every key a replay file may have, in the order ``from_game`` writes them."""
OPTIONAL = ("parameters", "knockout", "witness")

WITNESS_KEYS = {
    "by": str,
    "steered": str,
    "minimal": bool,
    "no_shorter_than": int,
    "found_after": int,
    "seed": int,
    "game": int,
    "players": int,
}
"""``witness`` beside ``expect: {"shows": ...}``: how the search found it (``graphs.setup_witness``)."""
DIVERGENCE_KEYS = {"found_after": int, "seed": int, "game": int, "players": int, "steered": bool, "differs": list}
"""``witness`` beside ``expect: {"diverges": ...}``: how the search found it and what differed (``graphs.divergence``)."""
EXPECT = '"hold", {"violated": [invariant names]}, {"error": "text"}, {"shows": "CLAUSE.ID"} or {"diverges": {"parameter": NAME, "value": VALUE}}'


def _no_twice(pairs: list) -> dict:
    """json.loads keeps the last of two equal keys without a word: refuse them instead."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise ReplayError(f"key {twice[:60]!r} is given twice in one object")
    return out


def _not_json(name: str):
    raise ReplayError(f"{name} is not a JSON value")


def _parse(p: Path, text: str) -> dict:
    try:
        doc = json.loads(text, object_pairs_hook=_no_twice, parse_constant=_not_json)
    except json.JSONDecodeError as e:
        raise ReplayError(f"{p}:{e.lineno}: not valid JSON: {e.msg}") from None
    except ReplayError as e:
        raise ReplayError(f"{p}: not a replay file's JSON: {e}") from None
    except (ValueError, RecursionError) as e:  # an integer of thousands of digits; lists nested thousands deep
        raise ReplayError(f"{p}: not readable JSON ({' '.join(str(e).split())[:80] or 'nested too deep'})") from None
    if not isinstance(doc, dict):
        raise ReplayError(f"{p}: expected a JSON object at the top level, not {_kind(doc)}")
    return doc


def _kind(x) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "an integer", float: "a number"}.get(
        type(x), "null" if x is None else type(x).__name__
    )


def _shown(x) -> str:
    text = json.dumps(x) if isinstance(x, (str, int, float, bool)) or x is None else _kind(x)
    return text if len(text) <= 60 else text[:60] + "..."


def load(path: str | Path) -> dict:
    """A replay file, checked key by key and against its ruleset (setup, parameters, knock-out clause or record kind,
    invariant names): the document, with ``_path`` added, or a ReplayError naming the file and key."""
    from oblivaeon_verify import rulesets

    p = Path(path)
    try:
        text = read_text(p, "replay file")
    except InputError as e:  # one kind of error from the loader, which check --replay names as such
        raise ReplayError(str(e)) from None
    doc = _parse(p, text)

    def fail(key: str, message: str):
        raise ReplayError(f"{p}: key {key!r} {message}")

    for k in doc:
        if k not in KEYS:
            raise ReplayError(f"{p}: key {k[:60]!r} is not a replay file's; its keys: {', '.join(KEYS)}")
    for k in KEYS:
        if k not in doc and k not in OPTIONAL:
            fail(k, f"is missing; a replay file has the keys {', '.join(KEYS)} ({', '.join(OPTIONAL)} optional)")
    if doc["format"] != FORMAT or not isinstance(doc["format"], str):
        fail("format", f"must be {FORMAT!r}, not {_shown(doc['format'])}")
    if type(doc["version"]) is not int or doc["version"] != VERSION:  # true == 1 in Python, but a boolean is no version
        fail("version", f"must be {VERSION}, not {_shown(doc['version'])}")
    if not isinstance(doc["ruleset"], str) or doc["ruleset"] not in rulesets.available():
        fail("ruleset", f"must be one of {rulesets.available()}, not {_shown(doc['ruleset'])}")
    for key, kind in (("setup", dict), ("parameters", dict), ("decisions", list)):
        if key in doc and not isinstance(doc[key], kind):
            fail(key, f"must be {_kind(kind())}, not {_kind(doc[key])}")
    if "knockout" in doc and not isinstance(doc["knockout"], str):
        fail("knockout", f"must be a clause id or a kind of work record (a string), not {_shown(doc['knockout'])}")
    for n, item in enumerate(doc["decisions"]):
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int and item[0] >= 0 and isinstance(item[1], str)):
            raise ReplayError(
                f"{p}: decisions[{n}] must be [index, label] (an index from 0 into the legal decisions and its label), not {_shown(item) if not isinstance(item, list) else json.dumps(item)[:80]}"
            )
    ruleset = rulesets.load(doc["ruleset"])
    _expect(ruleset, doc["expect"], fail)
    if "witness" in doc:
        _witness(doc, fail)
    params, _setup, _clause = _inputs(ruleset, doc, str(p))
    if isinstance(doc["expect"], dict) and "diverges" in doc["expect"]:
        _diverges(ruleset, params, doc["expect"]["diverges"], fail)
    doc["_path"] = str(p)
    return doc


def _expect(ruleset, expect, fail) -> None:
    """``expect``: exactly one of the three verdicts, with invariant names the ruleset knows."""
    if expect == "hold" and isinstance(expect, str):
        return
    if not isinstance(expect, dict) or len(expect) != 1 or not set(expect) <= {"violated", "error", "shows", "diverges"}:
        fail("expect", f"must be {EXPECT}, not {_shown(expect) if not isinstance(expect, dict) else json.dumps(expect)[:80]}")
    if "diverges" in expect:
        other = expect["diverges"]
        if not (isinstance(other, dict) and set(other) == {"parameter", "value"} and all(isinstance(v, str) for v in other.values())):
            fail(
                "expect",
                '\'diverges\' must be {"parameter": NAME, "value": VALUE} (a reading and another of its values, as texts), not '
                + (json.dumps(other)[:80] if isinstance(other, (dict, list)) else _shown(other)),
            )
        return  # the names are checked against the ruleset's readings once the parameters are read (_diverges)
    if "error" in expect:
        if not isinstance(expect["error"], str) or not expect["error"].strip():
            fail("expect", f'must be {{"error": "text"}} with the model error\'s text, not {{"error": {_shown(expect["error"])}}}')
        return
    if "shows" in expect:
        clause = expect["shows"]
        if not isinstance(clause, str) or clause not in ruleset.catalogue:
            near = difflib.get_close_matches(str(clause), ruleset.catalogue.ids(), 3)
            fail(
                "expect",
                f"'shows' must name a clause id of {ruleset.name}, not {_shown(clause)}"
                + (f"; did you mean {', '.join(near)}" if near else ""),
            )
        if not ruleset.catalogue[clause].handled:
            fail("expect", f"'shows' names {clause}, which describes rather than prescribes: no state or step can show it")
        return
    names = expect["violated"]
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        fail(
            "expect",
            f'must be {{"violated": [...]}} with a non-empty list of invariant names, not {{"violated": {json.dumps(names)[:60]}}}',
        )
    if len(set(names)) != len(names):
        fail("expect", "names an invariant twice in 'violated'")
    known = properties(ruleset).INVARIANTS.names()
    for n in names:
        if n not in known:
            near = difflib.get_close_matches(n, known, 3)
            some = near or sorted(known)[:6]
            fail(
                "expect",
                f"names an unknown invariant {n[:60]!r}; {'did you mean' if near else 'e.g.'} {', '.join(some)}"
                f" ({len(known)} {ruleset.name} invariants; oblivaeon-verify check --json lists them)",
            )


_KIND_WORDS = {bool: "true or false", int: "a whole number from 0", str: "a text"}


def _diverges(ruleset, params, other: dict, fail) -> None:
    """``diverges``: a reading of the ruleset (an Enum-valued parameter), one of its values, other than the file's own."""
    from oblivaeon_verify.model.common.parameters import declarations

    decls = {d.name: d for d in declarations(type(params))}
    name, value = other["parameter"], other["value"]
    readings = [n for n, d in decls.items() if d.is_reading]
    if name not in decls:
        near = difflib.get_close_matches(name, list(decls), 1)
        fail(
            "expect",
            f"'diverges' names an unknown parameter {name[:60]!r}"
            + (f" (did you mean {near[0]!r}?)" if near else "")
            + f"; the readings of {ruleset.name}: {', '.join(readings) or 'none'}",
        )
    if not decls[name].is_reading:
        fail(
            "expect",
            f"'diverges' names {name}, which is not a reading (an interpretation switch); those of {ruleset.name}: {', '.join(readings)}",
        )
    values = [m.value for m in decls[name].kind]
    if value not in values:
        fail("expect", f"'diverges' gives {name} the value {value[:60]!r}, which is not one of its values: {', '.join(values)}")
    if getattr(params, name).value == value:
        fail(
            "expect",
            f"'diverges' gives {name} the value {value!r}, which the file's own parameters have: name another of {', '.join(values)}",
        )


def _witness(doc: dict, fail) -> None:
    """``witness``: the search's figures, each of its type, and only for an ``expect`` of ``shows`` or ``diverges``."""
    w = doc["witness"]
    expect = doc["expect"]
    if not (isinstance(expect, dict) and ("shows" in expect or "diverges" in expect)):
        fail("witness", 'belongs only to a witness, whose expect is {"shows": "CLAUSE.ID"} or {"diverges": {...}}')
    keys = DIVERGENCE_KEYS if "diverges" in expect else WITNESS_KEYS
    if not isinstance(w, dict) or set(w) != set(keys):
        fail(
            "witness",
            f"must be an object with exactly the keys {', '.join(keys)}, not {_shown(w) if not isinstance(w, dict) else sorted(w)}",
        )
    for k, kind in keys.items():
        if kind is list:
            if not (isinstance(w[k], list) and all(isinstance(x, str) for x in w[k])):
                fail("witness", f"{k} must be a list of texts, not {_shown(w[k]) if not isinstance(w[k], list) else json.dumps(w[k])[:60]}")
        elif type(w[k]) is not kind or (kind is int and w[k] < 0):
            fail("witness", f"{k} must be {_KIND_WORDS[kind]}, not {_shown(w[k])}")


def _inputs(ruleset, doc: dict, where: str):
    """The document's parameters, setup and knock-out target, checked through the ruleset (one line naming the key)."""
    from oblivaeon_verify import knockout

    props = properties(ruleset)
    try:
        params = props.parameters_from_json(doc.get("parameters", {}), where, prefix="parameters.")
    except InputError as e:
        raise ReplayError(str(e)) from None
    if not isinstance(doc.get("setup"), dict):
        raise ReplayError(f"{where}: key 'setup' must be an object, not {_kind(doc.get('setup'))}")
    try:
        setup = props.setup_from_json(doc["setup"], params)
    except (InputError, ruleset.setup_error) as e:  # the shape (BadSetup) or the model's SetupError: both start with the key
        raise ReplayError(f"{where}: setup.{e}") from None
    target = doc.get("knockout")
    kinds = list(knockout.kinds(ruleset.kernel))
    if target is None or target in kinds:
        return params, setup, target
    if knockout.is_clause(ruleset, target):
        if not knockout.handlers_of(ruleset.package, target):
            raise ReplayError(f"{where}: key 'knockout': clause {target} has no handler in the model to knock out")
        return params, setup, target
    if "." in target:  # it reads as a clause id: name the ids of its family
        family = [k for k in ruleset.catalogue.ids() if k.split(".")[0] == target.split(".")[0]][:6]
        raise ReplayError(f"{where}: key 'knockout': unknown clause id {target[:60]!r}; ids of that family: {', '.join(family) or 'none'}")
    near = difflib.get_close_matches(target, [*kinds, *ruleset.catalogue.ids()], 3)
    some = f"did you mean {' or '.join(near)}?" if near else f"its kinds include {', '.join(kinds[:6]) or 'none'}"
    raise ReplayError(
        f"{where}: key 'knockout': {target[:60]!r} is neither a clause id nor a kind of work record of {ruleset.name}; "
        f"{some} ({len(kinds)} kinds)"
    )


def document(ruleset, setup, decisions: list[int], labels: list[str], expect: dict, witness: dict) -> dict:
    """A witness's replay file: the game from ``setup`` under the default parameters, its decisions with their labels."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset.name,
        "setup": ruleset.describe_setup(setup),
        "parameters": properties(ruleset).parameter_overrides(ruleset.default_parameters()),
        "decisions": [[i, label] for i, label in zip(decisions, labels)],
        "expect": expect,
        "witness": witness,
    }


def setup_of(ruleset, doc: dict):
    """The setup a loaded replay document starts from."""
    return _inputs(ruleset, doc, doc.get("_path", "replay"))[1]


def replay(ruleset, doc: dict, *, trace: bool = False, states: list | None = None) -> ReplayResult:
    """Play the document's decisions, every invariant after every step; stop at the first failing step.

    ``states``, when given, receives every state reached, with the decision that led to it (``init`` first).
    A divergence witness's decisions are also played under its other reading, up to where the two
    games first differ (``diverged_at``, ``other_verdict``).
    """
    from contextlib import nullcontext

    from oblivaeon_verify import knockout
    from oblivaeon_verify.graphs import acting

    where = doc.get("_path", "replay")
    if doc["ruleset"] != ruleset.name:
        raise ReplayError(
            f"{where}: written for ruleset {doc['ruleset']!r}, replayed with {ruleset.name!r} (give --ruleset {doc['ruleset']})"
        )
    params, setup, target = _inputs(ruleset, doc, where)
    result = ReplayResult()
    goal = _corner_case(ruleset, doc["expect"])
    other = doc["expect"]["diverges"] if isinstance(doc["expect"], dict) and "diverges" in doc["expect"] else None
    seen = states if states is not None or other is None else []
    # a rule that shows only by acting is seen through the call hook (graphs.acting); invariants see the model's events
    game = acting.watching(ruleset, [doc["expect"]["shows"]]) if goal is not None else ruleset

    def look(n: int, state, events) -> bool:
        if goal is not None and result.shown_at is None and goal.shown(state, events):
            result.shown_at = n
        return False

    with knockout.target_knocked_out(ruleset, target) if target else nullcontext():
        _play(ruleset, setup, doc["decisions"], where, result, trace=trace, states=seen, look=look, game=game)
        if other is not None:
            result.diverged_at, result.other_verdict = _other_side(ruleset, doc, setup, params, other, seen, where)
    return result


def _play(ruleset, setup, decisions: list, where: str, result: ReplayResult, *, trace: bool, states: list | None, look, game=None) -> None:
    """The decisions from ``setup`` into ``result``, every invariant checked after every step; ``look(n, state, events)``
    sees the state after ``n`` decisions and ends the game early by answering True.  ``game`` (a ``graphs.acting.Watched``
    ruleset) plays the steps when given: ``look`` then sees its events too, the invariants only the model's."""
    from oblivaeon_verify.graphs import acting

    props = properties(ruleset)
    # incremental: only the invariants a step may have changed the verdict of (the differential test holds it to the full check)
    checker = props.INVARIANTS.checker()
    play = game if game is not None else ruleset
    try:
        state, opened = acting.opening(play, setup)
        if states is not None:
            states.append(("init", state))
        result.violations = checker.start(state)
        if look(0, state, opened):
            return
        for n, (index, label) in enumerate(decisions):
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
            with ForcedChoices() as forced:
                nxt, seen = play.step(state, decision)
            events = acting.model_events(seen)
            if trace:
                result.trace.append(trace_line(ruleset, state, decision, events))
            result.steps = n + 1
            result.violations = checker.step(forced.step(state, decision, events, nxt))
            state = nxt
            if states is not None:
                states.append((str(decision), state))
            if look(n + 1, nxt, seen):
                return
    except ReplayError:
        raise
    except Exception as e:  # the model raised: that is the replayed failure
        result.error = f"{type(e).__name__}: {e}"


def _other_side(ruleset, doc: dict, setup, params, other: dict, seen: list, where: str) -> tuple[int | None, object]:
    """Replay the decisions under the other reading, with every invariant, until its game differs from the
    file's (``graphs.divergence.differ``): after how many decisions it first did (None: never), and its verdict."""
    from oblivaeon_verify.graphs.divergence import differ, other_setup, with_value

    side = ReplayResult()
    parted: list[int] = []

    def look(n: int, state, _events) -> bool:
        if n < len(seen) and differ(ruleset, seen[n][1], state):
            parted.append(n)
            return True
        return False

    _play(
        ruleset,
        other_setup(ruleset, setup, with_value(ruleset, params, other["parameter"], other["value"])),
        doc["decisions"][: max(0, len(seen) - 1)],
        f"{where} (with {other['parameter']}={other['value']})",
        side,
        trace=False,
        states=None,
        look=look,
    )
    return (parted[0] if parted else None), side.verdict


def itf(ruleset, states: list, *, source: str, description: str) -> dict:
    """The ITF trace of the states a replay (or any played game) went through (:func:`oblivaeon_verify.smt.itf.of_states`)."""
    from oblivaeon_verify.smt import itf as itf_format

    trees = [json.loads(ruleset.to_json(st)) for _label, st in states]
    return itf_format.of_states(trees, [label for label, _st in states], source=source, description=description)


def _corner_case(ruleset, expect):
    """The goal a witness must reach (``graphs.witness.goal_for``), or None for the other expectations."""
    if not (isinstance(expect, dict) and "shows" in expect):
        return None
    from oblivaeon_verify.graphs import facts as facts_mod
    from oblivaeon_verify.graphs.witness import goal_for

    return goal_for(facts_mod.load(ruleset), expect["shows"])


def matches(result: ReplayResult, expect) -> bool:
    if expect == "hold":
        return result.verdict == "hold"
    if "shows" in expect:  # every invariant held, and the corner case first showed at the last decision
        return result.verdict == "hold" and result.shown_at is not None and result.shown_at == result.steps
    if "diverges" in expect:  # every invariant held on both sides, alike until the last decision and differing after it
        return (
            result.verdict == "hold"
            and result.other_verdict == "hold"
            and result.diverged_at is not None
            and result.diverged_at == result.steps
        )
    if "error" in expect:
        return bool(result.error)
    v = result.verdict
    return isinstance(v, dict) and "violated" in v and set(expect["violated"]) <= set(v["violated"])
