"""The run-time part of an OblivAeon scenario: completing a partial setup (``new_game``), performing
a step's action, playing on quietly (``until``), why a refused decision proves nothing in a game,
and the words of a trace (``headline``, ``describe_action``).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from oblivaeon_verify.model.oblivaeon import positions
from oblivaeon_verify.model.oblivaeon.cards import ENVIRONMENTS, PHYSICAL, describe
from oblivaeon_verify.model.oblivaeon.decisions import FIELDS, IllegalDecision
from oblivaeon_verify.model.oblivaeon.draft import Ctx
from oblivaeon_verify.model.oblivaeon.engine import inject, new_game, step
from oblivaeon_verify.model.oblivaeon.parameters import DEFAULT, with_overrides
from oblivaeon_verify.model.oblivaeon.places import containers, place_of
from oblivaeon_verify.model.oblivaeon.positions import Placement, Position
from oblivaeon_verify.model.oblivaeon.round_order import Turn, current_phase, current_turn, turns
from oblivaeon_verify.model.oblivaeon.serialise import from_json, to_json
from oblivaeon_verify.model.oblivaeon.setup import SetupConfig
from oblivaeon_verify.properties.common.scenario_checks import CheckedByInvariants
from oblivaeon_verify.properties.oblivaeon.invariants import INVARIANTS
from oblivaeon_verify.properties.oblivaeon.scenario_vocab.checks import carried_problem
from oblivaeon_verify.properties.oblivaeon.scenario_vocab.names import SIDES_BY, op_of
from oblivaeon_verify.properties.oblivaeon.scenario_words import (
    DEFAULT_ENVS,
    DEFAULT_HEROES,
    DEFAULT_SHIELD,
    _outcome,
    deck_labels,
    is_card,
    parse_place,
    place_words,
    where_is,
)

from oblivaeon_verify.scenario_lib.runner import Refused
from oblivaeon_verify.scenario_lib.vocab_base import show
from oblivaeon_verify.words import phrase

QUIET = ("stay", "no-option", "skip-play", "skip-power")
"""What a quiet player does when a scenario plays on (``until``): stay, no option, no card, no power."""
UNTIL_LIMIT = 5000
"""Decisions a step that plays on may take before it gives up (a whole game takes about 1,000)."""


#: How a scenario's keys read in a step's heading (the rest read as written, underscores as spaces).
SPEC_WORDS = {"dtype": "damage type"}


@dataclasses.dataclass(frozen=True, slots=True)
class Ranked:
    """A model event with its rank among the step's events of the same kind, so that a scenario can
    expect an order (the turns of a round) with patterns that match one event at a time."""

    event: Any
    nth: int

    def __getattr__(self, name: str) -> Any:
        return getattr(self.event, name)

    def __str__(self) -> str:
        return str(self.event)


def ranked(events) -> tuple[Ranked, ...]:
    seen: dict[str, int] = {}
    out = []
    for e in events:
        seen[e.kind] = seen.get(e.kind, 0) + 1
        out.append(Ranked(e, seen[e.kind]))
    return tuple(out)


class Play(CheckedByInvariants):
    """The run-time part of ``OblivAeonScenarios`` (a mixin: ``quiet`` comes from ``VocabularyBase``)."""

    # --- the run-time check of a refusal ---

    def refusal_problem(self, state, spec: dict) -> str | None:
        """Why a refused ``decide`` step proves nothing in this game: its pattern picks by a field
        the kind never carries, or names a hero seat, card, environment or deck this game does not
        have, so no decision could have matched it whatever the rules."""
        kind = spec["decide"]
        pattern = {k: spec[k] for k in ("card", "target", "zone", "index", "actor") if k in spec}
        problem = carried_problem(kind, pattern)
        if problem:
            return problem
        actor = pattern.get("actor", "")
        m = re.fullmatch(r"hero (\d+)", actor)
        if m and int(m.group(1)) > len(state.seats):
            return f"there is no hero {m.group(1)} in this game of {len(state.seats)} heroes"
        if FIELDS[kind].get("index") == "seat" and pattern.get("index", 0) >= len(state.seats):
            return f"there is no seat {pattern['index']} (counted from 0) in this game of {len(state.seats)} heroes"
        labels = deck_labels(tuple(s.hero or "" for s in state.seats), tuple(state.envs))
        for k in ("card", "target"):
            name = pattern.get(k)
            if name is None:
                continue
            if is_card(name):
                if where_is(state, name) is None:
                    return f"{name} is in no place of this game"
            elif name in ENVIRONMENTS:
                if name not in state.envs:
                    return f"{name} is not in this game (its environments: {', '.join(sorted(state.envs))})"
            elif name in labels:
                continue
            else:
                return f"{show(name)} names nothing of this game"
        return None

    # --- run time ---

    def new_game(self, setup: dict, params: dict):
        p = with_overrides(DEFAULT, params, "parameters") if params else DEFAULT
        heroes = setup.get("heroes", 4)
        if isinstance(heroes, int):
            heroes = DEFAULT_HEROES[:heroes]
        envs = tuple(setup.get("environments", DEFAULT_ENVS))
        in_play = tuple(setup.get("in_play", envs[:2]))
        order = setup.get("scion_order")
        cfg = SetupConfig(tuple(heroes), setup.get("shield", DEFAULT_SHIELD), envs, in_play, tuple(order) if order else None, p)
        state, _ = self._chance(new_game(cfg), setup_only=setup.get("at") == "setup")
        placements = tuple(
            Placement(p_["card"], parse_place(p_["to"]), p_.get("hp"), bool(p_.get("reward")), p_.get("tokens"))
            for p_ in setup.get("place", [])
        )
        state = positions.place(
            state,
            Position(
                hero_zones={int(marker): zone for marker, zone in setup.get("hero_zones", {}).items()},
                counters={k: setup[k] for k in positions.COUNTERS if k in setup},
                erased=tuple(setup["erased"]) if "erased" in setup else None,
                set_aside=tuple(setup["set_aside"]) if "set_aside" in setup else None,
                placements=placements,
                hp=setup.get("hp", {}),
                tokens=setup.get("tokens", {}),
                fallen=tuple(setup.get("fall", [])),
                erased_heroes=tuple(setup.get("erase", [])),
            ),
        )
        if "start" in setup:
            st = setup["start"]
            state, _ = positions.at_turn(state, self._slot(state, st), round_number=st.get("round", state.cursor.round))
            state, _ = self._chance(state)
        return state

    # checked by the ruleset's invariants, each step taken from a JSON copy (properties.common.scenario_checks)
    registry = INVARIANTS
    model_step = staticmethod(step)
    to_json = staticmethod(to_json)
    from_json = staticmethod(from_json)

    def _slot(self, state, spec: dict) -> int:
        order = turns(state.hero_count)
        for i, t in enumerate(order):
            if t.kind == spec["turn"] and (t.kind != "hero" or t.seat == spec.get("hero", 0) - 1) and (t.zone == spec.get("zone", t.zone)):
                return i
        raise LookupError(f"no turn {spec} in a {state.hero_count}-hero round")

    def _chance(self, state, setup_only: bool = False):
        """Take every chance point's first outcome; with ``setup_only``, stop before the one that
        would begin round 1 (it is left for the scenario's first step)."""
        events = []
        while state.options and state.options[0].is_chance:
            after, ev = self.take(state, state.options[0])
            if setup_only and current_turn(after) is not None:
                break
            state = after
            events.extend(ev)
        return state, events

    def _ctx(self, state, by: dict, source: str, side: str) -> Ctx:
        side = by.get("side", side)
        hero = by.get("hero", 1 if side == "hero" else 0)
        if hero > len(state.seats):
            raise LookupError(f"by.hero: there is no hero {hero} with {len(state.seats)} heroes")
        seat = hero - 1
        zone = by.get("zone", state.seats[seat].zone if seat >= 0 else 1)
        return Ctx(by.get("source", source), side, seat, zone)

    def perform(self, state, action: str, spec: dict):
        state, events = self._perform(state, action, spec)
        return state, ranked(events)

    def _perform(self, state, action: str, spec: dict):
        events: list = []
        if action == "look":
            return state, ()
        if action == "decide":
            if spec["decide"] != "reveal":
                state, events = self._chance(state)
            pattern = {k: spec[k] for k in ("card", "target", "zone", "index", "actor") if k in spec}
            pick = next(
                (d for d in state.options if d.kind == spec["decide"] and all(getattr(d, k) == x for k, x in pattern.items())), None
            )
            if pick is None:
                wanted = " ".join([spec["decide"]] + [f"{k}={x!r}" for k, x in pattern.items()])
                raise Refused(f"no legal decision {wanted}", [str(d) for d in state.options])
            try:
                state, ev = self.take(state, pick)
            except IllegalDecision as e:  # pragma: no cover - the options are the legal ones
                raise Refused(str(e).splitlines()[0], [str(d) for d in e.legal]) from None
            events += ev
        elif action == "effect":
            ctx = self._ctx(state, spec.get("by", {}), "scenario", "hero")
            state, ev = inject(state, (op_of(spec["effect"], spec.get("args", {})),), ctx)
            events += ev
        elif action == "resolve":
            card = spec["resolve"]
            cdef = PHYSICAL[card]
            part = spec.get("part", "play")
            if part == "play":
                ops = cdef.ops
            else:
                kind, n = part.split()
                ops = cdef.triggers[int(n) - 1].ops if kind == "trigger" else cdef.powers[int(n) - 1]
            side = cdef.side if cdef.side in SIDES_BY else "villain"
            by = dict(spec.get("by", {}))
            if "zone" not in by and side != "hero":
                place = place_of(state, card)
                by["zone"] = place[1] if place and place[0] == "zone" else 1
            state, ev = inject(state, tuple(ops), self._ctx(state, by, card, side))
            events += ev
        else:
            return self._until(state, spec["until"])
        if spec.get("chance", "first") == "first":
            state, ev = self._chance(state)
            events += ev
        return state, tuple(events)

    def _until(self, state, goal: dict):
        """Play on quietly.  A turn goal is reached once that turn has begun (its ``turn`` event), at
        the first decision point from then on; turns without decisions are passed through, their
        events kept."""
        events: list = []
        label = str(Turn(goal["turn"], goal.get("hero", 0) - 1, goal.get("zone", 0))) if "turn" in goal else ""
        if "round" in goal and "turn" not in goal:
            label = "round"

        def reached(s, new_events) -> bool:
            if goal.get("game_over"):
                return s.outcome is not None
            if "decision" in goal:
                return any(d.kind == goal["decision"] for d in s.options)
            for e in new_events:
                if e.kind == "turn" and (label == "round" or e.detail == label) and s.cursor.round >= goal.get("round", 0):
                    return True
            return False

        if not label and reached(state, ()):
            return state, ()
        for _ in range(UNTIL_LIMIT):
            if not state.options:
                raise ValueError(f"the game ended ({_outcome(state)}) before reaching {goal}")
            state, ev = self.take(state, self.quiet(state))
            events.extend(ev)
            if reached(state, events):
                return state, tuple(events)
        raise ValueError(f"{goal} not reached within {UNTIL_LIMIT} decisions")

    def same(self, got: Any, want: Any) -> bool:
        if isinstance(got, list) and isinstance(want, list):
            return sorted(map(str, got)) == sorted(map(str, want))
        return got == want

    def event_text(self, e) -> str:
        return str(e)

    def headline(self, state) -> dict:
        """The facts whose changes a trace shows: counters, zones, heroes, HP of targets, and where cards moved."""
        out: dict[str, Any] = {
            "turn": f"round {state.cursor.round}, {current_turn(state) or 'setup'}, {current_phase(state)} phase",
            "outcome": _outcome(state),
            "devastation": state.devastation,
            "countdown": state.countdown,
            "form": state.form,
            "oblivaeon zone": state.oblivaeon_zone,
            "shield side": state.shield_side,
            "usurped": state.usurped,
            "set aside": ", ".join(state.set_aside),
            "erased": ", ".join(state.erased),
        }
        for z in state.zones:
            out[f"zone {z.number} environment"] = z.environment or ""
            out[f"zone {z.number} scions"] = ", ".join(describe(c) for c in z.scions)
        for i, s in enumerate(state.seats):
            out[f"hero {i + 1}"] = f"{s.hero or '(none)'} in zone {s.zone}" + (", needs a new hero" if s.needs_hero else "")
            out[f"hero {i + 1} characters"] = ", ".join(describe(c) for c in s.characters)
            out[f"hero {i + 1} incapacitated"] = ", ".join(describe(c) for c in s.incapacitated)
            out[f"hero {i + 1} hand size"] = len(s.hand)
        for card in sorted(state.hp):
            out[f"hp of {describe(card)}"] = state.hp[card]
        for card in sorted(state.tokens):
            out[f"tokens on {card}"] = state.tokens[card]
        for card in sorted(state.reward_side):
            out[f"face of {card}"] = "reward"
        for place, held in containers(state):
            if place[0] == "box" or (place[0] == "seat" and place[2] == "deck") or (place[0] == "env" and place[2] == "deck"):
                continue
            if place[0] in ("oblivaeon_deck", "scion_deck", "aeon_deck", "mission_deck", "reserve"):
                continue
            for c in held:
                out[f"place of {c}"] = place_words(place)
        return out

    def describe_action(self, action: str, spec: dict) -> str:
        """A step in words (a step's heading on a corner-case page), its settings as phrases rather than TOML tables."""
        if action == "decide":
            bits = [spec["decide"]] + [f"{k} {spec[k]}" for k in ("actor", "card", "target", "zone", "index") if k in spec]
            return "decide: " + ", ".join(phrase(b, SPEC_WORDS) for b in bits)
        if action == "effect":
            by = spec.get("by", {})
            args = spec.get("args", {})
            return (
                f"effect {spec['effect']}"
                + (f": {phrase(args, SPEC_WORDS)}" if args else "")
                + (f"; by {phrase(by, SPEC_WORDS)}" if by else "")
            )
        if action == "resolve":
            return f"resolve {describe(spec['resolve'])} ({spec.get('part', 'play')})"
        if action == "look":
            return f"look: {spec['look']}"
        return f"play on quietly until {phrase(spec['until'], SPEC_WORDS)}"
