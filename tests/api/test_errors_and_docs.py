"""Errors every endpoint shares (404, 405, 413, 500), /healthz, and the OpenAPI document and /docs."""

from __future__ import annotations

import warnings
from pathlib import Path

import anyio
import pytest
from syrupy.assertion import SnapshotAssertion

from adjudicator.replay import check_log
from adjudicator.timeline import table_at
from api import Settings, create_app
from api.models import EXAMPLE_LOG, EXAMPLE_TABLE, EXAMPLE_VERDICT, EXAMPLE_VIOLATION
from api.routes.health import flip7_version
from api.settings import parse_size
from tests.api.conftest import NDJSON, exchange, kitchen

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PROBLEM = "application/problem+json"


# --------------------------------------------------------------------------- framework errors


def test_unknown_endpoint_is_a_404_problem(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.get("/v2/check")
    assert response.status_code == 404
    assert response.headers["content-type"] == PROBLEM
    assert response.json()["type"] == "about:blank"
    assert exchange(response) == snapshot_json


def test_wrong_method_is_a_405_problem_with_allow(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.put("/v1/check", content=b"x")
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert exchange(response) == snapshot_json


def test_405_allow_names_every_method_of_the_path(client) -> None:
    response = client.patch("/v1/games/some-id")
    assert response.status_code == 405
    assert response.headers["allow"] == "DELETE, GET"
    assert client.put("/v1/games").headers["allow"] == "GET, POST"


def test_invalid_json_body_of_a_model_endpoint_is_422(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.post("/v1/query", content=b"{nope", headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert response.json()["type"] == "urn:flip7:problem:invalid-request"
    assert exchange(response) == snapshot_json


def test_unexpected_error_is_a_500_problem_without_internals(settings: Settings) -> None:
    app = create_app(settings)

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("secret internals")

    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/boom")
    assert response.status_code == 500
    assert response.headers["content-type"] == PROBLEM
    assert response.json()["type"] == "urn:flip7:problem:internal-error"
    assert "secret" not in response.text


# --------------------------------------------------------------------------- body size limit


def test_body_over_the_limit_by_content_length_is_413(client, snapshot_json: SnapshotAssertion) -> None:
    body = b"x" * (10 * 1024 * 1024 + 1)
    response = client.post("/v1/check", content=body, headers=NDJSON)
    assert response.status_code == 413
    assert response.json()["limit"] == 10 * 1024 * 1024
    assert exchange(response) == snapshot_json


def test_body_limit_is_configurable(settings: Settings) -> None:
    app = create_app(Settings(db_path=settings.db_path, max_body_bytes=1000))

    def chunks():  # no Content-Length: chunked
        for _ in range(100):
            yield b"y" * 100

    with TestClient(app) as client:
        ok = client.post("/v1/check", content=kitchen()[:900], headers=NDJSON)
        assert ok.status_code == 200
        response = client.post("/v1/check", content=chunks(), headers=NDJSON)
        assert response.status_code == 413
        assert response.headers["content-type"] == PROBLEM
        assert "(1 kB)" in response.json()["detail"]
        big_query = client.post("/v1/query", json={"sql": "SELECT 1" + " " * 2000})
        assert big_query.status_code == 413


def test_body_limit_stops_reading_as_soon_as_the_limit_is_passed(settings: Settings) -> None:
    """Drive the app over ASGI by hand: count the body chunks it pulls before answering 413."""
    app = create_app(Settings(db_path=settings.db_path, max_body_bytes=1000))
    pulled = 0
    sent: list[dict] = []

    async def receive() -> dict:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"z" * 300, "more_body": pulled < 1000}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": "/v1/check", "raw_path": b"/v1/check", "query_string": b"", "root_path": "",
        "headers": [(b"content-type", b"application/x-ndjson"), (b"transfer-encoding", b"chunked")],
        "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80),
    }
    anyio.run(app, scope, receive, send)
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 413
    assert pulled == 4  # 4 x 300 bytes passes 1000: not one chunk more was read


def test_parse_size() -> None:
    assert parse_size("10MB") == 10_000_000
    assert parse_size("10MiB") == 10 * 1024 * 1024
    assert parse_size("512kib") == 512 * 1024
    assert parse_size("1048576") == 1048576
    with pytest.raises(ValueError):
        parse_size("ten")
    with pytest.raises(ValueError):
        parse_size("0")


# --------------------------------------------------------------------------- health, docs


def test_healthz(client, snapshot_json: SnapshotAssertion) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert response.json()["version"] == flip7_version()
    snap = exchange(response)
    assert response.json()["engine"] in ("compiled", "pure")
    snap["body"]["version"] = "<installed version>"
    snap["body"]["engine"] = "<compiled or pure>"
    snap["body"]["engine_detail"] = "<which engine, and why>"
    assert snap == snapshot_json


def test_healthz_does_not_need_the_store(tmp_path: Path) -> None:
    app = create_app(Settings(db_path=tmp_path / "missing-folder" / "x.duckdb"))
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        assert client.post("/v1/check", content=kitchen(), headers=NDJSON).status_code == 200
        unavailable = client.get("/v1/games")
        assert unavailable.status_code == 503
        assert unavailable.json()["type"] == "urn:flip7:problem:store-unavailable"
        assert "missing-folder" in unavailable.json()["detail"]


ENDPOINTS = {
    ("/healthz", "get"),
    ("/v1/check", "post"),
    ("/v1/state", "post"),
    ("/v1/settle", "post"),
    ("/v1/games", "post"),
    ("/v1/games", "get"),
    ("/v1/games/{game_id}", "get"),
    ("/v1/games/{game_id}", "delete"),
    ("/v1/games/{game_id}/events", "get"),
    ("/v1/games/{game_id}/state", "get"),
    ("/v1/games/{game_id}/log", "get"),
    ("/v1/stats", "get"),
    ("/v1/query", "post"),
    ("/v1/ingest", "post"),


    ("/v1/replay", "post"),
    ("/v1/games/{game_id}/replay", "get"),
    ("/v1/plots", "get"),
    ("/v1/plots/{name}.svg", "get"),
    ("/v1/plots/{name}.png", "get"),
    ("/v1/rulesets", "get"),  # the registry, for the pages (docs/new-ruleset.md)
    ("/v1/words", "get"),  # the game's words, for the pages
    ("/v1/analyze", "post"),
    ("/v1/games/{game_id}/analysis", "get"),
    # players and ratings (docs/ratings.md)
    ("/v1/players", "get"),
    ("/v1/players/{player_id}", "get"),
    ("/v1/ratings", "get"),
    ("/v1/ratings/history", "get"),
    ("/v1/players/find", "get"),
    ("/v1/players/merge", "post"),
    ("/v1/players/unmerge", "post"),
    ("/v1/players/{player_id}/rename", "post"),
    # live tables (docs/live.md)
    ("/v1/tables", "post"),
    ("/v1/tables/{table_id}", "get"),
    ("/v1/tables/{table_id}/log", "get"),
    ("/v1/tables/{table_id}/advice", "get"),
    ("/v1/tables/{table_id}/events", "post"),
    ("/v1/tables/{table_id}/undo", "post"),
    ("/v1/tables/{table_id}/finish", "post"),
    ("/v1/tables/{table_id}/stream", "get"),
    ("/v1/tables/{table_id}/purist", "post"),
    # joining a live table (docs/live.md)
    ("/v1/tables/{table_id}/join", "get"),
    ("/v1/tables/{table_id}/qr.svg", "get"),
    ("/v1/join/{code}", "get"),
    ("/v1/tables/{table_id}/scorer-code", "post"),
    ("/v1/tables/{table_id}/hand-over", "post"),
    ("/v1/tables/{table_id}/next-game", "post"),
    ("/v1/tables/{table_id}/next-game", "get"),
    ("/v1/tables/{table_id}/redo", "get"),
    ("/v1/tables/{table_id}/redo", "post"),
    ("/v1/tables/{table_id}/events/{index}", "post"),
}


def test_openapi_document_describes_every_endpoint(client) -> None:
    doc = client.get("/openapi.json").json()
    found = {(path, method) for path, item in doc["paths"].items() for method in item}
    assert found == ENDPOINTS
    for path, method in ENDPOINTS:
        operation = doc["paths"][path][method]
        assert operation["summary"] and operation["description"], (path, method)
        assert "200" in operation["responses"] or "201" in operation["responses"] or "204" in operation["responses"]
        for code, response in operation["responses"].items():
            if code[0] in "45":
                assert list(response["content"]) == [PROBLEM], (path, method, code)
    for path in ("/v1/check", "/v1/state", "/v1/settle", "/v1/games", "/v1/replay"):
        content = doc["paths"][path]["post"]["requestBody"]["content"]
        assert set(content) == {"application/x-ndjson", "text/plain", "application/json"}
        assert all("example" in media for media in content.values())
    assert "ProblemDetails" in doc["components"]["schemas"]
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    verdict = doc["components"]["schemas"]["Verdict"]
    assert list(verdict["properties"]) == ["format", "game", "valid", "events", "violations", "rounds", "totals", "finished", "winner"]
    assert verdict["examples"] == [EXAMPLE_VERDICT]
    assert "securitySchemes" not in doc["components"]  # writes are open on this server


def test_openapi_declares_the_bearer_token_when_the_server_has_one(token_client) -> None:
    doc = token_client.get("/openapi.json").json()
    scheme = doc["components"]["securitySchemes"]["bearer"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    assert "FLIP7_API_TOKEN" in scheme["description"]
    assert doc["paths"]["/v1/games"]["post"]["security"] == [{"bearer": []}]
    assert "401" in doc["paths"]["/v1/games/{game_id}"]["delete"]["responses"]
    assert "security" not in doc["paths"]["/v1/games"]["get"]


def test_docs_page_is_served(client) -> None:
    response = client.get("/docs")
    assert response.status_code == 200
    assert "openapi.json" in response.text


def test_docs_page_works_offline(client) -> None:
    import re

    page = client.get("/docs").text
    urls = re.findall(r"""(?:src|href)=["']([^"']+)["']""", page)
    assert urls and not [u for u in urls if u.startswith(("http:", "https:", "//"))]
    for url in urls:  # every asset the page loads is served here
        asset = client.get(url)
        assert asset.status_code == 200 and len(asset.content) > 500, url


def test_examples_in_the_document_are_what_the_core_says() -> None:
    assert check_log(EXAMPLE_LOG).to_dict() == EXAMPLE_VERDICT
    assert table_at(EXAMPLE_LOG, 7).to_dict() == EXAMPLE_TABLE
    lines = EXAMPLE_LOG.splitlines()
    lines[7] = '{"type":"card","player":"Cem","card":"0"}'
    lines[8:8] = ['{"type":"hit","player":"Cem"}', '{"type":"card","player":"Cem","card":"0"}']
    assert check_log("\n".join(lines)).to_dict()["violations"] == [EXAMPLE_VIOLATION]


def test_store_examples_are_real(tmp_path: Path) -> None:
    import hashlib

    from adjudicator.simulate.play import simulate
    from adjudicator.store import Store
    from api.models import EXAMPLE_GAME, EXAMPLE_STATISTIC

    assert EXAMPLE_GAME["content_hash"] == hashlib.sha256(EXAMPLE_LOG.encode()).hexdigest()
    with Store.open(tmp_path / "examples.duckdb") as store:
        for game in simulate(20, 4, seed=1):
            store.ingest(game.text(), game.game_id)
        assert store.stats(names=["flip7_rate"])[0].as_dict() == EXAMPLE_STATISTIC


def test_a_finished_app_and_its_store_are_freed(tmp_path: Path) -> None:
    # issue 28 item 7: the /docs function held its app, and FastAPI caches every endpoint function,
    # so every app of the test run (and its store's DuckDB connection) stayed alive to the end,
    # where DuckDB's bindings reported them as leaked instances
    import gc
    import weakref

    app = create_app(Settings(db_path=tmp_path / "freed.duckdb"))
    with TestClient(app) as test_client:
        assert test_client.get("/docs").status_code == 200
        assert test_client.get("/v1/games").status_code == 200  # the store is opened
    store = app.state.store
    gone_app, gone_store = weakref.ref(app), weakref.ref(store)
    del app, store, test_client
    gc.collect()
    assert gone_app() is None and gone_store() is None
