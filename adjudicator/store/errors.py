"""Exceptions of the replay store: a small family under ``Flip7Error``.

Every one carries a message meant for a person (the CLI prints it on one line, the HTTP layer puts
it in the error body), so callers need not add context of their own.
"""

from __future__ import annotations

from adjudicator.errors import Flip7Error


class StoreError(Flip7Error):
    """Something is wrong with the store as a whole (opening it, its file, its schema)."""


class StoreInUse(StoreError):
    """Another process holds the database file (DuckDB allows one writer process per file)."""


class StoreNotFound(StoreError):
    """A read-only open of a store file that does not exist."""


class NotAStore(StoreError):
    """The file exists but is not a flip7 store: not DuckDB, truncated, or another DuckDB database.

    The file is left exactly as it was.
    """


class SchemaMismatch(StoreError):
    """The store was written with a schema version this flip7 does not read."""


class GameNotFound(StoreError):
    """No stored game has the given id."""


class QueryRefused(StoreError):
    """A sandboxed query tried something the sandbox does not allow (writing, files, settings, …)."""


class QueryFailed(StoreError):
    """A sandboxed query is not valid SQL or failed while running (wrong column, bad cast, …)."""


class QueryTimeout(QueryFailed):
    """A sandboxed query ran longer than its time limit and was interrupted."""


class QueryTooLarge(QueryFailed):
    """The first row of a sandboxed query's result is alone over the byte limit (``limit``)."""

    def __init__(self, message: str, limit: int) -> None:
        super().__init__(message, limit)
        self.limit = limit

    def __str__(self) -> str:
        return str(self.args[0])


class InvalidSince(Flip7Error, ValueError):
    """A ``since`` filter that is neither a date, a date-time nor an age (``timeparse.parse_since``).

    Not a ``StoreError``: the store is fine, the caller's input is not. Also a ``ValueError``, as
    it is one.
    """
