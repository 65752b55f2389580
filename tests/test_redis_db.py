"""The shared example database on a real Redis server (Debian's ``redis-server``; ``.ci/run`` installs it).

The server is started on a free loopback port, with nothing saved to disk, and stopped after.  A
failing example found by one Hypothesis run is replayed by the next run that opens the same address
(a fresh database object, as on another machine), with generation turned off: only the database can
have given it.  Without the server the test is skipped, except under ``CI``, where it fails.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time

import pytest
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st

from oblivaeon_verify import example_db

SERVER = shutil.which("redis-server")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def redis_address():
    if SERVER is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed, and CI is set: .ci/run installs it (apt-get install redis-server)")
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server; .ci/run installs it)")
    pytest.importorskip("redis", reason="the redis client is not installed (pip install -e '.[dev]')")
    port = _free_port()
    proc = subprocess.Popen(
        [SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    address = f"redis://127.0.0.1:{port}/0"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                example_db.check(address)
                break
            except example_db.DatabaseError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    pytest.fail(f"redis-server did not answer on port {port}")
                time.sleep(0.1)
        yield address
    finally:
        proc.terminate()
        proc.wait(10)


def _run(address: str, phases, seen: list[int], namespace: str = "redis-test") -> str | None:
    """One Hypothesis run of a property failing from 1000 up, its database at ``address``: the failure, or None."""

    @settings(database=example_db.open_database(address, namespace=namespace), phases=phases, max_examples=500, deadline=None)
    @given(st.integers(0, 10**6))
    @example(0)  # (a run with generation off still runs a case, instead of being skipped)
    def below_a_thousand(n: int) -> None:
        seen.append(n)
        assert n < 1000, f"{n} is not below a thousand"

    try:
        below_a_thousand()
    except AssertionError as e:
        return str(e)
    return None


def test_a_failure_found_by_one_run_is_replayed_first_by_the_next_through_redis(redis_address):
    replay_only = [Phase.explicit, Phase.reuse]
    assert _run(redis_address, replay_only, []) is None, "an empty database replays nothing"
    first = _run(redis_address, list(Phase), [])
    assert first is not None and "1000 is not below a thousand" in first, first
    seen: list[int] = []
    again = _run(redis_address, replay_only, seen)  # generation off: only the database can give the failure
    assert again is not None and "1000 is not below a thousand" in again
    assert seen[:2] == [0, 1000], "the shrunk failure is the first example tried after the explicit one"


def test_another_namespace_on_the_same_server_does_not_replay_the_failure(redis_address):
    assert _run(redis_address, list(Phase), [], namespace="ruleset a") is not None
    assert _run(redis_address, [Phase.explicit, Phase.reuse], [], namespace="ruleset a") is not None
    assert _run(redis_address, [Phase.explicit, Phase.reuse], [], namespace="ruleset b") is None


def test_a_redis_address_where_no_server_answers_is_one_line():
    with pytest.raises(example_db.DatabaseError) as e:
        example_db.check(f"redis://127.0.0.1:{_free_port()}/0")
    assert "no Redis server answers there" in str(e.value) and "\n" not in str(e.value)
