"""Issue 23 (smaller items): ``flip7 ingest --json`` through a server that dies midway printed
nothing on standard output. Now it says what was stored, what may be, and what was not (exit 2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from adjudicator.store import Store
from cli import remote
from cli.main import app
from tests.api.conftest import kitchen
from tests.cli.holders import JSONHandler, announce_holder, serving

NONCE = "the-holders-nonce"


class _Dying(JSONHandler):
    """A holder that answers who it is, stores the first request's logs, and dies on the next."""

    ingests = 0

    def do_GET(self) -> None:
        self.send_json({"status": "ok", "version": "0", "holder": NONCE})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        _Dying.ingests += 1
        if _Dying.ingests > 1:  # the server is gone: the connection closes with no answer
            self.close_connection = True
            return
        results = [{"name": log["name"], "outcome": "ingested", "game": f"g{i}", "valid": True, "message": None, "events": 5} for i, log in enumerate(body["logs"])]
        self.send_json({"results": results})


@pytest.fixture
def dying_holder(tmp_path: Path) -> Iterator[Path]:
    """A store announced by a server (of this process, on loopback) that dies on its second ingest."""
    _Dying.ingests = 0
    with serving(_Dying) as url:
        db = tmp_path / "store.duckdb"
        Store.open(db).close()
        announce_holder(db, url, NONCE)
        yield db


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
