"""OblivAeon properties (the invariant registry arrives with the invariant suite)."""
