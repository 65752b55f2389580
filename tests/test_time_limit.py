"""The per-game time limit in a thread leaves the interpreter as it found it.

A Dask worker plays its games in threads, where the limit is an asynchronous exception set by a
timer (``checked_play._async_limit``).  Withdrawing one with ``PyThreadState_SetAsyncExc(id, NULL)``
leaves CPython 3.11's interpreter-wide "async exception pending" signal set, and a function called
afterwards under ``sys.settrace`` (``handlers.Acting`` sees which rules ran that way) loops on its
first instruction for ever.  The check runs in a child process so that the old behaviour is a
failed assertion, not a hung suite; on 3.12 and later the interpreter no longer has the flaw.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import sys, threading
    from oblivaeon_verify import checked_play

    def expires():
        try:
            with checked_play.time_limit(0.05):
                while True:
                    pass
        except checked_play.GameHung:
            print("hung caught")

    def ends_in_time():
        with checked_play.time_limit(30):
            pass
        print("ended in time")

    for game in (expires, ends_in_time):
        t = threading.Thread(target=game)
        t.start()
        t.join()

    def traced():
        return "traced call returned"

    sys.settrace(lambda frame, event, arg: None)
    print(traced())
    """
)


def test_after_games_in_a_thread_a_traced_call_still_returns():
    try:
        done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        raise AssertionError("a traced call after a time-limited game in a thread never returned") from None
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["hung caught", "ended in time", "traced call returned"], done.stdout
