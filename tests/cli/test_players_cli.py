"""`flip7 players`, `player`, `ratings` and `ingest --aliases` end to end (issue 33)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.simulate import play_game
from cli.main import app


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    rng = random.Random(5)
    for number in range(10):
        seated = rng.sample(["Ana", "Ben", "Cem", "Dora"], 3)
        if number % 5 == 4:
            seated = ["ana" if n == "Ana" else n for n in seated]
        text = play_game(f"g{number:02}", "threshold:25,random:0.8", random.Random(number), players=seated).text()
        (folder / f"g{number:02}.jsonl").write_text(text)
    return folder


@pytest.fixture
def db(logs: Path, tmp_path: Path) -> str:
    path = str(tmp_path / "s.duckdb")
    assert run("ingest", str(logs), "--db", path)[0] == 0
    return path


def test_players_lists_them_and_suggests_variants(db: str) -> None:
    code, out, _ = run("players", "--db", db)
    assert code == 0
    assert "Ana" in out and "flip7 players merge 'ana' 'Ana'" in out
    listed = json.loads(run("players", "--db", db, "--json")[1])
    assert {p["name"] for p in listed["players"]} == {"Ana", "ana", "Ben", "Cem", "Dora"}
    assert listed["suggested_merges"] == [["Ana", "ana"]]


def test_merge_preview_merge_and_undo(db: str) -> None:
    before = run("ratings", "--db", db, "--json")[1]
    code, out, _ = run("players", "merge", "ana", "Ana", "--dry-run", "--db", db)
    assert code == 0 and out.startswith("would merge ana")
    assert run("ratings", "--db", db, "--json")[1] == before
    code, out, _ = run("players", "merge", "ana", "Ana", "--db", db)
    assert code == 0 and "undo with: flip7 players unmerge 'ana'" in out
    assert "ana" not in {p["name"] for p in json.loads(run("players", "--db", db, "--json")[1])["players"]}
    code, out, _ = run("players", "unmerge", "ana", "--db", db, "--lang", "de")
    assert code == 0 and out.strip() == "ana ist nicht mehr mit Ana zusammengeführt"
    assert run("ratings", "--db", db, "--json")[1] == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["players", "merge", "Ana", "Ana"], "into itself"),
        (["players", "merge", "Zed", "Ana"], "no player is called 'Zed'"),
        (["players", "rename", "Ana", "Ben"], "already called 'Ben'"),
        (["players", "unmerge", "Ana"], "not merged"),
        (["player", "ANA"], "did you mean 'Ana' or 'ana'"),
        (["ratings", "--ruleset", "poker"], "no ruleset is called 'poker'"),
    ],
)
def test_bad_input_exits_2_and_changes_nothing(db: str, args: list[str], message: str) -> None:
    before = run("players", "--db", db, "--json")[1], run("ratings", "--db", db, "--json")[1]
    code, _, err = run(*args, "--db", db)
    assert code == 2 and message in " ".join(err.split())
    assert (run("players", "--db", db, "--json")[1], run("ratings", "--db", db, "--json")[1]) == before


def test_ratings_leaderboard_profile_head_to_head_and_prediction(db: str) -> None:
    board = json.loads(run("ratings", "--db", db, "--json")[1])
    assert board["scope"] == "all" and board["ratings"][0]["rank"] == 1
    assert run("ratings", "--db", db, "--ruleset", "flip7", "--json")[1].count('"rank"') == len(board["ratings"])
    code, out, _ = run("ratings", "--db", db, "--lang", "de")
    assert code == 0 and "Wertung" in out and "Spieler" in out
    assert json.loads(run("ratings", "--db", db, "--since", "2000-01-01", "--json")[1])["ratings"] == board["ratings"]
    assert json.loads(run("ratings", "--db", db, "--recompute", "--json")[1])["ratings"] == board["ratings"]
    profile = json.loads(run("player", "Ana", "--against", "Ben", "--db", db, "--json")[1])
    assert profile["name"] == "Ana" and profile["against"]["games"] >= 1
    predicted = json.loads(run("ratings", "--predict", "Ana", "--predict", "Ben", "--db", db, "--json")[1])
    assert abs(sum(p["win_chance"] for p in predicted["players"]) - 1) < 1e-3


def test_ingest_with_an_alias_file(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    log.write_text(play_game("p1", "threshold:25", random.Random(1), players=["pid:1", "pid:2", "pid:3"]).text())
    db = str(tmp_path / "a.duckdb")
    aliases = tmp_path / "aliases.json"
    aliases.write_text('{"pid:1": "Ana", "pid:1": "Ben"}')
    code, _, err = run("ingest", str(log), "--aliases", str(aliases), "--db", db)
    assert code == 2 and "more than once" in err and not Path(db).exists()
    aliases.write_text('{"pid:9": "Ana"}')
    code, _, err = run("ingest", str(log), "--aliases", str(aliases), "--db", db)
    assert code == 2 and "'pid:9'" in err
    aliases.write_text('{"pid:1": "Ana", "pid:2": "Ben"}')
    assert run("ingest", str(log), "--aliases", str(aliases), "--db", db)[0] == 0
    assert {p["name"] for p in json.loads(run("players", "--db", db, "--json")[1])["players"]} == {"Ana", "Ben", "pid:3"}


def test_profile_says_the_games_were_not_analysed(db: str) -> None:
    profile = json.loads(run("player", "Ana", "--db", db, "--json")[1])
    assert profile["skill"]["analysed_games"] == 0 and profile["skill"]["notes"] == ["not-analysed", "no-win-chance"]
    code, out, _ = run("player", "Ana", "--db", db)
    assert code == 0 and "not analysed" in out and "flip7 ingest --analyze" in out
    code, out, _ = run("player", "Ana", "--db", db, "--lang", "de")
    assert code == 0 and "nicht analysierte Spiele" in out
