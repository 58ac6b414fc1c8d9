"""Where `check` spends its time: a cProfile of the full check, grouped by part of the code.

    .venv/bin/python bench/profile_check.py --games 300 [--top 15]

Simulates the corpus (fixed seed), checks every file as ``flip7 check`` does under ``cProfile``,
and prints each part's share of the run's own time (``tottime`` summed by where the function
lives), then the functions that took the most. The same profile, for a flame graph:
``.venv/bin/pyinstrument bench/profile_check.py --games 300 --no-profile``.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import corpus_words, machine, parser, write_corpus  # noqa: E402
from target1_check_speed import check_files  # noqa: E402

#: Parts of the code, by a piece of the file's path (first match wins).
PARTS = (
    ("adjudicator/rules/", "rules"),
    ("adjudicator/rulesets/", "rules"),
    ("adjudicator/state.py", "rules"),
    ("adjudicator/scoring.py", "rules"),
    ("adjudicator/event_cache.py", "event parsing"),
    ("adjudicator/events.py", "event parsing"),
    ("adjudicator/source.py", "reading lines"),
    ("adjudicator/replay.py", "replay loop + verdict"),
    ("adjudicator/verdict.py", "replay loop + verdict"),
    ("/json/", "JSON decode"),
    ("pydantic", "pydantic"),
    ("~", "builtins"),
)


def part_of(filename: str, name: str) -> str:
    """The part of the code a profiled function belongs to (built-ins by what they are)."""
    if filename == "~":
        if "pydantic" in name:
            return "pydantic"
        if "json" in name or "scan" in name:
            return "JSON decode"
    for piece, part in PARTS:
        if piece in filename:
            return part
    return "other"


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Profile the check and print the shares; return them (part -> fraction of the time)."""
    p = parser(__doc__, games=300)
    p.add_argument("--top", type=int, default=15, help="functions to list (default 15)")
    p.add_argument("--no-profile", action="store_true", help="run the check without cProfile (for an outside profiler)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        paths = write_corpus(Path(tmp), args.games, args.players, args.seed, args.corpus)
        if args.no_profile:
            check_files(paths)
            return {}
        profile = cProfile.Profile()
        profile.runcall(check_files, paths)
    stats = pstats.Stats(profile)
    by_part: dict[str, float] = defaultdict(float)
    rows = []
    for (filename, line, name), (_, calls, tottime, cumtime, _) in stats.stats.items():  # type: ignore[attr-defined]
        by_part[part_of(filename, name)] += tottime
        rows.append((tottime, cumtime, calls, f"{Path(filename).name}:{line}({name})"))
    total = sum(by_part.values())
    print(f"## Profile of check: {args.games} games, {corpus_words(args.corpus, args.players)} (cProfile)\n\nmachine: {machine()}\n")
    print("| part | share of the time |\n| --- | ---: |")
    for part, seconds in sorted(by_part.items(), key=lambda kv: -kv[1]):
        print(f"| {part} | {seconds / total:.0%} |")
    print("\n| function | own time | with callees | calls |\n| --- | ---: | ---: | ---: |")
    for tottime, cumtime, calls, label in sorted(rows, reverse=True)[: args.top]:
        print(f"| `{label}` | {tottime / total:.1%} | {cumtime / total:.1%} | {calls:,} |")
    print(flush=True)
    return {part: seconds / total for part, seconds in by_part.items()}


if __name__ == "__main__":
    main()
