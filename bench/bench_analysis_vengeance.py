"""Speed and accuracy of the decision analysis on With a Vengeance games (Monte Carlo).

    .venv/bin/python bench/bench_analysis_vengeance.py

1. `flip7 advise` on a Vengeance turn (a full pile: Monte Carlo, ``SAMPLES`` playouts per
   option) as a fresh process: wall and CPU seconds (CPU of the child from ``wait4``).
2. `flip7 analyze` of a simulated five-player Vengeance game to 100 points (fixed seed), in
   process, with ``ANALYZE_SAMPLES`` playouts per option: decisions, CPU seconds, per decision.
3. Monte Carlo against exact: positions whose pile holds no Steal, Swap or Discard (so the exact
   model applies), piles of 8 to 20 cards; for each, the exact hit value and the Monte Carlo
   estimate at both sample counts over several seeds: mean error, mean |error|, how often the 95%
   interval covers the exact value.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.evaluate import ANALYZE_SAMPLES, SAMPLES, sampled, solve  # noqa: E402
from adjudicator.analysis.observe import analyze  # noqa: E402
from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.rulesets.vengeance import analysis  # noqa: E402
from adjudicator.rulesets.vengeance.rules import deck_counts  # noqa: E402
from adjudicator.simulate.play import GameOptions, simulate  # noqa: E402
from cli.analysis import ANALYZE_BUDGET  # noqa: E402

LOG = ROOT / "logs" / "vengeance-4-players.jsonl"
NO_SAMPLING = frozenset({"steal", "swap", "discard"})


def advise_once(path: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one `flip7 advise` process."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "advise", str(path)], cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def position(rng: random.Random, size: int) -> list[str]:
    """A three-player Vengeance position: Ben to move on two numbers, the others stayed, a pile of
    ``size`` cards drawn at random from the rest (no Steal, Swap or Discard), the rest discarded."""
    deck = Counter(deck_counts())
    rows = {"Ana": ["9"], "Ben": rng.sample(["2", "4", "5", "8", "10", "11", "12"], 2), "Cem": ["11"]}
    for row in rows.values():
        deck.subtract(row)
    cards = [c for c in deck.elements() if c not in NO_SAMPLING]
    pile = Counter(rng.sample(cards, size))
    discards = deck - pile
    game = {"type": "game", "id": f"bench-{size}", "players": list(rows), "dealer": "Ana", "ruleset": "vengeance"}
    players = {"Ana": {"row": rows["Ana"], "out": "stayed"}, "Ben": {"row": rows["Ben"]}, "Cem": {"row": rows["Cem"], "out": "stayed"}}
    line = {"type": "position", "round": 1, "dealer": "Ana", "players": players, "turn": "Ben",
            "totals": dict.fromkeys(rows, 0), "discards": list(discards.elements())}
    return [json.dumps(game), json.dumps(line)]


def main() -> None:
    """Print the three measurements as Markdown."""
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    turn = Path("/tmp") / "bench-vengeance-turn.jsonl"
    turn.write_text("".join(LOG.read_text(encoding="utf-8").splitlines(keepends=True)[:7]), encoding="utf-8")
    runs = [advise_once(turn) for _ in range(3)]
    print(f"advise, Vengeance turn, {SAMPLES} playouts per option (fresh process): "
          f"best wall {min(r[0] for r in runs):.2f} s, best CPU {min(r[1] for r in runs):.2f} s")
    game = next(iter(simulate(1, 5, seed=7, options=GameOptions(ruleset="vengeance", target=100))))
    cpu = time.process_time()
    result = analyze(game.text(), budget=ANALYZE_BUDGET)
    cpu = time.process_time() - cpu
    n = len(result.decisions)
    methods = Counter(d.method for d in result.decisions)
    print(f"analyze, five-player Vengeance game ({n} decisions: {dict(methods)}): {cpu:.2f} s CPU, {1000 * cpu / n:.0f} ms per decision")
    print("\n| pile | positions × seeds | samples | mean error | mean abs error | 95% interval covers |")
    print("| --- | --- | --- | --- | --- | --- |")
    rng = random.Random(19)
    for size in (8, 12, 20):
        states = [replay_log(position(rng, size)).state for _ in range(4)]
        exact = []
        for state in states:
            model, start = analysis.start_of(state, 1)
            exact.append(solve(model, start, budget=3_000_000).hit or 0.0)
        for samples in (ANALYZE_SAMPLES, SAMPLES):
            errors, covered = [], 0
            for state, true in zip(states, exact, strict=True):
                for seed in range(5):
                    state.game = state.game.model_copy(update={"id": f"bench-{size}-{seed}"})  # type: ignore[union-attr]
                    got = sampled(analysis, state, 1, samples=samples)
                    low, high = got.intervals["hit"]  # type: ignore[index]
                    errors.append((got.hit or 0.0) - true)
                    covered += low <= true <= high
            mean = sum(errors) / len(errors)
            mae = sum(abs(e) for e in errors) / len(errors)
            print(f"| {size} | {len(states)} × 5 | {samples} | {mean:+.3f} | {mae:.3f} | {100 * covered / len(errors):.0f} % |")


if __name__ == "__main__":
    main()
