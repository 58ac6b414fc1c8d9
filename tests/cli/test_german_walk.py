"""The German walk of the commands (issue 29): every command that speaks is run with ``--lang de``
over the fixtures (a base game with a Freeze, a refused move, a Vengeance game, a recording), and
none may say an English word of ``tests.german.ENGLISH`` (names and cards aside)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from tests.german import english_in

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "logs" / "4-players.jsonl"
WRONG_TURN = ROOT / "logs" / "invalid-wrong-turn.jsonl"
VENGEANCE = ROOT / "logs" / "vengeance-4-players.jsonl"
NAMES = ("Ana", "Ben", "Cem", "Dana")
#: A table typed at ``record``: a kept setup, a Freeze given, a refused hit, ``show``, ``undo``, ``help``.
RECORDING = "spiel küche; spieler Ana Ben Cem; geber Ana\nrunde 1\nBen 5\nCem freeze\nCem gibt freeze>Ana\nAna noch eine\nshow\nundo\nhelp\nquit\n"

runner = CliRunner()


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("walk") / "s.duckdb"
    assert runner.invoke(app, ["ingest", str(BASE), str(WRONG_TURN), str(VENGEANCE), "--db", str(path)]).exit_code == 0
    return path


COMMANDS: dict[str, list[str]] = {
    "check": ["check", str(BASE), str(WRONG_TURN), str(VENGEANCE)],
    "state-frozen": ["state", str(BASE), "--at", "14"],
    "state-mid": ["state", str(BASE), "--at", "30"],
    "state-stopped": ["state", str(WRONG_TURN), "--at", "27"],
    "state-vengeance": ["state", str(VENGEANCE), "--at", "40"],
    "settle": ["settle", str(WRONG_TURN)],
    "explain": ["explain", str(BASE), "--round", "1"],
    "explain-vengeance": ["explain", str(VENGEANCE), "--round", "1"],
    "advise": ["advise", str(ROOT / "fixtures" / "analysis" / "mid-round.jsonl")],
    "analyze": ["analyze", str(ROOT / "logs" / "3-players.jsonl"), "--round", "2", "--timeout", "60"],
    "convert": ["convert", str(BASE), "--to", "notation"],
}
STORE_COMMANDS: dict[str, list[str]] = {
    "players": ["players"],
    "player": ["player", "Ana"],
    "ratings": ["ratings"],
    "games": ["games"],
    "show": ["show", "invalid-wrong-turn"],
}
#: Commands that say nothing in German yet: no ``--lang`` (their words are the statistics' tables and figures).
NO_GERMAN_YET = {"stats": ["stats"]}


def _said(args: list[str], stdin: str | None = None) -> str:
    result = runner.invoke(app, [*args, "--lang", "de"], input=stdin, env={"COLUMNS": "100"})
    assert result.exit_code in (0, 1), (args, result.output)
    return result.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_says_no_english_in_german(name: str) -> None:
    said = _said(COMMANDS[name])
    assert said.strip(), name
    assert english_in(said, NAMES) == [], (name, said)


@pytest.mark.parametrize("name", sorted(STORE_COMMANDS))
def test_a_store_command_says_no_english_in_german(name: str, store: Path) -> None:
    said = _said([*STORE_COMMANDS[name], "--db", str(store)])
    assert english_in(said, NAMES) == [], (name, said)


def test_advise_on_a_waiting_card_says_no_english_in_german(tmp_path: Path) -> None:
    """The position after event 13 of the base game: Ben holds a Freeze and chooses its recipient."""
    events = [line for line in BASE.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    position = tmp_path / "freeze.jsonl"
    position.write_text("\n".join(events[:14]) + "\n", encoding="utf-8")
    said = _said(["advise", str(position)])
    assert "freeze" in said.lower() and "Rat:" in said
    assert english_in(said, NAMES) == [], said


def test_record_says_its_frames_in_german(tmp_path: Path) -> None:
    said = _said(["record", str(tmp_path / "g.jsonl")], RECORDING)
    assert "abgelehnt" in said and "als Nächstes" in said
    assert english_in(said, NAMES) == [], said


@pytest.mark.parametrize("name", sorted(NO_GERMAN_YET))
def test_the_statistics_say_no_english_in_german(name: str, store: Path) -> None:
    said = _said([*NO_GERMAN_YET[name], "--db", str(store)])
    assert english_in(said, NAMES) == [], (name, said)


def test_the_checker_finds_english() -> None:
    """The walk can fail: English output is found, names and cards are not taken for English."""
    assert english_in("Ana hits: 5 of the 91 cards would bust her.") == ["bust", "cards", "hits", "the"]
    assert english_in("Ben sagt „Stopp“; Freeze an Dana, The Zero, Second Chance", NAMES) == []

