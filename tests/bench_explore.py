"""How fast the explorer names and searches states: the canonical key against the position key, alternately in one run.

    python -m tests.bench_explore                   # 3 rounds, depth 6, 20,000 states
    python -m tests.bench_explore --rounds 5 --depth 5 --max-states 5000

Both keys are in this tree (``canonical_key`` is the JSON reference, ``position_key`` what the
explorer uses), so the two alternate in one process, round by round, and the machine's load falls on
both alike.  Printed per ruleset: the cost of one key and its dict lookup over states of random play
(microseconds), and per configuration of the graph facts the explorer's states per second; then the
memory an exploration keeps (tracemalloc peak, measured apart because tracing slows everything).
The best of the rounds is printed with the ratio.  No test reads these figures.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from oblivaeon_verify import rulesets
from oblivaeon_verify.explore import explore
from oblivaeon_verify.graphs import facts as facts_mod
from oblivaeon_verify.play import choose, game_rng

KEYS = ("canonical", "position")


def played_states(ruleset, games: int = 5, decisions: int = 400) -> list:
    params = ruleset.default_parameters()
    out = []
    n = ruleset.players[-1]
    for i in range(games):
        rng = game_rng(7, n, i)
        s = ruleset.new_game(ruleset.random_setup(rng, n, params))
        for _ in range(decisions):
            options = ruleset.legal_decisions(s)
            if not options:
                break
            s, _ = ruleset.step(s, choose(rng, options))
            out.append(s)
    return out


def key_of(ruleset, which: str):
    return ruleset.canonical_key if which == "canonical" else ruleset.position_key


def per_key_us(ruleset, states, which: str) -> float:
    key, seen = key_of(ruleset, which), {}
    start = time.perf_counter()
    for s in states:
        k = key(s)
        seen[k] = seen.get(k, 0) + 1
    return (time.perf_counter() - start) / len(states) * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.bench_explore", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--max-states", type=int, default=20_000)
    args = ap.parse_args(argv)
    for name in ("oblivaeon", "aeons_end"):
        r = rulesets.load(name)
        configs = facts_mod.load(r).CONFIGURATIONS
        states = played_states(r)
        cost = {k: [] for k in KEYS}
        rate = {(c.name, k): [] for c in configs for k in KEYS}
        size: dict = {}
        for _ in range(args.rounds):
            for which in KEYS:
                cost[which].append(per_key_us(r, states, which))
                for c in configs:
                    x = explore(r, c.start(), depth=args.depth, max_states=args.max_states, key=key_of(r, which))
                    rate[(c.name, which)].append(x.states / x.seconds)
                    size[c.name] = x.states
        c_us, p_us = min(cost["canonical"]), min(cost["position"])
        print(
            f"{name}: one key and its lookup, over {len(states):,} states of random play: "
            f"canonical {c_us:.1f} us, position {p_us:.1f} us ({c_us / p_us:.1f}x cheaper)"
        )
        for c in configs:
            old, new = max(rate[(c.name, "canonical")]), max(rate[(c.name, "position")])
            print(
                f"  explore {c.name} (depth {args.depth}, {size[c.name]:,} states): "
                f"{old:,.0f} states/s with the canonical key, {new:,.0f} with the position key ({new / old:.2f}x)"
            )
        for c in configs:
            peaks = {}
            for which in KEYS:
                tracemalloc.start()
                x = explore(r, c.start(), depth=args.depth, max_states=args.max_states, key=key_of(r, which))
                peaks[which] = tracemalloc.get_traced_memory()[1] / 2**20
                tracemalloc.stop()
                del x
            print(f"  memory kept by explore {c.name}: canonical {peaks['canonical']:.1f} MiB, position {peaks['position']:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
