"""bench/ratings.py runs on a tiny population (no figure asserted)."""

from __future__ import annotations

from tests.bench.test_bench_scripts import load


def test_the_ratings_bench_runs_on_a_tiny_population() -> None:
    verdicts = load("ratings").main(["--players", "6", "--games", "3", "--held-out", "1", "--calibration", "3", "--populations", "1", "--ingest-games", "3"])
    assert [v.name for v in verdicts][:2] == ["Kendall τ of the rating order after 3 games a player", "Brier score better than the plain win rate's"]
    assert len(verdicts) == 3

