"""Issue 28: the live table under fuzz and load.

Fuzz: the lines of hostile logs (``tests.fuzzing``) appended one by one to a table: each answer is
a `200` or a problem (never a `500`, no server path), an event is kept exactly when `flip7 check`
accepts it as the next line of the table's log (with the same code and rule when it is not), and
the table's `/log` is always a log `flip7 check` finds no fault in.

Load (heavy: a real `flip7 serve` on loopback for a few seconds): tables written by concurrent
writers while followers stream them; every acknowledged event is in each table's log, in order,
and every follower saw every change, with `/healthz` answering throughout.
"""

from __future__ import annotations

import json
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given

from adjudicator.replay import check_log
from api import Settings, create_app
from tests.api.conftest import FIXED_NOW, TestClient
from tests.api.test_live import served  # noqa: F401  (the real server's fixture)
from tests.fuzzing import budget, hostile_logs

JSON = {"Content-Type": "application/json"}
SEATS = {"players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[TestClient, Path]]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "fuzz.duckdb"
        with TestClient(create_app(Settings(db_path=db, now=lambda: FIXED_NOW))) as client:
            yield client, Path(folder)


def _seats(first: bytes) -> dict[str, Any]:
    """The table's body from a (maybe mutated) game line, else three players."""
    try:
        line = json.loads(first)
    except ValueError:
        return SEATS
    if not isinstance(line, dict) or line.get("type") != "game":
        return SEATS
    return {k: v for k, v in line.items() if k not in ("type", "id")}


def fuzz_table(client: TestClient, folder: Path, data: bytes) -> None:
    lines = [line for line in data.split(b"\n") if line.strip() and not line.lstrip().startswith(b"#")]
    made = client.post("/v1/tables", json=_seats(lines[0]) if lines else SEATS)
    assert made.status_code in (201, 422), made.text[:300]
    if made.status_code == 422:
        made = client.post("/v1/tables", json=SEATS)
    table_id, key = made.json()["id"], {"X-Table-Key": made.json()["key"], **JSON}
    for raw in lines[1:]:
        log = client.get(f"/v1/tables/{table_id}/log").text
        answer = client.post(f"/v1/tables/{table_id}/events", content=raw, headers=key)
        assert answer.status_code in (200, 400, 409, 422), (answer.status_code, answer.text[:300])
        assert str(folder) not in answer.text
        if answer.status_code != 200:
            assert answer.headers["content-type"] == "application/problem+json" and answer.json()["detail"]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            assert answer.status_code == 400
            continue
        index = len(log.splitlines())
        faults = [v for v in check_log(log + text + "\n").violations if v.event == index]
        if answer.status_code == 200:
            assert not faults, (text[:200], faults)
        elif answer.json()["type"] == "urn:flip7:problem:move-refused":
            assert faults and (answer.json()["code"], answer.json()["rule"]) == (faults[0].code, faults[0].rule), text[:200]
    assert not check_log(client.get(f"/v1/tables/{table_id}/log").text).violations


@budget(15)
@given(hostile_logs())
def test_fuzz_live_table_appends(server: tuple[TestClient, Path], data: bytes) -> None:
    fuzz_table(*server, data)


# --------------------------------------------------------------------------- load, on a real server

ROUND = [
    {"type": "round", "round": 1},
    {"type": "card", "player": "Ben", "card": "8"},
    {"type": "card", "player": "Cem", "card": "9"},
    {"type": "card", "player": "Ana", "card": "10"},
]
TABLES, FOLLOWERS = 6, 2


def _follow(base: str, table_id: str, until: int, seen: list[dict[str, Any]], ready: threading.Event) -> None:
    """Follow a table until change ``until``: ``seen`` gets the table's events as the follower rebuilt them."""
    events: list[Any] = []
    with httpx.Client(base_url=base, timeout=30) as http, http.stream("GET", f"/v1/tables/{table_id}/stream") as stream:
        ready.set()
        fields: dict[str, str] = {}
        for line in stream.iter_lines():
            if line:
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
                continue
            if "data" in fields:
                data = json.loads(fields["data"])
                change = data["change"]
                if change["kind"] == "sync":
                    events = data["events"]
                elif change["kind"] == "append":
                    assert change["index"] == len(events)
                    events.append(change["event"])
                if data["seq"] >= until:
                    seen.append({"events": events, "seq": data["seq"]})
                    return
            fields = {}


def test_load_writers_and_followers_on_a_real_server(served: tuple[str, Any]) -> None:  # noqa: F811
    base, _ = served
    with httpx.Client(base_url=base, timeout=30) as http:
        tables = []
        for n in range(TABLES):
            body = http.post("/v1/tables", json={**SEATS, "id": f"load-{n}"}).json()
            tables.append((body["id"], {"X-Table-Key": body["key"]}))
    seen: list[dict[str, Any]] = []
    readies, followers = [], []
    for table_id, _ in tables:
        for _ in range(FOLLOWERS):
            ready = threading.Event()
            readies.append(ready)
            followers.append(threading.Thread(target=_follow, args=(base, table_id, 1 + len(ROUND), seen, ready), daemon=True))
    for thread in followers:
        thread.start()
    assert all(ready.wait(30) for ready in readies)
    failures: list[Any] = []

    def write(table_id: str, key: dict[str, str]) -> None:
        with httpx.Client(base_url=base, timeout=30) as http:
            for event in ROUND:
                answer = http.post(f"/v1/tables/{table_id}/events", json=event, headers=key)
                if answer.status_code != 200:
                    failures.append(answer.text)

    writers = [threading.Thread(target=write, args=table) for table in tables]
    started = time.monotonic()
    for thread in writers:
        thread.start()
    with httpx.Client(base_url=base, timeout=30) as http:
        while any(thread.is_alive() for thread in writers) and time.monotonic() - started < 60:
            assert http.get("/healthz").status_code == 200
            time.sleep(0.05)
        for thread in [*writers, *followers]:
            thread.join(60)
        assert failures == []
        for table_id, _ in tables:
            log = http.get(f"/v1/tables/{table_id}/log").text
            assert [json.loads(line) for line in log.splitlines()][1:] == ROUND and check_log(log).valid
    assert len(seen) == TABLES * FOLLOWERS
    assert all(got["events"][1:] == ROUND and got["seq"] == 1 + len(ROUND) for got in seen)
