"""Every fact the rulebook does not give us, in one place, as a named and documented parameter.

The OblivAeon Booklet, the Shield sides, the Scion panels and the card texts are not printed in
the rulebook.  Each stand-in below is an ASSUMPTION with a default; known facts (Countdown starts
on 6 and loses one token at the start of OblivAeon's turn, the four named Shields and their
Scions, three forms, Devastation destroys environments) are the defaults where the rulebook or
the game's published facts give them.  A user overrides any of them from a TOML file or the
command line (``--param name=value``); unknown names and wrong types are refused by name.

The interpretation switches (``Reading``) settle the places where the rulebook can be read two
ways; each names the clause it concerns.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from model.common import parameters as common
from model.common.parameters import ParameterError


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


@dataclass(frozen=True, slots=True)
class ShieldSpec:
    """One double-sided OblivAeon Shield (SETUP.SHIELD, SHIELD.TASKS). Side texts are assumptions."""

    name: str
    scion: str
    flip_after_tasks: int = 2
    """Tasks (Scions removed from the game or objectives completed) that flip phase 1 to phase 2."""
    remove_after_tasks: int = 4
    """Tasks in all after which the phase-2 side removes the Shield from the game."""
    start_damage: int = 1
    """Phase side's end-of-turn hit: OblivAeon deals each hero in his zone this much (phase 2: +1)."""


KNOWN_SHIELDS: tuple[ShieldSpec, ...] = (
    ShieldSpec("The Arc of Unreality", "Progeny"),
    ShieldSpec("The Ceaseless Ruin", "Nixious the Chosen"),
    ShieldSpec("The Source of Foes", "Aeon Master"),
    ShieldSpec("The Primary Objective", "Voidsoul"),
    # ASSUMPTION: the fifth Shield's name and Scion are not in the rulebook.
    ShieldSpec("The Fifth Shield (name unknown)", "Empyreon"),
)


@dataclass(frozen=True, slots=True)
class Parameters:
    """The Booklet, Shields, Scion panels and other unprinted numbers. Defaults marked ASSUMPTION."""

    countdown_start: int = 6
    """Known: the Countdown token starts on space 6 (SETUP.INEVITABLE-DESTRUCTION)."""
    countdown_tick: int = 1
    """Known: OblivAeon removes one Countdown token at the start of his turn (ID.COUNTDOWN)."""
    countdown_expiry_devastation: int = 2
    """ASSUMPTION: when the Countdown runs out, this many Devastation tokens are added and the
    Countdown is reset to its start. This makes every game finite (see ``ending``)."""
    countdown_expiry_damage: int = 2
    """ASSUMPTION: when the Countdown runs out OblivAeon also deals each hero target in his zone this much."""
    devastation_threshold: int = 8
    """ASSUMPTION: at the end of OblivAeon's turn, with at least this many Devastation tokens,
    he spends that many and destroys the environment in his battle zone (ID.DEVASTATION)."""
    forms_hp: tuple[int, int, int] = (30, 35, 40)
    """ASSUMPTION: OblivAeon's HP in each of his three forms; defeating the third wins."""
    form2_damage: int = 2
    """ASSUMPTION: the second form's start-of-turn attack on the hero with the highest HP in his zone."""
    erase_in_form: int = 3
    """Known from CLAR.ERASED: the third form erases heroes. ASSUMPTION: at the start of his turn
    he erases the hero with the lowest HP in his zone."""
    aeon_men_from_form: int = 2
    """ASSUMPTION: from this form on, the Booklet plays one Aeon Men card at the end of his turn."""
    scion_hp_base: int = 8
    """ASSUMPTION: a Scion's HP is this plus ``scion_hp_per_difficulty`` times its chart difficulty."""
    scion_hp_per_difficulty: int = 3
    rainek_flipped_hp: int = 18
    """ASSUMPTION: Rainek Kel'Voss flips at 0 HP instead of leaving, returns with this HP and has
    usurped OblivAeon's power while flipped (CLAR.RITES-OF-REVIVAL)."""
    rites_revival_hp: int = 10
    """ASSUMPTION: the HP a character card revived by Rites of Revival starts with."""
    bloodstone_hp: int = 6
    """ASSUMPTION: the HP each Sentinel returns with when The Bloodstone revives them (CLAR.SENTINELS)."""
    wasteland_max_hp: int = 8
    """ASSUMPTION: Unforgiving Wasteland removes the lowest-HP villain target in its zone with at most this HP."""
    environment_damage: int = 20
    """Known: OblivAeon deals this much irreducible infernal damage after an environment falls (ENV.REMOVAL.DAMAGE)."""
    replacement_hand: int = 4
    """Known: a replacement hero starts with a hand of four (INCAP.REPLACEMENT)."""
    starting_hand: int = 4
    """Known from the base game: a hero set up at the start of a game draws four."""
    shields: tuple[ShieldSpec, ...] = KNOWN_SHIELDS
    rites_reading: RitesReading = RitesReading.REVIVE_IN_PLACE
    requital_reading: RequitalReading = RequitalReading.CONSTRUCTS_STAY
    bloodstone_reading: BloodstoneReading = BloodstoneReading.DEVASTATION_THEN_REVIVE
    max_rounds: int = 400
    """A safety stop for random play, never reached by the defaults (every game is finite); a game
    that reaches it is reported as an error, not an outcome."""

    def shield(self, name: str) -> ShieldSpec:
        for s in self.shields:
            if s.name == name:
                return s
        raise KeyError(f"unknown Shield {name!r}; known: {', '.join(s.name for s in self.shields)}")

    def scion_hp(self, difficulty: int) -> int:
        return self.scion_hp_base + self.scion_hp_per_difficulty * difficulty

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, enum.Enum):
                v = v.value
            elif f.name == "shields":
                v = [dataclasses.asdict(s) for s in v]
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out


DEFAULT = Parameters()


def _coerce(name: str, raw: Any, where: str) -> Any:
    f = next((f for f in fields(Parameters) if f.name == name), None)
    if f is None:
        known = ", ".join(sorted(x.name for x in fields(Parameters)))
        raise ParameterError(f"{where}: unknown parameter {name!r}; known parameters: {known}")
    current = getattr(DEFAULT, name)
    if isinstance(current, enum.Enum):
        choices = [m.value for m in type(current)]
        if raw not in choices:
            raise ParameterError(f"{where}: {name} must be one of {choices}, not {raw!r}")
        return type(current)(raw)
    if name == "shields":
        if not isinstance(raw, list) or not raw:
            raise ParameterError(f"{where}: shields must be a non-empty list of tables")
        out = []
        for i, item in enumerate(raw):
            if not isinstance(item, dict):
                raise ParameterError(f"{where}: shields[{i}] must be a table")
            try:
                out.append(ShieldSpec(**item))
            except TypeError as e:
                raise ParameterError(f"{where}: shields[{i}]: {e}") from None
        return tuple(out)
    if isinstance(current, tuple):
        if not isinstance(raw, list) or len(raw) != len(current) or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw):
            raise ParameterError(f"{where}: {name} must be a list of {len(current)} integers, not {raw!r}")
        return tuple(raw)
    if isinstance(current, int) and not isinstance(current, bool):
        if isinstance(raw, str):
            try:
                raw = int(raw)
            except ValueError:
                raise ParameterError(f"{where}: {name} must be an integer, not {raw!r}") from None
        if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
            raise ParameterError(f"{where}: {name} must be a non-negative integer, not {raw!r}")
        return raw
    raise ParameterError(f"{where}: {name} cannot be overridden")  # pragma: no cover


def with_overrides(base: Parameters, overrides: dict[str, Any], where: str = "parameters") -> Parameters:
    changes = {k: _coerce(k, v, where) for k, v in overrides.items()}
    return dataclasses.replace(base, **changes)


def load(path: str | Path | None = None, cli: list[str] | tuple[str, ...] = ()) -> Parameters:
    """Defaults, then a TOML file, then ``name=value`` pairs (see ``model.common.parameters``)."""
    return common.load(DEFAULT, with_overrides, path, cli)


def assumptions() -> list[tuple[str, Any, str]]:
    """(name, default, documentation) for every parameter, for reports and ``--help``."""
    import inspect

    src = inspect.getsource(Parameters)
    docs: dict[str, str] = {}
    lines = src.splitlines()
    for i, line in enumerate(lines):
        s = line.strip()
        if ":" in s and "=" in s and not s.startswith(('"', "def", "#")):
            name = s.split(":", 1)[0]
            j = i + 1
            doc = []
            if j < len(lines) and lines[j].strip().startswith('"""'):
                while j < len(lines):
                    doc.append(lines[j].strip().strip('"'))
                    if lines[j].strip().endswith('"""') and (j > i + 1 or lines[j].strip().count('"""') == 2):
                        break
                    j += 1
            docs[name] = " ".join(d for d in doc if d)
    out = []
    for f in fields(Parameters):
        doc = docs.get(f.name, "")
        value = getattr(DEFAULT, f.name)
        if not doc and isinstance(value, enum.Enum):
            doc = (type(value).__doc__ or "").strip()
        out.append((f.name, DEFAULT.as_dict()[f.name], doc))
    return out
