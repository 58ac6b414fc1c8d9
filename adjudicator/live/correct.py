"""Correcting an earlier event of a live table: put another event in its place and replay what followed.

A scorer who typed event 12 wrong replaces it: the table goes back to before event 12 (replayed
from its kept events, as an undo is), the corrected event is judged there (refused as any append
would be: then nothing changes), and every later event is judged again in order on top of it.
Those still legal are kept; those no longer legal are dropped, each with the rule and message
``flip7 check`` would give (English and German). The new events replace the old ones in the store
in one transaction, so a failure keeps the old ones, every one. Followers are sent one ``sync`` (the
whole table): the changes they remember no longer lead to it. The game line (event 0) is not
corrected: a table with other players or options is a new table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import RuleViolation
from adjudicator.live.service import Entry, Refused, TableConflict, TableFull, TableService
from adjudicator.live.table import LANGUAGES, LiveTable, canonical, read_line, refusal_in
from adjudicator.store import live as records

#: Dropped events worded in German by the referee (a retelling of the log each); past them the
#: German message is the engine's English one, so a long cascade never holds the table for long.
WORDED = 20


@dataclass(slots=True)
class Dropped:
    """A later event no longer legal after a correction: its index before, and why."""

    index: int
    event: Any
    code: str
    rule: str
    messages: dict[str, str]

    def as_json(self) -> dict[str, Any]:
        """As the API answers it."""
        return {"index": self.index, "event": self.event, "code": self.code, "rule": self.rule, "messages": self.messages}


@dataclass(slots=True)
class Correction:
    """What a correction did (or, previewed, would do): the event put at ``index``, the later
    events dropped, and how many later events were kept."""

    index: int
    kept: int
    dropped: list[Dropped] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def replay_after(before: list[str], line: str, later: list[str], table_id: str, first_index: int) -> tuple[LiveTable, list[Dropped], int]:
    """The table of ``before`` plus ``line`` (``RuleViolation`` when the rules refuse it), with
    every line of ``later`` judged on top in order: the legal kept, the others dropped (their
    index counted from ``first_index``). Returns the table, the dropped and the count kept."""
    table = LiveTable(table_id, before)
    table.append(line)
    dropped: list[Dropped] = []
    for offset, old in enumerate(later):
        try:
            table.append(old)
        except RuleViolation as error:
            worded = len(dropped) < WORDED
            messages = {lang: refusal_in(table.lines, old, error, lang) if worded else error.message for lang in LANGUAGES}
            dropped.append(Dropped(first_index + offset, _as_json(old), error.code, error.rule, messages))
    return table, dropped, len(later) - len(dropped)


def correct(
    service: TableService, table_id: str, key: str | None, index: int, event: dict[str, Any] | str, *,
    after: int | None = None, lang: str = "en", preview: bool = False,
) -> tuple[Entry, Correction]:
    """Put ``event`` in the place of event ``index`` and replay the events after it (behind the
    table's key; ``after`` as for an append). Returns the table and what was dropped. The corrected
    event refused: ``Refused`` and nothing changes; the game line or an index past the last event:
    ``TableConflict``. With ``preview`` nothing is kept: the answer says what a correction would do."""
    entry = service.entry(table_id)
    with entry.lock:
        service.check_key(entry, key)  # under the lock: a hand-over may have revoked the key meanwhile
        table = entry.table
        service._writable(table, after)
        last = len(table.lines) - 1
        if index == 0:
            raise TableConflict("the game line (event 0) cannot be corrected: for other players or options, finish this table and start a new one")
        if not 0 < index <= last:
            raise TableConflict(f"there is no event {index} to correct: the table's events are 1 to {last}" if last else "there is no event to correct yet")
        try:
            line = read_line(event)
            fixed, dropped, kept = replay_after(table.lines[:index], line, table.lines[index + 1 :], table.id, index + 1)
        except RuleViolation as error:
            line = canonical(event)
            messages = {"en": error.message}
            if lang != "en":
                messages[lang] = refusal_in(table.lines[:index], line, error, lang)
            raise Refused(error, index, messages, lang) from None
        if fixed.size > service.limits.max_bytes:
            raise TableFull(f"the corrected log would pass {service.limits.max_bytes:,} bytes, as much as a table may hold")
        correction = Correction(index, kept, dropped, fixed.lines[index:])
        if preview:
            return entry, correction
        now = service._now()
        records.replace_events(service.store, table_id, index, fixed.lines[index:], table.seq + 1, now)
        # the same table object takes the new events (whatever else it holds stays, as after an undo)
        table.lines, table.state, table._size = fixed.lines, fixed.state, fixed.size
        table.seq += 1
        entry.touched = now
        entry.changes.clear()  # followers who saw an older change get one sync; nothing is left to redo
        service._changed(entry, None)
    return entry, correction


def _as_json(line: str) -> Any:
    try:
        return json.loads(line)
    except ValueError:
        return line


__all__ = ["WORDED", "Correction", "Dropped", "correct", "replay_after"]
