"""One parsed event per distinct line: a replay's bounded memo of its line parser.

A Flip 7 log repeats itself: the same player is dealt the same card, asks for a hit, stays, many
times over. In simulated five-player games only about a third of the lines of a log are distinct.
Events are frozen, so every line with the same text can share the one event parsed from it, and
the strict JSON read and validation run once per distinct line instead of once per line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

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
