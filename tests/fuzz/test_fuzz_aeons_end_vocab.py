"""Fuzzing the Aeon's End scenario vocabulary with mutations of the real scenario files.

Each example takes one file of ``scenarios/aeons_end/`` and changes one thing in its ``setup`` or
``steps`` (the parts the vocabulary reads): a value replaced by one of another type, a number made
negative or huge, a name misspelt, a key deleted, or a line duplicated (a key given twice).  The
file must then either be refused with one ``ScenarioError`` line naming the file and the key (or
the line), or load and run to a verdict without an exception.  Some mutations are known to make the
file invalid (a boolean or a negative number where a number was, a misspelt name, a key given
twice); those must be refused.  Minimised files that once broke the loader are kept in
``tests/fuzz/corpus/scenarios/aeons_end-*.toml`` and replayed.
"""

from __future__ import annotations

import copy
import datetime
import re
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oblivaeon_verify.scenarios import ScenarioError, folder, load, run, vocabulary
from tests.fuzz.budget import CORPUS, Tally, examples

VOCAB = vocabulary("aeons_end")
FILES = {f.stem: f.read_text(encoding="utf-8") for f in sorted(folder("aeons_end").glob("*.toml"))}
DATA = {name: tomllib.loads(text) for name, text in FILES.items()}
ROOTS = ("setup", "steps")
"""The parts of a file the vocabulary reads (the rest is the generic schema's)."""
FREE_TEXT = {"look", "note", "detail"}
"""Keys whose string values are free text: a misspelling there is no error."""
OTHER_TYPES = [True, False, 1.5, 0, 7, 10**12, "", "x", "spark#m9-9", [], ["x"], [1, 2], {}, {"a": 1}, datetime.date(2024, 1, 1)]
TALLY = Tally("scenarios")


def paths(value, prefix: tuple = ()):
    """Every path to a value inside ``value`` (keys of tables, indices of arrays)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


CANDIDATES = {name: [p for root in ROOTS if root in data for p in paths(data[root], (root,))] for name, data in DATA.items()}


def get(data, path):
    for k in path:
        data = data[k]
    return data


def put(data, path, value) -> None:
    get(data, path[:-1])[path[-1]] = value


def delete(data, path) -> None:
    del get(data, path[:-1])[path[-1]]


def duplicable_lines(text: str) -> list[int]:
    """Lines ``key = value`` complete on their own and outside multi-line strings: given twice, the key is a TOML error."""
    out, inside = [], False
    for i, line in enumerate(text.splitlines()):
        if not inside and re.match(r'^\s*[A-Za-z_"][^=]*=', line):
            try:
                tomllib.loads(line)
            except tomllib.TOMLDecodeError:
                pass
            else:
                out.append(i)
        inside ^= line.count('"""') % 2 == 1
    return out


@st.composite
def mutations(draw):
    """(scenario id, the mutated file's text, what was done, whether the change is known to make the file invalid)."""
    name = draw(st.sampled_from(sorted(DATA)))
    how = draw(st.sampled_from(["other-type", "negative", "huge", "misspell", "delete", "duplicate"]))
    if how == "duplicate":
        lines = FILES[name].splitlines()
        i = draw(st.sampled_from(duplicable_lines(FILES[name])))
        text = "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :]) + "\n"
        return name, text, f"line {i + 1} given twice: {lines[i].strip()}", True
    data = copy.deepcopy(DATA[name])
    path = draw(st.sampled_from(CANDIDATES[name]))
    old = get(data, path)
    where = ".".join(map(str, path))
    if how == "delete" and len(path) > 1:
        delete(data, path)
        return name, tomli_w.dumps(data), f"deleted {where}", False
    if how in ("negative", "huge") and isinstance(old, int) and not isinstance(old, bool):
        new = -1 - old if how == "negative" else old + 10**9
        put(data, path, new)
        # no number of a scenario may be negative; a huge one is refused except where it is an expected count
        return name, tomli_w.dumps(data), f"{where}: {old} -> {new}", how == "negative"
    if how == "misspell" and len(path) > 1 and isinstance(path[-1], str) and draw(st.booleans()):
        # a key misspelt: no table of a setup or a step has a key ending in x
        parent = get(data, path[:-1])
        parent[path[-1] + "x"] = parent.pop(path[-1])
        return name, tomli_w.dumps(data), f"key {where} misspelt", True
    if how == "misspell" and isinstance(old, str) and not (set(map(str, path)) & FREE_TEXT):
        put(data, path, old + "-x")
        return name, tomli_w.dumps(data), f"{where}: {old!r} misspelt", True
    new = draw(st.sampled_from([v for v in OTHER_TYPES if type(v) is not type(old)]))
    put(data, path, new)
    # true and false are no numbers, and where true or false is written nothing else will do
    known = isinstance(old, bool) or (isinstance(old, int) and isinstance(new, bool))
    return name, tomli_w.dumps(data), f"{where}: {old!r} -> {new!r}", known


def check(path: Path) -> str:
    """Load and run one file: refused in one line naming it, or loaded and run without an exception."""
    try:
        scenario = load(path, VOCAB)
    except ScenarioError as e:
        message = str(e)
        assert "\n" not in message and message.startswith(str(path)), message
        assert e.key or e.line, message
        return "rejected"
    result = run(scenario, VOCAB)
    return "loaded, passed" if result.passed else "loaded, failed"


@pytest.fixture(scope="module", autouse=True)
def _write_the_tally():
    yield
    TALLY.flush()


@settings(max_examples=examples("scenarios", 0.3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=mutations())
def test_a_mutated_aeons_end_scenario_is_refused_in_one_line_or_loads_and_runs(tmp_path_factory, mutation):
    sid, text, what, invalid = mutation
    path = tmp_path_factory.mktemp("mutated") / f"{sid}.toml"
    path.write_text(text, encoding="utf-8")
    outcome = check(path)
    TALLY(outcome)
    assert outcome == "rejected" or not invalid, f"accepted a file known to be invalid ({what})"


def test_every_mutation_kind_has_a_known_invalid_example_that_is_refused(tmp_path):
    """The oracle itself: one mutation of each known-invalid kind, refused with the key it names."""
    data = copy.deepcopy(DATA["prep-where"])
    cases = {
        "boolean-for-number": (("setup", "aether"), True, "setup.aether"),
        "negative-number": (("steps", 1, "breach"), -4, "steps[2].breach"),
        "misspelt-name": (("steps", 0, "options", 0, "kind"), "prep-x", "steps[1].options"),
        "misspelt-setup-key": None,
    }
    for case, spec in cases.items():
        mutated = copy.deepcopy(data)
        if spec is None:
            mutated["setup"]["phasex"] = mutated["setup"].pop("phase")
            key = "setup.phasex"
        else:
            at, value, key = spec
            put(mutated, at, value)
        path = tmp_path / "prep-where.toml"
        path.write_text(tomli_w.dumps(mutated), encoding="utf-8")
        try:
            load(path, VOCAB)
        except ScenarioError as e:
            assert f": {key}" in str(e), (case, str(e))
        else:
            raise AssertionError(f"{case} was accepted")
    lines = FILES["prep-where"].splitlines()
    i = duplicable_lines(FILES["prep-where"])[0]
    (tmp_path / "prep-where.toml").write_text("\n".join(lines[: i + 1] + lines[i:]) + "\n", encoding="utf-8")
    assert check(tmp_path / "prep-where.toml") == "rejected"


CORPUS_FILES = sorted((CORPUS / "scenarios").glob("aeons_end-*.toml"))


def test_the_corpus_holds_the_inputs_that_once_broke_the_aeons_end_loader():
    assert len(CORPUS_FILES) >= 6


def test_every_corpus_input_is_refused_in_one_line(tmp_path):
    """Each corpus file (malformed, every one) is copied under its own id, as the schema wants the
    file's stem to be the id, so that the vocabulary is what refuses it."""
    for f in CORPUS_FILES:
        text = f.read_text(encoding="utf-8")
        sid = re.search(r'^id = "([a-z0-9-]+)"', text, re.M).group(1)
        path = tmp_path / f"{sid}.toml"
        path.write_text(text, encoding="utf-8")
        assert check(path) == "rejected", f.name
