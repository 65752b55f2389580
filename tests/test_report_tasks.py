"""The report's task list: which sections run beside the games in a pool worker, and in what order; what a task kind must define."""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import report, sections
from oblivaeon_verify.tasks import Games, Section


def test_sections_that_may_run_in_a_worker_come_first_and_leave_the_process_only_when_they_say_so():
    """The graphs and the silent choices overlap the last conformance games; the invariants (whose
    knock-outs are a campaign of their own) and the proofs (a Z3 query Ctrl-C must reach) stay here."""
    order = report.run_sections(None)
    assert order == ["graphs", "silent_choices", "invariants", "proofs"]
    assert [Section("oblivaeon", n, 1, True).in_place for n in order] == [False, False, True, True]
    assert not any(sections.in_a_worker(n) for n in ("invariants", "proofs"))


def test_conformance_games_are_cut_into_small_tasks_after_the_random_games():
    todo = list(report.tasks(RULESET, seed=1, games=40, conformance_games=12, quick=True, params=RULESET.default_parameters()))
    conformance = [t for t in todo if isinstance(t, Games) and t.conformance]
    assert [t.count for t in conformance] == [5, 5, 2] * len(RULESET.players)
    assert todo.index(conformance[0]) == sum(isinstance(t, Games) and not t.conformance for t in todo)
    assert report.jobs(RULESET, 40, 12) == len(todo) + len(report.EXPECTED_SECTIONS) - len(report.run_sections(None))


def test_a_task_kind_without_its_own_run_cannot_be_made():
    """``Task.run`` is abstract: a new kind of campaign work that forgot it fails where it is made, not in a worker."""
    from dataclasses import dataclass

    from oblivaeon_verify.tasks import Task

    @dataclass(frozen=True)
    class Forgotten(Task):
        games: int

    with pytest.raises(TypeError, match="abstract method run"):
        Forgotten(3)
