"""A refusal is a code with parameters, worded once per language: the rules raise a ``Note`` and
the catalogues (the shared ``adjudicator.messages``, each kit's ``messages``) render its English
message (the verdict's, unchanged) and its German one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudicator.errors import RuleViolation
from adjudicator.messages import LANGUAGES, MESSAGES, fields, say
from adjudicator.note import Card, Note
from adjudicator.referee import settle
from adjudicator.replay import replay_log
from adjudicator.rulesets import RULESETS

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {"shared": MESSAGES, **{name: rules.messages for name, rules in RULESETS.items() if rules.messages}}
GAME = '{"type":"game","id":"g","players":["Ana","Ben","Cem"],"dealer":"Ana"}\n'


@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_every_language_says_every_key_with_the_same_facts(name: str) -> None:
    words = CATALOGUES[name]
    assert set(words) == set(LANGUAGES)
    assert words["en"].keys() == words["de"].keys()
    for key, english in words["en"].items():
        assert fields(english) == fields(words["de"][key]) or set(fields(words["de"][key])) <= set(fields(english)), (name, key)


def test_no_raise_in_the_rules_writes_a_sentence() -> None:
    """The engine and the kits refuse with a note: no f-string or text as a violation's message
    (the log reader's own refusals, a line that is no event at all, keep their text)."""
    sources = [ROOT / "adjudicator" / "state.py", *(ROOT / "adjudicator" / "rules").glob("*.py"), *(ROOT / "adjudicator" / "rulesets").glob("*/rules.py")]
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("violation", "RuleViolation"):
                said = node.args[2] if len(node.args) > 2 else None
                assert not isinstance(said, (ast.JoinedStr, ast.Constant)), f"{path.name}:{node.lineno}"


def test_a_wrong_turn_said_in_english_and_german_from_one_note() -> None:
    text = (ROOT / "logs" / "invalid-wrong-turn.jsonl").read_text(encoding="utf-8")
    result = replay_log(text)
    [violation] = result.verdict.violations
    assert violation.message == "Ana cannot hit now: it is Dana's turn to hit or stay."


def test_the_refusal_carries_its_note_and_renders_german() -> None:
    error = RuleViolation("wrong_player", "turn.order", Note("cannot_hit", {"player": "Ana", "expected": Note("exp_turn", {"player": "Dana"})}))
    assert error.message == str(error) == "Ana cannot hit now: it is Dana's turn to hit or stay."
    assert error.said_in("de") == "Ana kann jetzt nicht „noch eine“ sagen: Dana ist an der Reihe: „noch eine“ oder „Stopp“."


def test_a_kits_key_overrides_the_shared_one_and_names_its_cards() -> None:
    base = RULESETS["flip7"].messages
    assert "Second Chance" in say(Note("stay_without_card", {"player": "Ana"}, base), "en")
    assert "Second Chance" not in say(Note("stay_without_card", {"player": "Ana"}), "en")
    seven = Card("7", "a 7", number=True)
    said = {"want": Card("Freeze", "Freeze"), "card": seven, "expected": Note("exp_game")}
    assert say(Note("wrong_card", said), "en").startswith("the card waiting for a recipient is Freeze, not a 7")
    assert say(Note("wrong_card", said), "de").startswith("auf einen Empfänger wartet Freeze, nicht eine 7")


def test_lists_are_joined_in_the_language() -> None:
    note = Note("why_tie", {"leaders": ["Ana", "Ben"], "lead": 200})
    assert say(note, "en") == "Ana and Ben share the highest total (200), so further rounds are played"
    assert say(note, "de").startswith("Ana und Ben liegen")
    assert say(Note("exp_target", {"player": "Ana", "request": "x", "eligible": []}), "de").endswith("niemand")


def test_a_bad_game_line_is_said_in_german_under_german() -> None:
    """The referee's German headline of a ``bad_event`` carries the refusal in German, not English."""
    log = GAME.replace('"Ben"', '"Ana"')
    english = settle(log, "en")["verdict"]["violations"][0]["message"]
    german = settle(log, "de")["verdict"]["violations"][0]["message"]
    assert english == "every player needs a different name; seated twice: Ana."
    assert german == "Zeile 1 ist kein gültiges Ereignis (jeder Spieler braucht einen eigenen Namen; doppelt am Tisch: Ana)."


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_catalogues_english_is_the_rulesets_own(name: str) -> None:
    """Where a ruleset still words a status, a draw or a request in English for other readers
    (``status_words``, ``draw_purpose(...).reason``, ``target_request``), the catalogue says the same."""
    rules = RULESETS[name]
    words = rules.messages
    for status, said in rules.status_words.items():
        assert say(Note(f"status_{status}", {}, words), "en") == said, status
    for purpose in ("hit", *rules.draw_purposes):
        assert say(Note(f"purpose_{purpose}", {}, words), "en") == rules.draw_purpose(purpose).reason, purpose
    for card in sorted(rules.target_cards or rules.cards):
        key = f"request_{card}" if f"request_{card}" in words.get("en", {}) else "request"
        label = Card(rules.card_name(card), rules.label(card), card.isdigit())
        assert say(Note(key, {"card": label}, words), "en") == rules.target_request(card), card
