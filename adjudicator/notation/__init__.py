"""The table notation: a short, typed form of a flip7-log/1 log, in English or German.

``parse_notation`` reads it into the same event objects as the JSON Lines log; ``jsonl_to_notation``
prints a log as notation and ``notation_to_jsonl`` back; ``replay_notation`` judges a notation file
with the core's replay, with every violation placed on the notation's own line. The words of each
registered ruleset come from its kit (``notation.words``); ``register_card_words`` adds more.
``replay_any`` and ``state_any`` read a log in either form, telling them apart as ``looks_like_notation``
does (``check``, ``state`` and their API routes). docs/notation.md describes the notation.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

from adjudicator.errors import EventOutOfRange
from adjudicator.notation.parse import Entry, Notation, NotationError, parse_notation
from adjudicator.notation.words import register_card_words
from adjudicator.notation.write import event_json, jsonl_to_notation, notation_to_jsonl, quote, statement
from adjudicator.replay import ReplayObserver, ReplayResult, replay_lines, replay_log
from adjudicator.source import as_lines, lines_from_text
from adjudicator.verdict import Violation

NOTATION_RULE = "log.line"


def is_jsonl(lines: Iterable[str]) -> bool:
    """True when a log's first event line is a JSON object (JSON Lines), False for notation."""
    for text in lines:
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            return stripped.startswith("{")
    return True


def _is_event(entry: Entry) -> bool:
    """True for an entry the replay reads as an event line (a raw line that is blank or a comment is not)."""
    if entry.kind == "raw":
        stripped = entry.text.strip()
        return bool(stripped) and not stripped.startswith("#")
    return entry.kind in ("event", "error")


def event_entries(notation: Notation) -> list[Entry]:
    """The entries of a parsed notation file that are events, in event order (entry ``i`` is event ``i``)."""
    return [entry for entry in notation.entries if _is_event(entry)]


def numbered_lines(notation: Notation) -> list[tuple[int, str]]:
    """The event lines of ``notation_to_jsonl(notation)``, each with the notation line its statement
    is on: what ``replay.replay_lines`` takes, so that every line a verdict names (the violation's,
    and an earlier event's in its message) is the notation's own."""
    return [(entry.line, text) for entry, text in zip(notation.entries, notation_to_jsonl(notation), strict=True) if _is_event(entry)]


def placer(notation: Notation) -> Callable[[Violation], Violation]:
    """What gives a violation of a statement that could not be read its reading error (rule
    ``log.line``) in a replay of ``numbered_lines(notation)``; other violations stay as they are."""
    events = event_entries(notation)

    def place(v: Violation) -> Violation:
        entry = events[v.event] if 0 <= v.event < len(events) else None
        if entry is not None and entry.error is not None:
            return v.model_copy(update={"line": entry.line, "rule": NOTATION_RULE, "message": str(entry.error)})
        return v

    return place


def replay_notation(notation: Notation, *, stop_after: int | None = None, observer: ReplayObserver | None = None) -> tuple[ReplayResult, list[Entry]]:
    """Replay a parsed notation file; violations name the notation's line (and column in the message).

    Returns the result and the event entries in event order (entry ``i`` is event ``i``).
    """
    result = replay_lines(numbered_lines(notation), stop_after=stop_after, observer=observer)
    place = placer(notation)
    result.verdict.violations[:] = [place(v) for v in result.verdict.violations]
    if result.stopped_by is not None:
        result.stopped_by = place(result.stopped_by)
    return result, event_entries(notation)


def looks_like_notation(first: str) -> bool:
    """True when ``first``, a log's first line that is neither blank nor a comment, reads as the
    notation's setup statement (``game ID; players …``): a log in the notation, not a JSON Lines log
    with a broken first line (which stays a JSON Lines log, judged line by line)."""
    stripped = first.strip()
    if not stripped or stripped.startswith(("{", "[", "#")):
        return False
    entries = parse_notation(stripped).entries
    return bool(entries) and entries[0].kind == "event" and entries[0].event is not None and entries[0].event.type == "game"


def read_either(source: str | bytes | Iterable[str]) -> tuple[Notation | None, Iterable[str]]:
    """A log in either form: the parsed notation when its first line reads as the notation's setup
    (``looks_like_notation``), else None; and the log's lines (only the head is read ahead)."""
    it = iter(as_lines(source))
    head: list[str] = []
    for text in it:
        head.append(text)
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            lines = itertools.chain(head, it)
            return (parse_notation("\n".join(lines)), []) if looks_like_notation(text) else (None, lines)
    return None, head


def replay_any(
    source: str | bytes | Iterable[str], *, stop_after: int | None = None, observer: ReplayObserver | None = None
) -> tuple[ReplayResult, bool]:
    """Replay a log in JSON Lines or in the notation (``read_either``) and say which it was (True:
    notation, whose violations then name the notation's lines). ``source`` is what ``replay_log`` takes."""
    notation, lines = read_either(source)
    if notation is None:
        return replay_log(lines, stop_after=stop_after, observer=observer), False
    return replay_notation(notation, stop_after=stop_after, observer=observer)[0], True


def state_any(source: str | bytes | Iterable[str], n: int | None = None, observer: ReplayObserver | None = None) -> ReplayResult:
    """``replay.state_at`` for a log in either form: the table after event ``n`` (``observer``
    watches the replay, e.g. ``effects.LastEffects`` for what event ``n`` did)."""
    result, _ = replay_any(source, stop_after=n, observer=observer)
    if n is not None and n >= result.verdict.events:
        raise EventOutOfRange(result.verdict.events, n)
    return result


def notation_from_text(text: str) -> str:
    """Print JSON Lines text as notation (a convenience over ``jsonl_to_notation``)."""
    return jsonl_to_notation(lines_from_text(text))


__all__ = [
    "Entry", "Notation", "NotationError", "event_json", "is_jsonl", "jsonl_to_notation", "looks_like_notation", "notation_from_text",
    "event_entries", "numbered_lines", "notation_to_jsonl", "parse_notation", "placer", "quote", "read_either", "register_card_words", "replay_any", "replay_notation", "state_any", "statement",
]
