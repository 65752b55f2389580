"""Ctrl-C, SIGTERM and a killed parent: every long command stops within 2 s, cleanly, and leaves nothing behind.

Each command runs as a subprocess in a session of its own (``start_new_session``), in a scratch
folder.  A test waits until the command is really working (its workers exist, a stage line or a
progress bar appears, or it has spent CPU time past its start-up), sends the signal the way a
terminal does (to the whole process group) and then asserts: it ended within 2 s, with exit code
130 (143 for SIGTERM), one summary line on stderr, no traceback from any process, and no process of
its session still running (zombies are dead: they only wait for PID 1 to reap them).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from oblivaeon_verify import exits

LIMIT_SECONDS = 2.0
"""From the signal to the end of the process and of every process it started."""
START_TIMEOUT = 120.0
"""The longest wait for a command to get going (a loaded machine is slow, never this slow)."""
TICKS = os.sysconf("SC_CLK_TCK")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass
class Running:
    """A command started as a subprocess, its output read as it comes."""

    proc: subprocess.Popen
    output: dict = field(default_factory=lambda: {"stdout": bytearray(), "stderr": bytearray()})

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stderr(self) -> str:
        """What it wrote on stderr, without a terminal's control sequences (progress bars)."""
        return ANSI.sub("", self.output["stderr"].decode("utf-8", "replace"))

    def stdout(self) -> str:
        return self.output["stdout"].decode("utf-8", "replace")


def start(cwd: Path, *args: str, tty: bool = False) -> Running:
    """``oblivaeon-verify ARGS`` in a new session; with ``tty`` its stderr is a terminal, so progress bars show."""
    if tty:
        master, slave = pty.openpty()
        stderr = slave
    else:
        stderr = subprocess.PIPE
    proc = subprocess.Popen(
        [sys.executable, "-m", "oblivaeon_verify", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=stderr,
        cwd=cwd,
        start_new_session=True,
    )
    run = Running(proc)
    _drain(proc.stdout.fileno(), run.output["stdout"])
    if tty:
        os.close(slave)
        _drain(master, run.output["stderr"])
    else:
        _drain(proc.stderr.fileno(), run.output["stderr"])
    return run


def _drain(fd: int, into: bytearray) -> None:
    def read() -> None:
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:  # a pty's master reads EIO once the child side is closed
                break
            if not data:
                break
            into.extend(data)

    threading.Thread(target=read, daemon=True).start()


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name: state, ppid, pgrp, session, ..., utime (11), stime (12)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def alive(pid: int) -> list[int]:
    """Processes (not zombies) in the session of ``pid`` or children of it, ``pid`` itself left out."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == pid:
            continue
        f = _stat(int(entry))
        if f and f[0] != "Z" and (int(f[3]) == pid or int(f[1]) == pid):
            out.append(int(entry))
    return sorted(out)


def children(pid: int) -> list[int]:
    return [p for p in alive(pid) if (_stat(p) or ["", "0"])[1] == str(pid)]


def cpu_seconds(pid: int) -> float:
    f = _stat(pid)
    return (int(f[11]) + int(f[12])) / TICKS if f else 0.0


def wait_until(run: Running, ready, what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while not ready():
        if run.proc.poll() is not None:
            pytest.fail(f"the command ended (exit {run.proc.returncode}) before {what}:\n{run.stderr()[-3000:]}")
        if time.monotonic() > deadline:
            _kill(run)
            pytest.fail(f"not {what} within {START_TIMEOUT:.0f} s:\n{run.stderr()[-3000:]}")
        time.sleep(0.05)


def _kill(run: Running) -> None:
    with_pids = [run.pid, *alive(run.pid)]
    for pid in with_pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    run.proc.wait()


def stop(run: Running, signum: int = signal.SIGINT, *, group: bool = True) -> float:
    """Send ``signum`` (to the process group, as a terminal does, unless ``group`` is false); the seconds until all ended."""
    sent = time.monotonic()
    if group:
        os.killpg(run.pid, signum)
    else:
        os.kill(run.pid, signum)
    try:
        run.proc.wait(timeout=LIMIT_SECONDS + 10)
    except subprocess.TimeoutExpired:
        _kill(run)
        pytest.fail(f"still running {LIMIT_SECONDS + 10:.0f} s after {signal.Signals(signum).name}:\n{run.stderr()[-3000:]}")
    while alive(run.pid) and time.monotonic() - sent < LIMIT_SECONDS + 10:
        time.sleep(0.02)
    return time.monotonic() - sent


def assert_stopped_cleanly(run: Running, seconds: float, command: str, code: int = exits.Exit.INTERRUPTED) -> str:
    """Ended in time, with ``code``, one summary line on stderr, no traceback, no process left; the summary line."""
    left = alive(run.pid)
    time.sleep(0.2)  # the last output still in the pipes
    err = run.stderr()
    assert "Traceback" not in err and "Traceback" not in run.stdout(), err[-3000:]
    assert run.proc.returncode == code, err[-3000:] + "\nstdout:\n" + run.stdout()[-3000:]
    assert left == [], f"processes of the session still running: {left}"
    assert seconds < LIMIT_SECONDS, f"took {seconds:.2f} s to stop"
    word = "interrupted" if code == exits.Exit.INTERRUPTED else "stopped by SIGTERM"
    lines = [line for line in err.replace("\r", "\n").splitlines() if word in line]
    assert len(lines) == 1, err[-3000:]
    assert lines[0].startswith(f"oblivaeon-verify {command}: {word}"), lines[0]
    assert err.rstrip().endswith(lines[0].rstrip()), "the summary is the last line"
    return lines[0]


# --- campaigns in worker processes -----------------------------------------------------------------


def test_ctrl_c_stops_simulate_and_its_workers_within_2s(tmp_path):
    run = start(tmp_path, "simulate", "--games", "1000000", "--workers", "2")
    wait_until(run, lambda: len(children(run.pid)) == 2, "its 2 workers exist")
    line = assert_stopped_cleanly(run, stop(run), "simulate")
    assert " of 1,000,000 games (" in line and line.endswith("errors so far); nothing written"), line


def test_sigint_to_the_parent_alone_also_ends_its_workers(tmp_path):
    """``kill -INT PID``: only the parent hears it, and it ends the workers itself."""
    run = start(tmp_path, "simulate", "--games", "1000000", "--workers", "2")
    wait_until(run, lambda: len(children(run.pid)) == 2, "its 2 workers exist")
    assert_stopped_cleanly(run, stop(run, group=False), "simulate")


@pytest.mark.parametrize("group", [True, False], ids=["group", "parent"])
def test_sigterm_stops_a_campaign_as_ctrl_c_does_but_exits_143(tmp_path, group):
    run = start(tmp_path, "simulate", "--games", "1000000", "--workers", "2")
    wait_until(run, lambda: len(children(run.pid)) == 2, "its 2 workers exist")
    line = assert_stopped_cleanly(run, stop(run, signal.SIGTERM, group=group), "simulate", exits.Exit.TERMINATED)
    assert "games (" in line


@pytest.mark.parametrize("gap", [0.0, 0.01, 0.05, 0.1], ids=lambda g: f"{g}s")
def test_a_second_ctrl_c_soon_after_the_first_still_exits_130_without_a_traceback(tmp_path, gap):
    """Whether it comes during the cleanup, after the summary line or as the process ends (where Python's own
    finalisation would have put the default handler back, and the process died of the signal: exit -2)."""
    run = start(tmp_path, "simulate", "--games", "1000000", "--workers", "2")
    wait_until(run, lambda: len(children(run.pid)) == 2, "its 2 workers exist")
    sent = time.monotonic()
    os.killpg(run.pid, signal.SIGINT)
    time.sleep(gap)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(run.pid, signal.SIGINT)
    run.proc.wait(timeout=LIMIT_SECONDS + 10)
    while alive(run.pid) and time.monotonic() - sent < LIMIT_SECONDS + 10:
        time.sleep(0.02)
    time.sleep(0.2)
    assert run.proc.returncode == exits.Exit.INTERRUPTED
    assert "Traceback" not in run.stderr() and "Exception" not in run.stderr(), run.stderr()
    assert alive(run.pid) == []
    assert time.monotonic() - sent < LIMIT_SECONDS


def test_workers_end_within_seconds_when_their_parent_is_killed(tmp_path):
    run = start(tmp_path, "simulate", "--games", "1000000", "--workers", "2")
    wait_until(run, lambda: len(children(run.pid)) == 2, "its 2 workers exist")
    workers = children(run.pid)
    os.kill(run.pid, signal.SIGKILL)
    run.proc.wait()
    deadline = time.monotonic() + 5
    while any(_stat(w) and _stat(w)[0] != "Z" for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if _stat(w) and _stat(w)[0] != "Z"], "workers outlived their parent"


def test_a_billion_games_cost_no_memory_up_front(tmp_path):
    """The jobs are generated as needed: the workers start at once, and the parent stays small."""
    run = start(tmp_path, "simulate", "--games", "1000000000", "--workers", "2")
    begun = time.monotonic()
    wait_until(run, lambda: len(children(run.pid)) == 2, "its 2 workers exist")
    started = time.monotonic() - begun
    time.sleep(1.0)  # a job list built up front would keep growing meanwhile
    peak_kb = int(next(line for line in Path(f"/proc/{run.pid}/status").read_text().splitlines() if line.startswith("VmHWM")).split()[1])
    line = assert_stopped_cleanly(run, stop(run), "simulate")
    assert "of 1,000,000,000 games" in line
    assert peak_kb < 300_000, f"the parent grew to {peak_kb / 1000:.0f} MB"
    assert started < 30, f"{started:.1f} s before the first worker started"


def test_ctrl_c_stops_knockout_and_its_workers(tmp_path):
    run = start(tmp_path, "knockout", "--workers", "2", "--games", "1000")
    wait_until(run, lambda: len(children(run.pid)) == 2, "its 2 workers exist")
    line = assert_stopped_cleanly(run, stop(run), "knockout")
    assert " knock-outs; nothing written" in line, line


@pytest.mark.parametrize("command", ["verify", "report"])
def test_ctrl_c_stops_verify_and_report_during_random_play(tmp_path, command):
    run = start(tmp_path, command, "--games", "1000000", "--workers", "2", "--out", "out")
    wait_until(run, lambda: "random play" in run.stderr() and len(children(run.pid)) == 2, "playing with 2 workers")
    line = assert_stopped_cleanly(run, stop(run), command)
    assert "during random play (1,000,000 per count of 3, 4 and 5 heroes), after " in line, line
    assert line.endswith(" of 3,000,000 games; nothing written, out/ left as it was"), line
    assert not (tmp_path / "out").exists()


# --- commands that work in this process ------------------------------------------------------------


def test_ctrl_c_stops_check_during_its_random_play(tmp_path):
    run = start(tmp_path, "check", "--games", "100000", tty=True)
    wait_until(run, lambda: "checked random play" in run.stderr(), "its progress bar shows")
    line = assert_stopped_cleanly(run, stop(run), "check")
    assert "during checked random play, after" in line and "of 300,000 checked games" in line, line


def test_ctrl_c_stops_check_during_the_hypothesis_machine(tmp_path):
    run = start(tmp_path, "check", "--games", "1", "--profile", "thorough", tty=True)
    wait_until(run, lambda: "Hypothesis state machine" in run.stderr(), "the state machine has started")
    line = assert_stopped_cleanly(run, stop(run), "check")
    assert "during the Hypothesis state machine, after" in line and "of 400 examples" in line, line


def test_ctrl_c_stops_a_long_z3_query_within_2s(tmp_path):
    """Z3 would catch SIGINT itself and answer ``unknown`` (and the query go on); now the solver is interrupted."""
    # A goal no path of 40 steps reaches: the search grinds on for about 20 s (fewest-rounds-to-lose now
    # answers in under 4 s of CPU, before this test would send its signal).
    run = start(tmp_path, "ask", "--goal", "the round is at least 15", "--depth", "40")
    wait_until(run, lambda: cpu_seconds(run.pid) > 4.0, "deep in the solver (4 s of CPU)")
    assert_stopped_cleanly(run, stop(run), "ask")


@pytest.mark.parametrize(
    "args, cpu, says",
    [
        (("bench", "--games", "100000"), 2.0, " games; nothing written"),
        (("graph", "--games", "100000"), 2.0, "interrupted"),
        (("explore", "--depth", "1000", "--max-states", "2000000"), 2.0, "interrupted"),
        (("prove", "--ruleset", "aeons_end"), 2.5, " counts of players ("),  # of its 4.5 s: past start-up on a loaded machine
    ],
    ids=["bench", "graph", "explore", "prove"],
)
def test_ctrl_c_stops_every_other_long_command(tmp_path, args, cpu, says):
    run = start(tmp_path, *args)
    wait_until(run, lambda: cpu_seconds(run.pid) > cpu, f"working ({cpu} s of CPU)")
    line = assert_stopped_cleanly(run, stop(run), args[0])
    assert says in line, line


# --- the report folder ------------------------------------------------------------------------------


def _tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def earlier_report(ran_once) -> Path:
    """A report made by the tool (a small one: one section; the one test_progress and test_words read, made once)."""
    from tests.test_progress import SMALL_REPORT

    made = ran_once(*SMALL_REPORT)
    assert (made.folder / "summary.json").is_file(), made.err[-3000:]
    return made.folder


@pytest.mark.parametrize(
    "stage, args",
    [
        ("random play", ("--games", "1000000")),
        ("conformance", ("--games", "1", "--conformance-games", "1000000")),
        ("section: Invariants", ("--games", "1", "--conformance-games", "0", "--section", "invariants")),
        ("section: Proofs", ("--games", "1", "--conformance-games", "0", "--section", "proofs")),
    ],
    ids=["random-play", "conformance", "invariants-section", "proofs-section"],
)
def test_interrupting_report_leaves_the_earlier_report_as_it_was(tmp_path, earlier_report, stage, args):
    shutil.copytree(earlier_report, tmp_path / "out")
    before = _tree(tmp_path / "out")
    run = start(tmp_path, "report", "--workers", "2", "--out", "out", *args)
    wait_until(run, lambda: f"] {stage}" in run.stderr(), f"at the stage {stage!r}")
    line = assert_stopped_cleanly(run, stop(run), "report")
    assert line.endswith("; nothing written, out/ left as it was"), line
    assert _tree(tmp_path / "out") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"], "no half-written folder beside it"


# --- the mechanism, in a process of its own (signal handlers are process-wide) ------------------------


def _script(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    prelude = "import os, signal, sys, threading, time\nfrom oblivaeon_verify import interrupts\n"
    return subprocess.run([sys.executable, "-c", prelude + code], cwd=tmp_path, capture_output=True, text=True, timeout=120)


def test_an_interrupt_raised_inside_a_del_is_raised_again_not_printed_and_ignored(tmp_path):
    """Z3 frees its objects in ``__del__``: a signal handled there would be "Exception ignored" and the run go on."""
    done = _script(
        """
class Freed:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(10_000):
            pass
with interrupts.handled():
    try:
        Freed()
        time.sleep(2)
        print("went on")
    except interrupts.Interrupted as e:
        print("stopped", e.signum == signal.SIGINT)
""",
        tmp_path,
    )
    assert done.stdout.split() == ["stopped", "True"], done.stdout + done.stderr
    assert done.stderr == ""


LOSE_THE_FIRST_SIGNAL = """
signal.signal(signal.SIGINT, lambda *a: None)  # its exception lost, as if swallowed where nothing raises it again
os.kill(os.getpid(), signal.SIGINT)
time.sleep(0.3)  # the watcher hears it and interrupts the solvers
"""
"""A signal that reaches the process but whose ``Interrupted`` never surfaces in the main thread."""


def test_no_solver_answer_is_taken_after_a_signal_even_when_its_exception_was_lost(tmp_path):
    """An interrupted Z3 context is not to be trusted (a push cut short leaves a solver answering sat to a
    contradiction): a proof once came out "violated after 0 steps" that way.  The answer is refused instead."""
    done = _script(
        f"""
import z3
from oblivaeon_verify.smt.allowance import Allowance
x = z3.Int("x")
with interrupts.handled():
    {LOSE_THE_FIRST_SIGNAL.strip().replace(chr(10), chr(10) + "    ")}
    solver = z3.Solver()
    solver.add(x > 1, x < 0)
    try:
        print("answered", Allowance(None).check(solver))
    except interrupts.Interrupted as e:
        print("stopped", e.signum == signal.SIGINT)
""",
        tmp_path,
    )
    assert done.stdout.split() == ["stopped", "True"], done.stdout + done.stderr


def test_the_watcher_lives_on_when_interrupting_z3_raises_and_a_second_signal_still_ends_the_run(tmp_path):
    """z3py reads the context's error flag after ``Z3_interrupt``, and the main thread's call cut short may have
    just set it: the watcher once died of that error, and a swallowed first signal was never raised again."""
    done = _script(
        f"""
import z3
def fails(self):
    raise z3.Z3Exception(b"push canceled")
z3.Context.interrupt = fails
with interrupts.handled():
    {LOSE_THE_FIRST_SIGNAL.strip().replace(chr(10), chr(10) + "    ")}
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)
    print("went on")
""",
        tmp_path,
    )
    assert (done.returncode, done.stdout, done.stderr) == (exits.Exit.INTERRUPTED, "", "")


def test_a_run_a_signal_reached_puts_no_new_output_in_place_even_when_its_exception_was_lost(tmp_path):
    done = _script(
        f"""
from oblivaeon_verify import output
output.replace("out", {{"a.txt": "earlier"}}, "test")
with interrupts.handled():
    {LOSE_THE_FIRST_SIGNAL.strip().replace(chr(10), chr(10) + "    ")}
    for write in (lambda: output.replace("out", {{"a.txt": "later"}}, "test"), lambda: output.write_file("b.txt", "later", "--b", bool)):
        try:
            write()
            print("written")
        except interrupts.Interrupted:
            print("stopped")
print(sorted(os.listdir(".")), open("out/a.txt").read())
""",
        tmp_path,
    )
    assert done.stdout.split("\n")[:3] == ["stopped", "stopped", "['out'] earlier"], done.stdout + done.stderr


def test_a_thread_failing_after_a_signal_is_not_printed_but_one_failing_before_is(tmp_path):
    """After SIGTERM killed its workers, Python 3.11's process pool manager thread may fail settling a future the
    shutdown had settled already: the interrupt's consequence, not a traceback for the person."""
    done = _script(
        f"""
def fails():
    raise RuntimeError("a pool manager")
with interrupts.handled():
    before = threading.Thread(target=fails); before.start(); before.join()
    {LOSE_THE_FIRST_SIGNAL.strip().replace(chr(10), chr(10) + "    ")}
    after = threading.Thread(target=fails); after.start(); after.join()
""",
        tmp_path,
    )
    assert done.stderr.count("RuntimeError: a pool manager") == 1, done.stderr


def test_a_deferred_block_finishes_and_the_interrupt_follows_it(tmp_path):
    done = _script(
        """
with interrupts.handled():
    try:
        with interrupts.deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.2)
            print("block finished")
        print("went on")
    except interrupts.Interrupted:
        print("stopped")
""",
        tmp_path,
    )
    assert done.stdout.split() == ["block", "finished", "stopped"], done.stdout + done.stderr


def test_a_z3_check_is_interrupted_at_once_instead_of_answering_unknown(tmp_path):
    """Left alone, Z3 catches SIGINT itself and answers ``unknown`` ("interrupted from keyboard"), and the run goes on."""
    done = _script(
        """
import z3
with interrupts.handled():
    s = z3.Solver()
    x = [[z3.Bool(f"x{i}_{j}") for j in range(12)] for i in range(13)]
    for i in range(13):
        s.add(z3.Or(x[i]))
    for j in range(12):
        for i in range(13):
            for k in range(i + 1, 13):
                s.add(z3.Not(z3.And(x[i][j], x[k][j])))  # 13 pigeons, 12 holes: minutes of search
    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
    start = time.monotonic()
    try:
        print("answered", s.check())
    except interrupts.Interrupted:
        print("stopped", round(time.monotonic() - start - 0.5, 1) < 1.0)
""",
        tmp_path,
    )
    assert done.stdout.split() == ["stopped", "True"], done.stdout + done.stderr


def test_an_error_after_sigterm_counts_as_the_signal_not_as_a_bug(tmp_path):
    """E.g. a worker that the group's SIGTERM ended before the parent's handler ran: exit 143, not 3."""
    done = _script(
        """
from oblivaeon_verify import cli
from oblivaeon_verify.commands import explore
def dies(args):
    with interrupts.deferred():
        os.kill(os.getpid(), signal.SIGTERM)
        raise RuntimeError("a worker ended abruptly")
explore.cmd_explore = dies
sys.exit(cli.main(["explore"]))
""",
        tmp_path,
    )
    assert done.returncode == exits.Exit.TERMINATED, done.stderr
    assert done.stderr == "oblivaeon-verify explore: stopped by SIGTERM\n"


def test_main_leaves_the_signal_handlers_as_it_found_them_when_no_signal_came():
    from oblivaeon_verify.cli import main

    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    assert main(["clauses", "--json"]) == 0
    assert {s: signal.getsignal(s) for s in before} == before
    assert signal.set_wakeup_fd(-1) == -1


def test_an_interrupt_in_a_command_prints_what_was_done_and_exits_130(monkeypatch, capsys):
    from oblivaeon_verify import play
    from oblivaeon_verify.cli import main

    real = play.play_game

    def interrupted_in_game_3(*args, **kw):
        if args[4] == 3:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(play, "play_game", interrupted_in_game_3)
    assert main(["simulate", "--games", "50", "--workers", "1"]) == exits.Exit.INTERRUPTED
    err = capsys.readouterr().err  # the phase's start line (stderr is no terminal here), then the summary, last
    assert err.endswith("\noblivaeon-verify simulate: interrupted after 0 of 50 games (0 errors so far); nothing written\n"), err
    assert err.count("\n") == 2 and "done in" not in err


def test_the_exit_code_table_names_sigterm():
    assert (143, "TERMINATED") in [(code, name) for code, name, _ in exits.table()]
    assert "143 terminated" in exits.EPILOG


def test_an_assertion_hypothesis_raises_after_an_interrupt_is_the_interrupt_not_a_pass(tmp_path):
    """Hypothesis, interrupted before its engine has started, fails an internal assertion (an AssertionError
    without a message) instead of letting the KeyboardInterrupt through; ``check`` took that for the machine
    passing (exit 0, "0.01s state machine")."""
    done = _script(
        """
import hypothesis.stateful
from oblivaeon_verify import cli
def interrupted_then_asserts(*args, **kw):
    with interrupts.deferred():
        os.kill(os.getpid(), signal.SIGINT)
        raise AssertionError()
hypothesis.stateful.run_state_machine_as_test = interrupted_then_asserts
sys.exit(cli.main(["check", "--games", "1"]))
""",
        tmp_path,
    )
    assert done.returncode == exits.Exit.INTERRUPTED, done.stdout[-2000:] + done.stderr
    last = done.stderr.splitlines()[-1]  # after the progress lines of the phases (stderr is no terminal here)
    assert last.startswith("oblivaeon-verify check: interrupted during the Hypothesis state machine, after 0 of 10 examples"), done.stderr


def test_a_state_machine_assertion_without_a_message_fails_check(monkeypatch, capsys):
    import hypothesis.stateful

    from oblivaeon_verify.cli import main

    def asserts(*args, **kw):
        raise AssertionError()

    monkeypatch.setattr(hypothesis.stateful, "run_state_machine_as_test", asserts)
    assert main(["check", "--games", "1", "--json"]) == exits.Exit.FAILED
    assert json.loads(capsys.readouterr().out)["machine"]["failure"] == "AssertionError()"


def test_a_report_section_that_fails_because_of_an_interrupt_stops_the_report_unwritten(tmp_path):
    done = _script(
        """
from oblivaeon_verify import cli
from oblivaeon_verify.sections import proofs
def interrupted_then_fails(*args, **kw):
    with interrupts.deferred():
        os.kill(os.getpid(), signal.SIGINT)
        raise RuntimeError("the solver went away")
proofs.collect = interrupted_then_fails
sys.exit(cli.main(["report", "--games", "1", "--conformance-games", "0", "--section", "proofs", "--out", "out"]))
""",
        tmp_path,
    )
    assert done.returncode == exits.Exit.INTERRUPTED, done.stderr
    assert (
        done.stderr.splitlines()[-1]
        == "oblivaeon-verify report: interrupted during section: Proofs (Z3); nothing written, out/ left as it was"
    )
    assert not (tmp_path / "out").exists()


def test_the_summary_line_says_the_stage_what_was_done_and_what_was_written():
    from oblivaeon_verify import interrupts

    inner = interrupts.Interrupted(done="3 of 9 games (0 errors so far)")
    line = interrupts.stopped(inner, during="random play", written="nothing written").line("oblivaeon-verify report")
    assert line == "oblivaeon-verify report: interrupted during random play, after 3 of 9 games (0 errors so far); nothing written"
    assert interrupts.stopped(inner, done="4 of 9 games").done == "4 of 9 games", "an outer layer may say it anew"
    assert interrupts.stopped(KeyboardInterrupt()).line("x") == "x: interrupted"
    term = interrupts.Interrupted(signal.SIGTERM, done="2 of 5 knock-outs")
    assert term.exit_code == exits.Exit.TERMINATED and term.line("x") == "x: stopped by SIGTERM after 2 of 5 knock-outs"
