"""Issue 23, items 11–14: the requests that held the server are bounded, each with a clear problem.

Every test failed before its fix (see the item named in its docstring).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.concurrency import run_in_threadpool
from syrupy.assertion import SnapshotAssertion

from adjudicator.replay import check_log
from adjudicator.timeline import MAX_SEATS
from api import Settings, create_app
from api.routes import judge
from tests.adjudicator.test_timeline_bounds import big_table
from tests.api.conftest import FIXED_NOW, TestClient, exchange, kitchen

NDJSON = {"Content-Type": "application/x-ndjson"}


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


def _probe_13() -> str:
    """The probe's body: 150 long names and one unknown one, under 32 KiB."""
    players = [f"{i:03d}" + "n" * 190 for i in range(150)]
    game = {"type": "game", "id": "g", "players": players, "dealer": players[0], "decks": 10}
    card = {"type": "card", "player": "000" + "n" * 189 + "X", "card": "8"}
    return json.dumps(game) + "\n" + '{"type":"round","round":1}\n' + json.dumps(card) + "\n"


def test_a_short_log_with_a_long_line_is_judged_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 13: under 32 KiB, but costly by what it holds (a game line seating 150 long names):
    judged in a worker thread; an ordinary short log still on the loop."""
    sent: list[str] = []

    async def recording(func: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(func.__name__)
        return await run_in_threadpool(func, *args, **kwargs)

    monkeypatch.setattr(judge, "run_in_threadpool", recording)
    body = _probe_13()
    assert len(body.encode()) <= judge.INLINE_BYTES
    response = client.post("/v1/check", content=body, headers=NDJSON)
    assert response.status_code == 200
    assert response.json()["violations"][0]["code"] == "unknown_player"
    assert sent == ["check_log"]
    assert client.post("/v1/check", content=kitchen(), headers=NDJSON).status_code == 200
    assert sent == ["check_log"]  # the ordinary log was judged where it was read


def test_a_long_line_is_measured_in_bytes_not_characters(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 13: a game line seating a name of 500 two-byte characters is over ``INLINE_LINE_BYTES``
    in bytes though under it in characters: judged in a worker thread, as JSON Lines and as a JSON
    array."""
    sent: list[str] = []

    async def recording(func: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(func.__name__)
        return await run_in_threadpool(func, *args, **kwargs)

    monkeypatch.setattr(judge, "run_in_threadpool", recording)
    name = "\u00e9" * 500
    lines = kitchen().splitlines()
    lines[0] = lines[0].replace('"Ana"', json.dumps(name, ensure_ascii=False), 1)
    assert len(lines[0]) <= judge.INLINE_LINE_BYTES < len(lines[0].encode())
    for kind, body in (("application/x-ndjson", "\n".join(lines)), ("application/json", "[" + ",".join(lines) + "]")):
        response = client.post("/v1/check", content=body.encode(), headers={"Content-Type": kind})
        assert response.status_code == 200, response.text
        assert response.json() == check_log("\n".join(lines)).to_dict()
    assert sent == ["check_log", "check_log"]


def test_the_probes_replay_is_a_413_naming_the_bound(client: TestClient, snapshot_json: SnapshotAssertion) -> None:
    """Item 12: 1,800 players and 100 decks in a 38 KB body: a clear 413, not a 158 MB answer."""
    body = big_table(1800, 1000)
    assert len(body) < 64 * 1024
    response = client.post("/v1/replay", content=body, headers=NDJSON)
    assert response.status_code == 413, response.text[:300]
    problem = response.json()
    assert (problem["type"], problem["limit"], problem["players"]) == ("urn:flip7:problem:replay-too-large", MAX_SEATS, 1800)
    assert exchange(response) == snapshot_json


def test_a_stored_games_replay_has_the_same_bound(client: TestClient) -> None:
    """Item 12: GET /v1/games/{id}/replay of a stored game seating 1,800 is refused the same way."""
    stored = client.post("/v1/games", content=big_table(1800, 300), headers=NDJSON)
    assert stored.status_code == 201, stored.text[:300]
    response = client.get("/v1/games/big/replay")
    assert response.status_code == 413
    assert response.json()["type"] == "urn:flip7:problem:replay-too-large"
    assert client.post("/v1/replay", content=kitchen(), headers=NDJSON).status_code == 200  # an ordinary log still
