"""Environments: one in play per battle zone, and what happens when one leaves the game.

A set-aside deck replaces each that leaves, OblivAeon moves to its zone and strikes there, the game is lost
when none is set aside, and an environment card that reaches its Game Over tokens takes its environment out.
"""

from __future__ import annotations

from functools import cache

from oblivaeon_verify.model.common.kernel import waiting_for
from oblivaeon_verify.model.oblivaeon.battle_zones import target_side, targets_in
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, character_cards, env_deck_cards
from oblivaeon_verify.model.oblivaeon.incapacitation import ChooseRevived
from oblivaeon_verify.model.oblivaeon.scions import ChooseRemovedVillain
from oblivaeon_verify.properties.oblivaeon.invariants.registry import OBLIVAEON, state, step

from oblivaeon_verify.words import count


@state(
    "one-environment-per-zone",
    "SETUP.ENV-IN-PLAY",
    "ENV.REMOVAL.REPLACE",
    "SETUP.ENVIRONMENTS",
    reads=("outcome", "zones.environment", "zones.number", "envs", "set_aside"),
    offers=("environment",),
)
def one_environment_per_zone(s):
    """While the game goes on, each battle zone has exactly one environment in play (the two differ) and the rest are set aside."""
    if s.outcome is not None:
        return
    choosing = {d.zone for d in s.options if d.kind == "environment"}
    in_play = [z.environment for z in s.zones]
    for z in s.zones:
        if z.environment is None and z.number not in choosing:
            yield f"no environment in play in zone {z.number}"
        if z.environment is not None and z.environment not in s.envs:
            yield f"zone {z.number}'s environment {z.environment} has no deck"
    live = [e for e in in_play if e is not None]
    if len(set(live)) != len(live):
        yield f"the same environment is in play in both zones: {live}"
    if set(s.envs) != set(live) | set(s.set_aside) or set(live) & set(s.set_aside):
        yield f"environment decks {sorted(s.envs)} are not the ones in play {live} plus those set aside {list(s.set_aside)}"


@step(
    "set-aside-shrinks-one-per-removal",
    "ENV.REMOVAL.REPLACE",
    events=("environment-removed", "environment-arrives"),
    changes=("set_aside", "outcome"),
    offers=("environment",),
)
def set_aside_shrinks(st):
    """Each environment that leaves the game is replaced by exactly one set-aside deck (once the players pick it)."""
    removed = sum(1 for e in st.events if e.kind == "environment-removed")
    arrived = sum(1 for e in st.events if e.kind == "environment-arrives")
    shrink = len(st.before.set_aside) - len(st.after.set_aside)
    if shrink != arrived:
        yield f"the set-aside pile shrank by {shrink} but {count(arrived, 'environment')} arrived"
    was_choosing = 1 if any(d.kind == "environment" for d in st.before.options) else 0
    choosing = 1 if any(d.kind == "environment" for d in st.after.options) else 0
    lost = st.after.outcome is not None and st.after.outcome.clause == "ENV.REMOVAL.LOSS"
    if was_choosing + removed - arrived - choosing - (1 if lost else 0) != 0:
        yield f"{count(removed, 'removal')} and {count(arrived, 'arrival')} in one step (waiting: {was_choosing} -> {choosing}, lost: {lost})"


@step(
    "oblivaeon-stands-at-last-removal",
    "ENV.REMOVAL.MOVE-OBLIVAEON",
    "OA-TURN.ZONE",
    events=("environment-removed",),
    changes=("oblivaeon_zone",),
)
def oblivaeon_at_last_removal(st):
    """OblivAeon moves only when an environment leaves the game, and then to that battle zone."""
    removals = [e for e in st.events if e.kind == "environment-removed"]
    want = removals[-1].zone if removals else st.before.oblivaeon_zone
    if st.after.oblivaeon_zone != want:
        yield f"OblivAeon stands in zone {st.after.oblivaeon_zone}; " + (
            f"the last environment left zone {want}" if removals else f"no environment left the game and he stood in zone {want}"
        )


@step("lost-exactly-when-no-set-aside", "ENV.REMOVAL.LOSS", events=("environment-removed",), changes=("outcome",))
def loss_when_none_set_aside(st):
    """The game is lost when an environment leaves with no set-aside deck, and never for that reason otherwise."""
    left = len(st.before.set_aside)
    must_lose = False
    for e in st.events:
        if e.kind == "environment-arrives":
            left -= 1
        elif e.kind == "environment-removed" and left == 0:
            must_lose = True
    lost = st.after.outcome is not None and st.after.outcome.kind == "lost" and st.after.outcome.clause == "ENV.REMOVAL.LOSS"
    if must_lose and not lost:
        yield "an environment left the game with none set aside, and the game goes on"
    if lost and not must_lose:
        yield "the game was lost to an empty set-aside pile that was not empty"


@step("removal-strikes-the-zone", "ENV.REMOVAL.DAMAGE", events=("damage", "environment-arrives"))
def removal_strikes(st):
    """After a new environment arrives, OblivAeon deals every target there 20 irreducible infernal damage (the Shield may stop his own)."""
    amount = st.before.setup.params.environment_damage
    for i, e in enumerate(st.events):
        if e.kind == "damage" and e.clause == "ENV.REMOVAL.DAMAGE":
            if e.amount != amount or "irreducible" not in e.detail:
                yield f"removal damage to {e.target} was {e.amount} ({e.detail}), not {amount} irreducible"
        if e.kind == "environment-arrives" and st.after.outcome is None:
            strikes = [
                f
                for f in st.events[i + 1 :]
                if (f.kind == "damage" and f.clause == "ENV.REMOVAL.DAMAGE") or (f.kind == "damage-prevented" and f.card == OBLIVAEON)
            ]
            if not strikes:
                yield f"{e.card} arrived in zone {e.zone} and OblivAeon struck nobody there"


@cache
def _environment_cards(env: str) -> tuple[str, ...]:
    """The environment cards of ``env``'s deck (the card lists are fixed: listed once per environment)."""
    return tuple(c for c in env_deck_cards(env) if PHYSICAL[c].side == "environment")


@state("removed-environments-out-of-game", "ENV.GAME-OVER", reads=("envs", "out", "setup"))
def removed_environments_out(s):
    """Every card of an environment that has left the game is out of the game, wherever it was."""
    live = set(s.envs)
    out = set(s.out)
    for e in s.setup.environments:
        if e in live:
            continue
        stray = [c for c in _environment_cards(e) if c not in out]
        if stray:
            yield f"{e} left the game but {len(stray)} of its cards did not, e.g. {stray[:2]}"


@step("game-over-token-limit-ends-the-environment", "ENV.GAME-OVER", events=("game-over-token",))
def game_over_limit(st):
    """An environment card that reaches its Game Over tokens takes its whole environment out of the game."""
    for i, e in enumerate(st.events):
        if e.kind == "game-over-token":
            limit = PHYSICAL[e.card].game_over_limit if e.card in PHYSICAL else 0
            limit = limit or _game_over_limit(e.card)
            if limit and e.amount >= limit:
                deck = PHYSICAL[e.card].deck
                if not any(f.kind == "environment-removed" and f.card == deck for f in st.events[i + 1 :]):
                    yield f"{e.card} reached its {limit} Game Over tokens and {deck} stayed in the game"


def _game_over_limit(card: str) -> int:
    from oblivaeon_verify.model.oblivaeon.vocabulary import AddGameOverToken

    cdef = PHYSICAL.get(card)
    if cdef is None:
        return 0
    ops = list(cdef.ops) + [op for t in cdef.triggers for op in t.ops]
    return next((op.limit for op in ops if isinstance(op, AddGameOverToken)), 0)


RITES_OF_REVIVAL = "temple-of-zhu-long:rites-of-revival#"


def _down_in(s, zone: int) -> set[tuple[int, str]]:
    """The heroes Rites of Revival could bring back in ``zone``: each incapacitated character card in a play area there
    whose hero is not erased (the four Sentinels only all down, as one, by their first card)."""
    out = set()
    for i, seat in enumerate(s.seats):
        if seat.zone != zone:
            continue
        for c in seat.incapacitated:
            ch = CHARACTER_CARDS[c]
            if ch.hero in s.erased:
                continue
            team = character_cards(ch.key)
            if ch.members and (c != team[0] or any(m not in seat.incapacitated for m in team)):
                continue
            out.add((i, c))
    return out


@step("rites-of-revival-revives", "CLAR.RITES-OF-REVIVAL", events=("trigger",))
def rites_of_revival_revives(st):
    """Rites of Revival, resolving at the end of its environment turn beside a hero incapacitated in its zone (one
    down before the step and still down after it, so down when it resolved), brings one back or asks which."""
    fired = [e for e in st.events if e.kind == "trigger" and e.card.startswith(RITES_OF_REVIVAL)]
    if not fired or st.after.outcome is not None:
        return
    if isinstance(waiting_for(st.after), ChooseRevived) or any(e.clause == "CLAR.RITES-OF-REVIVAL" for e in st.events):
        return  # it asks which hero, or it brought one back
    for zone in sorted({e.zone for e in fired}):
        stayed = _down_in(st.before, zone) & _down_in(st.after, zone)
        if stayed:
            yield f"Rites of Revival resolved in zone {zone} beside {sorted(c for _, c in stayed)} incapacitated and revived no one"


WASTELAND = "the-final-wasteland:unforgiving-wasteland#"


@step("unforgiving-wasteland-removes-the-weakest", "CLAR.OA-NOT-REMOVABLE", events=("trigger",))
def wasteland_removes(st):
    """Unforgiving Wasteland, resolving at the end of its environment turn beside a villain target at no more than its
    HP limit in its zone (OblivAeon aside, whom nothing else may remove), takes one such target out of the game or asks
    which.  A target counts when it stood there at that HP before and after the step, with no damage, heal or move of it
    between, so at that HP when the Wasteland resolved."""
    fired = [(k, e) for k, e in enumerate(st.events) if e.kind == "trigger" and e.card.startswith(WASTELAND)]
    if not fired or st.after.outcome is not None or isinstance(waiting_for(st.after), ChooseRemovedVillain):
        return
    limit = st.before.setup.params.wasteland_max_hp
    touched = {x for e in st.events if e.kind != "trigger" for x in (e.card, e.target)}
    for k, e in fired:
        if any(f.kind == "removed-from-game" for f in st.events[k + 1 :]):
            continue
        before = set(_weak_villains(st.before, e.zone, limit))
        stayed = [t for t in _weak_villains(st.after, e.zone, limit) if t in before and t not in touched]
        if stayed:
            yield f"Unforgiving Wasteland resolved in zone {e.zone} beside {stayed} at no more than {limit} HP and removed none"


def _weak_villains(s, zone: int, limit: int) -> list[str]:
    """The villain targets in ``zone`` other than OblivAeon with at most ``limit`` HP, in the model's order."""
    return [t for t in targets_in(s, zone) if t != OBLIVAEON and target_side(s, t) == "villain" and s.hp[t] <= limit]
