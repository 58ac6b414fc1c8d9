"""Issue 28, the live-table items through the API: what a table takes is what a log may hold
(items 11, 19, 20), game ids free at creation and kept by finish (10), the write fences (21),
`Last-Event-ID` (14), advice that never delays a write (13), tables replayed lazily and off the
event loop (18), and streams capped per table and per server (23) with bounded catch-ups (22)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from adjudicator.live import service as live_service
from adjudicator.live.limits import LiveLimits
from adjudicator.replay import check_log
from adjudicator.store import live as records
from adjudicator.store.errors import StoreError
from api import Settings, create_app
from api.routes.live import follower_cap
from tests.api.conftest import FIXED_NOW, NDJSON, TestClient, kitchen
from tests.api.servers import in_thread
from tests.api.test_live import ROUND, SEATS, create, read_messages

JSON = {"Content-Type": "application/json"}


def test_a_taken_game_id_is_refused_when_the_table_is_created(client: TestClient) -> None:
    create(client, id="kitchen")
    again = client.post("/v1/tables", json={**SEATS, "id": "kitchen"})  # docs/live.md's own example, twice
    assert again.status_code == 409 and again.json()["type"] == "urn:flip7:problem:game-conflict"
    assert client.post("/v1/games", content=kitchen("stored"), headers=NDJSON).status_code == 201
    stored = client.post("/v1/tables", json={**SEATS, "id": "stored"})
    assert stored.status_code == 409 and "taken" in stored.json()["detail"]


def test_finish_keeps_the_game_under_a_free_id_when_another_log_took_its_own(client: TestClient) -> None:
    table_id, key, _ = create(client, id="kitchen")
    for event in ROUND:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    assert client.post("/v1/games", content=kitchen("kitchen"), headers=NDJSON).status_code == 201  # taken meanwhile
    finished = client.post(f"/v1/tables/{table_id}/finish", headers=key)
    assert finished.status_code == 200, finished.text
    game = finished.json()["game"]
    assert game == f"kitchen-{table_id}"
    log = client.get(f"/v1/tables/{table_id}/log").text
    assert client.get(f"/v1/games/{game}/log").text == log and json.loads(log.splitlines()[0])["id"] == game
    assert [json.loads(line) for line in log.splitlines()][1:] == ROUND  # every event kept
    assert client.get("/v1/games/kitchen/log").text == kitchen("kitchen")  # the other log untouched


def test_a_game_line_over_the_line_cap_is_refused_as_check_refuses_it(client: TestClient) -> None:
    players = [f"{n:03d}" + "n" * 197 for n in range(400)]
    response = client.post("/v1/tables", json={"players": players, "dealer": players[0], "id": "big"})
    assert response.status_code == 422
    line = json.dumps({"type": "game", "id": "big", "players": players, "dealer": players[0]})
    (expected,) = check_log(line + "\n").violations
    assert (response.json()["code"], response.json()["rule"]) == (expected.code, expected.rule) == ("bad_event", "log.line")
    table_id, key, _ = create(client)
    long = json.dumps({"type": "round", "round": 1, "x": "y" * 70_000})
    refused = client.post(f"/v1/tables/{table_id}/events", content=long, headers={**key, **JSON})
    assert refused.status_code == 422 and refused.json()["rule"] == "log.line" and "65,536" in refused.json()["detail"]
    assert check_log(client.get(f"/v1/tables/{table_id}/log").text).valid


def test_a_lone_surrogate_in_the_game_id_is_refused_and_no_answer_names_a_path(client: TestClient, db_path: Path) -> None:
    body = '{"players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "id": "\\ud800"}'
    response = client.post("/v1/tables", content=body, headers=JSON)
    assert response.status_code == 422, response.text
    assert response.json()["rule"] == "log.line" and str(db_path) not in response.text


def test_a_store_error_on_a_table_names_no_server_path(client: TestClient, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> None:
        raise StoreError(f"the store {db_path} could not be written")

    monkeypatch.setattr(records, "create_table", broken)
    response = client.post("/v1/tables", json=SEATS)
    assert response.status_code == 500 and response.headers["content-type"] == "application/problem+json"
    assert str(db_path) not in response.text and str(db_path.parent) not in response.text


def test_an_event_with_a_repeated_key_is_refused_as_check_refuses_that_line(client: TestClient) -> None:
    table_id, key, _ = create(client)
    client.post(f"/v1/tables/{table_id}/events", json=ROUND[0], headers=key)
    line = '{"type":"card","player":"Ben","card":"8","card":"freeze"}'
    response = client.post(f"/v1/tables/{table_id}/events", content=line, headers={**key, **JSON})
    log = client.get(f"/v1/tables/{table_id}/log").text
    (expected,) = check_log(log + line + "\n").violations
    assert response.status_code == 422
    assert (response.json()["code"], response.json()["rule"], response.json()["detail"]) == (expected.code, expected.rule, expected.message)
    assert client.get(f"/v1/tables/{table_id}/log").text == log  # not kept
    two = client.post(f"/v1/tables/{table_id}/events", content=json.dumps(ROUND[1]) + "\n" + json.dumps(ROUND[2]), headers={**key, **JSON})
    assert two.status_code == 422 and "one line" in two.json()["detail"]
    assert client.post(f"/v1/tables/{table_id}/events", content=b'{"type":"hit","player":"\xff"}', headers={**key, **JSON}).status_code == 400


def test_a_tables_writes_have_the_write_fences(client: TestClient) -> None:
    table_id, key, _ = create(client)
    foreign = {**key, **JSON, "Origin": "http://evil.example"}
    for path in ("events", "undo", "finish", "redo", "scorer-code", "hand-over"):
        refused = client.post(f"/v1/tables/{table_id}/{path}", json=ROUND[0], headers=foreign)
        assert refused.status_code == 403 and refused.json()["type"] == "urn:flip7:problem:cross-origin-write", path
        plain = client.post(f"/v1/tables/{table_id}/{path}", content=json.dumps(ROUND[0]), headers={**key, "Content-Type": "text/plain"})
        assert plain.status_code == 415 and plain.json()["type"] == "urn:flip7:problem:unsupported-media-type", path
    assert len(client.get(f"/v1/tables/{table_id}/log").text.splitlines()) == 1  # nothing written
    same = client.post(f"/v1/tables/{table_id}/events", json=ROUND[0], headers={**key, "Origin": "http://testserver"})
    assert same.status_code == 200
    assert client.post(f"/v1/tables/{table_id}/undo", headers=key).status_code == 200  # no body: no type needed


@pytest.mark.parametrize("value", [b"\xb2", "²".encode(), "9" * 5000, "-1", "1.5", " 3"])
def test_a_last_event_id_that_is_not_a_change_count_is_a_clean_400(client: TestClient, value: str | bytes) -> None:
    table_id, _, _ = create(client)
    response = client.get(f"/v1/tables/{table_id}/stream", headers={"Last-Event-ID": value})
    assert response.status_code == 400 and response.headers["content-type"] == "application/problem+json"
    assert len(response.text) < 1000


def test_advice_never_holds_the_tables_lock_and_is_computed_once_per_change(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, key, _ = create(client)
    for event in [*ROUND, {"type": "hit", "player": "Cem"}, {"type": "card", "player": "Cem", "card": "12"}]:
        client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
    started, release, calls = threading.Event(), threading.Event(), []
    real = live_service.turn_advice

    def slow(state: Any, **kwargs: Any) -> Any:
        calls.append(1)
        started.set()
        assert release.wait(20)
        return real(state, **kwargs)

    monkeypatch.setattr(live_service, "turn_advice", slow)
    answers: list[Any] = []
    reader = threading.Thread(target=lambda: answers.append(client.get(f"/v1/tables/{table_id}/advice")))
    reader.start()
    assert started.wait(20)
    try:  # while the advice is computed, a write goes through
        assert client.post(f"/v1/tables/{table_id}/events", json={"type": "hit", "player": "Ana"}, headers=key).status_code == 200
    finally:
        release.set()
        reader.join(20)
    assert answers[0].status_code == 200
    assert client.get(f"/v1/tables/{table_id}/advice").json() is None  # Ana is owed a card now: no turn
    client.post(f"/v1/tables/{table_id}/undo", headers=key)
    first = client.get(f"/v1/tables/{table_id}/advice").json()
    assert first["player"] == "Ana" and client.get(f"/v1/tables/{table_id}/advice").json() == first
    assert len(calls) == 2  # the second advice of the same change is the kept one


def test_advice_past_the_servers_workers_is_a_429(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(db_path=db_path, now=lambda: FIXED_NOW, live=LiveLimits(advice_workers=1))
    started, release = threading.Event(), threading.Event()

    def slow(state: Any, **kwargs: Any) -> None:
        started.set()
        assert release.wait(20)

    monkeypatch.setattr(live_service, "turn_advice", slow)
    with TestClient(create_app(settings)) as client:
        one, key_one, _ = create(client, id="one")
        two, key_two, _ = create(client, id="two")
        for table_id, key in ((one, key_one), (two, key_two)):
            for event in [*ROUND, {"type": "hit", "player": "Cem"}, {"type": "card", "player": "Cem", "card": "12"}]:
                client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
        reader = threading.Thread(target=lambda: client.get(f"/v1/tables/{one}/advice"))
        reader.start()
        assert started.wait(20)
        try:
            busy = client.get(f"/v1/tables/{two}/advice")
            assert busy.status_code == 429 and busy.json()["type"] == "urn:flip7:problem:advice-busy"
        finally:
            release.set()
            reader.join(20)


def test_a_restarted_server_replays_a_table_only_when_asked_and_never_on_the_event_loop(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(settings)) as client:
        ids = []
        for n in range(3):
            table_id, key, _ = create(client, id=f"t{n}")
            for event in ROUND:
                client.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
            ids.append(table_id)
        before = client.get(f"/v1/tables/{ids[1]}").json()
    replayed: list[tuple[str, bool]] = []
    real = records.table_lines

    def watched(store: Any, table_id: str) -> list[str]:
        try:
            asyncio.get_running_loop()
            on_loop = True
        except RuntimeError:
            on_loop = False
        replayed.append((table_id, on_loop))
        return real(store, table_id)

    monkeypatch.setattr(records, "table_lines", watched)
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/v1/tables/{ids[1]}").json() == before
        assert client.get(f"/v1/tables/{ids[1]}/log").status_code == 200
        assert client.get(f"/v1/tables/{ids[0]}/advice").status_code == 200
    assert replayed == [(ids[1], False), (ids[0], False)]  # each once, in a worker thread; the third never


def test_the_followers_cap_stays_below_half_the_file_limit() -> None:
    assert follower_cap(LiveLimits(), 1024).max_followers == 512
    assert follower_cap(LiveLimits(max_followers=10), 1024).max_followers == 10
    assert follower_cap(LiveLimits(), 64).max_table_followers == 32


# --------------------------------------------------------------------------- a real server


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[str]:
    """The app under uvicorn on loopback, with small follower and reconnect bounds."""
    limits = LiveLimits(max_table_followers=2, max_followers=3, replay_bytes=20_000)
    with in_thread(create_app(Settings(db_path=tmp_path / "capped.duckdb", live=limits)), log_level="critical") as base:
        yield base


def test_streams_are_capped_per_table_and_per_server_with_a_clear_429(capped: str) -> None:
    with httpx.Client(base_url=capped, timeout=10) as http:
        one, _, _ = create(http, id="one")
        two, _, _ = create(http, id="two")
        with http.stream("GET", f"/v1/tables/{one}/stream") as a, http.stream("GET", f"/v1/tables/{one}/stream") as b:
            assert (a.status_code, b.status_code) == (200, 200)
            third = http.get(f"/v1/tables/{one}/stream")
            assert third.status_code == 429 and third.json()["type"] == "urn:flip7:problem:too-many-followers" and "table" in third.json()["detail"]
            with http.stream("GET", f"/v1/tables/{two}/stream") as c:
                assert c.status_code == 200
                server = http.get(f"/v1/tables/{two}/stream")
                assert server.status_code == 429 and "server" in server.json()["detail"]
        for _ in range(50):  # closed streams give their places back (once the server sees the hang-up)
            with http.stream("GET", f"/v1/tables/{one}/stream") as again:
                if again.status_code == 200:
                    break
            time.sleep(0.1)
        assert again.status_code == 200


def test_a_reconnect_far_behind_gets_one_sync_not_every_change(capped: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import api.routes.live as routes

    built: list[tuple[int, bool]] = []
    real = routes._catch_up_messages

    def watched(got: Any) -> str:
        try:
            asyncio.get_running_loop()
            on_loop = True
        except RuntimeError:
            on_loop = False
        built.append((len(got.changes) if got.changes is not None else -1, on_loop))
        return real(got)

    monkeypatch.setattr(routes, "_catch_up_messages", watched)
    with httpx.Client(base_url=capped, timeout=10) as http:
        table_id, key, _ = create(http)
        for _ in range(10):  # twenty changes, each message would carry the whole table (about 4 KB)
            http.post(f"/v1/tables/{table_id}/events", json=ROUND[0], headers=key)
            http.post(f"/v1/tables/{table_id}/undo", headers=key)
        with http.stream("GET", f"/v1/tables/{table_id}/stream", headers={"Last-Event-ID": "1"}) as stream:
            (first,) = read_messages(stream.iter_lines(), 1)
        assert first[:2] == ("21", "sync") and len(first[2]["events"]) == 1
        with http.stream("GET", f"/v1/tables/{table_id}/stream", headers={"Last-Event-ID": "19"}) as stream:
            missed = read_messages(stream.iter_lines(), 2)  # two changes are within the bound
        assert [(i, kind) for i, kind, _ in missed] == [("20", "append"), ("21", "undo")]
    assert (-1, False) in built and (2, False) in built  # the sync and the two changes were written in a worker thread
    assert all(not on_loop for count, on_loop in built if count != 1)
