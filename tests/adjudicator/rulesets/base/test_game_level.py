"""Game-level win chances under the published solver's assumptions (Eppie/flip-seven chapter 4):
its figures, and the grids against a direct recursion on small games."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
import pytest

from adjudicator.analysis.solver import Search
from adjudicator.rulesets.base.analysis import solo_start
from adjudicator.rulesets.base.cards import NUMBERS, ONE_DECK
from adjudicator.rulesets.base.game_level import (
    Floats,
    RoundTable,
    best_response_grid,
    expected_rounds,
    greedy_grid,
    round_distribution,
    round_solve,
    win_reward,
)

TABLE = RoundTable.of()
PMF = round_distribution(TABLE)


def test_the_round_distribution_under_round_value_play_is_the_published_one() -> None:
    assert abs(PMF.sum() - 1.0) < 1e-12
    assert abs(float((PMF * np.arange(len(PMF))).sum()) - 18.5652176141) < 1e-9  # tests/test_ch1.cpp
    assert abs(PMF[0] - 0.3134964608) < 1e-9  # its chance of a bust, kPBustExpected


def test_the_round_solver_agrees_with_the_card_model() -> None:
    got = round_solve(TABLE, np.arange(TABLE.top + 1, dtype=np.float64))
    model, start = solo_start([], [], False, {n: ONE_DECK[n] for n in NUMBERS}, alone=False)
    assert abs(got.value[0] - Search(model).value(start)) < 1e-12
    assert abs(got.zero[0] - PMF[0]) < 1e-12  # the derivative by the reward of a 0: the chance of one


def test_the_expected_rounds_to_200_alone_is_the_published_one() -> None:
    assert abs(expected_rounds(PMF, 200) - 11.5134) < 1e-3  # tests/test_ch4.cpp


def test_expected_rounds_match_a_direct_recursion() -> None:
    pmf = np.array([0.25, 0.0, 0.5, 0.25])

    @functools.cache
    def rounds(total: int) -> float:
        if total >= 7:
            return 0.0
        return (1.0 + sum(float(p) * rounds(total + s) for s, p in enumerate(pmf) if s)) / (1.0 - float(pmf[0]))

    assert abs(expected_rounds(pmf, 7) - rounds(0)) < 1e-12


def _direct(pmfs: list[Floats], target: int) -> Callable[[tuple[int, ...]], float]:
    """Player 0's win chance by plain recursion over every combination of round scores (a round
    where everyone scores 0 comes back to the same totals: divided out)."""
    combos = list(np.ndindex(*(len(p) for p in pmfs)))
    stuck = float(np.prod([p[0] for p in pmfs]))

    @functools.cache
    def win(totals: tuple[int, ...]) -> float:
        total = 0.0
        for combo in combos:
            if not any(combo):
                continue
            chance = float(np.prod([p[s] for p, s in zip(pmfs, combo, strict=True)]))
            after = tuple(t + s for t, s in zip(totals, combo, strict=True))
            if max(after) >= target:
                top = max(after)
                total += chance * (after[0] == top) / sum(a == top for a in after)
            else:
                total += chance * win(after)
        return total / (1.0 - stuck)

    return win


def test_the_greedy_grids_match_a_direct_recursion() -> None:
    a, b, c = np.array([0.3, 0.2, 0.0, 0.5]), np.array([0.4, 0.1, 0.5]), np.array([0.2, 0.0, 0.3, 0.1, 0.4])
    two = greedy_grid([a, b], 9)
    win2 = _direct([a, b], 9)
    assert max(abs(two[i, j] - win2((i, j))) for i in range(9) for j in range(9)) < 1e-12
    three = greedy_grid([a, b, c], 7)
    win3 = _direct([a, b, c], 7)
    assert max(abs(three[i, j, k] - win3((i, j, k))) for i in range(7) for j in range(7) for k in range(7)) < 1e-12


def test_two_players_playing_for_round_points_split_the_game() -> None:
    grid = greedy_grid([PMF, PMF], 200)
    assert abs(grid[0, 0] - 0.5) < 1e-9  # tests/test_ch4.cpp, by symmetry
    assert grid[18, 0] > 0.5 and grid[36, 0] > grid[18, 0]
    assert grid[180, 162] > grid[118, 100]  # the same lead is worth more later
    assert abs(grid[18, 0] - 0.63) < 0.005 and abs(grid[180, 162] - 0.82) < 0.005  # its README, rounded


def test_three_players_playing_for_round_points_split_the_game() -> None:
    grid = greedy_grid([PMF, PMF, PMF], 60)
    assert abs(grid[0, 0, 0] - 1 / 3) < 1e-9  # tests/test_ch4.cpp
    assert np.abs(grid - grid.transpose(0, 2, 1)).max() < 1e-12  # the opponents are exchangeable


def test_a_player_who_plays_to_win_solves_each_round_for_the_win_chance() -> None:
    target = 40
    respond = best_response_grid(PMF, target, 2, TABLE)
    greedy = greedy_grid([PMF, PMF], target)
    assert (respond >= greedy - 1e-12).all() and respond[0, 0] > 0.5
    for cell in ((0, 0), (10, 30), (30, 10), (39, 39)):
        # the cell's value is the best round for the reward of its own grid (the loop included)
        assert abs(round_solve(TABLE, win_reward(respond, [PMF], cell)).value[0] - respond[cell]) < 1e-12
    behind = round_distribution(TABLE, win_reward(respond, [PMF], (10, 30)))
    ahead = round_distribution(TABLE, win_reward(respond, [PMF], (30, 10)))
    assert behind[0] > PMF[0] > ahead[0]  # push when behind, play safe when ahead


@pytest.mark.slow
def test_playing_to_win_against_round_points_is_the_published_figure() -> None:
    respond = best_response_grid(PMF, 200, 2, TABLE)
    assert abs(respond[0, 0] - 0.559345) < 1e-4  # tests/test_ch4.cpp W_br(0,0)
