"""Progress that tells the truth: a task per phase with its own clock, a heartbeat inside a phase, a line per phase
in a log, and no dict of timings at the end of verify."""

from __future__ import annotations

import io
import re

from rich.console import Console

from oblivaeon_verify import heartbeat, progress
from oblivaeon_verify.cli import main


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_off_a_terminal_each_phase_ends_with_one_line_saying_its_count_and_time():
    out, clock = io.StringIO(), Clock()
    with progress.Phases(live=False, stream=out, clock=clock) as phases:
        phases.start("random play", 3000, "game")
        clock.now = 4.0
        phases.advance(1500)
        clock.now = 12.5
        phases.advance(3000)
        phases.start("section: Proofs (Z3)")
        clock.now = 20.0
    lines = out.getvalue().splitlines()
    assert lines == [
        "[    0.0 s] random play (3,000 games) ...",
        "[   12.5 s] random play: 3,000 games, done in 12.5 s",
        "[   12.5 s] section: Proofs (Z3) ...",
        "[   20.0 s] section: Proofs (Z3): done in 7.5 s",
    ]
    assert phases.ended == [("random play", 12.5), ("section: Proofs (Z3)", 7.5)]


def test_a_long_phase_says_what_it_is_doing_at_least_every_quiet_interval():
    out, clock = io.StringIO(), Clock()
    with progress.Phases(live=False, stream=out, clock=clock) as phases:
        phases.start("fewest-rounds-to-lose with 3 heroes")
        clock.now = 1.0
        heartbeat.beat("a loss by round 4?")  # too soon after the start line for another
        clock.now = progress.QUIET_SECONDS + 2
        heartbeat.beat("a loss by round 5?")
        clock.now = 2 * progress.QUIET_SECONDS + 3
        phases._quiet_line()  # what the ticker thread does when no beat came
    text = out.getvalue()
    assert "round 4" not in text
    assert f"fewest-rounds-to-lose with 3 heroes: a loss by round 5? ({progress.QUIET_SECONDS + 2:.0f} s so far)" in text
    assert text.count("a loss by round 5?") == 2 and text.rstrip().endswith("done in 33.0 s")


def test_beats_reach_only_the_phases_listening():
    out, clock = io.StringIO(), Clock()
    with progress.Phases(live=False, stream=out, clock=clock) as phases:
        phases.start("x")
        heartbeat.beat("inside")
        assert phases.noted == "inside"
    heartbeat.beat("after")  # nobody listens: nothing happens
    assert phases.noted == "inside" and heartbeat._listeners == []


def test_on_a_terminal_every_phase_is_its_own_task_and_a_finished_one_stops_its_clock():
    term = Console(file=io.StringIO(), force_terminal=True, width=120)
    with progress.Phases(live=True, console=term) as phases:
        phases.start("random play", 10, "game")
        phases.advance(10)
        phases.start("section: Proofs (Z3)")
        heartbeat.beat("k-induction, k = 2")
        tasks = phases._bar.tasks
        assert [t.description for t in tasks] == ["random play", "section: Proofs (Z3): k-induction, k = 2"]
        assert tasks[0].finished and tasks[0].stop_time is not None  # its clock stopped when its phase ended
        assert not tasks[1].finished and tasks[1].total is None  # nothing to count: a moving bar, a running clock
    assert phases._bar.tasks[1].finished


def test_json_output_shows_no_progress():
    out = io.StringIO()
    with progress.Phases(live=False, stream=out, enabled=False) as phases:
        phases.start("x", 2, "game")
        phases.advance(2)
    assert out.getvalue() == ""


SMALL_REPORT = ("report", "--games", "1", "--conformance-games", "1", "--section", "proofs", "--workers", "1", "--seed", "7")
"""A report with a line for each phase; test_words reads the pages of the same run (``ran_once``)."""


def test_report_off_a_terminal_prints_a_line_per_phase_and_no_python_dict_of_timings(ran_once):
    out = ran_once(*SMALL_REPORT)
    code = out.code
    assert code == 4  # one game per count is too few to tell whether every clause is reached, and two sections are left out: undecided
    phases = re.findall(r"^\[ *[\d.]+ s\] (.*): .*done in [\d.]+ s$", out.err, re.M)
    assert phases == [
        "random play (1 per count of 3, 4 and 5 heroes)",
        "conformance checks (1 per count)",
        "section: Proofs (Z3)",
        "scenarios",
        "writing the report",
    ], out.err
    assert "{'" not in out.err + out.out and "timing" not in out.err + out.out


def test_check_off_a_terminal_reports_the_hypothesis_phase_apart_from_random_play(tmp_path, capsys):
    code = main(["check", "--games", "1", "--workers", "1", "--out", str(tmp_path / "c"), "--hypothesis-db", "none"])
    err = capsys.readouterr().err
    assert code == 0
    assert re.search(r"checked random play \(default profile\): 3 games, done in", err), err
    assert re.search(r"Hypothesis state machine: 10 examples, done in", err), err


def test_the_solver_beats_with_the_depth_or_bound_it_is_on():
    from oblivaeon_verify import rulesets
    from oblivaeon_verify.commands.prove import symbolic

    sym = symbolic(rulesets.load("aeons_end"))
    seen: list[str] = []
    with heartbeat.listening(seen.append):
        sym.ask("fewest-turns-to-reshuffle", 2)
    assert any(re.search(r"paths of up to \d+ steps|k = \d+|paths of \d+ steps", b) for b in seen), seen
