"""bench/ratings.py and bench/ratings_scale.py run on tiny inputs (no figure asserted but their shape)."""

from __future__ import annotations

import random

from tests.bench.test_bench_scripts import load


def test_the_ratings_bench_runs_on_a_tiny_population() -> None:
    verdicts = load("ratings").main(["--players", "6", "--games", "3", "--held-out", "1", "--calibration", "3", "--populations", "1"])
    assert [v.name for v in verdicts] == ["6 players: Kendall τ of the rating order after 3 games a player",
                                          "6 players: Brier score better than the plain win rate's"]


def test_a_population_is_spread_evenly_by_strength() -> None:
    bench = load("ratings")
    strengths = [i / (len(bench.POOL) - 1) for i in range(len(bench.POOL))]  # strategy i has strength i / (n - 1)
    chosen = bench.population(strengths, 5, random.Random(1))
    assert len(set(chosen)) == 5 and chosen[0] == 0 and chosen[-1] == len(bench.POOL) - 1
    gaps = [strengths[b] - strengths[a] for a, b in zip(chosen, chosen[1:], strict=False)]
    assert min(gaps) > 0.1  # rungs apart in strength, not neighbours in the pool


def test_the_scale_bench_times_ingest_and_the_leaderboard() -> None:
    verdicts = load("ratings_scale").main(["--games", "12", "--distinct", "3", "--players", "8"])
    assert [v.name for v in verdicts] == ["ingest of 12 games with ratings ÷ without", "leaderboard over 12 games"]
    assert all(v.ratio > 0 for v in verdicts)
