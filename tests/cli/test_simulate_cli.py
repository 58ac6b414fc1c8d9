"""`flip7 simulate` through Typer's runner: folders, stdout, determinism, options and refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.replay import check_log
from adjudicator.simulate import GameOptions, simulate
from cli.main import app

runner = CliRunner()


def games_in(text: str) -> list[str]:
    """Split logs written one after another at their game lines."""
    logs: list[list[str]] = []
    for line in text.splitlines():
        if json.loads(line)["type"] == "game":
            logs.append([])
        logs[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in logs]


def test_writes_one_valid_log_per_game_into_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "games"
    result = runner.invoke(app, ["simulate", "--games", "4", "--players", "5", "--seed", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.iterdir())
    assert [re.sub(r"-[0-9a-f]{8}-", "-", name) for name in files] == [f"sim-s1-000{i}.jsonl" for i in range(1, 5)]
    for path in out.iterdir():
        verdict = check_log(path.read_text(encoding="utf-8"))
        assert verdict.valid and verdict.finished
        assert verdict.game == path.stem
    assert "wrote 4 logs" in result.output


def test_stdout_holds_the_logs_one_after_another_and_a_seed_repeats() -> None:
    first = runner.invoke(app, ["simulate", "--games", "2", "--players", "3", "--seed", "9"])
    again = runner.invoke(app, ["simulate", "--games", "2", "--players", "3", "--seed", "9"])
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    logs = games_in(first.stdout)
    assert len(logs) == 2
    assert all(check_log(text).valid for text in logs)
    ids = [json.loads(t.splitlines()[0])["id"] for t in logs]
    assert [re.sub(r"-[0-9a-f]{8}-", "-", i) for i in ids] == ["sim-s9-0001", "sim-s9-0002"]


def test_game_options_and_strategies_are_used() -> None:
    result = runner.invoke(
        app,
        ["simulate", "--players", "20", "--decks", "2", "--edition", "first", "--delayed", "assign_first",
         "--target", "60", "--rounds", "2", "--strategy", "cautious:0.3,random@smart", "--claims", "none"],
    )
    assert result.exit_code == 0, result.output
    head = json.loads(result.stdout.splitlines()[0])
    assert (head["decks"], head["edition"], head["delayed"], head["target"], head["rounds"]) == (2, "first", "assign_first", 60, 2)
    assert '"type":"score"' not in result.stdout
    verdict = check_log(result.stdout)
    assert verdict.valid and len(verdict.rounds) >= 2
    # Exactly the game the library plays with these options and strategies (seed 0, one game) ...
    options = GameOptions(edition="first", delayed="assign_first", target=60, rounds=2, decks=2)
    expected = [g.text() for g in simulate(1, 20, seed=0, strategies="cautious:0.3,random@smart", options=options, claims="none")]
    assert result.stdout == "".join(expected)
    # ... which the strategies change.
    default = [g.text() for g in simulate(1, 20, seed=0, options=options, claims="none")]
    assert result.stdout != "".join(default)


def test_wrong_claims_are_written_on_purpose() -> None:
    result = runner.invoke(app, ["simulate", "--players", "4", "--seed", "3", "--claims", "wrong"])
    assert result.exit_code == 0, result.output
    assert [v.code for v in check_log(result.stdout).violations] == ["score_mismatch", "winner_mismatch"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--brutal"], "brutal mode exists only in the vengeance ruleset"),
        (["--ruleset", "vengeance", "--edition", "first"], "belongs to the base game"),
        (["--ruleset", "poker"], "ruleset = 'poker'"),
        (["--players", "2"], "at least 3 players"),
        (["--players", "19"], "--players 19 needs --decks 2"),
        (["--players", "37", "--decks", "2"], "seat at most 36 players; --players 37 needs --decks 3"),
        (["--players", "40", "--ruleset", "vengeance"], "--players 40 needs --decks 3"),
        (["--strategy", "bold"], "unknown strategy"),
        (["--strategy", "cautious:7"], "between 0 and 1"),
    ],
)
def test_refusals_exit_2_with_a_message_and_no_traceback(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert words in result.output
    assert '"decks"' not in result.output  # issue 28 item 7: the option is named as the command has it
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_file_where_the_folder_should_be_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = runner.invoke(app, ["simulate", "--out", str(blocker)])
    assert result.exit_code == 2
    assert "not a folder" in result.output


def test_bad_option_values_are_usage_errors() -> None:
    assert runner.invoke(app, ["simulate", "--games", "0"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--edition", "third"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--claims", "maybe"]).exit_code == 2


def test_rounds_above_the_safety_cap_are_all_played(tmp_path: Path) -> None:
    from adjudicator.simulate.play import MAX_ROUNDS

    result = CliRunner().invoke(app, ["simulate", "-p", "3", "--rounds", str(MAX_ROUNDS + 1), "--claims", "none", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (log,) = tmp_path.glob("*.jsonl")
    text = log.read_text()
    assert text.count('"type":"round"') == MAX_ROUNDS + 1
    assert "1 finished" in result.stderr


def test_progress_is_shown_on_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    import cli.simulate

    plain = CliRunner().invoke(app, ["simulate", "-n", "3"])
    assert plain.exit_code == 0 and "simulating" not in plain.stderr
    monkeypatch.setattr(cli.simulate, "err_console", lambda: Console(stderr=True, force_terminal=True, width=80))
    shown = CliRunner().invoke(app, ["simulate", "-n", "3"])
    assert shown.exit_code == 0 and "simulating" in shown.stderr
    assert shown.stdout == plain.stdout  # the logs themselves are the same


@pytest.mark.parametrize("extra", [[], ["--brutal"], ["--decks", "2", "--players", "19"]])
def test_vengeance_games_are_simulated_valid(extra: list[str]) -> None:
    result = runner.invoke(app, ["simulate", "--ruleset", "vengeance", "--games", "2", "--seed", "4", *extra])
    assert result.exit_code == 0, result.output
    logs = [chunk for chunk in result.stdout.split('{"type":"game"') if chunk]
    assert len(logs) == 2
    for chunk in logs:
        verdict = check_log('{"type":"game"' + chunk)
        assert verdict.valid, verdict.violations[:1]
        assert '"ruleset":"vengeance"' in chunk.splitlines()[0]


def test_runs_with_the_same_seed_but_other_settings_get_other_ids_and_both_ingest(tmp_path: Path) -> None:
    # issue 21 item 4: the ids depended on the seed alone, so the second run was refused by ingest
    out = tmp_path / "games"
    db = tmp_path / "f.duckdb"
    for players in ("3", "4"):
        result = runner.invoke(app, ["simulate", "--games", "2", "--players", players, "--rounds", "1", "--out", str(out)])
        assert result.exit_code == 0, result.output
    assert len(list(out.iterdir())) == 4
    stored = runner.invoke(app, ["ingest", str(out), "--db", str(db)])
    assert stored.exit_code == 0, stored.output
    listed = runner.invoke(app, ["games", "--db", str(db), "--json"])
    assert len(json.loads(listed.stdout)) == 4


def test_id_prefix_starts_every_id_and_a_bad_one_is_refused() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--players", "3", "--rounds", "1", "--id-prefix", "club.night-3"])
    assert result.exit_code == 0, result.output
    ids = [json.loads(t.splitlines()[0])["id"] for t in games_in(result.stdout)]
    assert all(re.fullmatch(r"club\.night-3-s0-[0-9a-f]{8}-000[12]", i) for i in ids), ids
    bad = runner.invoke(app, ["simulate", "--id-prefix", "../x"])
    assert bad.exit_code == 2
    assert "id prefix" in bad.output


def test_unique_names_give_every_game_players_of_its_own() -> None:
    result = runner.invoke(app, ["simulate", "-n", "3", "-p", "4", "--seed", "5", "--unique-names"])
    assert result.exit_code == 0, result.output
    seated = [json.loads(log.splitlines()[0])["players"] for log in games_in(result.stdout)]
    assert len(seated) == 3 and len({name for names in seated for name in names}) == 12
    assert all(re.fullmatch(r"[A-Z][a-z]+\.[0-9a-f]{8}", name) for names in seated for name in names)
