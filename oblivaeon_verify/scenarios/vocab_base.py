"""What every ruleset's scenario vocabulary does alike (game-independent).

A vocabulary subclasses :class:`VocabularyBase` and names its ruleset's default parameters and the
function that applies overrides to them; the readings (parameters that are enums: the rulebook read
two ways), the parameter check and the legal options then come from here.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any


def kind_of(x: Any) -> str:
    """A TOML value's kind in an error message's words."""
    return {dict: "a table", list: "an array", str: "a string", bool: "a boolean", int: "an integer"}.get(type(x), type(x).__name__)


class VocabularyBase:
    default_parameters: Any = None
    """The ruleset's default parameters (a dataclass)."""
    apply_overrides = None
    """``apply_overrides(default, overrides, where)``: the parameters with overrides applied, or an error naming ``where``."""
    quiet_kinds: tuple[str, ...] = ()
    """Decision kinds a quiet player picks when a scenario plays on, in order of preference."""
    fact_getter = None
    """``fact_getter(name)``: the function reading fact ``name`` from a state."""

    def readings(self) -> dict[str, tuple[list[str], str]]:
        """Every parameter that is a reading of the rulebook (an enum): its values and its default."""
        out = {}
        for f in dataclasses.fields(self.default_parameters):
            val = getattr(self.default_parameters, f.name)
            if isinstance(val, enum.Enum):
                out[f.name] = ([m.value for m in type(val)], val.value)
        return out

    def check_parameters(self, params: dict) -> None:
        type(self).apply_overrides(self.default_parameters, params, "parameters")

    def options(self, state) -> tuple:
        return state.options

    def fact(self, state, name: str):
        return type(self).fact_getter(name)(state)

    def quiet(self, state):
        """What a quiet player does: the first preferred kind on offer, else the first option."""
        for kind in self.quiet_kinds:
            for d in state.options:
                if d.kind == kind:
                    return d
        return state.options[0]
