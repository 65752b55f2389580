"""pytest plugin: every ``scenarios/<ruleset>/*.toml`` file is a test item.

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


def pytest_collect_file(file_path: Path, parent):
    ruleset = _ruleset_of(file_path)
    if ruleset is not None:
        return ScenarioFile.from_parent(parent, path=file_path, ruleset=ruleset)
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
            raise ScenarioFailed(
                f"{self.path}: ruleset {self.ruleset!r} has no scenario vocabulary (properties/{self.ruleset}/scenario_vocab.py)"
            )
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


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "scenario: a corner-case scenario file (scenarios/<ruleset>/*.toml)")
