"""Campaigns on a real Dask cluster: a ``dask.distributed.LocalCluster`` of two worker processes on loopback.

The same command with ``--scheduler`` gives the bytes it gives in this process (``--json``, a report
folder with its ``summary.json``); Ctrl-C stops a campaign running on the cluster within 2 s with the
one summary line, and its tasks leave the cluster; a scheduler that does not answer is one line.
"""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="Dask is not installed (pip install -e '.[dev]')")

from oblivaeon_verify import backends, checked_play, exits  # noqa: E402
from oblivaeon_verify.cli import main  # noqa: E402
from tests.test_interrupts import assert_stopped_cleanly, start, stop, wait_until  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes of one thread each; the scheduler on a free loopback port; closed after the module."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", scheduler_port=0, dashboard_address=None
    ) as c:
        with distributed.Client(c.scheduler_address, set_as_default=False) as watcher:
            watcher.wait_for_workers(2, timeout=60)
            yield c.scheduler_address, watcher


def _json(argv: list[str], capsys) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().out


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "45", "--seed", "3", "--heroes", "4", "--clause-coverage"],
        ["check", "--games", "2", "--seed", "5", "--hypothesis-db", "none"],
        ["knockout", "--clause", "HERO.OPT.TAKE", "--handler", "FireReaction", "--handler", "ChooseEnvironment", "--games", "2"],
    ],
    ids=["simulate", "check", "knockout"],
)
def test_a_campaign_on_two_dask_workers_prints_the_json_it_prints_in_process(cluster, argv, tmp_path, monkeypatch, capsys):
    address, watcher = cluster
    monkeypatch.chdir(tmp_path)
    here = _json([*argv, "--json", "--workers", "1"], capsys)
    on_dask = _json([*argv, "--json", "--scheduler", address], capsys)
    assert on_dask == here and here[1].startswith("{")
    assert len(watcher.processing()) == 2, "both workers were in the cluster"


def test_a_report_made_on_two_dask_workers_is_the_report_made_in_process(cluster, tmp_path, monkeypatch, capsys, ran_once):
    from tests.test_shards import REPORT

    address, _watcher = cluster
    in_process = ran_once(*REPORT, "--workers", "2")  # (made once for this test and test_shards' merge of the same report)
    code = in_process.code
    monkeypatch.setenv(backends.SCHEDULER_ENV, address)  # (the environment variable instead of --scheduler)
    assert main([*REPORT, "--out", str(tmp_path / "dask")]) == code
    err = capsys.readouterr().err
    here, dask = _files(in_process.folder), _files(tmp_path / "dask")
    assert "summary.json" in here and sorted(here) == sorted(dask)
    assert [n for n in here if here[n] != dask[n]] == [], err


def test_ctrl_c_stops_a_campaign_on_the_cluster_within_2s_and_its_tasks_leave_the_cluster(cluster, tmp_path):
    address, watcher = cluster
    run = start(tmp_path, "simulate", "--games", "1000000", "--scheduler", address)
    wait_until(run, lambda: sum(map(len, watcher.processing().values())) >= 2, "its tasks run on both workers")
    line = assert_stopped_cleanly(run, stop(run, signal.SIGINT), "simulate")
    assert " of 1,000,000 games (" in line and line.endswith("nothing written"), line
    deadline = time.monotonic() + 10
    while (left := watcher.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert left == 0, f"{left} tasks of the interrupted campaign are still on the scheduler"


def test_a_scheduler_that_does_not_answer_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(backends, "CONNECT_SECONDS", 1.0)
    assert main(["simulate", "--games", "3", "--scheduler", "tcp://127.0.0.1:9"]) == exits.Exit.USAGE
    # off a terminal the phase that was starting says so on its own line ("[    0.0 s] random play ..."); the error is one line
    err = [line for line in capsys.readouterr().err.strip().splitlines() if not line.startswith("[")]
    assert len(err) == 1 and "--scheduler tcp://127.0.0.1:9: no Dask scheduler answers there" in err[0], err


def test_a_game_limit_holds_in_a_thread_too(monkeypatch):
    """A Dask worker runs tasks in threads, where SIGALRM never arrives: the limit is raised in the thread itself."""
    caught: list[BaseException] = []

    def forever() -> None:
        try:
            with checked_play.time_limit(0.2):
                while True:
                    pass
        except checked_play.GameHung as e:
            caught.append(e)

    t = threading.Thread(target=forever, daemon=True)
    t.start()
    t.join(10)
    assert not t.is_alive() and len(caught) == 1 and "within 0.2 s" in str(caught[0])


def test_a_local_pool_after_dask_in_this_process_finishes(cluster, tmp_path, monkeypatch, capsys):
    """Dask's threads stay in this process, and a pool forked from it still plays (its workers once spun before their
    first game: a thread's time limit had left CPython 3.11's async-exception signal set; see test_time_limit)."""
    monkeypatch.chdir(tmp_path)
    done: list[int] = []
    t = threading.Thread(target=lambda: done.append(main(["check", "--games", "1", "--workers", "2", "--json"])), daemon=True)
    t.start()
    t.join(240)
    assert done == [0], "check in a local pool did not finish within 240 s after Dask ran in this process"
