"""Ratings measured on simulated populations of known strength (issue 33).

    .venv/bin/python bench/ratings.py                    # populations of 20 and of 40, a few minutes
    .venv/bin/python bench/ratings.py --players 20 --populations 1 --calibration 200

**The ladder.** Each player is one of the simulator's strategies, from a random player who
rarely takes a second card, through ``threshold:N`` (stay at a row score of N) and ``cautious:P``
(stay above a bust chance P), to the score-aware ``aware:P`` (cautious, but staying when banking
reaches the target ahead of everybody and pushing while someone else has). Every strategy of the
ladder takes at most the risk the best of them takes: a strategy that pushes harder (``random:0.9``,
``cautious:0.5``) wins more often than its places say (it busts most rounds and now and then runs
away with a game), so it has two strengths, not one, and no single known order to agree with.

**Known strength**: every strategy of the ladder plays ``--calibration`` games at random tables
of 3 to 6 with the others; its strength is its **place score** there, the share of its opponents
it finished ahead of (a tie counts a half; a game's order: the winner, then by final total, as
the ratings order it). Its win share (wins ÷ the wins expected of a player at its tables) is
printed too. A population is ``--players`` strategies whose strengths are spread evenly from the
weakest to the strongest (for each of that many evenly spaced strengths, the nearest strategy
not chosen yet).

Then, per population, in fresh games at random tables of 3 to 6 (the rules' and the simulator's
own, with a right score claim after each round):

* **ranking**: after ``--games`` games a player, the rating order (mean − 3·sigma, as the
  leaderboard shows it) against the known order: Kendall's τ (target ≥ 0.9); the same τ of the
  players' plain win rates over those games is printed beside it;
* **calibration**: ``--held-out`` more games a player, not rated; each seat's predicted win chance
  (``RatingBook.win_chances``: the Plackett–Luce chance of finishing first; the package's
  ``predict_win`` is scored beside it) against each player's plain win rate from the rated games
  (scaled to sum to 1 at the table; equal chances while nobody there has won): Brier scores, and
  how much lower the rating's is (target ≥ 10% better). Printed beside them, as a ceiling: the
  Brier score of the calibration's win shares (known, not learnt from the 30 games), scaled the
  same way.

The cost of ratings at scale (ingest, leaderboard) is ``bench/ratings_scale.py``'s.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from statistics import mean, stdev

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchlib import Verdict, report  # noqa: E402

from adjudicator.ratings import BETA, RatingBook, brier, kendall_tau, places  # noqa: E402
from adjudicator.simulate import play_game  # noqa: E402

#: The ladder a population is drawn from (the simulator's strategies; see flip7 simulate --help):
#: none takes more risk than the best of them (see the module's docstring).
POOL: tuple[str, ...] = (
    *(f"random:{p / 100:g}" for p in range(5, 35, 5)),
    *(f"threshold:{k}" for k in range(1, 25)),
    *(f"cautious:{c / 100:g}" for c in range(2, 28, 2)),
    *(f"aware:{c / 100:g}" for c in range(14, 28, 2)),
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


def known_strengths(calibration: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """Each pool strategy's strength over ``calibration`` games a player at random tables of the
    pool: its **place score** (the share of its opponents it finished ahead of, a tie counting a
    half) and its win share (wins ÷ the wins expected of a player at its tables)."""
    pool = range(len(POOL))
    wins = [0.0] * len(POOL)
    expected = [0.0] * len(POOL)
    ahead = [0.0] * len(POOL)
    met = [0] * len(POOL)
    for number, table in enumerate(rounds(pool, calibration, rng)):
        played = play(table, POOL, rng, number)
        if played is None:
            continue
        for seat, p in enumerate(table):
            expected[p] += 1 / len(table)
            wins[p] += seat == played[1]
            mine = played[0][seat]
            ahead[p] += sum((mine < other) + 0.5 * (mine == other) for o, other in enumerate(played[0]) if o != seat)
            met[p] += len(table) - 1
    return ([a / m if m else 0.0 for a, m in zip(ahead, met, strict=True)],
            [w / e if e else 0.0 for w, e in zip(wins, expected, strict=True)])


def population(strengths: Sequence[float], size: int, rng: random.Random) -> list[int]:
    """``size`` pool strategies whose strengths are spread evenly from the weakest to the strongest:
    for each of ``size`` evenly spaced strengths (a little jitter per population), the pool strategy
    nearest to it that is not chosen yet (so the ladder's rungs are apart in strength, not in the
    pool's order, where many near-equal strategies sit side by side)."""
    low, high = min(strengths), max(strengths)
    step = (high - low) / (size - 1)
    chosen: list[int] = []
    for i in range(size):
        aim = low + step * (i + rng.uniform(-0.25, 0.25) * (0 < i < size - 1))
        free = [p for p in range(len(POOL)) if p not in chosen]
        chosen.append(min(free, key=lambda p: abs(strengths[p] - aim)))
    return chosen


def measure(members: list[int], strengths: Sequence[float], shares: Sequence[float], games: int, held_out: int,
            rng: random.Random, beta: float) -> dict[str, float]:
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
    ceiling: list[list[float]] = []
    winners: list[int] = []
    for number, table in enumerate(rounds(players, held_out, rng), start=10**6):
        result = play(table, specs, rng, number)
        if result is None:
            continue
        predicted.append(book.win_chances(table))
        package.append(book.package_win_chances(table))
        baseline.append(scaled([rate[p] for p in table]))
        ceiling.append(scaled([shares[members[p]] for p in table]))
        winners.append(result[1])
    return {
        "rating_tau": rating_tau, "win_rate_tau": win_rate_tau,
        "brier_rating": brier(predicted, winners), "brier_win_rate": brier(baseline, winners),
        "brier_package": brier(package, winners), "brier_known": brier(ceiling, winners),
        "rated_games": mean(played), "held_out_games": len(winners),
    }


def scaled(shares: Sequence[float]) -> list[float]:
    """Win chances at one table from each player's win rate or share: scaled to sum to 1 (equal
    chances while all are 0)."""
    total = sum(shares)
    return [s / total for s in shares] if total else [1 / len(shares)] * len(shares)


def spread(values: Sequence[float], digits: int = 3) -> str:
    """Mean ± standard deviation, and the range, of one figure over the populations."""
    sd = stdev(values) if len(values) > 1 else 0.0
    return f"{mean(values):.{digits}f} ± {sd:.{digits}f} ({min(values):.{digits}f} to {max(values):.{digits}f})"


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the measurement, print the report, return the verdicts."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", default="20,40", help="players in a population, one size or several (20-50 in the issue)")
    p.add_argument("--games", type=int, default=30, help="rated games a player")
    p.add_argument("--held-out", type=int, default=20, help="held-out games a player, predicted and not rated")
    p.add_argument("--calibration", type=int, default=1000, help="games a ladder strategy plays to know its strength")
    p.add_argument("--populations", type=int, default=5, help="populations measured per size (each from its own seed)")
    p.add_argument("--seed", type=int, default=33)
    p.add_argument("--beta", type=float, default=BETA, help=f"the model's beta (default {BETA:g}, what flip7 ratings uses)")
    args = p.parse_args(argv)
    sizes = [int(x) for x in str(args.players).split(",") if x.strip()]
    rng = random.Random(args.seed)
    strengths, shares = known_strengths(args.calibration, rng)
    ranked = sorted(range(len(POOL)), key=lambda i: strengths[i])
    rows = [
        ("ladder", f"{len(POOL)} strategies; known strength from {args.calibration} games each: place score "
                   f"{min(strengths):.3f} ({POOL[ranked[0]]}) to {max(strengths):.3f} ({POOL[ranked[-1]]}), "
                   f"win share {min(shares):.2f} to {max(shares):.2f}"),
        ("model", f"OpenSkill Plackett-Luce, beta {args.beta:g}; {args.games} rated games a player, "
                  f"{args.held_out} held out; tables of 3-6; seed {args.seed}"),
    ]
    verdicts: list[Verdict] = []
    for size in sizes:
        results = []
        for number in range(args.populations):
            seeded = random.Random(f"{args.seed}:{size}:{number}")
            members = population(strengths, size, seeded)
            results.append(measure(members, strengths, shares, args.games, args.held_out, seeded, args.beta))
        rows.append((f"{size} players: rated games a player (mean) / held-out games a population (mean)",
                     f"{mean(r['rated_games'] for r in results):.1f} / {mean(r['held_out_games'] for r in results):.0f}"))
        for number, r in enumerate(results, 1):
            rows.append((f"{size} players, population {number}: Kendall τ rating / plain win rate; "
                         f"Brier rating / plain win rate / known win shares",
                         f"{r['rating_tau']:.3f} / {r['win_rate_tau']:.3f}; "
                         f"{r['brier_rating']:.4f} / {r['brier_win_rate']:.4f} / {r['brier_known']:.4f}"))
        gains = [100 * (1 - r["brier_rating"] / r["brier_win_rate"]) for r in results]
        ceiling = [100 * (1 - r["brier_known"] / r["brier_win_rate"]) for r in results]
        rows += [
            (f"{size} players: Kendall τ of the rating", spread([r["rating_tau"] for r in results])),
            (f"{size} players: Kendall τ of the plain win rate", spread([r["win_rate_tau"] for r in results])),
            (f"{size} players: Brier rating / plain win rate / package predict_win (means)",
             f"{mean(r['brier_rating'] for r in results):.4f} / {mean(r['brier_win_rate'] for r in results):.4f} / "
             f"{mean(r['brier_package'] for r in results):.4f}"),
            (f"{size} players: Brier gain of the rating over the plain win rate", spread(gains, 1) + " %"),
            (f"{size} players: Brier gain of the known win shares (the ceiling)", spread(ceiling, 1) + " %"),
        ]
        tau = mean(r["rating_tau"] for r in results)
        gain = 1 - mean(r["brier_rating"] for r in results) / mean(r["brier_win_rate"] for r in results)
        verdicts += [
            Verdict(f"{size} players: Kendall τ of the rating order after {args.games} games a player", tau, 0.9, unit=""),
            Verdict(f"{size} players: Brier score better than the plain win rate's", 100 * gain, 10, unit="%"),
        ]
    report("Issue 33: ratings on simulated populations of known strength", rows, verdicts,
           ["strength is measured, not assumed: each strategy's place score in its own calibration games",
            "the known win shares' Brier gain is what predicting from the true win shares would gain: "
            "the ceiling of any prediction from 30 games"])
    return verdicts


if __name__ == "__main__":
    main()
