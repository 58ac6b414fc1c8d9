"""Target 5: `simulate` keeps up with `check`: games/s of writing games against judging them.

    .venv/bin/python bench/target5_simulate.py --games 2000

Times ``flip7 simulate --games N --out DIR`` and then ``flip7 check --json`` on the files it wrote,
both whole commands, in one run.

Target: simulate's games/s ≥ 0.5× check's on the same games.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import FLIP7, Verdict, best_cpu, games_timing, parser, report  # noqa: E402


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=2000, repeat=2)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        out = Path(tmp) / "logs"
        simulate = [*FLIP7, "simulate", "--games", str(args.games), "--players", str(args.players), "--seed", str(args.seed), "--out", str(out)]
        sim = best_cpu(args.repeat, simulate)
        files = sorted(str(p) for p in out.glob("*.jsonl"))
        assert len(files) == args.games, len(files)
        check = best_cpu(args.repeat, [*FLIP7, "check", "--json", *files])
    n = args.games
    rows = [
        ("corpus", f"{n:,} games of {args.players} players (seed {args.seed})"),
        ("flip7 simulate --out DIR", games_timing(n, sim)),
        ("flip7 check --json on those files", games_timing(n, check)),
    ]
    verdicts = [Verdict("simulate games/s ÷ check games/s (CPU time)", check.cpu / sim.cpu, 0.5)]
    report("Target 5: simulate against check", rows, verdicts, [f"CPU time (user + system) of whole commands, the least of {args.repeat} runs"])
    return verdicts


if __name__ == "__main__":
    main()
