"""Progress that tells the truth: one task per phase of a long command, and a heartbeat inside a phase.

On a terminal (rich): each phase is its own line with its own clock, which stops when the phase
ends, so no bar sits full while the clock runs on for work it does not count; a phase with
nothing to count (a section, a solver query) shows a moving bar and what the computation last said
(:mod:`oblivaeon_verify.heartbeat`).  Off a terminal (a log, CI): a short line when a phase begins
and one with its elapsed time when it ends, and a line now and then while a long phase runs, so a
log never sits silent for minutes.  Everything goes to stderr; nothing here reaches an output file or ``--json``.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from oblivaeon_verify import heartbeat
from oblivaeon_verify.words import count, plural

QUIET_SECONDS = 15.0
"""Off a terminal, the longest a running phase goes without a line (what it last said, or its count so far)."""


class Phases:
    """The phases of one command, in order.  Use as a context manager; ``start`` each phase, ``advance`` its count.

    ``live`` draws rich progress bars (a terminal); otherwise lines go to ``stream``; ``enabled=False``
    shows nothing (a command printing JSON).  ``clock`` is for tests.
    """

    def __init__(
        self,
        live: bool,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.perf_counter,
        console=None,
        enabled: bool = True,
    ) -> None:
        self.enabled = enabled
        self.live = live and enabled
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.began = clock()
        self.name: str | None = None
        self.unit = ""
        self.total: int | None = None
        self.done = 0
        self.started = 0.0
        self.said = 0.0
        self.noted = ""
        self.ended: list[tuple[str, float]] = []
        """(phase, seconds) of every phase that ended, in order."""
        self._bar = None
        self._task = None
        self._console = console
        self._listen = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    # --- the context ---------------------------------------------------------------------------

    def __enter__(self) -> Phases:
        if self.live:
            from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

            from oblivaeon_verify.commands.common import console

            self._bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.fields[counted]}"),
                TimeElapsedColumn(),
                console=self._console or console(stderr=True),
                transient=False,
            )
            self._bar.start()
        elif self.enabled:
            # a solver query can run for minutes between two beats: a log still gets a line every QUIET_SECONDS
            self._ticker = threading.Thread(target=self._tick, name="oblivaeon-verify progress", daemon=True)
            self._ticker.start()
        self._listen = heartbeat.listening(self.note)
        self._listen.__enter__()
        return self

    def __exit__(self, kind, exc, tb) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        if kind is None:
            self.finish()
        self._listen.__exit__(kind, exc, tb)
        if self._bar is not None:
            self._bar.stop()

    def _tick(self) -> None:
        while not self._stop.wait(QUIET_SECONDS / 3):
            self._quiet_line()

    # --- phases --------------------------------------------------------------------------------

    def start(self, name: str, total: int | None = None, unit: str = "") -> None:
        """End the phase running (if any) and begin ``name``; ``total`` of ``unit`` when it has something to count."""
        self.finish()
        self.name, self.total, self.unit, self.done, self.noted = name, total, unit, 0, ""
        self.started = self.said = self.clock()
        if self._bar is not None:
            self._task = self._bar.add_task(name, total=total, counted=self._counted())
        else:
            self._line(f"{name}" + (f" ({count(total, unit)})" if total and unit else "") + " ...")

    def advance(self, done: int) -> None:
        """The phase has done ``done`` of its total."""
        self.done = done
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=done, counted=self._counted())
        else:
            self._quiet_line()

    def note(self, what: str) -> None:
        """What the phase's computation is doing now (a heartbeat)."""
        if self.name is None:
            return
        self.noted = what
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, description=f"{self.name}: {what}")
        else:
            self._quiet_line()

    def finish(self) -> None:
        """End the running phase: its clock stops (its line says how long it took)."""
        if self.name is None:
            return
        seconds = self.clock() - self.started
        self.ended.append((self.name, seconds))
        if self._bar is not None and self._task is not None:
            done = self.total if self.total is not None else 1
            self._bar.update(self._task, description=self.name, total=done, completed=done, counted=self._counted(final=True))
            self._bar.stop_task(self._task)
        else:
            self._line(f"{self.name}: {self._counted(final=True) + ', ' if self.total else ''}done in {seconds:.1f} s")
        self.name, self._task = None, None

    # --- text ----------------------------------------------------------------------------------

    def _counted(self, final: bool = False) -> str:
        if self.total is None:
            return ""
        if final:
            return count(self.total, self.unit) if self.unit else f"{self.total:,}"
        return f"{self.done:,}/{self.total:,}" + (f" {plural(self.unit)}" if self.unit else "")

    def _quiet_line(self) -> None:
        with self._lock:
            now = self.clock()
            if self.name is None or now - self.said < QUIET_SECONDS:
                return
            so_far = self.noted or (f"{self.done:,} of {count(self.total, self.unit)}" if self.total else "")
            self._print(f"{self.name}: {so_far + ' ' if so_far else ''}({now - self.started:.0f} s so far)")

    def _line(self, text: str) -> None:
        with self._lock:
            self._print(text)

    def _print(self, text: str) -> None:
        self.said = self.clock()
        if self.enabled:
            print(f"[{self.said - self.began:7.1f} s] {text}", file=self.stream, flush=True)
