"""Campaigns of random games: chunks of games as tasks (:class:`oblivaeon_verify.tasks.Games`), merged in task order, whatever ran them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from oblivaeon_verify import interrupts
from oblivaeon_verify.play import Tally
from oblivaeon_verify.properties.common.census import merge as census_merge
from oblivaeon_verify.tasks import Games, tally_of
from oblivaeon_verify.words import count


@dataclass
class CampaignResult:
    seed: int
    tallies: dict[int, Tally] = field(default_factory=dict)
    fired: Counter = field(default_factory=Counter)
    census: dict | None = None
    """What each target description picked (``properties.common.census``), when the games took a census."""

    @property
    def total(self) -> Tally:
        t = Tally()
        for n in sorted(self.tallies):
            t.add(self.tallies[n])
        t.errors.sort(key=lambda e: (e["players"], e["game"]))
        return t


def chunks(players: list[int], first: int, games: int, chunk: int) -> Iterator[tuple[int, int, int]]:
    """(player count, first game, games) of each job, player count by player count, generated as needed."""
    for p in players:
        for s in range(first, first + games, chunk):
            yield p, s, min(chunk, first + games - s)


CHUNK = 20
"""Games per task: enough to outweigh a task's overhead (a Dask task costs milliseconds), few enough to spread."""


def tasks(
    ruleset_name: str,
    params,
    seed: int,
    players: list[int],
    games: int,
    *,
    first: int = 0,
    conformance: bool = False,
    handler_counts: bool = False,
    census: bool = False,
    chunk: int = CHUNK,
) -> Iterator[Games]:
    """The campaign's tasks, generated as needed (a billion games cost no memory up front)."""
    for p, s, n in chunks(players, first, games, chunk):
        yield Games(ruleset_name, params, seed, p, s, n, conformance, handler_counts, census)


def merged(seed: int, players: list[int], pairs, *, total: int = 0, progress: Callable[[int, int], None] | None = None) -> CampaignResult:
    """The result of one campaign's (task, result) pairs, merged in task order as they come.

    An interrupt while waiting for the next result says how many games were done.
    """
    result = CampaignResult(seed, {p: Tally() for p in players})
    done = errors = 0
    try:
        for task, doc in pairs:
            result.tallies.setdefault(task.players, Tally()).add(tally_of(doc["tally"]))
            result.fired.update(doc["fired"])
            if "census" in doc:
                result.census = census_merge([result.census or {"sites": {}}, doc["census"]])
            done += task.count
            errors += len(doc["tally"]["errors"])
            if progress:
                progress(done, total)
    except KeyboardInterrupt as e:
        interrupts_close(pairs)
        raise interrupts.stopped(e, done=games_done(done, total, errors)) from None
    for t in result.tallies.values():
        t.errors.sort(key=lambda e: e["game"])
    return result


def interrupts_close(pairs) -> None:
    """End the backend behind ``pairs`` now (its workers, or its futures on a cluster), not when it is collected."""
    close = getattr(pairs, "close", None)
    if close is not None:
        close()


def run(
    ruleset_name: str,
    seed: int,
    players: list[int],
    games: int,
    *,
    first: int = 0,
    params_path=None,
    param_pairs=(),
    conformance: bool = False,
    handler_counts: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    chunk: int = CHUNK,
    progress: Callable[[int, int], None] | None = None,
) -> CampaignResult:
    """``games`` games per player count, in chunks of ``chunk`` run on the backend (local pool or Dask), merged in task order."""
    from oblivaeon_verify import plans, rulesets

    params = rulesets.load(ruleset_name).load_parameters(params_path, tuple(param_pairs))
    todo = tasks(
        ruleset_name, params, seed, players, games, first=first, conformance=conformance, handler_counts=handler_counts, chunk=chunk
    )
    jobs = len(players) * -(-games // chunk)
    done = plans.pairs(todo, scheduler=scheduler, workers=workers, jobs=jobs)
    return merged(seed, players, done, total=games * len(players), progress=progress)


def games_done(done: int, total: int, errors: int) -> str:
    """What a campaign had done when it was interrupted, for the summary line."""
    return f"{done:,} of {count(total, 'game')} ({count(errors, 'error')} so far)"


def merge(*results: CampaignResult) -> CampaignResult:
    """One result from several campaigns over different games of the same seed."""
    out = CampaignResult(results[0].seed)
    for r in results:
        for n, t in sorted(r.tallies.items()):
            out.tallies.setdefault(n, Tally()).add(t)
        out.fired.update(r.fired)
    taken = [r.census for r in results if r.census is not None]
    out.census = census_merge(taken) if taken else None
    for t in out.tallies.values():
        t.errors.sort(key=lambda e: e["game"])
    return out


def summary(ruleset, result: CampaignResult, players: int | None = None) -> dict:
    """The JSON summary of a campaign: deterministic for a seed, timing figures kept under ``timing``."""
    t = result.tallies[players] if players is not None else result.total
    return {
        "ruleset": ruleset.name,
        "seed": result.seed,
        "players": players if players is not None else sorted(result.tallies),
        "games": t.games,
        "rounds": t.rounds,
        "decisions": t.decisions,
        "chance_decisions": t.chance_decisions,
        "outcomes": dict(sorted(t.outcomes.items())),
        "reasons": dict(sorted(t.reasons.items())),
        "errors": t.errors,
        "clause_events": dict(sorted(t.event_clauses.items())),
        "timing": throughput(t),
    }


def throughput(t: Tally) -> dict:
    secs = t.seconds or 1e-9
    return {
        "seconds_in_games": round(t.seconds, 3),
        "decisions_per_second": round(t.decisions / secs, 1),
        "rounds_per_second": round(t.rounds / secs, 1),
        "note": "per core: each game runs in one process; seconds are summed over games",
    }


def clause_coverage(ruleset, result: CampaignResult) -> list[dict]:
    """Per clause: events that cite it, handler calls (if counted), and whether it was reached."""
    events = result.total.event_clauses
    rows = []
    for c in ruleset.catalogue.clauses:
        impls = ruleset.catalogue.implemented_by(c.id)
        data_only = bool(impls) and all(i.line == 0 for i in impls)
        rows.append(
            {
                "id": c.id,
                "kind": c.kind,
                "handled": c.handled,
                "implemented_by": [f"{i.function} ({i.where})" for i in impls],
                "events": events.get(c.id, 0),
                "handler_calls": result.fired.get(c.id, 0),
                "reached": (not c.handled) or data_only or events.get(c.id, 0) > 0 or result.fired.get(c.id, 0) > 0,
                "data": data_only,
            }
        )
    return rows
