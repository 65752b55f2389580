"""Hypothesis profiles: a quick default, ``ci`` and a long ``thorough`` (HYPOTHESIS_PROFILE picks one).

Every profile keeps an example database (``OBLIVAEON_VERIFY_HYPOTHESIS_DB``: a folder or
``redis://HOST:PORT/DB``; default ``.hypothesis/examples``), holding failing examples only
(:mod:`oblivaeon_verify.example_db`): a failure found by one run, on any machine sharing the
database, is replayed first by the next.  The ``ci`` profile draws the same examples on every run,
as ``derandomize`` would, without turning the database off (``pytest_collection_modifyitems``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from oblivaeon_verify import example_db

DATABASE = example_db.open_database(example_db.check(example_db.spec(None), example_db.ENV), namespace="tests")
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default")
MACHINE_SEED = 2026
"""The ``ci`` profile's seed for the state machines that tests run directly (``run_state_machine_as_test``)."""

settings.register_profile("default", max_examples=25, deadline=None, database=DATABASE)
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=DATABASE)
settings.register_profile("thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=DATABASE)
settings.load_profile(PROFILE)


def pytest_collection_modifyitems(items) -> None:
    """The campaigns are marked (``tests/tiers.py``); under ``ci`` every Hypothesis test (and state machine)
    draws fixed examples, and keeps the database."""
    from tests.tiers import is_campaign

    for item in items:
        if is_campaign(item.nodeid):
            item.add_marker(pytest.mark.campaign)
    first_campaigns(items)
    if PROFILE != "ci":
        return
    from oblivaeon_verify.properties.common.machine import ModelMachine

    ModelMachine._hypothesis_internal_use_seed = MACHINE_SEED  # read by Hypothesis as @seed's, the database left on
    for item in items:
        test = getattr(item, "obj", None)
        if getattr(test, "is_hypothesis_test", False):
            example_db.derandomized(test)


def first_campaigns(items) -> None:
    """The modules holding campaigns run first, each module's tests together and in their order: the quick tests
    come last, so neither xdist worker is left running a long campaign alone at the end (``--dist worksteal``,
    in ``pyproject.toml``, gives each worker a run of neighbouring tests, so a module's fixtures are mostly made once)."""
    slow = {item.nodeid.partition("::")[0] for item in items if item.get_closest_marker("campaign")}
    items.sort(key=lambda item: item.nodeid.partition("::")[0] not in slow)  # (a stable sort)


def pytest_sessionstart(session) -> None:
    """Clear the fuzz tallies of an earlier session (in the controller, or a run without xdist)."""
    from tests.fuzz.budget import TALLY_DIR

    if not hasattr(session.config, "workerinput"):
        import shutil

        shutil.rmtree(TALLY_DIR, ignore_errors=True)


def pytest_terminal_summary(terminalreporter) -> None:
    """What became of the fuzz inputs of this session, per loader (see tests/fuzz/budget.py)."""
    import json
    from collections import Counter

    from tests.fuzz.budget import PROFILE, TALLY_DIR

    if not TALLY_DIR.is_dir():
        return
    totals: dict[str, Counter] = {}
    for f in sorted(TALLY_DIR.glob("*.json")):
        totals.setdefault(f.stem.rsplit("-", 1)[0], Counter()).update(json.loads(f.read_text()))
    if totals:
        terminalreporter.section(f"fuzz inputs (profile {PROFILE})")
        for loader, c in sorted(totals.items()):
            parts = ", ".join(f"{n:,} {k}" for k, n in sorted(c.items()))
            terminalreporter.write_line(f"{loader}: {sum(c.values()):,} inputs: {parts}")


@dataclass(frozen=True)
class Ran:
    """A command run once for the session (:func:`ran_once`): its exit code, what it printed, and its output folder."""

    code: int
    out: str
    err: str
    folder: Path


@pytest.fixture(scope="session")
def ran_once(tmp_path_factory, worker_id):
    """``ran_once(*argv)``: the command ``argv`` run in a process of this session once, with ``--out FOLDER`` added,
    for every test that only reads what it printed and wrote (the folder is shared: read it, never write it).

    Under xdist the first worker to ask runs it while the others wait on a file lock, as pytest-xdist's
    documentation describes; each test still asserts its own facts of the one run.
    """
    import fcntl
    import hashlib

    root = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    root = root / "ran-once"
    root.mkdir(exist_ok=True)

    def once(*argv: str) -> Ran:
        folder = root / hashlib.sha256(json.dumps(argv).encode()).hexdigest()[:16]
        with open(f"{folder}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            done = folder / "ran.json"
            folder.mkdir(exist_ok=True)
            if not done.is_file():
                from oblivaeon_verify.cli import main

                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    code = main([*argv, "--out", str(folder / "out")])
                done.write_text(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue()}))
            said = json.loads(done.read_text())
        return Ran(said["code"], said["out"], said["err"], folder / "out")

    return once
