"""Golden traces: the digest of ``simulate --trace --json`` for 10 games at every player count of both rulesets.

The kernel's work records, its read interface and every refactor of the rules under them must leave
what a seed plays byte for byte as it was.  ``python -m tests.golden.traces --write`` records the
digests (``traces.json``); ``--dump DIR`` writes the full traces, so two revisions can be diffed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

DIGESTS = Path(__file__).with_name("traces.json")
SEED = 11
GAMES = 10
PLAYER_COUNTS = {"oblivaeon": (3, 4, 5), "aeons_end": (1, 2, 3, 4)}


def trace(ruleset: str, players: int) -> bytes:
    """The JSON Lines trace of the 10 games, played in one worker (worker counts are tested elsewhere)."""
    args = ["simulate", "--ruleset", ruleset, "--players", str(players), "--seed", str(SEED), "--games", str(GAMES)]
    cmd = [sys.executable, "-m", "oblivaeon_verify", *args, "--trace", "--json", "--workers", "1"]
    return subprocess.run(cmd, capture_output=True, check=True).stdout


def key(ruleset: str, players: int) -> str:
    return f"{ruleset}/{players}"


def digests() -> dict[str, str]:
    return {key(r, n): hashlib.sha256(trace(r, n)).hexdigest() for r, counts in PLAYER_COUNTS.items() for n in counts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.traces", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the digests in traces.json")
    parser.add_argument("--dump", metavar="DIR", help="write every trace into DIR (a new folder)")
    args = parser.parse_args(argv)
    if args.dump:
        out = Path(args.dump)
        out.mkdir(parents=True)
        for r, counts in PLAYER_COUNTS.items():
            for n in counts:
                (out / f"{r}-{n}.jsonl").write_bytes(trace(r, n))
    if args.write:
        DIGESTS.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
