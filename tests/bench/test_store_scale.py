"""bench/store_scale.py runs on a tiny corpus: simulated, ingested, replicated in SQL, measured (no timing asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.store import Store
from adjudicator.store.stats import STATISTICS
from tests.bench.test_bench_scripts import load


def test_a_tiny_store_is_built_replicated_and_measured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load("store_scale")
    store = tmp_path / "scale.duckdb"
    verdicts = bench.main(["--games", "25", "--real", "10", "--repeat", "1", "--store", str(store), "--logs", str(tmp_path / "logs"), "--json"])
    captured = capsys.readouterr()
    figures = json.loads(captured.out)
    assert "simulate: 10/10 games" in captured.err and "replicate: 25/25 games" in captured.err  # progress lines
    assert figures["ingest"]["games"] == 10 and figures["ingest"]["bytes_per_game"] > 0
    assert figures["replicate"]["games"] == 25 == figures["measure"]["rows"]["games"]
    assert set(figures["measure"]["statistics"]) == {s.name for s in STATISTICS}
    assert figures["measure"]["statistics"]["overview"]["rows"] == 1
    pages = figures["measure"]["pages"]
    assert pages["first"]["games"] == 25 and pages["first"]["last_page"]  # 25 games fit one page of 50
    assert len(verdicts) == len(STATISTICS) + len(pages)
    with Store.open(store, read_only=True) as built:
        ids = built.game_ids()
        (overview,) = built.stats(names=["overview"])
    assert len(ids) == len(set(ids)) == 25 and sum("~" in i for i in ids) == 15  # copies have ids of their own
    assert overview.rows[0][0] == 25
    # a second run measures the kept store without building it again
    again = bench.main(["--games", "25", "--repeat", "1", "--store", str(store), "--quiet"])
    assert "| rows | 25 games" in capsys.readouterr().out and len(again) == len(verdicts)
