"""Live table: the latency of one append with its commit and its fan-out, at a full table among many.

    .venv/bin/python bench/live_append.py --players 18 --tables 200 --appends 300

A server (``target_live.served``: the API under uvicorn in a child process, on loopback) holds
``--tables`` open tables of ``--players`` players each. One of them, the measured table, has a
follower per player (``--followers``, default one per seat: every phone at the table); each other
table has ``--others`` followers (a table screen). The scorer appends the events of a simulated
game one by one; each append is timed from the moment it is sent until **every** follower of the
table has read the change from its stream (the answer means the event is judged and committed to
the store; the followers' messages are the fan-out). The answer alone is timed too.

Target: p95 of the append with its commit and fan-out < 50 ms.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import Verdict, parser, report  # noqa: E402
from target_live import games_as_events, served  # noqa: E402

#: The goal: p95 of an append with its commit and fan-out, in milliseconds.
GOAL_MS = 50.0


class Follower:
    """One stream's reader: the change count it has read, and when it read each."""

    def __init__(self) -> None:
        self.seq = 0
        self.changed = asyncio.Event()
        self.ready = asyncio.Event()

    async def follow(self, client, table_id: str) -> None:
        """Read the table's stream until cancelled: only the ``id:`` lines (the change counts) are read."""
        async with client.stream("GET", f"/v1/tables/{table_id}/stream") as stream:
            async for line in stream.aiter_lines():
                if line.startswith("id: "):
                    self.seq = int(line[4:])
                    self.ready.set()
                    self.changed.set()

    async def reached(self, seq: int) -> None:
        """Return once this follower has read change ``seq``."""
        while self.seq < seq:
            self.changed.clear()
            await self.changed.wait()


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered))) - 1))]


async def measure(base: str, games: list[tuple[dict, list[dict]]], appends: int, followers: int, others: int) -> tuple[list[float], list[float], int]:
    """Open a table per game, follow them, append to the first; (fan-out latencies, answer latencies, refused)."""
    import httpx

    streams = followers + others * (len(games) - 1) + 8
    limits = httpx.Limits(max_connections=streams, max_keepalive_connections=streams)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        made = []
        for i, (head, _) in enumerate(games):
            answer = await client.post("/v1/tables", json={**head, "id": f"bench-append-{i}"})
            answer.raise_for_status()
            made.append((answer.json()["id"], {"X-Table-Key": answer.json()["key"]}))
        watchers = [(table_id, Follower()) for n, (table_id, _) in enumerate(made) for _ in range(followers if n == 0 else others)]
        tasks = [asyncio.create_task(follower.follow(client, table_id)) for table_id, follower in watchers]
        await asyncio.wait_for(asyncio.gather(*(follower.ready.wait() for _, follower in watchers)), 120)
        table_id, key = made[0]
        at_table = [follower for tid, follower in watchers if tid == table_id]
        seq = max(follower.seq for follower in at_table)
        fanned: list[float] = []
        answered: list[float] = []
        refused = 0
        for event in games[0][1][:appends]:
            start = time.perf_counter()
            answer = await client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
            answered.append(time.perf_counter() - start)
            if answer.status_code != 200:
                refused += 1
                continue
            seq += 1
            await asyncio.wait_for(asyncio.gather(*(follower.reached(seq) for follower in at_table)), 60)
            fanned.append(time.perf_counter() - start)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return fanned, answered, refused


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=1)
    p.set_defaults(players=18)
    p.add_argument("--tables", type=int, default=200, help="tables open at once (default 200)")
    p.add_argument("--appends", type=int, default=300, help="events appended to the measured table (default 300)")
    p.add_argument("--followers", type=int, default=None, help="followers of the measured table (default: one per player)")
    p.add_argument("--others", type=int, default=1, help="followers of each other table (default 1)")
    args = p.parse_args(argv)
    followers = args.players if args.followers is None else args.followers

    games = games_as_events(args.tables, args.players, args.seed, 600)
    with served(args.tables) as base:
        start = time.perf_counter()
        fanned, answered, refused = asyncio.run(measure(base, games, args.appends, followers, args.others))
        wall = time.perf_counter() - start
    p95 = percentile(fanned, 0.95)
    ms = [f"{percentile(fanned, share) * 1000:.1f}" for share in (0.5, 0.95, 0.99)]
    rows = [
        ("tables open, players at each", f"{args.tables} × {args.players}"),
        ("followers: the measured table / each other table", f"{followers} / {args.others} ({followers + args.others * (args.tables - 1)} streams)"),
        ("appends measured (refused)", f"{len(fanned):,} ({refused}) in {wall:.1f} s"),
        ("append + commit + fan-out to every follower: p50 / p95 / p99", f"{' / '.join(ms)} ms"),
        ("the answer alone (judged, committed): p50 / p95", f"{statistics.median(answered) * 1000:.1f} / {percentile(answered, 0.95) * 1000:.1f} ms"),
        ("slowest append with its fan-out", f"{max(fanned) * 1000:.1f} ms"),
    ]
    verdicts = [Verdict("p95 append with its commit and fan-out", p95 * 1000, GOAL_MS, higher_is_better=False, unit=" ms")]
    notes = ["one uvicorn worker process; the scorer and every follower run in this process (one asyncio loop) on the same machine",
             "every append is committed to DuckDB before its answer; the fan-out is timed until the last follower has read the change's id"]
    report("Live table: append latency (commit and fan-out)", rows, verdicts, notes)
    return verdicts


if __name__ == "__main__":
    main()
