"""Random play: legal games from random setups, with OpenSpiel-style conformance checks.

Each game has its own generator, seeded from the campaign seed, the player count and the game's
index, so a game can be replayed alone.  Chance points are resolved by their weights; player
points uniformly.  With ``conformance`` on, every visited state is checked: the game is over
exactly when no decision is legal, the legal decisions are unique and read alike by none, the state survives a JSON round
trip unchanged, the canonical key ignores history, and ``step`` leaves its input untouched.

Without conformance checks (or a wish to see every state) a game is played in one ``step``: its
policy makes every decision after the first, by the same draws from the same generator, so the game,
its trace and its tally are those of one step per decision, without a state built in between.
"""

from __future__ import annotations

import random
import time
import traceback
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import accumulate

from oblivaeon_verify.model.common.serialise import Carry
from oblivaeon_verify.words import count, phrase


class ConformanceError(AssertionError):
    pass


def game_rng(seed: int, players: int, index: int) -> random.Random:
    return random.Random(f"{seed}/{players}/{index}")


def choose(rng: random.Random, options: tuple, weight: Callable | None = None):
    """Chance by its weights; a player decision uniformly, or by the ruleset's random-play weights.

    One draw below the weights' sum picks the option whose running total first exceeds it."""
    if options[0].actor == "chance":
        totals = list(accumulate([o.weight for o in options]))
    elif weight is not None:
        totals = list(accumulate(map(weight, options)))
    else:
        return options[rng.randrange(len(options))]
    return options[bisect_right(totals, rng.randrange(totals[-1]))]


def check_state(ruleset, state, carry: Carry | None = None):
    """Check the conformance promises at ``state``; return its JSON round-trip copy (equal to it, sharing nothing with it).

    ``carry``: the same for every state of one game, whose encodings then cost what changed since the last."""
    with ruleset.shared_encoding(carry):
        return _check_state(ruleset, state)


def _check_state(ruleset, state):
    options = ruleset.legal_decisions(state)
    over = ruleset.outcome(state) is not None
    if over != (len(options) == 0):
        raise ConformanceError(f"game over is {over} but there are {len(options)} legal decisions at {ruleset.where(state)}")
    if len(set(options)) != len(options):
        dupes = [str(d) for d, n in Counter(options).items() if n > 1]
        raise ConformanceError(f"duplicate legal decisions at {ruleset.where(state)}: {dupes}")
    # a trace and a replay file name each decision by its words: two options alike would leave which was taken unsaid
    words = [str(d) for d in options]
    if len(set(words)) != len(words):
        alike = sorted(w for w, n in Counter(words).items() if n > 1)
        raise ConformanceError(f"legal decisions that read alike at {ruleset.where(state)}: {alike}")
    text = ruleset.to_json(state)
    back = ruleset.from_json(text)
    if back != state:
        raise ConformanceError(f"state changed in a JSON round trip at {ruleset.where(state)}")
    if ruleset.legal_decisions(back) != options:
        raise ConformanceError(f"legal decisions changed order in a JSON round trip at {ruleset.where(state)}")
    later = ruleset.with_round(state, ruleset.rounds(state) + 7)
    for name, key_of in (("canonical key", ruleset.canonical_key), ("position key", ruleset.position_key)):
        key = key_of(state)
        if key_of(back) != key:
            raise ConformanceError(f"{name} changed in a JSON round trip at {ruleset.where(state)}")
        if later is not None and key_of(later) != key:
            raise ConformanceError(f"the {name} depends on the round number (history)")
    return back


def _plays_the_same(ruleset, state, copy, index: int, nxt, events) -> None:
    """The state's JSON round-trip copy, which shares no object with it: the step left its input as it was (a step that
    changed it no longer equals the copy), and the copy, given its own legal decision at ``index`` (the one taken, read
    back too), plays on to the same state and events.  A state is its value: a rule that compares the game's strings by
    identity (``is``) plays on alike only while every string is the very object the model's code wrote, and
    differently once a state was read back (a replay, a state sent to a Dask worker)."""
    if state != copy:
        raise ConformanceError(f"step changed its input state at {ruleset.where(copy)}")
    decision = ruleset.legal_decisions(copy)[index]
    nxt_copy, events_copy = ruleset.step(copy, decision)
    if nxt_copy != nxt or tuple(events_copy) != tuple(events):
        what = "the events" if nxt_copy == nxt else "the state after"
        raise ConformanceError(
            f"the JSON round-trip copy of the state plays on differently ({what} differ) after {decision} at {ruleset.where(state)}"
        )


@dataclass
class GameRecord:
    index: int
    players: int
    seed: int
    outcome: str = ""
    reason: str = ""
    rounds: int = 0
    decisions: int = 0
    error: str = ""


@dataclass
class Tally:
    games: int = 0
    rounds: int = 0
    decisions: int = 0
    chance_decisions: int = 0
    seconds: float = 0.0
    outcomes: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    event_clauses: Counter = field(default_factory=Counter)
    errors: list = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.rounds += other.rounds
        self.decisions += other.decisions
        self.chance_decisions += other.chance_decisions
        self.seconds += other.seconds
        self.outcomes.update(other.outcomes)
        self.reasons.update(other.reasons)
        self.event_clauses.update(other.event_clauses)
        self.errors.extend(other.errors)


def trace_text(record: dict) -> list[str]:
    """The lines of ``simulate --trace`` for one trace record (``simulate --trace --json`` prints the record)."""
    kind = record["kind"]
    if kind == "game":
        head = f"# game {record['game']}: {record['players']} {record.get('players_word', 'players')}, seed {record['seed']}"
        return [head] + [f"#   {k.replace('_', ' ')}: {phrase(v)}" for k, v in record["setup"].items()]
    if kind == "decision":
        return [f"r{record['round']} {record['turn']}: {record['decision']}"]
    if kind == "event":
        return [f"    {record['event']}"]
    return [f"# game over after {count(record['rounds'], 'round')}: {record['outcome']} ({record['reason']}) [{record['clause']}]"]


def _step_by_step(ruleset, state, rng, rec: GameRecord, tally: Tally, trace, index: int, conformance: bool, states) -> object:
    """Play on one step per decision, so that every state can be checked (conformance) or kept (``states``)."""
    clause_counts = tally.event_clauses
    describe_event = ruleset.describe_event
    if states is not None:
        states.append(("init", state))
    carry = Carry()
    while True:
        copy = check_state(ruleset, state, carry) if conformance else None
        options = ruleset.legal_decisions(state)
        if not options:
            break
        decision = choose(rng, options, ruleset.decision_weight)
        if trace:
            trace(
                {
                    "kind": "decision",
                    "game": index,
                    "round": ruleset.rounds(state),
                    "turn": ruleset.turn_label(state),
                    "decision": str(decision),
                }
            )
        nxt, events = ruleset.step(state, decision)
        if conformance:
            _plays_the_same(ruleset, state, copy, options.index(decision), nxt, events)
        rec.decisions += 1
        if decision.actor == "chance":
            tally.chance_decisions += 1
        for e in events:
            clause_counts[e.clause] += 1
            if trace:
                trace({"kind": "event", "game": index, "clause": e.clause, "event": describe_event(e)})
        state = nxt
        if states is not None:
            states.append((str(decision), state))
    return state


class _Policy:
    """Random play's decisions within one step (``ruleset.step``'s ``policy``): made as :func:`choose`
    makes them, each noted with where it fell, so that the trace and the tally are those of a game
    played one step per decision."""

    __slots__ = ("rng", "weight", "rounds", "turn_label", "labelled", "made", "working")

    def __init__(self, rng: random.Random, ruleset, labelled: bool) -> None:
        self.rng, self.weight, self.labelled = rng, ruleset.decision_weight, labelled
        self.rounds, self.turn_label = ruleset.rounds, ruleset.turn_label
        self.made: list[tuple[int, int, str, object]] = []
        """Each decision: how many of the step's events came before it, the round, the turn's label, the decision."""
        self.working = None

    def first(self, state, options: tuple):
        """The decision at ``state``, where the step starts."""
        return self._note(state, 0, choose(self.rng, options, self.weight))

    def __call__(self, working, options: tuple):
        self.working = working
        return self._note(working, len(working.events), choose(self.rng, options, self.weight))

    def _note(self, where, before: int, decision):
        if self.labelled:
            self.made.append((before, self.rounds(where), self.turn_label(where), decision))
        else:
            self.made.append((before, 0, "", decision))
        return decision


def _in_one_step(ruleset, state, rng, rec: GameRecord, tally: Tally, trace, index: int) -> object:
    """Play the game to its end in one step, the policy making every decision after the first (no state
    is built between two decisions); the trace and the tally are those of :func:`_step_by_step`."""
    options = ruleset.legal_decisions(state)
    if not options:
        return state
    policy = _Policy(rng, ruleset, bool(trace))
    try:
        state, events = ruleset.step(state, policy.first(state, options), policy)
    except Exception:
        # as one step per decision would have it: every decision up to the failing one, the events before it
        made = policy.made
        events = tuple(policy.working.events) if policy.working is not None else ()
        _account(rec, tally, made[:-1], events[: made[-1][0]])
        if trace:
            _trace_step(trace, index, events[: made[-1][0]], made, ruleset.describe_event)
        raise
    _account(rec, tally, policy.made, events)
    if trace:
        _trace_step(trace, index, events, policy.made, ruleset.describe_event)
    return state


def _account(rec: GameRecord, tally: Tally, made, events) -> None:
    """Count the decisions ``made`` and the ``events`` into the game's record and the tally."""
    rec.decisions += len(made)
    tally.chance_decisions += sum(1 for m in made if m[3].actor == "chance")
    clause_counts = tally.event_clauses
    for e in events:
        clause_counts[e.clause] += 1


def _trace_step(trace: Callable[[dict], None], index: int, events, made, describe_event) -> None:
    """The trace records of a step that made the decisions ``made``: each decision, then the events that followed it."""
    at = 0
    for before, rounds, turn, decision in made:
        for e in events[at:before]:
            trace({"kind": "event", "game": index, "clause": e.clause, "event": describe_event(e)})
        trace({"kind": "decision", "game": index, "round": rounds, "turn": turn, "decision": str(decision)})
        at = before
    for e in events[at:]:
        trace({"kind": "event", "game": index, "clause": e.clause, "event": describe_event(e)})


def play_game(
    ruleset,
    setup_params,
    seed: int,
    players: int,
    index: int,
    *,
    conformance: bool = False,
    trace: Callable[[dict], None] | None = None,
    tally: Tally | None = None,
    states: list | None = None,
) -> GameRecord:
    """Play one random game to its end; errors are recorded, never raised.

    ``trace`` receives one record per line of the trace (:func:`trace_text` writes it in words);
    ``states``, when given, receives every state of the game and the decision that led to it.
    """
    rng = game_rng(seed, players, index)
    rec = GameRecord(index, players, seed)
    tally = tally if tally is not None else Tally()
    start = time.perf_counter()
    try:
        setup = ruleset.random_setup(rng, players, setup_params)
        if trace:
            setup_words = ruleset.describe_setup(setup)
            trace(
                {
                    "kind": "game",
                    "game": index,
                    "players": players,
                    "players_word": ruleset.players_word,
                    "seed": seed,
                    "setup": setup_words,
                }
            )
        state = ruleset.new_game(setup)
        if conformance or states is not None:
            state = _step_by_step(ruleset, state, rng, rec, tally, trace, index, conformance, states)
        else:
            state = _in_one_step(ruleset, state, rng, rec, tally, trace, index)
        kind, reason, clause = ruleset.outcome(state)
        rec.outcome, rec.reason, rec.rounds = kind, reason, ruleset.rounds(state)
        if kind == "aborted":
            rec.error = f"aborted: {reason}"
        if trace:
            trace({"kind": "game-over", "game": index, "rounds": rec.rounds, "outcome": kind, "reason": reason, "clause": clause})
    except Exception as e:  # recorded with enough to replay the game alone
        rec.error = f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}"
        rec.outcome = "error"
    tally.seconds += time.perf_counter() - start
    tally.games += 1
    tally.rounds += rec.rounds
    tally.decisions += rec.decisions
    tally.outcomes[rec.outcome] += 1
    if rec.reason:
        tally.reasons[f"{rec.outcome}: {rec.reason}"] += 1
    if rec.error:
        tally.errors.append(
            {
                "game": index,
                "players": players,
                "seed": seed,
                "error": rec.error.splitlines()[0],
                "replay": f"oblivaeon-verify simulate --ruleset {ruleset.name} --players {players} --seed {seed} --first {index} --games 1 --trace",
            }
        )
    return rec
