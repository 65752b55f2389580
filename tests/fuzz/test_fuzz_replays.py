"""Fuzzing the replay-file loader: mutations of the kept replay files of both rulesets, junk JSON and bad bytes.

Mutations: a value of the wrong type or out of range at any key (top level, setup, parameters,
expect, a decision), a key removed or added, unknown invariant names and clause ids, ``version:
true``, duplicate keys, NaN, integers of thousands of digits, nesting thousands deep, bytes that are
not UTF-8, NUL, truncated text.  The oracle: one ``ReplayError`` line naming the file (the CLI
makes it exit 2), or a load; loading a mutation known to be invalid fails the test, refusing one
known to be valid fails it too, and a loaded file replays (its first decisions, every invariant
checked) to a verdict or a one-line refusal of a step, never a traceback or a hang.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oblivaeon_verify import knockout, replay, rulesets
from oblivaeon_verify.checked_play import properties, time_limit
from oblivaeon_verify.cli import main
from tests.fuzz.budget import CORPUS, Tally, examples
from tests.fuzz.parameter_values import consistent, junk, overrides

ROOT = Path(__file__).resolve().parents[2]
KEPT = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(ROOT.glob("properties/*/replays/*.json"))}
RULESETS = {name: rulesets.load(name) for name in rulesets.available()}
INVARIANTS = {name: properties(r).INVARIANTS.names() for name, r in RULESETS.items()}
REPLAY_STEPS = 40
SECONDS = 20
tally = Tally("replays")


@pytest.fixture(scope="module", autouse=True)
def _flush():
    yield
    tally.flush()


def _knockable(name: str) -> list[str]:
    pkg = f"oblivaeon_verify.model.{name}"
    return sorted({c for h in knockout.handlers(pkg) for c in h.clauses if c in RULESETS[name].catalogue})


KNOCKABLE = {name: _knockable(name) for name in RULESETS}
NOT_KNOCKABLE = {name: sorted(set(r.catalogue.ids()) - set(KNOCKABLE[name])) for name, r in RULESETS.items()}


def expect_valid(value, known) -> bool:
    """The oracle's own reading of ``expect``: "hold", one non-empty error text, or known invariant names once each."""
    if isinstance(value, str):
        return value == "hold"
    if not isinstance(value, dict) or len(value) != 1:
        return False
    ((key, inner),) = value.items()
    if key == "error":
        return isinstance(inner, str) and bool(inner.strip())
    if key == "violated" and isinstance(inner, list) and inner and all(isinstance(n, str) for n in inner):
        return len(set(inner)) == len(inner) and set(inner) <= set(known)
    return False


def _top_valid(key: str, value, old, rs: str) -> bool | None:
    """Whether a top-level value surely is (True), surely is not (False) or may be (None) a valid one."""
    if value == old and type(value) is type(old):
        return True
    if key == "version":
        return type(value) is int and value == replay.VERSION
    if key == "format":
        return value == replay.FORMAT
    if key == "expect":
        return expect_valid(value, INVARIANTS[rs])
    if key == "knockout":
        return isinstance(value, str) and value in KNOCKABLE[rs]
    if key in ("parameters", "decisions"):
        return True if value in ({}, []) and isinstance(value, type(old)) else None
    return False if key in ("setup", "ruleset") and not isinstance(value, dict) else None


def _setup_fits(setup: dict, table: dict) -> bool:
    """A setup names its Shield among the parameters' Shields (the setup is checked against the parameters it is played with)."""
    shields = table.get("shields")
    if not isinstance(shields, list) or "shield" not in setup:
        return True
    return setup["shield"] in [s.get("name") for s in shields if isinstance(s, dict)]


@st.composite
def mutations(draw):
    """(file name, text or bytes, expected valid or None when the mutation may or may not be legal)."""
    name = draw(st.sampled_from(sorted(KEPT)))
    doc = copy.deepcopy(KEPT[name])
    rs = doc["ruleset"]
    kind = draw(
        st.sampled_from(
            [
                "top",
                "remove",
                "add",
                "setup",
                "setup key",
                "expect",
                "decision",
                "truncate",
                "parameters",
                "knockout",
                "version",
                "json",
                "bytes",
                "none",
            ]
        )
    )
    valid: bool | None = True
    if kind == "top":
        key = draw(st.sampled_from(sorted(doc)))
        old, doc[key] = doc[key], draw(junk)
        valid = _top_valid(key, doc[key], old, rs)
    elif kind == "remove":
        key = draw(st.sampled_from(sorted(doc)))
        doc.pop(key)
        valid = key in ("parameters", "knockout")
    elif kind == "add":
        doc[draw(st.sampled_from(["comment", "Version", "expected", "seed", "_path", ""]))] = draw(junk)
        valid = False
    elif kind == "setup":
        key = draw(st.sampled_from(sorted(doc["setup"])))
        old = doc["setup"][key]
        doc["setup"][key] = draw(junk)
        valid = None if doc["setup"][key] != old else True
    elif kind == "setup key":
        if draw(st.booleans()):
            doc["setup"].pop(draw(st.sampled_from(sorted(doc["setup"]))))
        else:
            doc["setup"][draw(st.sampled_from(["weather", "Heroes", "mage", ""]))] = draw(junk)
        valid = False
    elif kind == "expect":
        known = INVARIANTS[rs]
        doc["expect"], valid = draw(
            st.one_of(
                st.just(("hold", True)),
                st.lists(st.sampled_from(known), min_size=1, max_size=3, unique=True).map(lambda n: ({"violated": n}, True)),
                st.text(min_size=1, max_size=12).map(lambda t: ({"error": t}, bool(t.strip()))),
                st.sampled_from(
                    [
                        ({"violated": []}, False),
                        ({"violated": "abc"}, False),
                        ({"violated": ["no-such-invariant"]}, False),
                        ({"violated": [known[0], known[0]]}, False),
                        ({"violated": [known[0]], "error": "x"}, False),
                        ({"error": ""}, False),
                        ({"error": 3}, False),
                        ({}, False),
                        ("Hold", False),
                        (None, False),
                        (["hold"], False),
                    ]
                ),
                st.dictionaries(
                    st.sampled_from(["violated", "error", "Violated", "errors", ""]), junk | st.lists(st.sampled_from(known)), max_size=2
                ).map(lambda v: (v, expect_valid(v, known))),
                junk.map(lambda v: (v, expect_valid(v, known))),
            )
        )
    elif kind == "decision" and doc["decisions"]:
        n = draw(st.integers(0, len(doc["decisions"]) - 1))
        index, label = doc["decisions"][n]
        doc["decisions"][n], valid = draw(
            st.one_of(
                st.integers(0, 10**6).map(lambda i: ([i, label], True)),
                st.text(max_size=20).map(lambda t: ([index, t], True)),
                st.sampled_from(
                    [
                        ([-1, label], False),
                        ([True, label], False),
                        ([False, label], False),
                        ([1.0, label], False),
                        ([str(index), label], False),
                    ]
                ),
                st.sampled_from(
                    [([index], False), ([index, label, 0], False), (label, False), ({"index": index}, False), ([index, None], False)]
                ),
                junk.map(lambda v: ([v, label], type(v) is int and v >= 0)),
            )
        )
    elif kind == "truncate":
        doc["decisions"] = doc["decisions"][: draw(st.integers(0, len(doc["decisions"])))]
    elif kind == "parameters":
        table, ok = draw(overrides(RULESETS[rs].default_parameters()))
        doc["parameters"] = table
        valid = ok and consistent(RULESETS[rs].default_parameters(), table) and _setup_fits(doc["setup"], table)
    elif kind == "knockout":
        doc["knockout"], valid = draw(
            st.one_of(
                st.sampled_from(KNOCKABLE[rs]).map(lambda c: (c, True)),
                st.sampled_from(NOT_KNOCKABLE[rs] or ["NO.SUCH"]).map(lambda c: (c, False)),
                st.sampled_from(["NO.SUCH-CLAUSE", "", "bz.dev.hero-incap"]).map(lambda c: (c, False)),
                junk.filter(lambda v: not isinstance(v, str)).map(lambda v: (v, False)),
            )
        )
    elif kind == "version":
        doc["version"] = draw(st.sampled_from([True, 1.0, "1", 0, 2, -1, [1], None]))
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
    if kind == "bytes":
        data = text.encode("utf-8")
        at = draw(st.integers(0, len(data)))
        return name, data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80"])) + data[at:], False
    return name, text.encode("utf-8"), valid


def outcome(path: Path, valid: bool | None) -> str:
    """Load the file, then replay its first decisions; check the oracle; 'loaded' or 'rejected'."""
    try:
        with time_limit(SECONDS):
            doc = replay.load(path)
    except replay.ReplayError as e:
        line = str(e)
        assert "\n" not in line and line.startswith(str(path)), f"not one line naming the file: {line!r}"
        assert valid is not True, f"a valid replay file was refused: {line}"
        tally("rejected")
        return "rejected"
    assert valid is not False, f"an invalid replay file was accepted: {path.read_bytes()[:300]!r}"
    doc["decisions"] = doc["decisions"][:REPLAY_STEPS]
    try:
        with time_limit(SECONDS):
            result = replay.replay(RULESETS[doc["ruleset"]], doc)
    except replay.ReplayError as e:  # a decision no longer legal: named by its step, in one line
        assert "\n" not in str(e) and str(e).startswith(str(path)), str(e)
        tally("loaded, refused at a step")
        return "loaded"
    assert "knockout" in doc or not result.error, f"a loaded replay file raised a model error: {result.error}"
    tally("loaded and replayed")
    return "loaded"


@settings(
    max_examples=examples("replays"),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(case=mutations())
def test_a_replay_file_loads_and_replays_or_is_refused_in_one_line(tmp_path_factory, case):
    _name, data, valid = case
    path = tmp_path_factory.mktemp("replays") / "r.json"
    path.write_bytes(data)
    outcome(path, valid)


# --- the corpus: minimised inputs that once broke the loader -----------------------------------------

FILES = sorted((CORPUS / "replays").glob("*.json"))


def test_the_corpus_has_replay_files():
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_corpus_replay_file_is_refused_in_one_line(path, capsys):
    """Each was once accepted (and matched anything), crashed or gave a traceback; now each is exit 2 in one line."""
    assert outcome(path, False) == "rejected"
    assert main(["check", "--replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(path) in err
