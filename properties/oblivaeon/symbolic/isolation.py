"""Battle-zone isolation (BZ.ISOLATION), proved over the model's own targeting rules.

The model decides what an effect can reach in one place: ``battle_zones.reach_zones(ctx, reach)``
(with ``mission_bound``, CLAR.MISSION-ZONE), used by ``reachable_targets`` and ``destroyable``.
Its inputs are finite (the effect's zone, the reach its card prints, whether its card is a
Mission card), so the model function is evaluated on every input and the results become the Z3
relation ``Reaches``; every card text of ``cards.py`` (each instruction that carries a reach)
becomes a fact.  Z3 then proves: no instruction whose card does not say otherwise (reach
``zone``), and no instruction of a Mission card whatever it says, reaches a zone other than its
own.  The instructions whose card does say otherwise are listed by name.

The same relation checks the model's events in the refinement test (``event_violations``): an
event that a card caused with reach ``zone`` happened in that card's zone.
"""

from __future__ import annotations

import time

import z3
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import reach_zones
from oblivaeon_verify.model.oblivaeon.cards import CARD_DEFS, CHARACTERS_LIST, SCIONS
from oblivaeon_verify.model.oblivaeon.draft import Ctx

from oblivaeon_verify.smt import smtlib
from oblivaeon_verify.smt.allowance import Allowance
from oblivaeon_verify.smt.kinduction import PROOF_WORK

REACHES = v.REACHES
ZONE = REACHES.index("zone")
CLAUSES = ("BZ.ISOLATION", "CLAR.MISSION-ZONE", "CLAR.ZONE-MEMBERSHIP")


def _ops_with_reach(ops):
    for op in ops:
        if isinstance(op, v.Destroy):
            yield op, op.reach
        for f in ("target",):
            t = getattr(op, f, None)
            if isinstance(t, v.Target):
                yield op, t.reach


def instructions() -> list[tuple[str, str, bool, str]]:
    """(card name, instruction, is a Mission card, reach) for every instruction that picks targets or cards."""
    out = []

    def add(name, deck, ops):
        for op, reach in _ops_with_reach(ops):
            out.append((name, type(op).__name__, deck == "Mission", reach))

    for c in CARD_DEFS.values():
        ops = list(c.ops) + [op for t in c.triggers for op in t.ops] + [op for p in c.powers for op in p] + list(c.seed_ops)
        add(c.name, c.deck, ops)
        if c.reward is not None:
            r = c.reward
            add(r.name, "Mission", list(r.ops) + [op for t in r.triggers for op in t.ops] + [op for p in r.powers for op in p])
    for ch in CHARACTERS_LIST:
        add(ch.variant, ch.hero, list(ch.power) + [op for inc in ch.incap for op in inc])
    for sc in SCIONS.values():
        add(sc.name, "Scion", [op for t in sc.triggers for op in t.ops])
    return sorted(set(out))


def _mission_source() -> str:
    from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL

    return next(k for k, c in PHYSICAL.items() if c.deck == "Mission")


def reach_table() -> dict[tuple[int, int, bool], tuple[int, ...]]:
    """The model's ``reach_zones`` on every input: (effect zone, reach index, Mission card?) -> zones."""
    mission = _mission_source()
    table = {}
    for zone in (1, 2):
        for r, reach in enumerate(REACHES):
            for is_mission in (False, True):
                ctx = Ctx(mission if is_mission else "not-a-card", "hero", 0, zone)
                table[(zone, r, is_mission)] = tuple(reach_zones(ctx, reach))
    return table


def reaches_relation(table):
    """Reaches(zone, reach, mission, z) as a z3 expression builder over the table."""

    def reaches(zone, reach, mission, z):
        cases = []
        for (cz, r, m), zones in table.items():
            cases.append(z3.And(zone == cz, reach == r, mission == m, z3.Or([z == t for t in zones]) if zones else z3.BoolVal(False)))
        return z3.Or(cases)

    return reaches


def prove(work: int = PROOF_WORK, seconds: float | None = None) -> dict:
    """Prove isolation, its one obligation within ``work`` solver units (and ``seconds``, when given: an
    answer under it can depend on the machine); returns a JSON-able result with the instructions that say
    otherwise (``unknown``, with the limit that ran out as its ``reason``, is never a pass)."""
    start = time.perf_counter()
    table = reach_table()
    reaches = reaches_relation(table)
    instr = instructions()
    s = z3.Solver()
    i, zone, z = z3.Ints("instruction effect_zone reached_zone")
    reach, mission = z3.Int("reach"), z3.Bool("mission_card")
    # The instruction i is one of the model's card texts, with its printed reach and its card kind.
    s.add(z3.Or([z3.And(i == n, reach == REACHES.index(r), mission == m) for n, (_c, _op, m, r) in enumerate(instr)]))
    s.add(z3.Or(zone == 1, zone == 2))
    s.add(reaches(zone, reach, mission, z))
    s.add(z3.Or(reach == ZONE, mission))
    s.add(z != zone)
    smt2 = smtlib.benchmark(s, "obligation BZ-ISOLATION; a proof needs the answer unsat")
    r, why = Allowance.of(work, seconds).answer(s)
    smt2 = smtlib.answered(smt2, r)
    status = "proved" if r == z3.unsat else "violated" if r == z3.sat else "unknown"
    out = {
        "property": "BZ-ISOLATION",
        "status": status,
        "method": "exhaustive table of reach_zones + Z3",
        "clauses": list(CLAUSES),
        "instructions": len(instr),
        "say_otherwise": sorted({f"{c} ({op}, reach {rch})" for c, op, m, rch in instr if rch != "zone" and not m}),
        "mission_cards_held_to_their_zone": sorted({c for c, _op, m, rch in instr if m and rch != "zone"}),
        "seconds": time.perf_counter() - start,
        "smt2": smt2,
    }
    if r == z3.sat:
        m = s.model()
        c, op, is_m, rch = instr[m.eval(i).as_long()]
        out["counterexample"] = f"{c} ({op}, reach {rch}{', Mission card' if is_m else ''}) in zone {m.eval(zone)} reaches zone {m.eval(z)}"
    if r == z3.unknown:
        out["reason"] = why
    return out


#: Events that record the reach of the card that caused them.  (``destroyed`` and ``heal`` events do
#: not carry the reach of the causing card: a card that reaches across zones and destroys a target
#: there records reach ``zone``; see the report of issue 5.)
EFFECT_EVENTS = frozenset({"damage", "damage-prevented"})


def event_violations(events, table=None) -> list[str]:
    """Events that a card in one zone caused in another although its card's reach is ``zone``."""
    table = table or reach_table()
    out = []
    for e in events:
        if e.kind not in EFFECT_EVENTS or not e.source_zone or not e.zone or e.reach not in REACHES:
            continue
        allowed = table[(e.source_zone, REACHES.index(e.reach), False)]
        if e.reach == "zone" and e.zone not in allowed:
            out.append(f"[{e.clause}] {e.kind} from zone {e.source_zone} reached zone {e.zone} ({e})")
    return out
