"""Does the Aeon's End model, in random play, satisfy every encoded rule?

Random games (fixed seeds) are played with the ruleset's own random-play weights.  At every decision
point the model's players, breaches, cards in hand, prepped spells, nemesis cards in play, the
nemesis, Gravehold and the game itself become *objects*, with the terms the model decides for them
(``properties.common.clarify.conformance``): what the state holds (exhausted, opened, in play, ...)
and what the model offers (``engine.legal_decisions``: may receive a spell, may be cast, ...) or does
when probed (``effects.heal_player`` for "may gain life").  Each step's events give more objects:
cards gained, played, cast and drawn, and each exhaustion followed to its last consequence.  A term
whose moment is not this one stays free (a breach "may receive a spell" only in its player's main
phase with a spell in hand).  The model's functions are looked up when called, so a test can break
one and see the statement it guards fail.
"""

from __future__ import annotations

import random

from oblivaeon_verify.model.aeons_end import effects, engine
from oblivaeon_verify.model.aeons_end.cards import MATS, base, card_def, describe, nemesis_def
from oblivaeon_verify.model.aeons_end.draft import Draft
from oblivaeon_verify.model.aeons_end.parameters import DEFAULT
from oblivaeon_verify.model.aeons_end.player_turn import PHASES
from oblivaeon_verify.model.aeons_end.ruleset import RULESET
from oblivaeon_verify.model.aeons_end.turn_order import turn_order_cards
from oblivaeon_verify.model.common.kernel import waiting_for
from oblivaeon_verify.properties.common.clarify import conformance
from oblivaeon_verify.properties.common.clarify.conformance import Obj
from oblivaeon_verify.properties.common.clarify.language import Clarification

from oblivaeon_verify.play import choose

#: (players, seed) of the games played: every player count, six games each (about 60,000 objects in
#: a second; players are exhausted in four of them).
GAMES = tuple((players, seed) for seed in range(1, 7) for players in (1, 2, 3, 4))
CARD_KINDS = ("gem", "relic", "spell")
NEMESIS_KINDS = ("attack", "minion", "power")


def _obj(name: str, facts: dict[str, bool]) -> Obj:
    return Obj(name, tuple(sorted(facts.items())))


def _player_card(card: str, **facts) -> dict[str, bool]:
    kind = card_def(card).kind
    return {"player card": True, **{k: k == kind for k in CARD_KINDS}, "nemesis card": False, **facts}


def nemesis_card_facts(card: str, **facts) -> dict[str, bool]:
    kind = nemesis_def(card).kind
    return {"nemesis card": True, **{k: k == kind for k in NEMESIS_KINDS}, "player card": False, **facts}


def turn_card_facts(card: str, **facts) -> dict[str, bool]:
    nemesis = card.split(":")[1].startswith("nemesis")
    return {"turn order card": True, "player turn order card": not nemesis, "nemesis turn order card": nemesis, **facts}


def _acting(state, phase: str) -> int | None:
    """The acting player when ``state`` is a decision of their ``phase`` (not an effect's choice)."""
    if state.outcome is not None or state.phase != phase or not state.actor.startswith("p"):
        return None
    if phase not in PHASES or type(waiting_for(state)) is not PHASES[phase].ask:
        return None
    return int(state.actor[1:])


def _names_player(card: str, i: int) -> bool:
    kind = card.split(":")[1].split("#")[0]
    return kind == "wild" or (kind == "solo" and i == 0) or kind == f"player-{i + 1}"


def _may_gain_life(state, i: int) -> bool | None:
    """Probe the model: does an effect giving this player 1 life raise it?  (Open at full life.)"""
    m = state.mages[i]
    if state.outcome is not None or m.life >= state.setup.start_life:
        return None
    d = Draft(state)
    effects.heal_player(d, i, 1, "probe")
    return d.mages[i].life > m.life


def state_objects(state, where: str) -> list[Obj]:
    """Objects of one decision point."""
    out: list[Obj] = []
    opts = engine.legal_decisions(state)
    main, casting = _acting(state, "main"), _acting(state, "casting")
    alive = [m.life for m in state.mages if not m.exhausted]
    lowest = effects.lowest_life_players(state)
    turn_cards = state.turn_deck.cards() + state.turn_discard
    targets = effects.damage_targets(state) if casting is not None else None
    for i, m in enumerate(state.mages):
        mat = MATS[m.name]
        facts = {
            "player": True,
            "breach": False,
            "exhausted": m.exhausted,
            "at 0 life": m.life == 0,
            "keeps taking turns": any(_names_player(c, i) for c in turn_cards),
            "picked by lowest-life effects": i in lowest,
            "of lowest life among non-exhausted players": not m.exhausted and m.life == min(alive),
            "fully charged": m.charges >= mat.charges,
            "short of charges": m.charges < mat.charges,
            "has more charges than their ability needs": m.charges > mat.charges,
            "outside their turn": state.actor != f"p{i}",
            "holds five cards": len(m.hand) == 5,
            "has no cards left to draw": not m.deck and not m.discard,
        }
        gain = _may_gain_life(state, i)
        if gain is not None:
            facts["may gain life"] = gain
        if main == i:
            facts["may use their ability"] = any(o.kind == "ability" for o in opts)
        if targets is not None:
            facts["spell target"] = False  # players are never in the model's list of spell targets
        out.append(_obj(f"{m.name} ({where})", facts))
        spell_in_hand = any(card_def(c).kind == "spell" for c in m.hand)
        for b, br in enumerate(m.breaches):
            facts = {
                "breach": True,
                "player": False,
                "opened": br.opened,
                "closed": not br.opened and not br.destroyed,
                "destroyed": br.destroyed,
                "empty": br.spell is None,
                "focused this turn": br.focused_this_turn,
            }
            if main == i:
                facts["may be focused"] = any(o.kind == "focus" and o.index == b for o in opts)
                facts["may be opened"] = any(o.kind == "open" and o.index == b for o in opts)
                if spell_in_hand:
                    facts["may receive a spell"] = any(o.kind == "prep" and o.index == b for o in opts)
            out.append(_obj(f"breach {b + 1} of {m.name} ({where})", facts))
        if main == i:
            for c in sorted({base(c) for c in m.hand}):
                facts = _player_card(
                    c,
                    **{
                        "in hand": True,
                        "may be played": any(o.kind == "play" and base(o.card) == c for o in opts),
                        "may be prepped": any(o.kind == "prep" and base(o.card) == c for o in opts),
                    },
                )
                out.append(_obj(f"{describe(c)} in {m.name}'s hand ({where})", facts))
        if casting == i:
            for c in m.hand:
                facts = _player_card(
                    c, **{"in hand": True, "prepped": False, "may be cast": any(o.kind == "cast" and o.card == c for o in opts)}
                )
                out.append(_obj(f"{describe(c)} in {m.name}'s hand ({where})", facts))
            closed = any(br.spell and not br.opened and not br.destroyed for br in m.breaches)
            end_offered = any(o.kind == "end-casting" for o in opts)
            for b, br in enumerate(m.breaches):
                if not br.spell or br.destroyed:
                    continue
                facts = _player_card(
                    br.spell,
                    **{
                        "in hand": False,
                        "prepped": True,
                        "in an opened breach": br.opened,
                        "in a closed breach": not br.opened,
                        "may be cast": any(o.kind == "cast" and o.index == b for o in opts),
                    },
                )
                # Whether the phase can end says something about this spell only if no other forces it.
                if not br.opened or not closed:
                    facts["must be cast"] = not end_offered
                out.append(_obj(f"{describe(br.spell)} prepped to breach {b + 1} of {m.name} ({where})", facts))
    for k, p in enumerate(state.in_play):
        c = nemesis_def(p.card)
        facts = nemesis_card_facts(
            p.card,
            **{
                "in play": True,
                "has life tokens": p.life > 0,
                "has power tokens": p.tokens > 0,
                "lets a player discard it by paying aether": c.to_discard > 0,
            },
        )
        if c.kind == "minion":
            facts["at 0 life"] = p.life == 0
        if targets is not None:
            facts["spell target"] = f"{p.card}@{k}" in targets
        out.append(_obj(f"{describe(p.card)} in play ({where})", facts))
    if targets is not None:
        out.append(_obj(f"the nemesis ({where})", {"nemesis": True, "gravehold": False, "spell target": "nemesis" in targets}))
        out.append(_obj(f"Gravehold ({where})", {"gravehold": True, "nemesis": False, "spell target": "gravehold" in targets}))
    o = state.outcome
    nem = state.setup.nemesis_def
    facts = {
        "game": True,
        "player": False,
        "won": o is not None and o.kind == "won",
        "lost": o is not None and o.kind == "lost",
        "ended": o is not None,
        "offers decisions": bool(opts),
        "with the nemesis at 0 life": state.nemesis_life <= 0,
        "with gravehold at 0 life": state.gravehold <= 0,
        "with all players exhausted": all(m.exhausted for m in state.mages),
        "with the nemesis out of cards": not any(state.nemesis_deck) and not state.in_play,
        "with the nemesis's loss condition met": nem.loss_counter and state.corruption >= state.setup.params.corruption_limit,
    }
    out.append(_obj(f"the game ({where})", facts))
    return out


def _mentioned_later(events, n: int, card: str) -> bool:
    return any(e.card == card for e in events[n + 1 :])


def _turned_over_later(events, n: int, name: str) -> bool:
    return any(e.kind == "discard-turned-over" and e.target == name for e in events[n + 1 :])


def step_objects(before, after, events, where: str) -> list[Obj]:
    """Objects of one step's events: cards gained, played, cast and drawn."""
    out: list[Obj] = []
    actor = int(before.actor[1:]) if before.actor.startswith("p") else None
    for n, e in enumerate(events):
        if e.kind == "gain" and actor is not None:
            m = after.mages[actor]
            facts = _player_card(e.card, gained=True)
            if not _turned_over_later(events, n, m.name):
                facts["goes to its owner's discard pile"] = e.card in m.discard
            if after.actor == before.actor and after.turn == before.turn:
                facts["paid for with its cost in aether"] = before.aether - after.aether == card_def(e.card).cost
            out.append(_obj(f"{describe(e.card)} gained by {m.name} ({where})", facts))
        elif e.kind == "play":
            out.append(_obj(f"{describe(e.card)} played ({where})", _player_card(e.card, played=True, **{"gives aether": e.amount > 0})))
        elif e.kind == "cast" and actor is not None:
            owner, b = next((o, b) for o, m in enumerate(before.mages) for b, br in enumerate(m.breaches) if br.spell == e.card)
            br = before.mages[owner].breaches[b]
            facts = _player_card(
                e.card,
                **{
                    "cast by its owner": owner == actor,
                    "cast by an ally": owner != actor,
                    "cast from a breach with a damage bonus": br.opened and before.setup.params.breach_bonus[b] > 0,
                    "deals extra damage": e.amount > card_def(e.card).damage,
                    "cast at the nemesis": e.target == "nemesis",
                },
            )
            hits = [x for x in events if x.kind == "nemesis-damage"]
            if e.target == "nemesis" and len(hits) == 1:  # no other damage to tell apart in this step
                facts["lowers the nemesis's life by its damage"] = before.nemesis_life - after.nemesis_life == min(
                    e.amount, before.nemesis_life
                )
            name = after.mages[owner].name
            if not _turned_over_later(events, n, name):
                facts["goes to its owner's discard pile"] = e.card in after.mages[owner].discard
            out.append(_obj(f"{describe(e.card)} cast from breach {b + 1} of {name} ({where})", facts))
        elif e.kind == "nemesis-draws":
            facts = nemesis_card_facts(e.card, drawn=True)
            if not _mentioned_later(events, n, e.card):
                facts["discarded"] = e.card in after.nemesis_discard
                facts["enters play"] = any(p.card == e.card for p in after.in_play)
            out.append(_obj(f"{describe(e.card)} drawn by the nemesis ({where})", facts))
        elif e.kind == "turn-order-card":
            facts = turn_card_facts(e.card, drawn=True)
            if not any(x.kind == "turn-order-reshuffle" for x in events[n + 1 :]):
                facts["goes to the turn order discard"] = e.card in after.turn_discard
            out.append(_obj(f"turn order card {e.card} drawn ({where})", facts))
    return out


class _Exhaustions:
    """Each exhaustion followed, across steps, to its last consequence (its player's charges discarded)."""

    def __init__(self):
        self.open: list[tuple[str, str, list]] = []
        self.done: list[Obj] = []

    def feed(self, after, events, where: str) -> None:
        for e in events:
            for _name, _where, seen in self.open:
                seen.append(e)
            if e.kind == "exhausted":
                self.open.append((e.target, where, []))
            elif e.kind == "charges-discarded":
                for k, (name, at, seen) in enumerate(self.open):
                    if name == e.target:
                        self.done.append(self._obj(after, name, at, seen))
                        del self.open[k]
                        break

    @staticmethod
    def _obj(after, name: str, at: str, seen: list) -> Obj:
        unleashes = 0
        for e in seen:  # the Unleashes this exhaustion queued come first, before anything they cause
            if e.kind != "unleash" or e.clause != "EXHAUST.UNLEASH-TWICE":
                break
            unleashes += 1
        mage = next(m for m in after.mages if m.name == name)
        destroyed = sum(1 for e in seen if e.kind == "breach-destroyed" and e.target == name)
        facts = {
            "exhaustion": True,
            "player": False,
            "unleashes the nemesis twice": unleashes == 2,
            "destroys one of the player's breaches": destroyed == 1,
            "discards all of the player's charges": mage.charges == 0,
        }
        return _obj(f"exhaustion of {name} ({at})", facts)


def objects(games=GAMES) -> list[Obj]:
    out: list[Obj] = []
    for players, seed in games:
        rng = random.Random(f"clarify/{players}/{seed}")
        state = engine.new_game(RULESET.random_setup(rng, players, DEFAULT))
        label = f"game {seed}, {players} players"
        out += [_obj(f"turn order card {c} ({label})", turn_card_facts(c)) for c in turn_order_cards(players)]
        exhaustions = _Exhaustions()
        while True:
            where = f"{label}, turn {state.turn}"
            out += state_objects(state, where)
            opts = engine.legal_decisions(state)
            if not opts:
                break
            nxt, events = engine.step(state, choose(rng, opts, RULESET.decision_weight))
            out += step_objects(state, nxt, events, where)
            exhaustions.feed(nxt, events, where)
            state = nxt
        out += exhaustions.done
    return out


def check(clarifications: list[Clarification], objs: list[Obj] | None = None) -> dict:
    """Violations of universal statements by the model's objects, and existentials no object witnesses."""
    return conformance.check(clarifications, objects() if objs is None else objs)
