"""Target 4: `ingest` throughput against `check` on the same corpus, as whole commands.

    .venv/bin/python bench/target4_ingest_vs_check.py --games 2000

Simulates the corpus into a temporary folder, then times ``flip7 check --json FILES`` and
``flip7 ingest --jobs 1 FOLDER`` into a fresh store (both one process), in one run.

Target: ingest's games/s ≥ 0.5× check's (ingest replays with records and writes the store).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import FLIP7, Verdict, best_of, parser, rate, report, run_command, write_corpus  # noqa: E402


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=2000)
    p.add_argument("--repeat", type=int, default=2, help="best of this many runs of each command (default 2)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        folder = Path(tmp)
        paths = write_corpus(folder / "logs", args.games, args.players, args.seed)
        files = [str(f) for f in paths]
        t_check = best_of(args.repeat, lambda: run_command([*FLIP7, "check", "--json", *files]))

        def ingest_once() -> None:
            db = folder / f"store-{time.monotonic_ns()}.duckdb"
            run_command([*FLIP7, "ingest", "--db", str(db), "--jobs", "1", str(folder / "logs")])
            db.unlink()

        t_ingest = best_of(args.repeat, ingest_once)
    n = args.games
    rows = [
        ("corpus", f"{n:,} games of {args.players} players"),
        ("flip7 check --json", f"{t_check:.2f} s = {rate(n, t_check)} games/s"),
        ("flip7 ingest --jobs 1 (fresh store)", f"{t_ingest:.2f} s = {rate(n, t_ingest)} games/s"),
    ]
    verdicts = [Verdict("ingest games/s ÷ check games/s", t_check / t_ingest, 0.5)]
    report("Target 4: ingest against check", rows, verdicts, [f"wall time of whole commands, best of {args.repeat}"])
    return verdicts


if __name__ == "__main__":
    main()
