"""Hypothesis strategies for parameter overrides, each value drawn with whether it is valid, and the oracle's own rules.

Values are drawn from the parameters' declarations (``model.common.parameters.declarations``): a
valid one from within the declared bounds, an invalid one of the wrong type, out of range, huge,
negative, a float, a boolean, a string of odd digits, or nested junk.  Whether the whole set should
load is worked out here independently of the checker (including the rules between fields), so a
fuzz test can tell a silent acceptance from a clear refusal, and an over-strict refusal from both.
"""

from __future__ import annotations

import enum
import math

from hypothesis import strategies as st
from oblivaeon_verify.model.common.parameters import Declared, declarations

ODD_DIGITS = ["+5", "٣", "５", "5_0", "1e1", "0x5", " ", "", "--5", "5.", "½", "⁵", "五", "1,000"]
"""Texts int() or a careless parser might take for numbers (other scripts' digits, signs, separators)."""

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | st.sampled_from(ODD_DIGITS),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
"""Any TOML/JSON-ish value: scalars, lists and tables nested a few deep."""


def _wrong_integer(d: Declared):
    """Surely not an integer within ``d``'s range: the classic wrong values first, then anything."""
    low, high = d.range.low, d.range.high
    classic = [
        True,
        False,
        float(low),
        2.5,
        math.inf,
        -math.inf,
        math.nan,
        str(low),
        low - 1,
        high + 1,
        10**19,
        -(10**19),
        [low],
        {"value": low},
    ]
    return st.one_of(
        st.sampled_from(classic),
        st.integers(max_value=low - 1) | st.integers(min_value=high + 1),
        st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(ODD_DIGITS) | st.integers(low, high).map(str),
        junk.filter(lambda v: not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high),
    )


def value(d: Declared, valid: bool):
    """A value for declaration ``d``: within its declaration when ``valid``, else surely outside it."""
    if d.kind is int:
        if valid:
            return st.integers(d.range.low, d.range.high) | st.sampled_from([d.range.low, d.range.high])
        return _wrong_integer(d)
    if isinstance(d.kind, type) and issubclass(d.kind, enum.Enum):
        values = [m.value for m in d.kind]
        if valid:
            return st.sampled_from(values)
        return st.one_of(
            st.sampled_from([v.upper() for v in values] + [v + " " for v in values] + ["", "default"]),
            junk.filter(lambda v: not isinstance(v, str) or v not in values),
        )
    if d.kind is str:
        if d.one_of:
            if valid:
                return st.sampled_from(d.one_of.choices)
            return st.one_of(
                st.sampled_from([c.lower() for c in d.one_of.choices] + [c[:-1] for c in d.one_of.choices]),
                junk.filter(lambda v: v not in d.one_of.choices),
            )
        printable = st.text(st.characters(codec="utf-8").filter(str.isprintable), min_size=d.size.low, max_size=d.size.high)
        if valid:
            return printable.filter(str.isprintable)
        return st.one_of(
            st.just(""),
            st.text(min_size=d.size.high + 1, max_size=d.size.high + 5),
            st.text(min_size=1, max_size=5).map(lambda t: t + "\n"),
            st.sampled_from(["\x00", "tab\there", "\x7f", "a\u2028b"]),
            junk.filter(lambda v: not isinstance(v, str) and v is not None),  # TOML writes None as a string
        )
    if d.item is int:
        one = Declared(d.name, int, range=d.range)
        if valid:
            return st.lists(value(one, True), min_size=d.length, max_size=d.length)
        return st.one_of(
            st.lists(value(one, True), max_size=d.length + 2).filter(lambda v: len(v) != d.length),
            st.tuples(
                st.integers(0, d.length - 1), _wrong_integer(one), st.lists(value(one, True), min_size=d.length, max_size=d.length)
            ).map(lambda t: [t[1] if i == t[0] else x for i, x in enumerate(t[2])]),
            junk.filter(lambda v: not isinstance(v, list)),
        )
    # a list of nested tables (OblivAeon's shields)
    if valid:
        return st.lists(table(d.item, True), min_size=d.size.low, max_size=min(d.size.high, 4))
    return st.one_of(
        st.just([]),
        st.lists(table(d.item, True), min_size=0, max_size=2).flatmap(lambda ok: table(d.item, False).map(lambda bad: ok + [bad])),
        junk.filter(lambda v: not isinstance(v, list)),
    )


@st.composite
def table(draw, cls, valid: bool):
    """One nested table of ``cls``'s fields: the required ones, some optional ones, one broken when not ``valid``."""
    decls = declarations(cls)
    out = {}
    broken = None if valid else draw(st.sampled_from(["field", "unknown key", "missing", "not a table"]))
    if broken == "not a table":
        return draw(junk.filter(lambda v: not isinstance(v, dict)))
    chosen = [d for d in decls if d.required or draw(st.booleans())]
    bad_field = draw(st.sampled_from(chosen)) if broken == "field" else None
    for d in chosen:
        out[d.name] = draw(value(d, d is not bad_field))
    if broken == "unknown key":
        out[draw(st.sampled_from(["hue", "Name", "flip", "scion "]))] = draw(junk)
    if broken == "missing":
        out.pop(draw(st.sampled_from([d.name for d in decls if d.required])))
    return out


@st.composite
def overrides(draw, defaults, max_size: int = 4):
    """(overrides, every field valid): a few real parameter names (rarely an unknown one) with values."""
    decls = declarations(type(defaults))
    chosen = draw(st.lists(st.sampled_from(decls), max_size=max_size, unique_by=lambda d: d.name))
    out, valid = {}, True
    for d in chosen:
        ok = draw(st.booleans() | st.just(True))  # about three in four are valid
        out[d.name] = draw(value(d, ok))
        valid &= ok
    if draw(st.integers(0, 9)) == 0:
        out[draw(st.sampled_from(["countdown", "player-life", "Starting_Hand", "max_round", "shield", ""]))] = draw(junk)
        valid = False
    return out, valid


def consistent(defaults, given: dict) -> bool:
    """The rules between fields, written again from the rules themselves (the oracle's own copy)."""
    merged = {d.name: getattr(defaults, d.name) for d in declarations(type(defaults))}
    merged.update(given)
    if "scion_hp_base" in merged:
        if merged["scion_hp_base"] + merged["scion_hp_per_difficulty"] * 1 < 1:
            return False
        shields = merged["shields"]
        tables = [
            s
            if isinstance(s, dict)
            else {"name": s.name, "flip_after_tasks": s.flip_after_tasks, "remove_after_tasks": s.remove_after_tasks}
            for s in shields
        ]
        names = [t["name"] for t in tables]
        if len(set(names)) != len(names):
            return False
        for t in tables:
            if t.get("remove_after_tasks", 4) < t.get("flip_after_tasks", 2):
                return False
    return True


# --- TOML text ---------------------------------------------------------------------------------


def toml_string(s: str) -> str:
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_string(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    return toml_string(str(v))  # None: TOML has no null; a string stands in


def toml_file(table: dict, wrapped: bool) -> str:
    lines = ["[parameters]"] if wrapped else []
    lines += [f"{toml_string(k)} = {toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"
