"""Designer queries over the symbolic Aeon's End, answered by a proof and a witness.

Each query is bounded reachability (the shortest sequence of symbolic steps, up to ``depth``, from
setup to a goal), decoded into named steps with clause ids; where an induction proof gives a
matching lower bound the answer is exact, otherwise it says within which depth it was searched.
The turn order deck's composition may be fixed (``--set player_cards=5``) or left symbolic.
"""

from __future__ import annotations

import time

import z3
from oblivaeon_verify.properties.aeons_end.symbolic.encoding import Encoding
from oblivaeon_verify.properties.aeons_end.symbolic.invariants import properties

from oblivaeon_verify.smt.allowance import Allowance
from oblivaeon_verify.smt.answers import Answer, QueryError
from oblivaeon_verify.smt.goals import undecided_proofs
from oblivaeon_verify.smt.kinduction import PROOF_WORK, PROVED, QUERY_WORK, Property, Prover, reach

NUMBERS = ("player_cards", "nemesis_cards")
CURSOR_ACTIONS = ("reshuffle", "draw_card", "start_turn", "end_casting", "end_main", "end_turn")
_NOT_CURSOR = tuple(name for name, _c, _p in Encoding.ACTIONS if name not in CURSOR_ACTIONS)


def encoding(players: int, symbolic: tuple[str, ...] = (), fixed: dict | None = None) -> Encoding:
    """The encoding with the named turn order deck numbers replaced by z3 constants or fixed values."""
    values: dict = {}
    for name, v in (fixed or {}).items():
        if name not in NUMBERS:
            raise QueryError(f"--set {name}: not a turn order deck number; expected one of {', '.join(NUMBERS)}")
        if int(v) < 1:
            raise QueryError(f"--set {name}={v}: expected at least 1 card")
        values[name] = int(v)
    for name in symbolic:
        if name not in NUMBERS:
            raise QueryError(f"--symbolic {name}: not a turn order deck number; expected one of {', '.join(NUMBERS)}")
        values[name] = z3.Int(name)
    return Encoding(players, **values)


def _steps(trace) -> list[dict]:
    return [{"step": s.index, "action": s.action, "where": f"turn {s.state['turn']}", "state": s.state} for s in trace]


def reshuffle_lower_bound(enc: Encoding, work: int = PROOF_WORK, prover: Prover | None = None) -> int | None:
    """Prove that no reshuffle comes before every card of the deck has named a turn (fixed composition only),
    each obligation within ``work`` solver units (or by ``prover``, which keeps what ran out)."""
    total = enc.player_cards + enc.nemesis_cards
    if not isinstance(total, int):
        return None
    prover = prover or Prover(enc.system(), work=work)
    props = {p.id: p for p in properties(enc)}
    for pid in ("TURN-ORDER-COMPOSITION", "TURN-CURSOR", "TURN-COUNT"):
        if prover.check(props[pid]).status != PROVED:
            return None
    bound = Property(
        "NO-EARLY-RESHUFFLE",
        f"The turn order deck is not reshuffled before {total} turns.",
        ("TURN-ORDER.RESHUFFLE",),
        lambda s, p: z3.Implies(s["cycles"] >= 2, s["turn"] >= total),
        lemmas=("TURN-COUNT", "TURN-CURSOR", "TURN-ORDER-COMPOSITION"),
    )
    return total if prover.check(bound, kmax=2, bound=0).status == PROVED else None


def fewest_turns_to_reshuffle(
    players: int, *, depth: int = 30, enc: Encoding | None = None, work: int = QUERY_WORK, proof_work: int = PROOF_WORK
) -> Answer:
    """The fewest turns after which the turn order deck is reshuffled (TURN-ORDER.RESHUFFLE), with a witness;
    the search shares ``work`` solver units, each proof obligation has ``proof_work``."""
    enc = enc or Encoding(players)
    start = time.perf_counter()
    notes = ["symbolic abstraction: any turn may be taken by any seated player (counts of player cards, not names)"]
    prover = Prover(enc.system(), work=proof_work)
    low = reshuffle_lower_bound(enc, prover=prover)
    if low is not None:
        notes.append(f"proved for all reachable states (k-induction): no reshuffle before turn {low}")
    else:
        notes.append("no lower bound proved (symbolic turn order deck): the answer is the best found within the depth")
    notes += undecided_proofs(prover)
    # The witness is searched among the steps that move the turn cursor (any witness of this
    # restricted system is a path of the full one); the lower bound above covers every step.
    cursor_only = type(enc)(enc.players, enc.params, player_cards=enc.player_cards, nemesis_cards=enc.nemesis_cards, exclude=_NOT_CURSOR)
    notes.append("witness searched among the steps that move the turn cursor: " + ", ".join(CURSOR_ACTIONS))
    sysm = cursor_only.system()
    status, steps, params = reach(sysm, lambda s: s["cycles"] >= 2, depth=depth, allowance=Allowance.of(work))
    ans = Answer("fewest-turns-to-reshuffle", status, depth, players, notes, _steps(steps), params, value_label="turns")
    if status == "reached":
        ans.value = steps[-1].state["turn"]
        if low is not None and ans.value == low:
            notes.append(f"exact: the witness reshuffles after {low} turns")
    elif status == "unreachable-within":
        notes.append(f"no reshuffle within {depth} symbolic steps (try a larger --depth)")
    ans.seconds = time.perf_counter() - start
    return ans


class StreakEncoding(Encoding):
    """The encoding with one more field: how many nemesis cards have been drawn in a row (a history variable)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields = self.fields + (("streak", "int", "nemesis cards drawn in a row, up to now"),)

    def init(self, s):
        return z3.And(super().init(s), s["streak"] == 0)

    def draw_card(self, s, p):
        guard, effect = super().draw_card(s, p)
        return guard, {**effect, "streak": z3.If(p["nem"], s["streak"] + 1, 0)}


def most_nemesis_turns_in_a_row(
    players: int, *, depth: int = 36, enc: Encoding | None = None, work: int = QUERY_WORK, proof_work: int = PROOF_WORK
) -> Answer:
    """The most nemesis turns in a row the turn order deck allows (across a reshuffle), proved and witnessed;
    the search shares ``work`` solver units, each proof obligation has ``proof_work``."""
    base = enc or Encoding(players)
    start = time.perf_counter()
    M = base.nemesis_cards
    notes = ["symbolic abstraction: the turn order deck as counts of player and nemesis cards, in any order"]
    full = StreakEncoding(players, base.params, player_cards=base.player_cards, nemesis_cards=M)
    prover = Prover(full.system(), work=proof_work)
    props = {p.id: p for p in properties(full)}
    upper = None
    if prover.check(props["TURN-ORDER-COMPOSITION"]).status == PROVED:
        streak = Property(
            "NEMESIS-STREAK",
            "A run of nemesis cards holds this pass's nemesis cards, plus the previous pass's only while no player card was drawn yet.",
            ("TURN-ORDER.DRAW", "TURN-ORDER.RESHUFFLE"),
            lambda s, p: z3.And(s["streak"] >= 0, s["streak"] <= s["xn"] + z3.If(s["xp"] >= 1, 0, p["nemesis_cards"])),
            lemmas=("TURN-ORDER-COMPOSITION",),
        )
        if prover.check(streak).status == PROVED:
            upper = 2 * M if isinstance(M, int) else None
            notes.append(
                "proved for all reachable states (k-induction): a run of nemesis turns is at most this pass's nemesis cards"
                " plus the previous pass's" + (f", so at most {upper}" if upper is not None else "")
            )
    notes += undecided_proofs(prover)
    target = upper if upper is not None else 2 * M
    cursor_only = StreakEncoding(players, base.params, player_cards=base.player_cards, nemesis_cards=M, exclude=_NOT_CURSOR)
    notes.append("witness searched among the steps that move the turn cursor: " + ", ".join(CURSOR_ACTIONS))
    status, steps, params = reach(cursor_only.system(), lambda s: s["streak"] >= target, depth=depth, allowance=Allowance.of(work))
    ans = Answer("most-nemesis-turns-in-a-row", status, depth, players, notes, _steps(steps), params, value_label="nemesis turns in a row")
    if status == "reached":
        ans.value = steps[-1].state["streak"]
        if upper is not None and ans.value == upper:
            notes.append(f"exact: the witness draws {upper} nemesis cards in a row, across a reshuffle")
    elif status == "unreachable-within":
        notes.append(f"no run of {target} within {depth} symbolic steps (try a larger --depth)")
    ans.seconds = time.perf_counter() - start
    return ans


QUERIES = {"fewest-turns-to-reshuffle": fewest_turns_to_reshuffle, "most-nemesis-turns-in-a-row": most_nemesis_turns_in_a_row}
