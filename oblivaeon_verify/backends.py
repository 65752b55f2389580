"""Where tasks run: one interface, two implementations (the local process pool, a Dask cluster).

``backend.results(tasks)`` yields ``(task, result)`` for each task in the order of ``tasks``, the
tasks drawn lazily (at most a window of them submitted and not yet handed back), each result what
:func:`oblivaeon_verify.tasks.execute` returns.  Whichever backend runs them, the results are the
same values in the same order, so whatever a campaign merges from them is the same bytes.

* :class:`Local` is the embedded default: :class:`oblivaeon_verify.workers.Pool` (no server, no
  setup).  Tasks marked ``in_place`` (a report section, a batch of Hypothesis examples) run in this
  process, in their turn, where Ctrl-C reaches a running Z3 query or Hypothesis at once.
* :class:`Dask` joins a running ``dask.distributed`` scheduler (``--scheduler ADDRESS``, or the
  environment variable :data:`SCHEDULER_ENV`); every task goes to the cluster.  Ctrl-C or a failed
  task cancels what was submitted and leaves the cluster at once.

Inside a task (a section whose knock-outs are themselves a campaign) a campaign runs its tasks in
place: a worker does not start a pool of its own.
"""

from __future__ import annotations

import collections
import itertools
import os
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

from oblivaeon_verify import interrupts, tasks
from oblivaeon_verify.model.common.files import InputError
from oblivaeon_verify.workers import AHEAD_PER_WORKER, Pool, default_workers

SCHEDULER_ENV = "OBLIVAEON_VERIFY_SCHEDULER"
"""The Dask scheduler to join when no ``--scheduler`` is given (e.g. ``tcp://10.0.0.5:8786``)."""
CONNECT_SECONDS = 10.0
"""How long to wait for the scheduler to answer before saying it does not."""
LEAVE_SECONDS = 2.0
"""How long leaving the cluster may take after an interrupt (the futures are cancelled first)."""


class Backend(Protocol):
    """Runs tasks; used as a context manager that ends its workers (or leaves its cluster) on the way out."""

    description: str

    def __enter__(self) -> Backend: ...
    def __exit__(self, kind, error, tb) -> None: ...
    def results(self, todo: Iterable[tasks.Task]) -> Iterator[tuple[tasks.Task, Any]]: ...


class SchedulerError(InputError):
    """The Dask scheduler named could not be reached or used (an input error of the command line)."""


def scheduler_address(given: str | None) -> str | None:
    """``--scheduler``, else the environment variable, else None (the local pool)."""
    return given or os.environ.get(SCHEDULER_ENV) or None


def open_backend(scheduler: str | None, workers: int | None, jobs: int) -> Backend:
    """The backend for a campaign of ``jobs`` tasks: Dask when a scheduler is named, else the local pool."""
    if tasks.inside_a_task():
        return Local(1)
    address = scheduler_address(scheduler)
    if address:
        return Dask(address)
    return Local(min(workers, max(jobs, 1)) if workers else default_workers(jobs))


class Local:
    """The local process pool (one worker: everything in this process)."""

    def __init__(self, workers: int) -> None:
        self.pool = Pool(workers)
        self.description = f"local pool of {self.pool.workers} worker process(es)" if self.pool.workers > 1 else "this process"

    def __enter__(self) -> Local:
        self.pool.__enter__()
        return self

    def __exit__(self, kind, error, tb) -> None:
        self.pool.__exit__(kind, error, tb)

    def results(self, todo: Iterable[tasks.Task]) -> Iterator[tuple[tasks.Task, Any]]:
        # Runs of pool tasks go to the pool; an in-place task waits for the tasks before it, then runs here.
        for in_place, run in itertools.groupby(todo, key=lambda t: t.in_place):
            if in_place:
                for task in run:
                    yield task, tasks.execute(task, here=True)
            else:
                for (task,), result in self.pool.results(tasks.execute, ((t,) for t in run)):
                    yield task, result


class Dask:
    """A ``dask.distributed`` cluster, joined at ``address``; at most ``ahead`` tasks in flight."""

    def __init__(self, address: str, *, ahead: int | None = None) -> None:
        self.address = address
        self.ahead = ahead
        self.client = None
        self.description = f"Dask cluster at {address}"
        self._pending: collections.deque = collections.deque()

    def __enter__(self) -> Dask:
        try:
            from distributed import Client
        except ImportError:
            raise SchedulerError(f"--scheduler {self.address}: Dask is not installed (pip install 'oblivaeon-verify[cluster]')") from None
        try:
            with interrupts.deferred():  # the client's threads start here: not cut short half-made
                self.client = Client(self.address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise SchedulerError(f"--scheduler {self.address}: no Dask scheduler answers there ({type(e).__name__}: {e})") from None
        if self.ahead is None:
            cores = sum(self.client.nthreads().values()) or 1
            self.ahead = AHEAD_PER_WORKER * cores
        self.description = f"Dask cluster at {self.address} ({len(self.client.nthreads())} workers)"
        return self

    def __exit__(self, kind, error, tb) -> None:
        client, self.client = self.client, None
        if client is None:
            return
        if kind is not None and self._pending:
            # Interrupted or failed: what is queued or running is not wanted.
            futures = [f for _t, f in self._pending]
            self._pending.clear()
            try:
                client.cancel(futures, asynchronous=False, force=True)
            except Exception:  # the cluster may be gone already: leaving is all that is left to do
                pass
        try:
            client.close(timeout=LEAVE_SECONDS)
        except Exception:  # (a scheduler that went away cannot be left politely)
            pass

    def results(self, todo: Iterable[tasks.Task]) -> Iterator[tuple[tasks.Task, Any]]:
        it = iter(todo)
        for task in itertools.islice(it, self.ahead):
            self._submit(task)
        while self._pending:
            task, future = self._pending[0]
            result = future.result()
            self._pending.popleft()
            for after in itertools.islice(it, 1):
                self._submit(after)
            yield task, result

    def _submit(self, task: tasks.Task) -> None:
        # pure=False: two equal tasks are still two pieces of work (and retried ones run anew).
        self._pending.append((task, self.client.submit(tasks.execute, task, pure=False)))
