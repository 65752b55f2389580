"""Running a campaign's tasks: all of them on a backend, or one shard of them into a shard file.

Every campaign command lists its tasks (:mod:`oblivaeon_verify.tasks`) in a fixed order, lazily,
and has a ``finish`` that turns the (task, result) pairs, in that order, into its output.
:func:`pairs` runs the tasks on the backend the command line names (:mod:`oblivaeon_verify.backends`);
:func:`shard` runs one shard's part and writes the shard file instead.  ``merge`` feeds the same
``finish`` with the shards' results, so the unsharded output and the merged one are the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from typing import Any

from oblivaeon_verify import backends, shards, tasks


def pairs(todo: Iterable[tasks.Task], *, scheduler: str | None, workers: int | None, jobs: int) -> Iterator[tuple[tasks.Task, Any]]:
    """(task, result) for every task, in task order, from the backend (left when the pairs are all read, or on an error)."""
    with backends.open_backend(scheduler, workers, jobs) as backend:
        yield from backend.results(todo)


class Digest:
    """The tasks of a campaign, hashed one by one as they are generated: equal digests, the same work."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self.tasks = 0

    def add(self, task: tasks.Task) -> tasks.Task:
        self._hash.update(json.dumps(task.describe(), sort_keys=True).encode() + b"\n")
        self.tasks += 1
        return task

    @property
    def hex(self) -> str:
        return self._hash.hexdigest()


def digest(todo: Iterable[tasks.Task]) -> Digest:
    d = Digest()
    for t in todo:
        d.add(t)
    return d


def shard(command: str, args, ruleset, todo: Iterable[tasks.Task], *, jobs: int) -> int:
    """Run shard ``args.shard`` of ``todo`` and write its file into ``args.shard_out``; exit 0 (the verdict is merge's)."""
    from oblivaeon_verify.commands.common import stderr_line, versions

    part: shards.Shard = args.shard
    plan = Digest()
    positions: list[int] = []

    def picked() -> Iterator[tasks.Task]:
        for i, t in enumerate(todo):
            plan.add(t)
            if part.picks(i):
                positions.append(i)
                yield t

    results = {}
    for n, (task, result) in enumerate(pairs(picked(), scheduler=args.scheduler, workers=args.workers, jobs=-(-jobs // part.count))):
        results[positions[n]] = (type(task).__name__, result)
    path = shards.write(command, args, ruleset.name, args.seed, versions(), plan, results)
    stderr_line(
        f"shard {part}: {len(results):,} of {plan.tasks:,} tasks written to {path}; "
        f"`oblivaeon-verify merge {args.shard_out}` makes the output once every shard is there"
    )
    return 0
