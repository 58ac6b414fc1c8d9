"""The table notation: a short, typed form of a flip7-log/1 log, in English or German.

``parse_notation`` reads it into the same event objects as the JSON Lines log; ``jsonl_to_notation``
prints a log as notation and ``notation_to_jsonl`` back; ``replay_notation`` judges a notation file
with the core's replay, with every violation placed on the notation's own line. ``register_card_words``
is the hook through which a ruleset adds its card words (the Vengeance words: ``notation.vengeance``). docs/notation.md describes the notation.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.notation.parse import Entry, Notation, NotationError, parse_notation
from adjudicator.notation.words import register_card_words
from adjudicator.notation.write import event_json, jsonl_to_notation, notation_to_jsonl, quote, statement
from adjudicator.replay import ReplayResult, replay_log
from adjudicator.source import lines_from_text
from adjudicator.verdict import Violation

NOTATION_RULE = "log.line"


def is_jsonl(lines: Iterable[str]) -> bool:
    """True when a log's first event line is a JSON object (JSON Lines), False for notation."""
    for text in lines:
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            return stripped.startswith("{")
    return True


def replay_notation(notation: Notation, *, stop_after: int | None = None) -> tuple[ReplayResult, list[Entry]]:
    """Replay a parsed notation file; violations name the notation's line (and column in the message).

    Returns the result and the event entries in event order (entry ``i`` is event ``i``).
    """
    lines = notation_to_jsonl(notation)
    result = replay_log(lines, stop_after=stop_after)
    by_line = {i + 1: entry for i, entry in enumerate(notation.entries)}
    events = [e for e in notation.entries if e.kind in ("event", "raw", "error")]

    def place(v: Violation) -> Violation:
        entry = by_line[v.line]
        if entry.error is not None:
            return v.model_copy(update={"line": entry.line, "rule": NOTATION_RULE, "message": str(entry.error)})
        return v.model_copy(update={"line": entry.line})

    result.verdict.violations[:] = [place(v) for v in result.verdict.violations]
    if result.stopped_by is not None:
        result.stopped_by = place(result.stopped_by)
    return result, events


def notation_from_text(text: str) -> str:
    """Print JSON Lines text as notation (a convenience over ``jsonl_to_notation``)."""
    return jsonl_to_notation(lines_from_text(text))


__all__ = [
    "Entry", "Notation", "NotationError", "event_json", "is_jsonl", "jsonl_to_notation", "notation_from_text",
    "notation_to_jsonl", "parse_notation", "quote", "register_card_words", "replay_notation", "statement",
]
