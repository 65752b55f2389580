"""Fuzzing the parameter loaders of both rulesets: TOML files and --param NAME=VALUE pairs.

Inputs: the real parameter names with values of the wrong type, out of range, huge, negative,
floats, booleans, strings of odd digits, nested junk and OblivAeon's Shield tables broken field by
field; unknown names; the ``[parameters]`` table or top-level keys; bytes that are not UTF-8, NUL,
truncated text.  The oracle: either one clear ``InputError`` line that names the source (and a key
of the input, when the input was TOML at all), or a load; a load of a value known to be invalid
fails the test, a refusal of a set known to be valid fails it too, and a loaded set must play: one
short game with every invariant checked ends without a model error or violation.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oblivaeon_verify.model.common.files import InputError
from oblivaeon_verify.model.common.parameters import declarations

from oblivaeon_verify import rulesets
from oblivaeon_verify.checked_play import play_checked, time_limit
from tests.fuzz.budget import CORPUS, Tally, examples
from tests.fuzz.parameter_values import ODD_DIGITS, consistent, overrides, toml_file

RULESETS = {name: rulesets.load(name) for name in rulesets.available()}
LOAD_SECONDS = 10
"""A load is text parsing and a few comparisons: ten seconds is a hang."""
tally = Tally("parameters")


def fuzz(share: float):
    """This test's share of the parameters budget; Hypothesis' example database stays on (the default)."""
    return settings(
        max_examples=examples("parameters", share),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


@pytest.fixture(scope="module", autouse=True)
def _flush():
    yield
    tally.flush()


def plays(ruleset, params, seed: int) -> None:
    """A loaded parameter set is playable: one short checked game breaks nothing."""
    players = ruleset.players[seed % len(ruleset.players)]
    game = play_checked(ruleset, params, seed, players, 0, max_steps=60, limit_seconds=20)
    assert not game.failed, f"a loaded parameter set does not play: {game.error or [str(v) for v in game.violations][:2]}"


def outcome(ruleset, path: Path | None, pairs: list[str], expect_valid: bool | None, seed: int = 0) -> str:
    """Load ``path`` and ``pairs``; check the oracle; 'loaded' or 'rejected'."""
    try:
        with time_limit(LOAD_SECONDS):
            params = ruleset.parameters.load(path, pairs)
    except InputError as e:
        line = str(e)
        assert "\n" not in line and line.strip() == line, f"not one line: {line!r}"
        assert line.startswith(str(path)) or line.startswith("--param"), f"the source is not named: {line}"
        assert expect_valid is not True, f"a valid parameter set was refused: {line}"
        if path is not None:
            keys = _keys(path)
            assert not keys or any(k in line for k in keys), f"no key of the file is named: {line}"
        tally("rejected")
        return "rejected"
    assert expect_valid is not False, f"an invalid parameter set was accepted: {path.read_text() if path else pairs}"
    plays(ruleset, params, seed)
    tally("loaded")
    return "loaded"


def _keys(path: Path) -> set[str]:
    """The keys of a parameter file that is TOML at all (a refusal of it is about one of them); else none."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return set()
    inner = data.get("parameters")
    return {str(k) for k in data if k != "parameters" or not isinstance(inner, dict)} | set(inner if isinstance(inner, dict) else ())


@st.composite
def parameter_files(draw):
    """(ruleset name, file bytes, expected valid or None when unknown)."""
    name = draw(st.sampled_from(sorted(RULESETS)))
    defaults = RULESETS[name].default_parameters()
    table, valid = draw(overrides(defaults))
    valid = valid and consistent(defaults, table)
    data = toml_file(table, wrapped=draw(st.booleans())).encode("utf-8")
    damage = draw(st.sampled_from(["none"] * 6 + ["bad byte", "nul", "truncate", "outside the table", "not a table"]))
    if damage == "bad byte":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80"])) + data[at:]
        valid = False
    elif damage == "nul":
        at = draw(st.integers(0, len(data)))
        data, valid = data[:at] + b"\x00" + data[at:], False
    elif damage == "truncate" and data:
        data, valid = data[: draw(st.integers(0, len(data) - 1))], None  # may still be whole TOML
    elif damage == "outside the table":
        data, valid = b"countdown_start = 3\n[parameters]\n" + data.replace(b"[parameters]\n", b""), False
    elif damage == "not a table":
        data, valid = b"parameters = " + draw(st.sampled_from([b"3", b"[1, 2]", b'"x"'])) + b"\n", False
    return name, data, valid


@fuzz(1.0)
@given(case=parameter_files(), seed=st.integers(0, 2**16))
def test_a_parameter_file_loads_and_plays_or_is_refused_in_one_line(tmp_path_factory, case, seed):
    name, data, valid = case
    path = tmp_path_factory.mktemp("params") / "p.toml"
    path.write_bytes(data)
    outcome(RULESETS[name], path, [], valid, seed)


def _text(d, value, draw) -> tuple[str, bool | None]:
    """A value written for the command line, and whether the checker must take it."""
    if isinstance(value, bool) or not isinstance(value, (int, str, list)):
        return str(value), False if d.kind is int else None
    if isinstance(value, list):
        if d.item is not int:
            return str(value), False
        sep = draw(st.sampled_from([",", ", ", " ,"]))
        text = sep.join(str(x) for x in value)
        if draw(st.booleans()):
            text = f"[{text}]"
    return str(value) if not isinstance(value, list) else text, None


@st.composite
def param_pairs(draw):
    """(ruleset name, NAME=VALUE pairs, expected valid or None)."""
    name = draw(st.sampled_from(sorted(RULESETS)))
    defaults = RULESETS[name].default_parameters()
    decls = {d.name: d for d in declarations(type(defaults))}
    table, _ = draw(overrides(defaults, max_size=3))
    pairs, valid = [], True
    for key, value in table.items():
        d = decls.get(key)
        if d is None:
            pairs.append(f"{key}={value}")
            valid = False
            continue
        text, ok = _text(d, value, draw)
        if d.kind is int and draw(st.integers(0, 3)) == 0:
            text, ok = draw(st.sampled_from(ODD_DIGITS + [f" {d.range.low} ", f"0{d.range.low}", "-0"])), None
        if d.kind is tuple and d.item is not int:
            ok = False  # the Shields: tables, never a --param
        if ok is None:
            ok = expected_text(d, text)
        pairs.append(f"{key}={text}")
        valid = valid and ok
    if valid:
        given = {p.split("=", 1)[0]: parse_text(decls[p.split("=", 1)[0]], p.split("=", 1)[1].strip()) for p in pairs}
        valid = consistent(defaults, given)
    return name, pairs, valid


def expected_text(d, text: str) -> bool:
    """The oracle's own reading of one --param value: ASCII digits in range, or a reading's exact value."""
    text = text.strip()
    if d.kind is int:
        return bool(re.fullmatch(r"-?[0-9]{1,18}", text)) and d.range.low <= int(text) <= d.range.high
    if d.kind is tuple:
        if d.item is not int:
            return False
        if text.startswith("[") and text.endswith("]"):
            text = text[1:-1]
        items = [x.strip() for x in text.split(",")]
        return len(items) == d.length and all(re.fullmatch(r"-?[0-9]{1,18}", x) and d.range.low <= int(x) <= d.range.high for x in items)
    return text in [m.value for m in d.kind]


def parse_text(d, text: str):
    if d.kind is int:
        return int(text)
    if d.kind is tuple:
        return [int(x) for x in text.strip().removeprefix("[").removesuffix("]").split(",")]
    return text


@fuzz(0.5)
@given(case=param_pairs(), seed=st.integers(0, 2**16))
def test_param_pairs_load_and_play_or_are_refused_in_one_line(case, seed):
    name, pairs, valid = case
    outcome(RULESETS[name], None, pairs, valid, seed)


# --- the corpus: minimised inputs that once broke a loader -------------------------------------------

FILES = sorted((CORPUS / "parameters").glob("*.toml"))
PAIRS = sorted((CORPUS / "parameters").glob("*.param"))


def test_the_corpus_has_inputs_of_both_rulesets():
    assert {p.name.split("--")[0] for p in FILES + PAIRS} == set(RULESETS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_corpus_parameter_file_is_refused_in_one_line(path):
    """Each once crashed, hung or was silently accepted; now each is a clear refusal."""
    assert outcome(RULESETS[path.name.split("--")[0]], path, [], False) == "rejected"


@pytest.mark.parametrize("path", PAIRS, ids=lambda p: p.stem)
def test_corpus_param_pairs_are_refused_in_one_line(path):
    pairs = path.read_text(encoding="utf-8").splitlines()
    assert outcome(RULESETS[path.name.split("--")[0]], None, pairs, False) == "rejected"
