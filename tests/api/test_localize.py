"""A German verdict is worded from the one replay that judged the log: the referee rides along."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import adjudicator.referee.story
from api.localize import timeline_in
from cli.main import app
from tests.cli.test_check_cli import FROZEN_THEN_HIT

LOG = Path(__file__).resolve().parents[2] / "logs" / "invalid-wrong-turn.jsonl"


@pytest.fixture
def no_second_replay(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The referee's own replay (``tell``) is forbidden: counts any attempt."""
    tried: list[int] = []

    def refuse(*args: object, **kwargs: object) -> None:
        tried.append(1)
        raise AssertionError("the referee replayed the log a second time")

    monkeypatch.setattr(adjudicator.referee.story, "replay_lines", refuse)
    return tried


def test_a_german_timeline_replays_the_log_once(no_second_replay: list[int]) -> None:
    english = timeline_in(LOG.read_bytes(), "en")
    german = timeline_in(LOG.read_bytes(), "de")
    assert no_second_replay == []
    [shown] = german["verdict"]["violations"]
    assert english["verdict"]["violations"][0]["message"] == "Ana cannot hit now: it is Dana's turn to hit or stay."
    assert shown["message"].startswith("„Noch eine“ von Ana: Ana ist nicht an der Reihe.")
    assert (shown["event"], shown["code"]) == (27, "wrong_player")
    stopped = [table["stopped_by"] for table in german["tables"] if table.get("stopped_by")]
    assert stopped and all(stop["message"] == shown["message"] for stop in stopped)
    for table in german["tables"]:
        table.pop("stopped_by", None)
    assert german["tables"] == [{k: v for k, v in table.items() if k != "stopped_by"} for table in english["tables"]]


def test_a_german_check_replays_the_log_once(tmp_path: Path, no_second_replay: list[int]) -> None:
    path = tmp_path / "d.txt"
    path.write_text(FROZEN_THEN_HIT, encoding="utf-8")
    result = CliRunner().invoke(app, ["check", str(path), "--lang", "de", "--json"])
    [violation] = json.loads(result.stdout)["violations"]
    assert no_second_replay == [] and "eingefroren" in violation["message"]
