"""The shared kernel: handlers by record type (one each, checked), and the order ``now``, ``later`` and ``ask`` give."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest
from oblivaeon_verify.model.common import kernel
from oblivaeon_verify.model.common.kernel import Agenda, Ask, Kernel, KernelError, Work

PACKAGE = __name__


@dataclasses.dataclass(frozen=True, slots=True)
class Say(Work):
    word: str


@dataclasses.dataclass(frozen=True, slots=True)
class Pick(Ask):
    pass


@dataclasses.dataclass(frozen=True, slots=True)
class Loop(Work):
    pass


class Toy(Agenda):
    """A draft of the smallest kind: an agenda, a log, an outcome."""

    __slots__ = ("agenda", "said", "outcome", "options", "params", "ended")

    def __init__(self, *records: Work, budget: int = 100) -> None:
        self.agenda, self.said, self.outcome, self.options = list(reversed(records)), [], None, ()
        self.params = SimpleNamespace(max_work_per_step=budget)
        self.ended = None

    def end(self, kind: str, reason: str, clause: str) -> None:
        self.outcome, self.ended = kind, (reason, clause)


def toy_kernel() -> Kernel:
    k = Kernel("toy", PACKAGE, "TOY.SAFETY")

    @k.handles(Say)
    def _say(d, r):
        d.said.append(r.word)
        if r.word == "a":
            d.now(Say("a1"), Say("a2"))
            d.later(Say("z1"), Say("z2"))

    @k.handles(Pick)
    def _pick(d, r, decision):
        d.said.append(f"picked {decision}")

    @k.handles(Loop)
    def _loop(d, r):
        d.now(Loop())

    k.seal(idle=lambda d: d.end("over", "nothing left", "TOY.END"))
    return k


def test_now_runs_before_what_waits_and_later_after_it_each_in_the_order_given() -> None:
    d = Toy(Say("a"), Say("b"))
    toy_kernel().run(d)
    assert d.said == ["a", "a1", "a2", "b", "z1", "z2"]
    assert d.outcome == "over"


def test_a_decision_point_stops_the_run_with_two_options_and_is_forced_with_one() -> None:
    k = toy_kernel()
    d = Toy(Say("a"), Pick(("x", "y")), Pick(("only",)), Say("b"))
    k.run(d)
    assert d.said == ["a", "a1", "a2"] and d.options == ("x", "y")
    assert kernel.waiting_for(d) == Pick(("x", "y"))
    assert [type(r).__name__ for r in kernel.pending(d)] == ["Pick", "Pick", "Say", "Say", "Say"]
    assert kernel.scheduled(d, Say) == (Say("b"), Say("z1"), Say("z2"))
    k.decide(d, "y")
    assert d.said[3:] == ["picked y", "picked only", "b", "z1", "z2"]
    assert kernel.waiting_for(d) is None and d.options == ()


def test_a_rule_that_loops_ends_the_game_at_the_safety_stop_after_its_budget() -> None:
    d = Toy(Loop(), budget=50)
    toy_kernel().run(d)
    assert d.outcome == "aborted" and d.ended[1] == "TOY.SAFETY" and "50 units of work" in d.ended[0]


def test_the_safety_stop_lets_a_step_of_exactly_its_budget_run_and_stops_one_unit_more() -> None:
    """The budget counts units of work (each record run, and the idle call that finds nothing left): a step of
    exactly ``budget`` units ends on its own, one of ``budget + 1`` at the stop.  The budget is above 256, where
    Python's small integers are no longer shared, so a stop that compared by identity would never fire."""
    budget = 1000
    fits = Toy(*[Say("x")] * (budget - 1), budget=budget)
    toy_kernel().run(fits)
    assert fits.outcome == "over" and len(fits.said) == budget - 1
    over = Toy(*[Say("x")] * budget, budget=budget)
    toy_kernel().run(over)
    assert over.outcome == "aborted" and over.ended[1] == "TOY.SAFETY" and len(over.said) == budget


def test_a_second_handler_for_a_record_type_is_refused_at_once() -> None:
    k = Kernel("toy", PACKAGE, "TOY.SAFETY")
    k.handles(Say)(lambda d, r: None)
    with pytest.raises(KernelError, match="Say has two handlers"):
        k.handles(Say)(lambda d, r: None)


def test_sealing_refuses_a_record_type_nobody_handles() -> None:
    k = Kernel("toy", PACKAGE, "TOY.SAFETY")
    k.handles(Say)(lambda d, r: None)
    k.handles(Pick)(lambda d, r, x: None)
    with pytest.raises(KernelError, match=r"no handler for the work record\(s\) tests\.test_kernel\.Loop"):
        k.seal(idle=lambda d: None)


def test_only_kinds_of_work_get_handlers() -> None:
    k = Kernel("toy", PACKAGE, "TOY.SAFETY")
    for not_work in (Work, Ask, tuple, "Say"):
        with pytest.raises(KernelError, match="is not a kind of work"):
            k.handles(not_work)


def test_every_ruleset_kernel_is_sealed_with_its_records() -> None:
    from oblivaeon_verify import rulesets

    for name in rulesets.available():
        k = rulesets.load(name).engine.KERNEL
        assert k.record_types(), name
        assert set(kernel.record_types(k.package)) <= set(k.record_types()), name


# --- nothing outside the model reads the agenda but through the read interface -------------------

ROOT = Path(__file__).resolve().parent.parent
#: Files that may touch the agenda itself, and why.
MAY_TOUCH_THE_AGENDA = {
    "tests/test_kernel.py": "the kernel's own tests drive a toy draft",
    "tests/test_aeons_end_scenarios.py": "a deliberately broken rule stands in for the model's own code",
}


def agenda_reads(source: str) -> list[int]:
    """The lines of ``source`` that read an ``agenda`` attribute (the kernel's encoding of pending work)."""
    return sorted({n.lineno for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Attribute) and n.attr == "agenda"})


def test_nothing_outside_the_model_reads_the_agenda_but_through_pending_waiting_for_and_scheduled():
    found = []
    for folder in ("properties", "oblivaeon_verify", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "scenario_files" in rel or rel in MAY_TOUCH_THE_AGENDA:
                continue
            found += [f"{rel}:{line}" for line in agenda_reads(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_agenda_scan_finds_a_read():
    assert agenda_reads("def f(s):\n    return s.agenda[-1]\n") == [2]
    assert agenda_reads("def f(s):\n    return kernel.waiting_for(s)\n") == []
