"""bench/published_figures.py --fast: each published figure beside flip7's, round values and game level."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]


def test_the_fast_published_figures_are_reproduced(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("published_figures", ROOT / "bench" / "published_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows = module.main(["--fast"])
    assert json.loads(capsys.readouterr().out) == rows
    rounds = [row for row in rows if "tolerance" not in row]
    # the three round values advise finds exactly, the Second Chance one included, in time
    assert [row["published"] for row in rounds] == [18.5652176141, 20.2291054307, 22.2504034143]
    for row in rounds:
        assert row["method"] == "exact" and abs(row["difference"]) < 1e-6
        assert row["seconds"] < 1.0  # advise's path, first call included
    games = [row for row in rows if "tolerance" in row]
    assert {row["published"] for row in games} >= {11.5134, 0.5, 1 / 3}
    for row in games:
        assert row["within"] and abs(row["flip7"] - row["published"]) <= row["tolerance"]
