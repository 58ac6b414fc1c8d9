"""Every command takes --json, and check and state take --lang (issue 28 item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import typer.main
from typer.testing import CliRunner

from cli.main import app
from tests.cli.test_check_cli import FROZEN_THEN_HIT
from tests.cli.test_store_cli import GAMES, ingest_into

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def _options(name: str) -> set[str]:
    command = typer.main.get_command(app).commands[name]  # type: ignore[attr-defined]
    return {opt for param in command.params for opt in getattr(param, "opts", [])}


def test_every_command_takes_json_and_check_and_state_take_lang() -> None:
    names = list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert {"convert", "simulate", "export", "delete", "schema", "serve"} <= set(names)
    assert [name for name in names if "--json" not in _options(name)] == []
    assert "--lang" in _options("check") and "--lang" in _options("state")


def test_convert_json(tmp_path: Path) -> None:
    source = ROOT / "logs" / "3-players.jsonl"
    done = json.loads(runner.invoke(app, ["convert", str(source), "--to", "notation", "--json"]).stdout)
    assert (done["from"], done["to"], done["lang"]) == ("jsonl", "notation", "en")
    assert done["text"].startswith("game sample-3-players; players Ana Ben Cem; dealer Ana\n")
    out = tmp_path / "g.txt"
    written = json.loads(runner.invoke(app, ["convert", str(source), "--to", "notation", "-o", str(out), "--json"]).stdout)
    assert written["output"] == str(out) and out.read_text(encoding="utf-8") == done["text"]
    bad = tmp_path / "bad.txt"
    bad.write_text("game g; players Ana Ben Cem; dealer Ana\nround 1\nBen hti 4\n", encoding="utf-8")
    refused = runner.invoke(app, ["convert", str(bad), "--to", "jsonl", "--json"])
    assert refused.exit_code == 2
    [error] = json.loads(refused.stdout)["errors"]
    assert error["line"] == 3 and error["suggestion"] == "hit"


def test_simulate_json(tmp_path: Path) -> None:
    games = json.loads(runner.invoke(app, ["simulate", "-n", "2", "-p", "3", "--json"]).stdout)
    assert len(games) == 2 and games[0]["events"][0]["type"] == "game" and games[0]["finished"] is True
    plain = runner.invoke(app, ["simulate", "-n", "2", "-p", "3"]).stdout
    assert [json.dumps(e, separators=(",", ":"), ensure_ascii=False) for g in games for e in g["events"]] == plain.splitlines()
    written = json.loads(runner.invoke(app, ["simulate", "-n", "2", "-p", "3", "-o", str(tmp_path / "out"), "--json"]).stdout)
    assert [Path(g["file"]).name for g in written["games"]] == [f"{g['id']}.jsonl" for g in games]
    assert written["finished"] == 2


def test_export_delete_and_schema_json(tmp_path: Path) -> None:
    db = ingest_into(tmp_path / "s.duckdb", GAMES)
    exported = json.loads(runner.invoke(app, ["export", str(tmp_path / "pq"), "--db", str(db), "--json"]).stdout)
    games = next(item for item in exported if item["table"] == "games")
    assert games["rows"] == 4 and Path(games["path"]).is_file()
    deleted = runner.invoke(app, ["delete", "fx-1", "FX-2", "--db", str(db), "--json"])
    assert deleted.exit_code == 1
    done = json.loads(deleted.stdout)
    assert done["deleted"] == ["fx-1"]
    assert [(m["id"], m["near"]) for m in done["not_stored"]] == [("FX-2", ["fx-2"])] and "FX-2" in done["not_stored"][0]["error"]
    schema = runner.invoke(app, ["schema", "--json"])
    assert schema.exit_code == 0 and json.loads(schema.stdout) == json.loads(runner.invoke(app, ["schema"]).stdout)


def test_check_and_state_in_german(tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text(FROZEN_THEN_HIT, encoding="utf-8")
    report = runner.invoke(app, ["check", str(path), "--lang", "de"])
    assert report.exit_code == 1
    assert "✗ 1 Verstoß" in report.stdout and "Zeile 6 (Ereignis 6)" in report.stdout
    assert "Ben wurde bei Ereignis 4 (Zeile 4) von Cem eingefroren" in report.stdout
    [violation] = json.loads(runner.invoke(app, ["check", str(path), "--lang", "de", "--json"]).stdout)["violations"]
    assert "eingefroren" in violation["message"]
    state = runner.invoke(app, ["state", str(path), "--at", "5", "--lang", "de"])
    assert state.exit_code == 0, state.output
    assert "kitchen nach Ereignis 5: Runde 1, Geber Ana" in state.stdout
    assert "Ereignis 5: Ana bekommt beim Geben x2." in state.stdout and "eingefroren" in state.stdout
    english = runner.invoke(app, ["state", str(path), "--at", "5"]).stdout
    assert "kitchen after event 5: round 1, dealt by Ana" in english
