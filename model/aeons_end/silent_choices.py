"""What the Aeon's End model decides where its rulebook is silent (``model.common.silent``): each an assumption or a reading."""

from __future__ import annotations

from oblivaeon_verify.model.common.silent import SilentChoice

CHOICES = (
    SilentChoice(
        "TIE.HARM-LOWEST",
        "effects._harm_lowest",
        "who suffers 'the player with the lowest life' when several share it",
        "the players choose among them",
        clause="EXHAUST.LOWEST-LIFE",
    ),
    SilentChoice(
        "TIE.HEAL-LOWEST",
        "effects.heal_lowest",
        "who gains life as 'the player with the lowest life' when several share it",
        "the first of them in seat order, with no decision (unlike harm, where the players choose; the census lists the ties)",
        clause="EXHAUST.LOWEST-LIFE",
    ),
    SilentChoice(
        "HARM-ANY.NOT-EXHAUSTED",
        "effects._harm_any",
        "whether 'a player of the players' choice' may be an exhausted player",
        "no: exhausted players are left out, as the rulebook says for 'the lowest life'",
        clause="EXHAUST.LOWEST-LIFE",
    ),
    SilentChoice(
        "HARM.NOBODY-LEFT",
        "effects._harm_choice",
        "where a harm to a player goes when every player is exhausted",
        "to Gravehold (the game is normally lost by then)",
    ),
    SilentChoice(
        "LIFE.FLOOR-AT-ZERO",
        "effects.harm_player",
        "whether life can go below zero",
        "no: life (and Gravehold's) stops at 0; the event records the full amount",
    ),
    SilentChoice(
        "LIFE.CAP-AT-START",
        "effects.heal_player",
        "whether a player can gain life above where they started",
        "no: life stops at the starting life",
    ),
    SilentChoice(
        "ALLY-CAST.SOLO",
        "player_turn.play_card",
        "whose prepped spell a solo player may cast with a card that casts an ally's spell",
        "their own: a solo player is their own ally",
        clause="ALLY-SPELL",
    ),
    SilentChoice(
        "READING.LAST-ATTACK",
        "nemesis_turn.draw",
        "whether the nemesis's last card, an attack, resolves before the players win",
        "the reading last_attack_reading decides",
        clause="END.WIN-NEMESIS-EXHAUSTED",
        reading="last_attack_reading",
    ),
)
