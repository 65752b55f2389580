"""The new heroes' own rules: Luminary's Doomsday Devices and Use It Up, Lifeline's Blood Price and Vitae Siphon."""

from __future__ import annotations

from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL
from oblivaeon_verify.model.oblivaeon.round_order import current_turn
from oblivaeon_verify.properties.oblivaeon.invariants.readers import holder_of, rule_side
from oblivaeon_verify.properties.oblivaeon.invariants.registry import step


def seat_of_hero(s, hero: str) -> int:
    return next((i for i, seat in enumerate(s.seats) if seat.hero == hero), -1)


def card_named(card: str, name: str) -> bool:
    return card in PHYSICAL and PHYSICAL[card].name == name


@step("luminary-devices-and-plots", "HEROES.LUMINARY", events=("trigger", "destroyed"))
def luminary(st):
    """Luminary's Doomsday Devices strike only at the end of his own turn, and Use It Up spends only a hero's non-character target of at most 5 HP."""
    lum = seat_of_hero(st.before, "Luminary")
    turn = str(current_turn(st.before))
    struck = set()  # targets its damage dropped to 0 HP are destroyed by that damage, not spent
    for e in st.events:
        if e.kind == "turn":
            turn = e.detail
        if e.kind == "damage" and card_named(e.card, "Use It Up"):
            struck.add(e.target)
        if e.kind == "trigger" and card_named(e.card, "Doomsday Device"):
            owner = holder_of(st.before, e.card)
            if lum < 0 or owner != lum or turn != f"Hero {lum + 1}'s turn":
                yield f"a Doomsday Device in play area {owner + 1} went off during {turn}, not Luminary's turn"
        if e.kind == "destroyed" and card_named(e.card, "Use It Up") and e.target not in struck:
            t = e.target
            hp = st.before.hp.get(t)
            if t in CHARACTER_CARDS or rule_side(st.before, t) != "hero" or hp is None or hp > 5:
                yield f"Use It Up destroyed {t} ({rule_side(st.before, t)} target, {hp} HP)"


@step("lifeline-pays-in-blood", "HEROES.LIFELINE", events=("damage", "heal"))
def lifeline(st):
    """Lifeline's Blood Price wounds Lifeline before it strikes a foe, and his Vitae Siphon heals Lifeline alone."""
    life = seat_of_hero(st.before, "Lifeline")
    own = set(st.before.seats[life].characters) if life >= 0 else set()
    played = False
    paid = False
    for e in st.events:
        if e.kind == "play" and card_named(e.card, "Blood Price"):
            played, paid = True, False
        if e.kind == "damage" and card_named(e.card, "Blood Price"):
            if e.target in own:
                paid = True
            elif played and not paid:
                yield f"Blood Price struck {e.target} before Lifeline paid his own life"
        if e.kind == "heal" and card_named(e.card, "Vitae Siphon") and e.target not in own:
            yield f"Vitae Siphon healed {e.target}, not Lifeline"
