"""The exact round solver's two paths on the same starts: pure Python and vectorised (numpy).

    .venv/bin/python bench/solver_speed.py            # the published starts, both paths
    .venv/bin/python bench/solver_speed.py --no-pure  # the vectorised path only (seconds)

Each start is a full pile less the cards a published figure leaves out (Eppie/flip-seven, as in
bench/published_figures.py), with an empty row, valued by ``solve_layered`` with no budget: the
pure path (``_layered``, every cell named) and the vectorised one (``vector_solver``, the copies
Second Chances cancelled counted). CPU seconds of this process, first call included; the value,
the cells each path took, and the ratio of the times measured in this one run.
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

from adjudicator.rulesets.base.analysis import solve_layered  # noqa: E402

NUMBERS = [max(n, 1) for n in range(13)]
MODIFIERS = [(1, n, 1) for n in (2, 4, 6, 8, 10)] + [(2, 2, 1)]
#: name, published figure, Second Chances in the pile, modifiers in the pile.
STARTS: list[tuple[str, float, int, list[tuple[int, int, int]]]] = [
    ("numbers only (79 cards)", 18.5652176141, 0, []),
    ("numbers and modifiers (85 cards)", 20.2291054307, 0, MODIFIERS),
    ("numbers, modifiers and Second Chance (88 cards)", 22.2504034143, 3, MODIFIERS),
]


def timed(chances: int, modifiers: list[tuple[int, int, int]], pure: bool) -> dict[str, Any]:
    """One path on one start: value, cells, CPU seconds."""
    began = time.process_time()
    got = solve_layered(0, 0, 0, 0, NUMBERS, chances, modifiers, 15, 10**9, pure=pure)
    seconds = time.process_time() - began
    assert got is not None
    return {"value": got[0], "cells": got[1], "seconds": round(seconds, 3)}


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    """Print one JSON row per start (and return them)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-pure", action="store_true", help="skip the pure path (half a minute on the Second Chance start)")
    args = parser.parse_args(argv)
    rows = []
    for name, published, chances, modifiers in STARTS:
        row: dict[str, Any] = {"start": name, "published": published, "vectorised": timed(chances, modifiers, False)}
        if not args.no_pure:
            row["pure"] = timed(chances, modifiers, True)
            row["same_value"] = abs(row["pure"]["value"] - row["vectorised"]["value"]) < 1e-9
            row["ratio"] = round(row["pure"]["seconds"] / max(row["vectorised"]["seconds"], 1e-3), 1)
        rows.append(row)
    print(json.dumps(rows, indent=2))
    return rows


if __name__ == "__main__":
    main()
