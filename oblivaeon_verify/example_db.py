"""Hypothesis' example database: a directory, or a Redis server that several machines share.

``--hypothesis-db`` (``check``) and the environment variable :data:`ENV` (the test suite's profiles,
``tests/conftest.py``) take one address:

* a folder (default :data:`DEFAULT`): Hypothesis' ``DirectoryBasedExampleDatabase``;
* ``redis://HOST:PORT`` or ``redis://HOST:PORT/DB``: Hypothesis' ``RedisExampleDatabase`` (the
  ``redis`` client package; install ``oblivaeon-verify[cluster]``), for machines that share it;
* ``none``: no database.

Only failing examples are kept (:class:`FailuresOnly`): Hypothesis would also keep the best examples
of each ``target`` and the examples shrunk away, and replay them in the next run, so that a passing
run's figures would depend on the runs before it.  A failure, by contrast, is replayed first by the
next run that shares the database, on whatever machine.

Generation stays tied to the seed: Hypothesis turns the database off for a seeded test (``@seed``,
``derandomize``), so :func:`seeded` gives the test its seed the way ``@seed`` does, minus that.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from typing import Any

from oblivaeon_verify.model.common.files import InputError

ENV = "OBLIVAEON_VERIFY_HYPOTHESIS_DB"
DEFAULT = ".hypothesis/examples"
"""Hypothesis' own default folder (kept out of git)."""
NONE = "none"
CONNECT_SECONDS = 5.0
_REDIS = re.compile(r"redis://(?P<host>[A-Za-z0-9.\-]{1,253}|\[[0-9A-Fa-f:]{2,39}\]):(?P<port>[0-9]{1,5})(?:/(?P<db>[0-9]{1,2}))?/?")
KEPT_APART = (b".secondary", b".pareto")
"""The sub-keys Hypothesis keeps beside a test's failures (shrunk-away examples; the best of each target)."""


class DatabaseError(InputError):
    """An example database address that cannot be used: one line naming it and what was expected."""


def spec(given: str | None) -> str:
    """The address in force: ``given``, else the environment variable, else :data:`DEFAULT`."""
    return given or os.environ.get(ENV) or DEFAULT


def check(text: str, option: str = "--hypothesis-db") -> str:
    """``text`` if it is an address this module can open (a Redis address is asked to answer), else a DatabaseError."""
    if text == NONE:
        return text
    if text.startswith("redis:") or "://" in text:
        m = _REDIS.fullmatch(text)
        if not m or not 1 <= int(m["port"]) <= 65535 or (m["db"] is not None and int(m["db"]) > 15):
            raise DatabaseError(
                f"{option} {text[:80]!r}: expected redis://HOST:PORT or redis://HOST:PORT/DB (port 1-65535, DB 0-15), a folder, or {NONE!r}"
            )
        _redis_client(text, option).ping()
        return text
    if os.path.exists(text) and not os.path.isdir(text):
        raise DatabaseError(f"{option} {text[:80]!r}: not a folder (expected a folder, redis://HOST:PORT/DB or {NONE!r})")
    return text


def _redis_client(text: str, option: str):
    try:
        import redis
    except ImportError:
        raise DatabaseError(f"{option} {text}: the redis client is not installed (pip install 'oblivaeon-verify[cluster]')") from None
    m = _REDIS.fullmatch(text)
    client = redis.Redis(
        host=m["host"].strip("[]"),
        port=int(m["port"]),
        db=int(m["db"] or 0),
        socket_connect_timeout=CONNECT_SECONDS,
        socket_timeout=CONNECT_SECONDS,
    )
    original = client.ping

    def ping():
        try:
            return original()
        except redis.exceptions.RedisError as e:
            raise DatabaseError(f"{option} {text}: no Redis server answers there ({type(e).__name__}: {e})") from None

    client.ping = ping
    return client


def open_database(text: str | None, *, namespace: str):
    """The Hypothesis database at ``text`` (None or ``none``: no database), its keys under ``namespace``."""
    if text is None or text == NONE:
        return None
    if text.startswith("redis:"):
        from hypothesis.extra.redis import RedisExampleDatabase

        inner = RedisExampleDatabase(_redis_client(text, "--hypothesis-db"), key_prefix=b"oblivaeon-verify:")
    else:
        from hypothesis.database import DirectoryBasedExampleDatabase

        inner = DirectoryBasedExampleDatabase(os.path.abspath(text))  # (a test or task that changes folder keeps it)
    return failures_only(inner, namespace)


def failures_only(inner, namespace: str):
    """``inner`` keeping a test's failing examples only, under ``namespace`` (a ruleset's machine and another's never mix)."""
    from hypothesis.database import ExampleDatabase

    class FailuresOnly(ExampleDatabase):
        def __init__(self) -> None:
            super().__init__()
            self.inner = inner
            self.prefix = namespace.encode() + b":"

        def __repr__(self) -> str:
            return f"FailuresOnly({self.inner!r}, {namespace!r})"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, FailuresOnly) and other.inner == self.inner and other.prefix == self.prefix

        __hash__ = None

        def _kept(self, key: bytes) -> bytes | None:
            return None if key.endswith(KEPT_APART) else self.prefix + key

        def save(self, key: bytes, value: bytes) -> None:
            if (k := self._kept(key)) is not None:
                self.inner.save(k, value)

        def fetch(self, key: bytes) -> Iterator[bytes]:
            if (k := self._kept(key)) is not None:
                yield from self.inner.fetch(k)

        def delete(self, key: bytes, value: bytes) -> None:
            if (k := self._kept(key)) is not None:
                self.inner.delete(k, value)

        def move(self, src: bytes, dest: bytes, value: bytes) -> None:
            # A failure that no longer fails is moved to the secondary key: that is, forgotten.
            self.delete(src, value)
            self.save(dest, value)

    return FailuresOnly()


@contextlib.contextmanager
def seeded(machine: Any, seed: int):
    """Run ``machine`` (a state machine class) with ``seed`` and the database still on.

    Hypothesis' ``@seed`` sets the same attribute and, besides, turns the database off (a seed is for
    reproducing a failure, it says); here both are wanted: the examples the seed gives, after the
    failures the database holds.  Hypothesis reads the attribute when the state-machine test is built.
    """
    name = "_hypothesis_internal_use_seed"
    own = machine.__dict__.get(name, _ABSENT)
    setattr(machine, name, seed)
    try:
        yield
    finally:
        if own is _ABSENT:
            delattr(machine, name)
        else:
            setattr(machine, name, own)


_ABSENT = object()


def derandomized(test: Any) -> None:
    """Give a ``@given`` test the seed ``derandomize=True`` would give it (a digest of the test), the database kept.

    The test suite's ``ci`` profile keeps a database, which ``derandomize`` would turn off; each test
    still draws the same examples on every run and machine (after the failures the database holds).
    """
    from hypothesis.internal.reflection import function_digest

    inner = test.hypothesis.inner_test
    if getattr(test, "_hypothesis_internal_use_seed", None) is None:
        test._hypothesis_internal_use_seed = int.from_bytes(function_digest(inner), "big")
