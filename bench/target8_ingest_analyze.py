"""Target 8 (issue 19): `flip7 ingest --analyze --jobs 2` of typical five-player base games.

    .venv/bin/python bench/target8_ingest_analyze.py --games 1000

Simulates the corpus (five players, games to 100 points: about 100 decisions each, as
bench/bench_analysis.py) into a temporary folder, then runs ``flip7 ingest --analyze --jobs 2``
into a fresh store as a whole command and reports the rate (games and decisions per second), the
CPU time per decision, and the command's peak memory (the ingesting process; each worker holds one
game's search, bounded by the solver's state budget).

Target: `flip7 analyze` may take 10 s of one core for such a game, so two jobs should ingest one
in at most 5 s on average (the issue asks for the rate; this bound is ours). The verdict uses the
CPU time divided by the jobs (the wall time of an otherwise idle machine); the wall time measured
is reported beside it, and on a loaded machine it is larger.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import FLIP7, Verdict, mib, parser, report, run_command  # noqa: E402

from adjudicator.simulate.play import GameOptions, simulate  # noqa: E402
from adjudicator.store import Store  # noqa: E402

#: The game's target score: games to 100 points hold about 100 decisions (a typical game, per the issue).
TARGET = 100


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=1000)
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        folder = Path(tmp) / "logs"
        folder.mkdir()
        for game in simulate(args.games, args.players, seed=args.seed, options=GameOptions(target=TARGET)):
            (folder / f"{game.game_id}.jsonl").write_text(game.text(), encoding="utf-8", newline="\n")
        db = Path(tmp) / "store.duckdb"
        run = run_command([*FLIP7, "ingest", "--analyze", "--jobs", str(args.jobs), "--db", str(db), str(folder)])
        with Store.open(db, read_only=True) as store:
            ((games, decisions, exact),) = store.query(
                "SELECT count(DISTINCT game), count(*), count(*) FILTER (WHERE method = 'exact') FROM decisions"
            ).rows
    n = args.games
    per_game = run.cpu / args.jobs / max(n, 1)
    rows = [
        ("corpus", f"{n:,} games of {args.players} players, to {TARGET} points"),
        ("decisions stored", f"{decisions:,} in {games:,} games ({decisions / max(games, 1):.0f} a game, {exact:,} exact)"),
        (f"flip7 ingest --analyze --jobs {args.jobs}", f"{run.seconds:.1f} s = {n / run.seconds:.2f} games/s = {decisions / run.seconds:.0f} decisions/s"),
        ("CPU (the command and its workers)", f"{run.cpu:.1f} s = {1000 * run.cpu / max(decisions, 1):.0f} ms per decision"),
        (f"idle-machine rate (CPU ÷ {args.jobs} jobs)", f"{1 / per_game:.2f} games/s = {decisions / (run.cpu / args.jobs):.0f} decisions/s"),
        ("peak RSS of the ingesting process", mib(run.peak_rss)),
    ]
    verdicts = [Verdict(f"seconds per game (CPU ÷ {args.jobs} jobs)", per_game, 5.0, higher_is_better=False, unit=" s")]
    notes = [
        "one whole command; the machine's other load shares the same cores (see the load average)",
        f"at the idle-machine rate 1,000 games take about {1000 * per_game / 60:.0f} minutes",
    ]
    report("Target 8: ingest --analyze with two jobs", rows, verdicts, notes)
    return verdicts


if __name__ == "__main__":
    main()
