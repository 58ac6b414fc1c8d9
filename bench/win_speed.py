"""How long the chance to win takes: `flip7 advise` per position and `flip7 analyze` of a whole game.

    .venv/bin/python bench/win_speed.py --positions 200 --players 5

Positions are hit-or-stay decisions of games simulated with the default mix of strategies; each is
advised as `flip7 advise` does (round values and W, 400 playouts per option), the model's tables
dropped before every position so that every call pays what a first call pays. Then one game of
``--players`` players is analysed as `flip7 analyze` does (``flip7-analysis/2``, 48 playouts per
position). It prints JSON: wall-clock and CPU seconds (p50, p95, max per position; the game's
total). On a shared, loaded machine the CPU seconds are the figure to read.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.observe import advise, analyze2, decision_at  # noqa: E402
from adjudicator.analysis.win import future  # noqa: E402
from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.simulate.play import simulate  # noqa: E402
from cli.analysis import ANALYZE_BUDGET  # noqa: E402


class _Decisions:
    """Notes the events that make a hit-or-stay decision."""

    def __init__(self) -> None:
        self.found: list[int] = []

    def before(self, state: Any, event: Any, index: int) -> None:
        exp = decision_at(state)
        if exp is not None and exp.kind == "turn":
            self.found.append(index)

    def after(self, state: Any, event: Any, index: int) -> None:
        pass

    def judged(self, *args: Any) -> None:
        pass


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 3)


def main() -> None:
    """Measure and print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    games = list(simulate(max(1, args.positions // 20), args.players, seed=args.seed, claims="none"))
    texts: list[str] = []
    for game in games:
        lines = game.lines()
        seen = _Decisions()
        replay_log(lines, observer=seen)
        texts.extend("\n".join(lines[:index]) for index in seen.found[:: max(1, len(seen.found) // 20)][:20])
    wall: list[float] = []
    cpu: list[float] = []
    for text in texts[: args.positions]:
        future.cache_clear()
        w0, c0 = time.perf_counter(), time.process_time()
        advice = advise(text, win_samples=400)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
        assert advice.win is not None or advice.unmodelled is not None
    w0, c0 = time.perf_counter(), time.process_time()
    analysis = analyze2("\n".join(games[0].lines()), budget=ANALYZE_BUDGET)
    out = {
        "positions": len(wall),
        "advise_wall_s": {"p50": _quantile(wall, 0.5), "p95": _quantile(wall, 0.95), "max": round(max(wall), 3)},
        "advise_cpu_s": {"p50": _quantile(cpu, 0.5), "p95": _quantile(cpu, 0.95), "max": round(max(cpu), 3)},
        "analyze_players": args.players,
        "analyze_decisions": len(analysis.decisions),
        "analyze_wall_s": round(time.perf_counter() - w0, 1),
        "analyze_cpu_s": round(time.process_time() - c0, 1),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
