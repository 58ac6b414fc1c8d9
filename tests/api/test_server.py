"""The API on a real uvicorn server over loopback: `flip7 serve` end to end, and concurrent writes."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from adjudicator.replay import check_log
from adjudicator.simulate.play import simulate
from adjudicator.store import Store
from api import Settings, create_app
from tests.api.conftest import NDJSON, kitchen
from tests.api.servers import ROOT, free_port, in_thread, stop_server, wait_until_up

# --------------------------------------------------------------------------- flip7 serve


def test_flip7_serve_answers_over_http(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "served.duckdb"
    env = {**os.environ, "FLIP7_API_TOKEN": "serve-token", "FLIP7_DB": ""}
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--port", str(port), "--db", str(db), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        with httpx.Client(base_url=base, timeout=10) as http:
            check = http.post("/v1/check", content=kitchen(), headers=NDJSON)
            assert check.status_code == 200
            assert check.json() == check_log(kitchen()).to_dict()

            denied = http.post("/v1/games", content=kitchen(), headers=NDJSON)
            assert denied.status_code == 401
            assert denied.headers["www-authenticate"].startswith("Bearer")
            assert denied.headers["content-type"] == "application/problem+json"

            auth = {"Authorization": "Bearer serve-token"}
            stored = http.post("/v1/games", content=kitchen(), headers={**NDJSON, **auth})
            assert stored.status_code == 201
            assert http.get("/v1/games").json()["games"][0]["id"] == "kitchen-2026-11-29"
            assert http.get("/v1/games/kitchen-2026-11-29/state", params={"at": 3}).json()["after_event"] == 3

            too_big = http.post("/v1/check", content=b"x" * (10 * 1024 * 1024 + 1), headers=NDJSON)
            assert too_big.status_code == 413
            assert http.get("/openapi.json").json()["info"]["title"] == "flip7"
    finally:
        stop_server(process)
    assert process.returncode == 0, process.stderr.read() if process.stderr else ""
    startup = process.stderr.read() if process.stderr else ""
    assert f"store: {db}" in startup and "writes: need the bearer token" in startup
    with Store.open(db, read_only=True) as store:  # the server let go of the file and kept the game
        assert [g.id for g in store.list_games().games] == ["kitchen-2026-11-29"]


def test_flip7_serve_fails_cleanly_when_the_store_cannot_be_used(tmp_path: Path) -> None:
    not_a_store = tmp_path / "notes.duckdb"
    not_a_store.write_text("these are my notes")
    result = subprocess.run(
        [sys.executable, "-m", "cli.main", "serve", "--port", str(free_port()), "--db", str(not_a_store)],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )
    assert result.returncode == 2
    assert "not a readable flip7 store" in result.stderr or "not a flip7 store" in result.stderr
    assert not_a_store.read_text() == "these are my notes"


# --------------------------------------------------------------------------- concurrency


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The app under uvicorn in a thread of this process, on a free loopback port."""
    db = tmp_path / "concurrent.duckdb"
    with in_thread(create_app(Settings(db_path=db))) as base:
        yield base, db


def test_50_concurrent_writes_store_all_50(live_server: tuple[str, Path]) -> None:
    base, db = live_server
    logs = {g.game_id: g.text() for g in simulate(50, 4, seed=5)}
    assert len(logs) == 50

    async def run() -> tuple[list[httpx.Response], list[httpx.Response]]:
        limits = httpx.Limits(max_connections=100)
        async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
            posts = [http.post("/v1/games", content=text, headers=NDJSON) for text in logs.values()]
            reads = [http.get("/v1/games", params={"limit": 1000}) for _ in range(10)]
            results = await asyncio.gather(*posts, *reads)
        return list(results[: len(posts)]), list(results[len(posts):])

    writes, reads = asyncio.run(run())
    assert Counter(r.status_code for r in writes) == {201: 50}, [r.text for r in writes if r.status_code != 201]
    assert {r.json()["id"] for r in writes} == set(logs)
    assert all(r.status_code == 200 for r in reads)  # reads ran alongside the writes

    listed = httpx.get(f"{base}/v1/games", params={"limit": 1000}).json()["games"]
    assert sorted(g["id"] for g in listed) == sorted(logs)
    for game_id in list(logs)[:5]:
        assert httpx.get(f"{base}/v1/games/{game_id}/log").text == logs[game_id]
        assert httpx.get(f"{base}/v1/games/{game_id}").json() == check_log(logs[game_id]).to_dict()


def test_concurrent_writes_of_one_log_store_it_once(live_server: tuple[str, Path]) -> None:
    base, _ = live_server
    same = kitchen()
    rivals = [kitchen() + f"# rival {i}\n" for i in range(5)]

    async def run() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            sends = [http.post("/v1/games", content=same, headers=NDJSON) for _ in range(10)]
            sends += [http.post("/v1/games", content=text, headers=NDJSON) for text in rivals]
            return list(await asyncio.gather(*sends))

    results = asyncio.run(run())
    outcomes = Counter((r.status_code, r.json().get("outcome")) for r in results)
    # one of the 15 logs was stored first (201); the same bytes again are unchanged (200), others conflict (409)
    assert outcomes[(201, "ingested")] == 1
    assert sum(n for (status, _), n in outcomes.items() if status not in (200, 201, 409)) == 0
    stored = httpx.get(f"{base}/v1/games/kitchen-2026-11-29/log").text
    unchanged = outcomes[(200, "unchanged")]
    assert unchanged == (9 if stored == same else 0)


def test_a_crowd_of_writers_holds_no_thread_a_read_needs(live_server: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23, item 15: 200 writers waiting for the store's lock held every thread of the pool, so a
    read waited for most of them. Here each write holds the lock a little longer than it would, and
    more writers are sent than the pool has threads: the read must not wait behind them."""
    from adjudicator.store import service

    real_run = service.Ingestor.run

    def slow_run(self: Any, *args: Any, **kwargs: Any) -> Any:
        time.sleep(0.05)  # under the store's write lock: each write keeps it 50 ms
        return real_run(self, *args, **kwargs)

    monkeypatch.setattr(service.Ingestor, "run", slow_run)
    base, _ = live_server
    logs = [g.text() for g in simulate(60, 3, seed=23)]  # more writers than the 40 threads of the pool
    done: list[int] = []

    async def run() -> tuple[list[httpx.Response], httpx.Response, int]:
        limits = httpx.Limits(max_connections=100)
        async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:

            async def write(text: str) -> httpx.Response:
                answer = await http.post("/v1/games", content=text, headers=NDJSON)
                done.append(answer.status_code)
                return answer

            posts = [asyncio.create_task(write(text)) for text in logs]
            await asyncio.sleep(0.3)  # every writer has reached the server
            read = await http.get("/v1/games", params={"limit": 1})
            writes_done_at_read = len(done)
            return list(await asyncio.gather(*posts)), read, writes_done_at_read

    writes, read, writes_done_at_read = asyncio.run(run())
    assert read.status_code == 200
    # before the fix the read got a thread only after 21 writes had let theirs go
    assert writes_done_at_read < 15, f"the read waited for {writes_done_at_read} of {len(logs)} writes"
    assert Counter(r.status_code for r in writes) == {201: len(logs)}  # every write was still acknowledged
    listed = httpx.get(f"{base}/v1/games", params={"limit": 1000}).json()["games"]
    assert len(listed) == len(logs)
