"""Worker processes: jobs streamed to a pool, results back in job order, the pool stopped at once on an interrupt.

* Jobs are drawn lazily from an iterable, and at most ``ahead`` are submitted and not yet handed
  back, so a campaign of a billion games costs no memory up front.
* Results come back in the order of the jobs, so that whatever is merged from them is the same
  for any number of workers.
* Workers ignore SIGINT: a terminal sends Ctrl-C to the whole process group, and the parent
  decides what it means (:mod:`oblivaeon_verify.interrupts`).  They are created with SIGINT and
  SIGTERM blocked, so that no signal reaches one before it has said so.
* Workers end themselves when the parent dies, even by SIGKILL: on Linux the kernel's parent-death
  signal (``prctl(PR_SET_PDEATHSIG)``), elsewhere a thread watching the parent's process id.
* When the block using the pool ends with an exception (an interrupt, or a failed job), the queued
  jobs are cancelled and the workers terminated (killed if they linger), not waited for.

One worker means no processes at all: the jobs run in this process, in order, the same way.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import itertools
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

from oblivaeon_verify import interrupts

AHEAD_PER_WORKER = 8
"""Jobs submitted and not yet handed back, per worker: enough that a slow job at the head leaves no worker idle for long."""
STOP_GRACE_SECONDS = 0.5
"""How long terminated workers are given to end before they are killed."""
PARENT_POLL_SECONDS = 0.5
"""How often a worker without the parent-death signal looks whether its parent still lives."""
PR_SET_PDEATHSIG = 1
"""From <linux/prctl.h>."""

_BLOCKED = {signal.SIGINT, signal.SIGTERM}


def default_workers(jobs: int) -> int:
    """One worker per core, never more than there are jobs."""
    return max(1, min(jobs, os.cpu_count() or 1))


class Pool:
    """``workers`` worker processes (none when ``workers`` is 1), used as a context manager."""

    def __init__(self, workers: int, *, ahead: int | None = None) -> None:
        self.workers = max(1, workers)
        self.ahead = ahead or AHEAD_PER_WORKER * self.workers
        self._executor: ProcessPoolExecutor | None = None
        self._pending: collections.deque = collections.deque()

    def __enter__(self) -> Pool:
        if self.workers > 1:
            self._executor = ProcessPoolExecutor(self.workers, mp_context=_context(), initializer=_start_worker, initargs=(os.getpid(),))
        return self

    def __exit__(self, kind, error, tb) -> None:
        if self._executor is None:
            return
        if kind is None:
            self._executor.shutdown(wait=True)
        else:
            self.stop()

    def results(self, fn: Callable, jobs: Iterable[tuple]) -> Iterator[tuple[tuple, object]]:
        """``(job, fn(*job))`` for each job, in the order of ``jobs`` (``fn`` and the jobs must pickle)."""
        if self._executor is None:
            for job in jobs:
                yield job, fn(*job)
            return
        todo = iter(jobs)
        for job in itertools.islice(todo, self.ahead):
            self._submit(fn, job)
        while self._pending:
            job, future = self._pending[0]
            result = future.result()
            self._pending.popleft()
            for job_after in itertools.islice(todo, 1):
                self._submit(fn, job_after)
            yield job, result

    def _submit(self, fn: Callable, job: tuple) -> None:
        # A submit may start a worker: it inherits this thread's signal mask, and the fork must not be cut short.
        with interrupts.deferred(), _signals_blocked():
            self._pending.append((job, self._executor.submit(fn, *job)))

    def stop(self) -> None:
        """Cancel what is queued and end the workers now: after an interrupt or a failure their results are not wanted."""
        executor = self._executor
        for _job, future in self._pending:
            future.cancel()
        self._pending.clear()
        # The executor's own table of its processes (what Python 3.14's terminate_workers reads).
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                p.terminate()
        # A sentinel is ready once its process has ended, whoever reaps it (the executor's thread may).
        sentinels = {}
        for p in processes:
            with contextlib.suppress(ValueError):  # a process not started has none
                sentinels[p.sentinel] = p
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        while sentinels and time.monotonic() < deadline:
            for ready in multiprocessing.connection.wait(list(sentinels), max(0.0, deadline - time.monotonic())):
                sentinels.pop(ready)
        for p in sentinels.values():
            with contextlib.suppress(OSError, ValueError, AttributeError):
                p.kill()


def _context():
    """fork on Linux (workers start in milliseconds, sharing the imported model), spawn elsewhere.

    Not forkserver (Python 3.14's default on Linux): a worker's parent must be this process, for the
    parent-death signal and the parent watch to mean what they say.
    """
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


@contextlib.contextmanager
def _signals_blocked():
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _BLOCKED)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _start_worker(parent: int) -> None:
    """The pool initializer: run in each worker before its first job."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C means
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # terminate() ends a worker at once, mid-job
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(-1)  # inherited by fork: the parent's interrupt watcher is not this process's
    _die_with(parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _BLOCKED)  # a SIGTERM that came meanwhile ends it now


def _die_with(parent: int) -> None:
    """End this process when ``parent`` ends: the kernel's parent-death signal where there is one, else a watching thread."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            asked = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
        except (OSError, AttributeError):
            asked = False
        if asked:
            if os.getppid() != parent:  # it died before the signal was asked for
                os._exit(1)
            return
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)
