"""The notation's words (English, German, case, abbreviations), its statements and its errors."""

from __future__ import annotations

import pytest

from adjudicator.events import CardEvent, GameEvent, HitEvent, RoundEvent, ScoreEvent, StayEvent, TargetEvent
from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation, register_card_words, replay_notation
from adjudicator.notation.words import CARD_WORDS

SETUP = "game t; players Ana Ben Cem; dealer Ana\nround 1\n"


def events(text: str) -> list[object]:
    notation = parse_notation(text)
    assert notation.errors == []
    return [e.event for e in notation.entries if e.kind == "event"]


def test_the_contract_example_in_notation() -> None:
    got = events(SETUP + "Ben 8\nCem freeze>Ben\nAna x2\nCem hit 12\nAna hit 11\nCem stay; Ana stay\nscore Ana 22 Ben 8 Cem 12\n")
    assert got[0] == GameEvent(type="game", id="t", players=["Ana", "Ben", "Cem"], dealer="Ana")
    assert got[1] == RoundEvent(type="round", round=1)
    assert got[3:5] == [CardEvent(type="card", player="Cem", card="freeze"), TargetEvent(type="target", player="Cem", card="freeze", target="Ben")]
    assert got[6:8] == [HitEvent(type="hit", player="Cem"), CardEvent(type="card", player="Cem", card="12")]
    assert got[-1] == ScoreEvent(type="score", round=1, scores={"Ana": 22, "Ben": 8, "Cem": 12})
    assert replay_notation(parse_notation(SETUP + "Ben 8\nCem freeze>Ben\nAna x2\nCem hit 12\nAna hit 11\nCem stay; Ana stay\n"))[0].verdict.valid


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("Ana Noch Eine 5", [HitEvent(type="hit", player="Ana"), CardEvent(type="card", player="Ana", card="5")]),
        ("Ana noch 5", [HitEvent(type="hit", player="Ana"), CardEvent(type="card", player="Ana", card="5")]),
        ("Ana STOPP", [StayEvent(type="stay", player="Ana")]),
        ("Ana s", [StayEvent(type="stay", player="Ana")]),
        ("Ana Einfrieren>Ben", [CardEvent(type="card", player="Ana", card="freeze"), TargetEvent(type="target", player="Ana", card="freeze", target="Ben")]),
        ("Ana Drei aufdecken > Ben", [CardEvent(type="card", player="Ana", card="flip_three"), TargetEvent(type="target", player="Ana", card="flip_three", target="Ben")]),
        ("Ana Flip Three -> Ben", [CardEvent(type="card", player="Ana", card="flip_three"), TargetEvent(type="target", player="Ana", card="flip_three", target="Ben")]),
        ("Ana f3", [CardEvent(type="card", player="Ana", card="flip_three")]),
        ("Ana Zweite Chance", [CardEvent(type="card", player="Ana", card="second_chance")]),
        ("Ana Second Chance", [CardEvent(type="card", player="Ana", card="second_chance")]),
        ("Ana sc", [CardEvent(type="card", player="Ana", card="second_chance")]),
        ("Ana ×2 +4", [CardEvent(type="card", player="Ana", card="x2"), CardEvent(type="card", player="Ana", card="+4")]),
        ("Ana gibt Freeze an Ben", [TargetEvent(type="target", player="Ana", card="freeze", target="Ben")]),
        ("Ana gives frz>Ben", [TargetEvent(type="target", player="Ana", card="freeze", target="Ben")]),
    ],
)
def test_english_and_german_words_any_case(words: str, expected: list[object]) -> None:
    assert events(words + "\n") == expected


def test_german_setup_and_round() -> None:
    got = events("Spiel küche; Spieler Lea Tom Mia; Geber Mia; Ziel 150; Auflage erste\nRunde 1 Geber Mia\nmischen\nWertung 1 Lea 3\nEnde Lea Stand Lea 3\n")
    assert got[0] == GameEvent(type="game", id="küche", players=["Lea", "Tom", "Mia"], dealer="Mia", target=150, edition="first")
    assert got[1] == RoundEvent(type="round", round=1, dealer="Mia")
    assert [e.type for e in got[2:]] == ["shuffle", "score", "end"]  # type: ignore[attr-defined]


def test_score_without_round_means_the_last_round_begun() -> None:
    got = events(SETUP + "round 2\nscore Ana 1 Ben 2 Cem 3\n")
    assert got[-1] == ScoreEvent(type="score", round=2, scores={"Ana": 1, "Ben": 2, "Cem": 3})


def test_quoted_names_and_reserved_words_print_and_read_back() -> None:
    line = '{"type":"game","id":"a b","players":["Hit","Ana Maria","3"],"dealer":"Hit"}'
    printed = jsonl_to_notation([line, '{"type":"round","round":1}', '{"type":"card","player":"Ana Maria","card":"3"}'])
    assert '"Ana Maria" 3' in printed and '"Hit"' in printed
    assert notation_to_jsonl(parse_notation(printed))[0] == line


@pytest.mark.parametrize(
    ("text", "line", "column", "suggestion"),
    [
        (SETUP + "Ana hti\n", 3, 5, "hit"),
        (SETUP + "Ana hit 5\nshufle\n", 4, 1, "shuffle"),
        (SETUP + "Ana frezee>Ben\n", 3, 5, "freeze"),
        ("game t; players Ana Ben Cem; dealer Ana; edition frist\n", 1, 50, "first"),
        (SETUP + "Ana hit 13\n", 3, 9, None),
    ],
)
def test_errors_point_at_the_token_and_suggest_the_nearest_word(text: str, line: int, column: int, suggestion: str | None) -> None:
    notation = parse_notation(text)
    [error] = notation.errors
    assert (error.line, error.column, error.suggestion) == (line, column, suggestion)
    assert f"line {line}, column {column}" in str(error)


def test_an_unreadable_statement_is_a_bad_event_on_its_line_and_the_rest_is_read() -> None:
    notation = parse_notation(SETUP + "Ben 8\nCem hti\nAna 5\n")
    result, _ = replay_notation(notation)
    [violation] = result.verdict.violations
    assert (violation.event, violation.line, violation.code, violation.rule) == (3, 4, "bad_event", "log.line")
    assert "did you mean 'hit'" in violation.message
    assert result.verdict.events == 5


def test_raw_json_lines_pass_through() -> None:
    notation = parse_notation(SETUP + '{"type":"hit","player":"Ben"\njson null\n')
    assert notation_to_jsonl(notation)[-2:] == ['{"type":"hit","player":"Ben"', "null"]


def test_a_ruleset_adds_its_card_words_through_the_hook() -> None:
    saved = {k: dict(v) for k, v in CARD_WORDS.items()}
    register_card_words("vengeance", {"steal": ["mopsen"], "flip_four": ["vierer"]}, phrases=[("vier", "er")])
    try:
        notation = parse_notation("game t; players A B C; dealer A; ruleset vengeance\nround 1\nB Mopsen\nC Vierer\n")
        assert notation.errors == []
        lines = notation_to_jsonl(notation)
        assert lines[2] == '{"type":"card","player":"B","card":"steal"}' and '"card":"flip_four"' in lines[3]
        assert parse_notation("game t; players A B C; dealer A\nround 1\nB mopsen\n").errors  # not a base-game card
    finally:
        CARD_WORDS.clear()
        CARD_WORDS.update(saved)


def test_a_position_in_english_and_german() -> None:
    english = events("players Tom Lea Mia; dealer Mia\nposition round 2; dealer Mia; Lea 3 8 sc; Mia 9 stayed; turn Tom; totals Tom 5; discards 7\n")
    german = events("Spieler Tom Lea Mia; Geber Mia\nStellung Runde 2; Geber Mia; Lea 3 8 Zweite Chance; Mia 9 stopp; am Zug Tom; Stand Tom 5; Ablage 7\n")
    assert english == german
    position = english[1]
    assert position.players["Lea"].row == ["3", "8", "second_chance"] and position.players["Mia"].out == "stayed"  # type: ignore[attr-defined]
    assert (position.turn, position.totals, position.discards) == ("Tom", {"Tom": 5}, ["7"])  # type: ignore[attr-defined]


def test_a_position_card_typo_points_at_it() -> None:
    [error] = parse_notation("players Tom Lea Mia; dealer Mia\nposition round 2; dealer Mia; Lea 3 frezee\n").errors
    assert (error.line, error.column, error.suggestion) == (2, 37, "freeze")
