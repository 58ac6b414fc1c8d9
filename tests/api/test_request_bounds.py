"""Issue 23, items 11–14: the requests that held the server are bounded, each with a clear problem.

Every test failed before its fix (see the item named in its docstring).
"""

from __future__ import annotations

from pathlib import Path

from syrupy.assertion import SnapshotAssertion

from api import Settings, create_app
from tests.api.conftest import FIXED_NOW, TestClient, exchange


def test_a_huge_row_is_413_before_it_becomes_python(client: TestClient, snapshot_json: SnapshotAssertion) -> None:
    """Item 11: the probe's query (one row, a list of ten million numbers) is refused from its size
    inside DuckDB's result, with the cap in the problem."""
    response = client.post("/v1/query", json={"sql": "select list(i) from range(10000000) t(i)"})
    assert response.status_code == 413, response.text
    assert response.json()["type"] == "urn:flip7:problem:query-result-too-large"
    assert exchange(response) == snapshot_json


def test_the_servers_duckdb_has_its_memory_and_threads(tmp_path: Path) -> None:
    """Item 11: the store the app opens has the settings' memory_limit and threads; a query that
    needs more memory is a 413, and the server answers the next one."""
    settings = Settings(db_path=tmp_path / "m.duckdb", now=lambda: FIXED_NOW, duckdb_memory="64MB", duckdb_threads=1)
    with TestClient(create_app(settings)) as client:
        response = client.post("/v1/query", json={"sql": "SELECT list(i) FROM range(30000000) t(i)"})
        assert response.status_code == 413, response.text
        assert "memory_limit" in response.json()["detail"]
        after = client.post("/v1/query", json={"sql": "SELECT 40 + 2 AS answer"})
    assert after.status_code == 200
    assert after.json()["rows"] == [[42]]
