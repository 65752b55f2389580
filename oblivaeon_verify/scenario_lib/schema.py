"""The scenario file format, checked key by key; nothing in a file is ever evaluated.

A scenario is a TOML file (``scenarios/<ruleset>/<id>.toml``) with these top-level keys:

``id``         a short kebab-case name, the file's stem;
``title``      one line for people;
``summary``    the corner case in our own words;
``clauses``    the clause ids it exercises (checked against the ruleset's catalogue);
``reading``    optional: ``{parameter = NAME, value = VALUE}`` when the rulebook can be read two ways;
``parameters`` optional model-parameter overrides (the reading's value is applied too);
``setup``      a partial description of the position, completed by the ruleset's vocabulary;
``steps``      the decisions and effects, in order, each with its expectations;
``setup_refused``  instead of ``steps``: words the model's setup error must contain, for a position the
               rules do not allow (no mage at all, the same mage twice): the scenario passes only
               when building the position raises one of the vocabulary's ``setup_errors`` whose text
               contains the words.  Such a scenario has no steps (nothing can be played), and its words
               are a non-empty line of text.

The model's setup is the one source of what a setup may be: a vocabulary's load-time ``check_setup``
checks the words of a setup (keys, names, types) and leaves the rules of setting up (how many players,
which mages together) to the model, so that a scenario can show the model refusing a setup.

Every step names one action the ruleset's vocabulary knows (``decide``, ``effect``, ...) and may
carry expectations: ``expect`` (state facts), ``events`` / ``no_events`` (event patterns that must
or must not occur in that step), ``options`` / ``no_options`` (decision patterns that must or must
not be legal after it), ``refused = true`` (the decision must be illegal: the step checks that the
model refuses it and leaves the state as it was) and ``breaks`` (the invariants the step breaks on purpose:
a state invariant over a state it reaches, a step invariant over a decision it takes; any other broken invariant
fails the step).

The game-specific parts (setup keys, actions, facts, card ids) are checked by the ruleset's
scenario vocabulary (its plugin's ``scenario_vocab``); this module knows no game.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oblivaeon_verify.model.common.files import InputError, read_text
from oblivaeon_verify.scenario_lib.vocab_base import kind_of, listing

ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TOP_KEYS = {
    "id": "a kebab-case name equal to the file's stem",
    "title": "a one-line title",
    "summary": "the corner case in our own words",
    "clauses": "a non-empty list of clause ids",
    "reading": "a table {parameter = NAME, value = VALUE}",
    "parameters": "a table of model-parameter overrides",
    "setup": "a table describing the position",
    "steps": "an array of [[steps]] tables",
    "setup_refused": "words the model's setup error must contain (the position must be refused; then no steps)",
}
REQUIRED = ("id", "title", "summary", "clauses")
MAX_WORDS = 200
"""Characters of ``setup_refused``: a phrase of an error message, not a copy of it."""
EXPECTATION_KEYS = {"note", "expect", "events", "no_events", "options", "no_options", "refused", "breaks"}
MAX_DEPTH = 12
"""How deeply tables and arrays may nest (the deepest real scenario nests 5): deeper is refused before
a vocabulary walks it."""
MAX_STEPS = 100
"""Steps in one scenario (the longest has 10): with each step bounded, so is a run."""
MAX_PATTERNS = 50
"""Patterns under one key of one step (events, no_events, options, no_options), and facts under its expect."""
MAX_CLAUSES = 50
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def one_line(text: str) -> str:
    """Control characters (a newline in a quoted key) shown escaped, so that a message stays one line."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


class ScenarioError(InputError):
    """A malformed scenario: names the file, the key (and the line when it can be found) and what was expected."""

    def __init__(self, path: Path | str, key: str, message: str, line: int | None = None) -> None:
        key, message = one_line(key), one_line(message)
        self.path, self.key, self.line, self.message = str(path), key, line, message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {key}: {message}" if key else f"{where}: {message}")


@dataclass(frozen=True)
class Step:
    index: int
    """1-based, as people count steps."""
    line: int | None
    action: str
    spec: Mapping[str, Any]
    """The action's own keys (everything but the expectations)."""
    note: str = ""
    expect: tuple[tuple[str, Any], ...] = ()
    events: tuple[Mapping[str, Any], ...] = ()
    no_events: tuple[Mapping[str, Any], ...] = ()
    options: tuple[Mapping[str, Any], ...] = ()
    no_options: tuple[Mapping[str, Any], ...] = ()
    refused: bool = False
    breaks: tuple[str, ...] = ()
    """The invariants the step breaks on purpose (a finding the scenario shows); any other broken invariant fails it."""


@dataclass(frozen=True)
class Reading:
    parameter: str
    value: str
    default: str
    """The value the model takes when nothing is overridden."""

    @property
    def is_default(self) -> bool:
        return self.value == self.default


@dataclass(frozen=True)
class Scenario:
    path: Path
    ruleset: str
    id: str
    title: str
    summary: str
    clauses: tuple[str, ...]
    setup: Mapping[str, Any]
    steps: tuple[Step, ...]
    parameters: Mapping[str, Any] = field(default_factory=dict)
    reading: Reading | None = None
    setup_refused: str = ""
    """Words the model's setup error must contain; '' for a scenario that plays (it then has steps)."""

    @property
    def all_parameters(self) -> dict[str, Any]:
        p = dict(self.parameters)
        if self.reading is not None:
            p[self.reading.parameter] = self.reading.value
        return p


class _Lines:
    """Best-effort line numbers for keys: TOML parsers give none, so find the key in the text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.step_lines = [i + 1 for i, ln in enumerate(self.lines) if ln.strip().startswith("[[steps]]")]

    def of(self, key: str, start: int = 0, stop: int | None = None) -> int | None:
        """The line of the key path's last part, else of the part before it, and so on (``hero_zones.2``
        is found on the line ``hero_zones = { 2 = 1 }``)."""
        parts = [p.split("[")[0].strip('"') for p in re.findall(r'"[^"]*"|[^.]+', key)]
        for bare in reversed(parts):
            found = self._find(bare, start, stop) if bare else None
            if found:
                return found
        return None

    def _find(self, bare: str, start: int, stop: int | None) -> int | None:
        pat = re.compile(rf'^\s*(?:"{re.escape(bare)}"|{re.escape(bare)})\s*[=.]')
        header = re.compile(rf"^\s*\[\[?[\w.]*\b{re.escape(bare)}\]\]?\s*$")
        for i in range(start, len(self.lines) if stop is None else stop):
            if pat.match(self.lines[i]) or header.match(self.lines[i]):
                return i + 1
        return None

    def of_step(self, index: int, key: str = "") -> int | None:
        if index - 1 >= len(self.step_lines):
            return None
        start = self.step_lines[index - 1]
        stop = self.step_lines[index] - 1 if index < len(self.step_lines) else None
        if not key:
            return start
        return self.of(key, start, stop) or start


_type_name = kind_of


def _too_deep(data: Any) -> str | None:
    """The key path of the first value nested deeper than MAX_DEPTH, or None (walked without recursion)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return path
        if isinstance(value, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i + 1}]", depth + 1) for i, v in enumerate(value))
    return None


def _deep_line(text: str) -> int | None:
    """The line where brackets first open deeper than MAX_DEPTH (a guess that ignores strings: the
    file is refused anyway, this only points at the place)."""
    depth = 0
    for n, line in enumerate(text.splitlines(), 1):
        for ch in line:
            depth += (ch in "[{") - (ch in "]}")
            if depth > MAX_DEPTH:
                return n
    return None


def _long_number_line(text: str) -> int | None:
    """The first line with a run of more digits than Python turns into an int."""
    m = re.search(r"[0-9_]{4000,}", text)
    return text[: m.start()].count("\n") + 1 if m else None


def _read(path: Path) -> str:
    """The file's text, or a ScenarioError naming the file (and the line of a bad byte)."""
    try:
        return read_text(path, "scenario file")
    except InputError as e:
        rest = str(e).removeprefix(str(path))
        m = re.match(r":(\d+):\s*", rest)
        raise ScenarioError(path, "", rest[m.end() :] if m else rest.lstrip(": "), int(m.group(1)) if m else None) from None


def load(path: Path | str, vocab) -> Scenario:
    """Read and check one scenario file against the generic schema and the ruleset's vocabulary."""
    path = Path(path)
    text = _read(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        line = int(m.group(1)) if m else max(1, len(text.splitlines()))  # "at end of document"
        raise ScenarioError(path, "", f"not valid TOML: {e}", line) from None
    except RecursionError:
        raise ScenarioError(
            path, "", f"nested too deeply for TOML's reader; tables and arrays may nest at most {MAX_DEPTH} deep", _deep_line(text)
        ) from None
    except ValueError as e:  # tomllib's int() of a number with thousands of digits
        raise ScenarioError(path, "", f"not valid TOML: {str(e).split(';')[0]}", _long_number_line(text)) from None
    lines = _Lines(text)
    deep = _too_deep(data)
    if deep is not None:
        top = re.split(r"[.\[]", deep, maxsplit=1)[0]
        shown = deep if len(deep) <= 80 else deep[:77] + "..."
        raise ScenarioError(path, shown, f"nested too deeply; tables and arrays may nest at most {MAX_DEPTH} deep", lines.of(top))

    def fail(key: str, message: str, line: int | None = None) -> None:
        raise ScenarioError(path, key, message, line if line is not None else lines.of(key))

    for key in data:
        if key not in TOP_KEYS:
            fail(key, f"unknown key; expected one of: {', '.join(TOP_KEYS)}")
    for key in REQUIRED:
        if key not in data:
            fail(key, f"missing; expected {TOP_KEYS[key]}", 1)
    if "setup_refused" in data and "steps" in data:
        fail("steps", "a scenario whose setup is refused (setup_refused) has no steps; give steps or setup_refused, not both")
    if "setup_refused" not in data and "steps" not in data:
        fail("steps", f"missing; expected {TOP_KEYS['steps']} (or setup_refused = WORDS for a position the setup must refuse)", 1)

    def want(key: str, value: Any, typ: type, what: str) -> Any:
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            fail(key, f"expected {what}, got {_type_name(value)} {value!r}")
        return value

    sid = want("id", data["id"], str, TOP_KEYS["id"])
    if not ID_RE.match(sid) or sid != path.stem:
        fail("id", f"expected a kebab-case name equal to the file's stem {path.stem!r}, got {sid!r}")
    title = want("title", data["title"], str, TOP_KEYS["title"])
    summary = want("summary", data["summary"], str, TOP_KEYS["summary"])
    clauses = want("clauses", data["clauses"], list, TOP_KEYS["clauses"])
    if not clauses:
        fail("clauses", "expected at least one clause id")
    if len(clauses) > MAX_CLAUSES:
        fail("clauses", f"expected at most {MAX_CLAUSES} clause ids, got {len(clauses)}")
    for i, c in enumerate(clauses):
        want(f"clauses[{i}]", c, str, "a clause id string")
        if c not in vocab.catalogue:
            near = [k for k in vocab.catalogue.ids() if k.split(".")[0] == c.split(".")[0]][:6]
            fail(f"clauses[{i}]", f"unknown clause id {c!r}; ids of that family: {', '.join(near) or 'none'}", lines.of("clauses"))
    if len(set(clauses)) != len(clauses):
        fail("clauses", "a clause id is listed twice")

    params = want("parameters", data.get("parameters", {}), dict, TOP_KEYS["parameters"])
    reading = None
    if "reading" in data:
        r = want("reading", data["reading"], dict, TOP_KEYS["reading"])
        extra = set(r) - {"parameter", "value"}
        if extra or not {"parameter", "value"} <= set(r):
            fail("reading", "expected exactly the keys parameter and value")
        name = want("reading.parameter", r["parameter"], str, "a parameter name")
        value = want("reading.value", r["value"], str, "a reading's value")
        choices = vocab.readings()
        if name not in choices:
            fail("reading.parameter", f"{name!r} is no reading; readings: {', '.join(sorted(choices))}")
        if value not in choices[name][0]:
            fail("reading.value", f"{name} must be one of {choices[name][0]}, not {value!r}")
        if name in params:
            fail(f"parameters.{name}", "set by reading; give it only once")
        reading = Reading(name, value, choices[name][1])
    try:
        vocab.check_parameters({**params, **({reading.parameter: reading.value} if reading else {})})
    except ValueError as e:
        fail("parameters", str(e).removeprefix("parameters: "))

    setup = want("setup", data.get("setup", {}), dict, TOP_KEYS["setup"])
    vocab.check_setup(setup, lambda key, message: fail(f"setup.{key}", message))
    if "setup_refused" in data:
        words = want("setup_refused", data["setup_refused"], str, "a string: " + TOP_KEYS["setup_refused"])
        if not words.strip():
            fail("setup_refused", "expected words the setup error must contain, got an empty string (any error would match)")
        if _CONTROL.search(words):
            fail("setup_refused", "expected one line of text, got a newline or another control character")
        if len(words) > MAX_WORDS:
            fail("setup_refused", f"expected at most {MAX_WORDS} characters (a phrase of the error), got {len(words)}")
        return Scenario(path, vocab.ruleset, sid, title, summary, tuple(clauses), setup, (), params, reading, words)

    raw_steps = want("steps", data["steps"], list, TOP_KEYS["steps"])
    if not raw_steps:
        fail("steps", "expected at least one step")
    if len(raw_steps) > MAX_STEPS:
        fail("steps", f"expected at most {MAX_STEPS} steps, got {len(raw_steps)}")
    steps = tuple(_step(i + 1, raw, vocab, lines, fail, setup) for i, raw in enumerate(raw_steps))
    return Scenario(path, vocab.ruleset, sid, title, summary, tuple(clauses), setup, steps, params, reading)


def _step(index: int, raw: Any, vocab, lines: _Lines, fail, setup: dict) -> Step:
    name = f"steps[{index}]"

    def sfail(key: str, message: str) -> None:
        fail(f"{name}.{key}" if key else name, message, lines.of_step(index, key))

    if not isinstance(raw, dict):
        sfail("", f"expected a table, got {_type_name(raw)}")
    actions = [k for k in raw if k in vocab.actions]
    unknown = [k for k in raw if k not in vocab.actions and k not in EXPECTATION_KEYS and k not in vocab.action_keys]
    if unknown:
        sfail(
            unknown[0], f"unknown key; expected an action ({', '.join(vocab.actions)}), its keys, or {', '.join(sorted(EXPECTATION_KEYS))}"
        )
    if len(actions) != 1:
        sfail("", f"expected exactly one action of {', '.join(vocab.actions)}, got {actions or 'none'}")
    action = actions[0]
    spec = {k: v for k, v in raw.items() if k not in EXPECTATION_KEYS}
    vocab.check_action(action, spec, sfail, setup=setup)

    note = raw.get("note", "")
    if not isinstance(note, str):
        sfail("note", f"expected a string, got {_type_name(note)}")
    refused = raw.get("refused", False)
    if not isinstance(refused, bool):
        sfail("refused", f"expected true or false, got {_type_name(refused)}")
    if refused and action != "decide":
        sfail("refused", "only a decide step can expect a refusal")
    breaks = raw.get("breaks", [])
    if not isinstance(breaks, list) or not all(isinstance(b, str) for b in breaks):
        sfail("breaks", f"expected an array of invariant names, got {_type_name(breaks)}")
    for b in breaks:
        if b not in vocab.invariants:
            known = (
                listing(sorted(vocab.invariants), most=len(vocab.invariants))
                if vocab.invariants
                else "none: this ruleset's vocabulary checks no invariant"
            )
            sfail("breaks", f"unknown invariant {b!r}; the invariants: {known}")
    if len(set(breaks)) != len(breaks):
        sfail("breaks", "an invariant is named twice")
    if breaks and refused:
        sfail("breaks", "a refused decision leaves the state as it was, so it breaks nothing new")
    expect = raw.get("expect", {})
    if not isinstance(expect, dict):
        sfail("expect", f"expected a table of facts, got {_type_name(expect)}")
    if len(expect) > MAX_PATTERNS:
        sfail("expect", f"expected at most {MAX_PATTERNS} facts, got {len(expect)}")
    for fact, value in expect.items():
        vocab.check_fact(fact, value, lambda message, fact=fact: sfail(f'expect."{fact}"', message), setup=setup)

    def patterns(key: str, fields: Mapping[str, type], kinds: frozenset[str], what: str, allow_str: bool) -> tuple[dict, ...]:
        items = raw.get(key, [])
        if not isinstance(items, list):
            sfail(key, f"expected an array of tables, got {_type_name(items)}")
        if len(items) > MAX_PATTERNS:
            sfail(key, f"expected at most {MAX_PATTERNS} patterns, got {len(items)}")
        out = []
        for j, item in enumerate(items):
            if allow_str and isinstance(item, str):
                item = {"kind": item}
            if not isinstance(item, dict) or not item:
                sfail(key, f"item {j + 1}: expected a non-empty table of {', '.join(fields)}")
            for k, v in item.items():
                if k not in fields:
                    sfail(key, f"item {j + 1}: unknown field {k!r}; expected some of {', '.join(fields)}")
                if not isinstance(v, fields[k]) or (fields[k] is int and isinstance(v, bool)):
                    sfail(key, f"item {j + 1}: {k} must be {_type_name(fields[k]())}, got {_type_name(v)} {v!r}")
            if "kind" in item and item["kind"] not in kinds:
                sfail(key, f"item {j + 1}: unknown {what} kind {item['kind']!r}; {what} kinds: {listing(kinds, most=len(kinds))}")
            vocab.check_pattern(key, item, lambda message, j=j: sfail(key, f"item {j + 1}: {message}"), setup=setup)
            out.append(item)
        return tuple(out)

    return Step(
        index=index,
        line=lines.of_step(index),
        action=action,
        spec=spec,
        note=note,
        expect=tuple(expect.items()),
        events=patterns("events", vocab.event_fields, vocab.event_kinds, "event", False),
        no_events=patterns("no_events", vocab.event_fields, vocab.event_kinds, "event", False),
        options=patterns("options", vocab.decision_fields, vocab.decision_kinds, "decision", True),
        no_options=patterns("no_options", vocab.decision_fields, vocab.decision_kinds, "decision", True),
        refused=refused,
        breaks=tuple(breaks),
    )
