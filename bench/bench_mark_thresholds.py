"""How often does a loss of a given size decide a game? The justification of the marks' thresholds.

    .venv/bin/python bench/bench_mark_thresholds.py --games 4000

Simulates games (``adjudicator.simulate``: the default mix of strategies, played to 200 points)
and, for each loss size L in points of expected round score, measures how often giving L points
away changes who wins. A loss of L lowers the player's expected final total by L: to first order,
the game it decides is one where the final totals are within L of the winner's. Two measures:

- **decides the game**: the share of (finished) games whose winner leads the runner-up by less
  than L (a tie counts as 0): a loss of L by the winner would, on average, have handed the game
  to the runner-up;
- **smoothed**: the same with a lead of ``d`` whole points taken as a margin somewhere in
  ``(d - 1, d]`` (a game counts ``min(max(L - d + 1, 0), 1)``): the step function above made
  linear between whole points, so that a loss below one point is not counted as deciding nothing
  (a finished game is never tied, so every lead is at least 1);
- **decides for the player**: the share of (game, player) pairs for which L points more or less
  change whether that player wins (the winner losing L, anyone else gaining it).

Printed as the Markdown table docs/analysis.md quotes, with the thresholds the marks use
(``adjudicator.analysis.report.THRESHOLDS``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.report import THRESHOLDS  # noqa: E402
from adjudicator.simulate.play import simulate  # noqa: E402

#: The loss sizes measured (points of expected round score).
LOSSES = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)


def margins(games: int, players: int, seed: int) -> tuple[list[int], list[tuple[int, list[int]]]]:
    """For each finished game: the winner's lead over the runner-up, and (winner's total, the others' totals)."""
    leads: list[int] = []
    tables: list[tuple[int, list[int]]] = []
    for game in simulate(games, players, seed=seed):
        if not game.finished or game.winner is None:
            continue
        top = game.totals[game.winner]
        others = [t for p, t in game.totals.items() if p != game.winner]
        leads.append(top - max(others))
        tables.append((top, others))
    return leads, tables


def decided_shares(leads: list[int], tables: list[tuple[int, list[int]]], loss: float) -> tuple[float, float, float]:
    """The three shares (see the module's docstring) for a loss of ``loss`` points."""
    games = sum(lead < loss for lead in leads) / len(leads)
    smoothed = sum(min(max(loss - lead + 1, 0.0), 1.0) for lead in leads) / len(leads)
    flips = 0
    pairs = 0
    for top, others in tables:
        runner_up = max(others)
        pairs += 1 + len(others)
        flips += top - loss < runner_up  # the winner, ``loss`` points poorer
        flips += sum(total + loss > top for total in others)  # another player, ``loss`` points richer
    return games, smoothed, flips / pairs


def table(games: int, players: int, seed: int) -> tuple[int, list[tuple[float, float, float, float]]]:
    """The finished games counted and, per loss size, (loss, decides the game, smoothed, decides for the player)."""
    leads, tables = margins(games, players, seed)
    return len(leads), [(loss, *decided_shares(leads, tables, loss)) for loss in LOSSES]


def main(argv: list[str] | None = None) -> list[tuple[float, float, float, float]]:
    """Print the table as Markdown and return its rows."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=4000, help="games simulated (default 4000)")
    p.add_argument("--players", type=int, default=5, help="seats per game (default 5)")
    p.add_argument("--seed", type=int, default=19, help="seed of the simulation (default 19)")
    args = p.parse_args(argv)
    counted, rows = table(args.games, args.players, args.seed)
    marks = {v: k for k, v in THRESHOLDS.items()}
    print(f"{counted:,} finished games of {args.players} players (seed {args.seed}), played to 200 points\n")
    print("| loss L (points) | decides the game | smoothed | decides for the player | mark from here |")
    print("| ---: | ---: | ---: | ---: | --- |")
    for loss, game_share, smooth, player_share in rows:
        print(f"| {loss:g} | {100 * game_share:.1f} % | {100 * smooth:.2f} % | {100 * player_share:.1f} % | {marks.get(loss, '')} |")
    return rows


if __name__ == "__main__":
    main()
