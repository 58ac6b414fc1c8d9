"""`flip7 convert` both ways, and its refusals."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_jsonl_to_notation_and_back_is_the_same_log(tmp_path: Path) -> None:
    source = ROOT / "logs" / "3-players.jsonl"
    notation = runner.invoke(app, ["convert", str(source), "--to", "notation"])
    assert notation.exit_code == 0
    assert notation.stdout.startswith("game sample-3-players; players Ana Ben Cem; dealer Ana\n")
    path = tmp_path / "game.txt"
    path.write_text(notation.stdout, encoding="utf-8")
    back = runner.invoke(app, ["convert", str(path), "--to", "jsonl"])
    assert back.exit_code == 0
    assert [line for line in back.stdout.splitlines()] == [line for line in source.read_text().splitlines()]


def test_german_words_on_request() -> None:
    result = runner.invoke(app, ["convert", str(ROOT / "logs" / "3-players.jsonl"), "--to", "notation", "--lang", "de"])
    assert result.exit_code == 0
    assert "runde 1 geber Ana" in result.stdout and "noch" in result.stdout


def test_a_notation_error_is_exit_2_with_line_column_and_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("game t; players Ana Ben Cem; dealer Ana\nround 1\nBen hti 5\n", encoding="utf-8")
    result = runner.invoke(app, ["convert", str(path), "--to", "jsonl"])
    assert result.exit_code == 2
    assert "line 3, column 5" in result.stderr and "did you mean 'hit'" in result.stderr
    assert result.stdout == ""


def test_missing_file_is_exit_2() -> None:
    result = runner.invoke(app, ["convert", "no-such-file.txt", "--to", "jsonl"])
    assert result.exit_code == 2
    assert "no such file" in result.stderr


def test_a_vengeance_log_converts_both_ways_with_its_words(tmp_path: Path) -> None:
    source = ROOT / "logs" / "vengeance-4-players.jsonl"
    for lang, word in (("en", "target_card="), ("de", "karte=")):
        notation = runner.invoke(app, ["convert", str(source), "--to", "notation", "--lang", lang])
        assert notation.exit_code == 0
        assert word in notation.stdout and "ruleset vengeance" in notation.stdout.replace("regeln", "ruleset")
        assert not any(line.startswith("{") for line in notation.stdout.splitlines())
        path = tmp_path / f"game-{lang}.txt"
        path.write_text(notation.stdout, encoding="utf-8")
        back = runner.invoke(app, ["convert", str(path), "--to", "jsonl"])
        assert back.exit_code == 0
        assert back.stdout.splitlines() == source.read_text().splitlines()


def test_a_lone_surrogate_or_a_huge_number_is_exit_2_not_a_traceback(tmp_path: Path) -> None:
    """Issue 23: these texts raised UnicodeEncodeError / ValueError in convert and settle --json."""
    for name, text in {
        "surrogate": 'game "\\udfff"; players Ana Ben Cem; dealer Ana\nround 1\n',
        "huge": "game g; players Ana Ben Cem; dealer Ana\nround 1\nscore 1 Ana " + "9" * 4301 + "\n",
        "superscript": "game g; players Ana Ben Cem; dealer Ana\nround 1\nscore ² Ana 1\n",
    }.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(text, encoding="utf-8")
        for to in ("jsonl", "notation"):
            result = runner.invoke(app, ["convert", str(path), "--to", to])
            assert result.exit_code == 2, (name, to, result.output)
            assert result.exception is None or isinstance(result.exception, SystemExit)
            assert "line" in result.stderr
        settled = runner.invoke(app, ["settle", str(path), "--json"])
        assert settled.exit_code in (0, 1) and settled.exception is None or isinstance(settled.exception, SystemExit)
        assert json.loads(settled.stdout)["format"] == "flip7-settlement/1"


def test_a_line_over_the_cap_is_refused_not_dropped(tmp_path: Path) -> None:
    # issue 28 item 9: a card line with a 70 KB extra field was left out and convert exited 0
    events = [
        {"type": "game", "id": "g", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}, {"type": "round", "round": 1},
        {"type": "card", "player": "Ben", "card": "8", "note": "a" * 70_000}, {"type": "card", "player": "Cem", "card": "5"},
    ]
    source = tmp_path / "long.jsonl"
    source.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    assert runner.invoke(app, ["check", str(source)]).exit_code == 1  # check refuses the line
    for to in ("notation", "jsonl"):
        out = tmp_path / f"out.{to}"
        result = runner.invoke(app, ["convert", str(source), "--to", to, "-o", str(out)])
        assert result.exit_code == 2, result.output
        assert "line 3: the line is 70,0" in result.stderr and "lines may be at most 65,536 bytes" in result.stderr
        assert not out.exists()
