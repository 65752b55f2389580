"""The knock-out matrix: turn off one clause's handler, or one kind of work record's, play a bounded campaign, see what catches it.

A target is a clause that has a handler function, or a kind of work record of the ruleset's kernel
(its one handler: :mod:`oblivaeon_verify.knockout`).  :func:`run_one` knocks it out, plays checked
random games (every invariant after every step) until the first failing step or the budget runs
out, and records which invariants failed at that step, after how many games, steps and seconds.  A
model exception during legal play counts as caught by the harness, not by an invariant, and is
reported apart.  When random play catches nothing, corner-case scenarios are run with the target
knocked out: those that cite the clause, or for a record kind every scenario of the ruleset (a
scenario cites clauses, never record kinds, and any of them may pass through the kind's handler).
A scenario that then fails catches it (a hand-built position reaches what random play is too rare to).

A knocked-out handler that a budget game never calls cannot change that game: play is deterministic
and the knock-out only swaps the code of the functions it names.  So each process plays the budget's
games once as they are, noting which handlers each game called (:func:`baseline`), and a knock-out
skips a game that passed there and called none of its handlers, counting that game's steps as played.
Its row is the row of playing every game (``tests/test_knockout_skip.py`` compares the two); only its
seconds are fewer.  Most of the targets random play never reaches are skipped whole this way.
Game-independent: the ruleset object gives the catalogue, the model package, the kernel, the
invariant registry and (by its name) the scenario folder.
"""

from __future__ import annotations

import threading
import time
from dataclasses import asdict, dataclass, field
from types import CodeType

from oblivaeon_verify import handlers, interrupts, knockout
from oblivaeon_verify.checked_play import CheckTally, play_checked, properties

CLAUSE, HANDLER = "clause", "handler"
"""A row's ``target_type``: the target is a clause id, or the name of a kind of work record (its handler)."""
CRASH = "(model raised an exception)"
NO_REASON = "no invariant failed within the budget (no reason documented)"
GAME_LIMIT_SECONDS = 20.0
"""A knocked-out rule may leave the engine looping forever; a game that long is stopped and counts as a failure."""


@dataclass
class KnockoutResult:
    target: str
    """The clause id or the record kind knocked out."""
    target_type: str = CLAUSE
    """``clause`` or ``handler`` (a kind of work record, whose one handler was turned off)."""
    handlers: list[str] = field(default_factory=list)
    shared_with: list[str] = field(default_factory=list)
    caught_by: list[str] = field(default_factory=list)
    """Invariants that failed at the first failing step (CRASH if the model raised)."""
    message: str = ""
    games: int = 0
    """Games played up to and including the first failing one."""
    reached: int = 0
    """Of those games, how many call a knocked-out function when nothing is knocked out (the :func:`baseline`): 0 says
    random play never reached the rule within them."""
    differed: int = 0
    """Of those games that passed, how many went otherwise than with nothing knocked out (other decisions, another
    outcome, or another last state: a changed count of HP may leave every decision alike): a knock-out that changed
    play and that no check noticed."""
    steps: int = 0
    seconds: float = 0.0
    status: str = "uncaught"
    """``caught`` (an invariant failed), ``crashed`` (the model raised), ``scenario`` (only a scenario
    citing the clause, or for a record kind any scenario, failed), ``uncaught``."""
    replay: dict | None = None

    def to_json(self) -> dict:
        """The row; a clause's keeps its ``clause`` key (what rows had before record kinds could be knocked out)."""
        out = asdict(self)
        return {"clause": self.target, **out} if self.target_type == CLAUSE else out


def knockable(ruleset) -> list[str]:
    """Handled clauses with at least one handler function, in catalogue order."""
    pkg = ruleset.package
    declared = {c for h in knockout.handlers(pkg) for c in h.clauses}
    return [c.id for c in ruleset.catalogue.clauses if c.handled and c.id in declared]


def knockable_kinds(ruleset) -> list[str]:
    """Every kind of work record with a handler (each has exactly one), sorted by name."""
    return list(knockout.kinds(ruleset.kernel))


def target_type(ruleset, target: str) -> str:
    return CLAUSE if knockout.is_clause(ruleset, target) else HANDLER


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


@dataclass(frozen=True)
class BaselineGame:
    """One budget game played with nothing knocked out: whether it passed, its steps, the handlers it called, and
    how it went (its decisions, outcome and last state, to tell a knocked-out game that went otherwise)."""

    passed: bool
    steps: int
    called: frozenset[CodeType]
    went: tuple = ()


_BASELINES: dict[tuple, list[BaselineGame]] = {}
"""This process's baseline games so far, by ruleset, parameters, seed and player counts (game ``g`` is the same
game whatever the budget)."""
_BASELINES_LOCK = threading.Lock()


def _every_handler(ruleset) -> dict[CodeType, tuple]:
    """The code of every function a knock-out of ``ruleset`` can swap out: clause handlers and record-kind handlers."""
    fns = [h.function for h in knockout.handlers(ruleset.package)] + list(knockout.kinds(ruleset.kernel).values())
    return {fn.__code__: () for fn in fns}


def baseline(ruleset, params, seed: int, games: int, counts: tuple[int, ...]) -> tuple[BaselineGame, ...]:
    """The first ``games`` games as :func:`run_one` plays them, with nothing knocked out (each played once per process)."""
    with _BASELINES_LOCK:  # (a knock-out task runs alone in its process; a caller in threads might not)
        return _baseline(ruleset, params, seed, games, counts)


def _baseline(ruleset, params, seed: int, games: int, counts: tuple[int, ...]) -> tuple[BaselineGame, ...]:
    known = _BASELINES.setdefault((ruleset.name, params, seed, counts), [])
    if len(known) < games:
        codes = _every_handler(ruleset)
        for g in range(len(known), games):
            called: set[CodeType] = set()
            with handlers.on_calls(codes, lambda code, _clauses, into=called: into.add(code)):
                game = play_checked(ruleset, params, seed, counts[g % len(counts)], g, limit_seconds=GAME_LIMIT_SECONDS)
            known.append(BaselineGame(not game.failed, game.steps, frozenset(called), _went(game)))
    return tuple(known[:games])


def _went(game) -> tuple:
    """How a checked game went, to compare one knocked-out game with its baseline: its decisions, its outcome and the
    last state it reached (a value: equal states are equal whatever objects they hold)."""
    return (*game.chosen, game.outcome, game.last)


def run_one(ruleset, params, target: str, *, seed: int = 0, games: int = 12, players=None, skip_unreached: bool = True) -> KnockoutResult:
    """Knock out ``target`` (a clause id or a record kind) and play up to ``games`` checked games (cycling the player counts).

    ``skip_unreached``: skip a game that the :func:`baseline` says passed without calling the target's handlers (the
    row is the same either way; ``False`` plays every game)."""
    swapped = knockout.target_handlers(ruleset, target)
    res = KnockoutResult(
        target, target_type(ruleset, target), [h.name for h in swapped], list(knockout.target_shared_with(ruleset, target))
    )
    counts = tuple(players or ruleset.players)
    own = {h.function.__code__ for h in swapped}
    tally = CheckTally()
    start = time.perf_counter()
    for g in range(games):
        # game g's baseline, played (outside the knock-out) only when first needed: a target caught in its first
        # game costs one baseline game, not the budget's
        base = baseline(ruleset, params, seed, g + 1, counts)[g]
        res.reached += not own.isdisjoint(base.called)
        if skip_unreached and base.passed and own.isdisjoint(base.called):
            tally.steps += base.steps  # the same game, played already: it passed
            continue
        n = counts[g % len(counts)]
        with knockout.target_knocked_out(ruleset, target):
            game = play_checked(ruleset, params, seed, n, g, tally=tally, limit_seconds=GAME_LIMIT_SECONDS)
            res.differed += not game.failed and _went(game) != base.went
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
                res.replay = replay_of(ruleset, params, game, target)
                return res
    with knockout.target_knocked_out(ruleset, target):
        failing = _failing_scenarios(ruleset.name, target if res.target_type == CLAUSE else None)
    res.games, res.steps, res.seconds = games, tally.steps, round(time.perf_counter() - start, 3)
    if failing:
        res.status, res.caught_by = "scenario", [sc for sc, _ in failing]
        res.message = f"scenario {failing[0][0]}: {failing[0][1]}"
    return res


def _failing_scenarios(ruleset_name: str, clause: str | None) -> list[tuple[str, str]]:
    """(id, verdict) of each scenario citing ``clause`` that fails as the model now is; for a record kind's knock-out
    (``clause`` None), which no scenario cites, the first scenario in the suite's order that fails (one is proof
    enough, and running all of them for every kind would double the knock-out section's time)."""
    from oblivaeon_verify import scenarios

    vocab = scenarios.vocabulary(ruleset_name)
    if vocab is None:
        return []
    out = []
    for sc in scenarios.load_suite(ruleset_name).scenarios:
        if clause is not None and clause not in sc.clauses:
            continue
        try:
            run = scenarios.run(sc, vocab)
        except Exception as e:  # the knocked-out model raised inside the scenario: that is a failure too
            out.append((sc.id, f"the model raised {type(e).__name__}: {e}"))
            if clause is None:
                break
            continue
        if not run.passed:
            out.append((sc.id, str(run.verdict)))
        if out and clause is None:
            break
    return out


def replay_of(ruleset, params, game, target: str | None) -> dict:
    from oblivaeon_verify import replay

    return replay.from_game(ruleset, params, game, knockout=target)


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


def reason(ruleset, row: dict) -> str:
    """Why the row's target may go uncaught, as the properties say (clauses and record kinds each have their table), else NO_REASON."""
    props = properties(ruleset)
    reasons = props.UNGUARDED_REASONS if row["target_type"] == CLAUSE else props.UNGUARDED_KIND_REASONS
    return reasons.get(row["target"], NO_REASON)


def _named(row: dict) -> dict:
    """What a summary entry names: the target and its type, and a clause's ``clause`` key as before."""
    out = {"target": row["target"], "target_type": row["target_type"]}
    return {"clause": row["target"], **out} if row["target_type"] == CLAUSE else out


def _reach(row: dict) -> dict:
    return {"games": row["games"], "reached": row["reached"], "differed": row["differed"]}


def ran_in(entry: dict) -> str:
    """In words, whether play called a target's knocked-out functions: never is out of random play's reach; called
    and left uncaught, the rule either changed nothing in those games (a handler that tests a condition first) or went
    unnoticed."""
    if entry["reached"] == 0:
        return f"play never called it in the {entry['games']:,} games"
    said = f"play called it in {entry['reached']:,} of the {entry['games']:,} games"
    if entry["differed"] == 0:
        return f"{said}, and each went on as with nothing knocked out"
    return f"{said}, and {entry['differed']:,} of them went otherwise with no invariant failing"


def summary(ruleset, rows: list[dict]) -> dict:
    """Counts and the share caught, over every row and by target type; uncaught targets with the reason the properties give."""
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
        "only_by_scenario": [{**_named(r), **_reach(r), "scenarios": r["caught_by"], "reason": reason(ruleset, r)} for r in by_scenario],
        "uncaught": [{**_named(r), **_reach(r), "reason": reason(ruleset, r)} for r in uncaught],
        "share_caught": round((len(caught) + len(crashed) + len(by_scenario)) / n, 3),
        "share_caught_by_invariant": round(len(caught) / n, 3),
        "not_knockable": [{"clause": c, "reason": why} for c, why in not_knockable(ruleset)],
        "by_target_type": {t: _counts([r for r in rows if r["target_type"] == t]) for t in (CLAUSE, HANDLER)},
    }


def _counts(rows: list[dict]) -> dict:
    """How many of one target type were knocked out, and how many of those each way caught."""
    by = {status: sum(1 for r in rows if r["status"] == status) for status in ("caught", "crashed", "scenario", "uncaught")}
    return {
        "knocked_out": len(rows),
        "caught": by["caught"] + by["crashed"] + by["scenario"],
        "caught_by_invariant": by["caught"],
        "caught_by_crash": by["crashed"],
        "caught_by_scenario": by["scenario"],
        "uncaught": by["uncaught"],
    }
