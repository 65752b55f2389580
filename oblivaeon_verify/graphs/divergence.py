"""Divergence witnesses: the shortest play found from a legal setup where two readings of a rule part.

A *reading* is a parameter whose values are documented choices where the rulebook reads two ways
(an Enum-valued parameter, :attr:`oblivaeon_verify.model.common.parameters.Declared.is_reading`).  A
reading that no game can tell apart from its alternative is documentation, not a model choice; a
divergence witness shows that it is one:

1. **Search**: random play from random legal setups, exactly as ``graphs.setup_witness`` plays (game
   ``i`` of seed ``s`` is the game ``simulate`` plays), under the model's default parameters (side
   A).  Every decision taken is also taken, by the same index, in the same setup under the default
   parameters with the reading set to another value (side B).  The two sides are compared after every
   step (:func:`differ`): the legal decisions they offer and their positions (``ruleset.position_key``:
   the whole state but configuration and clocks), where a difference only in the work still to do
   within the step (``ruleset.pending_work``) is not yet one: Aeon's End's ``resolves-first`` queues an
   end check after every attack, which does nothing until the nemesis deck is empty, and a witness of
   that queued no-op would show no rule playing differently.  One pass of games serves every (reading, value)
   pair; each keeps the first game where its sides part.
2. **Steer** what random play misses: for a reading whose graph facts say how near a game is to
   where its values part (``READING_PROGRESS``), a beam search from legal setups, one tick of the
   corner's own clock at a time (:func:`_steered`): each kept game is played on to the next tick, several times, by the
   ruleset's steering temperaments, with chance by its true weights; the games nearest the corner
   are kept (few alike in what the players cannot steer).  Every decision of such a game is legal,
   chance's among them, so the witness is a game that can happen, though chance had to fall its way.
3. **Shrink**: the decisions are indices replayed modulo the legal decisions, shortened by the shrinker
   of the setup witnesses (:func:`oblivaeon_verify.graphs.setup_witness.shrink_with`) while the two
   sides still part, cut at the first decision where they do.
4. **Tell**: what differed at that last decision (:func:`what_differs`): the events of each side that
   the other lacks, by clause and kind, and the state fields that differ, sorted.

No breadth-first bound is attempted: the readings concern late corners of play (the fourth Sentinel
incapacitated, Requital incapacitated with Constructs under it, the nemesis's last card), far past the
depth a bounded search of the chance-heavy setups reaches, so a witness is the shortest *found*, not
proven minimal.  A pair random play does not part within the budget is reported as not found, with the
budget, never as a pass.

Each witness is a replay file (``oblivaeon_verify.replay``) whose ``expect`` is ``{"diverges":
{"parameter": NAME, "value": OTHER}}``: replayed under the file's parameters and with ``NAME=OTHER``,
the two games must be alike until the last decision and differ after it.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.graphs import setup_witness as sw
from oblivaeon_verify.model.common import parameters as common_parameters
from oblivaeon_verify.play import choose, game_rng

DEFAULT_GAMES = sw.DEFAULT_GAMES
DEFAULT_MAX_DECISIONS = sw.DEFAULT_MAX_DECISIONS
DEFAULT_REPLAYS = 2_000
"""Replays the shrinker may spend per witness (each replays both sides).  More than a corner case's: the
readings' games are long (the Sentinels all down, Rainek Kel'Voss usurping), and with this many the
shrinker of the kept witnesses ends on its own, before the budget."""
DEFAULT_STEERED_GAMES = sw.DEFAULT_STEERED_GAMES
"""Games per player count searched by a reading's nearness (``READING_PROGRESS``) for a pair random play did not part."""
DEFAULT_BEAM = 48
"""Games a steered search keeps at each turn."""
DEFAULT_ROLLOUTS = 8
"""Times each kept game is played on to its next turn."""
PREFIX = "READING"
"""Witness files are ``READING.<parameter>.<value>.json``."""


@dataclass
class Divergence:
    parameter: str
    value: str
    """The other value, whose side B plays."""
    default: str
    """The value of the file's (the model's default) parameters, whose side A plays."""
    players: int = 0
    seed: int = 0
    game: int = -1
    setup: object = None
    """Side A's setup (the default parameters); side B's is the same setup with the reading changed."""
    decisions: list = field(default_factory=list)
    labels: list = field(default_factory=list)
    found_length: int = 0
    replays: int = 0
    differs: list = field(default_factory=list)
    """What differed after the last decision (:func:`what_differs`)."""
    reason: str = ""
    seconds: float = 0.0
    steered: bool = False
    """Found by the steered search (chance's outcomes chosen among the legal ones), not by random play."""

    @property
    def found(self) -> bool:
        return self.game >= 0

    @property
    def file_name(self) -> str:
        return file_name(self.parameter, self.value)

    def as_dict(self) -> dict:
        return {
            "parameter": self.parameter,
            "value": self.value,
            "default": self.default,
            "found": self.found,
            "players": self.players,
            "seed": self.seed,
            "game": self.game,
            "length": len(self.decisions),
            "found_length": self.found_length,
            "steered": self.steered,
            "replays": self.replays,
            "decisions": list(self.labels),
            "differs": list(self.differs),
            "reason": self.reason,
        }


def file_name(parameter: str, value: str) -> str:
    return f"{PREFIX}.{parameter}.{value}.json"


def readings(ruleset) -> list[tuple[str, str, str]]:
    """(parameter, its default value, another value) for every reading and each of its non-default values, in declaration order."""
    params = ruleset.default_parameters()
    out = []
    for d in common_parameters.readings(type(params)):
        default = getattr(params, d.name).value
        out += [(d.name, default, m.value) for m in d.kind if m.value != default]
    return out


def with_value(ruleset, params, parameter: str, value: str):
    """``params`` with the reading ``parameter`` set to ``value`` (checked like any override)."""
    return common_parameters.with_overrides(params, {parameter: value}, f"reading {parameter}")


def other_setup(ruleset, setup, params):
    """The same setup under ``params``: rebuilt from its description, as a replay file rebuilds it."""
    return properties(ruleset).setup_from_json(ruleset.describe_setup(setup), params)


def differ(ruleset, a, b) -> bool:
    """Whether the two sides' games have parted: they offer other legal decisions (the next step could not be
    shared), or their positions differ (``ruleset.position_key``) in more than the work still to do within the
    step (``ruleset.pending_work``: an effect one reading queues and then finds nothing to do for is no
    difference in play until it does something)."""
    if ruleset.legal_decisions(a) != ruleset.legal_decisions(b):
        return True
    if ruleset.position_key(a) == ruleset.position_key(b):
        return False
    return any(f not in ruleset.pending_work for f in fields_that_differ(ruleset, a, b))


def fields_that_differ(ruleset, a, b) -> list[str]:
    """The state's fields whose values differ on the two sides, but configuration and clocks (``ruleset.not_position``), sorted."""
    left = ruleset.not_position
    return sorted(f.name for f in dataclasses.fields(a) if f.name not in left and getattr(a, f.name) != getattr(b, f.name))


def parted_at(ruleset, setup_a, setup_b, indices: list[int]) -> int | None:
    """Replay ``indices`` (each modulo side A's legal decisions) on both sides: after how many decisions they first differ (None: never)."""
    a, b = ruleset.new_game(setup_a), ruleset.new_game(setup_b)
    if differ(ruleset, a, b):
        return 0
    for n, i in enumerate(indices):
        options = ruleset.legal_decisions(a)
        if not options:
            return None
        d = options[i % len(options)]  # legal on side B too: the sides have not parted, so they offer the same decisions
        a, _ = ruleset.step(a, d)
        b, _ = ruleset.step(b, d)
        if differ(ruleset, a, b):
            return n + 1
    return None


def find(
    ruleset,
    pairs: list[tuple[str, str]] | None = None,
    *,
    seed: int = 2026,
    games: int = DEFAULT_GAMES,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    replays: int = DEFAULT_REPLAYS,
    steered_games: int = DEFAULT_STEERED_GAMES,
    beam: int = DEFAULT_BEAM,
    progress: Callable[[str], None] | None = None,
) -> list[Divergence]:
    """A divergence witness for each (reading, other value) pair (default: every one) that random play parts within ``games`` games per player count."""
    params = ruleset.default_parameters()
    known = {(p, v): default for p, default, v in readings(ruleset)}
    pairs = list(dict.fromkeys(pairs if pairs is not None else known))
    for p in pairs:
        if p not in known:
            raise ValueError(f"{p[0]}={p[1]}: not a reading and a value other than its default; readings: {sorted(known)}")
    out = {p: Divergence(p[0], p[1], known[p]) for p in pairs}
    others = {p: with_value(ruleset, params, *p) for p in pairs}
    pending = list(pairs)
    t0 = time.perf_counter()
    for i in range(games):
        for n in ruleset.players:
            if pending:
                rng = game_rng(seed, n, i)
                setup = ruleset.random_setup(rng, n, params)
                for p, taken in _play_both(
                    ruleset, rng, setup, {p: other_setup(ruleset, setup, others[p]) for p in pending}, max_decisions
                ):
                    w = out[p]
                    w.players, w.seed, w.game, w.setup, w.decisions, w.found_length = n, seed, i, setup, taken, len(taken)
                    pending.remove(p)
    facts_mod.load(ruleset)  # checks the facts, each reading's nearness among them, before a search relies on them
    nearness = facts_mod.reading_progress(ruleset)
    steer = properties(ruleset)
    for p in [p for p in pending if p[0] in nearness]:
        for i in range(games, games + steered_games):
            for n in ruleset.players:
                if out[p].found:
                    continue
                rng = game_rng(seed, n, i)
                setup = ruleset.random_setup(rng, n, params)
                taken = _steered(ruleset, rng, setup, other_setup(ruleset, setup, others[p]), nearness[p[0]], steer, beam, max_decisions)
                if taken is not None:
                    w = out[p]
                    w.players, w.seed, w.game, w.setup, w.decisions, w.found_length, w.steered = n, seed, i, setup, taken, len(taken), True
    searched = time.perf_counter() - t0
    for p, w in out.items():
        if not w.found:
            w.reason = f"random play did not part the two readings in {games} games per player count of seed {seed} (at most {max_decisions:,} decisions each)"
            if p[0] in nearness and steered_games:
                w.reason += f", nor {steered_games} more per player count steered by its nearness (beam of {beam})"
            w.seconds = searched / max(1, len(pairs))  # its share of the games played for every pair
            continue
        t = time.perf_counter()
        setup_b = other_setup(ruleset, w.setup, others[p])
        w.decisions, w.replays = sw.shrink_with(lambda c, s=w.setup, b=setup_b: parted_at(ruleset, s, b, c), w.decisions, replays)
        w.decisions, w.labels = sw.labels_of(ruleset, w.setup, w.decisions)
        w.differs = what_differs(ruleset, w.setup, setup_b, w.decisions, (p[0], w.default, w.value))
        w.seconds = time.perf_counter() - t + searched / max(1, len(pairs))
        if progress:
            progress(f"{p[0]}={p[1]}: parts after {len(w.decisions)} decisions (found at {w.found_length})")
    return [out[p] for p in pairs]


def _play_both(ruleset, rng, setup, others: dict, max_decisions: int):
    """Play one random game on side A; take each decision on every side B too: yield (pair, decisions so far) where a side B parts."""
    state = ruleset.new_game(setup)
    sides = {p: ruleset.new_game(s) for p, s in others.items()}
    taken: list[int] = []
    for _ in range(max_decisions + 1):
        for p in [p for p, b in sides.items() if differ(ruleset, state, b)]:
            del sides[p]
            yield p, list(taken)
        options = ruleset.legal_decisions(state)
        if not sides or not options or len(taken) == max_decisions:
            return
        d = choose(rng, options, ruleset.decision_weight)
        taken.append(options.index(d))
        state, _ = ruleset.step(state, d)
        sides = {p: ruleset.step(b, d)[0] for p, b in sides.items()}


def _steered(
    ruleset, rng, setup_a, setup_b, nearness, steer, width: int, max_decisions: int, rollouts: int = DEFAULT_ROLLOUTS
) -> list[int] | None:
    """A beam search for where the two sides part, one tick of the corner's clock at a time: the decisions, or None.

    Each kept game is played ``rollouts`` times on until ``nearness.clock`` moves (then on through
    chance, so that no game is ranked before chance has dealt what the tick brings), each time by one
    of the ruleset's temperaments (``steer.steer_as``) and chance by its weights.  The games reached
    have all seen the same ticks, so ranking them by ``nearness.progress`` compares like with like
    (None drops one: the sides can no longer part in it); the ``width`` nearest are kept, at most a
    sixth of them alike by ``nearness.alike`` and a twelfth from one parent.  Both sides take every
    decision; the first step where they differ ends the search.
    """
    policies = [steer.steer_as(name) for name in steer.TEMPERAMENTS]
    games = [(ruleset.new_game(setup_a), ruleset.new_game(setup_b), [])]
    if differ(ruleset, *games[0][:2]):
        return []
    while games:
        reached: dict = {}
        for parent, (a0, b0, taken0) in enumerate(games):
            for _ in range(rollouts):
                pick = policies[rng.randrange(len(policies))]
                a, b, taken = a0, b0, list(taken0)
                tick = nearness.clock(a)
                while len(taken) < max_decisions:
                    options = ruleset.legal_decisions(a)
                    if not options:
                        break
                    d = pick(rng, a, options)
                    taken.append(options.index(d))
                    a, _ = ruleset.step(a, d)
                    b, _ = ruleset.step(b, d)
                    if differ(ruleset, a, b):
                        return taken
                    if nearness.clock(a) != tick:
                        following = ruleset.legal_decisions(a)
                        if not following or not following[0].is_chance:
                            break
                if not ruleset.legal_decisions(a) or len(taken) >= max_decisions:
                    continue
                key = ruleset.position_key(a)
                score = nearness.progress(a)
                if score is not None and key not in reached:
                    reached[key] = (score, rng.random(), parent, a, b, taken)
        ranked = sorted(reached.values(), key=lambda g: (g[0], g[1]), reverse=True)
        kept: list = []
        counts: dict = {}
        for _score, _tie, parent, a, b, taken in ranked:
            alike = ("alike", nearness.alike(a))
            if counts.get(("parent", parent), 0) >= max(1, width // 12) or counts.get(alike, 0) >= max(1, width // 6):
                continue
            counts[("parent", parent)] = counts.get(("parent", parent), 0) + 1
            counts[alike] = counts.get(alike, 0) + 1
            kept.append((a, b, taken))
            if len(kept) == width:
                break
        games = kept
    return None


def what_differs(ruleset, setup_a, setup_b, indices: list[int], names: tuple[str, str, str]) -> list[str]:
    """What the last decision did differently on the two sides, one line each: each side's events the
    other lacks (``[CLAUSE] kind``, with a count when more than once), the state fields that differ, and
    whether the decisions offered next differ; sorted, so the same witness is told the same way."""
    parameter, value_a, value_b = names
    a, b = ruleset.new_game(setup_a), ruleset.new_game(setup_b)
    events_a: tuple = ()
    events_b: tuple = ()
    for i in indices:
        d = ruleset.legal_decisions(a)[i]
        a, events_a = ruleset.step(a, d)
        b, events_b = ruleset.step(b, d)
    lines = []
    ca = Counter((e.clause, e.kind) for e in events_a)
    cb = Counter((e.clause, e.kind) for e in events_b)
    for value, only in ((value_a, ca - cb), (value_b, cb - ca)):
        if only:
            told = (f"[{clause}] {kind}" + (f" x{n}" if n > 1 else "") for (clause, kind), n in sorted(only.items()))
            lines.append(f"events only with {parameter}={value}: {', '.join(told)}")
    fields = fields_that_differ(ruleset, a, b)
    if fields:
        lines.append(f"state fields that differ: {', '.join(fields)}")
    if ruleset.legal_decisions(a) != ruleset.legal_decisions(b):
        lines.append(
            f"decisions offered next: {len(ruleset.legal_decisions(a))} with {value_a}, {len(ruleset.legal_decisions(b))} with {value_b}"
        )
    return lines


def replay_document(ruleset, w: Divergence) -> dict:
    """The witness as a replay file whose two readings must part at its last decision."""
    from oblivaeon_verify import replay

    expect = {"diverges": {"parameter": w.parameter, "value": w.value}}
    figures = {
        "found_after": w.found_length,
        "seed": w.seed,
        "game": w.game,
        "players": w.players,
        "steered": w.steered,
        "differs": list(w.differs),
    }
    return replay.document(ruleset, w.setup, w.decisions, w.labels, expect, figures)
