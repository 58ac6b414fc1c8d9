"""`flip7 serve` without starting a server: options, settings from the environment, loopback check."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from api.settings import DEFAULT_MAX_BODY, Settings
from cli import serve as serve_module
from cli.main import app

runner = CliRunner()


def test_help_lists_the_options() -> None:
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--max-body"):
        assert option in result.output


def test_settings_from_env() -> None:
    assert Settings.from_env({}).api_token is None
    assert Settings.from_env({"FLIP7_API_TOKEN": ""}).api_token is None
    settings = Settings.from_env({"FLIP7_API_TOKEN": "t"}, db_path=Path("x.duckdb"))
    assert settings.api_token == "t" and settings.writes_protected and settings.db_path == Path("x.duckdb")
    assert settings.max_body_bytes == DEFAULT_MAX_BODY == 10 * 1024 * 1024


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("::1", True), ("localhost", True), ("0.0.0.0", False), ("192.168.1.5", False)])
def test_is_loopback(host: str, loopback: bool) -> None:
    assert serve_module._is_loopback(host) is loopback


def test_serve_runs_uvicorn_with_the_resolved_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {}

    def fake_run(server, listener):  # noqa: ANN001 - stands in for running the uvicorn server
        from adjudicator.store.holder import read_holder

        calls["config"], calls["address"] = server.config, listener.getsockname()
        calls["holder"] = read_holder(tmp_path / "from-env.duckdb")

    monkeypatch.setattr(serve_module, "_run_until_stopped", fake_run)
    monkeypatch.setenv("FLIP7_DB", str(tmp_path / "from-env.duckdb"))
    monkeypatch.delenv("FLIP7_API_TOKEN", raising=False)
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", "0", "--max-body", "1MiB"])
    assert result.exit_code == 0, result.output
    host, port = calls["address"]
    assert host == "0.0.0.0" and port > 0
    settings = calls["config"].app.state.settings
    assert settings.db_path == tmp_path / "from-env.duckdb" and settings.max_body_bytes == 1024 * 1024
    assert (tmp_path / "from-env.duckdb").exists()  # opened (created) before serving
    assert "warning" in result.output and "without FLIP7_API_TOKEN" in result.output
    # announced beside the store while serving (clients on this machine use loopback), gone after
    assert calls["holder"].url == f"http://127.0.0.1:{port}" and calls["holder"].role == "serve"
    assert not (tmp_path / "from-env.duckdb.holder").exists()
    assert calls["config"].access_log is True


def test_serve_on_a_port_in_use_fails_before_creating_anything(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "new.duckdb")])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and f"port {port}" in result.stderr and "already in use" in result.stderr
    assert "flip7 on" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_serve_rejects_a_bad_size() -> None:
    result = runner.invoke(app, ["serve", "--max-body", "lots"])
    assert result.exit_code == 2
    assert "not a size: 'lots'" in result.stderr and "Traceback" not in result.output


def test_the_banner_names_the_viewer_and_the_statistics(tmp_path, capsys) -> None:
    # issue 21 item 11: it named /docs only
    from cli.serve import _banner

    _banner("http://127.0.0.1:8000", tmp_path / "f.duckdb", "127.0.0.1", Settings(db_path=tmp_path / "f.duckdb"))
    err = capsys.readouterr().err
    assert "replay viewer http://127.0.0.1:8000/" in err and "http://127.0.0.1:8000/stats" in err and "/docs" in err
    assert "live table http://127.0.0.1:8000/table" in err  # issue 32: the live table was not named
