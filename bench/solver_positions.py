"""Round values at the decisions of simulated games: the vectorised and the pure layered solver.

    .venv/bin/python bench/solver_positions.py [--games 4] [--players 4] [--decisions 200] [--no-pure]

Every hit-or-stay decision of simulated base games (seed 31, first ``--decisions`` of them) is
valued as `flip7 advise` values it (``evaluate.solve`` within advise's budget): once with the
vectorised layered solver (the default path) and once with the pure-Python one
(``analysis.VECTORISED = False``). Prints per path, as JSON: how many values were exact and how
many a look-ahead, and the CPU seconds per decision (median, 95th percentile, largest), the
first call included; and the largest difference between the two paths' values where both are
exact.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from look_ahead_error import Collect  # noqa: E402

from adjudicator.analysis.evaluate import BUDGET, Solved, solve  # noqa: E402
from adjudicator.analysis.solver import SoloModel  # noqa: E402
from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.rulesets.base import analysis  # noqa: E402
from adjudicator.simulate.play import GameOptions, simulate  # noqa: E402


def run(starts: list[tuple[SoloModel, Hashable]], vectorised: bool) -> tuple[dict[str, Any], list[Solved]]:
    """Value every start on one path: counts and CPU seconds."""
    analysis.VECTORISED = vectorised
    seconds, found = [], []
    for model, start in starts:
        began = time.process_time()
        found.append(solve(model, start, BUDGET))
        seconds.append(time.process_time() - began)
    analysis.VECTORISED = True
    ordered = sorted(seconds)
    return {
        "exact": sum(f.method == "exact" for f in found), "look_ahead": sum(f.method == "look-ahead" for f in found),
        "median_s": round(statistics.median(ordered), 4), "p95_s": round(ordered[int(0.95 * (len(ordered) - 1))], 4),
        "max_s": round(ordered[-1], 4), "total_s": round(sum(ordered), 2),
    }, found


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Measure and print as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--no-pure", action="store_true")
    args = parser.parse_args(argv)
    starts: list[tuple[SoloModel, Hashable]] = []
    for game in simulate(args.games, args.players, seed=args.seed, options=GameOptions(ruleset="flip7", target=200)):
        observer = Collect()
        replay_log(game.text().splitlines(), observer=observer)
        starts += observer.starts
    starts = starts[: args.decisions]
    out: dict[str, Any] = {"decisions": len(starts), "budget": BUDGET}
    out["vectorised"], fast = run(starts, True)
    if not args.no_pure:
        out["pure"], pure = run(starts, False)
        both = [(a.hit, b.hit) for a, b in zip(fast, pure, strict=True)
                if a.method == b.method == "exact" and a.hit is not None and b.hit is not None]
        out["both_exact"] = len(both)
        out["largest_difference"] = max((abs(a - b) for a, b in both), default=0.0)
    print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main()
