"""Knock-out by kind of work record: every kernel handler can be turned off, and turning one off is caught.

Clause knock-out reaches only the functions that declare a clause; the kernel's handlers include card
timing (reactions, start- and end-of-turn effects) and decision points that no clause names.  These
tests knock them out through the ruleset's own kernel (``ruleset.kernel``).
"""

from __future__ import annotations

import pytest
from oblivaeon_verify.model.common.kernel import Kernel
from oblivaeon_verify.model.oblivaeon import reactions
from oblivaeon_verify.model.oblivaeon.ruleset import RULESET

from oblivaeon_verify import knockout, rulesets

AEONS_END = rulesets.load("aeons_end")


def test_the_ruleset_adapter_gives_its_kernel_whose_kinds_are_named_without_a_dot():
    for name in rulesets.available():
        kernel = rulesets.load(name).kernel
        assert isinstance(kernel, Kernel) and len(knockout.kinds(kernel)) >= 20
        assert list(knockout.kinds(kernel)) == sorted(t.__name__ for t in kernel.record_types())
        assert not any(knockout.is_clause(k) for k in knockout.kinds(kernel)), name


@pytest.mark.parametrize("name", rulesets.available())
def test_every_kernel_handler_can_be_turned_off_and_is_put_back(name):
    kernel = rulesets.load(name).kernel
    for kind, fn in knockout.kinds(kernel).items():
        code = fn.__code__
        with knockout.kind_knocked_out(kernel, kind) as (h,):
            assert h.function is fn and fn.__code__ is not code, kind
        assert fn.__code__ is code, kind


def test_knocking_out_a_kind_leaves_the_function_the_kernel_calls_and_swaps_its_code():
    original = reactions.fire_reaction.__code__
    with knockout.kind_knocked_out(RULESET.kernel, "FireReaction") as (h,):
        assert RULESET.kernel.handler(reactions.FireReaction) is reactions.fire_reaction is h.function
        assert reactions.fire_reaction(None, None) is None and reactions.fire_reaction.__code__ is not original
    assert reactions.fire_reaction.__code__ is original


def test_a_kind_whose_handler_declares_clauses_turns_them_off_too_and_says_so():
    assert knockout.kind_shared_with(RULESET.kernel, "BringForth") == ("CLAR.SCIONS-FROM-BOTTOM", "SETUP.SECOND-SCION")
    assert knockout.kind_shared_with(AEONS_END.kernel, "NemesisDraws") == ("NEMESIS.DRAW", "NEMESIS.CARD-KINDS", "NEMESIS.BASIC-AND-UNIQUE")
    assert knockout.kind_shared_with(RULESET.kernel, "FireReaction") == ()


def test_an_unknown_kind_is_refused_by_name():
    with pytest.raises(knockout.NothingToKnockOut, match="'FireReactoin' is not a kind of work record"):
        with knockout.kind_knocked_out(RULESET.kernel, "FireReactoin"):
            pass
