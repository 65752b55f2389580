"""Finding a ruleset by name: the plugins registered under the entry point group ``oblivaeon_verify.rulesets``.

A ruleset's plugin (``properties/<name>/plugin.py``'s ``PLUGIN``) declares everything the harness reads of
it; the harness never names a game.  ``load`` gives the model adapter, ``plugin`` the whole plugin.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from oblivaeon_verify.properties.common.plugin import Game, Plugin

GROUP = "oblivaeon_verify.rulesets"
"""The entry point group a package registers its rulesets in (``pyproject.toml``)."""

DEFAULT = "oblivaeon"

Ruleset = Game
"""What the harness reads of a ruleset's model adapter (what ``load`` returns)."""


@cache
def _registered() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def available() -> list[str]:
    return sorted(_registered())


class UnknownRuleset(LookupError):
    pass


@cache
def _plugin(name: str) -> Plugin:
    entry = _registered().get(name)
    if entry is None:
        raise UnknownRuleset(f"unknown ruleset {name!r}; available: {', '.join(available())}")
    found = entry.load()
    if not isinstance(found, Plugin):
        raise TypeError(f"entry point {name} = {entry.value} of group {GROUP} is a {type(found).__name__}, not a Plugin")
    return found


def plugin(ruleset: str | Ruleset) -> Plugin:
    """The plugin of a ruleset, by name or by its model adapter (loaded once)."""
    return _plugin(ruleset if isinstance(ruleset, str) else ruleset.name)


def load(name: str = DEFAULT) -> Ruleset:
    """The ruleset's model adapter; an unknown name is an ``UnknownRuleset`` listing the known ones."""
    return plugin(name).game
