"""`flip7 record`: the notation typed line by line, each judged at once, the log written as it goes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.replay import check_log
from cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
ROUND = ["game k; players Ana Ben Cem; dealer Ana", "round 1", "Ben 8", "Cem freeze>Ben", "Ana x2", "Cem hit 12", "Ana hit 11", "Cem stay; Ana stay"]


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_round_typed_line_by_line_is_a_valid_log(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["record", str(log)], input="\n".join(ROUND) + "\n")
    assert result.exit_code == 0, result.output
    assert "kept events 3-4; next: deal: Ana's card" in result.stdout
    assert result.stdout.rstrip().endswith("next: round 2: Ben deals")
    assert check_log(log.read_text()).valid
    assert len(lines_of(log)) == 12


def test_an_illegal_line_is_refused_with_its_rule_and_not_written(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    typed = [*ROUND[:3], "Ana 5", "Ben hti 4"]
    result = runner.invoke(app, ["record", str(log)], input="\n".join(typed) + "\n")
    assert result.exit_code == 1  # issue 28 item 5: refused lines give check's code for violations
    assert "refused [deal.order, wrong_player]: the card cannot go to Ana: the deal has reached Cem" in result.stdout
    assert "did you mean 'hit'?" in result.stdout
    assert len(lines_of(log)) == 3


def test_a_line_is_kept_whole_or_not_at_all(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["record", str(log), "--json"], input="\n".join([*ROUND[:4], "Ana x2; Ben hit"]) + "\n")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers[-1]["refused"]["rule"] and answers[-1]["kept"] == []
    assert answers[-1]["owed"] == "deal: Ana's card"  # the x2 of the refused line was not kept
    assert len(lines_of(log)) == 5


def test_undo_and_carrying_on_the_same_file(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    runner.invoke(app, ["record", str(log)], input="\n".join([*ROUND[:5], "undo"]) + "\n")
    assert lines_of(log)[-1] == {"type": "target", "player": "Cem", "card": "freeze", "target": "Ben"}
    again = runner.invoke(app, ["record", str(log), "--lang", "de"], input="\n".join(ROUND[4:]) + "\n")
    assert again.stdout.startswith(f"{log} wird fortgesetzt (5 Ereignisse). Geben: Karte für Ana")  # the frame in German too
    assert check_log(log.read_text()).valid and len(lines_of(log)) == 12


def test_a_log_holding_a_refused_event_is_unusable(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"type":"game","id":"b","players":["Ana","Ben","Cem"],"dealer":"Ana"}\n{"type":"hit","player":"Ana"}\n')
    result = runner.invoke(app, ["record", str(log)], input="")
    assert result.exit_code == 2
    assert "already holds an event the rules refuse" in result.stderr


def test_a_killed_recorder_loses_no_kept_line(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    process = subprocess.Popen([sys.executable, "-m", "cli.main", "record", str(log)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    process.stdout.readline()  # the greeting
    for line in ROUND[:4]:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        assert process.stdout.readline().startswith("kept")  # answered: written by now
    process.kill()
    process.wait(timeout=10)
    assert len(lines_of(log)) == 5


def test_a_piped_record_exits_as_check_would(tmp_path: Path) -> None:
    # issue 28 item 5: a piped `flip7 record` that refused lines exited 0
    refused = runner.invoke(app, ["record", str(tmp_path / "a.jsonl"), "--json"], input="\n".join([*ROUND[:3], "Ana 5"]) + "\n")
    assert refused.exit_code == 1
    clean = runner.invoke(app, ["record", str(tmp_path / "b.jsonl"), "--json"], input="\n".join(ROUND) + "\n")
    assert clean.exit_code == 0
