"""What ratings cost at scale (issue 33): ingest with ratings against without, and the leaderboard.

    .venv/bin/python bench/ratings_scale.py                       # 20,000 games (a few minutes)
    .venv/bin/python bench/ratings_scale.py --games 5000,20000,100000

For each size, a new store ingests that many simulated games (``Store.ingest_many``, as
``flip7 ingest`` does) seated from ``--players`` players at tables of 3 to 6. The logs are
``--distinct`` simulated games played once, each used again under a new game id and new players
(the log's names swapped for others), so that simulating them does not dominate the run.

* **ingest**: the CPU time of the whole ingest and, within it, of linking the seats to players
  and rating the games (``players.refresh``, which ingest runs once every batch is stored). The
  time without ratings is the ingest's less that part, measured in the same run; the issue's
  bound is with ÷ without ≤ 1.3.
* **leaderboard**: ``Store.players().leaderboard()`` (what ``GET /v1/ratings`` answers from) over
  the stored games, wall time, the best of 3; and the command ``flip7 ratings --json`` in a new
  process (Python's start included), wall time, beside ``flip7 ratings --help`` (the same start
  and imports, no store); the bound is < 1 s.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchlib import Verdict, report  # noqa: E402

import adjudicator.store.service as service  # noqa: E402
from adjudicator.simulate import play_game  # noqa: E402
from adjudicator.store import LogInput, Store  # noqa: E402

#: The placeholder names of the distinct simulated games (swapped for real players per copy).
SEATS = tuple(f"Seat{i}" for i in range(6))


def distinct_logs(count: int, rng: random.Random) -> list[str]:
    """``count`` simulated games (the simulator's default strategies) at tables of 3 to 6, their
    players named ``Seat0``…"""
    return [
        play_game(f"base{i:05}", "threshold:25,cautious:0.25,threshold:35,random,cautious:0.35", random.Random(rng.getrandbits(64)),
                  players=list(SEATS[: rng.randint(3, 6)])).text()
        for i in range(count)
    ]


def copies(base: list[str], games: int, players: int, rng: random.Random) -> list[LogInput]:
    """``games`` logs: the distinct ones in turn, each with a new game id and its seats renamed to
    players drawn from ``players`` (a name is a JSON string in the log: ``"Seat3"``)."""
    names = [f"Player{i:04}" for i in range(players)]
    out: list[LogInput] = []
    for number in range(games):
        text = base[number % len(base)]
        for seat, name in zip(SEATS, rng.sample(names, len(SEATS)), strict=True):
            text = text.replace(f'"{seat}"', json.dumps(name))
        text = re.sub(r'"id": ?"base\d+"', f'"id": "g{number:07}"', text, count=1)
        out.append(LogInput.from_bytes(f"g{number:07}.jsonl", text.encode()))
    return out


def measure(logs: list[LogInput], folder: Path) -> dict[str, Any]:
    """Ingest ``logs`` into a new store in ``folder``: the CPU seconds of the ingest and of its
    players' refresh, the leaderboard's best wall time, and the CLI's."""
    spent: list[float] = []
    refresh = service.refresh_players

    def timed(con: Any) -> int:
        start = time.process_time()
        try:
            return refresh(con)
        finally:
            spent.append(time.process_time() - start)

    path = folder / "ratings.duckdb"
    service.refresh_players = timed  # type: ignore[assignment]
    try:
        with Store.open(path) as store:
            start, began = time.process_time(), time.perf_counter()
            summary = store.ingest_many(logs)
            total, wall = time.process_time() - start, time.perf_counter() - began
            board = []
            for _ in range(3):
                began = time.perf_counter()
                rows = store.players().leaderboard()
                board.append(time.perf_counter() - began)
            rated = int(store.players().leaderboard()[0]["games"]) if rows else 0
    finally:
        service.refresh_players = refresh
    flip7 = Path(sys.executable).with_name("flip7")
    began = time.perf_counter()
    done = subprocess.run([str(flip7), "ratings", "--db", str(path), "--json"], capture_output=True, check=False)
    cli = time.perf_counter() - began
    began = time.perf_counter()
    subprocess.run([str(flip7), "ratings", "--help"], capture_output=True, check=False)
    start_up = time.perf_counter() - began
    return {
        "ingested": summary.ingested, "cpu": total, "wall": wall, "refresh": sum(spent), "board": min(board),
        "players": len(rows), "top_games": rated, "cli": cli, "cli_ok": done.returncode == 0, "start_up": start_up,
    }


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the measurement, print the report, return the verdicts."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", default="20000", help="games ingested, one size or several (e.g. 5000,20000,100000)")
    p.add_argument("--players", type=int, default=1000, help="players the seats are drawn from")
    p.add_argument("--distinct", type=int, default=500, help="distinct simulated games the logs are made from")
    p.add_argument("--seed", type=int, default=33)
    args = p.parse_args(argv)
    sizes = [int(x) for x in args.games.split(",") if x.strip()]
    rng = random.Random(args.seed)
    base = distinct_logs(args.distinct, rng)
    rows: list[tuple[str, str]] = [("logs", f"{args.distinct} distinct simulated games, seated from {args.players:,} players, tables of 3-6")]
    verdicts: list[Verdict] = []
    for size in sizes:
        logs = copies(base, size, args.players, rng)
        with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
            got = measure(logs, Path(tmp))
        without = got["cpu"] - got["refresh"]
        rows += [
            (f"{size:,} games: ingested / players rated", f"{got['ingested']:,} / {got['players']:,}"),
            (f"{size:,} games: ingest CPU in all / of it linking and rating (wall in all)",
             f"{got['cpu']:.1f} s / {got['refresh']:.1f} s ({got['wall']:.1f} s)"),
            (f"{size:,} games: ingest with ratings ÷ without", f"{got['cpu'] / without:.3f}"),
            (f"{size:,} games: linking and rating per game", f"{1e6 * got['refresh'] / max(1, size):.0f} µs"),
            (f"{size:,} games: leaderboard (Store.players().leaderboard(), best of 3, wall)", f"{1000 * got['board']:.1f} ms"),
            (f"{size:,} games: flip7 ratings --json in a new process / flip7 ratings --help, the same start without the store (wall)",
             f"{got['cli']:.2f} s / {got['start_up']:.2f} s" + ("" if got["cli_ok"] else " (failed)")),
        ]
        verdicts += [
            Verdict(f"ingest of {size:,} games with ratings ÷ without", got["cpu"] / without, 1.3, higher_is_better=False),
            Verdict(f"leaderboard over {size:,} games", got["board"], 1.0, unit=" s", higher_is_better=False),
        ]
    report("Issue 33: ratings at scale", rows, verdicts,
           ["the time without ratings is the same ingest's less its players' refresh (one run)"])
    return verdicts


if __name__ == "__main__":
    main()
