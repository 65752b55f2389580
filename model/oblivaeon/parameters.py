"""Every fact the rulebook does not give us, in one place, as a named and documented parameter.

The OblivAeon Booklet, the Shield sides, the Scion panels and the card texts are not printed in
the rulebook.  Each stand-in below is an ASSUMPTION with a default; known facts (Countdown starts
on 6 and loses one token at the start of OblivAeon's turn, the four named Shields and their
Scions, three forms, Devastation destroys environments) are the defaults where the rulebook or
the game's published facts give them.  A user overrides any of them from a TOML file or the
command line (``--param name=value``); each field declares its type and bounds with the reason for
them, and ``model.common.parameters`` refuses unknown names, wrong types and values out of bounds by
name (``oblivaeon-verify params`` lists them all).

The interpretation switches (``Reading``) settle the places where the rulebook can be read two
ways; each names the clause it concerns.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from oblivaeon_verify.model.common import parameters as common
from oblivaeon_verify.model.common.parameters import OneOf, ParameterError, Range, Size, with_overrides
from oblivaeon_verify.model.oblivaeon.charts import SCION_DIFFICULTY, SCIONS

# The bounds shared by several parameters, each with what the model does with the value.
HP = Range(1, 999, "HP: a target at 0 HP is destroyed at once; printed HP has at most three digits")
DAMAGE = Range(0, 99, "damage: 0 deals none, and no hero has more than 38 HP")
HAND = Range(0, 20, "cards: a hero deck holds 13 to 18; drawing from an empty deck and trash draws nothing")
FORM = Range(1, 4, "a form of OblivAeon, 1 to 3; 4 is never reached, turning the effect off")
TASKS = Range(1, 20, "tasks: at 0 the side would be done before play; 10 Scions and a few objectives can be tasks")
TOKENS = Range(0, 99, "Devastation tokens: 0 adds none")


class RitesReading(enum.Enum):
    """How Rites of Revival works 'as written' once Rainek Kel'Voss has usurped OblivAeon (CLAR.RITES-OF-REVIVAL)."""

    REVIVE_IN_PLACE = "revive-in-place"
    """The incapacitated character card comes back as its play area's hero, set up anew from the box;
    a replacement hero active there goes back to the box with its cards."""
    RETURN_TO_BOX = "return-to-box"
    """Read the usurping exception as changing nothing: the card still goes back to the box."""


class RequitalReading(enum.Enum):
    """What happens to Constructs under Requital when it is incapacitated (CLAR.REQUITAL-CONSTRUCTS vs INCAP.CARDS-TO-BOX)."""

    CONSTRUCTS_STAY = "constructs-stay"
    """The clarification is an exception to the box rule: Constructs under the card stay there."""
    BOX_RULE_WINS = "box-rule-wins"
    """Constructs are non-character cards and go to the box with the rest; the restriction never bites."""


class BloodstoneReading(enum.Enum):
    """Whether the Sentinels' single Devastation token is added when The Bloodstone revives them (CLAR.SENTINELS)."""

    DEVASTATION_THEN_REVIVE = "devastation-then-revive"
    """All four were incapacitated, so the team's one token is added; then The Bloodstone revives them."""
    REVIVE_INSTEAD = "revive-instead"
    """The Bloodstone answers the fourth incapacitation before it counts: no token."""


class TempZoneReading(enum.Enum):
    """Which battle zone a temporary effect on 'everything in this battle zone' covers once the hero who made it
    has moved to the other one (BZ.ISOLATION, CLAR.ZONE-MEMBERSHIP: the rulebook does not say)."""

    STAYS = "stays-in-its-zone"
    """The effect belongs to the zone it was made in: its owner moving away does not take it along."""
    FOLLOWS_OWNER = "follows-its-owner"
    """The effect goes with the hero who made it: it covers the zone that hero is in now."""


class LayerOrderReading(enum.Enum):
    """In what order the effects of cards of one layer resolve when they answer one moment (two villain cards' end of
    turn, two reactions to one card entering play), once a card has changed battle zones.  The rulebook orders the
    layers only (CLAR.SCIONS-BEFORE-AEON-MEN: Scions before Aeon Men); within a layer it is silent."""

    ARRIVAL = "arrival-in-its-area"
    """The order the cards came into the play areas they are in now (the play areas of lower seats first): a card
    carried to the other battle zone comes after those already in its new area."""
    ENTERED_PLAY = "entered-play"
    """The order the cards entered play: a change of battle zones keeps a card's place, since it never left play."""


@dataclass(frozen=True, slots=True)
class ShieldSpec:
    """One double-sided OblivAeon Shield (SETUP.SHIELD, SHIELD.TASKS). Side texts are assumptions."""

    name: Annotated[str, Size(1, 80, "a Shield's name, as traces and setups show it")]
    """The Shield's name, as a setup chooses it."""
    scion: Annotated[str, OneOf(SCIONS, "the Scion it brings forth at setup, by SETUP.FIRST-SCION")]
    """The Scion the Shield brings into the First Battle Zone at setup."""
    flip_after_tasks: Annotated[int, TASKS] = 2
    """Tasks (Scions removed from the game or objectives completed) that flip phase 1 to phase 2."""
    remove_after_tasks: Annotated[int, TASKS] = 4
    """Tasks in all after which the phase-2 side removes the Shield from the game."""
    start_damage: Annotated[int, DAMAGE] = 1
    """Phase side's end-of-turn hit: OblivAeon deals each hero in his zone this much (phase 2: +1)."""

    def conflicts(self) -> Iterator[tuple[str, str]]:
        if self.remove_after_tasks < self.flip_after_tasks:
            yield (
                "remove_after_tasks",
                f"must be at least flip_after_tasks ({self.flip_after_tasks}): it counts all tasks, the flip's among them, not {self.remove_after_tasks}",
            )


KNOWN_SHIELDS: tuple[ShieldSpec, ...] = (
    ShieldSpec("The Arc of Unreality", "Progeny"),
    ShieldSpec("The Ceaseless Ruin", "Nixious the Chosen"),
    ShieldSpec("The Source of Foes", "Aeon Master"),
    ShieldSpec("The Primary Objective", "Voidsoul"),
    # ASSUMPTION: the fifth Shield's name and Scion are not in the rulebook.
    ShieldSpec("The Fifth Shield (name unknown)", "Empyreon"),
)

EASIEST_SCION = min(SCION_DIFFICULTY.values())


@dataclass(frozen=True, slots=True)
class Parameters:
    """The Booklet, Shields, Scion panels and other unprinted numbers. Defaults marked ASSUMPTION."""

    countdown_start: Annotated[int, Range(1, 99, "Countdown spaces: on 0 it would have run out before the first turn")] = 6
    """Known: the Countdown token starts on space 6 (SETUP.INEVITABLE-DESTRUCTION)."""
    countdown_tick: Annotated[int, Range(1, 99, "spaces a turn: at 0 the Countdown never runs out and a game need not end")] = 1
    """Known: OblivAeon removes one Countdown token at the start of his turn (ID.COUNTDOWN)."""
    countdown_expiry_devastation: Annotated[int, TOKENS] = 2
    """ASSUMPTION: when the Countdown runs out, this many Devastation tokens are added and the
    Countdown is reset to its start. This makes every game finite (see ``ending``)."""
    countdown_expiry_damage: Annotated[int, DAMAGE] = 2
    """ASSUMPTION: when the Countdown runs out OblivAeon also deals each hero target in his zone this much."""
    devastation_threshold: Annotated[int, Range(0, 99, "Devastation tokens: 0 turns the Booklet's spending off")] = 8
    """ASSUMPTION: at the end of OblivAeon's turn, with at least this many Devastation tokens,
    he spends that many and destroys the environment in his battle zone (ID.DEVASTATION)."""
    forms_hp: Annotated[tuple[int, int, int], HP] = (30, 35, 40)
    """ASSUMPTION: OblivAeon's HP in each of his three forms; defeating the third wins."""
    form2_damage: Annotated[int, DAMAGE] = 2
    """ASSUMPTION: the second form's start-of-turn attack on the hero with the highest HP in his zone."""
    erase_in_form: Annotated[int, FORM] = 3
    """Known from CLAR.ERASED: the third form erases heroes. ASSUMPTION: at the start of his turn
    he erases the hero with the lowest HP in his zone."""
    aeon_men_from_form: Annotated[int, FORM] = 2
    """ASSUMPTION: from this form on, the Booklet plays one Aeon Men card at the end of his turn."""
    scion_hp_base: Annotated[int, Range(0, 999, "HP: with the step per difficulty, the easiest Scion enters with at least 1")] = 8
    """ASSUMPTION: a Scion's HP is this plus ``scion_hp_per_difficulty`` times its chart difficulty."""
    scion_hp_per_difficulty: Annotated[int, Range(0, 99, "HP per point of the Scion Difficulty Chart, which rates Scions 1 to 3")] = 3
    """ASSUMPTION: the HP a Scion gains per point of its Scion Difficulty Chart rating (CHART.SCION-DIFFICULTY)."""
    rainek_flipped_hp: Annotated[int, HP] = 18
    """ASSUMPTION: Rainek Kel'Voss flips at 0 HP instead of leaving, returns with this HP and has
    usurped OblivAeon's power while flipped (CLAR.RITES-OF-REVIVAL)."""
    rites_revival_hp: Annotated[int, HP] = 10
    """ASSUMPTION: the HP a character card revived by Rites of Revival starts with (at most its own)."""
    bloodstone_hp: Annotated[int, HP] = 6
    """ASSUMPTION: the HP each Sentinel returns with when The Bloodstone revives them, at most its own (CLAR.SENTINELS)."""
    wasteland_max_hp: Annotated[int, Range(0, 999, "HP: villain targets with at most this much are removed; 0 removes none")] = 8
    """ASSUMPTION: Unforgiving Wasteland removes the lowest-HP villain target in its zone with at most this HP."""
    environment_damage: Annotated[int, DAMAGE] = 20
    """Known: OblivAeon deals this much irreducible infernal damage after an environment falls (ENV.REMOVAL.DAMAGE)."""
    replacement_hand: Annotated[int, HAND] = 4
    """Known: a replacement hero starts with a hand of four (INCAP.REPLACEMENT)."""
    starting_hand: Annotated[int, HAND] = 4
    """Known from the base game: a hero set up at the start of a game draws four."""
    shields: Annotated[tuple[ShieldSpec, ...], Size(1, 20, "the Shields setup chooses from; names differ")] = KNOWN_SHIELDS
    """ASSUMPTION: the Shields in the box, each with its Scion, task counts and end-of-turn damage
    (SETUP.SHIELD); the side texts are not printed in the rulebook."""
    rites_reading: RitesReading = RitesReading.REVIVE_IN_PLACE
    requital_reading: RequitalReading = RequitalReading.CONSTRUCTS_STAY
    bloodstone_reading: BloodstoneReading = BloodstoneReading.DEVASTATION_THEN_REVIVE
    temp_zone_reading: TempZoneReading = TempZoneReading.STAYS
    layer_order_reading: LayerOrderReading = LayerOrderReading.ARRIVAL
    max_rounds: Annotated[
        int,
        Range(
            100, 100_000, "rounds: a safety stop, above the 45 or so of the longest games with the defaults; a game it stops is an error"
        ),
    ] = 400
    """A safety stop for random play, never reached by the defaults (every game is finite); a game
    that reaches it is reported as an error, not an outcome."""
    max_work_per_step: Annotated[
        int,
        Range(1_000, 10_000_000, "units of work (agenda records run) in one step: far above the most a step takes with the defaults"),
    ] = 2_000
    """A safety stop for one step: a step that runs this many work records without reaching a decision ends
    the game as an error (a rule that loops), counted in work, not seconds, so the same seed stops at
    the same place on any machine.  The most a step took in 150,000 decisions of random play is 67 records; the
    budget is kept low so that a hang found by the state machine, which replays it many times while it
    shrinks, costs little."""

    def shield(self, name: str) -> ShieldSpec:
        for s in self.shields:
            if s.name == name:
                return s
        raise KeyError(f"unknown Shield {name!r}; known: {', '.join(s.name for s in self.shields)}")

    def scion_hp(self, difficulty: int) -> int:
        return self.scion_hp_base + self.scion_hp_per_difficulty * difficulty

    def conflicts(self) -> Iterator[tuple[str, str]]:
        """The rules between fields that the model needs (see ``model.common.parameters``)."""
        if self.scion_hp(EASIEST_SCION) < 1:
            yield (
                "scion_hp_base",
                f"plus scion_hp_per_difficulty ({self.scion_hp_per_difficulty}) times {EASIEST_SCION}, the easiest Scion's rating, "
                f"must be at least 1 HP (a Scion at 0 HP is removed at once), not {self.scion_hp(EASIEST_SCION)}",
            )
        seen: set[str] = set()
        for i, s in enumerate(self.shields):
            if s.name in seen:
                yield f"shields[{i}].name", f"{s.name!r} names an earlier Shield too; setup chooses a Shield by name, so each must differ"
            seen.add(s.name)

    def as_dict(self) -> dict[str, Any]:
        return common.plain(self)


common.declarations(Parameters)  # a field the checker cannot read fails here, on import, not on a user's first override
DEFAULT = common.checked_defaults(Parameters())

__all__ = ["DEFAULT", "KNOWN_SHIELDS", "ParameterError", "Parameters", "ShieldSpec", "load", "with_overrides"]


def load(path: str | Path | None = None, cli: list[str] | tuple[str, ...] = ()) -> Parameters:
    """Defaults, then a TOML file, then ``name=value`` pairs (see ``model.common.parameters``)."""
    return common.load(DEFAULT, path, cli)
