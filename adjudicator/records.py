"""The event lines of a log as a replay read them (``replay_log(..., collect=True)``).

They hold only plain values (no references into the live state). The records the store keeps
for statistics are collected by an observer of the replay: ``adjudicator.store.records``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class LoggedEvent:
    """One event line of a log as it was read: index, 1-based line, its raw text and key fields.

    ``type``/``player``/``card``/``target`` are None where the line had none (or was not JSON).
    """

    index: int
    line: int
    raw: str
    type: str | None = None
    player: str | None = None
    card: str | None = None
    target: str | None = None
