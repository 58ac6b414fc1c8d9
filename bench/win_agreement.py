"""How far the win-chance model (``flip7-w1``) is from brute force, on decisions of simulated games.

    .venv/bin/python bench/win_agreement.py --decisions 200 --brute 1000 --minutes 40 --rows rows.json
    .venv/bin/python bench/win_agreement.py --from-rows rows.json     # the table again

Games are simulated with every seat playing the model's strategy (3 to 5 players, the base game);
hit-or-stay decisions are sampled from them (every ``--every``-th decision of each game, so the
early, middle and late game all appear). At each decision both options are valued twice:

- by the model, as ``flip7 advise`` does (``--model`` playouts of the round per option, later rounds
  from the table);
- by brute force: ``--brute`` playouts of the *whole rest of the game* per option with the rules'
  engine (``adjudicator.analysis.montecarlo.win_chances``: every seat plays the same strategy, the
  pile carried over, ties playing on; the same card orders for both options).

It prints one JSON object: the agreement table (mean and 95th-percentile absolute difference of an
option's W and of the difference hit − stay, in percentage points; how often the two agree on the
better option where brute force's paired interval excludes 0), the brute force's own noise (its
mean half-width), the decisions measured and the seconds taken. The machine's load changes the
seconds, not the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.montecarlo import DIFFERENCE, Z95, win_chances  # noqa: E402
from adjudicator.analysis.observe import decision_at  # noqa: E402
from adjudicator.analysis.win import STRATEGY, WinModel, turn_moves  # noqa: E402
from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.simulate.play import simulate  # noqa: E402


class _Decisions:
    """A replay observer noting the events that make a hit-or-stay decision (two options open)."""

    def __init__(self) -> None:
        self.found: list[int] = []

    def before(self, state: Any, event: Any, index: int) -> None:
        exp = decision_at(state)
        if exp is not None and exp.seat is not None and exp.kind in ("turn", "deal") and len(turn_moves(state, exp.seat, deal=exp.kind == "deal")) == 2:
            self.found.append(index)

    def after(self, state: Any, event: Any, index: int) -> None:
        pass

    def judged(self, *args: Any) -> None:
        pass


def positions(games: int, seed: int, every: int) -> list[tuple[list[str], int]]:
    """(log lines, event index) of every ``every``-th hit-or-stay decision of ``games`` simulated
    games of 3, 4 and 5 players (the state before that event is the position)."""
    rng = random.Random(seed)
    out: list[tuple[list[str], int]] = []
    for players in (3, 4, 5):
        for game in simulate(max(games // 3, 1), players, seed=seed, strategies=STRATEGY, claims="none"):
            lines = game.lines()
            seen = _Decisions()
            replay_log(lines, observer=seen)
            offset = rng.randrange(every) if every > 1 else 0
            out.extend((lines, index) for index in seen.found[offset::every])
    rng.shuffle(out)
    return out


def measure(lines: list[str], cut: int, model_samples: int, brute: int) -> dict[str, Any]:
    """One decision by the model and by brute force."""
    state = replay_log(lines[:cut]).state
    exp = decision_at(state)
    assert exp is not None and exp.seat is not None
    seat = exp.seat
    moves = turn_moves(state, seat, deal=exp.kind == "deal")
    began = time.perf_counter()
    model = WinModel(state, seed=f"agree:{cut}", samples=model_samples)
    valued = model.options(state, moves, seat)
    model_seconds = time.perf_counter() - began
    w = {k: v[seat] for k, v in valued.chances.items()}
    got = win_chances(state, seat, moves, seed=f"brute:{cut}", samples=brute)
    diff = got.pop(DIFFERENCE)
    b = {k: v.mean for k, v in got.items()}
    return {
        "model": w, "brute": b, "brute_half": statistics.mean(v.half_width for v in got.values()),
        "brute_diff": [diff.low, diff.high], "model_diff": [*valued.difference("hit", "stay")],
        "total": state.totals[seat], "lead": state.totals[seat] - max(t for i, t in enumerate(state.totals) if i != seat),
        "model_seconds": model_seconds,
    }


def table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The agreement figures over the measured decisions (percentage points)."""
    option_err = [abs(r["model"][k] - r["brute"][k]) * 100 for r in rows for k in ("hit", "stay")]
    diff_err = [abs((r["model"]["hit"] - r["model"]["stay"]) - (r["brute"]["hit"] - r["brute"]["stay"])) * 100 for r in rows]
    settled = [r for r in rows if not r["brute_diff"][0] <= 0.0 <= r["brute_diff"][1]]
    agree = sum((r["model"]["hit"] > r["model"]["stay"]) == (r["brute"]["hit"] > r["brute"]["stay"]) for r in settled)
    near_end = [r for r in rows if r["total"] >= 150]

    def q95(values: list[float]) -> float:
        ordered = sorted(values)
        return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)] if ordered else 0.0

    return {
        "decisions": len(rows),
        "option_w_abs_diff_mean": round(statistics.mean(option_err), 2) if rows else None,
        "option_w_abs_diff_p95": round(q95(option_err), 2),
        "hit_minus_stay_abs_diff_mean": round(statistics.mean(diff_err), 2) if rows else None,
        "hit_minus_stay_abs_diff_p95": round(q95(diff_err), 2),
        "brute_force_half_width_mean": round(100 * statistics.mean(r["brute_half"] for r in rows), 2) if rows else None,
        "model_hit_minus_stay_half_width_mean": round(100 * statistics.mean((r["model_diff"][1] - r["model_diff"][0]) / 2 for r in rows), 2) if rows else None,
        "brute_force_hit_minus_stay_half_width_mean": round(100 * statistics.mean((r["brute_diff"][1] - r["brute_diff"][0]) / 2 for r in rows), 2) if rows else None,
        "brute_force_settled": len(settled),
        "best_option_agrees_where_settled": agree,
        "near_end_decisions": len(near_end),
        "near_end_hit_minus_stay_abs_diff_mean": round(statistics.mean(
            abs((r["model"]["hit"] - r["model"]["stay"]) - (r["brute"]["hit"] - r["brute"]["stay"])) * 100 for r in near_end
        ), 2) if near_end else None,
        # the model's own error beyond both estimates' noise: mean squared difference less their variances
        "hit_minus_stay_rms_beyond_noise": round(100 * math.sqrt(max(0.0, statistics.mean(
            ((r["model"]["hit"] - r["model"]["stay"]) - (r["brute"]["hit"] - r["brute"]["stay"])) ** 2
            - ((r["brute_diff"][1] - r["brute_diff"][0]) / (2 * Z95)) ** 2 - ((r["model_diff"][1] - r["model_diff"][0]) / (2 * Z95)) ** 2
            for r in rows
        ))), 2) if rows else None,
        "model_seconds_mean": round(statistics.mean(r["model_seconds"] for r in rows), 3) if rows else None,
    }


def main() -> None:
    """Measure and print the table as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--model", type=int, default=400, help="the model's playouts per option")
    parser.add_argument("--brute", type=int, default=1000, help="brute force's whole-game playouts per option")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop measuring after this long (the table says how many)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rows", help="also write every decision's values to this JSON file")
    parser.add_argument("--from-rows", help="print the table of a rows file written before, measuring nothing")
    args = parser.parse_args()
    if args.from_rows:
        print(json.dumps(table(json.loads(Path(args.from_rows).read_text())), indent=2))
        return
    began = time.perf_counter()
    found = positions(args.games, args.seed, args.every)
    rows: list[dict[str, Any]] = []
    for lines, cut in found[: args.decisions]:
        if time.perf_counter() - began > 60 * args.minutes:
            break
        rows.append(measure(lines, cut, args.model, args.brute))
        print(f"{len(rows)} decisions, {time.perf_counter() - began:.0f} s", file=sys.stderr)
        if args.rows:
            Path(args.rows).write_text(json.dumps(rows))
    out = {
        "model": "flip7-w1", "model_playouts": args.model, "brute_playouts": args.brute, "games": args.games,
        "asked": args.decisions, "seconds": round(time.perf_counter() - began), **table(rows),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
