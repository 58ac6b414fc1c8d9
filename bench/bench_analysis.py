"""Speed and accuracy of the decision analysis (`flip7 advise`, `flip7 analyze`).

    .venv/bin/python bench/bench_analysis.py

1. `flip7 advise` on one mid-round position as a fresh process (start-up and first call
   included): wall and CPU seconds (CPU of the child from ``wait4``).
2. `flip7 analyze` of a simulated five-player base game played to 100 points (about 100
   decisions; fixed seed) in process: decisions, CPU seconds, seconds per decision.
3. The look-ahead's error: for a few positions too large for the budget, the value found within
   the advise and analyze budgets against the exact value (searched without a budget).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.evaluate import BUDGET, solve  # noqa: E402
from adjudicator.analysis.observe import analyze  # noqa: E402
from adjudicator.analysis.solver import Search  # noqa: E402
from adjudicator.rulesets.base.analysis import solo_start  # noqa: E402
from adjudicator.rulesets.base.cards import deck_counts  # noqa: E402
from adjudicator.simulate.play import GameOptions, simulate  # noqa: E402
from cli.analysis import ANALYZE_BUDGET  # noqa: E402

POSITION = ROOT / "fixtures" / "analysis" / "mid-round.jsonl"
#: Rows (numbers, modifiers) checked against the exact value; the pile is the rest of one deck.
ROWS = [(["5", "9", "11"], []), (["3", "10"], ["+4"]), (["2", "6", "8", "12"], ["x2"]), (["4", "7", "9", "10", "12"], [])]


def advise_once() -> tuple[float, float]:
    """Wall and CPU seconds of one `flip7 advise` process."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "advise", str(POSITION)], cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main() -> None:
    """Print the three measurements as Markdown."""
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    runs = [advise_once() for _ in range(3)]
    print(f"advise, one position (fresh process): best wall {min(r[0] for r in runs):.2f} s, best CPU {min(r[1] for r in runs):.2f} s")
    game = next(iter(simulate(1, 5, seed=7, options=GameOptions(target=100))))
    cpu = time.process_time()
    result = analyze(game.text(), budget=ANALYZE_BUDGET)
    cpu = time.process_time() - cpu
    n = len(result.decisions)
    exact = sum(d.method == "exact" for d in result.decisions)
    print(f"analyze, five-player game ({n} decisions, {exact} exact): {cpu:.2f} s CPU, {1000 * cpu / n:.0f} ms per decision")
    print("\n| row | exact hit | advise budget | error | analyze budget | error |")
    print("| --- | --- | --- | --- | --- | --- |")
    for numbers, modifiers in ROWS:
        pile = deck_counts()
        for card in (*numbers, *modifiers):
            pile[card] -= 1
        model, start = solo_start(numbers, modifiers, False, pile, alone=False)
        true = Search(model, limit=1 << 62).options(start)[1] or 0.0
        wide, narrow = solve(model, start, BUDGET), solve(model, start, ANALYZE_BUDGET)
        cells = [f"{(s.hit or 0):.4f} ({s.method}{'' if s.horizon is None else f', {s.horizon} cards'}) | {true - (s.hit or 0):.4f}" for s in (wide, narrow)]
        print(f"| {' '.join(numbers + modifiers)} | {true:.4f} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
