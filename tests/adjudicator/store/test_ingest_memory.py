"""Ingest's memory cap is a starting point: a statement that runs out of memory runs again with a
higher one, and a COMMIT that runs out ends the run without damaging the store.

The caps here are tiny on purpose: DuckDB runs out of memory at once, as a store of many games did
at the shipped 48 MB after thousands of games (docs/performance.md, round five).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adjudicator.store import LogInput, Outcome, Store
from adjudicator.store import ingest as ingest_module
from adjudicator.store.ingest import WRITER_LIMITS, CommitOutOfMemory, memory_limit_bytes, raise_memory_limit
from tests.adjudicator.helpers import simulated_logs

from .conftest import FIXTURES, assert_store_whole

IDS = [f"mem-{k:03d}" for k in range(120)]
#: A cap under which the first look-up into a store of 100 games runs out of memory.
TINY = "2MB"


@pytest.fixture(scope="module")
def logs() -> list[bytes]:
    return [text.encode() for text in simulated_logs(IDS, seed=5)]


@pytest.fixture(scope="module")
def stored_100(tmp_path_factory: pytest.TempPathFactory, logs: list[bytes]) -> Path:
    """A store holding the first 100 games, written with the shipped settings."""
    path = tmp_path_factory.mktemp("mem") / "s.duckdb"
    with Store.open(path, limits=WRITER_LIMITS) as store:
        summary = store.ingest_many([LogInput.from_bytes(f"a{k}", data) for k, data in enumerate(logs[:100])])
    assert summary.ingested == 100
    return path


def test_a_second_call_that_runs_out_of_memory_raises_the_cap_and_stores_every_game_once(
    tmp_path: Path, stored_100: Path, logs: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Into a store of 100 games at a 2 MB cap: the look-ups run out of memory, the cap is doubled
    until they fit, and every game is reported and stored exactly once."""
    path = tmp_path / "s.duckdb"
    shutil.copy(stored_100, path)
    raised: list[int] = []
    real = ingest_module.raise_memory_limit

    def spy(con):  # type: ignore[no-untyped-def]
        done = real(con)
        raised.append(memory_limit_bytes(con))
        return done

    monkeypatch.setattr(ingest_module, "raise_memory_limit", spy)
    outcomes: list[Outcome] = []
    with Store.open(path, limits={**WRITER_LIMITS, "memory_limit": TINY}) as store:
        summary = store.ingest_many(
            [LogInput.from_bytes(f"b{k}", data) for k, data in enumerate(logs)], batch_size=25, on_result=lambda r, _: outcomes.append(r.outcome)
        )
        assert raised and raised == sorted(raised) and raised[0] > 2 * 2**20 * 0.9  # it ran out, and each raise doubled
        assert (summary.ingested, summary.unchanged, summary.failed, summary.total) == (20, 100, 0, 120)
        assert outcomes == [Outcome.UNCHANGED] * 100 + [Outcome.INGESTED] * 20
        assert assert_store_whole(store) == 120
        assert store.query("SELECT count(*), count(DISTINCT game) FROM logs").rows == [(120, 120)]


def test_a_commit_that_runs_out_of_memory_ends_the_run_and_leaves_the_file_clean(tmp_path: Path) -> None:
    """The fixture games' first COMMIT into a new store runs out of memory at 2 MB. DuckDB then
    keeps the keys of its rows in the primary-key index: the run stops (nothing more is written)
    and the file, once closed, takes the same games again."""
    path = tmp_path / "s.duckdb"
    with Store.open(path, limits=WRITER_LIMITS):
        pass
    inputs = [LogInput.from_path(p) for p in FIXTURES]
    with Store.open(path, limits={**WRITER_LIMITS, "memory_limit": TINY}) as store, pytest.raises(CommitOutOfMemory, match="ran out of memory"):
        store.ingest_many(inputs)
    with Store.open(path, limits=WRITER_LIMITS) as store:
        assert store.query("SELECT count(*) FROM games").rows == [(0,)]
        assert store.ingest_many(inputs).ingested == 4
        assert assert_store_whole(store) == 4


def test_the_cap_stops_at_duckdbs_default_and_a_locked_connection_keeps_its_own(tmp_path: Path) -> None:
    """Doubling stops at DuckDB's own default; without ``ADJUSTABLE_MEMORY`` the cap is fixed."""
    with Store.open(tmp_path / "a.duckdb", limits=WRITER_LIMITS) as store:
        con = store._con
        con.execute("RESET memory_limit")
        default = memory_limit_bytes(con)
        con.execute(f"SET memory_limit = '{default * 5 // 8}B'")
        assert raise_memory_limit(con) and memory_limit_bytes(con) == default
        assert not raise_memory_limit(con) and memory_limit_bytes(con) == default
    locked = {k: v for k, v in WRITER_LIMITS.items() if k != ingest_module.ADJUSTABLE_MEMORY}
    with Store.open(tmp_path / "b.duckdb", limits=locked) as store:
        before = memory_limit_bytes(store._con)
        assert not raise_memory_limit(store._con) and memory_limit_bytes(store._con) == before
