"""What every ruleset's properties share: the invariant registry."""
