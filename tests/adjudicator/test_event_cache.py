"""The replay's memo of parsed lines: identical lines share one event; bad lines fail every time."""

from __future__ import annotations

import json

import pytest

from adjudicator.errors import RuleViolation
from adjudicator.event_cache import flat_object, memoized, with_flat_reader
from adjudicator.events import load_json, parse_event, validate_event
from adjudicator.source import TooLongLine

HIT = '{"type":"hit","player":"Ana"}'


def counting(calls: list[str]):
    def parse(text: str):
        calls.append(text)
        return parse_event(text)

    return parse


def test_identical_lines_share_one_event_and_are_parsed_once() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls))
    first, again = parse(HIT), parse(HIT)
    assert first is again and first == parse_event(HIT)
    assert calls == [HIT]
    other = parse('{"type":"hit","player":"Ben"}')
    assert other.player == "Ben" and len(calls) == 2


def test_a_bad_line_raises_each_time_with_the_same_message() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls))
    bad = '{"type":"hit","player":"Ana","player":"Ben"}'
    messages = []
    for _ in range(2):
        with pytest.raises(RuleViolation) as caught:
            parse(bad)
        messages.append(str(caught.value))
    assert messages[0] == messages[1] and "appears twice" in messages[0]
    assert calls == [bad, bad]


def test_the_memo_is_bounded_in_entries_and_line_length() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls), entries=2, longest=40)
    lines = [f'{{"type":"hit","player":"P{i}"}}' for i in range(3)]
    for line in lines:
        parse(line)
    # full after two lines: the third starts the memo afresh, so the newest lines are the ones kept
    # (a later game's, where every game seats players of its own)
    parse(lines[2]), parse(lines[0]), parse(lines[0])
    assert calls == [lines[0], lines[1], lines[2], lines[0]]
    long_line = '{"type":"stay","player":"' + "L" * 40 + '"}'
    parse(long_line), parse(long_line)
    assert calls.count(long_line) == 2


def test_a_too_long_line_stand_in_is_never_remembered() -> None:
    calls: list[str] = []
    parse = memoized(counting(calls))
    for _ in range(2):
        with pytest.raises(RuleViolation, match="bytes long"):
            parse(TooLongLine(100_000))
    assert len(calls) == 2


#: Lines of every shape near the fast reader's edge: what the strict reader makes of each.
EDGE_LINES = [
    '{"type":"card","player":"Ana","card":"7"}',
    '{"type":"round","round":3,"dealer":"Ben"}',
    '{"type":"round","round":-0}',
    '{"type":"round","round":123456789012345}',
    '{"type":"round","round":1234567890123456}',  # 16 digits: the strict reader's stand-in
    '{"type":"round","round":01}',  # not JSON
    '{"type":"card","player":"Ana","card":"7","card":"8"}',  # a key twice
    '{"type":"card","player":"A\\u00e9","card":"7"}',  # an escape
    '{"type":"card","player":"A\x01","card":"7"}',  # a control character
    '{"type":"card","player":"Ana","card":"7",}',
    '{"type":"card", "player":"Ana","card":"7"}',  # white space
    '{"type":"stay","player":"Ana","extra":true}',
    "{}",
]


def _strict(text: str) -> tuple[str, object]:
    try:
        return "event", parse_event(text)
    except RuleViolation as exc:
        return "refused", str(exc)


@pytest.mark.parametrize("text", EDGE_LINES)
def test_the_flat_reader_reads_only_what_the_strict_reader_reads_alike(text: str) -> None:
    obj = flat_object(text)
    if obj is not None:
        assert obj == load_json(text)
        assert [type(v) for v in obj.values()] == [type(v) for v in load_json(text).values()]
    parse = with_flat_reader(validate_event, parse_event)
    try:
        got: tuple[str, object] = "event", parse(text)
    except RuleViolation as exc:
        got = "refused", str(exc)
    assert got == _strict(text)


def test_which_lines_the_flat_reader_takes(snapshot) -> None:  # type: ignore[no-untyped-def]
    taken = {text: flat_object(text) is not None for text in EDGE_LINES}
    assert taken['{"type":"card","player":"Ana","card":"7"}'] and not taken['{"type":"card","player":"Ana","card":"7","card":"8"}']
    assert taken == snapshot


def test_a_replay_reads_compact_lines_without_the_strict_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicator.events as events
    from adjudicator import check_log
    from adjudicator.simulate import simulate

    game = next(iter(simulate(1, 4, seed=5)))
    expected = check_log(game.text()).to_dict()
    renamed = game.text().replace('"Ana"', '"Ana-compact"')  # lines no earlier replay of this process read
    calls: list[str] = []
    real = events._DECODER.decode
    monkeypatch.setattr(events, "_DECODER", type("Spy", (), {"decode": staticmethod(lambda text: calls.append(text) or real(text))})())
    assert json.loads(json.dumps(check_log(renamed).to_dict()).replace('"Ana-compact"', '"Ana"')) == expected
    # no compact line goes to the strict reader: claims are read in their models' field order
    # (``plain_line``), and the game line differs from the one read before only in its names
    assert calls == []
    calls.clear()
    spaced = game.text().replace('"type":"hit",', '"type": "hit",')
    assert check_log(spaced).valid and any('"type": "hit"' in text for text in calls)  # spaced lines: the strict reader


#: Flat lines near ``plain_event``'s edge: each is built without the validator only when the
#: validator would take it, and then exactly as the validator builds it.
PLAIN_EDGE_LINES = [
    '{"type":"card","player":"Ana","card":"7"}',
    '{"type":"card","card":"7","player":"Ana"}',  # keys in another order
    '{"type":"card","player":"Ana","card":7}',  # an integer: the number card
    '{"type":"card","player":"Ana","card":-0}',
    '{"type":"card","player":"Ana","card":99}',
    '{"type":"card","player":"Ana","card":"seven"}',
    '{"type":"card","player":"","card":"7"}',
    '{"type":"card","player":"' + "A" * 200 + '","card":"7"}',
    '{"type":"card","player":"' + "A" * 201 + '","card":"7"}',
    '{"type":"card","player":7,"card":"7"}',
    '{"type":"card","player":"Ana"}',
    '{"type":"card","player":"Ana","card":"7","extra":"x"}',
    '{"type":"hit","player":"Ben"}',
    '{"type":"stay","player":"Ben"}',
    '{"type":"hit","player":"Ben","card":"7"}',
    '{"type":"stay","player":3}',
    '{"type":"round","round":2}',
    '{"type":"round","round":2,"dealer":"Cem"}',
    '{"type":"round","round":"2"}',
    '{"type":"round","round":2,"dealer":""}',
    '{"type":"round","round":2,"player":"Cem"}',
    '{"type":"target","player":"Ana","card":"freeze","target":"Ben"}',
    '{"type":"target","player":"Ana","card":"steal","target":"Ben","target_card":"7"}',
    '{"type":"target","player":"Ana","card":"flip_four","target":"Ben"}',
    '{"type":"target","player":"Ana","card":"flip7_bonus","target":"Ben"}',
    '{"type":"target","player":"Ana","card":7,"target":"Ben"}',
    '{"type":"target","player":"Ana","card":"freeze"}',
    '{"type":"shuffle"}',
    '{"type":"shuffle","player":"Ana"}',
    '{"type":"score","round":1}',
    '{"type":"nothing"}',
    '{"player":"Ana"}',
]


def _simulated_lines(ruleset: str, **own: object) -> list[str]:
    from adjudicator.simulate import simulate
    from adjudicator.simulate.play import GameOptions

    games = simulate(6, 4, seed=3, options=GameOptions(ruleset=ruleset, **own))
    return sorted({line for game in games for line in game.text().splitlines()})


@pytest.mark.parametrize("ruleset,own", [("flip7", {}), ("vengeance", {}), ("vengeance", {"brutal": True})])
def test_plain_events_are_what_validation_builds(ruleset: str, own: dict[str, object]) -> None:
    from adjudicator.event_cache import plain_event
    from adjudicator.rulesets import find_ruleset

    rules = find_ruleset(ruleset)
    built = 0
    for text in PLAIN_EDGE_LINES + _simulated_lines(ruleset, **own):
        obj = flat_object(text)
        if obj is None:
            continue
        plain = plain_event(dict(obj), rules.parse_context, rules.target_event)
        try:
            validated = validate_event(obj, rules.parse_context, rules.event_adapter)
        except RuleViolation:
            assert plain is None, text
            continue
        if plain is None:
            continue
        built += 1
        assert type(plain) is type(validated), text
        assert plain == validated and list(plain.__dict__.items()) == list(validated.__dict__.items()), text
        assert plain.model_fields_set == validated.model_fields_set, text
        assert (plain.__pydantic_extra__, plain.__pydantic_private__) == (validated.__pydantic_extra__, validated.__pydantic_private__)
        assert plain.model_dump_json() == validated.model_dump_json(), text
    assert built > 20


def test_the_replays_of_one_ruleset_share_its_memo() -> None:
    from adjudicator.replay import replay_log, shared_parser
    from adjudicator.rulesets import find_ruleset
    from tests.adjudicator.helpers import card, game, log, rnd

    base = log(game(), rnd(1), card("Ben", "7"), card("Cem", "8"))
    first, again = (replay_log(base, collect=True) for _ in range(2))
    assert first.verdict.to_dict() == again.verdict.to_dict()
    assert first.lines.event[2] is again.lines.event[2] and first.lines.event[3] is again.lines.event[3]
    assert first.lines.event[0] is not again.lines.event[0]  # a game line is read anew in every replay
    other = replay_log(log(game(ruleset="vengeance"), rnd(1), card("Ben", "7")), collect=True)
    assert other.lines.text[2] == first.lines.text[2] and other.lines.event[2] is not first.lines.event[2]
    assert other.lines.event[2] == first.lines.event[2]
    assert shared_parser(find_ruleset("flip7")) is shared_parser(find_ruleset("flip7"))


def test_forgetting_the_shared_lines_reads_every_line_afresh() -> None:
    from adjudicator.replay import forget_shared_lines, replay_log
    from tests.adjudicator.helpers import card, game, log, rnd

    base = log(game(), rnd(1), card("Ben", "7"), card("Cem", "8"))
    first = replay_log(base, collect=True)
    forget_shared_lines()
    again = replay_log(base, collect=True)
    assert first.verdict.to_dict() == again.verdict.to_dict()
    assert first.lines.event[2] == again.lines.event[2] and first.lines.event[2] is not again.lines.event[2]


#: Claim lines near ``plain_claim``'s edge: each is built without the JSON reader only when the
#: strict reader and the validator would take it, and then exactly as they build it.
PLAIN_CLAIM_LINES = [
    '{"type":"score","round":1,"scores":{"Ana":0,"Ben":27,"Cem":-3}}',
    '{"type":"score","round":1,"scores":{}}',
    '{"type":"score","round":0,"scores":{"":5}}',
    '{"type":"score","round":-0,"scores":{"Ana":-0}}',
    '{"type":"score","round":1,"scores":{"Ana":1,"Ana":2}}',  # a key twice: refused
    '{"type":"score","round":1,"scores":{"Ana":1,}}',
    '{"type":"score","round":1,"scores":{"Ana":"1"}}',
    '{"type":"score","round":1,"scores":{"Ana":1.5}}',
    '{"type":"score","round":1,"scores":{"Ana":true}}',
    '{"type":"score","round":1,"scores":{"Ana":1234567890123456}}',  # 16 digits: refused
    '{"type":"score","round":"1","scores":{"Ana":1}}',
    '{"type":"score","round":1,"scores":{"A\\u006ea":1}}',
    '{"type":"score","round":1,"scores":{"Ana":1},"extra":1}',
    '{"type":"score","scores":{"Ana":1},"round":1}',  # keys in another order: the strict reader
    '{"type":"end","winner":"Ana"}',
    '{"type":"end","winner":"Ana","totals":{}}',
    '{"type":"end","winner":"Ana","totals":{"Ana":201,"Ben":150}}',
    '{"type":"end","winner":"","totals":{"Ana":201}}',
    '{"type":"end","winner":"' + "A" * 200 + '"}',
    '{"type":"end","winner":"' + "A" * 201 + '"}',
    '{"type":"end","winner":"Ana","totals":{"Ana":1,"Ana":1}}',
    '{"type":"end","winner":"Ana","totals":null}',
    '{"type":"end","winner":7}',
    '{"type":"end", "winner":"Ana"}',
]


@pytest.mark.parametrize("ruleset", ["flip7", "vengeance"])
def test_plain_claims_are_what_validation_builds(ruleset: str) -> None:
    from adjudicator.event_cache import plain_claim
    from adjudicator.rulesets import find_ruleset

    rules = find_ruleset(ruleset)
    built = refused = 0
    for text in PLAIN_CLAIM_LINES + [line for line in _simulated_lines(ruleset) if '"score"' in line or '"end"' in line]:
        plain = plain_claim(text)
        try:
            parsed = rules.parse(text)
        except RuleViolation:
            refused += 1
            assert plain is None, text
            continue
        if plain is None:
            continue
        built += 1
        assert type(plain) is type(parsed), text
        assert plain == parsed and list(plain.__dict__.items()) == list(parsed.__dict__.items()), text
        assert plain.model_fields_set == parsed.model_fields_set, text
    assert built > 10 and refused >= 5


def test_a_replay_reads_compact_claims_without_the_strict_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    import adjudicator.events as events
    from adjudicator.replay import replay_log
    from adjudicator.simulate import simulate

    game = next(iter(simulate(1, 4, seed=8)))
    expected = replay_log(game.text()).verdict.to_dict()
    text = game.text().replace('"Ana"', '"Ana-claims"')  # lines no earlier replay of this process read
    text = text.replace('{"type":"score","round":1,', '{"type":"score","round":1 ,')  # one spaced claim
    calls: list[str] = []
    real = events._DECODER.decode
    monkeypatch.setattr(events, "_DECODER", type("Spy", (), {"decode": staticmethod(lambda line: calls.append(line) or real(line))})())
    assert json.loads(json.dumps(replay_log(text).verdict.to_dict()).replace('"Ana-claims"', '"Ana"')) == expected
    assert [json.loads(line)["type"] for line in calls] == ["score"] and '"round":1 ,' in calls[0]


@pytest.mark.parametrize("options", [{}, {"ruleset": "vengeance", "brutal": True}, {"target": 150, "decks": 2, "brutal": True}])
def test_a_game_line_read_before_but_for_its_id_is_what_parsing_builds(options: dict[str, object]) -> None:
    from adjudicator.event_cache import game_memo

    calls: list[str] = []
    parse = game_memo(counting(calls))
    lines = [json.dumps({"type": "game", "id": game_id, "players": ["Ana", "Ben", "Cem"], "dealer": "Ben", **options}, separators=(",", ":"))
             for game_id in ("g-1", "g-2", "")]
    for text in lines:
        remembered, fresh = parse(text), parse_event(text)
        assert type(remembered) is type(fresh) and remembered == fresh, text
        assert list(remembered.__dict__.items()) == list(fresh.__dict__.items()) and remembered.model_fields_set == fresh.model_fields_set
        assert remembered.foreign == fresh.foreign and remembered.model_dump() == fresh.model_dump()
    assert calls == lines[:1]  # the other two differ from the first only in their ids
    spaced = lines[0].replace('"players":', '"players": ')
    parse(spaced), parse(lines[0].replace('"g-1"', '"g\\u0031"'))
    assert len(calls) == 3  # any other difference: parsed again
    for _ in range(2):  # a line that fails fails every time
        with pytest.raises(RuleViolation, match="must not be empty"):
            parse(lines[0].replace('"dealer":"Ben"', '"dealer":""'))
    assert len(calls) == 5


def test_the_memo_of_game_lines_starts_afresh_when_the_registry_changes() -> None:
    from adjudicator.event_cache import game_memo
    from adjudicator.rulesets import Kit, registered
    from adjudicator.rulesets.base.rules import BaseGame

    class House(BaseGame):
        name = "house"

    parse = game_memo(parse_event)
    line = '{"type":"game","id":"h-1","players":["Ana","Ben","Cem"],"dealer":"Ana","ruleset":"house"}'
    with registered(Kit(rules=House())):
        assert parse(line).ruleset == "house"
        assert parse(line.replace("h-1", "h-2")).id == "h-2"
    with pytest.raises(RuleViolation, match="ruleset"):  # no longer a ruleset the registry knows
        parse(line.replace("h-1", "h-3"))


def test_the_plain_reader_builds_every_plain_kind_of_line_a_game_writes() -> None:
    """The fast path is read from the models (issue 30), so no kind of line the old hand-written
    one built falls back to the validator: cards, hits, stays, rounds with and without a dealer,
    the base game's targets, shuffles, and the claims."""
    from adjudicator.event_cache import plain_claim, plain_event
    from adjudicator.rulesets import find_ruleset

    rules = find_ruleset("flip7")
    lines = _simulated_lines("flip7") + ['{"type":"round","round":2}', '{"type":"round","round":2,"dealer":"Cem"}', '{"type":"shuffle"}']
    built: set[str] = set()
    for text in lines:
        obj = flat_object(text)
        event = plain_event(dict(obj), rules.parse_context, rules.target_event) if obj is not None else plain_claim(text)
        if event is not None:
            built.add(event.type + ("+dealer" if getattr(event, "dealer", None) else ""))
        elif json.loads(text)["type"] != "game":
            raise AssertionError(f"not built plainly: {text}")
    assert built >= {"card", "hit", "stay", "round", "round+dealer", "target", "shuffle", "score", "end"}


def test_a_field_added_with_a_default_reads_back_with_it_on_the_fast_path() -> None:
    """One definition of each event: a model's new field is the fast path's too."""
    from adjudicator.event_cache import plain_event
    from adjudicator.events import Name, TargetEvent
    from adjudicator.rulesets import find_ruleset

    class NotedTarget(TargetEvent):
        note: Name | None = None

    context = find_ruleset("flip7").parse_context
    for obj in ({"type": "target", "player": "Ana", "card": "freeze", "target": "Ben"}, {"type": "target", "player": "Ana", "card": "freeze", "target": "Ben", "note": "x"}):
        plain = plain_event(dict(obj), context, NotedTarget)
        validated = NotedTarget.model_validate(obj, context=context)
        assert plain is not None and plain.note == validated.note  # type: ignore[union-attr]
        assert list(plain.__dict__.items()) == list(validated.__dict__.items()) and plain.model_fields_set == validated.model_fields_set
    assert plain_event({"type": "target", "player": "Ana", "card": "freeze", "target": "Ben", "note": ""}, context, NotedTarget) is None


#: Lines near ``plain_line``'s edge besides the flat ones and the claims: the Vengeance targets
#: (an ``after`` model validator: the fields must fit the card), optional fields in and out of
#: order, literals, and values its patterns must not take.
PLAIN_LINE_EDGE_LINES = [
    '{"type":"target","player":"Ana","card":"steal","target":"Ben","target_card":"7"}',
    '{"type":"target","player":"Ana","card":"steal","target":"Ben"}',  # Steal needs target_card
    '{"type":"target","player":"Ana","card":"freeze","target":"Ben","target_card":"7"}',  # Freeze takes none
    '{"type":"target","player":"Ana","card":"swap","target":"Ben","target_card":"7","other":"Cem","other_card":"8"}',
    '{"type":"target","player":"Ana","card":"swap","target":"Ben","other":"Cem","target_card":"7","other_card":"8"}',  # out of order
    '{"type":"target","player":"Ana","card":"swap","target":"Ben","target_card":7,"other":"Cem","other_card":8}',
    '{"type":"target","player":"Ana","card":"swap","target":"Ben","target_card":"7","other":"","other_card":"8"}',
    '{"type":"target","player":"Ana","card":"discard","target":"Ben","target_card":"nothing"}',
    '{"type":"round","round":2,"dealer":null}',
    '{"type":"round","round":1.0}',
    '{"type":"round","round":true}',
    '{"type":"card","player":"Ana","card":"7"} ',
    '{"type":"card","player":"Ana\\"","card":"7"}',
    '{"type":"end","winner":"Ana","totals":{"Ana":1,"Ben":2}}',
    '{"type":"end","winner":"Ana","totals":{"Ana":1,"Ana":2}}',
    '{"type":"score","round":1,"scores":{"Ana":1,"Ben":-0}}',
]


@pytest.mark.parametrize("ruleset,own", [("flip7", {}), ("vengeance", {}), ("vengeance", {"brutal": True})])
def test_lines_read_in_their_models_order_are_what_validation_builds(ruleset: str, own: dict[str, object]) -> None:
    """``plain_line`` (issue 30): one regular expression per event type, derived from the model,
    builds an event only where the strict reader and the validator would, and then the same one;
    its ``after`` model validators (Vengeance's target fields) run on it."""
    from adjudicator.event_cache import plain_line
    from adjudicator.rulesets import find_ruleset

    rules = find_ruleset(ruleset)
    built: set[str] = set()
    for text in PLAIN_EDGE_LINES + PLAIN_CLAIM_LINES + PLAIN_LINE_EDGE_LINES + _simulated_lines(ruleset, **own):
        plain = plain_line(text, rules.parse_context, rules.target_event)
        try:
            parsed = rules.parse(text)
        except RuleViolation:
            assert plain is None, text
            continue
        if plain is None:
            continue
        built.add(plain.type)
        assert type(plain) is type(parsed), text
        assert plain == parsed and list(plain.__dict__.items()) == list(parsed.__dict__.items()), text
        assert plain.model_fields_set == parsed.model_fields_set, text
        assert (plain.__pydantic_extra__, plain.__pydantic_private__) == (parsed.__pydantic_extra__, parsed.__pydantic_private__)
        assert plain.model_dump_json() == parsed.model_dump_json(), text
    assert built >= {"card", "hit", "stay", "round", "target", "score", "end"}


def test_a_replay_reads_vengeance_targets_without_the_validator(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Vengeance target line that fits its card is built from its model's plan; one that does
    not is refused with the validator's own message."""
    import adjudicator.replay as replay
    from adjudicator.rulesets import find_ruleset

    calls: list[object] = []
    real = replay.validate_event
    monkeypatch.setattr(replay, "validate_event", lambda *args: calls.append(args[0]) or real(*args))
    parse = replay._line_parser(find_ruleset("vengeance"))
    swap = parse('{"type":"target","player":"Ana","card":"swap","target":"Ben","target_card":"7","other":"Cem","other_card":"8"}')
    assert (swap.target_card, swap.other, swap.other_card) == ("7", "Cem", "8") and calls == []  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="needs 'target_card'"):
        parse('{"type":"target","player":"Ana","card":"steal","target":"Ben"}')
    assert len(calls) == 1


@pytest.mark.parametrize("options", [{}, {"ruleset": "vengeance", "brutal": True}])
def test_a_game_line_read_before_but_for_its_names_is_what_parsing_builds(options: dict[str, object]) -> None:
    """A platform seats players of its own at every game: a game line that differs from one read
    before only in its id, players and dealer is the event read then with these (issue 30)."""
    from adjudicator.event_cache import game_memo

    calls: list[str] = []
    parse = game_memo(counting(calls))

    def line(game_id: str, players: list[str], dealer: str) -> str:
        return json.dumps({"type": "game", "id": game_id, "players": players, "dealer": dealer, **options}, separators=(",", ":"))

    lines = [line("g-1", ["Ana", "Ben", "Cem"], "Ben"), line("g-2", ["Dora.1", "Eli.2"], "Eli.2"), line("g-3", [], "x" * 200)]
    for text in lines:
        remembered, fresh = parse(text), parse_event(text)
        assert type(remembered) is type(fresh) and remembered == fresh, text
        assert list(remembered.__dict__.items()) == list(fresh.__dict__.items()) and remembered.model_fields_set == fresh.model_fields_set
        assert remembered.model_dump() == fresh.model_dump()
    assert calls == lines[:1]
    for bad in (line("g-4", ["Ana", ""], "Ana"), line("g-5", ["Ana"], "x" * 201)):  # out of bounds: the validator says so
        with pytest.raises(RuleViolation):
            parse(bad)
    assert len(calls) == 3


def test_a_game_model_that_checks_its_seats_is_never_served_from_the_memo_by_names() -> None:
    """A ruleset's ``game`` model with a validator of its own over the seats (here: at most two
    players) reads every game line itself: the memo of game lines takes changed names only where
    the model reads them as the ``game`` model declares them."""
    from pydantic import model_validator

    from adjudicator.event_cache import game_memo
    from adjudicator.events import GameEvent
    from adjudicator.rulesets import Kit, registered
    from adjudicator.rulesets.base.rules import BaseGame

    class DuelOptions(GameEvent):
        @model_validator(mode="after")
        def _two_seats(self) -> DuelOptions:
            if len(self.players) > 2:
                raise ValueError("a duel seats two")
            return self

    class Duel(BaseGame):
        name = "duel"
        game_event = DuelOptions

    calls: list[str] = []
    parse = game_memo(counting(calls))
    line = '{"type":"game","id":"d-1","players":["Ana","Ben"],"dealer":"Ana","ruleset":"duel"}'
    with registered(Kit(rules=Duel())):
        assert type(parse(line)) is DuelOptions
        with pytest.raises(RuleViolation, match="a duel seats two"):
            parse(line.replace('["Ana","Ben"]', '["Ana","Ben","Cem"]'))
        assert parse(line.replace("d-1", "d-2")).id == "d-2"
    assert len(calls) == 3
