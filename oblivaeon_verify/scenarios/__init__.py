"""Corner-case scenarios as data, for the application: a ruleset's vocabulary found by name, a folder of
files loaded as a suite, and the pytest plugin.  The schema, the loader and the runner themselves are
library code below the properties (:mod:`oblivaeon_verify.scenario_lib`).

Nothing here knows a game.  A ruleset's scenario vocabulary (its plugin's ``scenario_vocab``:
``properties.common.plugin.ScenarioVocabulary``) says how a partial setup is completed, which actions
and state facts exist and which card ids are valid.  Scenario files live in ``scenarios/<ruleset>/*.toml``.

What a vocabulary provides: ``ruleset``, ``catalogue``, ``actions`` (name -> help), ``action_keys``,
``event_fields`` and ``decision_fields`` (pattern field -> type), ``event_kinds`` and
``decision_kinds`` (every kind the model can emit or offer, read from the model's own declarations:
the schema refuses any other ``kind`` in a pattern), ``setup_errors`` and ``step_errors`` (exception
types that mean "bad position" / "step cannot be taken"); at load time ``readings()``,
``check_parameters``, ``check_setup``, and ``check_action``, ``check_fact``, ``check_pattern`` (each
given the scenario's ``setup`` table as a keyword, so that an expectation about a hero the setup does
not have is refused when the file is read; values are checked by type, range and domain with the
helpers of :mod:`~oblivaeon_verify.scenario_lib.vocab_base`); at run time ``new_game`` (raising one of ``setup_errors`` for a setup the model
refuses, which a file with ``setup_refused`` expects), ``position_problems(state)`` and ``step_problems(before,
decision, events, after)`` ((name, words) of each invariant a state or a decision of the model breaks: a
scenario fails on a state no game reaches or a decision no game takes, unless the step's ``breaks`` names it;
``invariants`` are the names ``breaks`` may use; every decision goes through ``take``, with the ruleset's
``model_step``), ``perform`` (raising :class:`Refused` for an
illegal decision), ``refusal_problem(state, spec)`` (why a refused decision proves nothing in this
game, or None), ``fact``, ``same``, ``options``, ``matches``, ``event_text``, ``headline``,
``describe_action``.  ``scenario_lib.vocab_base.VocabularyBase`` gives ``readings``, ``check_parameters``,
``options``, ``fact`` and ``matches`` (each field equal; a ruleset whose files name cards or count
places differently from its model overrides it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from oblivaeon_verify import rulesets
from oblivaeon_verify.scenario_lib.runner import Refused, Run, run, unforeseen
from oblivaeon_verify.scenario_lib.schema import Scenario, ScenarioError, load

__all__ = ["Refused", "Run", "Scenario", "ScenarioError", "Suite", "folder", "load", "load_one", "load_suite", "run", "vocabulary"]

ROOT = Path(__file__).parents[1] / "scenario_files"
"""``scenarios/`` of the checkout, seen through the package (a link there; a copy in an installed wheel)."""


def vocabulary(ruleset: str):
    """The ruleset's scenario vocabulary, or None when the ruleset has none (or is not one)."""
    if ruleset not in rulesets.available():
        return None
    load = rulesets.plugin(ruleset).scenario_vocab
    return load() if load is not None else None


def folder(ruleset: str, root: Path | None = None) -> Path:
    return (root or ROOT) / ruleset


@dataclass
class Suite:
    """Every scenario of a folder: the ones that loaded, and the errors of the ones that did not."""

    ruleset: str
    scenarios: list[Scenario] = field(default_factory=list)
    errors: list[ScenarioError] = field(default_factory=list)


def load_one(f: Path, vocab) -> Scenario:
    """``load``, with any exception a check did not foresee told as a ScenarioError naming the file,
    so that one bad file never stops the others being read (``report``, ``verify``, ``pytest``)."""
    try:
        return load(f, vocab)
    except ScenarioError:
        raise
    except Exception as e:
        raise ScenarioError(f, "", f"internal error while checking the file: {unforeseen(e)}") from None


def load_suite(ruleset: str, path: Path | None = None) -> Suite:
    """Load ``scenarios/<ruleset>/*.toml`` (or every ``*.toml`` of ``path``), in file-name order; never
    raises: a file that cannot be loaded is one of the suite's errors."""
    vocab = vocabulary(ruleset)
    suite = Suite(ruleset)
    where = path or folder(ruleset)
    if vocab is None or not where.is_dir():
        return suite
    seen: dict[str, Path] = {}
    for f in sorted(where.glob("*.toml")):
        try:
            sc = load_one(f, vocab)
        except ScenarioError as e:
            suite.errors.append(e)
            continue
        if sc.id in seen:
            suite.errors.append(ScenarioError(f, "id", f"{sc.id!r} is also the id of {seen[sc.id]}"))
            continue
        seen[sc.id] = f
        suite.scenarios.append(sc)
    return suite
