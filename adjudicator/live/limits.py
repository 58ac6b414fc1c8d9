"""The bounds of one server's live tables (docs/live.md, docs/security.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LiveLimits:
    """How many tables, events, bytes, followers and advice one server allows, and for how long."""

    #: Open (not finished) tables at once; a create past it is refused (429).
    max_tables: int = 500
    #: Finished tables kept (their pages and streams); past it the longest untouched is forgotten
    #: (its game stays stored).
    max_finished: int = 500
    #: Events per table, the game line included; an append past it is refused (409).
    max_events: int = 5000
    #: Bytes of a table's log (every kept line and its line break); an append past it is refused (409).
    max_bytes: int = 1 << 20
    #: A table untouched this long (seconds) is finished (its game stored as far as it got) and
    #: then forgotten; a finished table's page is kept as long.
    idle_seconds: float = 12 * 3600
    #: Changes each table remembers for followers who reconnect (older ones get the whole table).
    changes_kept: int = 1000
    #: Bytes a reconnect may be sent as missed changes; past it it gets one ``sync`` (the whole table).
    replay_bytes: int = 1 << 20
    #: Followers (open streams) of one table, and of the whole server (the server also keeps it
    #: below half its file limit); past either a new stream is refused (429).
    max_table_followers: int = 100
    max_followers: int = 1000
    #: Advice computed at once by the whole server; past it an advice request is refused (429).
    advice_workers: int = 2
    #: Monte Carlo playouts per option when an advice cannot be solved exactly.
    advice_samples: int = 100

    def __post_init__(self) -> None:
        counts = (self.max_tables, self.max_finished, self.max_events, self.max_bytes, self.changes_kept, self.replay_bytes,
                  self.max_table_followers, self.max_followers, self.advice_workers, self.advice_samples)
        if min(counts) < 1 or self.max_events < 2 or self.idle_seconds <= 0:
            raise ValueError("live table limits must be positive (and allow at least one event after the game line)")
