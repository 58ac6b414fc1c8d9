"""The load test (issue 23): a real ``flip7 serve`` process on loopback, 200 concurrent writes with
reads among them. In the slow set (``pytest --slow``): it takes tens of seconds of CPU.

What it checks: every write is acknowledged (``201``), every acknowledged game is listed afterwards
with the log that was sent, and reads answered while writes were still under way (they are not
queued behind the writers). The read latency under writes is printed, never asserted as a time
(performance figures come from bench/ only).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from adjudicator.simulate.play import simulate
from tests.api.conftest import NDJSON
from tests.api.servers import ROOT, free_port, stop_server, wait_until_up

#: Concurrent writes (each a different game) and the reads sent while they run.
WRITES = 200
#: Seconds any one request may take before the test gives up (the bound of the whole run).
REQUEST_TIMEOUT = 120.0


@pytest.mark.slow
def test_200_concurrent_writes_with_reads_on_a_real_server(tmp_path: Path) -> None:
    logs = {g.game_id: g.text() for g in simulate(WRITES, 3, seed=2023)}
    assert len(logs) == WRITES
    port = free_port()
    env = {**os.environ, "FLIP7_DB": "", "FLIP7_API_TOKEN": ""}
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(tmp_path / "load.duckdb"), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base, process)
        writes, reads = asyncio.run(_load(base, logs))
        listed = httpx.get(f"{base}/v1/games", params={"limit": 1000}, timeout=REQUEST_TIMEOUT).json()["games"]
        stored_logs = {game_id: httpx.get(f"{base}/v1/games/{game_id}/log", timeout=REQUEST_TIMEOUT).text for game_id in list(logs)[:10]}
    finally:
        stop_server(process, timeout=30)
    assert Counter(status for status, _ in writes) == {201: WRITES}
    acknowledged = {game_id for _, game_id in writes}
    assert acknowledged == set(logs)
    assert {g["id"] for g in listed} == acknowledged  # every acknowledged game is listed
    assert stored_logs == {game_id: logs[game_id] for game_id in stored_logs}

    latencies = [seconds for _, seconds, _ in reads]
    during = [done for _, _, done in reads if done < WRITES]
    print(
        f"\nload: {WRITES} writes; {len(reads)} reads, {len(during)} answered while writes were under way; "
        f"read latency median {statistics.median(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
    )
    assert all(status == 200 for status, _, _ in reads)
    # reads are not queued behind the writers: most of them answer before the last write does
    assert len(during) >= len(reads) // 2, f"only {len(during)} of {len(reads)} reads answered during the writes"


async def _load(base: str, logs: dict[str, str]) -> tuple[list[tuple[int, str]], list[tuple[int, float, int]]]:
    """Send every log at once, and reads one after another until the writes are done: each write's
    (status, id); each read's (status, seconds, writes answered when it was answered)."""
    done = 0
    limits = httpx.Limits(max_connections=WRITES + 10, max_keepalive_connections=WRITES + 10)
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT, limits=limits) as http:

        async def write(text: str) -> tuple[int, str]:
            nonlocal done
            answer = await http.post("/v1/games", content=text, headers=NDJSON)
            done += 1
            return answer.status_code, answer.json().get("id", "")

        async def read_while_writing() -> list[tuple[int, float, int]]:
            out: list[tuple[int, float, int]] = []
            while done < WRITES and len(out) < 400:
                start = time.perf_counter()
                answer = await http.get("/v1/games", params={"limit": 1})
                out.append((answer.status_code, time.perf_counter() - start, done))
                await asyncio.sleep(0.05)
            return out

        tasks = [asyncio.create_task(write(text)) for text in logs.values()]
        await asyncio.sleep(0.2)  # the writers are at the server before the first read
        reads = await read_while_writing()
        writes = await asyncio.gather(*tasks)
    return list(writes), reads
