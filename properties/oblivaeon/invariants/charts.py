"""The Scion Difficulty Chart: a Scion enters with the HP its rating gives, read from our own copy of the chart."""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.cards import SCION_PANELS
from oblivaeon_verify.properties.oblivaeon.invariants.registry import step

#: The Scion Difficulty Chart, transcribed from the rulebook (its own copy, so a wrong entry in the
#: model's chart data shows up as a Scion entering at the wrong HP).
SCION_CHART = {
    "Aeon Master": 3,
    "Borr the Unstable": 2,
    "Dark Mind": 2,
    "Empyreon": 1,
    "Faultless": 1,
    "Nixious the Chosen": 2,
    "Progeny": 3,
    "Rainek Kel'Voss": 3,
    "Sanction": 1,
    "Voidsoul": 3,
}


@step("scions-enter-at-their-chart-hp", "CHART.SCION-DIFFICULTY", events=("scion-enters",), changes=("hp", "zones.scions", "usurped"))
def scions_at_chart_hp(st):
    """A Scion enters with the HP its Difficulty Chart rating gives (the documented base plus a step per point), and never has more."""
    p = st.before.setup.params
    for n, e in enumerate(st.events):
        if e.kind != "scion-enters" or e.card not in st.after.hp:
            continue
        later = st.events[n + 1 :]
        if any(x.kind in ("scion-removed", "rainek-usurps") for x in later):
            continue  # left again, or Rainek flipped to his usurping side, within the step
        hp = st.after.hp[e.card]
        hp += sum(x.amount for x in later if x.kind == "damage" and x.target == e.card)
        hp -= sum(x.amount for x in later if x.kind == "heal" and x.target == e.card)
        want = p.scion_hp_base + p.scion_hp_per_difficulty * SCION_CHART[SCION_PANELS[e.card].name]
        if hp != want:
            yield f"{SCION_PANELS[e.card].name} entered with {hp} HP; difficulty {SCION_CHART[SCION_PANELS[e.card].name]} gives {want}"
    for z in st.after.zones:
        for scion in z.scions:
            top = p.scion_hp_base + p.scion_hp_per_difficulty * SCION_CHART[SCION_PANELS[scion].name]
            if SCION_PANELS[scion].rainek and st.after.usurped:
                top = p.rainek_flipped_hp
            if st.after.hp.get(scion, 0) > top:
                yield f"{SCION_PANELS[scion].name} has {st.after.hp[scion]} HP, above the {top} its chart rating allows"
