"""Witnesses from a real setup: a short decision sequence from a legal setup to a corner case.

The breadth-first witnesses (``graphs.witness``) start from the facts' reduced configurations; these
start from a setup the rulebook allows (``ruleset.random_setup`` with the model's default
parameters), where exhaustive search drowns in chance branching after a few decisions.  So:

1. **Search**: random play from random legal setups (the campaign's own generator and chooser,
   ``play.game_rng`` and ``play.choose``, so game ``i`` of seed ``s`` is the game ``simulate`` plays)
   until the corner case shows: the facts' predicate holds, a step's events cite the clause, or,
   for a rule that leaves neither (``graphs.acting``), a function implementing it runs.  One pass
   of games serves every clause; each keeps the first game that shows it.  A clause that blind
   play misses gets games of its own (numbered on from the blind ones), steered towards it: most
   player decisions are the one whose step comes nearest the clause in the rule-interaction graph.
2. **Shrink**: the decisions are kept as indices into the legal decisions, replayed modulo the
   number of legal ones (so any sequence of indices is a game), and reduced while the corner case
   still shows: cut after the first showing, delete chunks (halves, quarters, ... single decisions),
   then lower each index towards 0.  A budget of replays bounds the work.
3. **Bound**: a breadth-first search from the same setup, within a state budget, says whether a
   shorter witness exists: a complete search to one decision short of the witness proves it minimal;
   otherwise the witness is the shortest found, with the depth the search covered.

Each witness is a replay file (``oblivaeon_verify.replay``) whose ``expect`` is ``{"shows": CLAUSE}``:
replayed with every invariant checked, the corner case must show at its last decision.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from oblivaeon_verify.explore import explore
from oblivaeon_verify.graphs import acting, interaction
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs.acting import opening
from oblivaeon_verify.graphs.witness import goal_for
from oblivaeon_verify.play import choose, game_rng

DEFAULT_GAMES = 30
DEFAULT_MAX_DECISIONS = 2_000
DEFAULT_REPLAYS = 400
"""Replays the shrinker may spend per witness."""
DEFAULT_BOUND_STATES = 3_000
DEFAULT_STEERED_GAMES = 10
"""Games per player count steered towards each clause that blind play did not show."""


@dataclass
class SetupWitness:
    clause: str
    players: int = 0
    seed: int = 0
    game: int = -1
    setup: object = None
    decisions: list = field(default_factory=list)
    """Indices into the legal decisions, from the setup's first decision point."""
    labels: list = field(default_factory=list)
    by: str = ""
    found_length: int = 0
    """How long the witness was when random play found it, before shrinking."""
    steered: str = ""
    """The clause the game that found it was steered towards ("": blind random play)."""
    replays: int = 0
    minimal: bool = False
    bound: int = 0
    """No witness is shorter than this many decisions (the breadth-first search covered every shorter one)."""
    reason: str = ""
    seconds: float = 0.0

    @property
    def found(self) -> bool:
        return self.game >= 0

    def as_dict(self) -> dict:
        return {
            "clause": self.clause,
            "found": self.found,
            "players": self.players,
            "seed": self.seed,
            "game": self.game,
            "by": self.by,
            "length": len(self.decisions),
            "found_length": self.found_length,
            "steered": self.steered,
            "minimal": self.minimal,
            "no_shorter_than": self.bound,
            "replays": self.replays,
            "decisions": list(self.labels),
            "reason": self.reason,
        }


def reached_at(ruleset, setup, indices: list[int], goal) -> int | None:
    """Replay ``indices`` (each modulo the legal decisions) from ``setup``: after how many decisions the corner case first shows."""
    state, events = opening(ruleset, setup)
    if goal.shown(state, events):
        return 0
    for n, i in enumerate(indices):
        options = ruleset.legal_decisions(state)
        if not options:
            return None
        state, events = ruleset.step(state, options[i % len(options)])
        if goal.shown(state, events):
            return n + 1
    return None


def shrink(ruleset, setup, indices: list[int], goal, budget: int) -> tuple[list[int], int]:
    """A shorter sequence that still shows the corner case, and the replays spent (at most ``budget``)."""
    return shrink_with(lambda candidate: reached_at(ruleset, setup, candidate, goal), indices, budget)


def shrink_with(first_at: Callable[[list[int]], int | None], indices: list[int], budget: int) -> tuple[list[int], int]:
    """A shorter sequence for which ``first_at`` still finds what it looks for, and the replays spent (at most ``budget``).

    ``first_at(candidate)`` replays a candidate (indices modulo the legal decisions) and says after how
    many decisions the property first holds (None: never); the candidate is cut there, so the result
    always ends at the decision that shows it.  Any property of a replayed game can be shrunk so: a
    corner case (:func:`shrink`) or two readings of a rule parting (``graphs.divergence``).
    """
    spent = 0

    def test(candidate: list[int]) -> list[int] | None:
        nonlocal spent
        spent += 1
        at = first_at(candidate)
        return None if at is None else candidate[:at]

    best = indices
    size = max(1, len(best) // 2)
    while size >= 1 and spent < budget:
        i, changed = 0, False
        while i < len(best) and spent < budget:
            got = test(best[:i] + best[i + size :])
            if got is not None and len(got) < len(best):
                best, changed = got, True
            else:
                i += size
        if not changed:
            size //= 2
    i = 0
    while i < len(best) and spent < budget:
        if best[i]:
            got = test(best[:i] + [0] + best[i + 1 :])
            if got is not None and len(got) <= len(best):
                best = got
        i += 1
    return best, spent


def labels_of(ruleset, setup, indices: list[int]) -> tuple[list[int], list[str]]:
    """The indices as the replay file records them (reduced modulo the legal decisions) and their labels."""
    state = ruleset.new_game(setup)
    exact, labels = [], []
    for i in indices:
        options = ruleset.legal_decisions(state)
        d = options[i % len(options)]
        exact.append(i % len(options))
        labels.append(str(d))
        state, _ = ruleset.step(state, d)
    return exact, labels


def find(
    ruleset,
    clauses,
    *,
    seed: int = 2026,
    games: int = DEFAULT_GAMES,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    replays: int = DEFAULT_REPLAYS,
    bound_states: int = DEFAULT_BOUND_STATES,
    steered_games: int = DEFAULT_STEERED_GAMES,
    progress: Callable[[str], None] | None = None,
) -> dict[str, SetupWitness]:
    """A witness from a legal setup for each clause that random play reaches within ``games`` games per player count.

    The budgets are counts (games, replays, states), never seconds, so the same arguments find the same witnesses.
    """
    facts = facts_mod.load(ruleset)
    clauses = list(dict.fromkeys(clauses))
    for c in clauses:
        ruleset.catalogue[c]  # an unknown id fails here, naming the known ones
    params = ruleset.default_parameters()
    weight = ruleset.decision_weight
    out = {c: SetupWitness(c) for c in clauses}
    goals = {c: goal_for(facts, c) for c in clauses if ruleset.catalogue[c].handled}
    for c in clauses:
        if c not in goals:
            out[c].reason = "it describes rather than prescribes: no state or step can show it"
    t0 = time.perf_counter()
    by_rule = acting.shown_by_rule(ruleset)
    plain = {c: g for c, g in goals.items() if c not in by_rule}
    watched = {c: g for c, g in goals.items() if c in by_rule}
    blind = _blind(weight)
    # the rules that show only by acting are searched apart, under the call hook that sees them
    _play(ruleset, plain, out, seed, range(games), max_decisions, blind, params)
    if watched:
        _play(acting.Watched(ruleset, watched), watched, out, seed, range(games), max_decisions, blind, params)
    # what blind play missed: games steered, one clause at a time, by the rule-interaction graph
    graph = None
    for c in [c for c in goals if not out[c].found]:
        if out[c].found:  # a game steered towards another clause showed it
            continue
        graph = graph if graph is not None else interaction.build(ruleset, facts)
        game = acting.watching(ruleset, [c] + [k for k in goals if not out[k].found])
        left = {k: g for k, g in goals.items() if not out[k].found}
        towards = _towards(game, interaction.distances_into(graph, c), weight)
        _play(game, left, out, seed, range(games, games + steered_games), max_decisions, towards, params, steered=c)
    searched = time.perf_counter() - t0
    for c, w in out.items():
        if c not in goals:
            continue
        if not w.found:
            w.reason = (
                f"random play did not show it in {games} games per player count of seed {seed} (at most {max_decisions:,} decisions each)"
                + (f", {steered_games} more steered towards it" if steered_games else "")
            )
            continue
        t = time.perf_counter()
        seen = acting.watching(ruleset, [c])
        w.decisions, w.replays = shrink(seen, w.setup, w.decisions, goals[c], replays)
        w.minimal, w.bound, shorter = _bound(seen, w.setup, goals[c], len(w.decisions), bound_states)
        if shorter is not None:
            w.decisions = shorter
        w.decisions, w.labels = labels_of(ruleset, w.setup, w.decisions)
        w.seconds = time.perf_counter() - t + searched / max(1, len(goals))
        if progress:
            progress(f"{c}: {len(w.decisions)} decisions (found at {w.found_length})")
    return out


def _blind(weight):
    """Random play as ``simulate`` plays it (``play.choose``)."""
    return lambda rng, _state, options: choose(rng, options, weight)


STEER_GREED = 0.75
"""How often a steered game's player decision follows the graph (the rest are random, so games differ)."""


def _towards(ruleset, distance: dict[str, float], weight):
    """Play steered towards a clause: a player decision is, mostly, the one whose step's events come nearest to it.

    Each legal decision is looked at one step ahead; a step is as near as the nearest of the clauses
    and event kinds its events cite, by the rule-interaction graph's distance into the target
    (``interaction.distances_into``).  Chance keeps its true weights: the search steers the players,
    never the shuffle.
    """
    far = float("inf")

    def nearness(events) -> float:
        return min((distance.get(x, far) for e in events for x in (e.clause, f"event:{e.kind}")), default=far)

    def pick(rng, state, options):
        if options[0].actor == "chance" or rng.random() >= STEER_GREED:
            return choose(rng, options, weight)
        scores = [nearness(ruleset.step(state, o)[1]) for o in options]
        best = min(scores)
        if best == far:
            return choose(rng, options, weight)
        nearest = [o for o, s in zip(options, scores) if s == best]
        return nearest[rng.randrange(len(nearest))]

    return pick


def _play(ruleset, goals: dict, out: dict, seed: int, games: range, max_decisions: int, pick, params, steered: str = "") -> None:
    """Games from legal setups until each goal has shown once: the first game that shows it is kept in ``out``."""
    pending = dict(goals)
    for i in games:
        for n in ruleset.players:
            if not pending:
                return
            rng = game_rng(seed, n, i)
            setup = ruleset.random_setup(rng, n, params)
            state, events = opening(ruleset, setup)
            taken: list[int] = []
            for _ in range(max_decisions + 1):
                for c in [c for c, g in pending.items() if g.shown(state, events)]:
                    w = out[c]
                    w.players, w.seed, w.game, w.setup, w.decisions = n, seed, i, setup, list(taken)
                    w.by = "rule" if isinstance(ruleset, acting.Watched) else "state" if goals[c].shown(state) else "events"
                    w.found_length, w.steered = len(taken), steered
                    del pending[c]
                options = ruleset.legal_decisions(state)
                if not options or len(taken) == max_decisions:
                    break
                d = pick(rng, state, options)
                taken.append(options.index(d))
                state, events = ruleset.step(state, d)


def _bound(ruleset, setup, goal, length: int, max_states: int) -> tuple[bool, int, list[int] | None]:
    """Breadth-first from the setup to one decision short of ``length``: (minimal, no witness is shorter
    than this many decisions, a shorter witness when the search found one: it is then the minimal one)."""
    if length == 0:
        return True, 0, None
    start = ruleset.new_game(setup)
    result = explore(ruleset, start, depth=length - 1, max_states=max_states, goals=(goal,), stop_when_found=True)
    hit = result.hits.get(goal.name)
    if hit is not None:
        state, indices = start, []
        for d in hit.decisions:
            indices.append(ruleset.legal_decisions(state).index(d))
            state, _ = ruleset.step(state, d)
        return True, len(indices), indices
    if result.complete:
        return True, length, None
    # the search stopped while adding its deepest level: every shorter level was whole, and checked
    return False, max(result.per_depth()), None


def replay_document(ruleset, w: SetupWitness) -> dict:
    """The witness as a replay file whose corner case must show at its last decision."""
    from oblivaeon_verify import replay

    figures = {"by": w.by, "steered": w.steered, "minimal": w.minimal, "no_shorter_than": w.bound}
    figures |= {"found_after": w.found_length, "seed": w.seed, "game": w.game, "players": w.players}
    return replay.document(ruleset, w.setup, w.decisions, w.labels, {"shows": w.clause}, figures)
