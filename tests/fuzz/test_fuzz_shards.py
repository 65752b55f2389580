"""Fuzzing the shard-file loader (merge's input): mutations of real shard files, junk JSON and bad bytes.

The bases are real shards: ``simulate`` shard 1/2 (random-play results) and a ``knockout`` shard 1/1.
Mutations: a top-level value replaced by junk, a key removed or added, ``version`` of another type
or number, the shard's index or count changed, a result's task moved, repeated or dropped, its kind
swapped, a count inside a result made negative, a float, a boolean or a string, a key added to a
result; junk JSON (duplicate keys, NaN, integers of thousands of digits, nesting thousands deep, cut
short) and bytes that are not UTF-8 or hold NUL.  The oracle (its own reading of what is valid, not
the schema's): one ``InputError`` line naming the file, or a load; an invalid file loaded fails the
test, a valid one refused fails it too; a loaded shard, merged with its partners, gives an exit code
with one stderr line for a refusal, never a traceback (exit 3) or a hang.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oblivaeon_verify.model.common.files import InputError

from oblivaeon_verify import example_db, exits, shards
from oblivaeon_verify.checked_play import time_limit
from oblivaeon_verify.cli import main
from tests.fuzz.budget import PROFILE, Tally, examples
from tests.fuzz.parameter_values import junk

SECONDS = 30
tally = Tally("shards")

BASES = {
    "simulate": (["simulate", "--games", "41", "--seed", "3", "--workers", "1"], 2),
    "knockout": (["knockout", "--clause", "INCAP.CARDS-TO-BOX", "--games", "1", "--workers", "1"], 1),
}
"""Base name -> (the command, its shard count); shard 1 of each is mutated, the others are its partners."""


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, tuple[dict, list[Path]]]:
    """Base name -> (shard 1's document, every shard file of its campaign)."""
    out = {}
    for name, (argv, n) in BASES.items():
        folder = tmp_path_factory.mktemp(f"shards-{name}")
        for k in range(1, n + 1):
            assert main([*argv, "--shard", f"{k}/{n}", "--shard-out", str(folder)]) == 0
        paths = [folder / f"shard-{k}-of-{n}.json" for k in range(1, n + 1)]
        out[name] = (json.loads(paths[0].read_text()), paths)
    return out


@pytest.fixture(scope="module", autouse=True)
def _flush():
    yield
    tally.flush()


def _plain_int(v) -> bool:
    return type(v) is int


def _top_valid(key: str, value, old) -> bool | None:
    """Whether a new top-level value surely is (True), surely is not (False) or may be (None) valid on its own."""
    if value == old and type(value) is type(old):
        return True
    if key in ("format", "version", "plan", "shard", "results"):
        return False  # (a junk plan, shard or result list is never the one whose tasks the file holds)
    if key == "seed":
        return _plain_int(value) and 0 <= value < 2**63
    if key == "command":
        return isinstance(value, str) and 1 <= len(value) <= 20 and value.isascii() and value.isalpha() and value.islower()
    if key == "ruleset":
        return isinstance(value, str) and 1 <= len(value) <= 40 and all(c.islower() or c == "_" for c in value) and value.isascii()
    if key == "arguments":
        return isinstance(value, list) and all(isinstance(a, str) and len(a) <= 4096 and _one_line(a) for a in value)
    if key == "versions":
        return isinstance(value, dict) and all(isinstance(v, str) and len(v) <= 200 for v in value.values())
    return None


def _one_line(text: str) -> bool:
    return not any(ord(c) < 32 or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in text)


def _counts(result: dict) -> list[tuple[dict, str]]:
    """(object, key) of every count in a result: whole numbers, 0 or more (a replay inside is its own format; seconds are any number)."""
    found = []
    for k, v in result.items():
        if isinstance(v, dict) and k != "replay":
            found += _counts(v)
        elif _plain_int(v) and k not in ("seed", "seconds"):
            found.append((result, k))
    return found


def _parts_valid(doc: dict) -> bool:
    """The oracle's own reading of shard and results: K of N, and exactly the tasks at K-1 modulo N, once each."""
    index, count, tasks = doc["shard"]["index"], doc["shard"]["count"], [r["task"] for r in doc["results"]]
    if not all(_plain_int(v) for v in (index, count, *tasks)) or not 1 <= index <= count <= shards.MAX_SHARDS:
        return False
    return sorted(tasks) == [i for i in range(doc["plan"]["tasks"]) if i % count == index - 1]


WRONG_COUNTS = [-1, -(10**6), 1.5, 2.0, True, False, "3", None, [3], {"n": 3}]


@st.composite
def mutations(draw, made):
    """(base name, bytes, expected valid or None)."""
    name = draw(st.sampled_from(sorted(made)))
    doc = copy.deepcopy(made[name][0])
    kind = draw(
        st.sampled_from(
            ["top", "remove", "add", "version", "shard", "task", "drop", "repeat", "kind", "count", "result key", "json", "bytes", "none"]
        )
    )
    valid: bool | None = True
    results = doc["results"]
    if kind == "top":
        key = draw(st.sampled_from(sorted(doc)))
        old, doc[key] = doc[key], draw(junk)
        valid = _top_valid(key, doc[key], old)
    elif kind == "remove":
        doc.pop(draw(st.sampled_from(sorted(doc))))
        valid = False
    elif kind == "add":
        doc[draw(st.sampled_from(["comment", "Version", "workers", "_path", ""]))] = draw(junk)
        valid = False
    elif kind == "version":
        doc["version"] = draw(st.sampled_from([True, 1.0, "1", 0, 2, -1, [1], None, 10**30]))
        valid = False
    elif kind == "shard":
        field = draw(st.sampled_from(["index", "count"]))
        doc["shard"][field] = draw(st.one_of(st.integers(-3, 12), st.sampled_from([True, 1.0, "1", None, 10**9])))
        valid = _parts_valid(doc)
    elif kind == "task" and results:
        n = draw(st.integers(0, len(results) - 1))
        results[n]["task"] = draw(st.one_of(st.integers(-2, 2 * doc["plan"]["tasks"] + 2), st.sampled_from([True, 0.0, "0", None])))
        valid = _parts_valid(doc)
    elif kind == "drop" and results:
        results.pop(draw(st.integers(0, len(results) - 1)))
        valid = _parts_valid(doc)
    elif kind == "repeat" and results:
        results.append(copy.deepcopy(results[draw(st.integers(0, len(results) - 1))]))
        valid = False
    elif kind == "kind" and results:
        n = draw(st.integers(0, len(results) - 1))
        new = draw(st.sampled_from(sorted(shards.RESULTS) + ["games", "", "Tally"]))
        valid = new == results[n]["kind"]
        results[n]["kind"] = new
    elif kind == "count" and results:
        places = _counts(results[draw(st.integers(0, len(results) - 1))]["result"])
        if places:
            obj, key = draw(st.sampled_from(places))
            new = draw(st.one_of(st.integers(0, 10**12), st.sampled_from(WRONG_COUNTS)))
            valid = _plain_int(new) and new >= 0
            obj[key] = new
    elif kind == "result key" and results:
        results[draw(st.integers(0, len(results) - 1))]["result"][draw(st.sampled_from(["extra", "Tally", ""]))] = draw(junk)
        valid = False
    text = json.dumps(doc, indent=draw(st.sampled_from([None, 1])), ensure_ascii=draw(st.booleans()))
    if kind == "json":
        text, valid = draw(
            st.one_of(
                st.text(max_size=40).map(lambda t: (t, False)),
                st.integers(1000, 60_000).map(lambda n: ("[" * n + "]" * n, False)),
                st.integers(4400, 6000).map(lambda n: (text.replace('"version": 1', '"version": ' + "9" * n, 1), False)),
                st.just((text.replace('"version": 1', '"version": NaN', 1), False)),
                st.just((text.replace("{", '{"version": 1, ', 1), False)),  # the key given twice
                st.just((text[: len(text) // 2], False)),
                st.just(("[" + text + "]", False)),
            )
        )
    data = text.encode("utf-8")
    if kind == "bytes":
        at = draw(st.integers(0, len(data)))
        data, valid = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80"])) + data[at:], False
    return name, data, valid


def outcome(path: Path, valid: bool | None, partners: list[Path], capsys) -> str:
    """Load the file, then merge it with its partners; check the oracle; 'loaded' or 'rejected'."""
    try:
        with time_limit(SECONDS):
            shards.load(path)
    except InputError as e:
        line = str(e)
        assert "\n" not in line and line.startswith(str(path)), f"not one line naming the file: {line!r}"
        assert valid is not True, f"a valid shard file was refused: {line}"
        tally("rejected")
        return "rejected"
    assert valid is not False, f"an invalid shard file was accepted: {path.read_bytes()[:300]!r}"
    capsys.readouterr()
    with time_limit(SECONDS):
        code = main(["merge", str(path), *map(str, partners), "--json"])
    err = capsys.readouterr().err.strip()
    assert code in (exits.Exit.PASSED, exits.Exit.FAILED, exits.Exit.USAGE, exits.Exit.INCONCLUSIVE), f"merge gave exit {code}: {err}"
    if code == exits.Exit.USAGE:
        assert len(err.splitlines()) == 1, err
        tally("loaded, merge refused in one line")
    else:
        tally("loaded and merged")
    return "loaded"


def test_the_bases_load_and_merge(made, tmp_path, capsys):
    for name, (doc, paths) in made.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc))
        assert outcome(path, True, paths[1:], capsys) == "loaded"
        assert tally.counts["loaded and merged"] >= 1


@pytest.mark.usefixtures("made")
def test_a_shard_file_loads_or_is_refused_in_one_line(made, tmp_path_factory, capsys):
    @settings(
        max_examples=examples("shards"),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )
    @given(case=mutations(made))
    def run(case):
        name, data, valid = case
        path = tmp_path_factory.mktemp("shard") / "shard-1-of-x.json"
        path.write_bytes(data)
        outcome(path, valid, made[name][1][1:], capsys)

    if PROFILE == "ci":  # (built here, after collection: the ci profile's fixed examples by hand)
        example_db.derandomized(run)
    run()
