"""Issue 23, items 1–3: notation texts that crashed settle, explain and convert are now refused clearly.

Each test asserts the refusal explicitly; the settlement of a misplaced ``position`` line is also
snapshot-tested (its sentences are the verdict the user reads).
"""

from __future__ import annotations

import json

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension

from adjudicator.events import MAX_DIGITS
from adjudicator.notation import parse_notation
from adjudicator.referee import explain, settle

SETUP = "game g; players Ana Ben Cem; dealer Ana\nround 1\n"


def _encodable(result: object) -> None:
    json.dumps(result, ensure_ascii=False).encode("utf-8")  # what --json and the API write


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("score 1 Ana " + "9" * 4301, 13),  # a claim's number
        ("score " + "9" * 4301 + " Ana 1", 7),  # the round of a score
        ("round " + "9" * (MAX_DIGITS + 1), 7),
    ],
)
def test_a_number_longer_than_the_json_readers_bound_is_a_notation_error(line: str, column: int) -> None:
    [error] = parse_notation(SETUP + line + "\n").errors
    assert (error.line, error.column) == (3, column)
    assert f"at most {MAX_DIGITS} digits" in error.message and len(error.message) < 120
    for judge in (settle, explain):
        _encodable(judge(SETUP + line + "\n"))


def test_fifteen_digits_are_still_a_number() -> None:
    notation = parse_notation(SETUP + "score 1 Ana " + "9" * MAX_DIGITS + "\n")
    assert notation.errors == []


@pytest.mark.parametrize("number", ["²", "١٢", "1²", "٣"])
def test_digits_other_than_ascii_are_not_numbers(number: str) -> None:
    text = SETUP + f"score {number} Ana 1\n"
    assert parse_notation(text).errors, "a superscript or Arabic-Indic digit is no round number"
    text = SETUP + f"score 1 Ana {number}\n"
    [error] = parse_notation(text).errors
    assert "needs a whole number" in error.message
    for judge in (settle, explain):
        _encodable(judge(text))


@pytest.mark.parametrize(
    "text",
    [
        'game "\\udfff"; players Ana Ben Cem; dealer Ana\n',
        'game g; players "\\ud800x" Ben Cem; dealer Ana\n',
        SETUP + '"\\udc80" hit\n',
    ],
)
def test_a_lone_surrogate_in_a_quoted_name_is_a_notation_error(text: str) -> None:
    [error] = parse_notation(text).errors
    assert "surrogate" in error.message
    for judge in (settle, explain):
        _encodable(judge(text))


def test_a_line_holding_a_raw_lone_surrogate_is_refused() -> None:
    [error] = parse_notation(SETUP + "Ana\udcff hit\n").errors
    assert (error.line, error.column) == (3, 1) and "surrogate" in error.message


POSITION = "position round 1; dealer Ana; Ana 4; Ben 3; Cem 5"


@pytest.mark.parametrize("where", ["after round", "after a card", "twice", "at the end"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_position_line_not_right_after_the_game_line_is_a_violation(where: str, lang: str) -> None:
    text = {
        "after round": SETUP + POSITION + "\n",
        "after a card": SETUP + "Ben 8\n" + POSITION + "\n",
        "twice": "game g; players Ana Ben Cem; dealer Ana\n" + POSITION + "\n" + POSITION + "\n",
        "at the end": SETUP + "Ben 8\nCem 3\nAna 5\nBen stay\nCem stay\nAna stay\n" + POSITION + "\n",
    }[where]
    result = settle(text, lang)
    assert result["verdict"]["valid"] is False
    assert result["verdict"]["violations"][0]["code"] in ("out_of_order", "bad_event", "setup_error")
    _encodable(result)
    _encodable(explain(text, lang))


def test_the_misplaced_position_ruling(snapshot: SnapshotAssertion) -> None:
    result = {lang: settle(SETUP + POSITION + "\n", lang)["ruling"]["violations"] for lang in ("en", "de")}
    assert result["de"][0]["message"].startswith("Eine Stellung")
    assert result == snapshot.use_extension(JSONSnapshotExtension)
