"""`flip7 check`, `state` and `schema` through Typer's runner: output, --json, stdin, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests.adjudicator.helpers import KITCHEN, card, game, log, rnd

runner = CliRunner()


@pytest.fixture
def logs(tmp_path: Path) -> dict[str, Path]:
    files = {
        "good": KITCHEN,
        "bad": log(game(), rnd(1), card("Ana", "5")),
        "vengeance": log(game(ruleset="vengeance")),
    }
    paths = {}
    for name, text in files.items():
        paths[name] = tmp_path / f"{name}.jsonl"
        paths[name].write_text(text, encoding="utf-8")
    paths["binary"] = tmp_path / "binary.jsonl"
    paths["binary"].write_bytes(b"\xff\xfe\x00garbage")
    paths["empty"] = tmp_path / "empty.jsonl"
    paths["empty"].write_bytes(b"")
    return paths


def test_valid_log_prints_scores_and_exits_0(logs: dict[str, Path]) -> None:
    result = runner.invoke(app, ["check", str(logs["good"])])
    assert result.exit_code == 0, result.output
    assert "✓ valid" in result.output and "22" in result.output


def test_json_verdict_matches_the_contract_shape(logs: dict[str, Path], snapshot) -> None:
    result = runner.invoke(app, ["check", "--json", str(logs["good"])])
    verdict = json.loads(result.output)
    assert result.exit_code == 0
    assert list(verdict) == ["format", "game", "valid", "events", "violations", "rounds", "totals", "finished", "winner"]
    assert verdict["totals"] == {"Ana": 22, "Ben": 8, "Cem": 12}
    assert verdict == snapshot


def test_violation_shows_the_offending_line_and_exits_1(logs: dict[str, Path]) -> None:
    result = runner.invoke(app, ["check", str(logs["bad"])])
    assert result.exit_code == 1
    assert "wrong_player" in result.output and '{"type": "card", "player": "Ana", "card": "5"}' in result.output


def test_several_files_give_an_array_and_the_worst_exit_code(logs: dict[str, Path]) -> None:
    result = runner.invoke(app, ["check", "--json", str(logs["good"]), str(logs["bad"])])
    assert result.exit_code == 1
    assert [v["valid"] for v in json.loads(result.output)] == [True, False]
    result = runner.invoke(app, ["check", "--json", str(logs["good"]), str(logs["bad"]), "missing.jsonl"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)[2] == {"file": "missing.jsonl", "error": "missing.jsonl: no such file"}
    result = runner.invoke(app, ["check", str(logs["good"]), str(logs["bad"])])
    assert result.exit_code == 1 and "2 logs: 1 valid, 1 with violations, 0 unreadable" in result.output


def test_standard_input(logs: dict[str, Path]) -> None:
    result = runner.invoke(app, ["check", "--json", "-"], input=KITCHEN)
    assert result.exit_code == 0 and json.loads(result.output)["events"] == 13


@pytest.mark.parametrize(
    ("name", "words"),
    [("binary", "not UTF-8"), ("empty", "empty")],
)
def test_unreadable_input_exits_2_without_traceback(logs: dict[str, Path], name: str, words: str) -> None:
    result = runner.invoke(app, ["check", str(logs[name])])
    assert result.exit_code == 2
    assert words in result.stderr and "Traceback" not in result.output + result.stderr


def test_a_folder_is_not_a_log(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2 and "is a folder" in result.stderr


def test_state_shows_whose_move_and_legal_moves(logs: dict[str, Path]) -> None:
    result = runner.invoke(app, ["state", str(logs["good"]), "--at", "3", "--json"])
    view = json.loads(result.output)
    assert result.exit_code == 0
    assert view["waiting_for"]["description"] == "Cem must give Freeze to one of: Ana, Ben, Cem"
    assert [m["target"] for m in view["legal_moves"]] == ["Ana", "Ben", "Cem"]
    assert view["draw_pile_size"] == 92
    text = runner.invoke(app, ["state", str(logs["good"]), "--at", "3"])
    assert "Cem must give Freeze" in text.output


def test_state_beyond_the_log_is_a_usage_error(logs: dict[str, Path]) -> None:
    result = runner.invoke(app, ["state", str(logs["good"]), "--at", "99"])
    assert result.exit_code == 2 and "0 to 12" in result.stderr


def test_schema_is_json_schema() -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0 and json.loads(result.output)["title"] == "flip7-log/1 event"


def test_every_command_has_help() -> None:
    for command in ("check", "state", "schema"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("flip7 0.1.0")
