"""One parsed event per distinct line: a replay's bounded memo of its line parser.

A Flip 7 log repeats itself: the same player is dealt the same card, asks for a hit, stays, many
times over. In simulated five-player games only about a third of the lines of a log are distinct.
Events are frozen, so every line with the same text can share the one event parsed from it, and
the strict JSON read and validation run once per distinct line instead of once per line. Where
the memo misses, a compact flat line whose fields are plainly valid is built without the
validator (``plain_event``). This module is compiled with the engine (``adjudicator.accel``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from adjudicator.events import MAX_NAME_LENGTH, CardEvent, Event, HitEvent, RoundEvent, ShuffleEvent, StayEvent, TargetEvent

E = TypeVar("E")
M = TypeVar("M", bound=BaseModel)

#: Distinct lines kept per replay, and the longest line kept: together they bound the memo (to
#: about 1 MB) whatever the log holds. Typical event lines are 40–90 characters long.
MAX_ENTRIES = 4096
MAX_LINE_CHARS = 256
#: Distinct lines kept by the memo a ruleset's replays share (``replay.shared_parser``): about 4 MB
#: at most, for lines that repeat from log to log (the same names dealt the same cards).
SHARED_ENTRIES = 16384


def memoized(parse: Callable[[str], E], *, entries: int = MAX_ENTRIES, longest: int = MAX_LINE_CHARS) -> Callable[[str], E]:
    """``parse`` with a memo of its results by line text, for one replay.

    Only lines that parse are remembered (a bad line raises afresh each time, with the same
    message); lines longer than ``longest`` characters and stand-ins that are not plain text are
    parsed every time; after ``entries`` distinct lines nothing more is added.
    """
    events: dict[str, E] = {}
    get = events.get

    def parse_line(text: str) -> E:
        event = get(text)
        if event is None:
            event = parse(text)
            if len(text) <= longest and type(text) is str and len(events) < entries:
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
    ``plain_event``, any other flat line handed to ``validate``, any other line to ``parse``."""

    def parse_line(text: str) -> Event:
        obj = flat_object(text)
        if obj is None:
            return parse(text)
        event = plain_event(obj, context, target_event)
        return validate(obj) if event is None else event

    return parse_line
