"""oblivaeon-verify: the harness (game-independent machinery and the command line)."""

__version__ = "0.1.0"
