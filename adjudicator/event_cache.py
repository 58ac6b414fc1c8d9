"""One parsed event per distinct line: a replay's bounded memo of its line parser.

A Flip 7 log repeats itself: the same player is dealt the same card, asks for a hit, stays, many
times over. In simulated five-player games only about a third of the lines of a log are distinct.
Events are frozen, so every line with the same text can share the one event parsed from it, and
the strict JSON read and validation run once per distinct line instead of once per line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

E = TypeVar("E")

#: Distinct lines kept per replay, and the longest line kept: together they bound the memo (to
#: about 1 MB) whatever the log holds. Typical event lines are 40–90 characters long.
MAX_ENTRIES = 4096
MAX_LINE_CHARS = 256


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
