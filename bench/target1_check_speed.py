"""Target 1: `check` events/s against python-chess reading PGN, and against a bare json.loads.

    .venv/bin/python bench/target1_check_speed.py --games 1000 --pgn-games 400

In one run: simulates the flip7 corpus (fixed seed) and a PGN corpus of random legal chess games
(python-chess, fixed seed) into a temporary folder, then times

* read + ``json.loads`` per line of the flip7 corpus (the floor any checker pays: a bare loop);
* the full check of every flip7 file as ``flip7 check`` does it (``replay_log`` over the file's
  lines, verdict to JSON data);
* python-chess reading every PGN game (``chess.pgn.read_game``: every SAN move parsed and
  validated against the board).

Targets: check events/s ≥ 5× PGN moves/s (stretch 8×); check time ≤ 2× json.loads per line (issue 30;
≤ 3× before). The corpus is ``--corpus`` (benchlib: ``platform`` by default).
Each timing is this process's CPU time (``time.process_time``: waiting for a core on a shared
machine does not count), the best of ``--repeat`` rounds that take the three in turn. Needs the ``bench`` extra (python-chess).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import Verdict, best_of, corpus_words, event_lines, parser, rate, report, write_corpus  # noqa: E402

from adjudicator.bulk import bulk_replays  # noqa: E402
from adjudicator.replay import forget_shared_lines, replay_log  # noqa: E402
from adjudicator.source import lines_from_stream  # noqa: E402


def write_pgn(path: Path, games: int, seed: int, max_plies: int = 160) -> int:
    """Play ``games`` random legal chess games and write them as PGN; return how many moves."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    moves = 0
    with path.open("w", encoding="utf-8") as out:
        for i in range(games):
            board = chess.Board()
            while not board.is_game_over(claim_draw=False) and board.ply() < max_plies:
                board.push(rng.choice(list(board.legal_moves)))
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"bench {i}"
            moves += board.ply()
            out.write(str(game) + "\n\n")
    return moves


def read_pgn(path: Path) -> int:
    """Read every game of a PGN file with python-chess; return how many moves it validated."""
    import chess.pgn

    moves = 0
    with path.open(encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            if game.errors:
                raise RuntimeError(f"python-chess refused a generated game: {game.errors[0]}")
            moves += sum(1 for _ in game.mainline_moves())
    return moves


def json_loads_per_line(paths: list[Path]) -> None:
    """The floor: read each file and ``json.loads`` each of its lines (the corpus has no blank lines)."""
    for path in paths:
        with path.open("rb") as handle:
            for line in handle:
                json.loads(line)


def check_files(paths: list[Path]) -> None:
    """Judge every file as ``flip7 check`` does (the collector tuned for bulk replays, verdicts as
    JSON data, nothing printed), from a cold start: the lines that replays share are forgotten
    first, so a repeated round reads every line afresh, as one ``flip7 check`` process does."""
    forget_shared_lines()
    with bulk_replays():
        for path in paths:
            with path.open("rb") as handle:
                replay_log(lines_from_stream(handle)).verdict.to_dict()


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=1000, repeat=3)
    p.add_argument("--pgn-games", type=int, default=400, help="random chess games in the PGN corpus (default 400)")
    args = p.parse_args(argv)
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess is not installed: pip install -e '.[bench]'", file=sys.stderr)
        raise SystemExit(2) from None

    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        folder = Path(tmp)
        paths = write_corpus(folder / "logs", args.games, args.players, args.seed, args.corpus)
        events = sum(1 for _ in event_lines(paths))
        pgn = folder / "games.pgn"
        moves = write_pgn(pgn, args.pgn_games, args.seed)

        t_json = t_check = t_pgn = float("inf")
        for _ in range(args.repeat):  # in turns, so that the three see the same machine
            t_json = min(t_json, best_of(1, lambda: json_loads_per_line(paths), clock=time.process_time))
            t_check = min(t_check, best_of(1, lambda: check_files(paths), clock=time.process_time))
            t_pgn = min(t_pgn, best_of(1, lambda: read_pgn(pgn), clock=time.process_time))
        assert read_pgn(pgn) == moves

    check_eps = events / t_check
    pgn_mps = moves / t_pgn
    rows = [
        ("flip7 corpus", f"{args.games:,} games, {events:,} events; {corpus_words(args.corpus, args.players)}"),
        ("PGN corpus", f"{args.pgn_games:,} random legal games, {moves:,} moves"),
        ("read + json.loads per line", f"{t_json:.3f} s = {rate(events, t_json)} lines/s"),
        ("flip7 full check", f"{t_check:.3f} s = {rate(events, t_check)} events/s = {rate(args.games, t_check)} games/s"),
        ("python-chess read_game", f"{t_pgn:.3f} s = {rate(moves, t_pgn)} moves/s"),
    ]
    verdicts = [
        Verdict("check events/s ÷ python-chess PGN moves/s", check_eps / pgn_mps, 5.0),
        Verdict("stretch: the same ratio", check_eps / pgn_mps, 8.0),
        Verdict("check time per line ÷ json.loads time per line", t_check / t_json, 2.0, higher_is_better=False),
    ]
    report("Target 1: check speed against python-chess and json.loads", rows, verdicts, [f"CPU time of this one process, best of {args.repeat} rounds (the three in turn)"])
    return verdicts


if __name__ == "__main__":
    main()
