"""The knock-out matrix: turn off one clause's handler, play a bounded campaign, see what catches it.

For each clause that has a handler function, :func:`run_one` knocks it out
(:mod:`oblivaeon_verify.knockout`), plays checked random games (every invariant after every step)
until the first failing step or the budget runs out, and records which invariants failed at
that step, after how many games, steps and seconds.  A model exception during legal play counts
as caught by the harness, not by an invariant, and is reported apart.  When random play catches
nothing, the corner-case scenarios that cite the clause are run with it knocked out: a scenario
that then fails catches it (a hand-built position reaches what random play is too rare to).
Game-independent: the ruleset object gives the catalogue, the model package, the invariant
registry and (by its name) the scenario folder.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

from oblivaeon_verify import interrupts, knockout
from oblivaeon_verify.checked_play import CheckTally, play_checked, properties

CRASH = "(model raised an exception)"
NO_REASON = "no invariant failed within the budget (no reason documented)"
GAME_LIMIT_SECONDS = 20.0
"""A knocked-out rule may leave the engine looping forever; a game that long is stopped and counts as a failure."""


@dataclass
class KnockoutResult:
    clause: str
    handlers: list[str] = field(default_factory=list)
    shared_with: list[str] = field(default_factory=list)
    caught_by: list[str] = field(default_factory=list)
    """Invariants that failed at the first failing step (CRASH if the model raised)."""
    message: str = ""
    games: int = 0
    """Games played up to and including the first failing one."""
    steps: int = 0
    seconds: float = 0.0
    status: str = "uncaught"
    """``caught`` (an invariant failed), ``crashed`` (the model raised), ``scenario`` (only a scenario
    citing the clause failed), ``uncaught``."""
    replay: dict | None = None

    def to_json(self) -> dict:
        return asdict(self)


def knockable(ruleset) -> list[str]:
    """Handled clauses with at least one handler function, in catalogue order."""
    pkg = ruleset.package
    declared = {c for h in knockout.handlers(pkg) for c in h.clauses}
    return [c.id for c in ruleset.catalogue.clauses if c.handled and c.id in declared]


def not_knockable(ruleset) -> list[tuple[str, str]]:
    """Handled clauses a knock-out cannot reach, with the reason."""
    pkg = ruleset.package
    declared = {c for h in knockout.handlers(pkg) for c in h.clauses}
    out = []
    for c in ruleset.catalogue.clauses:
        if not c.handled or c.id in declared:
            continue
        impls = ruleset.catalogue.implemented_by(c.id)
        why = "implemented as data (a chart or table), no function to switch off" if impls else "no implementation"
        out.append((c.id, why))
    return out


def run_one(ruleset, params, clause: str, *, seed: int = 0, games: int = 12, players=None) -> KnockoutResult:
    """Knock out ``clause`` and play up to ``games`` checked games (cycling the player counts)."""
    pkg = ruleset.package
    res = KnockoutResult(
        clause,
        [h.name for h in knockout.handlers_of(pkg, clause)],
        list(knockout.shared_with(pkg, clause)),
    )
    counts = list(players or ruleset.players)
    tally = CheckTally()
    start = time.perf_counter()
    with knockout.knocked_out(pkg, clause):
        for g in range(games):
            n = counts[g % len(counts)]
            game = play_checked(ruleset, params, seed, n, g, tally=tally, limit_seconds=GAME_LIMIT_SECONDS)
            if game.failed:
                res.games = g + 1
                res.steps = tally.steps
                res.seconds = round(time.perf_counter() - start, 3)
                if game.error:
                    res.status, res.caught_by, res.message = "crashed", [CRASH], game.error
                else:
                    res.status = "caught"
                    res.caught_by = sorted({v.invariant for v in game.violations})
                    res.message = str(game.violations[0])
                res.replay = replay_of(ruleset, params, game, clause)
                return res
        failing = _failing_scenarios(ruleset.name, clause)
    res.games, res.steps, res.seconds = games, tally.steps, round(time.perf_counter() - start, 3)
    if failing:
        res.status, res.caught_by = "scenario", [sc for sc, _ in failing]
        res.message = f"scenario {failing[0][0]}: {failing[0][1]}"
    return res


def _failing_scenarios(ruleset_name: str, clause: str) -> list[tuple[str, str]]:
    """(id, verdict) of each scenario citing ``clause`` that fails as the model now is."""
    from oblivaeon_verify import scenarios

    vocab = scenarios.vocabulary(ruleset_name)
    if vocab is None:
        return []
    out = []
    for sc in scenarios.load_suite(ruleset_name).scenarios:
        if clause not in sc.clauses:
            continue
        try:
            run = scenarios.run(sc, vocab)
        except Exception as e:  # the knocked-out model raised inside the scenario: that is a failure too
            out.append((sc.id, f"the model raised {type(e).__name__}: {e}"))
            continue
        if not run.passed:
            out.append((sc.id, str(run.verdict)))
    return out


def replay_of(ruleset, params, game, clause: str | None) -> dict:
    from oblivaeon_verify import replay

    return replay.from_game(ruleset, params, game, knockout=clause)


def rows(pairs, total: int, progress=None) -> list[dict]:
    """The knock-out rows of (task, result) pairs, in order; an interrupt says how many were done."""
    from oblivaeon_verify.campaign import interrupts_close

    out: list[dict] = []
    try:
        for _task, row in pairs:
            out.append(row)
            if progress:
                progress(len(out), total)
    except KeyboardInterrupt as e:
        interrupts_close(pairs)
        raise interrupts.stopped(e, done=f"{len(out)} of {total} knock-outs") from None
    return out


def summary(ruleset, rows: list[dict]) -> dict:
    """Counts and the share caught; uncaught clauses with the reason the properties module gives."""
    props = properties(ruleset)
    reasons = props.UNGUARDED_REASONS
    caught = [r for r in rows if r["status"] == "caught"]
    crashed = [r for r in rows if r["status"] == "crashed"]
    by_scenario = [r for r in rows if r["status"] == "scenario"]
    uncaught = [r for r in rows if r["status"] == "uncaught"]
    n = len(rows) or 1
    return {
        "knocked_out": len(rows),
        "caught_by_invariant": len(caught),
        "caught_by_crash": len(crashed),
        "caught_by_scenario": len(by_scenario),
        "only_by_scenario": [
            {"clause": r["clause"], "scenarios": r["caught_by"], "reason": reasons.get(r["clause"], NO_REASON)} for r in by_scenario
        ],
        "uncaught": [{"clause": r["clause"], "reason": reasons.get(r["clause"], NO_REASON)} for r in uncaught],
        "share_caught": round((len(caught) + len(crashed) + len(by_scenario)) / n, 3),
        "share_caught_by_invariant": round(len(caught) / n, 3),
        "not_knockable": [{"clause": c, "reason": why} for c, why in not_knockable(ruleset)],
    }
