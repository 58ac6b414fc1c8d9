"""A store of a million games: ingest rate, bytes per game, every canned statistic, the viewer's paging.

    .venv/bin/python bench/store_scale.py --games 1000000 --real 100000 --store /tmp/million.duckdb

Four phases, each with progress lines on standard error:

1. **simulate** ``--real`` games of the corpus (``--corpus platform`` by default: players of their
   own in every game, 3 to 8 seats, both rulesets) into ``--logs`` (a temporary folder unless
   given; reused when it holds them already);
2. **ingest** them into a new store as ``flip7 ingest --jobs N`` does (``Store.ingest_many`` with
   ``--jobs`` worker processes, batches of 500): games/s (wall and CPU of this process and its
   workers), the file's bytes per game;
3. **replicate** (when ``--games`` is more than ``--real``): every game table copied in SQL under
   new game ids (``<id>~<k>``) until the store holds ``--games`` games. The players keep their
   names, so each name sits at ``--games / --real`` tables, as a platform's regulars would; the
   players' own tables (links, ratings) are not copied (no statistic and no page reads them);
4. **measure** on the store opened read-only: every statistic of ``flip7 stats`` (``Store.stats``,
   what ``GET /v1/stats`` calls; all players, all time: the first run and the best of ``--repeat``),
   the whole ``GET /v1/stats``, and the viewer's game list (``GET /v1/games?limit=50`` through the
   app: the first page, a page in the middle and the last, reached by their cursors; a search and
   a ruleset filter).

Target: every statistic and every page answers in under a second. ``--store PATH`` keeps the store
and skips phases 1 to 3 when it exists; ``--json`` prints the figures as one JSON object.
"""

from __future__ import annotations

import functools
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import ROOT, Verdict, corpus_words, machine, parser  # noqa: E402

from adjudicator import engine_description  # noqa: E402
from adjudicator.store import LogInput, Store  # noqa: E402
from adjudicator.store.schema import GAME_KEY_COLUMN, GAME_TABLES  # noqa: E402
from adjudicator.store.stats import STATISTICS  # noqa: E402

#: Games per page of the viewer's list (``GAMES_PER_PAGE`` of api/static/viewer.js).
PAGE = 50
#: Separates a replicated game's id from its copy number.
COPY_MARK = "~"


class Progress:
    """Progress lines on standard error: at most one every ``every`` seconds, and the last."""

    def __init__(self, phase: str, total: int, every: float = 5.0, quiet: bool = False) -> None:
        self.phase, self.total, self.every, self.quiet = phase, total, every, quiet
        self.start = self.last = time.perf_counter()

    def step(self, done: int, what: str = "games") -> None:
        """Say how far the phase is (always at its end)."""
        now = time.perf_counter()
        if self.quiet or (now - self.last < self.every and done < self.total):
            return
        self.last = now
        seconds = now - self.start
        rate = done / seconds if seconds > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else 0.0
        print(f"{self.phase}: {done:,}/{self.total:,} {what} ({rate:,.0f}/s, {seconds:.0f} s, ~{eta:.0f} s left)", file=sys.stderr, flush=True)


def cpu_seconds() -> float:
    """CPU time of this process and of its children waited for (the ingest's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


#: The child that simulates the corpus: the pure-Python simulator, which plays one game at a time
#: as its iterator is read (the compiled build turns that iterator into a list of every game).
SIMULATOR = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from benchlib import write_corpus
write_corpus(Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
"""


def simulate_logs(folder: Path, games: int, seed: int, corpus: str, players: int, quiet: bool) -> tuple[list[Path], float]:
    """The corpus's first ``games`` logs as files in ``folder`` (reused when there); seconds spent.
    They are written by a child process (``SIMULATOR``) while this one counts them."""
    folder.mkdir(parents=True, exist_ok=True)
    existing = sorted(folder.glob("*.jsonl"))
    if len(existing) == games:
        return existing, 0.0
    start = time.perf_counter()
    progress = Progress("simulate", games, quiet=quiet)
    env = {**os.environ, "FLIP7_PURE": "1", "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    args = [sys.executable, "-c", SIMULATOR, str(Path(__file__).resolve().parent), str(folder), str(games), str(players), str(seed), corpus]
    child = subprocess.Popen(args, env=env)
    while child.poll() is None:
        time.sleep(1.0)
        progress.step(sum(1 for _ in folder.glob("*.jsonl")))
    if child.returncode != 0:
        raise RuntimeError(f"simulating the corpus failed (exit {child.returncode})")
    paths = sorted(folder.glob("*.jsonl"))
    progress.step(len(paths))
    return paths, time.perf_counter() - start


def ingest(path: Path, logs: Sequence[Path], jobs: int, quiet: bool) -> dict[str, Any]:
    """Ingest the logs into a new store at ``path``: games/s (wall, CPU) and bytes per game."""
    progress = Progress("ingest", len(logs), quiet=quiet)
    done = 0

    def on_result(_result: Any, _events: int) -> None:
        nonlocal done
        done += 1
        progress.step(done)

    cpu, start = cpu_seconds(), time.perf_counter()
    with Store.open(path) as store:
        summary = store.ingest_many([LogInput.from_path(p) for p in logs], workers=jobs, on_result=on_result)
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu
    size = path.stat().st_size
    return {
        "games": summary.ingested, "invalid": summary.invalid, "jobs": jobs, "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2),
        "games_per_second": round(summary.ingested / wall, 1), "games_per_cpu_second": round(summary.ingested / cpu, 1),
        "file_bytes": size, "bytes_per_game": round(size / max(1, summary.ingested)),
    }


def replicate(path: Path, games: int, quiet: bool, with_logs: bool = False) -> dict[str, Any]:
    """Copy every game table in SQL under new ids until the store holds ``games`` games: the whole
    store at each step (20,000 games, then 40,000, 80,000 …), the last step the first games by id
    only. A step's copies get the ids ``<id>~<n>``, ``n`` the games held before it. The logs are
    copied only ``with_logs`` (no statistic and no page reads them; copying them doubled the time)."""
    import duckdb

    con = duckdb.connect(str(path))
    try:
        held = int(con.execute("SELECT count(*) FROM games").fetchone()[0])  # type: ignore[index]
        progress = Progress("replicate", games, every=0.0, quiet=quiet)
        start = time.perf_counter()
        tables = [t for t in GAME_TABLES if with_logs or t.name != "logs"]
        while held < games:
            wanted = min(held, games - held)
            chosen = "" if wanted == held else "WHERE t.{key} IN (SELECT id FROM games ORDER BY id LIMIT " + str(wanted) + ")"
            con.execute("BEGIN TRANSACTION")
            for table in tables:
                key = GAME_KEY_COLUMN[table.name]
                con.execute(
                    f"INSERT INTO {table.name} SELECT t.* REPLACE (t.{key} || '{COPY_MARK}{held}' AS {key}) FROM {table.name} t "
                    + chosen.format(key=key)
                )
            con.execute("COMMIT")
            held += wanted
            progress.step(held)
        con.execute("CHECKPOINT")
        held = int(con.execute("SELECT count(*) FROM games").fetchone()[0])  # type: ignore[index]
        copied_logs = int(con.execute("SELECT count(*) FROM logs").fetchone()[0])  # type: ignore[index]
    finally:
        con.close()
    size = path.stat().st_size
    return {"games": held, "games_with_logs": copied_logs, "seconds": round(time.perf_counter() - start, 1), "file_bytes": size, "bytes_per_game": round(size / held)}


def timed(work: Callable[[], Any], repeat: int) -> tuple[float, float, float, Any]:
    """(the first run's wall seconds, its CPU seconds (this process: DuckDB's threads included),
    the best of ``repeat`` more in wall seconds, the last result). A store keeps a statistic's
    answer until its next write (``Store.stats``): the first run is the query, the others the kept
    answer. On a loaded machine the CPU time is what the work itself needed; the wall time adds
    the wait for a core."""
    cpu = _own_cpu()
    start = time.perf_counter()
    result = work()
    cold, cold_cpu = time.perf_counter() - start, _own_cpu() - cpu
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return cold, cold_cpu, best, result


def _own_cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def measure(path: Path, repeat: int, quiet: bool) -> dict[str, Any]:
    """Time every statistic and the viewer's pages on the store at ``path`` (opened read-only)."""
    from fastapi.testclient import TestClient

    from api.app import create_app

    out: dict[str, Any] = {"statistics": {}, "pages": {}}
    with Store.open(path, read_only=True) as store:
        con = store._con  # the connection the statistics run on: the counts below are not timed
        counts = {t: int(con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in ("games", "events", "player_rounds", "hits")}  # type: ignore[index]
        out["rows"] = counts
        players = int(con.execute("SELECT count(DISTINCT player) FROM game_players").fetchone()[0])  # type: ignore[index]
        out["rows"]["distinct_players"] = players
        progress = Progress("statistics", len(STATISTICS), every=0.0, quiet=quiet)
        for n, stat in enumerate(STATISTICS, 1):
            cold, cpu, warm, result = timed(functools.partial(store.stats, names=[stat.name]), repeat)
            out["statistics"][stat.name] = {"cold": round(cold, 3), "warm": round(warm, 3), "cpu": round(cpu, 3), "rows": len(result[0].rows)}
            progress.step(n, "statistics")
        games = counts["games"]
        # the cursors the viewer holds on reaching the middle page and the last: the ids before them
        at = dict(con.execute(
            "SELECT n, id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM games) WHERE n IN ($a, $b)",
            {"a": max(1, games // 2), "b": max(1, games - PAGE)},
        ).fetchall())
        a_player = con.execute("SELECT players[1] FROM games ORDER BY id LIMIT 1").fetchone()[0]  # type: ignore[index]
        with TestClient(create_app(store=store)) as client:
            def page(**params: Any) -> Callable[[], Any]:
                def get() -> Any:
                    response = client.get("/v1/games", params={"limit": PAGE, **params})
                    assert response.status_code == 200, response.text
                    return response.json()
                return get

            cases = {
                "first": page(),
                "middle": page(cursor=at[max(1, games // 2)]),
                "last": page(cursor=at[max(1, games - PAGE)]),
                "search (a player's name)": page(search=a_player),
                "ruleset vengeance": page(ruleset="vengeance"),
            }
            for name, get in cases.items():
                cold, cpu, warm, body = timed(get, repeat)
                out["pages"][name] = {
                    "cold": round(cold, 3), "warm": round(warm, 3), "cpu": round(cpu, 3), "games": len(body["games"]), "last_page": body["next_cursor"] is None,
                }
            cold, cpu, warm, _ = timed(lambda: client.get("/v1/stats").raise_for_status(), max(1, repeat // 3))
            out["all_statistics"] = {"cold": round(cold, 3), "warm": round(warm, 3), "cpu": round(cpu, 3)}
    return out


def verdicts(figures: dict[str, Any]) -> list[Verdict]:
    """Every statistic (its query: the first ask) and every page (its first load) under a second."""
    games = figures["measure"]["rows"]["games"]
    found = [Verdict(f"{name}: seconds over {games:,} games (first ask)", v["cold"], 1.0, higher_is_better=False, unit=" s")
             for name, v in figures["measure"]["statistics"].items()]
    found += [Verdict(f"GET /v1/games, {name} page: seconds", v["cold"], 1.0, higher_is_better=False, unit=" s")
              for name, v in figures["measure"]["pages"].items()]
    return found


def markdown(figures: dict[str, Any], found: Sequence[Verdict]) -> str:
    """The figures as the Markdown report of the other bench scripts."""
    m = figures["measure"]
    lines = ["## A store of many games", "", f"machine: {figures['machine']}", "", f"engine: {figures['engine']}", "",
             f"corpus: {figures['corpus']}", "", "| figure | value |", "| --- | ---: |"]
    sim = figures.get("simulate")
    if sim:
        lines.append(f"| simulate {sim['games']:,} games | {sim['seconds']:.0f} s |")
    ing = figures.get("ingest")
    if ing:
        lines.append(f"| ingest {ing['games']:,} games, {ing['jobs']} job(s) | {ing['seconds']:.1f} s = **{ing['games_per_second']:,.0f} games/s** "
                     f"({ing['games_per_cpu_second']:,.0f} games per CPU second) |")
        lines.append(f"| file after ingest | {ing['file_bytes'] / 2**20:,.0f} MiB = {ing['bytes_per_game']:,} bytes per game |")
    rep = figures.get("replicate")
    if rep:
        lines.append(f"| replicated in SQL to {rep['games']:,} games ({rep['games_with_logs']:,} with their log) | {rep['seconds']:.0f} s |")
        lines.append(f"| file after replication | {rep['file_bytes'] / 2**20:,.0f} MiB = {rep['bytes_per_game']:,} bytes per game |")
    rows = m["rows"]
    lines.append(f"| rows | {rows['games']:,} games, {rows['events']:,} events, {rows['player_rounds']:,} player-rounds, "
                 f"{rows['hits']:,} hits, {rows['distinct_players']:,} players |")
    for name, v in m["statistics"].items():
        lines.append(f"| `flip7 stats --only {name}` | {v['cold'] * 1000:,.0f} ms (CPU {v['cpu'] * 1000:,.0f} ms; asked again {v['warm'] * 1000:,.0f} ms), {v['rows']:,} rows |")
    lines.append(f"| `GET /v1/stats` (every statistic, each kept already) | {m['all_statistics']['cold'] * 1000:,.0f} ms |")
    for name, v in m["pages"].items():
        lines.append(f"| `GET /v1/games?limit={PAGE}`, {name} | {v['cold'] * 1000:,.0f} ms (CPU {v['cpu'] * 1000:,.0f} ms; best of the next {v['warm'] * 1000:,.0f} ms), {v['games']} games |")
    lines.append("")
    lines += [f"- {v.line()}" for v in found]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report (Markdown or ``--json``), return the verdicts."""
    p = parser(__doc__, games=1_000_000, repeat=3)
    p.add_argument("--real", type=int, default=None, help="games simulated and ingested for real (default: all of --games); the rest are copies")
    p.add_argument("--jobs", type=int, default=2, help="worker processes of the ingest (default 2, as flip7 ingest --jobs 2)")
    p.add_argument("--store", type=Path, default=None, help="keep the store in this file; when it exists, only measure it")
    p.add_argument("--logs", type=Path, default=None, help="keep the simulated logs in this folder (reused when they are there)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--copy-logs", action="store_true", help="copy the logs table too when replicating (by default the copies have no log)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    args = p.parse_args(argv)
    real = min(args.real or args.games, args.games)
    figures: dict[str, Any] = {"machine": machine(), "engine": engine_description(), "corpus": corpus_words(args.corpus, args.players)}
    with tempfile.TemporaryDirectory(prefix="flip7-scale-") as tmp:
        path = args.store or Path(tmp) / "scale.duckdb"
        if not path.exists():
            logs, seconds = simulate_logs(args.logs or Path(tmp) / "logs", real, args.seed, args.corpus, args.players, args.quiet)
            figures["simulate"] = {"games": real, "seconds": round(seconds, 1)}
            figures["ingest"] = ingest(path, logs, args.jobs, args.quiet)
        else:
            figures["reused"] = str(path)
        with Store.open(path, read_only=True) as built:
            held = len(built.game_ids())
        if args.games > held:  # a store built (or kept) with fewer games: copies up to --games
            figures["replicate"] = replicate(path, args.games, args.quiet, args.copy_logs)
        figures["measure"] = measure(path, args.repeat, args.quiet)
        figures["file_bytes"] = path.stat().st_size
    found = verdicts(figures)
    figures["verdicts"] = [{"name": v.name, "value": v.ratio, "goal": v.goal, "met": v.met} for v in found]
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(markdown(figures, found), flush=True)
    return found


if __name__ == "__main__":
    main()
