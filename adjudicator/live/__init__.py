"""Live tables: a game recorded as it is played, judged event by event (docs/live.md).

``table.LiveTable`` keeps one game's events and state; ``service.TableService`` keeps every table
of a server, writes each change through to the store and tells followers; ``limits.LiveLimits``
are its bounds. (Nothing is imported here, so the limits load without the engine.)
"""
