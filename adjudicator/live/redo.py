"""Redo after undo on a live table: the events undone, read back from the table's changes.

An undo forgets the last event (``TableService.undo``); **redo** keeps it again. What may be redone
is worked out from the changes the table remembers for its followers, so nothing new is stored:
each undo puts its event on the redo stack, an append of the event on top takes it off (a redo, or
the same tap made again), any other append or the finish empties it. A redo is an append of that
event, judged again like any other (the table is as it was before the event, so it is legal).
After a restart the changes are gone and there is nothing to redo.
"""

from __future__ import annotations

from typing import Any

from adjudicator.live.service import Change, Entry, TableConflict, TableService


def redo_stack(changes: list[Change]) -> list[dict[str, Any]]:
    """The events that may be redone, the next one last."""
    stack: list[dict[str, Any]] = []
    for change in changes:
        if change.kind == "undo" and change.event is not None:
            stack.append(change.event)
        elif change.kind == "append" and stack and stack[-1] == change.event:
            stack.pop()
        else:
            stack.clear()
    return stack


def next_redo(entry: Entry) -> dict[str, Any] | None:
    """The event a redo would keep now, or None."""
    with entry.lock:
        stack = redo_stack(entry.changes)
    return stack[-1] if stack else None


def redo(service: TableService, table_id: str, key: str | None, *, after: int | None = None, lang: str = "en") -> tuple[Entry, int]:
    """Keep again the event undone last (behind the table's key); returns the table and the event's
    index. ``TableConflict`` when there is nothing to redo (or the table moved on since ``after``)."""
    entry = service.entry(table_id)
    service.check_key(entry, key)
    with entry.lock:
        stack = redo_stack(entry.changes)
        last = len(entry.table.lines) - 1
    if not stack:
        raise TableConflict("there is nothing to redo: no event was undone since the last new one")
    if after is not None and after != last:
        raise TableConflict(f"the table has moved on: its last event is {last}, not {after} (someone else wrote meanwhile; read it again)")
    return service.append(table_id, key, stack[-1], after=last, lang=lang)


__all__ = ["next_redo", "redo", "redo_stack"]
