"""How far the look-ahead is from the exact round value, on the decisions of simulated games.

    .venv/bin/python bench/look_ahead_error.py [--games 6] [--players 4] [--ruleset flip7|vengeance]

Every hit-or-stay decision of the simulated games that the card model values (Vengeance: piles
without Steal, Swap or Discard) is valued within `flip7 advise`'s budget and `flip7 analyze`'s,
and exactly (with no budget; a position whose exact search needs more than ``LIMIT`` states is
counted as skipped). Prints, per budget: decisions, how many were exact, how many look-ahead, and
the error of the look-ahead's hit value against the exact one (largest below, largest above), as
JSON. The bound docs/analysis.md and the look-ahead's label state is the largest error measured.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.evaluate import BUDGET, solve  # noqa: E402
from adjudicator.analysis.models import Unmodelled, card_model  # noqa: E402
from adjudicator.analysis.observe import decision_at  # noqa: E402
from adjudicator.analysis.solver import Search, SoloModel, TooLarge  # noqa: E402
from adjudicator.events import Event  # noqa: E402
from adjudicator.replay import replay_log  # noqa: E402
from adjudicator.simulate.play import GameOptions, simulate  # noqa: E402
from adjudicator.state import GameState  # noqa: E402
from cli.analysis import ANALYZE_BUDGET  # noqa: E402

#: States (or layered cells) an exact value may take here.
LIMIT = 3_000_000


@dataclass
class Collect:
    """A replay observer that keeps the card model's start at every hit-or-stay decision."""

    starts: list[tuple[SoloModel, Hashable]] = field(default_factory=list)

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Keep the start of a turn decision the model values."""
        exp = decision_at(state)
        if exp is None or exp.seat is None or exp.kind == "target":
            return
        model = card_model(state.rules)
        if model is None:
            return
        try:
            self.starts.append(model.start_of(state, exp.seat))
        except Unmodelled:
            return

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Nothing to do after an event."""

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Any) -> None:
        """Nothing to report."""


def exact_hit(model: SoloModel, start: Hashable) -> tuple[float | None, bool] | None:
    """The exact hit value (and whether it is exact: a pile that runs out is not), or None when
    it needs more than ``LIMIT`` states."""
    faster = getattr(model, "exact_options", None)
    if faster is not None:
        got = faster(start, LIMIT)
        if got is not None:
            return got[1], True
    search = Search(model, limit=LIMIT)
    try:
        hit = search.options(start)[1]
    except TooLarge:
        return None
    return hit, search.exact


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Measure and print the table as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--ruleset", default="flip7")
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args(argv)
    starts: list[tuple[SoloModel, Hashable]] = []
    for game in simulate(args.games, args.players, seed=args.seed, options=GameOptions(ruleset=args.ruleset, target=200)):
        observer = Collect()
        replay_log(game.text().splitlines(), observer=observer)
        starts += observer.starts
    out: dict[str, Any] = {"ruleset": args.ruleset, "games": args.games, "players": args.players, "decisions": len(starts)}
    truth: list[tuple[float | None, bool] | None] = [exact_hit(model, start) for model, start in starts]
    out["skipped"] = sum(t is None or not t[1] for t in truth)
    for label, budget in (("advise", BUDGET), ("analyze", ANALYZE_BUDGET)):
        below = above = 0.0
        exact = ahead = 0
        for (model, start), known in zip(starts, truth, strict=True):
            got = solve(model, start, budget)
            if got.method == "exact":
                exact += 1
                continue
            ahead += 1
            if known is None or not known[1] or known[0] is None or got.hit is None:
                continue
            error = got.hit - known[0]
            below, above = min(below, error), max(above, error)
        out[label] = {"budget": budget, "exact": exact, "look_ahead": ahead, "largest_below": round(-below, 3), "largest_above": round(above, 3)}
    print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main()
