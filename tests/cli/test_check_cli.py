"""`flip7 check`, `state` and `schema` through Typer's runner: output, --json, stdin, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests.adjudicator.helpers import KITCHEN, KITCHEN_NOTATION, card, game, log, rnd, simulated_logs

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


def test_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, ["check", str(tmp_path / "empty")])
    assert result.exit_code == 2 and "is a folder with no *.jsonl" in result.stderr


def test_one_unreadable_file_with_json_prints_an_error_object(logs: dict[str, Path]) -> None:
    result = runner.invoke(app, ["check", "--json", str(logs["empty"])])
    assert result.exit_code == 2
    answer = json.loads(result.stdout)
    assert answer["file"] == str(logs["empty"]) and "empty" in answer["error"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """30 simulated logs, every 5th spoilt (6 with violations), and one unreadable file."""
    out = tmp_path / "many"
    out.mkdir()
    for i, text in enumerate(simulated_logs([f"m{i:02}" for i in range(30)], seed=3, spoilt_every=5)):
        (out / f"m{i:02}.jsonl").write_text(text)
    (out / "zz-empty.jsonl").write_bytes(b"")
    return out


def test_jsonl_streams_one_verdict_per_file_from_worker_processes(folder: Path) -> None:
    result = runner.invoke(app, ["check", str(folder), "--jsonl", "--jobs", "2"])
    assert result.exit_code == 2
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 31 and all("file" in item for item in lines)
    assert sorted(Path(item["file"]).name for item in lines) == sorted(p.name for p in folder.iterdir())
    assert sum(1 for item in lines if item.get("valid") is False) == 6
    assert "31 logs: 24 valid, 6 with violations, 1 unreadable" in result.stderr
    assert "violations by code:" in result.stderr
    one = runner.invoke(app, ["check", str(folder), "--jsonl", "--jobs", "1"])
    assert sorted(one.stdout.splitlines()) == sorted(result.stdout.splitlines())  # the same verdicts either way


def test_summary_counts_violations_by_code_and_quiet_shows_only_failures(folder: Path) -> None:
    full = runner.invoke(app, ["check", str(folder)])
    quiet = runner.invoke(app, ["check", str(folder), "--quiet"])
    assert full.exit_code == quiet.exit_code == 2
    summary = "31 logs: 24 valid, 6 with violations, 1 unreadable"
    assert summary in full.stdout and summary in quiet.stdout
    codes = full.stdout.split("violations by code: ")[1].split()
    assert sum(int(n.rstrip(",")) for n in codes[1::2]) == sum(
        len(v["violations"]) for v in map(json.loads, runner.invoke(app, ["check", str(folder), "--jsonl"]).stdout.splitlines()) if "violations" in v
    )
    assert "✓ valid" in full.stdout and "✓ valid" not in quiet.stdout
    assert quiet.stdout.count("violation") >= 6
    assert "checking" not in full.stderr  # no progress bar off a terminal


def test_json_array_is_streamed_in_input_order(folder: Path) -> None:
    result = runner.invoke(app, ["check", str(folder), "--json", "--jobs", "2"])
    items = json.loads(result.stdout)
    assert [Path(i.get("file") or f"{i['game']}.jsonl").name for i in items] == sorted(p.name for p in folder.iterdir())


def test_a_closed_pipe_ends_quietly_with_the_verdicts_exit_code(tmp_path: Path) -> None:
    import subprocess
    import sys

    many = tmp_path / "valid"
    many.mkdir()
    for i, text in enumerate(simulated_logs([f"v{i:02}" for i in range(40)], seed=4)):
        (many / f"v{i:02}.jsonl").write_text(text)
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "check", str(many)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read() if proc.stderr else b""
    assert proc.wait(timeout=120) == 0
    assert err == b""


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
    assert "engine: compiled engine" in result.output or "engine: pure-Python engine" in result.output


def test_twenty_players_stay_readable_at_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from adjudicator.simulate.play import GameOptions, play_game

    played = play_game("wide", "threshold:25", random.Random(1), players=20, options=GameOptions(decks=2))
    path = tmp_path / "wide.jsonl"
    path.write_text("".join(e.model_dump_json(exclude_none=True) + "\n" for e in played.events))
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    names = list(played.totals)
    assert len(names) == 20
    for name in names:  # one row per player, the name whole, the total at its end
        row = next(line for line in lines if line.split() and line.split()[0] == name)
        assert row.split()[-1] == str(played.totals[name])
    assert not [line for line in lines if line.strip() and set(line.split()) <= {"❄", "✗", "★", "·", "…"}]


def test_progress_on_a_terminal_leaves_piped_output_alone(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    import cli.check

    monkeypatch.setattr(cli.check, "err_console", lambda: Console(stderr=True, force_terminal=True, width=80))
    monkeypatch.setattr(cli.check, "PROGRESS_FROM", 2)
    result = runner.invoke(app, ["check", str(folder), "--jsonl"])
    assert len(result.stdout.splitlines()) == 31  # every verdict on standard output, none in the bar's stream
    assert "checking" in result.stderr


# ------------------------------------------------------------------ the notation (issue 21 item 5)

#: With a comment line first: the lines are counted from the file's first (Ana's hit of 11 is line 8).
NOTATION = "# the contract's example, typed at the table\n" + KITCHEN_NOTATION


def test_check_reads_the_notation_and_names_its_lines(tmp_path: Path) -> None:
    path = tmp_path / "kitchen.txt"
    path.write_text(NOTATION, encoding="utf-8")
    good = runner.invoke(app, ["check", str(path)])
    assert good.exit_code == 0, good.output
    assert "✓ valid" in good.output and "13 events" in good.output
    path.write_text(NOTATION.replace("Ana hit 11", "Ben hit 11"), encoding="utf-8")
    bad = runner.invoke(app, ["check", "--json", str(path)])
    assert bad.exit_code == 1
    first = json.loads(bad.stdout)["violations"][0]
    assert first["line"] == 8  # the notation's line, not a JSON line number
    assert "not valid JSON" not in bad.stdout


def test_check_from_stdin_reads_the_notation_too() -> None:
    result = runner.invoke(app, ["check", "-"], input=NOTATION)
    assert result.exit_code == 0, result.output
    assert "✓ valid" in result.output


def test_a_json_lines_log_with_a_broken_first_line_stays_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text("hello there\n" + KITCHEN, encoding="utf-8")
    result = runner.invoke(app, ["check", "--json", str(path)])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["violations"][0]["line"] == 1
    assert "JSON" in json.loads(result.stdout)["violations"][0]["message"]


def test_state_reads_the_notation(tmp_path: Path) -> None:
    path = tmp_path / "kitchen.txt"
    path.write_text(NOTATION, encoding="utf-8")
    result = runner.invoke(app, ["state", str(path), "--at", "4", "--json"])
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert view["game"] == "kitchen-2026-11-29"
    assert "No game has begun" not in result.stdout


def test_violations_wrap_at_words_in_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 21 item 9: in an 80-wide terminal violation lines broke mid-word ("Dana's t|urn")
    monkeypatch.setenv("COLUMNS", "80")
    base = Path(__file__).resolve().parents[2] / "fixtures" / "base"
    # long messages (100 to 145 characters) and a long offending line
    names = ("034-duplicate-keys", "151-first-edition-busted-gives-to-self", "156-fourth-second-chance", "158-two-decks-third-one")
    fixtures = [base / f"{name}.jsonl" for name in names]
    wrapped = 0
    for fixture in fixtures:
        result = CliRunner().invoke(app, ["check", str(fixture)])
        assert [line for line in result.stdout.splitlines() if len(line) > 80] == [], fixture.name
        verdict = json.loads(CliRunner().invoke(app, ["check", str(fixture), "--json"]).stdout)
        flat = " ".join(result.stdout.split())
        for violation in verdict["violations"]:
            assert " ".join(violation["message"].split()) in flat, fixture.name
            wrapped += len(violation["message"]) > 60
    assert wrapped > 0


def test_in_a_pipe_each_violation_stays_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    fixture = next((Path(__file__).resolve().parents[2] / "fixtures" / "base").glob("*duplicate-keys.jsonl"), None)
    assert fixture is not None
    result = CliRunner().invoke(app, ["check", str(fixture)])
    assert "the line is not strict JSON: the key 'player' appears twice in one object" in result.stdout


#: Issue 28's notation log: two statements share line 7, so an event's JSON Lines line is not its notation line.
FROZEN_THEN_HIT = "game kitchen; players Ana Ben Cem; dealer Ana\nround 1\nBen 8\nCem freeze>Ben\nAna x2\nBen hit 5\nCem stay; Ana stay\n"


def test_a_notation_violation_names_the_earlier_event_by_its_notation_line(tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_text(FROZEN_THEN_HIT, encoding="utf-8")
    result = runner.invoke(app, ["check", "--json", str(path)])
    assert result.exit_code == 1
    [violation] = json.loads(result.output)["violations"]
    assert violation["line"] == 6
    assert "frozen by Cem on event 4 (line 4)" in violation["message"]  # `Cem freeze>Ben` is line 4


def test_a_refused_game_line_is_listed_by_the_id_it_is_written_with(tmp_path: Path) -> None:
    # issue 28 item 7: the report said "(no game id)" although the game line has one
    path = tmp_path / "two.jsonl"
    path.write_text('{"type":"game","id":"kitchen-7","players":["Ana","Ben"],"dealer":"Ana"}\n', encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith("kitchen-7  ") and "(no game id)" not in result.stdout
    assert json.loads(runner.invoke(app, ["check", "--json", str(path)]).stdout)["game"] is None  # the contract's verdict
    notation = tmp_path / "two.txt"
    notation.write_text("game kitchen-8; players Ana Ben; dealer Ana\n", encoding="utf-8")
    assert runner.invoke(app, ["check", str(notation)]).stdout.startswith("kitchen-8  ")
