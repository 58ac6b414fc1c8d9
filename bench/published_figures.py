"""The published figures of an exact solver beside flip7's, as JSON: round values and game level.

    .venv/bin/python bench/published_figures.py            # every figure (about a minute)
    .venv/bin/python bench/published_figures.py --fast     # the fast ones (a few seconds)
    .venv/bin/python bench/published_figures.py --exact    # also each round start with no budget
    .venv/bin/python bench/published_figures.py --every-card  # also the 94-card figure solved (40 s, 2 GB)

The figures are the best expected round score of one player drawing from a full deck with an empty
row, from the C++ solver Eppie/flip-seven (its tests: tests/test_ch1.cpp, tests/test_ch1b.cpp,
tests/test_all_cards.cpp). Its assumptions are flip7's round value's: the player draws alone,
without replacement. Each figure is a position (a `position` line whose `discards` hold the cards
the figure leaves out) valued by `flip7 advise`'s own path (``observe.advise``) in this process,
first call included; with ``--exact`` the same start is also solved with no state budget. The
figure with every card has Freeze and Flip Three taken by the drawer (nobody else in): flip7 values
that start with the card model directly, by the search within advise's budget.

The game-level figures are those of its chapter 4 (tests/test_ch4.cpp and its README), under its
assumptions, which are not the rules': a fresh deck every round (rounds independent), the highest
total at or above 200 wins, a tie split in half, the number cards alone, two or three players
(``adjudicator.rulesets.base.game_level``). Each row gives the tolerance the published figure is
stated to (its test's, or the rounding of its README).
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
from adjudicator.rulesets.base.analysis import _modifier_table, solo_start  # noqa: E402
from adjudicator.rulesets.base.cards import deck_counts  # noqa: E402
from adjudicator.rulesets.base.game_level import (  # noqa: E402
    RoundTable,
    best_response_grid,
    expected_rounds,
    greedy_grid,
    round_distribution,
    win_reward,
)
from adjudicator.rulesets.base.vector_alone import alone_hit  # noqa: E402

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


def every_card_solved() -> dict[str, Any]:
    """The stretch figure solved with no budget under the published model (``stacked``: a Freeze
    drawn during a Flip Three waits until every stacked Flip Three's cards are drawn), which the
    rules do not follow (set-aside cards in the order they came): the published number checks the
    solver, not the rules' value."""
    name, published, where = EVERY_CARD
    counts = [max(n, 1) for n in range(13)]
    modifiers = [(1, n, 1) for n in (2, 4, 6, 8, 10)] + [(2, 2, 1)]
    began = time.process_time()
    got = alone_hit(0, *_modifier_table(0, 0, modifiers), 0, counts, 3, 3, 3, 15, 10**9, stacked=True)
    assert got is not None
    return {"figure": f"{name}, the published model, no budget", "published": published, "where": f"{SOURCE} {where}",
            "flip7": got[0], "method": "exact", "cells": got[1], "difference": got[0] - published,
            "seconds": round(time.process_time() - began, 3)}


def game_row(name: str, published: float, where: str, got: float, tolerance: float, began: float, **more: Any) -> dict[str, Any]:
    """One game-level figure: flip7's value, the difference, the published tolerance, the time."""
    return {"figure": name, "published": published, "where": f"{SOURCE} {where}", "flip7": got,
            "difference": got - published, "tolerance": tolerance, "within": abs(got - published) <= tolerance,
            "seconds": round(time.process_time() - began, 3), **more}


def game_level(fast: bool) -> list[dict[str, Any]]:
    """The chapter 4 figures: the round score's distribution, rounds to 200 alone, the win grids
    of two and three players playing for round points, and (not ``fast``) the best response."""
    rows = []
    began = time.process_time()
    table = RoundTable.of()
    pmf = round_distribution(table)
    rows.append(game_row("round score: chance of a bust, numbers only, round-value play", 0.3134964608,
                         "tests/test_ch1.cpp kPBustExpected", float(pmf[0]), 1e-6, began))
    began = time.process_time()
    rows.append(game_row("expected rounds to 200 playing alone, numbers only", 11.5134,
                         "tests/test_ch4.cpp expected_rounds_to_target", expected_rounds(pmf, 200), 1e-3, began))
    began = time.process_time()
    two = greedy_grid([pmf, pmf], 200)
    rows.append(game_row("two players, both round-value: win chance at 0-0", 0.5, "tests/test_ch4.cpp W(0,0)",
                         float(two[0, 0]), 1e-9, began))
    for cell, published, said in (((18, 0), 0.63, "early"), ((180, 162), 0.82, "near the finish")):
        rows.append(game_row(f"two players: an 18-point lead {said} ({cell[0]} against {cell[1]})", published,
                             "README chapter 4 (rounded)", float(two[cell]), 0.005, began))
    began = time.process_time()
    three = greedy_grid([pmf, pmf, pmf], 60)
    rows.append(game_row("three players, round-value, first to 60: win chance at 0-0-0", 1 / 3,
                         "tests/test_ch4.cpp W3(0,0,0)", float(three[0, 0, 0]), 1e-9, began,
                         exchangeable=float(abs(three - three.transpose(0, 2, 1)).max())))
    if fast:
        return rows
    began = time.process_time()
    respond3 = best_response_grid(pmf, 40, 3, table)
    rows.append(game_row("three players, first to 40: playing to win against two round-value players beats 1/3",
                         1 / 3, "tests/test_ch4.cpp Wbr3[0] > Wg3[0] (a claim, not a figure)", float(respond3[0, 0, 0]), 1.0, began,
                         above=bool(respond3[0, 0, 0] > 1 / 3 + 1e-6)))
    began = time.process_time()
    respond = best_response_grid(pmf, 200, 2, table)
    rows.append(game_row("two players: playing to win against a round-value player, win chance at 0-0", 0.559345,
                         "tests/test_ch4.cpp W_br(0,0)", float(respond[0, 0]), 1e-4, began))
    # the README's push and safe table: the round the player who plays to win plays at 110
    for them, bust, mean in ((160, 0.567, 15.9), (135, 0.438, 17.9), (110, 0.341, 18.5), (85, 0.257, 18.4), (60, 0.211, 18.0)):
        began = time.process_time()
        played = round_distribution(table, win_reward(respond, [pmf], (110, them)))
        rows.append(game_row(f"playing to win at 110 against {them}: chance of a bust", bust, "README chapter 4 table",
                             float(played[0]), 0.0005, began))
        rows.append(game_row(f"playing to win at 110 against {them}: expected round score", mean, "README chapter 4 table",
                             float((played * range(len(played))).sum()), 0.05, began))
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    """Print the figures as a JSON list (and return them)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fast", action="store_true", help="only the fast figures (the round values advise finds exactly; the game level but the best responses)")
    parser.add_argument("--exact", action="store_true", help="also solve each round start with no budget")
    parser.add_argument("--every-card", action="store_true", help="also solve the 94-card figure under the published model (about 40 s and 2 GB)")
    args = parser.parse_args(argv)
    rows = [figure(name, published, where, left_out, args.exact)
            for name, published, where, left_out, fast in FIGURES if fast or not args.fast]
    if not args.fast:
        rows.append(every_card())
    if args.every_card:
        rows.append(every_card_solved())
    rows += game_level(args.fast)
    print(json.dumps(rows, indent=2))
    return rows


if __name__ == "__main__":
    main()
