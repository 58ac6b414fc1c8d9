"""The published round values of an exact solver beside flip7's, as JSON.

    .venv/bin/python bench/published_figures.py            # every figure, as `flip7 advise` finds it
    .venv/bin/python bench/published_figures.py --fast     # only those advise values exactly in time
    .venv/bin/python bench/published_figures.py --exact    # also solved with no budget (about 30 s more)

The figures are the best expected round score of one player drawing from a full deck with an empty
row, from the C++ solver Eppie/flip-seven (its tests: tests/test_ch1.cpp, tests/test_ch1b.cpp,
tests/test_all_cards.cpp). Its assumptions are flip7's round value's: the player draws alone,
without replacement. Each figure is a position (a `position` line whose `discards` hold the cards
the figure leaves out) valued by `flip7 advise`'s own path (``observe.advise``) in this process,
first call included; with ``--exact`` the same start is also solved with no state budget. The
figure with every card has Freeze and Flip Three taken by the drawer (nobody else in): flip7 values
that start with the card model directly, by the search within advise's budget.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.analysis.evaluate import BUDGET, solve  # noqa: E402
from adjudicator.analysis.observe import advise  # noqa: E402
from adjudicator.rulesets.base.analysis import solo_start  # noqa: E402
from adjudicator.rulesets.base.cards import deck_counts  # noqa: E402

MODIFIERS = ["+2", "+4", "+6", "+8", "+10", "x2"]
ACTIONS = ["freeze"] * 3 + ["flip_three"] * 3
CHANCES = ["second_chance"] * 3

#: name, published figure, where it is published, the cards left out, fast (advise values it exactly in time).
FIGURES: list[tuple[str, float, str, list[str], bool]] = [
    ("numbers only (79 cards)", 18.5652176141, "tests/test_ch1.cpp kOptExpected", MODIFIERS + ACTIONS + CHANCES, True),
    ("numbers and modifiers (85 cards)", 20.2291054307, "tests/test_ch1b.cpp kOptMod", ACTIONS + CHANCES, True),
    ("numbers, modifiers and Second Chance (88 cards)", 22.2504034143, "tests/test_ch1b.cpp kOptFull", ACTIONS, True),
]
#: The figure with every card: Freeze and Flip Three self-targeted (the drawer alone).
EVERY_CARD = ("every card, Freeze and Flip Three self-targeted (94 cards)", 20.2980220287, "tests/test_all_cards.cpp kOptAll")
SOURCE = "https://github.com/Eppie/flip-seven"


def position(left_out: list[str]) -> str:
    """A log that stops at the first decision of a round: three players, empty rows, ``left_out``
    in the discard pile (so the draw pile is the rest of the deck)."""
    game = {"type": "game", "id": "published", "players": ["Ada", "Ben", "Cy"], "dealer": "Ada"}
    start = {"type": "position", "round": 1, "dealer": "Ada", "players": {"Ada": {"row": []}, "Ben": {"row": []}, "Cy": {"row": []}},
             "turn": "Ben", "discards": left_out}
    return "\n".join(json.dumps(line) for line in (game, start)) + "\n"


def figure(name: str, published: float, where: str, left_out: list[str], exact: bool) -> dict[str, Any]:
    """One figure: flip7's value by advise (timed), and with ``exact`` also with no budget."""
    began = time.process_time()
    got = advise(position(left_out), BUDGET)
    seconds = time.process_time() - began
    assert got.turn is not None
    solved = got.turn.solved
    row: dict[str, Any] = {
        "figure": name, "published": published, "where": f"{SOURCE} {where}",
        "flip7": solved.hit, "method": solved.method, "horizon": solved.horizon,
        "difference": None if solved.hit is None else solved.hit - published, "seconds": round(seconds, 3),
    }
    if exact:
        pile = deck_counts()
        for card in left_out:
            pile[card] -= 1
        model, start = solo_start([], [], False, pile, alone=False)
        began = time.process_time()
        cells = model.exact_options(start, 10**9)
        assert cells is not None
        row |= {"exact": cells[1], "exact_difference": (cells[1] or 0.0) - published, "exact_cells": cells[2],
                "exact_seconds": round(time.process_time() - began, 3)}
    return row


def every_card() -> dict[str, Any]:
    """The stretch figure: the drawer alone takes every Freeze and Flip Three (within advise's budget)."""
    name, published, where = EVERY_CARD
    model, start = solo_start([], [], False, deck_counts(), alone=True)
    began = time.process_time()
    solved = solve(model, start, BUDGET)
    return {
        "figure": name, "published": published, "where": f"{SOURCE} {where}", "flip7": solved.hit,
        "method": solved.method, "horizon": solved.horizon,
        "difference": None if solved.hit is None else solved.hit - published,
        "seconds": round(time.process_time() - began, 3),
    }


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    """Print the figures as a JSON list (and return them)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fast", action="store_true", help="only the figures advise values exactly within its budget")
    parser.add_argument("--exact", action="store_true", help="also solve each start with no budget")
    args = parser.parse_args(argv)
    rows = [figure(name, published, where, left_out, args.exact)
            for name, published, where, left_out, fast in FIGURES if fast or not args.fast]
    if not args.fast:
        rows.append(every_card())
    print(json.dumps(rows, indent=2))
    return rows


if __name__ == "__main__":
    main()
