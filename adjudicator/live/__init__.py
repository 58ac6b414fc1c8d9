"""Live tables: a game recorded as it is played, judged event by event (docs/live.md).

``table.LiveTable`` keeps one game's events and state; ``service.TableService`` keeps every table
of a server, writes each change through to the store and tells followers.
"""

from adjudicator.live.table import LiveTable, LiveView, owed

__all__ = ["LiveTable", "LiveView", "owed"]
