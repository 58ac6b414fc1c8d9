"""Parsing one line: strict JSON, exact fields, card names, and messages that name the fault."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from adjudicator.errors import RuleViolation
from adjudicator.events import CardEvent, GameEvent, parse_event
from adjudicator.rulesets import event_json_schema


def bad(line: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        parse_event(line)
    assert info.value.code == "bad_event"
    return info.value


def test_integer_number_card_means_the_same_card() -> None:
    assert parse_event('{"type":"card","player":"A","card":7}') == CardEvent(type="card", player="A", card="7")


@pytest.mark.parametrize("value", ["13", "13", "true", "7.0", '"x3"', '"Freeze"', "-1"])
def test_cards_outside_the_ruleset_are_refused(value: str) -> None:
    error = bad('{"type":"card","player":"A","card":' + value + '}')
    assert error.rule == "log.card"
    assert "{" not in error.message and "is not a card of this ruleset" in error.message or "card is a string" in error.message


@pytest.mark.parametrize(
    ("line", "rule", "words"),
    [
        ('{"type":"hit","player":"A","player":"B"}', "log.line", "appears twice"),
        ('{"type":"round","round":NaN}', "log.line", "NaN"),
        ('{"type":"round","round":Infinity}', "log.line", "Infinity"),
        ("[1, 2]", "log.line", "a list"),
        ("not json", "log.line", "not valid JSON"),
        ('{"player":"A"}', "log.event", 'no "type"'),
        ('{"type":"jump","player":"A"}', "log.event", "unknown event type 'jump'"),
        ('{"type":"hit"}', "log.event", "needs the field 'player'"),
        ('{"type":"hit","player":"A","speed":3}', "log.event", "no field 'speed'"),
        ('{"type":"hit","player":7}', "log.event", "field 'player'"),
        ('{"type":"round","round":1.0}', "log.event", "field 'round'"),
        ('{"type":"round","round":true}', "log.event", "field 'round'"),
        ('{"type":"round","round":1,"dealer":null}', "log.event", "not null"),
        ('{"type":"score","round":1,"scores":{"A":"3"}}', "log.event", "scores.A"),
        ('{"type":"end","winner":"A","totals":null}', "log.event", "totals"),
        ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","edition":"third"}', "setup.game", "edition"),
        ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","target":0}', "setup.game", "target"),
        ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","decks":null}', "log.event", "decks"),
        ('{"type":"game","id":"g","players":["A","","C"],"dealer":"A"}', "setup.game", "empty"),
        # issue 28, item 8: a ruleset that is an object or a list raised TypeError (unhashable)
        ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","ruleset":{}}', "setup.game", "'ruleset': Input should be 'flip7'"),
        ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","ruleset":["vengeance"]}', "setup.game", "got list"),
        ('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","ruleset":{"a":"' + "x" * 500 + '"}}', "setup.game", "got dict"),
    ],
)
def test_bad_lines_name_the_fault(line: str, rule: str, words: str) -> None:
    error = bad(line)
    assert error.rule == rule
    assert words in error.message


def test_game_defaults_follow_the_contract() -> None:
    event = parse_event('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A"}')
    assert isinstance(event, GameEvent)
    assert (event.ruleset, event.target, event.rounds, event.decks) == ("flip7", 200, None, 1)
    # the base game's own options come from its options model, at their defaults
    assert event.option_values() == {"edition": "current", "delayed": "in_turn"}
    assert event.foreign == {} and event.mode() is None


def test_each_ruleset_reads_its_own_options() -> None:
    line = '{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","ruleset":"vengeance","brutal":true}'
    event = parse_event(line)
    assert event.option_values() == {"brutal": True} and event.mode() == "brutal"
    # another ruleset's option at its default is no option at all; set otherwise it waits to be refused
    base = parse_event('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","brutal":false}')
    assert base.foreign == {} and "brutal" not in base.model_dump()
    refused = parse_event('{"type":"game","id":"g","players":["A","B","C"],"dealer":"A","brutal":true}')
    assert refused.foreign == {"brutal": True}
    # the JSON line is the contract's: the model writes the options flat, as they were read
    assert json.loads(event.model_dump_json(exclude_defaults=True)) == json.loads(line)


def test_events_are_frozen() -> None:
    event = parse_event('{"type":"hit","player":"A"}')
    with pytest.raises(ValidationError, match="frozen"):
        event.player = "B"  # type: ignore[misc]


def test_schema_is_a_union_on_type() -> None:
    schema = event_json_schema()
    assert schema["discriminator"]["propertyName"] == "type"
    assert set(schema["discriminator"]["mapping"]) == {"game", "round", "card", "hit", "stay", "target", "shuffle", "score", "end", "position"}


def test_lone_surrogate_escapes_are_not_text() -> None:
    error = bad(r'{"type":"game","id":"\ud800","players":["A","B","C"],"dealer":"A"}')
    assert error.rule == "log.line" and "surrogate" in error.message
    assert parse_event(r'{"type":"hit","player":"\ud83d\ude00"}').player == "\U0001f600"


def test_a_nul_byte_is_reported_without_a_doubled_at() -> None:
    # issue 21 item 11: "Invalid control character at at column 23"
    from adjudicator.errors import RuleViolation
    from adjudicator.events import load_json

    with pytest.raises(RuleViolation) as caught:
        load_json('{"type":"hit","player":"A\x00"}')
    assert "at at" not in str(caught.value) and "Invalid control character at column 26" in str(caught.value)
