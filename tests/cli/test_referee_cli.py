"""`flip7 settle` and `flip7 explain` through Typer's runner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DISPUTE = "players Ana Ben Cem; dealer Ana\nround 1\nBen 8\nCem freeze>Ben\nBen hit\n"


def test_settle_reads_notation_from_stdin_and_exits_1_on_a_violation() -> None:
    result = runner.invoke(app, ["settle"], input=DISPUTE)
    assert result.exit_code == 1
    assert "Ruling: The log breaks a rule at event 5 (line 5)." in result.stdout
    assert "Ben was frozen by Cem on event 4 (line 4)" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_settle_in_german_as_json() -> None:
    result = runner.invoke(app, ["settle", "-", "--lang", "de", "--json"], input=DISPUTE)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["lang"] == "de" and data["verdict"]["valid"] is False
    assert "eingefroren" in data["verdict"]["violations"][0]["message"]


def test_settle_a_valid_log_exits_0() -> None:
    result = runner.invoke(app, ["settle", str(ROOT / "logs" / "3-players.jsonl")])
    assert result.exit_code == 0
    assert "Everything in this log follows the rules." in result.stdout


def test_settle_unreadable_input_exits_2() -> None:
    result = runner.invoke(app, ["settle", "-"], input="")
    assert result.exit_code == 2
    assert "empty" in result.stderr


def test_explain_tells_a_round_with_bust_chances() -> None:
    result = runner.invoke(app, ["explain", str(ROOT / "logs" / "3-players.jsonl"), "--round", "1"])
    assert result.exit_code == 0
    assert "Ben hits: 5 of the 91 cards in the draw pile would bust them (5.5%)." in result.stdout
    assert "Ana: 8 + 7 + 12 = 27, +6 → 33" in result.stdout


def test_explain_refuses_at_and_round_together_and_an_event_out_of_range() -> None:
    path = str(ROOT / "logs" / "3-players.jsonl")
    assert runner.invoke(app, ["explain", path, "--at", "3", "--round", "1"]).exit_code == 2
    result = runner.invoke(app, ["explain", path, "--at", "99999"])
    assert result.exit_code == 2 and "there is no event 99999" in result.stderr
