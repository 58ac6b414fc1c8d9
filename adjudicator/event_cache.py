"""One parsed event per distinct line: a replay's bounded memo of its line parser.

A Flip 7 log repeats itself: the same player is dealt the same card, asks for a hit, stays, many
times over. In simulated five-player games only about a third of the lines of a log are distinct.
Events are frozen, so every line with the same text can share the one event parsed from it, and
the strict JSON read and validation run once per distinct line instead of once per line. Where
the memo misses, a compact flat line whose fields are plainly valid is built without the
validator (``plain_event``). This module is compiled with the engine (``adjudicator.accel``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from adjudicator.events import (
    GAME_MODELS,
    MAX_NAME_LENGTH,
    RULESET_NAMES,
    CardEvent,
    EndEvent,
    Event,
    HitEvent,
    RoundEvent,
    ScoreEvent,
    ShuffleEvent,
    StayEvent,
    TargetEvent,
)

E = TypeVar("E")
M = TypeVar("M", bound=BaseModel)

#: Distinct lines kept per replay, and the longest line kept: together they bound the memo (to
#: about 1 MB) whatever the log holds. Typical event lines are 40–90 characters long.
MAX_ENTRIES = 4096
MAX_LINE_CHARS = 256
#: Distinct lines kept by the memo a ruleset's replays share (``replay.shared_parser``), for lines
#: that repeat from log to log (the same names dealt the same cards): about 1.5 kB a line, so
#: about 6 MB at most, which keeps the peak of a check or an ingest of many games within 1.5x
#: that of one (at 8,192 lines an ingest of 5,000 games measured 1.51x).
SHARED_ENTRIES = 4096


def memoized(parse: Callable[[str], E], *, entries: int = MAX_ENTRIES, longest: int = MAX_LINE_CHARS) -> Callable[[str], E]:
    """``parse`` with a memo of its results by line text, for one replay.

    Only lines that parse are remembered (a bad line raises afresh each time, with the same
    message); lines longer than ``longest`` characters and stand-ins that are not plain text are
    parsed every time; when ``entries`` distinct lines are kept, the memo starts afresh with the
    next. Lines repeat most within a game (its players dealt the same cards, asking for hits,
    staying): where every game seats players of its own, as on a platform, a memo that kept its
    first lines for good would serve none of a later game's.
    """
    events: dict[str, E] = {}

    def parse_line(text: str) -> E:
        event = events.get(text)
        if event is None:
            event = parse(text)
            if len(text) <= longest and type(text) is str:
                if len(events) >= entries:
                    events.clear()
                events[text] = event
        return event

    return parse_line


#: A compact, flat JSON object (what the simulator, the recorder and most tools write): string
#: values without escapes or control characters, integers of at most 15 digits, keys of lower-case
#: letters, no white space. Such a line reads to the same object as the strict JSON reader would
#: give (``events.load_json``); anything else (spaces, escapes, ``true``, nesting) goes to it.
_FLAT = re.compile(r'\{(?:"[a-z_]{1,32}":(?:"[^"\\\x00-\x1f]*"|-?(?:0|[1-9][0-9]{0,14}))(?:,(?!\})|(?=\})))+\}')
_PAIR = re.compile(r'"([a-z_]{1,32})":(?:"([^"\\\x00-\x1f]*)"|(-?(?:0|[1-9][0-9]{0,14})))')


def flat_object(text: str) -> dict[str, str | int] | None:
    """The object of a compact, flat JSON line (see ``_FLAT``), or None when the line is not one
    (or names a key twice, which the strict reader refuses with its own message)."""
    if type(text) is not str or _FLAT.fullmatch(text) is None:
        return None
    obj: dict[str, str | int] = {}
    for key, string, number in _PAIR.findall(text):
        if key in obj:
            return None
        obj[key] = int(number) if number else string
    return obj


#: A claim as the simulator and the recorder write it, compact, with its keys in this order: a
#: ``score`` line, or an ``end`` line with or without its totals, whose inner object holds string
#: keys without escapes and integers of at most 15 digits (as ``_FLAT``). Any other claim goes to
#: the strict reader.
_INT = r"-?(?:0|[1-9][0-9]{0,14})"
_INTS = r'(?:"[^"\\\x00-\x1f]*":' + _INT + r"(?:,(?!\})|(?=\})))*"
_SCORE = re.compile(r'\{"type":"score","round":' + _INT + r',"scores":\{' + _INTS + r"\}\}")
_END = re.compile(r'\{"type":"end","winner":"[^"\\\x00-\x1f]*"(?:,"totals":\{' + _INTS + r"\})?\}")
#: JSON's own reader, without the strict one's hooks: for a line ``_SCORE`` or ``_END`` matched,
#: which holds nothing those hooks refuse or read otherwise but a key named twice.
_decode = json.JSONDecoder().decode


def plain_claim(text: str) -> Event | None:
    """The event validation makes of a compact ``score`` or ``end`` line (``_SCORE``, ``_END``),
    built without the strict reader and the validator; None for any other line, or one they refuse
    (a key named twice, an empty winner), which the caller parses, so that every refusal keeps its
    message. ``tests/adjudicator/test_event_cache.py`` holds both to one result."""
    if type(text) is not str:
        return None
    # a key ends in '":' and nothing else does (no string here holds a quote): their count is the
    # number of keys written, which the object read has fewer of when one is named twice
    if text.startswith('{"type":"score",'):
        if _SCORE.fullmatch(text) is None:
            return None
        obj = _decode(text)
        if len(obj["scores"]) != text.count('":') - 3:
            return None
        return construct(ScoreEvent, obj, {"type", "round", "scores"})
    if text.startswith('{"type":"end",'):
        if _END.fullmatch(text) is None:
            return None
        obj = _decode(text)
        if not _plain_name(obj["winner"]):
            return None
        if "totals" not in obj:
            obj["totals"] = None
            return construct(EndEvent, obj, {"type", "winner"})
        if len(obj["totals"]) != text.count('":') - 3:
            return None
        return construct(EndEvent, obj, {"type", "winner", "totals"})
    return None


#: The start of a ``game`` line as the simulator and the recorder write it: its type, then its id,
#: a string without escapes or control characters.
_GAME_ID = re.compile(r'\{"type":"game","id":"([^"\\\x00-\x1f]*)"')
#: Games of different ids kept by the memo of ``game`` lines (``game_memo``), of lines of at most
#: ``MAX_LINE_CHARS`` characters.
GAME_ENTRIES = 256


def game_memo(parse: Callable[[str], E], *, entries: int = GAME_ENTRIES, longest: int = MAX_LINE_CHARS) -> Callable[[str], E]:
    """``parse`` (the reader of a log's first lines), remembering the ``game`` lines it read by
    everything but their id: a game line that differs from one read before only in its id
    (``_GAME_ID``: a plain string, which the ``id`` field takes as it is) is the event read then
    with this id (``model_copy``), without the JSON reader and the options' validation. Seats,
    dealer and options repeat from game to game; every other line, and a line that fails, is
    parsed every time. What a game line reads to depends on the registered rulesets
    (``RULESET_NAMES``, ``GAME_MODELS``): when they change, the memo starts afresh. Bounded like
    ``memoized``."""
    games: dict[str, Any] = {}
    registry: list[tuple[tuple[str, ...], tuple[Any, ...]]] = [((), ())]

    def parse_line(text: str) -> E:
        match = _GAME_ID.match(text) if type(text) is str else None
        if match is None:
            return parse(text)
        now = (tuple(RULESET_NAMES), tuple(GAME_MODELS.items()))
        if now != registry[0]:
            games.clear()
            registry[0] = now
        rest = text[match.end() :]
        known = games.get(rest)
        if known is not None:
            copied: E = known.model_copy(update={"id": match.group(1)})
            return copied
        event = parse(text)
        if len(text) <= longest and len(games) < entries:
            games[rest] = event
        return event

    return parse_line


def with_flat_reader(validate: Callable[[dict[str, Any]], E], parse: Callable[[str], E]) -> Callable[[str], E]:
    """``parse``, reading compact flat lines with ``flat_object`` and handing the object to
    ``validate`` (which must be what ``parse`` does after its JSON read); every other line goes
    to ``parse`` itself, so messages about bad lines are its own."""

    def parse_line(text: str) -> E:
        obj = flat_object(text)
        return parse(text) if obj is None else validate(obj)

    return parse_line


_new = object.__new__
_set = object.__setattr__


def construct(model: type[M], values: dict[str, Any], given: set[str] | None = None) -> M:
    """A ``model`` from ``values`` known to be what validation makes of them (every field, in the
    model's order; ``given``: those the input named, default all): the object pydantic's
    ``model_construct`` builds, without that method's generality (aliases, defaults, extra fields,
    private attributes: a model with any of these is not for this function)."""
    obj = _new(model)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", set(values) if given is None else given)
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


def _plain_name(value: Any) -> bool:
    """True for a value the ``Name`` field takes as it is: a string of 1 to ``MAX_NAME_LENGTH`` characters."""
    return type(value) is str and 0 < len(value) <= MAX_NAME_LENGTH


def _plain_card(value: Any, cards: Any, numbers: Any) -> str | None:
    """What ``_card_name`` makes of ``value`` when it takes it (a card of ``cards``, or an integer
    naming one of ``numbers``); None for anything it would refuse or that is not plain."""
    if type(value) is str:
        return value if value in cards else None
    if type(value) is int:
        name = str(value)
        return name if name in numbers else None
    return None


def plain_event(obj: dict[str, Any], context: dict[str, Any], target_event: type[TargetEvent] = TargetEvent) -> Event | None:
    """The event validation makes of ``obj`` (a compact flat line's object,
    ``flat_object``: string and integer values only) when every field is plainly valid,
    built without running the validator: a ``card``, ``hit``, ``stay``, ``round`` or ``shuffle``
    line, or a ``target`` line where the ruleset's target model is ``TargetEvent`` itself (``context``
    is the ruleset's ``parse_context``). None for anything else, which the caller validates, so that
    every refusal keeps its message. ``tests/adjudicator/test_event_cache.py`` holds both to one result.
    """
    kind = obj.get("type")
    size = len(obj)
    if kind == "card":
        card = _plain_card(obj.get("card"), context["cards"], context["numbers"])
        player = obj.get("player")
        if size == 3 and card is not None and _plain_name(player):
            return construct(CardEvent, {"type": "card", "player": player, "card": card}, {"type", "player", "card"})
    elif kind == "hit":
        player = obj.get("player")
        if size == 2 and _plain_name(player):
            return construct(HitEvent, {"type": "hit", "player": player}, {"type", "player"})
    elif kind == "stay":
        player = obj.get("player")
        if size == 2 and _plain_name(player):
            return construct(StayEvent, {"type": "stay", "player": player}, {"type", "player"})
    elif kind == "round":
        number = obj.get("round")
        if type(number) is not int:
            return None
        if size == 2:
            return construct(RoundEvent, {"type": "round", "round": number, "dealer": None}, {"type", "round"})
        dealer = obj.get("dealer")
        if size == 3 and _plain_name(dealer):
            return construct(RoundEvent, {"type": "round", "round": number, "dealer": dealer}, {"type", "round", "dealer"})
    elif kind == "target":
        if target_event is not TargetEvent or size != 4:
            return None
        card = _plain_card(obj.get("card"), context["target_cards"], context["numbers"])
        player, target = obj.get("player"), obj.get("target")
        if card is not None and _plain_name(player) and _plain_name(target):
            values = {"type": "target", "player": player, "card": card, "target": target}
            return construct(TargetEvent, values, {"type", "player", "card", "target"})
    elif kind == "shuffle" and size == 1:
        return construct(ShuffleEvent, {"type": "shuffle"}, {"type"})
    return None


def typed_flat_reader(
    validate: Callable[[dict[str, Any]], Event], parse: Callable[[str], Event], context: dict[str, Any],
    target_event: type[TargetEvent] = TargetEvent,
) -> Callable[[str], Event]:
    """``with_flat_reader`` for a ruleset's lines (``context``: its ``parse_context``, ``target_event``
    its target model): a compact flat line whose fields are plainly valid is built by
    ``plain_event``, any other flat line handed to ``validate``, a compact claim built by
    ``plain_claim``, any other line handed to ``parse``."""

    def parse_line(text: str) -> Event:
        obj = flat_object(text)
        if obj is None:
            claim = plain_claim(text)
            return parse(text) if claim is None else claim
        event = plain_event(obj, context, target_event)
        return validate(obj) if event is None else event

    return parse_line
