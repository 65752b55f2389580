"""How a run answers Ctrl-C (SIGINT) and SIGTERM: stop within a moment, say what was done, exit 130 or 143.

While :func:`handled` is active (``cli.main`` wraps every command in it):

* the first SIGINT or SIGTERM raises :class:`Interrupted` (a ``KeyboardInterrupt``, so that every
  ``finally`` and every worker pool cleans up as for Ctrl-C) in the main thread;
* a second one ends the process at once with the same code, printing nothing (``os._exit``): the
  person has asked twice, and cleanup that takes longer than that is not worth a traceback;
* Z3 is told not to catch SIGINT itself (by default it does, turning Ctrl-C into an ``unknown``
  answer and going on with the next query), and a watcher thread interrupts the running solver
  instead, so that a long ``solver.check()`` returns at once and the ``Interrupted`` follows it.
  The main thread cannot run a Python signal handler while it is inside C code; the C-level
  handler still writes the signal number to the wakeup file descriptor, which the watcher reads;
* an ``Interrupted`` that Python could only print and ignore (raised in a ``__del__`` or an at-fork
  hook) is raised again a moment later, and :func:`deferred` holds it back over code that must
  not be cut short;
* whatever becomes of that exception, an answer is never taken from a run a signal reached: once the
  watcher has heard the signal, :func:`raise_if_received` raises it, and the solver kernel asks it
  after every solver call, the output folder before it puts a new folder in place.  An interrupted
  Z3 context is not to be trusted: a ``push`` cut short leaves a solver that answers ``sat`` to a
  contradiction, and the error that says so is a flag of the whole context, which another thread's
  call may read and clear;
* after the signal, an exception in another thread (a worker pool's manager finding its workers
  gone) is the interrupt's consequence, not news, and is not printed.

Layers that know what they had done when stopped re-raise the interrupt with it
(:func:`stopped`); the command line prints :meth:`Interrupted.line`.
"""

from __future__ import annotations

import _thread
import contextlib
import functools
import os
import signal
import sys
import threading
import time

from oblivaeon_verify import exits

SIGNALS = {signal.SIGINT: exits.Exit.INTERRUPTED, signal.SIGTERM: exits.Exit.TERMINATED}

_first: int | None = None
"""The first signal whose handler ran while handled (None: none yet).  Signals are process-wide, and so is this."""
_heard: int | None = None
"""The first signal the watcher read, perhaps before the main thread has run its handler (or ever will)."""
_deferring = 0
"""How many :func:`deferred` blocks are open: while any is, the first signal is noted, not raised."""
_deferred: int | None = None
_again = False
"""The first signal's exception was swallowed (raised in a ``__del__``, an at-fork hook): raise it once more."""
_wakeup: int | None = None
"""The write end of the watcher's pipe (Python's wakeup file descriptor) while handled."""
AGAIN = 0
"""A byte no signal has: the watcher's cue to raise the first signal again."""
AGAIN_AFTER_SECONDS = 0.01
"""Time for the main thread to leave the ``__del__`` that swallowed the first raise."""


class Interrupted(KeyboardInterrupt):
    """A run stopped by SIGINT or SIGTERM, with what it had done by then (the summary line reads it)."""

    def __init__(self, signum: int = signal.SIGINT, *, during: str = "", done: str = "", written: str = "") -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.during = during
        """The stage the run was in, e.g. ``random play``."""
        self.done = done
        """What was finished, e.g. ``1,240 of 1,000,000 games (0 errors so far)``."""
        self.written = written
        """What became of the outputs, e.g. ``nothing written``."""

    @property
    def exit_code(self) -> exits.Exit:
        return SIGNALS.get(self.signum, exits.Exit.INTERRUPTED)

    def line(self, command: str) -> str:
        """The one line printed on stderr, e.g. ``... simulate: interrupted after 40 of 1,000 games (0 errors so far); nothing written``."""
        text = f"{command}: " + ("interrupted" if self.signum == signal.SIGINT else f"stopped by {signal.Signals(self.signum).name}")
        if self.during:
            text += f" during {self.during}"
        if self.done:
            text += (", after " if self.during else " after ") + self.done
        return text + (f"; {self.written}" if self.written else "")


def stopped(e: BaseException, *, during: str = "", done: str = "", written: str = "") -> Interrupted:
    """``e`` as an :class:`Interrupted` that says what was done.

    ``e`` is a KeyboardInterrupt, or an error raised after a signal (see :func:`received`).  What an
    inner layer already said is kept, unless an argument says it anew.
    """
    inner = e if isinstance(e, Interrupted) else Interrupted(getattr(e, "signum", None) or _first or signal.SIGINT)
    return Interrupted(inner.signum, during=during or inner.during, done=done or inner.done, written=written or inner.written)


def received() -> int | None:
    """The signal that stopped this run, if one did.

    An error raised after it is its consequence, not a finding: libraries do not all let a
    KeyboardInterrupt through (Hypothesis, interrupted before its engine has started, fails an
    assertion of its own instead), so code that turns errors into results asks this first.
    """
    return _first if _first is not None else _heard


def raise_if_received() -> None:
    """Raise the signal that stopped this run, if one did, as :class:`Interrupted`.

    For code about to take an answer or make a change that the run's interrupt must not let through
    (a solver's answer, a new output folder): the exception the signal handler raised may have been
    swallowed, or be a moment away.
    """
    signum = received()
    if signum is not None:
        raise Interrupted(signum)


def end_process(code: int) -> None:
    """End an interrupted run now, with ``code``, its output flushed.

    Not through Python's finalisation: that puts the default handlers back, so that a second
    signal arriving then would kill the process by the signal (no exit code, to a program that
    waits for it), and it runs ``__del__`` methods of objects the interrupt left half-built.
    """
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(int(code))


def _exit_now(first: int) -> None:
    """The second signal: end the process with the first one's code, without a word (workers die with it)."""
    os._exit(int(SIGNALS.get(first, exits.Exit.INTERRUPTED)))


def _on_signal(signum, frame) -> None:
    global _first, _deferred, _again
    if _again:  # not a new signal: the first one, raised once more (see _swallowed)
        _again = False
    elif _first is not None:
        _exit_now(_first)
    else:
        _first = signum
    if _deferring:
        _deferred = _first
        return
    raise Interrupted(_first)


@contextlib.contextmanager
def deferred():
    """Within the block the first signal is only noted, and raised when the block ends.

    For code that must not be cut short, or that would swallow the exception: forking a worker runs
    the at-fork hooks (logging's, among others), where an exception is printed and ignored, and the
    run would go on as if nothing had been asked.  A second signal still ends the process at once.
    """
    global _deferring, _deferred
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
    if not _deferring and _deferred is not None:
        signum, _deferred = _deferred, None
        raise Interrupted(signum)


def _swallowed(unraisable, *, then=sys.__unraisablehook__) -> None:
    """``sys.unraisablehook``: an exception raised where Python can only print and ignore it.

    The signal handler runs wherever the main thread happens to be, and that may be a ``__del__``
    (Z3 frees its objects in them) or an at-fork hook; there the ``Interrupted`` would be printed as
    "Exception ignored" and the run would go on.  Instead the watcher is asked to raise it again a
    moment later, once the main thread is out of there, and nothing is printed.  After the first
    signal, other such errors are the interrupt's consequences and are not printed either.
    """
    global _again
    if _first is None:
        then(unraisable)
    elif isinstance(unraisable.exc_value, Interrupted):
        if _wakeup is not None:
            _again = True
            os.write(_wakeup, bytes([AGAIN]))
    # Any other: an object the interrupt cut off half-built, failing in its __del__ (Z3's do): not news.


def _thread_failed(args, *, then=threading.__excepthook__) -> None:
    """``threading.excepthook``: after a signal, another thread's failure is the interrupt's consequence
    (e.g. Python 3.11's process pool manager settling a future the shutdown had already cancelled)."""
    if received() is None:
        then(args)


def _interrupt_solvers() -> None:
    z3 = sys.modules.get("z3")
    if z3 is not None:
        # Z3_interrupt is thread-safe, but z3py then reads the context's error flag, which a call of the
        # main thread cut short may just have set: that error is the main thread's, and the watcher must live on.
        with contextlib.suppress(Exception):
            z3.main_ctx().interrupt()


def _watch(fd: int) -> None:
    """Read the signal numbers the C-level handler writes: interrupt Z3 on the first, end the process on the second.

    ``AGAIN`` (written by :func:`_swallowed`) asks for the first signal to be raised again in the
    main thread; that goes through the C-level handler too, and its echo is not a second signal.
    """
    global _heard
    first, echoes = None, 0
    with open(fd, "rb", buffering=0, closefd=True) as pipe:
        while data := pipe.read(64):
            for byte in data:
                if byte == AGAIN and first is not None:
                    time.sleep(AGAIN_AFTER_SECONDS)
                    echoes += 1
                    _thread.interrupt_main(first)
                elif byte not in SIGNALS:  # e.g. SIGALRM of a game's time limit
                    continue
                elif echoes:
                    echoes -= 1
                elif first is None:
                    first = _heard = byte
                    _interrupt_solvers()
                else:  # the main thread may be stuck in C code and never run its handler again
                    _exit_now(first)


def _solvers_catch_ctrl_c(on: bool) -> None:
    import z3

    z3.set_param("ctrl_c", on)


@contextlib.contextmanager
def handled():
    """SIGINT and SIGTERM handled as the module docstring says, for the duration of the block.

    Afterwards the process is left as it was, unless a signal arrived: then the quiet exit on a
    second one stays in force until the process ends.  Outside the main thread (signals cannot be
    set there) the block runs as it is.
    """
    global _first, _heard, _wakeup
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _first = _heard = None
    previous = {s: signal.getsignal(s) for s in SIGNALS}
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    old_wakeup = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
    _wakeup = write_end
    threading.Thread(target=_watch, args=(read_end,), name="interrupt-watcher", daemon=True).start()
    _solvers_catch_ctrl_c(False)
    previous_hook, previous_thread_hook = sys.unraisablehook, threading.excepthook
    sys.unraisablehook = functools.partial(_swallowed, then=previous_hook)
    threading.excepthook = functools.partial(_thread_failed, then=previous_thread_hook)
    for s in SIGNALS:
        signal.signal(s, _on_signal)
    try:
        yield
    finally:
        if received() is None:
            for s, handler in previous.items():
                signal.signal(s, handler)
            sys.unraisablehook, threading.excepthook = previous_hook, previous_thread_hook
            signal.set_wakeup_fd(old_wakeup)
            _wakeup = None
            os.close(write_end)  # the watcher reads the end of the pipe and stops
            _solvers_catch_ctrl_c(True)
