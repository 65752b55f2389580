"""What the census of surprises needs to know of Aeon's End: the kinds of thing a description can pick, and why each expected flag is no surprise."""

from __future__ import annotations

from oblivaeon_verify.properties.common.census import Resolution

KINDS: dict[str, str | None] = {
    "player": "player",
    "exhausted player": "player",
    "nemesis": "nemesis",
    "minion": "nemesis",
}
"""Every kind of thing a description can pick, with the side its name puts it on."""

CHARACTERS = {"player": frozenset({"player", "exhausted player"}), "nemesis": frozenset({"nemesis"})}


def kind(d, card: str) -> str:
    if card == "nemesis":
        return "nemesis"
    for m in d.mages:
        if m.name == card:
            return "exhausted player" if m.exhausted else "player"
    return "minion"


def source_side(d, source: str) -> str | None:
    """A spell or a mat's ability is the players'; a nemesis card's effect names no source."""
    return "player"


RESOLUTIONS: tuple[Resolution, ...] = ()
