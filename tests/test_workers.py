"""The worker pool: results in job order whatever the worker count, jobs drawn lazily, failures stop it at once."""

from __future__ import annotations

import itertools
import json
import os
import time

import pytest

from oblivaeon_verify import campaign
from oblivaeon_verify.cli import main
from oblivaeon_verify.workers import Pool, default_workers


def slower_for_smaller(n: int) -> tuple[int, int]:
    """Finishes later the smaller ``n`` is, so that results complete out of order."""
    time.sleep(0.02 * (5 - n % 5))
    return n, os.getpid()


def fail_on(n: int, bad: int) -> int:
    if n == bad:
        raise ValueError(f"job {n} failed")
    time.sleep(0.01)
    return n


def sleep_long(n: int) -> int:
    time.sleep(60)
    return n


def test_results_come_back_in_job_order_from_several_workers():
    with Pool(2) as pool:
        got = list(pool.results(slower_for_smaller, ((n,) for n in range(20))))
    assert [job for job, _ in got] == [(n,) for n in range(20)]
    assert [r[0] for _, r in got] == list(range(20))
    assert len({pid for _, (_, pid) in got}) == 2, "both workers took jobs"
    assert all(pid != os.getpid() for _, (_, pid) in got)


def test_one_worker_runs_the_jobs_here_in_order():
    with Pool(1) as pool:
        got = [r for _, r in pool.results(slower_for_smaller, ((n,) for n in range(6)))]
    assert [n for n, _ in got] == list(range(6)) and {pid for _, pid in got} == {os.getpid()}


def test_jobs_are_drawn_lazily_at_most_ahead_at_a_time():
    drawn = []

    def endless():
        for n in itertools.count():
            drawn.append(n)
            yield (n,)

    with Pool(2, ahead=4) as pool:
        results = pool.results(slower_for_smaller, endless())
        first = [next(results) for _ in range(3)]
        assert [job for job, _ in first] == [(0,), (1,), (2,)]
        assert len(drawn) == 4 + 3, "ahead jobs, then one more for each result handed back"
        results.close()


def test_a_failing_job_stops_the_pool_at_once_and_its_error_comes_through():
    start = time.monotonic()
    with pytest.raises(ValueError, match="job 3 failed"):
        with Pool(2) as pool:
            for _ in pool.results(fail_on, ((n, 3) for n in range(1000))):
                pass
    assert time.monotonic() - start < 10


def test_leaving_the_block_by_an_exception_ends_busy_workers_without_waiting_for_them():
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with Pool(2) as pool:
            results = pool.results(sleep_long, ((n,) for n in range(10)))
            executor = pool._executor
            processes = list(executor._processes.values())
            time.sleep(0.5)
            raise KeyboardInterrupt
    assert time.monotonic() - start < 5, "did not wait for the 60 s jobs"
    for p in processes:
        p.join(timeout=5)
        assert not p.is_alive()
    results.close()


def test_the_default_is_one_worker_per_core_and_never_more_than_the_jobs():
    assert default_workers(1) == 1 and default_workers(0) == 1
    assert default_workers(10**9) == (os.cpu_count() or 1)


def test_campaign_jobs_are_chunks_generated_in_player_count_order():
    assert list(campaign.chunks([3, 4], 5, 45, 20)) == [(3, 5, 20), (3, 25, 20), (3, 45, 5), (4, 5, 20), (4, 25, 20), (4, 45, 5)]


def test_simulate_json_is_identical_for_one_or_two_workers_over_several_chunks(capsys):
    """45 games are 3 chunks of work: spread over 2 processes, merged in job order, the output is the same."""
    outputs = []
    for workers in ("1", "2"):
        assert main(["simulate", "--heroes", "3", "--seed", "9", "--games", "45", "--json", "--workers", workers]) == 0
        doc = json.loads(capsys.readouterr().out)
        outputs.append(doc)
    assert outputs[0] == outputs[1] and outputs[0]["games"] == 45
