"""bench/published_figures.py: the published round values that advise reproduces exactly in time."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_fast_published_figures_are_reproduced_exactly_in_time(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("published_figures", ROOT / "bench" / "published_figures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows = module.main(["--fast"])
    assert json.loads(capsys.readouterr().out) == rows
    assert [row["published"] for row in rows] == [18.5652176141, 20.2291054307, 22.2504034143]
    for row in rows:
        assert row["method"] == "exact" and abs(row["difference"]) < 1e-6
        assert row["seconds"] < 1.0  # advise's path, first call included
