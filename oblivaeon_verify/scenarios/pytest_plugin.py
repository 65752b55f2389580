"""pytest plugin: every ``scenarios/<ruleset>/*.toml`` file is a test item, and so is every kept witness.

A witness (``properties/<ruleset>/witnesses/*.json``, ``.../divergences/*.json``, written by
``oblivaeon-verify witnesses``) is a replay file from a legal setup; as an item it is replayed with
every invariant checked and must show its corner case (or part its two readings) at its last
decision.  A model change that breaks one fails with what happened instead and the command that
regenerates it.

Registered with ``-p oblivaeon_verify.scenarios.pytest_plugin`` in the project's pytest options, so
``pytest -n auto`` from the repository root runs the scenarios beside the unit tests.  A failing
scenario is reported as the step where reality diverged from the expectation, without a Python
traceback; a malformed file is reported by file, key (and line) and what was expected, in one line
(an exception no check foresaw included: one failing item, never a traceback).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from oblivaeon_verify.scenarios import ScenarioError, load_one, run, vocabulary


def _ruleset_of(path: Path) -> str | None:
    """``scenarios/<ruleset>/<file>.toml`` -> ruleset; anything else is no scenario file."""
    if path.suffix == ".toml" and path.parent.parent.name == "scenarios":
        return path.parent.name
    return None


WITNESS_FOLDERS = ("witnesses", "divergences")


def _witness_ruleset_of(path: Path) -> str | None:
    """``properties/<ruleset>/witnesses/<file>.json`` (or ``divergences/``) -> ruleset; anything else is no witness."""
    if path.suffix == ".json" and path.parent.name in WITNESS_FOLDERS and path.parent.parent.parent.name == "properties":
        return path.parent.parent.name
    return None


def pytest_collect_file(file_path: Path, parent):
    ruleset = _ruleset_of(file_path)
    if ruleset is not None:
        return ScenarioFile.from_parent(parent, path=file_path, ruleset=ruleset)
    ruleset = _witness_ruleset_of(file_path)
    if ruleset is not None:
        return WitnessFile.from_parent(parent, path=file_path, ruleset=ruleset)
    return None


class ScenarioFile(pytest.File):
    def __init__(self, *, ruleset: str, **kw) -> None:
        super().__init__(**kw)
        self.ruleset = ruleset

    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem, ruleset=self.ruleset)


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, ruleset: str, **kw) -> None:
        super().__init__(**kw)
        self.ruleset = ruleset
        self.add_marker(pytest.mark.scenario)

    def runtest(self) -> None:
        vocab = vocabulary(self.ruleset)
        if vocab is None:
            raise ScenarioFailed(f"{self.path}: ruleset {self.ruleset!r} has no scenario vocabulary (its plugin's scenario_vocab is None)")
        scenario = load_one(self.path, vocab)
        result = run(scenario, vocab)
        if not result.passed:
            raise ScenarioFailed(result.explain())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, (ScenarioFailed, ScenarioError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.path.parent.name}/{self.path.name}"


class WitnessFile(pytest.File):
    def __init__(self, *, ruleset: str, **kw) -> None:
        super().__init__(**kw)
        self.ruleset = ruleset

    def collect(self):
        yield WitnessItem.from_parent(self, name=self.path.stem, ruleset=self.ruleset)


class WitnessItem(pytest.Item):
    def __init__(self, *, ruleset: str, **kw) -> None:
        super().__init__(**kw)
        self.ruleset = ruleset
        self.add_marker(pytest.mark.witness)

    def runtest(self) -> None:
        from oblivaeon_verify import replay, rulesets

        doc = replay.load(self.path)
        result = replay.replay(rulesets.load(doc["ruleset"]), doc)
        if not (replay.matches(result, doc["expect"]) and result.steps == len(doc["decisions"])):
            raise ScenarioFailed(f"{self.path}: {_instead(result, doc['expect'])}; regenerate: {_regenerate(self.path, doc)}")

    def repr_failure(self, excinfo, style=None):
        from oblivaeon_verify.replay import ReplayError

        if isinstance(excinfo.value, (ScenarioFailed, ReplayError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, 0, f"witness {self.path.parent.parent.name}/{self.path.parent.name}/{self.path.name}"


def _instead(result, expect) -> str:
    """What the replay did instead of what the witness expects, in one line."""
    head = f"verdict {result.verdict}"
    if "diverges" in expect:
        other = expect["diverges"]
        parted = "never parted in" if result.diverged_at is None else f"first parted after {result.diverged_at} of"
        return (
            f"{head} (with {other['parameter']}={other['value']}: {result.other_verdict}); the readings {parted} {result.steps} decisions"
        )
    shown = "never showed in" if result.shown_at is None else f"first showed after {result.shown_at} of"
    return f"{head}; {expect['shows']} {shown} {result.steps} decisions"


def _regenerate(path: Path, doc: dict) -> str:
    name, folder = doc["ruleset"], path.parent.name
    if "diverges" in doc["expect"]:
        reading = doc["expect"]["diverges"]["parameter"]
        return f"oblivaeon-verify witnesses --ruleset {name} --readings --reading {reading} --out properties/{name}/{folder}"
    return f"oblivaeon-verify witnesses --ruleset {name} --clause {doc['expect']['shows']} --out properties/{name}/{folder}"


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "scenario: a corner-case scenario file (scenarios/<ruleset>/*.toml)")
    config.addinivalue_line(
        "markers", "witness: a kept witness from a legal setup (properties/<ruleset>/witnesses/*.json, divergences/*.json)"
    )
