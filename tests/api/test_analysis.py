"""`GET /v1/stats` and `POST /v1/query`: the store's numbers, passed through; limits and refusals."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime

import pytest
from syrupy.assertion import SnapshotAssertion

from adjudicator.simulate.play import simulate
from adjudicator.store import STATISTICS, Store
from adjudicator.store.encode import to_json
from api import Settings, create_app
from tests.api.conftest import FIXED_NOW, NDJSON, exchange, kitchen

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def games() -> list[str]:
    return [g.text() for g in simulate(6, 4, seed=11)]


@pytest.fixture
def stocked(client, games):
    for text in games:
        assert client.post("/v1/games", content=text, headers=NDJSON).status_code == 201
    client.post("/v1/games", content=kitchen(), headers=NDJSON)
    return client


# --------------------------------------------------------------------------- GET /v1/stats


def test_stats_are_the_stores_statistics(settings: Settings, games, snapshot_json: SnapshotAssertion) -> None:
    with TestClient(create_app(settings)) as client:
        for text in games:
            client.post("/v1/games", content=text, headers=NDJSON)
        response = client.get("/v1/stats")
        player = client.get("/v1/stats", params={"player": "Ana"})
    assert response.status_code == 200
    body = response.json()
    assert [s["name"] for s in body["statistics"]] == [s.name for s in STATISTICS]
    with Store.open(settings.db_path, read_only=True) as store:  # the app is closed: nothing holds the file
        direct = [r.as_dict() for r in store.stats()]
        direct_ana = [r.as_dict() for r in store.stats(player="Ana")]
    assert body["statistics"] == to_json(direct)
    assert player.json()["statistics"] == to_json(direct_ana)
    overview = body["statistics"][0]["rows"][0]
    assert overview["games"] == 6
    assert exchange(response) == snapshot_json


def test_stats_only_some(stocked) -> None:
    body = stocked.get("/v1/stats", params=[("only", "players"), ("only", "overview")]).json()
    assert [s["name"] for s in body["statistics"]] == ["overview", "players"]  # always in their fixed order


def test_stats_since(stocked) -> None:
    def games_since(since: str) -> int:
        response = stocked.get("/v1/stats", params={"only": "overview", "since": since})
        assert response.status_code == 200, response.text
        return response.json()["statistics"][0]["rows"][0]["games"]

    assert games_since("2026-11-29") == 7
    assert games_since("2026-11-29T18:30:00Z") == 7
    assert games_since("2026-11-29t19:30:00+01:00") == 7
    assert games_since("2026-11-29T18:30:01") == 0  # no zone: UTC
    assert games_since("2026-11-30") == 0
    days = (datetime.now(UTC) - FIXED_NOW).days
    assert games_since(f"{days + 2}d") == 7


@pytest.mark.parametrize(
    ("query", "where"),
    [("only=nope", "query parameter 'only.0'"), ("since=yesterday", "query parameter 'since'"), ("since=0.5", "query parameter 'since'")],
)
def test_stats_bad_filters_are_422(client, snapshot_json: SnapshotAssertion, query: str, where: str) -> None:
    response = client.get(f"/v1/stats?{query}")
    assert response.status_code == 422
    assert response.json()["type"] == "urn:flip7:problem:invalid-request"
    assert response.json()["detail"].startswith(where)
    assert exchange(response) == snapshot_json


# --------------------------------------------------------------------------- POST /v1/query


def test_query_returns_columns_types_rows(stocked, snapshot_json: SnapshotAssertion) -> None:
    sql = "SELECT id, valid, n_events, ingested_at FROM games ORDER BY id LIMIT 3"
    response = stocked.post("/v1/query", json={"sql": sql})
    assert response.status_code == 200
    body = response.json()
    assert body["columns"] == ["id", "valid", "n_events", "ingested_at"]
    assert body["types"] == ["VARCHAR", "BOOLEAN", "INTEGER", "TIMESTAMP"]
    assert body["rows"][0] == ["kitchen-2026-11-29", True, 13, "2026-11-29T18:30:00Z"]
    assert body["truncated"] is False
    assert (body["max_rows"], body["timeout"]) == (10_000, 10.0)
    assert exchange(response) == snapshot_json


def test_query_row_limit(stocked) -> None:
    body = stocked.post("/v1/query", json={"sql": "SELECT * FROM range(50)", "max_rows": 5}).json()
    assert body["rows"] == [[0], [1], [2], [3], [4]]
    assert body["truncated"] is True


def test_query_limits_are_capped_by_the_server(settings: Settings) -> None:
    app = create_app(Settings(db_path=settings.db_path, query_max_rows=3, query_timeout=2.0))
    with TestClient(app) as client:
        body = client.post("/v1/query", json={"sql": "SELECT * FROM range(10)", "max_rows": 100, "timeout": 60}).json()
    assert len(body["rows"]) == 3 and body["truncated"] is True
    assert (body["max_rows"], body["timeout"]) == (3, 2.0)


def test_query_values_become_json(client) -> None:
    sql = (
        "SELECT 1.5::DECIMAL(4,2) AS d, 'nan'::DOUBLE AS n, DATE '2026-11-29' AS day, INTERVAL 90 SECOND AS i, "
        "'\\xFF'::BLOB AS b, 'ok'::BLOB AS t, [1, 2] AS l, {'a': 1} AS s, 12345678901234567890::HUGEINT AS h"
    )
    body = client.post("/v1/query", json={"sql": sql}).json()
    assert body["rows"] == [[1.5, "NaN", "2026-11-29", 90.0, "base64:/w==", "ok", [1, 2], {"a": 1}, 12345678901234567890]]


def test_query_time_limit(client, snapshot_json: SnapshotAssertion) -> None:
    slow = "SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range + b.range = -1"
    response = client.post("/v1/query", json={"sql": slow, "timeout": 0.2})
    assert response.status_code == 422
    assert response.json()["type"] == "urn:flip7:problem:query-timeout"
    assert exchange(response) == snapshot_json


@pytest.mark.parametrize(
    ("sql", "status", "slug"),
    [
        ("DELETE FROM games", 403, "query-refused"),
        ("SELECT 1; SELECT 2", 403, "query-refused"),
        ("ATTACH 'x.duckdb' AS x", 403, "query-refused"),
        ("SELECT * FROM read_csv('/etc/passwd')", 403, "query-refused"),
        ("SELECT nope FROM games", 400, "query-failed"),
        ("SELEKT 1", 400, "query-failed"),
    ],
    ids=["delete", "two-statements", "attach", "read-file", "unknown-column", "syntax"],
)
def test_query_refusals_and_failures(client, snapshot_json: SnapshotAssertion, sql: str, status: int, slug: str) -> None:
    response = client.post("/v1/query", json={"sql": sql})
    assert response.status_code == status, response.text
    assert response.json()["type"] == f"urn:flip7:problem:{slug}"
    assert exchange(response) == snapshot_json


@pytest.mark.parametrize(
    "body",
    [{}, {"sql": ""}, {"sql": "SELECT 1", "max_rows": 0}, {"sql": "SELECT 1", "timeout": 0}, {"sql": "SELECT 1", "extra": 1}],
    ids=["missing-sql", "empty-sql", "zero-rows", "zero-timeout", "unknown-field"],
)
def test_query_invalid_requests_are_422(client, body: dict) -> None:
    response = client.post("/v1/query", json=body)
    assert response.status_code == 422
    assert response.json()["type"] == "urn:flip7:problem:invalid-request"
