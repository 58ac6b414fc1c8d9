"""The analysis routes are bounded (issue 28, item 15): a pool of their own, a time allowance per
analysis, a 503 with ``Retry-After`` when the pool is full, and an analysis stopped when its client
goes away. The load test (a real server on loopback, 45 analyses at once) is heavy."""

from __future__ import annotations

import asyncio
import base64
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from adjudicator.analysis.allowance import AnalysisCancelled, check
from api import Settings, create_app
from api.analyses import AnalysisPool
from api.errors import Problem
from api.settings import AnalysisLimits
from tests.adjudicator.analysis.test_allowance import long_game
from tests.api.conftest import FIXED_NOW, NDJSON, TestClient, kitchen
from tests.api.servers import in_thread

PROBLEM = "application/problem+json"


class _Request:
    """What the pool reads of a request: its ``receive``, which says ``http.disconnect`` once
    ``gone`` is set (a client that hangs up)."""

    def __init__(self) -> None:
        self.gone = threading.Event()

    async def receive(self) -> dict[str, Any]:
        while not self.gone.is_set():
            await anyio.sleep(0.01)
        return {"type": "http.disconnect"}


def _until_stopped(seconds: float) -> str:
    """An analysis stand-in: looks at its allowance every few milliseconds for ``seconds``."""
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        check()
        time.sleep(0.005)
    return "done"


def test_an_analysis_past_its_time_is_a_422(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "s.duckdb", now=lambda: FIXED_NOW, analysis=AnalysisLimits(seconds=0.3))
    with TestClient(create_app(settings)) as client:
        started = time.monotonic()
        response = client.post("/v1/analyze", content=long_game(), headers=NDJSON)
        assert response.status_code == 422, response.text
        assert response.headers["content-type"].startswith(PROBLEM)
        assert response.json()["type"] == "urn:flip7:problem:analysis-timeout" and "0.3 s" in response.json()["detail"]
        assert time.monotonic() - started < 5.0
        stored = client.post("/v1/games", content=long_game(), headers=NDJSON, params={"analyze": "true"})
        assert stored.json()["type"] == "urn:flip7:problem:analysis-timeout"
        logs = [{"name": "long", "content_base64": base64.b64encode(long_game().encode()).decode()}]
        many = client.post("/v1/ingest", json={"logs": logs}, params={"analyze": "true"})
        assert many.status_code == 422 and many.json()["type"] == "urn:flip7:problem:analysis-timeout"
        assert client.get("/v1/games").json()["games"] == []  # nothing written


def test_a_full_pool_answers_503_with_retry_after() -> None:
    pool = AnalysisPool(AnalysisLimits(workers=1, waiting=1, seconds=5.0))

    async def main() -> list[Any]:
        first, second, third = _Request(), _Request(), _Request()
        results: list[Any] = []

        async def one(request: _Request) -> None:
            try:
                results.append(await pool.run(request, _until_stopped, 0.4))  # type: ignore[arg-type]
            except Problem as problem:
                results.append(problem)

        async with anyio.create_task_group() as group:
            group.start_soon(one, first)
            group.start_soon(one, second)
            await anyio.sleep(0.1)
            assert pool.busy == 2  # one runs, one waits
            await one(third)
        return results

    results = asyncio.run(main())
    refused = results[0]
    assert isinstance(refused, Problem) and refused.status_code == 503 and refused.slug == "analysis-busy"
    assert int(refused.headers["Retry-After"]) >= 1 and "at most 1 run at once" in str(refused.detail)
    assert results[1:] == ["done", "done"] and pool.busy == 0


def test_an_analysis_stops_when_its_client_goes_away() -> None:
    pool = AnalysisPool(AnalysisLimits(workers=1, waiting=0, seconds=600.0))

    async def main() -> float:
        request = _Request()
        threading.Timer(0.2, request.gone.set).start()
        started = time.monotonic()
        with pytest.raises(AnalysisCancelled):
            await pool.run(request, _until_stopped, 600.0)  # type: ignore[arg-type]
        return time.monotonic() - started

    assert asyncio.run(main()) < 2.0 and pool.busy == 0


def test_closing_the_pool_stops_what_runs_and_refuses_what_comes() -> None:
    pool = AnalysisPool(AnalysisLimits(workers=2, waiting=0, seconds=600.0))

    async def main() -> None:
        threading.Timer(0.2, pool.close).start()
        with pytest.raises(AnalysisCancelled):
            await pool.run(_Request(), _until_stopped, 600.0)  # type: ignore[arg-type]
        with pytest.raises(Problem, match="shutting down"):
            await pool.run(_Request(), _until_stopped, 0.1)  # type: ignore[arg-type]

    asyncio.run(main())


def test_a_client_that_hangs_up_frees_the_pool_on_a_real_server(tmp_path: Path) -> None:
    """The issue's 199 KB log: the client gives up after 0.3 s, the analysis stops with it."""
    app = create_app(Settings(db_path=tmp_path / "s.duckdb", now=lambda: FIXED_NOW, analysis=AnalysisLimits(seconds=600.0)))
    with in_thread(app) as base:
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(f"{base}/v1/analyze", content=long_game(), headers=NDJSON, timeout=0.3)
        deadline = time.monotonic() + 5.0
        while app.state.analyses.busy and time.monotonic() < deadline:
            time.sleep(0.05)
        assert app.state.analyses.busy == 0


def test_45_analyses_at_once_leave_the_server_answering(tmp_path: Path) -> None:
    """The probe's load: 45 concurrent analyses of a sample game on a real server (loopback). Each
    is answered (200, or 503 with ``Retry-After`` past the pool), and ``/healthz`` and
    ``/v1/games`` answer while they run (their latency is printed, not asserted as a time)."""
    app = create_app(Settings(db_path=tmp_path / "s.duckdb", now=lambda: FIXED_NOW))
    game = kitchen()

    async def load(base: str) -> tuple[list[httpx.Response], list[float]]:
        async with httpx.AsyncClient(base_url=base, timeout=60.0) as client:
            analyses = [asyncio.create_task(client.post("/v1/analyze", content=game, headers=NDJSON)) for _ in range(45)]
            waits: list[float] = []
            await asyncio.sleep(0.05)
            for path in ("/healthz", "/v1/games", "/healthz"):
                started = time.monotonic()
                assert (await client.get(path)).status_code == 200
                waits.append(time.monotonic() - started)
            return list(await asyncio.gather(*analyses)), waits

    with in_thread(app) as base:
        answers, waits = asyncio.run(load(base))
    statuses = [r.status_code for r in answers]
    assert set(statuses) <= {200, 503} and statuses.count(200) >= 6, statuses
    busy = [r for r in answers if r.status_code == 503]
    assert busy and all(r.headers["Retry-After"] and r.json()["type"] == "urn:flip7:problem:analysis-busy" for r in busy)
    print(f"\n/healthz and /v1/games under 45 analyses: {', '.join(f'{w * 1000:.0f} ms' for w in waits)}")


def test_an_app_started_again_after_a_shutdown_analyses_again(tmp_path: Path) -> None:
    # the shutdown closes the pool; a second start (as schemathesis's client does, call by call)
    # must open it again, as the store is opened again on first use
    app = create_app(Settings(db_path=tmp_path / "s.duckdb", now=lambda: FIXED_NOW))
    for _ in range(2):
        with TestClient(app) as client:
            response = client.post("/v1/analyze", content=kitchen(), headers=NDJSON)
            assert response.status_code == 200, response.text
