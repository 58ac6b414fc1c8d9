"""Issue 23, item 11: a query's memory and time are bounded inside the query, not afterwards.

Before the fix the byte cap was measured on the Python objects of a row (a list of millions of
numbers became Python first), DuckDB took all the memory and threads it liked, and the timer
interrupted DuckDB only. Each test below failed then.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from adjudicator.store import QueryTimeout, Store
from adjudicator.store import query as query_module
from adjudicator.store.errors import QueryTooLarge

#: One row holding a list of two million numbers: 16 MB as DuckDB holds it, ~70 MB as Python.
BIG_ROW = "SELECT list(i) AS l FROM range(2000000) t(i)"


def test_a_big_row_is_refused_before_it_becomes_python(tmp_path: Path) -> None:
    """The first row over the byte cap is refused from its Arrow size: Python never holds it."""
    with Store.open(tmp_path / "s.duckdb") as store:
        tracemalloc.start()
        try:
            with pytest.raises(QueryTooLarge) as caught:
                store.query(BIG_ROW, max_bytes=1_000_000, hide_server=True)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert caught.value.limit == 1_000_000
    assert peak < 5_000_000, f"Python allocated {peak:,} bytes for a refused row"


def test_rows_are_cut_at_the_byte_cap_from_their_arrow_size(tmp_path: Path) -> None:
    """Many rows: cut where their Arrow data passes the cap, the rows before kept exactly."""
    with Store.open(tmp_path / "s.duckdb") as store:
        result = store.query("SELECT i, repeat('x', 1000) AS s FROM range(100000) t(i)", max_bytes=200_000, max_rows=100_000)
    assert result.truncated_by == "bytes"
    assert 0 < len(result.rows) < 200
    assert [row[0] for row in result.rows] == list(range(len(result.rows)))


def test_memory_limit_of_the_instance_stops_the_query(tmp_path: Path) -> None:
    """A store opened with a ``memory_limit`` answers a query that needs more with QueryTooLarge."""
    with Store.open(tmp_path / "s.duckdb", limits={"memory_limit": "64MB", "threads": 1}) as store:
        with pytest.raises(QueryTooLarge, match="memory_limit"):
            store.query("SELECT list(i) FROM range(30000000) t(i)")
        assert store.query("SELECT current_setting('threads') AS t").rows == [(1,)]
        assert store.query("SELECT 1 + 1 AS two").rows == [(2,)]  # the store still answers


def test_only_resource_settings_are_accepted_as_limits(tmp_path: Path) -> None:
    """``limits`` cannot unlock the configuration (only memory, threads and checkpoint settings)."""
    with pytest.raises(ValueError, match="enable_external_access"):
        Store.open(tmp_path / "s.duckdb", limits={"enable_external_access": "true"})


def test_the_clock_runs_on_the_python_side_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Time spent turning rows into Python counts against the limit (the clock is read between
    batches), not only time inside DuckDB."""
    ticks = iter(range(0, 10_000, 5))  # every reading of the clock: 5 s later
    monkeypatch.setattr(query_module.time, "monotonic", lambda: float(next(ticks)))
    with Store.open(tmp_path / "s.duckdb") as store:
        with pytest.raises(QueryTimeout, match="longer than 8 s"):
            store.query("SELECT i FROM range(5000) t(i)", timeout=8.0)


def test_values_are_those_duckdb_gives_python(tmp_path: Path) -> None:
    """Rows now come through Arrow: every kind of value is still what ``fetchall`` gave."""
    sql = (
        "SELECT 1::HUGEINT AS h, 3.5::DECIMAL(10, 2) AS d, INTERVAL 2 DAY AS iv, DATE '2026-11-29' AS dt, "
        "{'a': [1, 2]} AS s, MAP {'k': 2} AS m, '101'::BIT AS b, 'x'::ENUM('x', 'y') AS e, NULL AS n"
    )
    with Store.open(tmp_path / "s.duckdb") as store:
        expected = store._con.execute(sql).fetchall()  # what DuckDB hands Python directly
        result = store.query(sql, max_bytes=1_000_000)
    assert result.rows == expected
    assert result.rows[0][6] == "101"


# Issue 28, item 16: what DuckDB does not govern (strings it builds, the result handed over) grew a
# query to gigabytes and past its time; ``flip7 query`` now runs it apart, under a hard limit.

#: The probe's query: a string doubled forty times (a terabyte), here stopped by the limits.
DOUBLING = "with recursive r(i, s) as (select 1, 'x' union all select i+1, s || s from r where i < 40) select max(length(s)) from r"


@pytest.fixture
def read_only_store(tmp_path: Path) -> Path:
    path = tmp_path / "s.duckdb"
    Store.open(path).close()
    return path


def test_a_query_apart_answers_as_the_query_here(read_only_store: Path) -> None:
    with Store.open(read_only_store, read_only=True) as store:
        sql = "SELECT i, i * 2 AS twice, 'x' || i AS s FROM range(5) t(i)"
        assert store.query(sql, apart=True) == store.query(sql)
        with pytest.raises(query_module.QueryRefused):
            store.query("INSERT INTO meta VALUES ('a', 'b')", apart=True)


def test_a_string_doubled_forty_times_stops_at_the_hard_limit(read_only_store: Path) -> None:
    """The probe drove the server to 7.1 GB; apart, with 256 MiB, it ends as QueryTooLarge and the
    child process never held much more than that."""
    import resource
    import time

    most = 256 * 1024**2 + 400 * 1024**2  # the limit, and the start-up of a Python with DuckDB
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # the peak of any child so far
    started = time.monotonic()
    with pytest.raises(QueryTooLarge, match="0.25 GiB a query may use"):
        query_module.run_query_apart(str(read_only_store), DOUBLING, timeout=20, memory=256 * 1024**2)
    assert time.monotonic() - started < 20
    if before < most:  # else an earlier child of this test process was bigger: nothing to read here
        assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 < most


def test_a_list_of_millions_is_refused_by_its_size_not_converted(read_only_store: Path) -> None:
    """``flip7 query --timeout 5 "select list(i) from range(20000000) t(i)"`` ran 150 s and took
    2.7 GB; scaled to two million, apart with a 1 MB result cap, it is refused at once."""
    with Store.open(read_only_store, read_only=True) as store, pytest.raises(QueryTooLarge, match="first row"):
        store.query(BIG_ROW, apart=True, max_bytes=1_000_000)


def test_a_query_apart_that_does_not_answer_in_time_is_killed(read_only_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No grace for the child to start: it cannot fork, open the store and answer within a tenth of
    a millisecond (a forked child answers SELECT 1 within 0.1 s on an idle machine), and is killed."""
    monkeypatch.setattr(query_module, "APART_START", 0.0)
    with pytest.raises(QueryTimeout, match="0.0001 s"):
        query_module.run_query_apart(str(read_only_store), "SELECT 1", timeout=0.0001)
