"""`flip7 settle` and `flip7 explain` through Typer's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
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


# ------------------------------------------------------------------ issue 21 item 11


def test_settle_says_it_reads_standard_input_on_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    from cli.convert import read_text

    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal(io.BytesIO(b"game g; players A B C; dealer A\n")))
    assert read_text("-").startswith("game g")
    assert "from standard input; end it with Ctrl-D" in capsys.readouterr().err


def test_a_line_that_is_not_utf8_is_worded_as_check_words_it(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"type":"game","id":"x","players":["A","B","C"],"dealer":"A"}\n\xff\n')
    settled = runner.invoke(app, ["settle", str(path)])
    checked = runner.invoke(app, ["check", str(path)])
    assert settled.exit_code == checked.exit_code == 2
    assert "line 2 is not UTF-8 text (byte 1 of the line is 0xff)" in settled.output
    assert "line 2 is not UTF-8 text (byte 1 of the line is 0xff)" in checked.output


def test_explain_into_a_closed_pipe_ends_quietly() -> None:
    import subprocess
    import sys

    log = Path(__file__).resolve().parents[2] / "logs" / "3-players.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "explain", str(log)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0, err
    assert b"Traceback" not in err and b"Broken pipe" not in err


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_dispute_is_settled_in_80_columns_with_whole_words(lang: str) -> None:
    # issue 21 item 9: the German ruling line ran to 81 columns ("Entscheidung: … Ereignis 11 (Zeile 15) …")
    long_rulings = 0
    disputes = sorted((ROOT / "fixtures" / "disputes").glob("*.txt"))[::6]  # six of them, and a long German ruling line
    for dispute in [*disputes, ROOT / "fixtures" / "vengeance" / "007-flip-four-bust-set-aside-target-refused.jsonl"]:
        result = runner.invoke(app, ["settle", str(dispute), "--lang", lang])
        assert result.exit_code in (0, 1), dispute.name
        assert [line for line in result.stdout.splitlines() if len(line) > 80] == [], dispute.name
        summary = json.loads(runner.invoke(app, ["settle", str(dispute), "--lang", lang, "--json"]).stdout)["ruling"]["summary"]
        assert _words(summary) in _words(result.stdout), dispute.name  # wrapped at spaces only
        long_rulings += len(summary) > 80 - len("Entscheidung: ")
    assert long_rulings > 0 or lang == "en"  # a German ruling line has to wrap


def test_explain_exits_as_check_does() -> None:
    # issue 28 item 5: explain of a log with a violation exited 0 (check exits 1)
    bad = str(ROOT / "logs" / "invalid-wrong-turn.jsonl")
    good = str(ROOT / "logs" / "3-players.jsonl")
    assert runner.invoke(app, ["check", bad]).exit_code == 1
    assert runner.invoke(app, ["explain", bad]).exit_code == 1
    assert runner.invoke(app, ["explain", bad, "--json"]).exit_code == 1
    assert runner.invoke(app, ["explain", good, "--round", "1"]).exit_code == 0
    assert runner.invoke(app, ["explain", bad, "--at", "2"]).exit_code == 0  # the events told break no rule
