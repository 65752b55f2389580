"""The deck value is shared by every ruleset: see ``model.common.deck``."""

from oblivaeon_verify.model.common.deck import Deck

__all__ = ["Deck"]
