"""The notation's Vengeance words: every card, the target fields, English and German, printing."""

from __future__ import annotations

import pytest

from adjudicator.events import CardEvent, Event, HitEvent
from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation, replay_notation
from adjudicator.notation.words import CARD_WORDS
from adjudicator.rulesets.vengeance.rules import CARD_SET, FLIP7_BONUS, VengeanceTargetEvent

SETUP = "game v; players Ana Ben Cem; dealer Ana; ruleset vengeance\nround 1\n"


def events(text: str, setup: str = SETUP) -> list[Event]:
    notation = parse_notation(setup + text)
    assert notation.errors == []
    assert all(e.kind != "raw" for e in notation.entries), "a statement was read but is no event of the game"
    return [e.event for e in notation.entries if e.kind == "event"][2:]  # type: ignore[misc]


def card(name: str, player: str = "Ana") -> CardEvent:
    return CardEvent(type="card", player=player, card=name)


def target(card: str, to: str, player: str = "Ana", **fields: str) -> VengeanceTargetEvent:
    return VengeanceTargetEvent(type="target", player=player, card=card, target=to, **fields)


def test_every_vengeance_card_is_a_word_of_the_vengeance_table() -> None:
    words = CARD_WORDS["vengeance"]
    assert CARD_SET | {FLIP7_BONUS} <= set(words.values())
    assert all(words[name] == name for name in CARD_SET)
    assert "freeze" not in words and "x2" not in words and "second_chance" not in words


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("13", "13"), ("0", "0"), ("The Zero", "0"), ("zero", "0"), ("die Null", "0"),
        ("unlucky_7", "unlucky_7"), ("Unlucky 7", "unlucky_7"), ("u7", "unlucky_7"), ("Pech 7", "unlucky_7"),
        ("lucky_13", "lucky_13"), ("Lucky 13", "lucky_13"), ("L13", "lucky_13"), ("Glück 13", "lucky_13"),
        ("/2", "/2"), ("÷2", "/2"), ("halb", "/2"),
        ("-2", "-2"), ("-4", "-4"), ("-6", "-6"), ("-8", "-8"), ("-10", "-10"), ("−10", "-10"),
        ("Just One More", "just_one_more"), ("just-one-more", "just_one_more"), ("JOM", "just_one_more"), ("nur noch eine", "just_one_more"),
        ("Flip Four", "flip_four"), ("f4", "flip_four"), ("vier aufdecken", "flip_four"),
        ("Steal", "steal"), ("klauen", "steal"), ("Swap", "swap"), ("tauschen", "swap"),
        ("Discard", "discard"), ("abwerfen", "discard"),
    ],
)
def test_a_vengeance_card_in_english_and_german_words(words: str, name: str) -> None:
    assert events(f"Ana {words}\n") == [card(name)]


def test_hit_with_noch_eine_still_reads_next_to_just_one_more() -> None:
    assert events("Ana noch eine nur noch eine>Ben\n") == [
        HitEvent(type="hit", player="Ana"), card("just_one_more"), target("just_one_more", "Ben"),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "Ana steal>Ben target_card=7",
        "Ana Steal > Ben card=7",
        "Ana klauen>Ben karte=7",
        "Ana klauen>Ben nimmt 7",
    ],
)
def test_steal_fields_in_english_and_german(line: str) -> None:
    assert events(line + "\n") == [card("steal"), target("steal", "Ben", target_card="7")]


def test_swap_fields_words_and_card_words_as_values() -> None:
    english = events("Ana swap>Ben target_card=unlucky7 other=Cem other_card=-4\n")
    short = events("Ana swap>Ben card=u7 with=Cem for=−4\n")
    german = events("Ana tauschen>Ben karte=Pech7 mit=Cem gegen=-4\n")
    assert english == short == german == [card("swap"), target("swap", "Ben", target_card="unlucky_7", other="Cem", other_card="-4")]


def test_a_quoted_field_value_is_taken_as_written() -> None:
    got = events('Ana swap>Ben card="7" with="Cem" for="/2"\n')
    assert got[1] == target("swap", "Ben", target_card="7", other="Cem", other_card="/2")


def test_modifiers_and_the_flip7_bonus_are_given_with_their_words() -> None:
    assert events("Ana -10>Ben\n") == [card("-10"), target("-10", "Ben")]
    assert events("Ana gives Flip 7 bonus>Ana; Ben gibt Bonus an Cem\n") == [
        target(FLIP7_BONUS, "Ana"), target(FLIP7_BONUS, "Cem", player="Ben"),
    ]


def test_a_base_game_card_is_no_word_of_a_vengeance_game_and_the_other_way_round() -> None:
    [error] = parse_notation(SETUP + "Ana freeze\n").errors
    assert "unknown word 'freeze'" in error.message
    [error] = parse_notation(SETUP + "Ana 14\n").errors
    assert "not a number card of the vengeance ruleset" in error.message
    [error] = parse_notation("game b; players Ana Ben Cem; dealer Ana\nround 1\nAna hit 13\n").errors
    assert "not a number card of the flip7 ruleset" in error.message
    assert parse_notation("game b; players Ana Ben Cem; dealer Ana\nround 1\nAna steal\n").errors


def test_a_vengeance_typo_suggests_the_vengeance_word() -> None:
    [error] = parse_notation(SETUP + "Ana steel>Ben\n").errors
    assert (error.line, error.column, error.suggestion) == (3, 5, "steal")


def test_a_missing_field_is_judged_as_the_log_would_be() -> None:
    notation = parse_notation(SETUP + "Ben 5\nCem steal>Ben\n")
    result, _ = replay_notation(notation)
    [violation] = result.verdict.violations
    assert (violation.code, violation.line) == ("bad_event", 4)
    assert "target_card" in violation.message


@pytest.mark.parametrize(
    ("lang", "printed"),
    [
        ("en", "Ana swap>Ben target_card=unlucky_7 other=Cem other_card=-4"),
        ("de", "Ana swap>Ben karte=unlucky_7 mit=Cem gegen=-4"),
    ],
)
def test_a_swap_prints_on_one_line_with_its_fields_and_reads_back(lang: str, printed: str) -> None:
    lines = [
        '{"type":"game","id":"v","players":["Ana","Ben","Cem"],"dealer":"Ana","ruleset":"vengeance"}',
        '{"type":"round","round":1}',
        '{"type":"card","player":"Ana","card":"swap"}',
        '{"type":"target","player":"Ana","card":"swap","target":"Ben","target_card":"unlucky_7","other":"Cem","other_card":"-4"}',
    ]
    text = jsonl_to_notation(lines, lang)
    assert text.splitlines()[2] == printed
    assert notation_to_jsonl(parse_notation(text)) == lines


def test_a_name_in_the_other_field_is_quoted_when_it_must_be() -> None:
    lines = [
        '{"type":"game","id":"v","players":["Ana","Ben","Cem Ali"],"dealer":"Ana","ruleset":"vengeance"}',
        '{"type":"round","round":1}',
        '{"type":"target","player":"Ana","card":"swap","target":"Ben","target_card":"3","other":"Cem Ali","other_card":"4"}',
    ]
    text = jsonl_to_notation(lines)
    assert 'other="Cem Ali"' in text
    assert notation_to_jsonl(parse_notation(text)) == lines


def test_the_vengeance_example_of_the_notation_docs_is_a_valid_game() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "notation.md").read_text(encoding="utf-8")
    start = doc.index("game kneipe")
    notation = parse_notation(doc[start:doc.index("```", start)])
    assert notation.errors == []
    result, _ = replay_notation(notation)
    assert result.verdict.valid and result.verdict.events == 22


@pytest.mark.parametrize("fields", ["card Lucky 13", "card=Lucky 13", "karte Glück 13", 'card="lucky_13"'])
def test_a_card_field_of_two_words_is_one_card(fields: str) -> None:
    assert events(f"Ana steal>Ben {fields}\n") == [card("steal"), target("steal", "Ben", target_card="lucky_13")]
