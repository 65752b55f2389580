"""Campaigns of random games, streamed to worker processes in chunks, merged in a fixed order (whatever the worker count)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from oblivaeon_verify import interrupts
from oblivaeon_verify.play import Tally, play_games
from oblivaeon_verify.workers import Pool, default_workers


@dataclass
class CampaignResult:
    seed: int
    tallies: dict[int, Tally] = field(default_factory=dict)
    fired: Counter = field(default_factory=Counter)

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
    chunk: int = 20,
    progress: Callable[[int, int], None] | None = None,
) -> CampaignResult:
    """``games`` games per player count, in chunks of ``chunk`` spread over worker processes, merged in job order."""
    total = games * len(players)
    play = functools.partial(
        play_games, ruleset_name, params_path, tuple(param_pairs), seed, conformance=conformance, handler_counts=handler_counts
    )
    result = CampaignResult(seed, {p: Tally() for p in players})
    done = errors = 0
    jobs = len(players) * -(-games // chunk)
    try:
        with Pool(min(workers, jobs) if workers else default_workers(jobs)) as pool:
            for (p, _s, n), (tally, fired) in pool.results(play, chunks(players, first, games, chunk)):
                result.tallies[p].add(tally)
                result.fired.update(fired)
                done += n
                errors += len(tally.errors)
                if progress:
                    progress(done, total)
    except KeyboardInterrupt as e:
        raise interrupts.stopped(e, done=games_done(done, total, errors)) from None
    for t in result.tallies.values():
        t.errors.sort(key=lambda e: e["game"])
    return result


def games_done(done: int, total: int, errors: int) -> str:
    """What a campaign had done when it was interrupted, for the summary line."""
    return f"{done:,} of {total:,} games ({errors:,} errors so far)"


def merge(*results: CampaignResult) -> CampaignResult:
    """One result from several campaigns over different games of the same seed."""
    out = CampaignResult(results[0].seed)
    for r in results:
        for n, t in sorted(r.tallies.items()):
            out.tallies.setdefault(n, Tally()).add(t)
        out.fired.update(r.fired)
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
