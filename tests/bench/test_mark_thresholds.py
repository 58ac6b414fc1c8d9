"""bench/bench_mark_thresholds.py: the shares it measures, by hand and on a tiny simulated corpus."""

from __future__ import annotations

import pytest

from adjudicator.analysis.report import THRESHOLDS
from tests.bench.test_bench_scripts import load


def test_the_shares_by_hand() -> None:
    script = load("bench_mark_thresholds")
    # two games: the winner leads by 1 (70 to 69, 10) and by 5 (80 to 75, 20)
    leads, tables = [1, 5], [(70, [69, 10]), (80, [75, 20])]
    assert script.decided_shares(leads, tables, 0.5) == (0.0, 0.25, 0.0)  # smoothed: half of the 1-point game
    games, smoothed, players = script.decided_shares(leads, tables, 2.0)
    assert (games, smoothed) == (0.5, 0.5) and players == pytest.approx(2 / 6)  # winner 1 and runner-up 1 flip
    assert script.decided_shares(leads, tables, 4.5)[1] == pytest.approx(0.75)  # all of one game, half of the other


def test_the_script_on_a_tiny_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    rows = load("bench_mark_thresholds").main(["--games", "12", "--players", "3"])
    out = capsys.readouterr().out
    assert [r[0] for r in rows] == list(load("bench_mark_thresholds").LOSSES)
    for column in (1, 2, 3):
        shares = [r[column] for r in rows]
        assert shares == sorted(shares) and all(0 <= s <= 1 for s in shares)  # a bigger loss decides more
    for mark in THRESHOLDS:
        assert f"| {mark} |" in out
