"""Refresh, in one command, every checked-in file that records what play does, after a change to play.

A rule fixed on purpose, a card added or a new moment changes what a seed plays; these files then no
longer describe the games they name, and the tests that replay them say so.  This command writes them
again, each the way the tool writes it:

``golden``
    the golden traces' digests (``tests/golden/traces.json``);
``witnesses``
    each ruleset's kept clause witnesses (``oblivaeon-verify witnesses --out properties/<ruleset>/witnesses``);
``divergences``
    each ruleset's kept divergence witnesses (``witnesses --readings --out properties/<ruleset>/divergences``);
``replays``
    OblivAeon's regression replays: the knock-out replay (``knockout --save``), and the games in which once-false
    violations happened, searched for again by the situation each describes (:data:`SITUATIONS`).

``python -m tests.regenerate`` does all four; ``--only NAME`` (repeatable) some.  Say in the commit which play
change made it necessary.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from oblivaeon_verify.model.common.kernel import waiting_for
from oblivaeon_verify.model.oblivaeon.cards import CHARACTER_CARDS, PHYSICAL, SENTINELS
from oblivaeon_verify.model.oblivaeon.oblivaeon_forms import ChooseErased

from oblivaeon_verify import replay, rulesets
from oblivaeon_verify.checked_play import properties
from oblivaeon_verify.play import game_rng
from tests.golden import traces

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = ROOT / "properties" / "oblivaeon" / "replays"
PARTS = ("golden", "witnesses", "divergences", "replays")


def _tool(*argv: str, undecided_is_fine: bool = False) -> None:
    """Run a command of the tool; with ``undecided_is_fine``, its exit 4 (something not found within its budget, which
    the reports then show as a coverage warning) is said and not an error."""
    print("oblivaeon-verify", " ".join(argv), flush=True)
    code = subprocess.run([sys.executable, "-m", "oblivaeon_verify", *argv], cwd=ROOT, stdout=subprocess.DEVNULL).returncode
    if code == 4 and undecided_is_fine:
        print("  (exit 4: not everything was found within the search's budget; the files found are written)", flush=True)
    elif code != 0:
        raise SystemExit(f"oblivaeon-verify {' '.join(argv)}: exit {code}")


def golden() -> None:
    print("golden traces", flush=True)
    traces.main(["--write"])


def witnesses() -> None:
    for name in rulesets.available():
        _tool("witnesses", "--ruleset", name, "--out", f"properties/{name}/witnesses")


WIDER = {"oblivaeon": (("bloodstone_reading", ("--games", "100", "--steered-games", "40", "--seed", "4")),)}
"""Readings whose values part only in rare games, searched again with a wider budget after the default search."""


def divergences() -> None:
    for name in rulesets.available():
        _tool("witnesses", "--readings", "--ruleset", name, "--out", f"properties/{name}/divergences", undecided_is_fine=True)
        for reading, games in WIDER.get(name, ()):
            _tool(
                "witnesses", "--readings", "--reading", reading, *games, "--out", f"properties/{name}/divergences", undecided_is_fine=True
            )


# --- the regression replays ------------------------------------------------------------------


def _objective_removed_then_its_hero_fell(before, decision, events) -> bool:
    """An objective is removed from the game and the hero whose play area held it falls in the same step."""
    for i, e in enumerate(events):
        if e.kind == "removed-from-game" and e.target in PHYSICAL and PHYSICAL[e.target].deck == "Mission":
            holder = next((s for s in before.seats if e.target in s.play), None)
            if holder is not None and any(f.kind == "hero-incapacitated" and f.card in holder.characters for f in events[i:]):
                return True
    return False


def _booklet_calls_with_every_aeon_man_in_play(before, decision, events) -> bool:
    """OblivAeon's turn comes in a form whose Booklet calls an Aeon Man, while every Aeon Men card is in play already."""
    calling = before.form >= before.setup.params.aeon_men_from_form and not (before.aeon_deck or before.aeon_trash)
    return calling and any(e.kind == "turn" and e.detail == "OblivAeon's turn" for e in events)


def _aeon_men_pool_empty_at_the_booklet_call(before, decision, events) -> bool:
    """In an Aeon-Men form, the Aeon Men deck and trash hold cards before the step, a Scion's call empties them before
    the Booklet's, and a destruction later in OblivAeon's turn fills the trash again (the Booklet has nothing to call)."""
    if before.form < before.setup.params.aeon_men_from_form or not (before.aeon_deck or before.aeon_trash):
        return False
    for i, e in enumerate(events):
        if e.kind != "turn" or e.detail != "OblivAeon's turn":
            continue
        end = next((j for j in range(i + 1, len(events)) if events[j].kind == "turn"), len(events))
        called = sum(1 for j, f in enumerate(events[:end]) if f.kind == "aeon-man-called" and (j < i or f.card != "oblivaeon"))
        refilled = any(f.kind == "destroyed" and f.detail.endswith("aeon_trash") for f in events[i:end])
        return called >= len(before.aeon_deck) + len(before.aeon_trash) and refilled
    return False


def _revived_to_box_in_the_step_its_hero_fell(before, decision, events) -> bool:
    """A hero holding a reward falls, and Rites of Revival sends its character card back to the box later in the step."""
    for i, e in enumerate(events):
        if e.kind == "hero-incapacitated":
            seat = next((s for s in before.seats if e.card in s.characters), None)
            rewarded = seat is not None and any(c in before.reward_side for c in seat.play)
            if rewarded and any(f.kind == "revived-to-box" and f.card in seat.characters for f in events[i + 1 :]):
                return True
    return False


def _a_sentinel_other_than_the_first_erased(before, decision, events) -> bool:
    """The players choose which of the Sentinels OblivAeon's third form erases, and not the first of them: the team
    goes, and the erasure's event names its first card."""
    return (
        isinstance(waiting_for(before), ChooseErased)
        and CHARACTER_CARDS.get(decision.target) is not None
        and CHARACTER_CARDS[decision.target].hero == SENTINELS
        and any(e.kind == "hero-erased" and e.card != decision.target for e in events)
    )


@dataclass(frozen=True)
class Situation:
    name: str
    happens: Callable
    """(state before a step, the decision taken, the step's events) -> whether the situation happens in that step."""
    players: int
    max_games: int = 4000


SITUATIONS = (
    Situation("objective-removed-before-its-hero-fell", _objective_removed_then_its_hero_fell, 3),
    Situation("aeon-men-all-in-play-at-the-booklet-call", _booklet_calls_with_every_aeon_man_in_play, 3),
    Situation("aeon-men-called-away-before-the-booklet-call", _aeon_men_pool_empty_at_the_booklet_call, 3),
    Situation("rewards-to-hand-when-revived-the-step-its-hero-fell", _revived_to_box_in_the_step_its_hero_fell, 5),
    Situation("a-sentinel-chosen-to-be-erased-erases-the-team", _a_sentinel_other_than_the_first_erased, 5),
)
"""The games kept because a false violation once happened in them: each is found again by its situation."""

SEARCH_SEED = 1
"""The seed the situation searches play from (a search is deterministic: the same model finds the same game)."""


def _search(ruleset, situation: Situation) -> dict:
    """The first steered random game (seed :data:`SEARCH_SEED`) in which the situation happens, up to that step."""
    props = properties(ruleset)
    params = ruleset.default_parameters()
    for index in range(situation.max_games):
        rng = game_rng(SEARCH_SEED, situation.players, index)
        setup = ruleset.random_setup(rng, situation.players, params)
        state = ruleset.new_game(setup)
        decisions, labels = [], []
        while options := ruleset.legal_decisions(state):
            chosen = props.steer(rng, state, options)
            decisions.append(options.index(chosen))
            labels.append(str(chosen))
            after, events = ruleset.step(state, chosen)
            if situation.happens(state, chosen, events):
                return replay.document(ruleset, setup, decisions, labels, "hold", {})
            state = after
    raise SystemExit(f"{situation.name}: not found in {situation.max_games} games; widen the search or change the seed")


def replays() -> None:
    ruleset = rulesets.load("oblivaeon")
    for situation in SITUATIONS:
        print(f"searching for {situation.name}", flush=True)
        doc = _search(ruleset, situation)
        doc.pop("witness")
        (REPLAYS / f"{situation.name}.json").write_text(json.dumps(doc, indent=1) + "\n")
    with tempfile.TemporaryDirectory() as tmp:
        _tool("knockout", "--clause", "BZ.DEV.HERO-INCAP", "--save", tmp)
        [saved] = Path(tmp).glob("*.json")
        (REPLAYS / "knockout-BZ.DEV.HERO-INCAP.json").write_bytes(saved.read_bytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.regenerate", description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=PARTS, help="refresh only this part (repeatable; default: all)")
    args = parser.parse_args(argv)
    for part in args.only or PARTS:
        {"golden": golden, "witnesses": witnesses, "divergences": divergences, "replays": replays}[part]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
