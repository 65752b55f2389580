"""What every ruleset's decisions share: the error for an illegal one."""

from __future__ import annotations


class IllegalDecision(ValueError):
    """A decision that is not among the legal ones at this point; the message lists the legal ones."""

    def __init__(self, decision: object, legal: tuple, where: str) -> None:
        self.decision = decision
        self.legal = legal
        shown = "\n  ".join(str(d) for d in legal[:40]) or "(none: the game is over)"
        more = f"\n  ... and {len(legal) - 40} more" if len(legal) > 40 else ""
        super().__init__(f"illegal decision {decision} at {where}; the legal decisions are:\n  {shown}{more}")
