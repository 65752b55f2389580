"""Benchmark: campaigns on Dask (``python -m tests.bench_cluster [--games 400] [--rounds 2]``); prints figures.

* speed-up of a ``simulate`` campaign on a LocalCluster of 2 worker processes over one of 1 (each
  one thread), the two runs alternated ``--rounds`` times on this machine and the ratio of the
  medians quoted (the machine is shared and noisy);
* per-task overhead: ``--tasks`` empty tasks (a chunk of no games) run in this process, in the local
  pool of 2 and on the 2-worker cluster, wall time divided by the tasks;
* identical output: the ``--json`` of one process, the local pool, Dask (1 and 2 workers) and 3
  shards merged, compared byte for byte.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import tempfile
import time
from pathlib import Path


def _json(argv: list[str]) -> tuple[float, str]:
    from oblivaeon_verify.cli import main

    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(argv)
    assert code in (0, 1), f"{argv}: exit {code}"
    return time.perf_counter() - start, out.getvalue()


def _overhead(backend, todo) -> float:
    start = time.perf_counter()
    with backend as b:
        for _ in b.results(todo):
            pass
    return (time.perf_counter() - start) / len(todo)


def run() -> None:
    from distributed import LocalCluster

    from oblivaeon_verify import backends, rulesets, tasks

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=300)
    a = ap.parse_args()
    argv = ["simulate", "--games", str(a.games), "--seed", "1", "--json"]
    kw = dict(threads_per_worker=1, processes=True, host="127.0.0.1", scheduler_port=0, dashboard_address=None)
    with LocalCluster(n_workers=1, **kw) as one, LocalCluster(n_workers=2, **kw) as two:
        outputs: dict[str, str] = {}
        times: dict[str, list[float]] = {"dask-1": [], "dask-2": []}
        _json([*argv, "--scheduler", one.scheduler_address])  # (warm: the workers import the model once)
        _json([*argv, "--scheduler", two.scheduler_address])
        for _ in range(a.rounds):
            for name, c in (("dask-1", one), ("dask-2", two)):
                t, outputs[name] = _json([*argv, "--scheduler", c.scheduler_address])
                times[name].append(t)
        t1, t2 = statistics.median(times["dask-1"]), statistics.median(times["dask-2"])
        print(
            f"simulate --games {a.games}: Dask 1 worker {t1:.2f} s, 2 workers {t2:.2f} s (medians of {a.rounds}); speed-up {t1 / t2:.2f}x"
        )

        ruleset = rulesets.load("oblivaeon")
        params = ruleset.default_parameters()
        todo = [tasks.Games("oblivaeon", params, 1, 3, i, 0) for i in range(a.tasks)]
        here = _overhead(backends.Local(1), todo)
        pool = _overhead(backends.Local(2), todo)
        dask = _overhead(backends.Dask(two.scheduler_address), todo)
        print(
            f"per-task overhead ({a.tasks} empty tasks): in-process {here * 1e3:.3f} ms, local pool of 2 {pool * 1e3:.3f} ms, "
            f"Dask 2 workers {dask * 1e3:.3f} ms"
        )

        _, outputs["one process"] = _json([*argv, "--workers", "1"])
        _, outputs["local pool of 2"] = _json([*argv, "--workers", "2"])
        with tempfile.TemporaryDirectory() as d:
            for k in (1, 2, 3):
                _json([*argv[:-1], "--workers", "1", "--shard", f"{k}/3", "--shard-out", d])
            _, outputs["3 shards merged"] = _json(["merge", str(Path(d)), "--json"])
    base = outputs["one process"]
    for name, text in outputs.items():
        print(f"identical output, {name} vs one process: {'yes' if text == base else 'NO'} ({len(text):,} bytes)")


if __name__ == "__main__":
    run()
