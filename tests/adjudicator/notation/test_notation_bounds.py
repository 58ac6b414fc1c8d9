"""Issue 23, item 14: the notation's reading costs per byte what the JSON reader's does, and its
lines are bounded (length and count), each bound refused with a clear error on its line.

Each test failed before the fix: lines had no bound, and every token was normalised again each
time a word of it was looked up (four times per token on an ordinary game).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from adjudicator.notation import jsonl_to_notation, parse_notation
from adjudicator.notation import parse as parse_module
from adjudicator.referee import settle
from adjudicator.source import MAX_LINE_BYTES, lines_from_text

SETUP = "game g; players Ana Ben Cem; dealer Ana\nround 1\n"
GAME = Path(__file__).resolve().parents[3] / "logs" / "12-players.jsonl"


def test_a_line_over_the_json_readers_bound_is_an_error_on_its_line() -> None:
    text = SETUP + "Ana " + "7 " * (MAX_LINE_BYTES // 2) + "\nBen 5\n"
    entries = parse_notation(text).entries
    error = entries[2].error
    assert error is not None and error.line == 3
    assert f"{MAX_LINE_BYTES:,} bytes" in error.message
    assert entries[3].kind == "event" and entries[3].line == 4  # the next line is read as ever


def test_a_line_just_under_the_bound_is_read() -> None:
    line = "Ana hit " + " " * (MAX_LINE_BYTES - 20) + "7"
    entries = parse_notation(SETUP + line + "\n").entries
    assert [e.kind for e in entries] == ["event", "event", "event", "event"]


def test_more_lines_than_the_bound_are_cut_with_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse_module, "MAX_LINES", 50)
    text = SETUP + "# a comment\n" * 100
    entries = parse_notation(text).entries
    assert len(entries) == 51
    last = entries[-1].error
    assert last is not None and last.line == 51
    assert "more than 50 lines (102)" in last.message


def test_the_settlement_of_a_file_over_the_line_bound_names_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse_module, "MAX_LINES", 4)
    ruling = settle(SETUP + "Ben 5\nCem 6\nAna 7\n")
    violation = ruling["verdict"]["violations"][0]
    assert (violation["line"], violation["rule"]) == (5, "log.line")
    assert "more than 4 lines" in violation["message"]


def test_each_token_is_normalised_once() -> None:
    """The cost per byte: a token's word is computed once, when it is read (remembered for the
    words a game repeats), never again at each lookup."""
    text = jsonl_to_notation(lines_from_text(GAME.read_text(encoding="utf-8")))
    parse_module._word.cache_clear()
    notation = parse_notation(text)
    info = parse_module._word.cache_info()
    tokens = sum(len(parse_module._tokens(line, 1)) for line in text.splitlines())
    assert not notation.errors
    assert info.hits + info.misses == tokens  # one lookup per token, made when it was read
    assert info.misses < tokens / 5  # most words repeat: normalised once for the whole game


def test_the_parse_is_unchanged_on_a_real_game(snapshot: SnapshotAssertion) -> None:
    """The faster reader reads a real game exactly as before (its events, in order)."""
    text = jsonl_to_notation(lines_from_text(GAME.read_text(encoding="utf-8")))
    events = [e.event.model_dump(mode="json") for e in parse_notation(text).entries if e.event is not None]
    assert len(events) == 597
    assert events == snapshot.use_extension(JSONSnapshotExtension)


def test_more_words_than_the_bound_stop_the_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines alone do not bound the work (a line may hold thousands of cards): words do."""
    monkeypatch.setattr(parse_module, "MAX_WORDS", 40)
    text = SETUP + "Ben 5 6 7\n" + "Cem " + "5 " * 100 + "\nAna 7\n"
    entries = parse_notation(text).entries
    assert [e.kind for e in entries] == ["event", "event", "event", "event", "event", "error"]
    error = entries[-1].error
    assert error is not None and error.line == 4
    assert "more than 40 words" in error.message
