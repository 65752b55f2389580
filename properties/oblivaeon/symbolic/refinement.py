"""Refinement: every concrete step of the model is a sequence of actions that the encoding allows.

``explain(encoding, before, after, events)`` rebuilds, from the step's events (each names its
clause) and the round table, the sequence of symbolic actions the step consists of, evaluates each
with the encoding (guard must hold) and compares the result with ``abstract(after)``.  An event the
encoding does not know, a guard that fails, or a field that differs is a :class:`RefinementError`
naming the step, the action and the clause.

Events that only narrate what an action already did (the Countdown events explained by entering
OblivAeon's turn, the Devastation of a Scion's removal, OblivAeon moving after an environment
falls, ...) are listed in ``EXPLAINED``; the final comparison and the Devastation ledger check them.
"""

from __future__ import annotations

from oblivaeon_verify.properties.oblivaeon.symbolic.abstraction import NAMES, abstract
from oblivaeon_verify.properties.oblivaeon.symbolic.encoding import Encoding

from oblivaeon_verify.smt.evaluate import Explanation, RefinementError

#: Event kinds that change nothing the abstraction sees.
NEUTRAL = frozenset(
    {
        "play",
        "put-into-play",
        "trigger",
        "damage",
        "damage-prevented",
        "heal",
        "destroyed",
        "enters-play",
        "leaves-play",
        "changes-zone",
        "moved",
        "reaction",
        "draw",
        "discard",
        "reshuffle",
        "power",
        "temporary-effect",
        "temporary-effect-ended",
        "to-bottom",
        "card-moved",
        "next-to-hero",
        "harpy-token",
        "seed-played",
        "seed-planted",
        "seed-returned",
        "game-over-token",
        "environment-game-over",
        "environment-destroyed",
        "rainek-usurps",
        "removed-from-game",
        "not-removable",
        "shield-task",
        "shield-flipped",
        "shield-removed",
        "form-defeated",
        "indestructible",
        "team-member-down",
        "bloodstone",
        "reward-under",
        "to-mission-deck",
        "to-box",
        "foreign-to-trash",
        "hero-erased",
        "revived-to-box",
        "revived-as-written",
        "constructs-stay",
        "construct-under",
        "construct-played",
        "construct-released",
        "objective-taken",
        "objective-traded",
        "shuffle",
        "objective-token",
        "objective-completed",
        "reward-regained",
        "incap-ability",
        "aeon-man-called",
        "no-scion-card",
        "reserve-empty",
        "reveal",
        "option",
        "objective-swapped",
        "reward-reclaimed",
        "paid",
        "choice",
    }
)

#: (kind, clause) pairs narrating an action already applied.
EXPLAINED = frozenset(
    {
        ("countdown", "ID.COUNTDOWN"),
        ("countdown-expired", "ID.COUNTDOWN"),
        ("devastation", "ID.COUNTDOWN"),
        ("devastation", "BZ.DEV.SCIONS-OUTNUMBER"),
        ("devastation", "BZ.DEV.SCION-REMOVED"),
        ("oblivaeon-moves", "ENV.REMOVAL.MOVE-OBLIVAEON"),
        ("game-lost", "ENV.REMOVAL.LOSS"),
        ("environment-removed", "ID.DEVASTATION"),
    }
)


def ledger_delta(events) -> int:
    return sum(e.amount for e in events if e.kind == "devastation")


def _slot_start(enc: Encoding, e) -> int:
    lay = enc.layout
    text = e.detail
    if text.startswith("OblivAeon"):
        return lay.slot_start("oblivaeon")
    if text.startswith("Hero "):
        return lay.slot_start("hero", seat=e.amount - 1)
    if "Environment" in text:
        return lay.slot_start("environment", zone=e.zone)
    if "Villain" in text:
        return lay.slot_start("villain", zone=e.zone)
    raise RefinementError(f"turn event {e} names no turn of the round table")


def explain(enc: Encoding, before: dict, after: dict, events, where: str = "") -> Explanation:
    """The action sequence of one model step, checked against the encoding (raises RefinementError)."""
    lay = enc.layout
    out = Explanation(states=[dict(before)])
    state = dict(before)

    def do(name: str, why: str, **params) -> None:
        nonlocal state
        ok, nxt = enc.apply(name, state, **params)
        if not ok:
            raise RefinementError(
                f"{where}: the encoding refuses {enc.describe({'act': enc.index[name], 'z': params.get('z', 0), 'q': params.get('q', 0), 'wrap': params.get('wrap', False), 'active': params.get('active', False)})}"
                f" for {why}; abstract state before it: {state}"
            )
        out.actions.append((name, params))
        state = nxt
        out.states.append(dict(state))

    def advance_to(q: int, why: str, wrap: bool = False) -> None:
        # Hop from stop to stop: an Advance never jumps over one (the encoding's guard says so).
        while True:
            if state["pos"] == lay.oblivaeon_end and not state["checked"]:
                do("devastation_check", "leaving the end of OblivAeon's turn (the Booklet's check ran silently)")
            target_in_round = lay.size if wrap else q
            if state["pos"] >= target_in_round and not wrap:
                return
            stop = enc.next_stop(state["pos"])
            if wrap and stop == lay.size:
                do("advance", why, q=lay.oblivaeon_start, wrap=True)
                return
            hop = min(stop, q) if not wrap else stop
            do("advance", why, q=hop, wrap=False)
            if not wrap and hop == q:
                return

    pending_round = 0
    last_incap = False
    acting = [i for i, e in enumerate(events) if e.kind not in NEUTRAL and (e.kind, e.clause) not in EXPLAINED]
    for i, e in enumerate(events):
        key = (e.kind, e.clause)
        was_incap, last_incap = last_incap, False
        if e.kind in NEUTRAL or key in EXPLAINED:
            continue
        why = f"event [{e.clause}] {e.kind}"
        if (
            i == acting[-1]
            and after["outcome"] != 0
            and not pending_round
            and after["round"] == state["round"]
            and state["pos"] < after["pos"]
        ):
            # The step that ends the game: the phases walked silently before it happened come first
            # (once the game is over the cursor stays where it is).
            advance_to(after["pos"], "the phases walked before the game ended")
        if e.kind == "round":
            pending_round += 1
        elif e.kind == "turn":
            q = _slot_start(enc, e)
            if pending_round:
                pending_round -= 1
                advance_to(q, why, wrap=True)
            else:
                advance_to(q, why)
        elif key == ("devastation", "ID.DEVASTATION"):
            if state["pos"] != lay.oblivaeon_end:
                advance_to(lay.oblivaeon_end, why)
            do("devastation_check", why)
        elif e.kind == "devastation" and e.clause in ("BZ.DEV.HERO-INCAP", "CLAR.SENTINELS") and was_incap:
            continue
        elif key == ("devastation", "CLAR.SENTINELS"):
            do("team_devastation", why, z=e.zone)
        elif e.kind == "environment-removed":
            do("environment_removed", why, z=e.zone)
        elif e.kind == "environment-arrives":
            do("environment_arrives", why, z=e.zone)
        elif e.kind == "scion-enters":
            do("scion_enters", why, z=e.zone)
        elif e.kind == "scion-removed":
            do("scion_removed", why, z=e.zone)
        elif e.kind == "hero-incapacitated":
            do("hero_incapacitated", why, z=e.zone)
            last_incap = True
        elif key == ("hero-set-up", "INCAP.REPLACEMENT"):
            after_pos = lay.after_of(state["pos"])
            if state["pos"] != after_pos:
                advance_to(after_pos, why)
            do("hero_replaced", why, z=e.zone)
        elif key == ("hero-set-up", "CLAR.RITES-OF-REVIVAL"):
            do("hero_revived", why, z=e.zone)
        elif key == ("returned-to-box", "CLAR.RITES-OF-REVIVAL"):
            do("hero_stands_down", why, z=e.zone)
        elif e.kind == "hero-moved":
            do("hero_moved", why, z=e.source_zone, active=bool(e.target))
        elif e.kind == "game-won":
            do("won", why)
        elif key == ("game-lost", "INCAP.NO-LIMIT"):
            do("lost_no_hero", why)
        elif e.kind == "game-aborted":
            pending_round = 0
            do("aborted", why)
        else:
            raise RefinementError(f"{where}: event {e} ([{e.clause}] {e.kind}) is not explained by the symbolic encoding")
    if pending_round:
        raise RefinementError(f"{where}: a new round began but no turn of it did")
    if state["outcome"] == 0 and after["pos"] != state["pos"]:
        advance_to(after["pos"], "the phases the step walked through")
    diffs = {k: (state[k], after[k]) for k in NAMES if state[k] != after[k]}
    if diffs:
        actions = ", ".join(n for n, _p in out.actions) or "no action"
        raise RefinementError(
            f"{where}: after {actions} the encoding gives " + "; ".join(f"{k}={a} but the model has {b}" for k, (a, b) in diffs.items())
        )
    return out


def check_step(enc: Encoding, before_state, after_state, events, ledger: int, where: str = "") -> int:
    """Check one model step; returns the ledger after it."""
    new_ledger = ledger + ledger_delta(events)
    explain(enc, abstract(before_state, ledger), abstract(after_state, new_ledger), events, where)
    return new_ledger


def check_game(enc: Encoding, steps, where: str = "") -> int:
    """Check every step of a game given as (before, decision, after, events); returns the steps checked."""
    ledger = 0
    n = 0
    for before, decision, after, events in steps:
        ledger = check_step(enc, before, after, events, ledger, f"{where} step {n} ({decision})")
        n += 1
    return n
