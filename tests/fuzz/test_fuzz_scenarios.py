"""Fuzzing the scenario loader and runner of every ruleset with malformed scenario files.

Most inputs are a ruleset's own scenario files with one thing broken: a value given the wrong type
(a table, a boolean for a number, a number for a boolean, a fraction, a date), a number out of any
range, a name misspelt, a value nested deeply, a key renamed, deleted or duplicated, a list item
repeated, a bad byte, the text cut short; the rest is raw junk.  The oracle, for every input:

* ``schema.load`` raises ``ScenarioError`` with one line naming the file and a key or a line, or it
  loads; any other exception fails the test (it would be a traceback for a person);
* a mutation known to make the file invalid (wrong type, out of range, unknown name, a duplicated
  key, a bad byte, too deep) must be refused: loading it anyway is a check that cannot fail;
* a file that loads runs to a pass or a clean failure within a time limit: no step may fail with an
  exception the vocabulary did not foresee, and none may hang.

Minimised inputs that once broke a loader are kept in ``tests/fuzz/corpus/scenarios/`` (named
``<ruleset>-<what>.toml``) and replayed by ``test_the_corpus_of_scenario_files_that_once_broke_a_loader``.
"""

from __future__ import annotations

import copy
import datetime
import re
import signal
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from oblivaeon_verify import rulesets
from oblivaeon_verify.scenarios import ScenarioError, folder, load, run, vocabulary
from tests.fuzz.budget import CORPUS, Tally, examples

RULESETS = rulesets.available()
FREE_TEXT = {"title", "summary", "note", "look", "detail"}
"""Keys whose strings are free text for people: misspelling them changes nothing a check reads."""
FAILS_WHEN_RUN = {"setup_refused"}
"""Keys whose misspelt string can only make the scenario fail when it runs, never pass: a refusal's words that the
setup's error does not contain (the runner says so in one line).  The file is valid; what it expects is not so.
(What must be refused when read is an expectation that could never fail.)"""
TIME_LIMIT = 20
"""Seconds one file may take to load and run (the slowest real scenario takes well under one)."""
UNFORESEEN = ("the step raised", "building the position raised", "internal error")
"""How the runner and the suite tell an exception no check foresaw: never a clean failure."""


SHARE = 1 / len(RULESETS)
"""Each ruleset's part of the scenarios budget, so that the fuzz tries the whole budget in all."""

FILES = {r: sorted(folder(r).glob("*.toml")) for r in RULESETS}
TEXTS = {p: p.read_text(encoding="utf-8") for r in RULESETS for p in FILES[r]}
DATA = {p: tomllib.loads(t) for p, t in TEXTS.items()}


# --- mutations -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    source: Path
    what: str
    """The mutation in words (for a failure's message)."""
    content: bytes
    must_reject: bool


def _leaves(value: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """(path, value) of every scalar in a parsed file, tables and arrays walked."""
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _leaves(v, (*path, i))]
    return [(path, value)]


def _nodes(value: Any, path: tuple = ()) -> list[tuple]:
    """The path of every table entry and array item (what can be deleted or renamed)."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out += [(*path, k), *_nodes(v, (*path, k))]
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += [(*path, i), *_nodes(v, (*path, i))]
    return out


def _set(data: Any, path: tuple, value: Any) -> Any:
    data = copy.deepcopy(data)
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return data


def _parent(data: Any, path: tuple) -> Any:
    node = data
    for k in path[:-1]:
        node = node[k]
    return node


def _last_key(path: tuple) -> str:
    return next((k for k in reversed(path) if isinstance(k, str)), "")


def _dump(data: dict) -> bytes:
    return tomli_w.dumps(data).encode()


DEEP = 40
WRONG_TYPES = {
    "a table": {"zq": 1},
    "a fraction": 1.5,
    "a date": datetime.date(2024, 6, 11),
    "a number out of every range": 10**12,
    "a negative number out of every range": -(10**12),
    "a value nested 40 deep": [[1]],
}


@st.composite
def mutants(draw, ruleset: str) -> Mutant:
    source = draw(st.sampled_from(FILES[ruleset]))
    text, data = TEXTS[source], DATA[source]
    how = draw(
        st.sampled_from(
            [
                "retype",
                "bool-for-number",
                "number-for-bool",
                "misspell",
                "rename-key",
                "delete",
                "repeat-item",
                "bad-byte",
                "truncate",
                "dup-line",
            ]
        )
    )
    if how == "retype":
        path, _ = draw(st.sampled_from(_leaves(data)))
        name = draw(st.sampled_from(sorted(WRONG_TYPES)))
        value = WRONG_TYPES[name]
        if name.startswith("a value nested"):
            for _ in range(DEEP):
                value = [value]
        return Mutant(source, f"{'.'.join(map(str, path))} set to {name}", _dump(_set(data, path, value)), True)
    if how in ("bool-for-number", "number-for-bool"):
        want = int if how == "bool-for-number" else bool
        leaves = [(p, v) for p, v in _leaves(data) if type(v) is want]
        assume(leaves)
        path, value = draw(st.sampled_from(leaves))
        new = bool(value % 2) if want is int else int(value)
        return Mutant(source, f"{'.'.join(map(str, path))} = {value!r} set to {new!r}", _dump(_set(data, path, new)), True)
    if how == "misspell":
        leaves = [(p, v) for p, v in _leaves(data) if isinstance(v, str)]
        path, value = draw(st.sampled_from(leaves))
        return Mutant(
            source,
            f"{'.'.join(map(str, path))} = {value!r} misspelt",
            _dump(_set(data, path, value + "zq")),
            _last_key(path) not in FREE_TEXT | FAILS_WHEN_RUN,
        )
    if how == "rename-key":
        paths = [p for p in _nodes(data) if isinstance(p[-1], str)]
        path = draw(st.sampled_from(paths))
        new = copy.deepcopy(data)
        parent = _parent(new, path)
        parent[path[-1] + "zq"] = parent.pop(path[-1])
        return Mutant(source, f"key {'.'.join(map(str, path))} misspelt", _dump(new), True)
    if how in ("delete", "repeat-item"):
        paths = _nodes(data) if how == "delete" else [p for p in _nodes(data) if isinstance(p[-1], int)]
        assume(paths)
        path = draw(st.sampled_from(paths))
        new = copy.deepcopy(data)
        parent = _parent(new, path)
        if how == "delete":
            del parent[path[-1]]
        else:
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
        return Mutant(source, f"{how} {'.'.join(map(str, path))}", _dump(new), False)
    raw = text.encode()
    if how == "bad-byte":
        at = draw(st.integers(0, len(raw)))
        bad = draw(st.sampled_from([b"\xff", b"\x00", b"\xc3\x28", b"\xed\xa0\x80"]))
        return Mutant(source, f"byte {bad!r} at offset {at}", raw[:at] + bad + raw[at:], True)
    if how == "truncate":
        at = draw(st.integers(0, len(raw)))
        return Mutant(source, f"cut at byte {at}", raw[:at], False)
    lines = text.splitlines(keepends=True)
    singles = [i for i, ln in enumerate(lines) if _a_whole_key_line(ln) and text[: sum(map(len, lines[:i]))].count('"""') % 2 == 0]
    i = draw(st.sampled_from(singles))
    return Mutant(source, f"line {i + 1} repeated", "".join(lines[: i + 1] + lines[i:]).encode(), True)


def _a_whole_key_line(line: str) -> bool:
    """A line that is a whole ``key = value`` on its own (repeating it repeats a key of its table)."""
    if "=" not in line or line.lstrip().startswith(("#", "[")):
        return False
    try:
        return len(tomllib.loads(line)) == 1
    except tomllib.TOMLDecodeError:
        return False


# --- the oracle ------------------------------------------------------------------------------


class Hang(BaseException):
    """A file that took too long (a BaseException, as an interrupt is: the runner catches only Exceptions)."""


def _alarm(_signum, _frame):
    raise Hang(f"loading and running took more than {TIME_LIMIT} s")


def judge(path: Path, ruleset: str, must_reject: bool, what: str, tally: Tally) -> None:
    """The oracle of the module docstring, for one file on disk."""
    vocab = vocabulary(ruleset)
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        try:
            sc = load(path, vocab)
        except ScenarioError as e:
            message = str(e)
            assert "\n" not in message, f"{what}: a message of several lines: {message!r}"
            assert message.startswith(str(path)) and (e.key or e.line), f"{what}: the message names no key or line: {message}"
            assert not any(u in message for u in UNFORESEEN), f"{what}: {message}"
            tally(f"{ruleset}: refused")
            return
        assert not must_reject, f"{what}: loaded, yet the file is invalid by construction"
        result = run(sc, vocab)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    told = result.error + " ".join(r.failure for r in result.steps)
    assert not any(u in told for u in UNFORESEEN), f"{what}: {result.explain()}"
    tally(f"{ruleset}: loaded and {'passed' if result.passed else 'failed cleanly'}")


def _judge_bytes(content: bytes, name: str, ruleset: str, must_reject: bool, what: str, tally: Tally) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / name
        path.write_bytes(content)
        judge(path, ruleset, must_reject, what, tally)


FUZZ = settings(
    max_examples=examples("scenarios", SHARE * 0.9),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    deadline=None,
)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_mutated_scenario_file_is_refused_in_one_line_or_runs_cleanly(ruleset):
    tally = Tally("scenarios")

    @FUZZ
    @given(mutants(ruleset))
    def check(m: Mutant) -> None:
        _judge_bytes(m.content, m.source.name, ruleset, m.must_reject, f"{m.source.name}: {m.what}", tally)

    try:
        check()
    finally:
        tally.flush()


JUNK = st.one_of(
    st.binary(max_size=600),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=400),
    st.lists(
        st.sampled_from(['id = "x"', "[[steps]]", "[setup]", 'decide = "stay"', "a = [", "]", '"""', "= 1", "x.y.z = 2", "{"]), max_size=20
    ).map("\n".join),
)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=examples("scenarios", SHARE * 0.1), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(junk=JUNK)
def test_raw_junk_is_refused_in_one_line(ruleset, junk):
    tally = Tally("scenarios")
    content = junk if isinstance(junk, bytes) else junk.encode("utf-8", "surrogatepass")
    try:
        _judge_bytes(content, "junk.toml", ruleset, False, f"junk {content[:80]!r}", tally)
    finally:
        tally.flush()


CORPUS_FILES = sorted((CORPUS / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_the_corpus_of_scenario_files_that_once_broke_a_loader(path):
    """Each corpus file is refused in one line (they are malformed by construction); its name says
    which ruleset's, and it is read under its own id (as the schema wants the stem), so that it is
    refused for what it was kept for, not for its name."""
    ruleset = next(r for r in RULESETS if path.stem.startswith(r + "-"))
    content = path.read_bytes()
    m = re.search(rb'^id = "([a-z0-9-]+)"', content, re.M)
    tally = Tally("scenarios")
    try:
        _judge_bytes(content, (m.group(1).decode() if m else path.stem) + ".toml", ruleset, True, path.name, tally)
    finally:
        tally.flush()


def test_the_corpus_is_not_empty_and_every_file_names_its_ruleset():
    assert CORPUS_FILES
    assert all(any(p.stem.startswith(r + "-") for r in RULESETS) for p in CORPUS_FILES)


# --- the oracle itself can fail ------------------------------------------------------------


def _one(tmp_path: Path, body: str) -> Path:
    f = tmp_path / "oracle.toml"
    f.write_text('id = "oracle"\ntitle = "t"\nsummary = "s"\nclauses = ["HERO.MOVE"]\n' + body)
    return f


def test_the_oracle_fails_an_invalid_file_that_loads(tmp_path, monkeypatch):
    from oblivaeon_verify.properties.oblivaeon.scenario_vocab import OblivAeonScenarios

    monkeypatch.setattr(OblivAeonScenarios, "check_fact", lambda self, *a, **kw: None)
    f = _one(tmp_path, '[[steps]]\nlook = "x"\n[steps.expect]\ndevastation = { zq = 1 }\n')
    with pytest.raises(AssertionError, match="loaded, yet the file is invalid by construction"):
        judge(f, "oblivaeon", True, "retyped", Tally("oracle"))


def test_the_oracle_lets_an_exception_that_is_no_scenario_error_through(tmp_path, monkeypatch):
    from oblivaeon_verify.properties.oblivaeon.scenario_vocab import OblivAeonScenarios

    def check_setup(self, setup, fail):
        raise TypeError("unhashable type: 'dict'")

    monkeypatch.setattr(OblivAeonScenarios, "check_setup", check_setup)
    with pytest.raises(TypeError):
        judge(_one(tmp_path, '[[steps]]\nlook = "x"\n'), "oblivaeon", False, "unhashable", Tally("oracle"))


def test_the_oracle_fails_a_step_that_raised_and_a_run_that_hangs(tmp_path, monkeypatch):
    import time

    from oblivaeon_verify.properties.oblivaeon.scenario_vocab import OblivAeonScenarios

    f = _one(tmp_path, '[[steps]]\nlook = "x"\n')
    monkeypatch.setattr(OblivAeonScenarios, "perform", lambda self, state, action, spec: None.nothing)
    with pytest.raises(AssertionError, match="the step raised AttributeError"):
        judge(f, "oblivaeon", False, "raised", Tally("oracle"))
    monkeypatch.setattr(OblivAeonScenarios, "perform", lambda self, state, action, spec: time.sleep(5))
    monkeypatch.setattr(__import__(__name__, fromlist=["TIME_LIMIT"]), "TIME_LIMIT", 0.2)
    with pytest.raises(Hang):
        judge(f, "oblivaeon", False, "hangs", Tally("oracle"))
