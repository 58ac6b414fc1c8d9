"""Ratings measured on simulated populations of known strength (issue 33).

    .venv/bin/python bench/ratings.py                    # 5 populations of 40 players, about a minute
    .venv/bin/python bench/ratings.py --players 20 --populations 1

Each player is one of the simulator's strategies (random ones that take another card with a fixed
chance, cautious ones that stay above a bust chance, threshold ones that stay at a row score),
from a weak random player to the strongest strategy the simulator has. **Known strength**: every
strategy of the pool plays ``--calibration`` games at random tables of 3 to 6 with the others, and
its win share (wins ÷ the wins expected of a player at its tables, 1 / players) is its strength;
a population is ``--players`` strategies spread evenly over that order, weakest to strongest.

Then, per population, in fresh games at random tables of 3 to 6 (the rules' and the simulator's
own, with a right score claim after each round):

* **ranking**: after ``--games`` games a player, the rating order (mean − 3·sigma, as the
  leaderboard shows it) against the known order: Kendall's τ (target ≥ 0.9); the same τ of the
  players' plain win rates over those games is printed beside it;
* **calibration**: ``--held-out`` more games a player, not rated; each seat's predicted win chance
  (``RatingBook.win_chances``: the Plackett–Luce chance of finishing first; the package's
  ``predict_win`` is scored beside it) against each player's plain win rate from the
  rated games (scaled to sum to 1 at the table; equal chances while nobody there has won): Brier
  scores, and how much lower the rating's is (target ≥ 10% better);
* **cost**: ``--ingest-games`` simulated games ingested into a new store: the CPU time of linking
  and rating them against the whole ingest's (target: with ratings ≤ 1.3× without), and the
  leaderboard's time after it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from statistics import mean
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchlib import Verdict, report  # noqa: E402

from adjudicator.ratings import BETA, RatingBook, brier, kendall_tau, places  # noqa: E402
from adjudicator.simulate import play_game  # noqa: E402

#: The strategies a population is drawn from, by kind (the simulator's; see flip7 simulate --help).
POOL: tuple[str, ...] = (
    *(f"random:{p / 100:g}" for p in range(90, 10, -10)),
    *(f"threshold:{k}" for k in (4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 31, 35, 40)),
    *(f"cautious:{c / 100:g}" for c in (3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 34, 38, 45, 55)),
)


def tables(players: Sequence[int], rng: random.Random) -> list[list[int]]:
    """The players seated at random tables of 3 to 6, everyone once (a short last table is filled
    from the others)."""
    order = list(players)
    rng.shuffle(order)
    out: list[list[int]] = []
    while order:
        size = min(rng.randint(3, 6), len(order))
        table, order = order[:size], order[size:]
        if len(table) < 3:
            table += rng.sample([p for p in players if p not in table], 3 - len(table))
        out.append(table)
    return out


def play(table: list[int], specs: Sequence[str], rng: random.Random, number: int) -> tuple[list[int], int] | None:
    """One simulated game of these players: their places (1 for the winner) and the winner's seat;
    None when the game could not finish."""
    game = play_game(f"bench-{number}", [specs[p] for p in table], random.Random(rng.getrandbits(64)),
                     players=[f"p{p}" for p in table])
    if not game.finished or game.winner is None:
        return None
    totals = [game.totals[f"p{p}"] for p in table]
    winner = [f"p{p}" for p in table].index(game.winner)
    return places(totals, winner), winner


def rounds(players: Sequence[int], games_each: int, rng: random.Random) -> list[list[int]]:
    """Tables until every player has played ``games_each`` games (some a game or two more)."""
    played = dict.fromkeys(players, 0)
    out: list[list[int]] = []
    while min(played.values()) < games_each:
        for table in tables(players, rng):
            out.append(table)
            for p in table:
                played[p] += 1
    return out


def known_strengths(calibration: int, rng: random.Random) -> list[float]:
    """Each pool strategy's win share over ``calibration`` games a player at random tables."""
    pool = range(len(POOL))
    wins = [0.0] * len(POOL)
    expected = [0.0] * len(POOL)
    for number, table in enumerate(rounds(pool, calibration, rng)):
        played = play(table, POOL, rng, number)
        if played is None:
            continue
        for seat, p in enumerate(table):
            expected[p] += 1 / len(table)
            wins[p] += seat == played[1]
    return [w / e if e else 0.0 for w, e in zip(wins, expected, strict=True)]


def population(strengths: Sequence[float], size: int, rng: random.Random) -> list[int]:
    """``size`` pool strategies spread evenly from the weakest to the strongest (a little jitter
    per population)."""
    ranked = sorted(range(len(POOL)), key=lambda i: strengths[i])
    if size >= len(ranked):
        return ranked
    step = (len(ranked) - 1) / (size - 1)
    chosen = sorted({ranked[min(len(ranked) - 1, round(i * step + rng.uniform(-0.3, 0.3)))] for i in range(size)})
    return chosen


def measure(members: list[int], strengths: Sequence[float], games: int, held_out: int, rng: random.Random, beta: float) -> dict[str, float]:
    """Rate ``games`` games a player, then predict ``held_out`` more: τ and Brier scores."""
    specs = [POOL[m] for m in members]
    players = list(range(len(members)))
    book = RatingBook(beta=beta)
    wins = [0] * len(members)
    played = [0] * len(members)
    for number, table in enumerate(rounds(players, games, rng)):
        result = play(table, specs, rng, number)
        if result is None:
            continue
        book.rate(table, result[0])
        for seat, p in enumerate(table):
            played[p] += 1
            wins[p] += seat == result[1]
    known = [strengths[m] for m in members]
    rating_tau = kendall_tau([book.rating(p).conservative for p in players], known)
    rate = [w / n if n else 0.0 for w, n in zip(wins, played, strict=True)]
    win_rate_tau = kendall_tau(rate, known)
    predicted: list[list[float]] = []
    package: list[list[float]] = []
    baseline: list[list[float]] = []
    winners: list[int] = []
    for number, table in enumerate(rounds(players, held_out, rng), start=10**6):
        result = play(table, specs, rng, number)
        if result is None:
            continue
        predicted.append(book.win_chances(table))
        package.append(book.package_win_chances(table))
        shares = [rate[p] for p in table]
        baseline.append([s / sum(shares) for s in shares] if sum(shares) else [1 / len(table)] * len(table))
        winners.append(result[1])
    return {
        "rating_tau": rating_tau, "win_rate_tau": win_rate_tau,
        "brier_rating": brier(predicted, winners), "brier_win_rate": brier(baseline, winners),
        "brier_package": brier(package, winners),
        "rated_games": mean(played), "held_out_games": len(winners),
    }


def ingest_cost(games: int, rng: random.Random) -> tuple[float, float, float]:
    """Ingest ``games`` simulated games (40 players, tables of 3 to 6) into a new store: the CPU
    seconds of the whole ingest, of linking and rating them within it, and the leaderboard's wall
    seconds afterwards."""
    import tempfile
    import time

    import adjudicator.store.service as service
    from adjudicator.store import LogInput, Store

    names = [f"P{i:02}" for i in range(40)]
    logs = [
        LogInput.from_bytes(f"g{i}", play_game(f"g{i:06}", "threshold:25,cautious:0.3,random:0.6", random.Random(rng.getrandbits(64)),
                                               players=rng.sample(names, rng.randint(3, 6))).text().encode())
        for i in range(games)
    ]
    spent: list[float] = []
    refresh = service.refresh_players

    def timed(con: Any) -> int:
        start = time.process_time()
        try:
            return refresh(con)
        finally:
            spent.append(time.process_time() - start)

    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        service.refresh_players = timed  # type: ignore[assignment]
        try:
            with Store.open(Path(tmp) / "ratings.duckdb") as store:
                start = time.process_time()
                store.ingest_many(logs)
                total = time.process_time() - start
                began = time.perf_counter()
                store.players().leaderboard()
                board = time.perf_counter() - began
        finally:
            service.refresh_players = refresh
    return total, sum(spent), board


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the measurement, print the report, return the verdicts."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=40, help="players in a population (20-50 in the issue)")
    p.add_argument("--games", type=int, default=30, help="rated games a player")
    p.add_argument("--held-out", type=int, default=10, help="held-out games a player, predicted and not rated")
    p.add_argument("--calibration", type=int, default=1000, help="games a pool strategy plays to know its strength")
    p.add_argument("--populations", type=int, default=5, help="populations measured")
    p.add_argument("--seed", type=int, default=33)
    p.add_argument("--ingest-games", type=int, default=2000, help="games ingested to time the ratings' share of ingest")
    p.add_argument("--beta", type=float, default=BETA, help=f"the model's beta (default {BETA:g}, what flip7 ratings uses)")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    strengths = known_strengths(args.calibration, rng)
    results = [measure(population(strengths, args.players, rng), strengths, args.games, args.held_out, rng, args.beta) for _ in range(args.populations)]
    rows = [
        ("pool", f"{len(POOL)} strategies; known strength from {args.calibration} games each "
                 f"(win share {min(strengths):.2f} to {max(strengths):.2f})"),
        ("populations", f"{args.populations} of {args.players} players, tables of 3-6, seed {args.seed}"),
        ("model", f"OpenSkill Plackett-Luce, beta {args.beta:g}"),
        ("rated games a player (mean)", f"{mean(r['rated_games'] for r in results):.1f}"),
        ("held-out games a population (mean)", f"{mean(r['held_out_games'] for r in results):.0f}"),
    ]
    for number, r in enumerate(results, 1):
        rows.append((f"population {number}: Kendall τ rating / plain win rate",
                     f"{r['rating_tau']:.3f} / {r['win_rate_tau']:.3f}"))
        rows.append((f"population {number}: Brier rating / plain win rate",
                     f"{r['brier_rating']:.4f} / {r['brier_win_rate']:.4f}"))
    total, rating, board = ingest_cost(args.ingest_games, rng)
    rows.append((f"ingest of {args.ingest_games:,} games: CPU in all / of it linking and rating",
                 f"{total:.2f} s / {rating:.2f} s"))
    rows.append((f"leaderboard over those {args.ingest_games:,} games (wall)", f"{1000 * board:.1f} ms"))
    tau = mean(r["rating_tau"] for r in results)
    gain = 1 - mean(r["brier_rating"] for r in results) / mean(r["brier_win_rate"] for r in results)
    rows.append(("mean Kendall τ, rating / plain win rate", f"{tau:.3f} / {mean(r['win_rate_tau'] for r in results):.3f}"))
    rows.append(("mean Brier, rating / plain win rate",
                 f"{mean(r['brier_rating'] for r in results):.4f} / {mean(r['brier_win_rate'] for r in results):.4f}"))
    rows.append(("mean Brier of the package's predict_win from the same ratings", f"{mean(r['brier_package'] for r in results):.4f}"))
    verdicts = [
        Verdict(f"Kendall τ of the rating order after {args.games} games a player", tau, 0.9, unit=""),
        Verdict("Brier score better than the plain win rate's", 100 * gain, 10, unit="%"),
        Verdict(f"ingest of {args.ingest_games:,} games with ratings ÷ without", total / (total - rating), 1.3, higher_is_better=False),
    ]
    report("Issue 33: ratings on simulated populations of known strength", rows, verdicts,
           ["strength is measured, not assumed: each strategy's win share in its own calibration games"])
    return verdicts


if __name__ == "__main__":
    main()
