"""The replay store: adjudicated logs kept in an embedded DuckDB file, with statistics and SQL.

``Store`` is the service API (CLI and HTTP layer alike); the modules hold the pieces: ``schema``
(tables), ``db`` (finding and opening the file), ``ingest`` (bulk, atomic per game), ``stats``
(canned statistics, one SQL query each), ``timeparse`` (reading their ``since`` filter), ``query``
(sandboxed read-only SQL), ``export`` (Parquet). See docs/storage.md.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adjudicator.store.db import resolve_db_path
    from adjudicator.store.errors import (
        GameNotFound,
        InvalidSince,
        NotAStore,
        QueryFailed,
        QueryRefused,
        QueryTimeout,
        QueryTooLarge,
        SchemaMismatch,
        StoreError,
        StoreInUse,
        StoreNotFound,
    )
    from adjudicator.store.export import ExportedTable
    from adjudicator.store.ingest import IngestResult, IngestSummary, LogInput, Outcome
    from adjudicator.store.query import QueryResult
    from adjudicator.store.schema import SCHEMA_VERSION
    from adjudicator.store.service import GamePage, GameSummary, Store
    from adjudicator.store.stats import STATISTICS, Statistic, StatResult
    from adjudicator.store.timeparse import parse_since

#: Where each name of the package is defined. The package imports a module when one of its names
#: is first asked for: a worker of ``flip7 ingest`` imports ``adjudicator.store.rows`` and so this
#: package, and must not load DuckDB and Arrow with it.
_HOME = {
    "resolve_db_path": "db",
    **dict.fromkeys(
        ["GameNotFound", "InvalidSince", "NotAStore", "QueryFailed", "QueryRefused", "QueryTimeout", "QueryTooLarge",
         "SchemaMismatch", "StoreError", "StoreInUse", "StoreNotFound"],
        "errors",
    ),
    "ExportedTable": "export",
    **dict.fromkeys(["IngestResult", "IngestSummary", "LogInput", "Outcome"], "ingest"),
    "QueryResult": "query",
    "SCHEMA_VERSION": "schema",
    **dict.fromkeys(["GamePage", "GameSummary", "Store"], "service"),
    **dict.fromkeys(["STATISTICS", "Statistic", "StatResult"], "stats"),
    "parse_since": "timeparse",
}


def __getattr__(name: str) -> Any:
    """A name of ``__all__``, imported from its module on first use (``_HOME``)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "STATISTICS",
    "SCHEMA_VERSION",
    "ExportedTable",
    "GameNotFound",
    "GamePage",
    "GameSummary",
    "IngestResult",
    "IngestSummary",
    "InvalidSince",
    "LogInput",
    "NotAStore",
    "Outcome",
    "QueryFailed",
    "QueryRefused",
    "QueryResult",
    "QueryTimeout",
    "QueryTooLarge",
    "SchemaMismatch",
    "StatResult",
    "Statistic",
    "Store",
    "StoreError",
    "StoreInUse",
    "StoreNotFound",
    "parse_since",
    "resolve_db_path",
]
