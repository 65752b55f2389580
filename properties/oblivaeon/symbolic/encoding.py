"""The symbolic OblivAeon: Init, and Next as the union of one action per kind of step (TLA+ style).

Each action is a method returning ``(guard, effect)``: the guard over the current state ``s`` and
the step's parameters ``p``, and the new values of the fields it changes (every other field stays).
One model ``step`` (decision to decision) is a sequence of these actions; the refinement check
(``refinement.py``) rebuilds that sequence from the step's events and the round table and
evaluates it with this very encoding.  A deliberately broken encoding overrides one method
(``mutants.py``).

Booklet numbers (Countdown start and tick, the Devastation added when the Countdown runs out, the
Devastation threshold) are Python ints by default or z3 constants when a designer query leaves
them symbolic.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT
from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import ABORTED, FIELDS, LOST_ENV, LOST_HEROES, RUNNING, WON, scion_count
from oblivaeon_verify.properties.oblivaeon.symbolic.layout import SETUP, Layout, layout

from oblivaeon_verify.smt.evaluate import compile_expr, run
from oblivaeon_verify.smt.system import TransitionSystem, Var, union_of_actions


@dataclass(frozen=True)
class Booklet:
    """The Booklet numbers the encoding needs (ints, or z3 Int constants for designer queries)."""

    countdown_start: object = DEFAULT.countdown_start
    countdown_tick: object = DEFAULT.countdown_tick
    expiry_devastation: object = DEFAULT.countdown_expiry_devastation
    threshold: object = DEFAULT.devastation_threshold

    @classmethod
    def of(cls, params) -> Booklet:
        return cls(params.countdown_start, params.countdown_tick, params.countdown_expiry_devastation, params.devastation_threshold)

    def as_dict(self) -> dict:
        return {
            "countdown_start": self.countdown_start,
            "countdown_tick": self.countdown_tick,
            "countdown_expiry_devastation": self.expiry_devastation,
            "devastation_threshold": self.threshold,
        }


def _zone(s: dict, name: str, z):
    return z3.If(z == 1, s[f"{name}1"], s[f"{name}2"])


def _set_zone(s: dict, name: str, z, new) -> dict:
    return {f"{name}1": z3.If(z == 1, new, s[f"{name}1"]), f"{name}2": z3.If(z == 2, new, s[f"{name}2"])}


class Encoding:
    """Init and the actions of one hero count.  Subclass and override an action to break it on purpose."""

    #: (method name, clause ids it encodes, label parameters it reads)
    ACTIONS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
        ("advance", ("ROUND.ORDER", "ROUND.REPEAT", "ID.COUNTDOWN", "BZ.DEV.SCIONS-OUTNUMBER"), ("q", "wrap")),
        ("devastation_check", ("ID.DEVASTATION", "ENV.REMOVAL.LOSS"), ()),
        ("environment_removed", ("ENV.GAME-OVER", "ENV.REMOVAL.MOVE-OBLIVAEON", "ENV.REMOVAL.LOSS"), ("z",)),
        ("environment_arrives", ("ENV.REMOVAL.REPLACE",), ("z",)),
        ("scion_enters", ("CLAR.SCIONS-FROM-BOTTOM",), ("z",)),
        ("scion_removed", ("BZ.DEV.SCION-REMOVED",), ("z",)),
        ("hero_incapacitated", ("BZ.DEV.HERO-INCAP", "INCAP.CHARACTER-SPENT"), ("z",)),
        ("team_devastation", ("CLAR.SENTINELS",), ("z",)),
        ("hero_replaced", ("INCAP.REPLACEMENT",), ("z",)),
        ("hero_revived", ("CLAR.RITES-OF-REVIVAL",), ("z",)),
        ("hero_stands_down", ("CLAR.RITES-OF-REVIVAL",), ("z",)),
        ("hero_moved", ("HERO.MOVE", "CLAR.MULTIPLE-MOVES", "INCAP.REPLACEMENT-MOVE"), ("z", "active")),
        ("won", ("SHIELD.TASKS",), ()),
        ("lost_no_hero", ("INCAP.NO-LIMIT",), ()),
        ("aborted", ("ROUND.REPEAT",), ()),
    )

    REPEATABLE = frozenset({"team_devastation", "scion_enters", "hero_incapacitated"})
    """Actions that an accelerated encoding takes ``n`` times in one step: each leaves its own guard
    true for the next time or lowers exactly the count it tests, so n times in a row is one guard and
    one sum."""

    def __init__(
        self,
        hero_count: int,
        booklet: Booklet | None = None,
        *,
        environments: int = 5,
        scions: int | None = None,
        exclude: tuple[str, ...] = (),
        accelerated: bool = False,
    ) -> None:
        self.hero_count = hero_count
        self.accelerated = accelerated
        """Whether a :data:`REPEATABLE` action is taken ``n`` times (a step's parameter) in one step: the
        same reachable states in fewer steps, for the designer queries' witness search."""
        unknown = [a for a in exclude if a not in {n for n, _c, _p in self.ACTIONS}]
        if unknown:
            raise ValueError(f"exclude: unknown actions {unknown}; known: {', '.join(n for n, _c, _p in self.ACTIONS)}")
        self.exclude = tuple(exclude)
        """Actions left out of Next (designer queries that assume, say, no environment's Game Over)."""
        self.booklet = booklet or Booklet()
        self.environments = environments
        self.scions = scion_count() if scions is None else scions
        self.layout: Layout = layout(hero_count)
        self.index = {name: i for i, (name, _c, _p) in enumerate(self.ACTIONS)}
        self._compiled: dict = {}

    # --- positions -----------------------------------------------------------------------------
    @property
    def stops(self) -> tuple[int, ...]:
        """Positions no Advance may jump over: entry effects, and the end of OblivAeon's turn (ID.DEVASTATION)."""
        return tuple(sorted(set(self.layout.entry_effects) | {self.layout.oblivaeon_end}))

    def next_stop(self, pos):
        """The first stop after ``pos`` (the round's size when none is left)."""
        out = z3.IntVal(self.layout.size) if isinstance(pos, z3.ExprRef) else self.layout.size
        for stop in reversed(self.stops):
            out = z3.If(pos < stop, stop, out) if isinstance(pos, z3.ExprRef) else (stop if pos < stop else out)
        return out

    # --- Init ----------------------------------------------------------------------------------
    def init(self, s: dict) -> z3.BoolRef:
        """The state after the fixed setup steps (SETUP.*): before the Second Scion and OblivAeon's first turn."""
        b = self.booklet
        return z3.And(
            s["round"] == 1,
            s["pos"] == SETUP,
            s["outcome"] == RUNNING,
            s["ozone"] == 1,
            s["dev"] == 0,
            s["ledger"] == 0,
            s["countdown"] == b.countdown_start,
            z3.Not(s["checked"]),
            s["set_aside"] == self.environments - 2,
            s["env1"],
            s["env2"],
            s["removed"] == 0,
            s["reserve"] == self.scions - 1,
            s["sc1"] == 1,
            s["sc2"] == 0,
            s["sout"] == 0,
            s["a1"] == self.hero_count,
            s["a2"] == 0,
            s["e1"] == 0,
            s["e2"] == 0,
        )

    # --- the actions -----------------------------------------------------------------------------
    def advance(self, s, p):
        """Walk the round table to a later phase, never past a stop; entering OblivAeon's start ticks the
        Countdown (ID.COUNTDOWN), entering a villain turn's start applies BZ.DEV.SCIONS-OUTNUMBER."""
        lay, b = self.layout, self.booklet
        q, wrap, pos = p["q"], p["wrap"], s["pos"]
        nxt = self.next_stop(pos)
        guard = z3.And(
            z3.Implies(pos == lay.oblivaeon_end, s["checked"]),
            z3.If(wrap, z3.And(nxt == lay.size, q == lay.oblivaeon_start), z3.And(pos < q, q <= nxt, q <= lay.size - 1)),
        )
        c1 = s["countdown"] - b.countdown_tick
        tick = q == lay.oblivaeon_start
        expired = z3.And(tick, c1 <= 0)
        added = (
            z3.If(expired, b.expiry_devastation, 0)
            + z3.If(z3.And(q == lay.villain_start(1), s["sc1"] > s["a1"]), s["sc1"], 0)
            + z3.If(z3.And(q == lay.villain_start(2), s["sc2"] > s["a2"]), s["sc2"], 0)
        )
        return guard, {
            "round": s["round"] + z3.If(wrap, 1, 0),
            "pos": q,
            "checked": z3.BoolVal(False),
            "countdown": z3.If(tick, z3.If(expired, b.countdown_start, c1), s["countdown"]),
            "dev": s["dev"] + added,
            "ledger": s["ledger"] + added,
        }

    def devastation_check(self, s, p):
        """End of OblivAeon's turn, once: with at least the threshold, that much Devastation is spent and the
        environment in OblivAeon's zone is destroyed (then as ``environment_removed``, in his own zone)."""
        t = self.booklet.threshold
        spend = z3.And(t > 0, s["dev"] >= t)
        oz = s["ozone"]
        return z3.And(s["pos"] == self.layout.oblivaeon_end, z3.Not(s["checked"]), z3.Implies(spend, z3.And(s["env1"], s["env2"]))), {
            "checked": z3.BoolVal(True),
            "dev": z3.If(spend, s["dev"] - t, s["dev"]),
            "ledger": z3.If(spend, s["ledger"] - t, s["ledger"]),
            **_set_zone(s, "env", oz, z3.If(spend, z3.BoolVal(False), _zone(s, "env", oz))),
            "removed": z3.If(spend, s["removed"] + 1, s["removed"]),
            "outcome": z3.If(z3.And(spend, s["set_aside"] == 0), LOST_ENV, RUNNING),
        }

    def environment_removed(self, s, p):
        """An environment leaves the game: OblivAeon moves there; with none set aside the game is lost.
        Only while both zones have one (a replacement is chosen before anything else happens)."""
        z = p["z"]
        return z3.And(s["env1"], s["env2"]), {
            **_set_zone(s, "env", z, z3.BoolVal(False)),
            "removed": s["removed"] + 1,
            "ozone": z,
            "outcome": z3.If(s["set_aside"] == 0, LOST_ENV, RUNNING),
        }

    def environment_arrives(self, s, p):
        z = p["z"]
        return z3.And(z3.Not(_zone(s, "env", z)), s["set_aside"] >= 1), {
            **_set_zone(s, "env", z, z3.BoolVal(True)),
            "set_aside": s["set_aside"] - 1,
        }

    def _times(self, p, guard):
        """How many times a repeatable action is taken in this step, and its guard for that many."""
        if not self.accelerated:
            return 1, guard(1)
        n = p["n"]
        return n, z3.And(n >= 1, guard(n))

    def scion_enters(self, s, p):
        z = p["z"]
        n, guard = self._times(p, lambda n: s["reserve"] >= n)
        return guard, {"reserve": s["reserve"] - n, **_set_zone(s, "sc", z, _zone(s, "sc", z) + n)}

    def scion_removed(self, s, p):
        """A Scion leaves the game and takes one Devastation token with it, if there is one."""
        z = p["z"]
        taken = z3.If(s["dev"] >= 1, 1, 0)
        return _zone(s, "sc", z) >= 1, {
            **_set_zone(s, "sc", z, _zone(s, "sc", z) - 1),
            "sout": s["sout"] + 1,
            "dev": s["dev"] - taken,
            "ledger": s["ledger"] - taken,
        }

    def hero_incapacitated(self, s, p):
        z = p["z"]
        n, guard = self._times(p, lambda n: _zone(s, "a", z) >= n)
        return guard, {
            **_set_zone(s, "a", z, _zone(s, "a", z) - n),
            **_set_zone(s, "e", z, _zone(s, "e", z) + n),
            "dev": s["dev"] + n,
            "ledger": s["ledger"] + n,
        }

    def team_devastation(self, s, p):
        """The Sentinels' one token when The Bloodstone revives them (the hero stays active)."""
        n, guard = self._times(p, lambda _n: _zone(s, "a", p["z"]) >= 1)  # (the hero stays: the guard holds each time)
        return guard, {"dev": s["dev"] + n, "ledger": s["ledger"] + n}

    def _activate(self, s, z):
        return {**_set_zone(s, "e", z, _zone(s, "e", z) - 1), **_set_zone(s, "a", z, _zone(s, "a", z) + 1)}

    def hero_replaced(self, s, p):
        """After a turn, a player whose hero fell sets up another."""
        z = p["z"]
        in_after = z3.Or([s["pos"] == a for a in self.layout.after])
        return z3.And(_zone(s, "e", z) >= 1, in_after), self._activate(s, z)

    def hero_revived(self, s, p):
        z = p["z"]
        return _zone(s, "e", z) >= 1, self._activate(s, z)

    def hero_stands_down(self, s, p):
        z = p["z"]
        return _zone(s, "a", z) >= 1, {**_set_zone(s, "a", z, _zone(s, "a", z) - 1), **_set_zone(s, "e", z, _zone(s, "e", z) + 1)}

    def hero_moved(self, s, p):
        """A marker changes zone, with its play area (CLAR.ZONE-MEMBERSHIP)."""
        z, active = p["z"], p["active"]
        o = 3 - z
        a_z, a_o, e_z, e_o = _zone(s, "a", z), _zone(s, "a", o), _zone(s, "e", z), _zone(s, "e", o)
        new = {
            "a1": z3.If(active, z3.If(z == 1, a_z - 1, a_o + 1), s["a1"]),
            "a2": z3.If(active, z3.If(z == 2, a_z - 1, a_o + 1), s["a2"]),
            "e1": z3.If(active, s["e1"], z3.If(z == 1, e_z - 1, e_o + 1)),
            "e2": z3.If(active, s["e2"], z3.If(z == 2, e_z - 1, e_o + 1)),
        }
        return z3.If(active, a_z >= 1, e_z >= 1), new

    def won(self, s, p):
        return z3.BoolVal(True), {"outcome": z3.IntVal(WON)}

    def lost_no_hero(self, s, p):
        return s["e1"] + s["e2"] >= 1, {"outcome": z3.IntVal(LOST_HEROES)}

    def aborted(self, s, p):
        return z3.BoolVal(True), {"outcome": z3.IntVal(ABORTED)}

    # --- Next ----------------------------------------------------------------------------------
    def action(self, name: str, s: dict, p: dict):
        """The full guard (game running, zone parameter in range) and the complete next state of one action."""
        guard, effect = getattr(self, name)(s, p)
        reads = dict((n, ps) for n, _c, ps in self.ACTIONS)[name]
        full = [s["outcome"] == RUNNING, guard]
        if "z" in reads:
            full.append(z3.Or(p["z"] == 1, p["z"] == 2))
        nxt = {k: effect.get(k, s[k]) for k, _sort, _m in FIELDS}
        return z3.And(full), nxt

    def next(self, s: dict, t: dict, label: dict) -> z3.BoolRef:
        """Next as the union of the actions (see ``union_of_actions``)."""
        return union_of_actions(s, t, label, [name for name, _c, _p in self.ACTIONS], self.action, self.exclude)

    def describe(self, label: dict) -> str:
        i = label["act"]
        if not 0 <= i < len(self.ACTIONS):
            return f"(no action {i})"
        name, clauses, reads = self.ACTIONS[i]
        bits = []
        if "z" in reads:
            bits.append(f"zone {label['z']}")
        if "active" in reads:
            bits.append("active hero" if label["active"] else "fallen hero's marker")
        if "q" in reads:
            bits.append(("new round, " if label["wrap"] else "") + f"to {self.layout.label(label['q'])}")
        if self.accelerated and name in self.REPEATABLE and label["n"] != 1:
            bits.append(f"{label['n']} times")
        return f"{name}({', '.join(bits)}) [{', '.join(clauses)}]"

    def system(self, name: str = "") -> TransitionSystem:
        params = {k: v for k, v in self.booklet.as_dict().items()}
        assumptions = [v >= 0 for v in params.values() if isinstance(v, z3.ExprRef)]
        return TransitionSystem(
            name=name or f"oblivaeon-{self.hero_count}-heroes",
            state_vars=tuple(Var(n, sort) for n, sort, _m in FIELDS),
            label_vars=(Var("act", "int"), Var("z", "int"), Var("q", "int"), Var("wrap", "bool"), Var("active", "bool"))
            + ((Var("n", "int"),) if self.accelerated else ()),
            init=self.init,
            next=self.next,
            params=params,
            assumptions=z3.And(assumptions) if assumptions else None,
            describe_label=self.describe,
        )

    # --- concrete evaluation (refinement) --------------------------------------------------------
    def _symbolic(self, name: str):
        if name not in self._compiled:
            s = {n: (z3.Int(n) if sort == "int" else z3.Bool(n)) for n, sort, _m in FIELDS}
            p = {"z": z3.Int("p.z"), "q": z3.Int("p.q"), "wrap": z3.Bool("p.wrap"), "active": z3.Bool("p.active"), "n": z3.Int("p.n")}
            guard, nxt = self.action(name, s, p)
            cache: dict = {}
            self._compiled[name] = (compile_expr(guard, cache), {k: compile_expr(v, cache) for k, v in nxt.items()})
        return self._compiled[name]

    def apply(self, name: str, values: dict, **params) -> tuple[bool, dict]:
        """Evaluate one action on concrete values: (guard holds?, next values)."""
        if any(isinstance(v, z3.ExprRef) for v in self.booklet.as_dict().values()):
            raise ValueError("a symbolic Booklet cannot be evaluated on concrete states")
        guard, nxt = self._symbolic(name)
        env = dict(values)
        env.update(
            {
                "p.z": params.get("z", 0),
                "p.q": params.get("q", 0),
                "p.wrap": params.get("wrap", False),
                "p.active": params.get("active", False),
                "p.n": params.get("n", 1),
            }
        )
        return run(guard, env), {k: run(v, env) for k, v in nxt.items()}
