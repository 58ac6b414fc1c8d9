"""The chance to win near the end of a game (`analyze --win`): where the game score makes the
round-value choice wrong, the analysis says so with both chances."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicator.analysis.evaluate import near_end
from adjudicator.analysis.observe import analyze
from adjudicator.replay import replay_log
from cli.main import app

ROOT = Path(__file__).resolve().parents[3]
GAME = (ROOT / "logs" / "3-players.jsonl").read_text(encoding="utf-8")


def test_behind_at_the_end_a_round_value_blunder_is_the_way_to_win() -> None:
    result = analyze(GAME, round_no=9, win=True)
    ben = next(d for d in result.decisions if d.event == 196)
    assert ben.player == "Ben" and ben.choice == "hit"
    assert ben.best == "stay" and ben.mark == "blunder"  # by round value, staying on 56 is better
    assert ben.win_chance is not None and ben.win_best == "hit"  # but staying cannot win the game
    assert ben.win_chance["stay"] == 0.0 and ben.win_chance["hit"] > 0.3
    (shown,) = [d for d in result.to_dict()["decisions"] if d["event"] == 196]
    assert shown["win_best"] == "hit" and set(shown["win_chance"]) == {"hit", "stay"}


def test_without_win_or_far_from_the_end_there_is_no_chance_to_win() -> None:
    assert all(d.win_chance is None for d in analyze(GAME, round_no=9).decisions)
    early = replay_log(GAME.splitlines()[:8]).state
    assert not near_end(early)
    assert all("win_chance" not in d for d in analyze(GAME, round_no=1, win=True).to_dict()["decisions"])


def test_analyze_win_says_so_in_english_and_german() -> None:
    runner = CliRunner()
    columns = {"COLUMNS": "80"}  # an 80-column terminal: the report is wrapped to it
    en = runner.invoke(app, ["analyze", "-", "--win", "--round", "9"], input=GAME, env=columns)
    de = runner.invoke(app, ["analyze", "-", "--win", "--round", "9", "--lang", "de"], input=GAME, env=columns)
    assert en.exit_code == 0 and de.exit_code == 0
    assert "to win the game: hit 63% against stay 0%; the game score says hit" in en.stdout
    assert "Siegchance: noch eine 63 % gegen Stopp 0 %; der Spielstand sagt noch eine" in de.stdout
    assert max(len(line) for line in (en.stdout + de.stdout).splitlines()) <= 80
