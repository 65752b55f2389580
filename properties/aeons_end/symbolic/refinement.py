"""Refinement: every concrete step of the Aeon's End model is a sequence of actions the encoding allows.

``explain(encoding, before, decision, after, events)`` rebuilds, from the step's events (each names
its clause), the decision and the concrete state before it, the sequence of symbolic actions the
step consists of; evaluates each with the encoding (its guard must hold) and compares the result
with ``abstract(after)``.  Phase changes make no event, so the actions that end a phase are
inserted where the next event needs a later phase, and at the end of the step.  An event the
encoding does not know, a guard that fails or a field that differs is a :class:`RefinementError`
naming the step, the action and the clause.
"""

from __future__ import annotations

from oblivaeon_verify.model.aeons_end.card_effects import GainAether, RestoreGravehold
from oblivaeon_verify.model.aeons_end.cards import MATS, card_def, nemesis_def
from oblivaeon_verify.properties.aeons_end.symbolic.abstraction import CASTING, DRAW, MAIN, NEMESIS, RUNNING, TURN_ORDER, abstract, names
from oblivaeon_verify.properties.aeons_end.symbolic.encoding import Encoding

from oblivaeon_verify.smt.evaluate import Explanation, RefinementError

#: Event kinds that change nothing the abstraction sees (minions, powers, cards, corruption).
NEUTRAL = frozenset(
    {
        "minion-acts",
        "minion-damage",
        "minion-defeated",
        "power-counts-down",
        "power-resolves",
        "nemesis-draws",
        "unleash",
        "corruption",
        "discard-turned-over",
        "no-life-gain",
    }
)

#: (kind, clause) pairs narrating what an action already did (END.IMMEDIATE is part of every harm action).
EXPLAINED = frozenset(
    {
        ("exhausted", "EXHAUST.WHEN"),
        ("game-won", "END.WIN-NEMESIS-DEFEATED"),
        ("game-lost", "END.LOSE-GRAVEHOLD"),
        ("game-lost", "END.LOSE-ALL-EXHAUSTED"),
    }
)

#: Events that happen in the acting player's main phase.
MAIN_PHASE = frozenset({"play", "gain", "to-discard", "while-prepped", "charge", "focus", "open", "prep", "ability"})


def _spell_place(state, card: str) -> tuple[int, int]:
    for i, m in enumerate(state.mages):
        for b, br in enumerate(m.breaches):
            if br.spell == card:
                return i, b
    raise RefinementError(f"cast of {card}: no breach held it before the step")


def explain(enc: Encoding, before_state, decision, after_state, events, where: str = "") -> Explanation:
    """The action sequence of one model step, checked against the encoding (raises RefinementError)."""
    before, after = abstract(before_state), abstract(after_state)
    seat = {m.name: i for i, m in enumerate(before_state.mages)}
    kind = getattr(decision, "kind", "")
    out = Explanation(states=[dict(before)])
    state = dict(before)

    def do(name: str, why: str, **params) -> None:
        nonlocal state
        ok, nxt = enc.apply(name, state, **params)
        if not ok:
            label = {"act": enc.index[name], "i": 0, "b": 0, "n": 0, "nem": False, "wild": False, "paid": False, **params}
            raise RefinementError(f"{where}: the encoding refuses {enc.describe(label)} for {why}; abstract state before it: {state}")
        out.actions.append((name, params))
        state = nxt
        out.states.append(dict(state))

    def to_phase(target: int, why: str) -> None:
        """End phases (no events mark it) until the cursor is at ``target``."""
        for _ in range(4):
            ph = state["phase"]
            if ph == target:
                return
            if ph == CASTING:
                do("end_casting", why)
            elif ph == MAIN and target != CASTING:
                do("end_main", why)
            elif ph in (DRAW, NEMESIS):
                do("end_turn", why)
            else:
                break
        raise RefinementError(
            f"{where}: {why} needs the {enc.phase_name(target)} phase, but the cursor is at {enc.phase_name(state['phase'])}"
        )

    for e in events:
        key = (e.kind, e.clause)
        if e.kind in NEUTRAL or key in EXPLAINED:
            continue
        why = f"event [{e.clause}] {e.kind}"
        if e.kind in MAIN_PHASE:
            to_phase(MAIN, why)
        if e.kind == "turn-order-reshuffle":
            to_phase(TURN_ORDER, why)
            do("reshuffle", why)
        elif e.kind == "turn-order-card":
            to_phase(TURN_ORDER, why)
            do("draw_card", why, nem=e.card.startswith("turn:nemesis"), wild=e.card.startswith("turn:wild"))
        elif e.kind == "turn":
            nem = e.target == "nemesis"
            do("start_turn", why, nem=nem, i=0 if nem else int(e.target[1:]))
        elif e.kind == "play":
            do("gain_aether", why, n=e.amount)
        elif e.kind == "while-prepped":
            do("gain_aether", why, n=card_def(e.card).while_prepped_aether)
        elif e.kind == "gain":
            do("spend", why, n=e.amount)
        elif e.kind == "to-discard":
            do("spend", why, n=nemesis_def(e.card).to_discard)
        elif e.kind == "charge":
            do("charge", why, paid=kind == "gain-charge")
        elif e.kind == "focus":
            do("focus", why, b=e.amount - 1, paid=kind == "focus")
        elif e.kind == "open":
            do("open", why, b=e.amount - 1)
        elif e.kind == "prep":
            do("prep", why, b=e.amount - 1)
        elif e.kind == "ability":
            do("ability", why)
            ability = MATS[e.target].ability
            if isinstance(ability, RestoreGravehold):
                do("heal_gravehold", f"{why} ({e.detail})", n=ability.amount)
            elif isinstance(ability, GainAether):
                do("gain_aether", f"{why} ({e.detail})", n=ability.amount)
        elif e.kind == "cast":
            i, b = _spell_place(before_state, e.card)
            do("cast", why, i=i, b=b)
        elif e.kind == "nemesis-damage":
            do("damage_nemesis", why, n=e.amount)
        elif e.kind == "gravehold-damage":
            do("harm_gravehold", why, n=e.amount)
        elif e.kind == "player-damage":
            do("harm_player", why, i=seat[e.target], n=e.amount)
        elif e.kind == "player-heal":
            do("heal_player", why, i=seat[e.target], n=e.amount)
        elif e.kind == "breach-destroyed":
            do("destroy_breach", why, i=seat[e.target], b=e.amount - 1)
        elif e.kind == "charges-discarded":
            do("discard_charges", why, i=seat[e.target])
        elif key == ("game-won", "END.WIN-NEMESIS-EXHAUSTED"):
            do("won_nemesis_exhausted", why)
        elif key == ("game-lost", "END.LOSE-NEMESIS-SPECIFIC"):
            do("lost_nemesis_specific", why)
        elif e.kind == "game-aborted":
            do("aborted", why)
        else:
            raise RefinementError(f"{where}: event {e} ([{e.clause}] {e.kind}) is not explained by the symbolic encoding")
    if state["outcome"] == RUNNING and after["phase"] != state["phase"]:
        to_phase(after["phase"], "the phases the step walked through")
    diffs = {k: (state[k], after[k]) for k in names(enc.players) if state[k] != after[k]}
    if diffs:
        actions = ", ".join(n for n, _p in out.actions) or "no action"
        raise RefinementError(
            f"{where}: after {actions} the encoding gives " + "; ".join(f"{k}={a} but the model has {b}" for k, (a, b) in diffs.items())
        )
    return out


def init_holds(enc: Encoding, state) -> bool:
    """The abstraction of a freshly set-up game satisfies the encoding's Init."""
    import z3

    from oblivaeon_verify.smt.evaluate import compile_expr, run

    s = {n: (z3.Int(n) if sort == "int" else z3.Bool(n)) for n, sort, _m in enc.fields}
    return bool(run(compile_expr(enc.init(s)), abstract(state)))


def random_steps(players: int, index: int, seed: int = 7, params=None):
    """(before, decision, after, events) for every step of one random game, as the campaign plays it."""
    from oblivaeon_verify.model.aeons_end import engine
    from oblivaeon_verify.model.aeons_end.parameters import DEFAULT
    from oblivaeon_verify.model.aeons_end.ruleset import RULESET

    from oblivaeon_verify.play import choose, game_rng

    rng = game_rng(seed, players, index)
    cfg = RULESET.random_setup(rng, players, params or DEFAULT)
    state = engine.new_game(cfg)
    while state.options:
        decision = choose(rng, state.options, RULESET.decision_weight)
        nxt, events = engine.step(state, decision)
        yield state, decision, nxt, events
        state = nxt


def check_game(enc: Encoding, steps, where: str = "") -> int:
    """Check every step of a game given as (before, decision, after, events); returns the steps checked."""
    n = 0
    for before, decision, after, events in steps:
        explain(enc, before, decision, after, events, f"{where} step {n} ({decision})")
        n += 1
    return n


def check_random_games(players_counts=(1, 2, 3, 4), games: int = 2, seed: int = 7, encoding_class=Encoding) -> dict:
    """Refinement over random games (random mages, nemesis and difficulty): steps checked per player count."""
    from oblivaeon_verify.model.aeons_end import engine
    from oblivaeon_verify.model.aeons_end.ruleset import RULESET

    from oblivaeon_verify.play import game_rng

    out = {}
    for n in players_counts:
        enc = encoding_class(n)
        total = 0
        for g in range(games):
            cfg = RULESET.random_setup(game_rng(seed, n, g), n, RULESET.parameters.DEFAULT)
            if not init_holds(enc, engine.new_game(cfg)):
                raise RefinementError(f"{n} players, game {g}: the state after setup does not satisfy Init")
            total += check_game(enc, random_steps(n, g, seed), f"{n} players, game {g}")
        out[n] = total
    return out
