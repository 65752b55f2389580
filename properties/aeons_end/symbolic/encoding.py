"""The symbolic Aeon's End: Init, and Next as the union of one action per kind of step (TLA+ style).

Each action is a method returning ``(guard, effect)``: the guard over the current state ``s`` and
the step's parameters ``p`` (``i`` a player's seat, ``b`` a breach index 0..3, ``n`` an amount,
``nem``/``wild``/``paid`` flags), and the new values of the fields it changes (every other field
stays).  One model step (decision to decision) is a sequence of these actions; the refinement
check (``refinement.py``) rebuilds that sequence from the step's events and evaluates it with this
very encoding.  A deliberately broken encoding overrides one method (``mutants.py``).

The turn order deck's composition (how many player and nemesis cards) is read from the model;
designer queries may leave either number symbolic.  Breach costs come from the model's parameters.
"""

from __future__ import annotations

import z3
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT
from oblivaeon_verify.model.aeons_end.turn_order import turn_order_cards
from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import (
    ABORTED,
    BREACHES,
    CASTING,
    DESTROYED,
    DRAW,
    LOST,
    MAIN,
    NEMESIS,
    NO_CARD,
    OPENED,
    PHASE_NAMES,
    RUNNING,
    TURN_ORDER,
    WILD,
    WON,
    fields,
    requirements,
)

from oblivaeon_verify.smt.evaluate import compile_expr, run
from oblivaeon_verify.smt.system import TransitionSystem, Var, union_of_actions

PLAYER_CARD, NEMESIS_CARD = 1, 2

LABELS = (("act", "int"), ("i", "int"), ("b", "int"), ("n", "int"), ("nem", "bool"), ("wild", "bool"), ("paid", "bool"))


def composition(players: int) -> tuple[int, int]:
    """(player cards, nemesis cards) of the model's turn order deck for ``players``."""
    cards = turn_order_cards(players)
    nem = sum(1 for c in cards if c.startswith("turn:nemesis"))
    return len(cards) - nem, nem


def _ite_index(index, values: list):
    """values[index] for a symbolic index (the last value when out of range; guards keep it in range)."""
    out = values[-1]
    for k in range(len(values) - 2, -1, -1):
        out = z3.If(index == k, values[k], out)
    return out


class Encoding:
    """Init and the actions for one player count.  Subclass and override an action to break it on purpose."""

    #: (method name, clause ids it encodes, label parameters it reads)
    ACTIONS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
        ("reshuffle", ("TURN-ORDER.RESHUFFLE",), ()),
        ("draw_card", ("TURN-ORDER.DRAW", "TURN-ORDER.COMPOSITION", "SOLO.TRUE-SOLO"), ("nem", "wild")),
        ("start_turn", ("TURN-ORDER.DRAW", "EXHAUST.STILL-PLAYS"), ("i", "nem")),
        ("end_casting", ("CAST.CLOSED-MUST",), ()),
        ("end_main", ("MAIN.ANY-ORDER",), ()),
        ("end_turn", ("TURN-ORDER.DRAW",), ()),
        ("gain_aether", ("MAIN.PLAY-GEM-RELIC", "MAIN.WHILE-PREPPED", "MAT.ABILITY"), ("n",)),
        ("spend", ("MAIN.GAIN-CARD", "MAIN.TO-DISCARD"), ("n",)),
        ("charge", ("MAIN.GAIN-CHARGE",), ("paid",)),
        ("ability", ("MAT.ABILITY",), ()),
        ("heal_gravehold", ("MAT.ABILITY",), ("n",)),
        ("focus", ("MAIN.FOCUS", "BREACH.COSTS"), ("b", "paid")),
        ("open", ("MAIN.OPEN", "BREACH.COSTS"), ("b",)),
        ("prep", ("MAIN.PREP", "BREACH.PREP-WHERE"), ("b",)),
        ("cast", ("CAST.OPENED-MAY", "CAST.CLOSED-MUST", "CAST.TO-DISCARD", "ALLY-SPELL"), ("i", "b")),
        ("damage_nemesis", ("CAST.NEMESIS-DAMAGE", "END.WIN-NEMESIS-DEFEATED"), ("n",)),
        ("harm_gravehold", ("END.LOSE-GRAVEHOLD",), ("n",)),
        ("harm_player", ("EXHAUST.WHEN", "END.LOSE-ALL-EXHAUSTED"), ("i", "n")),
        ("heal_player", ("EXHAUST.NO-LIFE-GAIN",), ("i", "n")),
        ("destroy_breach", ("EXHAUST.DESTROY-BREACH",), ("i", "b")),
        ("discard_charges", ("EXHAUST.DISCARD-CHARGES",), ("i",)),
        ("won_nemesis_exhausted", ("END.WIN-NEMESIS-EXHAUSTED",), ()),
        ("lost_nemesis_specific", ("END.LOSE-NEMESIS-SPECIFIC",), ()),
        ("aborted", ("END.IMMEDIATE",), ()),
    )

    def __init__(self, players: int, params=DEFAULT, *, player_cards=None, nemesis_cards=None, exclude: tuple[str, ...] = ()) -> None:
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players: Aeon's End is played by 1 to 4 players, not {players}")
        known = {n for n, _c, _p in self.ACTIONS}
        unknown = [a for a in exclude if a not in known]
        if unknown:
            raise ValueError(f"exclude: unknown actions {unknown}; known: {', '.join(sorted(known))}")
        self.players = players
        self.params = params
        pc, nc = composition(players)
        self.player_cards = pc if player_cards is None else player_cards
        self.nemesis_cards = nc if nemesis_cards is None else nemesis_cards
        self.exclude = tuple(exclude)
        self.fields = fields(players)
        self.index = {name: i for i, (name, _c, _p) in enumerate(self.ACTIONS)}
        self._compiled: dict = {}

    # --- per-player and per-breach fields with symbolic indexes ---------------------------------
    def mine(self, s: dict, key: str, i) -> z3.ExprRef:
        """Player ``i``'s field ``key`` (``life``, ``ex``, ``ch``, ``req``)."""
        return _ite_index(i, [s[f"p{k + 1}.{key}"] for k in range(self.players)])

    def breach(self, s: dict, key: str, i, b) -> z3.ExprRef:
        """Player ``i``'s breach ``b`` field ``key`` (``b`` state, ``f`` focused, ``s`` spell)."""
        return _ite_index(i, [_ite_index(b, [s[f"p{k + 1}.{key}{c + 1}"] for c in range(BREACHES)]) for k in range(self.players)])

    def set_mine(self, s: dict, key: str, i, new) -> dict:
        return {f"p{k + 1}.{key}": z3.If(i == k, new, s[f"p{k + 1}.{key}"]) for k in range(self.players)}

    def set_breach(self, s: dict, key: str, i, b, new) -> dict:
        return {
            f"p{k + 1}.{key}{c + 1}": z3.If(z3.And(i == k, b == c), new, s[f"p{k + 1}.{key}{c + 1}"])
            for k in range(self.players)
            for c in range(BREACHES)
        }

    def breaches_of(self, s: dict, key: str, i) -> list:
        return [_ite_index(i, [s[f"p{k + 1}.{key}{c + 1}"] for k in range(self.players)]) for c in range(BREACHES)]

    def all_exhausted(self, s: dict):
        return z3.And([s[f"p{k + 1}.ex"] for k in range(self.players)])

    def settle(self, s: dict, new: dict) -> dict:
        """END.IMMEDIATE: the end conditions are checked at once after the change (nemesis first)."""
        t = {**s, **new}
        outcome = z3.If(t["nl"] <= 0, WON, z3.If(t["gh"] <= 0, LOST, z3.If(self.all_exhausted(t), LOST, RUNNING)))
        return {**new, "outcome": outcome}

    def cost(self, table: tuple[int, ...], b):
        return _ite_index(b, [z3.IntVal(x) for x in table])

    # --- Init ----------------------------------------------------------------------------------
    def init(self, s: dict) -> z3.BoolRef:
        """The state after setup (MAT.BREACH-SETUP, TURN-ORDER.COMPOSITION, SOLO.TRUE-SOLO), before the first draw.

        Mats differ (which breaches start opened or turned, how many charges the ability needs), so
        Init allows any opened/closed start, any requirement a mat prints, and any starting life of
        at least 1."""
        reqs = requirements()
        out = [
            s["outcome"] == RUNNING,
            s["phase"] == TURN_ORDER,
            s["actor"] == -1,
            s["pend"] == NO_CARD,
            s["turn"] == 0,
            s["cycles"] == 1,
            s["dp"] == self.player_cards,
            s["dn"] == self.nemesis_cards,
            s["xp"] == 0,
            s["xn"] == 0,
            s["aether"] == 0,
            s["ghmax"] >= 1,
            s["gh"] == s["ghmax"],
            s["nlmax"] >= 1,
            s["nl"] == s["nlmax"],
            s["plife"] >= 1,
        ]
        for k in range(self.players):
            p = f"p{k + 1}"
            out += [s[f"{p}.life"] == s["plife"], z3.Not(s[f"{p}.ex"]), s[f"{p}.ch"] == 0, z3.Or([s[f"{p}.req"] == r for r in reqs])]
            for c in range(1, BREACHES + 1):
                out += [s[f"{p}.b{c}"] >= 0, s[f"{p}.b{c}"] <= OPENED, z3.Not(s[f"{p}.f{c}"]), z3.Not(s[f"{p}.s{c}"])]
        return z3.And(out)

    # --- the turn order deck ------------------------------------------------------------------
    def reshuffle(self, s, p):
        """An empty turn order deck takes back its discards, shuffled."""
        return z3.And(s["phase"] == TURN_ORDER, s["pend"] == NO_CARD, s["dp"] + s["dn"] == 0), {
            "dp": s["xp"],
            "dn": s["xn"],
            "xp": z3.IntVal(0),
            "xn": z3.IntVal(0),
            "cycles": s["cycles"] + 1,
        }

    def draw_card(self, s, p):
        """The top card goes to the discard and names who acts next (a wild card: the table chooses)."""
        nem, wild = p["nem"], p["wild"]
        guard = z3.And(
            s["phase"] == TURN_ORDER,
            s["pend"] == NO_CARD,
            z3.If(nem, s["dn"] >= 1, s["dp"] >= 1),
            z3.Implies(wild, z3.And(z3.Not(nem), z3.BoolVal(self.players == 3))),
        )
        return guard, {
            "dp": s["dp"] - z3.If(nem, 0, 1),
            "dn": s["dn"] - z3.If(nem, 1, 0),
            "xp": s["xp"] + z3.If(nem, 0, 1),
            "xn": s["xn"] + z3.If(nem, 1, 0),
            "pend": z3.If(nem, NEMESIS_CARD, z3.If(wild, WILD, PLAYER_CARD)),
        }

    def start_turn(self, s, p):
        nem, i = p["nem"], p["i"]
        guard = z3.And(
            s["phase"] == TURN_ORDER,
            z3.If(nem, s["pend"] == NEMESIS_CARD, z3.And(z3.Or(s["pend"] == PLAYER_CARD, s["pend"] == WILD), i >= 0, i < self.players)),
        )
        return guard, {
            "pend": z3.IntVal(NO_CARD),
            "turn": s["turn"] + 1,
            "aether": z3.IntVal(0),
            "phase": z3.If(nem, NEMESIS, CASTING),
            "actor": z3.If(nem, -1, i),
        }

    # --- the phases of a player's turn ----------------------------------------------------------
    def end_casting(self, s, p):
        """Casting ends only once no spell waits in a closed breach of the acting player."""
        a = s["actor"]
        waiting = [z3.And(sp, st < OPENED) for sp, st in zip(self.breaches_of(s, "s", a), self.breaches_of(s, "b", a), strict=True)]
        return z3.And(s["phase"] == CASTING, z3.Not(z3.Or(waiting))), {"phase": z3.IntVal(MAIN)}

    def end_main(self, s, p):
        return s["phase"] == MAIN, {"phase": z3.IntVal(DRAW)}

    def end_turn(self, s, p):
        """After the draw phase (the focus marks go) or the nemesis's turn, the turn order deck is next."""
        a = s["actor"]
        cleared = {
            f"p{k + 1}.f{c + 1}": z3.If(a == k, z3.BoolVal(False), s[f"p{k + 1}.f{c + 1}"])
            for k in range(self.players)
            for c in range(BREACHES)
        }
        return z3.Or(s["phase"] == DRAW, s["phase"] == NEMESIS), {**cleared, "phase": z3.IntVal(TURN_ORDER), "actor": z3.IntVal(-1)}

    # --- main phase -------------------------------------------------------------------------------
    def gain_aether(self, s, p):
        return z3.And(s["phase"] == MAIN, p["n"] >= 0), {"aether": s["aether"] + p["n"]}

    def spend(self, s, p):
        n = p["n"]
        return z3.And(s["phase"] == MAIN, n >= 0, n <= s["aether"]), {"aether": s["aether"] - n}

    def charge(self, s, p):
        """A charge on one's own mat (paid: 2 aether), never beyond the ability's requirement."""
        a, paid, c = s["actor"], p["paid"], self.params.charge_cost
        ch, req = self.mine(s, "ch", a), self.mine(s, "req", a)
        return z3.And(s["phase"] == MAIN, ch < req, z3.Implies(paid, s["aether"] >= c)), {
            **self.set_mine(s, "ch", a, ch + 1),
            "aether": s["aether"] - z3.If(paid, c, 0),
        }

    def ability(self, s, p):
        a = s["actor"]
        return z3.And(s["phase"] == MAIN, self.mine(s, "ch", a) >= self.mine(s, "req", a)), self.set_mine(s, "ch", a, z3.IntVal(0))

    def heal_gravehold(self, s, p):
        n = p["n"]
        return z3.And(s["phase"] == MAIN, n >= 0), {"gh": z3.If(s["gh"] + n > s["ghmax"], s["ghmax"], s["gh"] + n)}

    def focus(self, s, p):
        """A quarter turn of a closed breach (paid: its focus cost); the fourth opens it."""
        a, b, paid = s["actor"], p["b"], p["paid"]
        st = self.breach(s, "b", a, b)
        c = self.cost(self.params.focus_cost, b)
        guard = z3.And(s["phase"] == MAIN, b >= 0, b < BREACHES, st >= 0, st < OPENED, z3.Implies(paid, s["aether"] >= c))
        return guard, {
            **self.set_breach(s, "b", a, b, st + 1),
            **self.set_breach(s, "f", a, b, z3.BoolVal(True)),
            "aether": s["aether"] - z3.If(paid, c, 0),
        }

    def open(self, s, p):
        a, b = s["actor"], p["b"]
        st = self.breach(s, "b", a, b)
        c = self.cost(self.params.open_cost, b)
        guard = z3.And(s["phase"] == MAIN, b >= 0, b < BREACHES, st >= 0, st < OPENED, s["aether"] >= c)
        return guard, {**self.set_breach(s, "b", a, b, z3.IntVal(OPENED)), "aether": s["aether"] - c}

    def prep(self, s, p):
        a, b = s["actor"], p["b"]
        st = self.breach(s, "b", a, b)
        guard = z3.And(
            s["phase"] == MAIN,
            b >= 0,
            b < BREACHES,
            z3.Not(self.breach(s, "s", a, b)),
            st != DESTROYED,
            z3.Or(st == OPENED, self.breach(s, "f", a, b)),
        )
        return guard, self.set_breach(s, "s", a, b, z3.BoolVal(True))

    def cast(self, s, p):
        """A prepped spell is cast: by its owner in their casting phase, or by an ally's relic in the main phase."""
        i, b = p["i"], p["b"]
        guard = z3.And(
            i >= 0,
            i < self.players,
            b >= 0,
            b < BREACHES,
            self.breach(s, "s", i, b),
            self.breach(s, "b", i, b) != DESTROYED,
            z3.Or(
                z3.And(s["phase"] == CASTING, s["actor"] == i),
                z3.And(s["phase"] == MAIN, z3.Or(s["actor"] != i, z3.BoolVal(self.players == 1))),
            ),
        )
        return guard, self.set_breach(s, "s", i, b, z3.BoolVal(False))

    # --- harm and help ----------------------------------------------------------------------------
    def damage_nemesis(self, s, p):
        n = p["n"]
        return n >= 0, self.settle(s, {"nl": z3.If(s["nl"] - n < 0, 0, s["nl"] - n)})

    def harm_gravehold(self, s, p):
        n = p["n"]
        return n >= 0, self.settle(s, {"gh": z3.If(s["gh"] - n < 0, 0, s["gh"] - n)})

    def harm_player(self, s, p):
        """Life lost by a player who is not exhausted; at 0 they are exhausted."""
        i, n = p["i"], p["n"]
        life = self.mine(s, "life", i)
        left = z3.If(life - n < 0, 0, life - n)
        new = {**self.set_mine(s, "life", i, left), **self.set_mine(s, "ex", i, left == 0)}
        return z3.And(i >= 0, i < self.players, n >= 0, z3.Not(self.mine(s, "ex", i))), self.settle(s, new)

    def heal_player(self, s, p):
        i, n = p["i"], p["n"]
        life = self.mine(s, "life", i)
        return z3.And(i >= 0, i < self.players, n >= 0, z3.Not(self.mine(s, "ex", i))), self.set_mine(
            s, "life", i, z3.If(life + n > s["plife"], s["plife"], life + n)
        )

    def destroy_breach(self, s, p):
        """An exhausted player destroys one breach (once), discarding a spell prepped there."""
        i, b = p["i"], p["b"]
        none_yet = z3.And([st != DESTROYED for st in self.breaches_of(s, "b", i)])
        guard = z3.And(i >= 0, i < self.players, b >= 0, b < BREACHES, self.mine(s, "ex", i), none_yet)
        return guard, {**self.set_breach(s, "b", i, b, z3.IntVal(DESTROYED)), **self.set_breach(s, "s", i, b, z3.BoolVal(False))}

    def discard_charges(self, s, p):
        i = p["i"]
        return z3.And(i >= 0, i < self.players, self.mine(s, "ex", i)), self.set_mine(s, "ch", i, z3.IntVal(0))

    def won_nemesis_exhausted(self, s, p):
        return z3.BoolVal(True), {"outcome": z3.IntVal(WON)}

    def lost_nemesis_specific(self, s, p):
        return z3.BoolVal(True), {"outcome": z3.IntVal(LOST)}

    def aborted(self, s, p):
        """The safety stop: it fires as a turn starts (the turn is counted, its aether reset)."""
        started = s["pend"] != NO_CARD
        return z3.BoolVal(True), {
            "outcome": z3.IntVal(ABORTED),
            "turn": s["turn"] + z3.If(started, 1, 0),
            "aether": z3.If(started, 0, s["aether"]),
            "pend": z3.IntVal(NO_CARD),
        }

    # --- Next ----------------------------------------------------------------------------------
    def action(self, name: str, s: dict, p: dict):
        """The full guard (game running) and the complete next state of one action."""
        guard, effect = getattr(self, name)(s, p)
        nxt = {k: effect.get(k, s[k]) for k, _sort, _m in self.fields}
        return z3.And(s["outcome"] == RUNNING, guard), nxt

    def next(self, s: dict, t: dict, label: dict) -> z3.BoolRef:
        """Next as the union of the actions (see ``union_of_actions``)."""
        return union_of_actions(s, t, label, [name for name, _c, _p in self.ACTIONS], self.action, self.exclude)

    def describe(self, label: dict) -> str:
        a = label["act"]
        if not 0 <= a < len(self.ACTIONS):
            return f"(no action {a})"
        name, clauses, reads = self.ACTIONS[a]
        bits = []
        if "nem" in reads:
            bits.append("nemesis" if label["nem"] else ("wild card" if label.get("wild") and "wild" in reads else "player"))
        if "i" in reads and not (name == "start_turn" and label["nem"]):
            bits.append(f"player {label['i'] + 1}")
        if "b" in reads:
            bits.append(f"breach {label['b'] + 1}")
        if "n" in reads:
            bits.append(str(label["n"]))
        if "paid" in reads:
            bits.append("paid" if label["paid"] else "free")
        return f"{name}({', '.join(bits)}) [{', '.join(clauses)}]"

    def composition_values(self) -> dict:
        return {"player_cards": self.player_cards, "nemesis_cards": self.nemesis_cards}

    def system(self, name: str = "") -> TransitionSystem:
        params = self.composition_values()
        symbolic = [v for v in params.values() if isinstance(v, z3.ExprRef)]
        return TransitionSystem(
            name=name or f"aeons-end-{self.players}-players",
            state_vars=tuple(Var(n, sort) for n, sort, _m in self.fields),
            label_vars=tuple(Var(n, sort) for n, sort in LABELS),
            init=self.init,
            next=self.next,
            params=params,
            assumptions=z3.And([v >= 1 for v in symbolic]) if symbolic else None,
            describe_label=self.describe,
        )

    def phase_name(self, phase: int) -> str:
        return PHASE_NAMES.get(phase, f"phase {phase}")

    # --- concrete evaluation (refinement) --------------------------------------------------------
    def _symbolic(self, name: str):
        if name not in self._compiled:
            s = {n: (z3.Int(n) if sort == "int" else z3.Bool(n)) for n, sort, _m in self.fields}
            p = {n: (z3.Int(f"p.{n}") if sort == "int" else z3.Bool(f"p.{n}")) for n, sort in LABELS if n != "act"}
            guard, nxt = self.action(name, s, p)
            cache: dict = {}
            self._compiled[name] = (compile_expr(guard, cache), {k: compile_expr(v, cache) for k, v in nxt.items()})
        return self._compiled[name]

    def apply(self, name: str, values: dict, **params) -> tuple[bool, dict]:
        """Evaluate one action on concrete values: (guard holds?, next values)."""
        if any(isinstance(v, z3.ExprRef) for v in self.composition_values().values()):
            raise ValueError("a symbolic turn order deck cannot be evaluated on concrete states")
        guard, nxt = self._symbolic(name)
        env = dict(values)
        for n, sort in LABELS:
            if n != "act":
                env[f"p.{n}"] = params.get(n, False if sort == "bool" else 0)
        return run(guard, env), {k: run(v, env) for k, v in nxt.items()}
