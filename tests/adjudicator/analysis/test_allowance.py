"""An analysis runs within its allowance (issue 28, items 15 and 24): Monte Carlo sampling stops
when the time is up (fewer playouts, never fewer than ``MIN_SAMPLES``), a whole game's analysis ends
with ``OverAllowance`` naming how far it got, and a pulled stop ends it at once."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from adjudicator.analysis.allowance import MIN_SAMPLES, Allowance, AnalysisCancelled, OverAllowance, allowed, current
from adjudicator.analysis.montecarlo import SAMPLES
from adjudicator.analysis.observe import advise, analyze
from adjudicator.simulate.play import GameOptions, simulate

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"


def big_vengeance_position(players: int) -> str:
    """A Vengeance position of ``players`` seats (one number each, enough decks), ``P2`` to move:
    the card model cannot value it exactly, so it is played out (the issue's 300 seats, scaled)."""
    names = [f"P{i}" for i in range(1, players + 1)]
    game = {"type": "game", "id": "big", "players": names, "dealer": "P1", "ruleset": "vengeance", "decks": players // 7 + 1}
    cards = ["1", "2", "3", "4", "5", "6", "8", "9", "10", "11", "12"]
    rows = {name: {"row": [cards[i % len(cards)]]} for i, name in enumerate(names)}
    position = {"type": "position", "round": 1, "dealer": "P1", "players": rows, "turn": "P2"}
    return f"{json.dumps(game)}\n{json.dumps(position)}\n"


def ticking(step: float) -> Callable[[], float]:
    """A clock that moves ``step`` seconds each time it is read (the same answer on any machine)."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


def long_game() -> str:
    """A simulated game of many rounds (the issue's 200-round log, scaled)."""
    (game,) = simulate(1, 4, seed=3, options=GameOptions(rounds=40, target=100_000))
    return game.text()


def test_outside_an_allowance_nothing_is_bounded() -> None:
    assert current() is None
    with allowed(Allowance(1.0, time.monotonic)) as allowance:
        assert current() is allowance
    assert current() is None


def test_advise_on_a_large_table_stops_its_playouts_when_the_time_is_up() -> None:
    """Issue 28, item 24: ``flip7 advise`` on a 300-seat Vengeance table took 486 s; within an
    allowance its playouts stop when it is spent and say how many they were."""
    text = big_vengeance_position(60)
    started = time.monotonic()
    with allowed(Allowance(1.0, time.monotonic)):
        advice = advise(text)
    took = time.monotonic() - started
    assert advice.turn is not None and advice.turn.solved.method == "monte-carlo"
    made = advice.turn.solved.samples
    assert made is not None and MIN_SAMPLES <= made < SAMPLES
    assert took < 4.0, took  # the allowance, the replay and the one playout under way when it ran out


def test_too_few_playouts_in_the_time_is_no_value() -> None:
    with allowed(Allowance(5.0, ticking(0.01))), pytest.raises(OverAllowance, match=r"5 s \(\d playouts made, at least 10 needed\)"):
        advise(big_vengeance_position(40))


def test_a_whole_game_stops_when_its_time_is_up_and_says_where() -> None:
    with allowed(Allowance(2.0, ticking(0.5))), pytest.raises(OverAllowance) as caught:
        analyze(long_game(), budget=500)
    assert "it reached event" in str(caught.value) and "one round or one player" in str(caught.value)


def test_a_pulled_stop_ends_the_analysis_at_once() -> None:
    stop = threading.Event()
    text = long_game()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    started = time.monotonic()
    try:
        with allowed(Allowance(600.0, time.monotonic, stop.is_set)), pytest.raises(AnalysisCancelled):
            analyze(text, budget=500)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 2.0


def test_within_a_generous_allowance_the_answer_is_the_same() -> None:
    text = (FIXTURES / "analysis" / "mid-round.jsonl").read_text()
    with allowed(Allowance(600.0, time.monotonic)):
        bounded = advise(text)
    assert bounded == advise(text)
