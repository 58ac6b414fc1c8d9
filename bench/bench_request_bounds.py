"""What the requests that once held the server cost now (issue 23, items 11–14), as ratios.

    .venv/bin/python bench/bench_request_bounds.py [--repeat 3]

Each figure compares the bounded request with an ordinary one of the same route, in this process
(no server), so the ratios say how much one hostile request costs beyond a normal one:

* query: the probe's ``select list(i) from range(10000000)`` (refused, 413) against a small query,
  in time and in Python memory (``tracemalloc`` peak);
* replay: a log at the seat bound (1,800 players, 33 events) against the sample game of 12 players;
* check: the probe's 30 KB log (150 long names, one unknown) against the sample game;
* notation: reading a sample game written as notation against reading the same events as JSON
  Lines (``parse_event`` per line), per byte and per event; and ``settle`` of both forms.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import ROOT, Verdict, parser, report  # noqa: E402

from adjudicator.events import parse_event  # noqa: E402
from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation  # noqa: E402
from adjudicator.referee import settlement  # noqa: E402
from adjudicator.source import lines_from_text  # noqa: E402
from adjudicator.store import QueryTooLarge, Store  # noqa: E402
from adjudicator.timeline import MAX_SEATS, replay_timeline  # noqa: E402
from api.routes.judge import check_log  # noqa: E402

SAMPLE = ROOT / "logs" / "12-players.jsonl"


def best(fn: Callable[[], Any], repeat: int) -> float:
    """The shortest of ``repeat`` timings of ``fn``, seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def python_peak(fn: Callable[[], Any]) -> int:
    """The peak of Python's allocations while ``fn`` runs, bytes."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def seats_log(players: int, events: int) -> str:
    """A log seating ``players`` with ``events`` event lines (as the tests' ``big_table``)."""
    names = [f"p{i:04d}" for i in range(players)]
    lines = [json.dumps({"type": "game", "id": "big", "players": names, "dealer": names[0], "decks": min(100, players // 18 + 1)})]
    lines.append('{"type":"round","round":1}')
    lines += [json.dumps({"type": "card", "player": names[(i + 1) % players], "card": "5"}) for i in range(events - 2)]
    return "\n".join(lines) + "\n"


def probe_13() -> str:
    """150 names of 193 characters and one unknown name: the 30 KB body of item 13."""
    players = [f"{i:03d}" + "n" * 190 for i in range(150)]
    game = {"type": "game", "id": "g", "players": players, "dealer": players[0], "decks": 10}
    card = {"type": "card", "player": "000" + "n" * 189 + "X", "card": "8"}
    return json.dumps(game) + "\n" + '{"type":"round","round":1}\n' + json.dumps(card) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Measure and print the report."""
    args = parser(__doc__, games=0, repeat=3).parse_args(argv)
    repeat = args.repeat
    rows: list[tuple[str, str]] = []
    verdicts: list[Verdict] = []

    # item 11: the query
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "b.duckdb") as store:
        def probe() -> None:
            try:
                store.query("select list(i) from range(10000000) t(i)", max_bytes=10 * 2**20, timeout=10, hide_server=True)
            except QueryTooLarge:
                pass

        def small() -> None:
            store.query("select i from range(1000) t(i)", max_bytes=10 * 2**20, timeout=10, hide_server=True)

        t_probe, t_small = best(probe, repeat), best(small, repeat)
        p_probe, p_small = python_peak(probe), python_peak(small)
    rows += [("query: probe / 1,000 small rows, time", f"{t_probe / t_small:.1f}× ({t_probe * 1000:.0f} ms)"),
             ("query: probe / 1,000 small rows, Python peak", f"{p_probe / p_small:.1f}× ({p_probe / 2**20:.1f} MiB)")]
    verdicts.append(Verdict("query probe's Python memory vs a small query", p_probe / p_small, 10, higher_is_better=False))

    # item 12: the replay at its bound
    sample = SAMPLE.read_bytes()
    at_bound = seats_log(1800, MAX_SEATS // 1800).encode()
    t_bound, t_sample = best(lambda: replay_timeline(at_bound).to_dict(), 1), best(lambda: replay_timeline(sample).to_dict(), repeat)
    rows.append(("replay: at the seat bound / the 12-player sample", f"{t_bound / t_sample:.1f}× ({t_bound:.1f} s)"))

    # item 13: the did-you-mean
    body = probe_13().encode()
    t_13, t_check = best(lambda: check_log(body), repeat), best(lambda: check_log(sample), repeat)
    rows.append(("check: item 13's probe / the 12-player sample", f"{t_13 / t_check:.1f}× ({t_13 * 1000:.0f} ms)"))

    # item 14: the notation against the JSON reader
    text = jsonl_to_notation(lines_from_text(SAMPLE.read_text(encoding="utf-8")))
    lines = [line for line in notation_to_jsonl(parse_notation(text)) if line.strip() and not line.startswith("#")]
    jsonl = "".join(line + "\n" for line in lines)
    t_notation = best(lambda: parse_notation(text), repeat)
    t_json = best(lambda: [parse_event(line) for line in lines], repeat)
    per_byte = (t_notation / len(text)) / (t_json / len(jsonl))
    per_event = t_notation / t_json
    t_settle_n, t_settle_j = best(lambda: settlement(text), repeat), best(lambda: settlement(jsonl), repeat)
    rows += [("notation read / JSON read, per event", f"{per_event:.2f}×"),
             ("notation read / JSON read, per byte", f"{per_byte:.2f}× (the notation is {len(jsonl) / len(text):.1f}× denser)"),
             ("settle notation / settle JSON Lines, same game", f"{t_settle_n / t_settle_j:.2f}×")]
    verdicts.append(Verdict("settle of the notation vs JSON Lines", t_settle_n / t_settle_j, 1.5, higher_is_better=False))
    report("Requests that held the server (issue 23, items 11–14)", rows, verdicts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
