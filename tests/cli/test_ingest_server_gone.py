"""Issue 23 (smaller items): ``flip7 ingest --json`` through a server that dies midway printed
nothing on standard output. Now it says what was stored, what may be, and what was not (exit 2)."""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Iterator
from dataclasses import asdict
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.store import Store
from adjudicator.store.holder import Holder, holder_path
from cli import remote
from cli.main import app
from tests.api.conftest import kitchen

NONCE = "the-holders-nonce"


class _Dying(BaseHTTPRequestHandler):
    """A holder that answers who it is, stores the first request's logs, and dies on the next."""

    ingests = 0

    def do_GET(self) -> None:
        self._send({"status": "ok", "version": "0", "holder": NONCE})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        _Dying.ingests += 1
        if _Dying.ingests > 1:  # the server is gone: the connection closes with no answer
            self.close_connection = True
            return
        results = [{"name": log["name"], "outcome": "ingested", "game": f"g{i}", "valid": True, "message": None, "events": 5} for i, log in enumerate(body["logs"])]
        self._send({"results": results})

    def _send(self, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def dying_holder(tmp_path: Path) -> Iterator[Path]:
    """A store announced by a server (of this process, on loopback) that dies on its second ingest."""
    _Dying.ingests = 0
    server = HTTPServer(("127.0.0.1", 0), _Dying)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    db = tmp_path / "store.duckdb"
    Store.open(db).close()
    holder = Holder("serve", os.getpid(), "2026-12-01T00:00:00Z", socket.gethostname(), f"http://127.0.0.1:{server.server_address[1]}", NONCE)
    holder_path(db).write_text(json.dumps(asdict(holder)), encoding="utf-8")
    try:
        yield db
    finally:
        server.shutdown()
        server.server_close()


def _logs(tmp_path: Path) -> list[str]:
    paths = []
    for name in ("a", "b", "c", "d"):
        path = tmp_path / f"{name}.jsonl"
        path.write_text(kitchen() + f"# {name}\n", encoding="utf-8")
        paths.append(str(path))
    return paths


def test_ingest_json_says_what_was_stored_when_the_server_dies(dying_holder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, snapshot: SnapshotAssertion) -> None:
    monkeypatch.setattr(remote, "BATCH_LOGS", 2)  # two requests of two logs, and the server dies on the second
    result = CliRunner().invoke(app, ["ingest", *_logs(tmp_path), "--db", str(dying_holder), "--json"])
    assert result.exit_code == 2, result.output
    out = json.loads(result.stdout)
    assert out["ingested"] == 2 and out["events"] == 10  # the first request's logs, acknowledged
    assert out["unconfirmed"] == [str(tmp_path / "c.jsonl"), str(tmp_path / "d.jsonl")]
    assert out["not_stored"] == []
    assert "did not answer" in out["error"]
    assert "2 log(s) sent in the last request may or may not be stored" in result.stderr
    assert "Traceback" not in result.output
    assert {k: v for k, v in out.items() if k not in ("error", "unconfirmed")} == snapshot


def test_ingest_names_the_logs_never_sent(dying_holder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote, "BATCH_LOGS", 1)  # one log per request: the second one gets no answer
    logs = _logs(tmp_path)
    result = CliRunner().invoke(app, ["ingest", *logs, "--db", str(dying_holder)])
    assert result.exit_code == 2, result.output
    assert "ingested 1, unchanged 0, replaced 0, refused 0, invalid 0 (5 events stored)" in result.stdout
    assert "1 log(s) sent in the last request may or may not be stored" in result.stderr
    assert "2 log(s) were not stored" in result.stderr
    _Dying.ingests = 0  # the same again, with --json
    out = json.loads(CliRunner().invoke(app, ["ingest", *logs, "--db", str(dying_holder), "--json"]).stdout)
    assert (out["ingested"], out["unconfirmed"], out["not_stored"]) == (1, logs[1:2], logs[2:])
