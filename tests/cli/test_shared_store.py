"""One store, several users: a real `flip7 serve` process and command-line runs side by side.

While the server holds the store, read commands and ``ingest`` go through its API and print what
they print on the file itself; an ingest waits for another holder (``--wait``); a holder that is
gone does not block anyone; stopping the server leaves the store whole.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.store import Store
from adjudicator.store.holder import Holder, announce, current_holder, holder_path, read_holder
from tests.adjudicator.helpers import simulated_logs

#: An ingest time as `games` and `games --json` print it.
STAMP = r"\d{4}-\d\d-\d\d|\d\d:\d\d:\d\d(\.\d+)?Z?"
GAMES = Path(__file__).resolve().parents[1] / "adjudicator" / "store" / "games"


def flip7(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True, text=True, timeout=timeout)


def wait_for(predicate, what: str, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def logs(tmp_path: Path) -> tuple[Path, Path]:
    """Two folders of logs with distinct game ids (12 simulated games each, some spoilt)."""
    texts = simulated_logs([f"s{i:02}" for i in range(24)], seed=5, spoilt_every=4)
    halves = tmp_path / "a", tmp_path / "b"
    for folder in halves:
        folder.mkdir()
    for i, text in enumerate(texts):
        (halves[i % 2] / f"s{i:02}.jsonl").write_text(text)
    return halves


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """A `flip7 serve` process on a free port over tmp_path/served.duckdb; yields it and the store path."""
    db = tmp_path / "served.duckdb"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        wait_for(lambda: read_holder(db) is not None or proc.poll() is not None, "the server's announcement")
        assert proc.poll() is None, proc.communicate()
        yield proc, db
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.communicate(timeout=30)


def test_commands_through_a_running_server_print_what_they_print_on_the_file(
    tmp_path: Path, server: tuple[subprocess.Popen[str], Path], logs: tuple[Path, Path]
) -> None:
    proc, served = server
    holder = read_holder(served)
    assert holder is not None and holder.role == "serve" and holder.pid == proc.pid and holder.url
    plain = tmp_path / "plain.duckdb"
    for db in (served, plain):
        first = flip7("ingest", str(GAMES), str(logs[0]), "--db", str(db))
        assert first.returncode == 0, first.stderr
    reads = [
        ["games", "--json"],
        ["games"],
        ["stats"],
        ["stats", "--json", "--only", "overview,bust_risk"],
        ["show", "fx-1"],
        ["show", "fx-3", "--json"],
        ["query", "SELECT id, valid, n_events, players FROM games ORDER BY id"],
        ["query", "SELECT id, n_violations FROM games ORDER BY id", "--csv"],
        ["ingest", str(GAMES)],
    ]
    for command in reads:
        through_server, on_file = (flip7(*command, "--db", str(db)) for db in (served, plain))
        assert (through_server.returncode, through_server.stderr) == (on_file.returncode, on_file.stderr), command
        # the two stores were filled a moment apart: only the ingest times may differ
        assert re.sub(STAMP, "T", through_server.stdout) == re.sub(STAMP, "T", on_file.stdout), command
        assert through_server.stdout, command
    assert proc.poll() is None  # the server held the store all along
    assert read_holder(plain) is None


def test_parallel_ingests_and_reads_while_serving_lose_nothing(
    server: tuple[subprocess.Popen[str], Path], logs: tuple[Path, Path]
) -> None:
    proc, db = server
    runs = [
        subprocess.Popen([sys.executable, "-m", "cli.main", *args, "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for args in (
            ["ingest", str(logs[0]), "--json"],
            ["ingest", str(logs[1]), "--json"],
            ["ingest", str(logs[0]), "--json"],
            ["games", "--json"],
            ["stats", "--only", "overview"],
        )
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    for run, (_out, err) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, err
        assert "Traceback" not in err
    summaries = [json.loads(out) for out, _ in outputs[:3]]
    # 24 distinct games, logs[0] sent twice: stored once, the other time unchanged
    assert sum(s["ingested"] for s in summaries) == 24
    assert sum(s["unchanged"] for s in summaries) == 12
    proc.send_signal(signal.SIGTERM)
    _, server_log = proc.communicate(timeout=30)
    assert proc.returncode == 0
    # one access-log line per request, at info, on standard error: three ingests (one request
    # each for their 12 logs), one listing, one statistics
    # each command first checks the server is the store's holder (GET /healthz, no token; issue 23)
    lines = [line for line in server_log.splitlines() if line.startswith("INFO:") and ' HTTP/1.1" ' in line]
    requests = [line for line in lines if '"GET /healthz ' not in line]
    assert len(lines) - len(requests) >= 5
    assert len(requests) == 5 and sum('"POST /v1/ingest?' in line for line in requests) == 3
    assert read_holder(db) is None  # the announcement went with the server
    with Store.open(db, read_only=True) as store:
        assert store.query("SELECT count(*) FROM games").rows == [(24,)]
        half = store.query("SELECT count(*) FROM games g WHERE n_events <> (SELECT count(*) FROM events e WHERE e.game = g.id)")
        assert half.rows == [(0,)]


def test_a_second_ingest_waits_its_turn(tmp_path: Path, logs: tuple[Path, Path]) -> None:
    db = tmp_path / "w.duckdb"
    Store.open(db).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(
            """
            import sys, time
            from adjudicator.store import Store
            from adjudicator.store.holder import announce
            with Store.open(sys.argv[1]) as s, announce(s.path, "ingest"):
                print("ready", flush=True)
                sys.stdin.readline()
            """
        ), str(db)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        refused = flip7("ingest", str(logs[0]), "--db", str(db), "--wait", "0")
        assert refused.returncode == 2
        assert f"held by flip7 ingest (process {holder.pid}" in refused.stderr and "--wait" in refused.stderr
        waiting = subprocess.Popen(
            [sys.executable, "-m", "cli.main", "ingest", str(logs[0]), "--db", str(db), "--wait", "60", "--json"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        assert waiting.stderr is not None
        line = waiting.stderr.readline()
        assert f"waiting for flip7 ingest (process {holder.pid})" in line
        holder.communicate("\n", timeout=30)
        out, err = waiting.communicate(timeout=120)
        assert waiting.returncode == 0, err
        assert json.loads(out)["ingested"] == 12
    finally:
        if holder.poll() is None:
            holder.kill()


def test_a_holder_that_is_gone_does_not_block(tmp_path: Path, runner_db: Path) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    fake = {"role": "serve", "pid": dead.pid, "started": "2026-12-01T10:00:00Z", "host": os.uname().nodename, "url": "http://127.0.0.1:9"}
    holder_path(runner_db).write_text(json.dumps(fake))
    games = flip7("games", "--db", str(runner_db), "--wait", "0")
    assert games.returncode == 0, games.stderr
    assert "fx-1" in games.stdout
    assert not holder_path(runner_db).exists()  # the stale announcement was cleared


def test_a_live_holder_is_reported_and_cleared_on_exit(tmp_path: Path) -> None:
    store = tmp_path / "h.duckdb"
    with announce(store, "ingest") as me:
        assert current_holder(store) == me and isinstance(me, Holder)
        assert me.describe() == f"flip7 ingest (process {os.getpid()})"
    assert not holder_path(store).exists()
    holder_path(store).write_text("{not json")
    assert current_holder(store) is None


@pytest.fixture
def runner_db(tmp_path: Path) -> Path:
    db = tmp_path / "r.duckdb"
    assert flip7("ingest", str(GAMES), "--db", str(db)).returncode in (0, 1)
    return db


def test_ingest_analyze_through_a_running_server(tmp_path: Path, server: tuple[subprocess.Popen[str], Path]) -> None:
    # issue 19: ingest --analyze reaches a served store through POST /v1/ingest?analyze=true
    _, served = server
    plain = tmp_path / "plain-analyze.duckdb"
    files = [str(GAMES / "fx1_freeze.jsonl"), str(GAMES / "fx2_flip7.jsonl")]
    through_server, on_file = (flip7("ingest", "--analyze", *files, "--db", str(db)) for db in (served, plain))
    assert through_server.returncode == on_file.returncode == 0, through_server.stderr
    assert through_server.stdout == on_file.stdout and "analysed 2 games (24 decisions stored)" in through_server.stdout
    counted = flip7("query", "SELECT count(*) AS n FROM decisions", "--json", "--db", str(served))
    assert counted.returncode == 0 and json.loads(counted.stdout) == [{"n": 24}]
