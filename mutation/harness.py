"""The test command of a mutation run: the scenarios, conformance and the invariant campaign of one ruleset, no unit tests.

``python -m mutation.harness RULESET`` (from the folder holding the model to test) runs, in this order, and stops at the first failure:
the ruleset's scenario files (``scenarios/RULESET/*.toml``), the conformance checks of the main job at every
state of one game per player count (among them: the state's JSON copy plays on alike), the checked random
campaign of the ``ci`` profile of ``oblivaeon-verify check`` (every invariant after every step) and its
Hypothesis state machine.  Exit 0: the mutant survived (nothing failed); exit 1: it was killed.  The last line
says what killed it and after how many seconds (the time to the first failure the mutation report
quotes).  The point is to measure what the harness catches, so the unit tests are not run.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

START = time.perf_counter()

MEMORY_LIMIT = 4 << 30
"""Bytes of address space the harness may take (a healthy run takes well under one GiB): a mutant that allocates
without end (sample 14 of OblivAeon drew cards for the last seat forever) fails with a MemoryError here, a kill like
any other, instead of filling the machine until the per-mutant timeout."""


def limit_memory(limit: int = MEMORY_LIMIT) -> None:
    """Cap this process's address space at ``limit`` bytes (never above a cap it already has)."""
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


def use_this_tree() -> None:
    """Test the model in the folder this runs in (Cosmic Ray's work folder, where it mutated the model), not the
    checkout the project is installed from: with an editable install ``oblivaeon_verify.model`` would otherwise come
    from there, and every mutant would survive."""
    from tests.trees import use_tree

    use_tree(str(Path.cwd()))


def killed(what: str) -> int:
    print(f"KILLED after {time.perf_counter() - START:.2f} s by {what}", flush=True)
    return 1


def main(ruleset_name: str) -> int:
    from oblivaeon_verify.checked_play import play_checked
    from oblivaeon_verify.commands.check import PROFILES
    from oblivaeon_verify.play import play_game
    from oblivaeon_verify.rulesets import load
    from oblivaeon_verify.scenarios import load_one, run, vocabulary
    from oblivaeon_verify.tasks import MachineExamples

    vocab = vocabulary(ruleset_name)
    for f in sorted(Path("scenarios", ruleset_name).glob("*.toml")):
        try:
            result = run(load_one(f, vocab), vocab)
        except Exception as e:  # a mutant may make a scenario's setup raise: that is a failure too
            return killed(f"scenario {f.stem} ({type(e).__name__})")
        if not result.passed:  # (what failed, in a few words: the report counts kills by what precedes the colon)
            failure = result.divergence.failure if result.divergence is not None else ""
            return killed(f"scenario {f.stem}: {result.verdict}" + (f" ({failure.splitlines()[0][:100]})" if failure else ""))
    ruleset = load(ruleset_name)
    params = ruleset.load_parameters(None, ())
    for n in ruleset.players:  # the main job's conformance: every state, and its JSON copy playing on alike
        game = play_game(ruleset, params, 0, n, 0, conformance=True)
        if game.error:
            return killed(f"conformance ({n} players, game 0): {game.error.splitlines()[0][:120]}")
    games, examples, steps = PROFILES["ci"]
    for n in ruleset.players:
        for i in range(games):
            game = play_checked(ruleset, params, 0, n, i)
            if game.failed:
                what = game.violations[0].invariant if game.violations else f"a model error ({game.error.split(':')[0]})"
                return killed(f"checked play ({n} players, game {i}): {what}")
    machine = MachineExamples(
        ruleset_name, 0, 0, examples, steps, database=None
    ).run()  # no example database: a mutant's failures must not be replayed against the next
    if machine["failure"]:
        return killed("the Hypothesis state machine: " + machine["failure"].splitlines()[0][:120])
    print(f"SURVIVED after {time.perf_counter() - START:.2f} s", flush=True)
    return 0


if __name__ == "__main__":
    limit_memory()
    use_this_tree()
    sys.exit(main(sys.argv[1]))
