"""Target: live tables: judging one appended event, whatever the game's length; 200 tables at once.

    .venv/bin/python bench/target_live.py --games 2 --target 600 --tables 200 --events 30

Part 1, in the server's own code (``TableService`` over a temporary store, as ``flip7 serve``
runs it): the events of ``--games`` long simulated games (``--target`` points, so many rounds) are
appended one by one; each append is judged on the kept state, written to the store and its table
view made, and timed. The medians of the first and the last tenth of each game are compared: the
table does not replay its log, so a late event costs what an early one does.

Part 2, over HTTP: a uvicorn server (``api.create_app``, in a child process, as in target 7) holds
``--tables`` open tables; ``--tables`` clients (one asyncio task each, all at once) append the
first ``--events`` events of a simulated game each. Every answer must be 200, and each table's log
must then hold exactly the events sent (nothing refused, nothing lost); p50 and p99 latency are
reported.

Targets: median judging ≤ 5 ms (and the whole append, committed, reported against the same 5 ms); late ÷ early median ≤ 1.5; 0 refused or lost events.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import Verdict, parser, report  # noqa: E402

from adjudicator.live.limits import LiveLimits  # noqa: E402
from adjudicator.live.service import TableService  # noqa: E402
from adjudicator.simulate import GameOptions, simulate  # noqa: E402
from adjudicator.store import Store  # noqa: E402


def games_as_events(games: int, players: int, seed: int, target: int) -> list[tuple[dict, list[dict]]]:
    """Simulated games as (the game event's fields without ``type``, the other events)."""
    out = []
    for game in simulate(games, players, seed=seed, options=GameOptions(target=target), claims="none"):
        events = [json.loads(line) for line in game.text().splitlines() if line.strip() and not line.startswith("#")]
        head = {k: v for k, v in events[0].items() if k != "type"}
        out.append((head, events[1:]))
    return out


def in_process(games: list[tuple[dict, list[dict]]]) -> tuple[list[float], list[float], list[float], int]:
    """Append every event of each game through the service; (all, early, late) times in seconds."""
    times: list[float] = []
    early: list[float] = []
    late: list[float] = []
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp, Store.open(Path(tmp) / "live.duckdb") as store:
        service = TableService(store, LiveLimits(max_events=100_000))
        for head, events in games:
            entry, key = service.create(head)
            tenth = max(1, len(events) // 10)
            for i, event in enumerate(events):
                start = time.perf_counter()
                service.append(entry.table.id, key, event)
                spent = time.perf_counter() - start
                times.append(spent)
                if i < tenth:
                    early.append(spent)
                elif i >= len(events) - tenth:
                    late.append(spent)
    return times, early, late, sum(len(e) for _, e in games)


def judging_only(games: list[tuple[dict, list[dict]]]) -> tuple[list[float], list[float], list[float], list[float]]:
    """The judging alone (check, apply, the table view), without the store: seconds per event,
    all of them; then check and apply only (the engine's part, which a replay per event would
    make grow), for the first tenth and the last tenth of each game; and the view alone."""
    from adjudicator.live.table import LiveTable

    times: list[float] = []
    early: list[float] = []
    late: list[float] = []
    views: list[float] = []
    for head, events in games:
        table = LiveTable("bench", [json.dumps({"type": "game", **head})])
        tenth = max(1, len(events) // 10)
        for i, event in enumerate(events):
            start = time.perf_counter()
            table.append(event)
            judged = time.perf_counter()
            table.view().model_dump(mode="json")
            done = time.perf_counter()
            times.append(done - start)
            views.append(done - judged)
            (early if i < tenth else late if i >= len(events) - tenth else []).append(judged - start)
    return times, early, late, views


def serve(sock: socket.socket, db: str, tables: int) -> None:
    """Run the API on an already bound socket (in the child process)."""
    import uvicorn

    from api import create_app
    from api.settings import Settings

    app = create_app(Settings(db_path=Path(db), live=LiveLimits(max_tables=max(tables, 1))))
    # keep-alive longer than the slowest gap between one table's appends: a connection the server
    # closes just as the client reuses it would be a transport error, not a refusal
    uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, backlog=2048, timeout_keep_alive=300)).run(sockets=[sock])


@contextmanager
def served(tables: int) -> Iterator[str]:
    """The API (``serve``) in a child process on a free loopback port, for ``tables`` open tables:
    yields its base URL once it answers, then stops it."""
    import httpx

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(2048)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        server = multiprocessing.get_context("fork").Process(target=serve, args=(sock, str(Path(tmp) / "api.duckdb"), tables), daemon=True)
        server.start()
        sock.close()
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{base}/healthz", timeout=2)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or not server.is_alive():
                        raise RuntimeError("the API server did not start") from None
                    time.sleep(0.05)
            yield base
        finally:
            server.terminate()
            server.join(10)


async def many_tables(base: str, games: list[tuple[dict, list[dict]]], events: int) -> tuple[list[float], int, int]:
    """Create a table per game, append ``events`` events to each, all tables at once; (latencies,
    refused, lost)."""
    import httpx

    limits = httpx.Limits(max_connections=len(games), max_keepalive_connections=len(games))
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        made = []
        for i, (head, _) in enumerate(games):
            answer = await client.post("/v1/tables", json={**head, "id": f"bench-{i}"})
            answer.raise_for_status()
            made.append((answer.json()["id"], {"X-Table-Key": answer.json()["key"]}))
        latencies: list[float] = []
        refused = 0

        async def play(table_id: str, key: dict[str, str], sent: list[dict]) -> None:
            nonlocal refused
            for event in sent:
                start = time.perf_counter()
                answer = await client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
                latencies.append(time.perf_counter() - start)
                if answer.status_code != 200:
                    refused += 1

        work = [(tid, key, evs[:events]) for (tid, key), (_, evs) in zip(made, games, strict=True)]
        await asyncio.gather(*(play(*w) for w in work))
        lost = 0
        for table_id, _, sent in work:
            log = (await client.get(f"/v1/tables/{table_id}/log")).text.splitlines()[1:]
            lost += sum(1 for a, b in zip(sent, map(json.loads, log), strict=False) if a != b) + abs(len(sent) - len(log))
    return latencies, refused, lost


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=2)
    p.add_argument("--target", type=int, default=600, help="points to win in part 1's games (long games; default 600)")
    p.add_argument("--tables", type=int, default=200, help="open tables at once in part 2 (default 200)")
    p.add_argument("--events", type=int, default=30, help="events appended to each table in part 2 (default 30)")
    args = p.parse_args(argv)

    long_games = games_as_events(args.games, args.players, args.seed, args.target)
    times, early, late, appended = in_process(long_games)
    median = statistics.median(times)
    judged_all, judged_early, judged_late, views = judging_only(long_games)
    judged = statistics.median(judged_all)
    growth = statistics.median(judged_late) / statistics.median(judged_early)

    table_games = games_as_events(args.tables, args.players, args.seed + 1, 200)
    with served(args.tables) as base:
        start = time.perf_counter()
        latencies, refused, lost = asyncio.run(many_tables(base, table_games, args.events))
        wall = time.perf_counter() - start
    latencies.sort()
    p50 = latencies[len(latencies) // 2]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    longest = max(len(e) for _, e in long_games)
    rows = [
        ("part 1: games appended event by event", f"{args.games} games of {args.players} players to {args.target} points: {appended:,} events (longest {longest:,})"),
        ("part 1: judging alone (check, apply, table view), median", f"{judged * 1000:.2f} ms"),
        ("part 1: whole append (judging + the store's commit), median", f"{median * 1000:.2f} ms"),
        ("part 1: check + apply, median of the first tenth / the last tenth of each game", f"{statistics.median(judged_early) * 1000:.3f} ms / {statistics.median(judged_late) * 1000:.3f} ms"),
        ("part 1: the table view of the answer, median (it lists every finished round)", f"{statistics.median(views) * 1000:.2f} ms"),
        ("part 1: whole append, the same", f"{statistics.median(early) * 1000:.2f} ms / {statistics.median(late) * 1000:.2f} ms"),
        ("part 2: tables open at once, events each", f"{args.tables} × {args.events} = {len(latencies):,} appends in {wall:.1f} s"),
        ("part 2: latency p50 / p99 (HTTP, all tables at once)", f"{p50 * 1000:.1f} ms / {p99 * 1000:.1f} ms"),
        ("part 2: refused / lost events", f"{refused} / {lost}"),
    ]
    verdicts = [
        Verdict("median judging of one event in the server", judged * 1000, 5.0, higher_is_better=False, unit=" ms"),
        Verdict("median whole append, committed to the store", median * 1000, 5.0, higher_is_better=False, unit=" ms"),
        Verdict("late ÷ early median check + apply (no replay per event)", growth, 1.5, higher_is_better=False),
        Verdict("refused + lost events with every table at once", float(refused + lost), 0.0, higher_is_better=False, unit=""),
    ]
    notes = ["the whole append waits for DuckDB's commit (its write-ahead log reaches the disk), so on a busy disk it is the disk's time, not the judging's",
             "part 2: one uvicorn worker process; the clients run in this process on the same machine; every append is committed to DuckDB before its answer"]
    report("Target live: live tables, one event judged and many tables at once", rows, verdicts, notes)
    return verdicts


if __name__ == "__main__":
    main()
