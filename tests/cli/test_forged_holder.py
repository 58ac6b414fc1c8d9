"""Issue 23, item 9: a forged ``.holder`` file is never trusted with the token or the logs.

The probe wrote a holder naming its own HTTP server: ``ingest`` sent it ``FLIP7_API_TOKEN`` and the
log, and printed "ingested 1" while nothing was stored. Now the client only talks to a holder of
this machine whose server tells the announcement's nonce on ``GET /healthz``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.store import Store
from adjudicator.store.holder import current_holder, holder_path, url_is_local
from cli.access import served_by
from cli.main import app
from tests.api.conftest import kitchen
from tests.cli.holders import JSONHandler, announce_holder, serving


class _Liar(JSONHandler):
    """Answers every request as a flip7 server would, and remembers what it was sent."""

    seen: list[tuple[str, str, str | None]] = []
    nonce: str | None = None

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        _Liar.seen.append((self.command, self.path, self.headers.get("Authorization")))
        self.send_json({"status": "ok", "version": "0", "holder": _Liar.nonce} if self.path == "/healthz" else {"results": [], "games": []})

    do_GET = do_POST = _answer


@pytest.fixture
def liar() -> Iterator[str]:
    _Liar.seen = []
    _Liar.nonce = None
    with serving(_Liar) as url:
        yield url


def _forge(db: Path, url: str, *, host: str | None = None, nonce: str = "forged-nonce") -> None:
    announce_holder(db, url, nonce, host=host)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "store.duckdb"
    Store.open(path).close()
    return path


def test_a_forged_holder_is_sent_neither_the_token_nor_the_log(db: Path, liar: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _forge(db, liar)  # a live pid (this test's), this machine, a loopback URL: only the nonce is wrong
    monkeypatch.setenv("FLIP7_API_TOKEN", "the-real-token")
    log = tmp_path / "game.jsonl"
    log.write_text(kitchen(), encoding="utf-8")
    result = CliRunner().invoke(app, ["ingest", str(log), "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ingested"] == 1
    assert all(auth is None for _, _, auth in _Liar.seen), "the token went to a forged holder"
    assert [path for _, path, _ in _Liar.seen] == ["/healthz"]  # asked who it is, and nothing else
    with Store.open(db, read_only=True) as store:
        assert store.query("SELECT id FROM games").rows == [("kitchen-2026-11-29",)]  # stored in the file, for real


def test_a_server_that_tells_the_nonce_is_believed(db: Path, liar: str) -> None:
    _forge(db, liar, nonce="n-1")
    _Liar.nonce = "n-1"
    holder = served_by(db)
    assert holder is not None and holder.url == liar


def test_a_holder_of_another_machine_is_stale_and_removed(db: Path, liar: str) -> None:
    """A store folder copied from another machine was redirected for ever."""
    _forge(db, liar, host="some-other-machine")
    assert current_holder(db) is None
    assert not holder_path(db).exists()


@pytest.mark.parametrize("url", ["http://evil.example:8000", "https://127.0.0.1:8000", "http://10.1.2.3", "file:///etc/passwd", "http://127.0.0.1:notaport"])
def test_a_holder_naming_a_url_off_this_machine_is_never_contacted(db: Path, url: str) -> None:
    assert not url_is_local(url)
    _forge(db, url, nonce="x")
    assert served_by(db) is None
