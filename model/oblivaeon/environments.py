"""Environments: their turn's card play, the Game Over rule and what happens when one leaves the game."""

from __future__ import annotations

from dataclasses import dataclass

from oblivaeon_verify.model.common.kernel import Ask, Work
from oblivaeon_verify.model.oblivaeon import vocabulary as v
from oblivaeon_verify.model.oblivaeon.battle_zones import OBLIVAEON, seat_of_hero, targets_in
from oblivaeon_verify.model.oblivaeon.cards import PHYSICAL
from oblivaeon_verify.model.oblivaeon.chance import Refill, take_card
from oblivaeon_verify.model.oblivaeon.clauses import implements
from oblivaeon_verify.model.oblivaeon.decisions import Decision
from oblivaeon_verify.model.oblivaeon.draft import KERNEL, Ctx, Draft
from oblivaeon_verify.model.oblivaeon.effects import deal_damage, handles, picked, resolve
from oblivaeon_verify.model.oblivaeon.heroes import play_card
from oblivaeon_verify.model.oblivaeon.places import containers, move, moved, trash_place


@dataclass(frozen=True, slots=True)
class PlayEnvironmentTop(Work):
    """Play the top card of battle zone ``zone``'s environment deck, for the effect in ``ctx``."""

    zone: int
    ctx: Ctx


@KERNEL.handles(PlayEnvironmentTop)
@implements("HEROES.AKASH-THRIYA")
def play_environment_top(d: Draft, work: PlayEnvironmentTop) -> None:
    """Play (or put into play) the top card of this zone's environment deck.

    A seed played this way resolves its 'played from the environment deck' text for Akash'Thriya
    and goes to the environment trash.
    """
    zone = work.zone
    env = d.zones[zone - 1].environment
    if env is None:
        return
    card = take_card(d, ("env", env), work, refill=Refill("ENV.TURN", f"{env} trash shuffled into its deck", zone=zone))
    if card is None:
        return
    cdef = PHYSICAL[card]
    if "seed" in cdef.keywords:
        d.env_update(env, trash=d.envs[env].trash + (card,))
        d.emit("seed-played", "HEROES.AKASH-THRIYA", zone=zone, card=card)
        moved(d, card, ("env", env, "deck"), ("env", env, "trash"), "HEROES.AKASH-THRIYA")
        akash = seat_of_hero(d, cdef.deck)
        if akash >= 0:
            resolve(d, cdef.seed_ops, Ctx(card, "hero", akash, d.seats[akash].zone))
        return
    play_card(d, card, Ctx(card, "environment", -1, zone), ("zone", zone, "env_play"))


@handles(v.PlayTopOf)
def _play_top_of(d: Draft, op: v.PlayTopOf, ctx: Ctx) -> None:
    if op.deck == "environment":
        play_environment_top(d, PlayEnvironmentTop(ctx.zone, ctx))


@handles(v.AddGameOverToken)
def _game_over_token(d: Draft, op: v.AddGameOverToken, ctx: Ctx) -> None:
    n = d.tokens.get(ctx.source, 0) + 1
    d.set_tokens(ctx.source, n)
    d.emit("game-over-token", "ENV.TURN", zone=ctx.zone, card=ctx.source, amount=n)
    if n >= op.limit:
        environment_game_over(d, PHYSICAL[ctx.source].deck, ctx.zone)


@implements("ENV.GAME-OVER")
def environment_game_over(d: Draft, env: str, zone: int) -> None:
    """An environment's Game Over condition ends only that environment: all its cards leave the game."""
    d.emit("environment-game-over", "ENV.GAME-OVER", zone=zone, card=env)
    env_zone = next((z.number for z in d.zones if z.environment == env), zone)
    remove_environment(d, env, env_zone, "ENV.GAME-OVER")


def remove_environment(d: Draft, env: str, zone: int, clause: str) -> None:
    """An environment deck leaves the game: every card of it, in any zone or play area, goes out;
    OblivAeon moves to that zone; with no set-aside deck left the multiverse is destroyed."""
    for _place, cards in list(containers(d)):
        for c in cards:
            if c in PHYSICAL and PHYSICAL[c].side == "environment" and PHYSICAL[c].deck == env:
                move(d, c, ("out",), clause)
    # Seeds planted in it are Akash'Thriya's cards, not the environment's: they go to her trash.
    for c in d.envs[env].deck.cards() + d.envs[env].trash:
        move(d, c, trash_place(d, c), "HEROES.AKASH-THRIYA")
        d.emit("seed-returned", "HEROES.AKASH-THRIYA", zone=zone, card=c)
    envs = d.own("envs")
    del envs[env]
    d.zone_update(zone, environment=None)
    d.emit("environment-removed", clause, zone=zone, card=env)
    move_oblivaeon_to(d, zone)
    if multiverse_destroyed(d):
        return
    d.now(EnvironmentArrives(zone))


@implements("ENV.REMOVAL.MOVE-OBLIVAEON")
def move_oblivaeon_to(d: Draft, zone: int) -> None:
    """Whenever an environment deck leaves the game, OblivAeon moves to its battle zone."""
    frm = d.oblivaeon_zone
    d.oblivaeon_zone = zone
    d.emit("oblivaeon-moves", "ENV.REMOVAL.MOVE-OBLIVAEON", zone=zone, source_zone=frm, reach="move", card=OBLIVAEON)


@implements("ENV.REMOVAL.LOSS")
def multiverse_destroyed(d: Draft) -> bool:
    """With no set-aside environment deck left, the multiverse is destroyed: the game is lost."""
    if d.set_aside:
        return False
    d.end("lost", "an environment fell with none set aside: the multiverse is destroyed", "ENV.REMOVAL.LOSS")
    return True


@dataclass(frozen=True, slots=True)
class EnvironmentArrives(Work):
    """A set-aside environment deck comes into battle zone ``zone``."""

    zone: int


@dataclass(frozen=True, slots=True)
class ChooseEnvironment(Ask):
    """Which set-aside environment deck comes into battle zone ``zone``."""

    zone: int


@KERNEL.handles(EnvironmentArrives)
def _environment_arrives(d: Draft, work: EnvironmentArrives) -> None:
    zone = work.zone
    if len(d.set_aside) == 1:
        bring_in_environment(d, d.set_aside[0], zone)
        return
    d.ask(ChooseEnvironment(tuple(Decision("environment", "players", target=e, zone=zone) for e in d.set_aside), zone))


@KERNEL.handles(ChooseEnvironment)
def _environment_chosen(d: Draft, ask: ChooseEnvironment, decision: Decision) -> None:
    bring_in_environment(d, decision.target, ask.zone)


@implements("ENV.REMOVAL.REPLACE")
def bring_in_environment(d: Draft, env: str, zone: int) -> None:
    """A set-aside deck fills the zone's environment play area; then OblivAeon strikes the zone."""
    d.set_aside = tuple(e for e in d.set_aside if e != env)
    d.zone_update(zone, environment=env)
    d.emit("environment-arrives", "ENV.REMOVAL.REPLACE", zone=zone, card=env)
    removal_damage(d, zone)


@implements("ENV.REMOVAL.DAMAGE")
def removal_damage(d: Draft, zone: int) -> None:
    """OblivAeon deals every target in the zone 20 irreducible infernal damage."""
    ctx = Ctx(OBLIVAEON, "removal", -1, zone)
    struck = [t for t in targets_in(d, zone) if t in d.hp]
    picked(d, ctx, "removal damage", "each target in the battle zone of the removed environment", v.NAMED_SIDES["any"], struck, True)
    for t in struck:
        if d.outcome is not None:
            return
        if t in d.hp:
            deal_damage(d, t, d.params.environment_damage, "infernal", True, ctx)
