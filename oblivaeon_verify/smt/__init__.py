"""Game-independent Z3 machinery: transition systems, k-induction with a BMC fallback, ITF traces, MUS enumeration.

Nothing here names a game.  A ruleset's symbolic package supplies a :class:`~oblivaeon_verify.smt.system.TransitionSystem`
and its properties; these modules prove them, write the obligations as SMT-LIB2, decode counterexamples
and enumerate minimal unsatisfiable cores.
"""
