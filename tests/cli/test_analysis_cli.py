"""`flip7 advise` and `flip7 analyze` through Typer's runner."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from syrupy.assertion import SnapshotAssertion
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()
#: An 80-column terminal (the output is wrapped to the terminal; a pipe gets the pipe width).
COLUMNS_80 = {"COLUMNS": "80"}
ROOT = Path(__file__).resolve().parents[2]
NUMBERS_ONLY = str(ROOT / "fixtures" / "analysis" / "numbers-only.jsonl")
MID_ROUND = str(ROOT / "fixtures" / "analysis" / "mid-round.jsonl")
GAME = str(ROOT / "logs" / "3-players.jsonl")


def test_advise_reproduces_the_published_figure_when_the_discards_hold_every_other_card() -> None:
    result = runner.invoke(app, ["advise", NUMBERS_ONLY, "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["format"] == "flip7-advice/1" and data["method"] == "exact"
    assert abs(data["hit"] - 18.5652176) < 1e-6
    assert data["stay"] is None and data["best"] == "hit"


def test_advise_in_english_and_german(snapshot: SnapshotAssertion) -> None:
    en = runner.invoke(app, ["advise", MID_ROUND, "--timeout", "120"], env=COLUMNS_80)  # a busy machine must not change it
    de = runner.invoke(app, ["advise", MID_ROUND, "--lang", "de", "--timeout", "120"], env=COLUMNS_80)
    assert en.exit_code == 0 and de.exit_code == 0
    assert "Advice: stay" in en.stdout and "Rat: Stopp" in de.stdout
    assert "Chance to win (model flip7-w1):" in en.stdout and "Siegchance (Modell flip7-w1):" in de.stdout
    en_words, de_words = " ".join(en.stdout.split()), " ".join(de.stdout.split())  # the lines are wrapped at 80
    assert "plays cautious:0.25" in en_words and "spielen, dieser Spieler nach der Option auch, cautious:0.25" in de_words
    assert max(len(line) for line in en.stdout.splitlines()) <= 80
    assert (en.stdout, de.stdout) == snapshot


def test_advise_a_log_that_does_not_stop_at_a_decision_exits_2() -> None:
    text = '{"type":"game","id":"g","players":["A","B","C"],"dealer":"A"}\n{"type":"round","round":1}\n'
    result = runner.invoke(app, ["advise", "-"], input=text)
    assert result.exit_code == 2
    assert "does not stop at a decision" in result.stderr
    assert "Traceback" not in result.stderr


def test_advise_an_unreachable_position_exits_2() -> None:
    text = ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A"}\n'
            '{"type":"position","round":1,"dealer":"A","players":{"A":{"row":["3","3"]}},"turn":"A"}\n')
    result = runner.invoke(app, ["advise", "-"], input=text)
    assert result.exit_code == 2 and "bad_event" in result.stderr


def test_advise_a_waiting_freeze_names_the_best_recipient() -> None:
    text = ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A"}\n'
            '{"type":"round","round":1}\n{"type":"card","player":"B","card":"12"}\n'
            '{"type":"card","player":"C","card":"2"}\n{"type":"card","player":"A","card":"freeze"}\n')
    result = runner.invoke(app, ["advise", "-", "--json"], input=text)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["kind"] == "target" and data["card"] == "freeze"
    assert set(data["options"]) == {"A", "B", "C"}
    assert data["best"] == "C"  # freezing the 2 denies C most: a 12 is nearly worth banking


def test_analyze_one_round_as_json_follows_its_schema(snapshot: SnapshotAssertion) -> None:
    """``--format 1`` keeps the ``flip7-analysis/1`` answer as it was."""
    result = runner.invoke(app, ["analyze", GAME, "--round", "1", "--json", "--format", "1"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    schema = json.loads(runner.invoke(app, ["analyze", "--schema", "--format", "1"]).stdout)
    jsonschema.validate(data, schema)
    assert data["format"] == "flip7-analysis/1" and data["complete"] is True
    assert data["decisions"] and all(d["round"] == 1 for d in data["decisions"])
    for d in data["decisions"]:
        assert abs(d["loss"] - (d["options"][d["best"]] - d["options"][d["choice"]])) < 1e-5
    assert data == snapshot


def test_analyze_json_is_flip7_analysis_2_with_the_chance_to_win(snapshot: SnapshotAssertion) -> None:
    result = runner.invoke(app, ["analyze", GAME, "--round", "1", "--json", "--win-samples", "8"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    schema = json.loads(runner.invoke(app, ["analyze", "--schema"]).stdout)
    assert schema == json.loads((ROOT / "docs" / "flip7-analysis-2.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)
    assert data["format"] == "flip7-analysis/2" and data["model"]["name"] == "flip7-w1" and data["model"]["samples"] == 8
    cem = next(d for d in data["decisions"] if d["event"] == 7)  # the round-value blunder of round 1
    assert cem["choice"] == "stay" and cem["win"]["best"] == "hit" and cem["win"]["error"] > 0
    for p in data["players"]:  # the round's W changes add up
        w = p["win"]
        assert abs(w["start"] + w["luck"] - w["errors"] + w["others"] + w["gap"] - w["result"]) < 0.06
    assert data == snapshot


def test_analyze_prints_a_summary_per_player_in_both_languages() -> None:
    en = runner.invoke(app, ["analyze", GAME, "--round", "1"], env=COLUMNS_80)
    de = runner.invoke(app, ["analyze", GAME, "--round", "1", "--lang", "de"], env=COLUMNS_80)
    assert en.exit_code == 0 and de.exit_code == 0
    assert "Player summary" in en.stdout and "Zusammenfassung je Spieler" in de.stdout
    assert "By the chance to win (points)" in en.stdout and "Nach der Siegchance (Prozentpunkte)" in de.stdout
    assert "Luck per card" in en.stdout and "Glück je Karte" in de.stdout
    assert "model flip7-w1" in en.stdout and "Modell flip7-w1" in de.stdout
    assert max(len(line) for line in (en.stdout + de.stdout).splitlines()) <= 80


def test_analyze_a_game_with_a_violation_stops_there_and_exits_1() -> None:
    result = runner.invoke(app, ["analyze", str(ROOT / "logs" / "invalid-wrong-turn.jsonl"), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["complete"] is False and data["stopped_by"]["code"] == "wrong_player"
    assert all(d["event"] < data["stopped_by"]["event"] for d in data["decisions"])


def test_analyze_unreadable_input_exits_2() -> None:
    result = runner.invoke(app, ["analyze", "-"], input="")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    result = runner.invoke(app, ["analyze", GAME, "--player", "Nobody"])
    assert result.exit_code == 2 and "Nobody" in result.stderr


def test_explain_names_the_costly_decisions_of_the_round_it_tells() -> None:
    en = runner.invoke(app, ["explain", GAME, "--round", "1", "--costly"])
    de = runner.invoke(app, ["explain", GAME, "--round", "1", "--costly", "--lang", "de"])
    assert en.exit_code == 0 and de.exit_code == 0
    assert "Costly decisions:" in en.stdout and "event 7: Cem chose stay where hit was best" in en.stdout
    assert "Teure Entscheidungen:" in de.stdout and "(grober Fehler)" in de.stdout
    data = json.loads(runner.invoke(app, ["explain", GAME, "--round", "1", "--costly", "--json"]).stdout)
    assert [(d["event"], d["mark"]) for d in data["costly"]] == [(7, "blunder")]


def test_advise_on_a_large_table_answers_within_its_timeout() -> None:
    """Issue 28, item 24: ``flip7 advise`` on a 300-seat Vengeance table took 486 s; its playouts
    stop at ``--timeout`` (2 s unless given) and the answer says how many there were."""
    import time

    from adjudicator.analysis.montecarlo import SAMPLES
    from tests.adjudicator.analysis.test_allowance import big_vengeance_position

    started = time.monotonic()
    result = runner.invoke(app, ["advise", "-", "--json", "--timeout", "1"], input=big_vengeance_position(60))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["samples"] < SAMPLES and time.monotonic() - started < 5.0


def test_analyze_past_its_timeout_exits_2_and_says_what_to_ask_for() -> None:
    from tests.adjudicator.analysis.test_allowance import long_game

    result = runner.invoke(app, ["analyze", "-", "--timeout", "0.1"], input=long_game())
    assert result.exit_code == 2
    assert "needed more than its 0.1 s" in result.output and "--round" in result.output


def test_explain_costly_is_bounded_like_analyze(monkeypatch: pytest.MonkeyPatch) -> None:
    """``explain --costly`` values a round's decisions: within ``flip7 analyze``'s time (issue 28, item 24)."""
    monkeypatch.setattr("cli.analysis.ANALYZE_SECONDS", 0.0)
    result = runner.invoke(app, ["explain", GAME, "--round", "1", "--costly"])
    assert result.exit_code == 2 and "needed more than its 0 s" in result.output
