"""Target 6: every canned statistic over 100,000 stored games, against a bare GROUP BY.

    .venv/bin/python bench/target6_stats.py --games 100000 [--base 1000]

Builds the store with a fast bulk path: ``--base`` simulated games (a fifth of them spoilt, as
``bench/bench_ingest.py`` makes them) and a tenth as many With a Vengeance games (half Brutal) are
ingested normally, then every game table is copied in
SQL under new game ids until the store holds ``--games`` games. Then, on the same store and
connection, times the baseline ``SELECT type, count(*) FROM events GROUP BY type`` and each
statistic of ``flip7 stats`` (``Store.stats``, all players, all time): the first (cold) run, and the
best of ``--repeat`` warm runs.

Target: every statistic answers in under a second (warm); each is also given as a ratio to the
baseline.
"""

from __future__ import annotations

import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import ROOT, Verdict, best_of, mib, parser, report  # noqa: E402

from adjudicator.simulate import GameOptions, simulate  # noqa: E402
from adjudicator.store import LogInput, Store  # noqa: E402
from adjudicator.store.schema import GAME_KEY_COLUMN, GAME_TABLES  # noqa: E402
from adjudicator.store.stats import STATISTICS  # noqa: E402

BASELINE = "SELECT type, count(*) FROM events GROUP BY type"

sys.path.insert(0, str(ROOT))
from tests.adjudicator.helpers import simulated_logs  # noqa: E402


def vengeance_games(base: int) -> int:
    """How many With a Vengeance games of each mode (standard, Brutal) join ``base`` base games."""
    return max(1, base // 20)


def build_store(path: Path, games: int, base: int, seed: int) -> int:
    """Make a store of about ``games`` games from ``base`` ingested ones; return how many it holds."""
    base = min(base, games)
    ids = [f"bench-{seed}-{i:06}" for i in range(base)]
    inputs = [LogInput.from_bytes(f"{i}.jsonl", text.encode()) for i, text in zip(ids, simulated_logs(ids, seed, spoilt_every=5), strict=True)]
    # a tenth more With a Vengeance games, half of them Brutal, so that its statistics have rows to read
    for brutal in (False, True):
        options = GameOptions(ruleset="vengeance", brutal=brutal)
        for game in simulate(vengeance_games(base), 5, seed=seed + 1 + brutal, options=options):
            inputs.append(LogInput.from_bytes(f"{game.game_id}-{brutal}.jsonl", game.text().encode()))
    with Store.open(path) as store:
        store.ingest_many(inputs)
    copies = math.ceil(games / base)
    import duckdb

    con = duckdb.connect(str(path))
    step = 10  # copies per statement: bounds the memory of one INSERT
    for table in GAME_TABLES:
        key = GAME_KEY_COLUMN[table.name]
        for first in range(1, copies, step):
            last = min(copies, first + step)
            con.execute(
                f"INSERT INTO {table.name} SELECT t.* REPLACE (t.{key} || '~' || c.k AS {key}) "
                f"FROM {table.name} t, range({first}, {last}) c(k) WHERE NOT contains(t.{key}, '~')"
            )
    held = con.execute("SELECT count(*) FROM games").fetchone()
    con.close()
    assert held is not None
    return int(held[0])


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=100_000, repeat=3)
    p.add_argument("--base", type=int, default=1000, help="games simulated and ingested before the copies (default 1000)")
    p.add_argument("--store", type=Path, default=None, help="keep the store in this file, and reuse it when it exists (built as asked otherwise)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        path = args.store or Path(tmp) / "stats.duckdb"
        start = time.perf_counter()
        if path.exists():
            with Store.open(path, read_only=True) as existing:
                held = existing.stats(names=["overview"])[0].rows[0][0]
            how = "reused"
        else:
            held = build_store(path, args.games, args.base, args.seed)
            how = f"{args.base:,} + {2 * vengeance_games(args.base):,} Vengeance ingested, the rest copied in SQL, built in {time.perf_counter() - start:.0f} s"
        rows = [("store", f"{held:,} games ({how}), {mib(path.stat().st_size)}")]
        verdicts = []
        with Store.open(path, read_only=True) as store:
            con = store._con  # the same connection the statistics use
            events = con.execute("SELECT count(*) FROM events").fetchone()
            assert events is not None
            rows.append(("events stored", f"{events[0]:,}"))
            cold = best_of(1, lambda: con.execute(BASELINE).fetchall())
            base_s = best_of(args.repeat, lambda: con.execute(BASELINE).fetchall())
            rows.append(("baseline: " + BASELINE, f"{base_s * 1000:.0f} ms (cold {cold * 1000:.0f} ms)"))
            for stat in STATISTICS:
                cold = best_of(1, lambda s=stat: store.stats(names=[s.name]))
                warm = best_of(args.repeat, lambda s=stat: store.stats(names=[s.name]))
                rows.append((f"flip7 stats --only {stat.name}", f"{warm * 1000:.0f} ms (cold {cold * 1000:.0f} ms) = {warm / base_s:.1f}× baseline"))
                verdicts.append(Verdict(f"{stat.name}: seconds over {held:,} games", warm, 1.0, higher_is_better=False, unit=" s"))
            total = best_of(1, lambda: store.stats())
            rows.append(("all statistics in one call (flip7 stats)", f"{total * 1000:.0f} ms"))
    report("Target 6: canned statistics over the stored games", rows, verdicts, [f"warm: best of {args.repeat}; DuckDB uses every core of the machine"])
    return verdicts


if __name__ == "__main__":
    main()
