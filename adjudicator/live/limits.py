"""The bounds of one server's live tables (docs/live.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LiveLimits:
    """How many open tables, events per table and idle time one server allows."""

    #: Open (not finished) tables at once; a create past it is refused (429).
    max_tables: int = 500
    #: Events per table, the game line included; an append past it is refused (409).
    max_events: int = 5000
    #: A table untouched this long (seconds) is finished (its game stored as far as it got) and
    #: then forgotten; a finished table's page is kept as long.
    idle_seconds: float = 12 * 3600
    #: Changes each table remembers for followers who reconnect (older ones get the whole table).
    changes_kept: int = 1000

    def __post_init__(self) -> None:
        if min(self.max_tables, self.max_events, self.changes_kept) < 1 or self.max_events < 2 or self.idle_seconds <= 0:
            raise ValueError("live table limits must be positive (and allow at least one event after the game line)")
