"""Check time per event: a With a Vengeance corpus against a base-game corpus, in one run.

    .venv/bin/python bench/bench_vengeance.py --games 300 --players 5

Simulates both corpora (fixed seeds; Vengeance standard and Brutal mixed half and half), then
times the full check (`replay_log` over each log's text) of each corpus three times and keeps the
best. The issue's bar: Vengeance within 1.5x the base game's time per event.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.simulate.play import GameOptions, simulate  # noqa: E402


def corpus(games: int, players: int, seed: int, options: GameOptions) -> list[str]:
    """The texts of ``games`` simulated games."""
    return [g.text() for g in simulate(games, players, seed=seed, options=options)]


def per_event(texts: list[str]) -> tuple[float, int]:
    """Best of three: seconds per event of checking every text, and the number of events."""
    events = sum(replay_log(t).verdict.events for t in texts)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for text in texts:
            replay_log(text)
        best = min(best, time.perf_counter() - start)
    return best / events, events


def main() -> None:
    """Run the benchmark and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    base = corpus(args.games, args.players, 7, GameOptions())
    half = args.games // 2
    vengeance = corpus(half, args.players, 8, GameOptions(ruleset="vengeance")) + corpus(
        args.games - half, args.players, 9, GameOptions(ruleset="vengeance", brutal=True)
    )
    base_s, base_n = per_event(base)
    v_s, v_n = per_event(vengeance)
    print("| corpus | games | events | µs per event | ratio |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| base game | {len(base)} | {base_n} | {base_s * 1e6:.1f} | 1.00 |")
    print(f"| With a Vengeance (half Brutal) | {len(vengeance)} | {v_n} | {v_s * 1e6:.1f} | {v_s / base_s:.2f} |")


if __name__ == "__main__":
    main()
