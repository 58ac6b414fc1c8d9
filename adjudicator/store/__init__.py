"""The replay store: adjudicated logs kept in an embedded DuckDB file, with statistics and SQL.

``Store`` is the service API (CLI and HTTP layer alike); the modules hold the pieces: ``schema``
(tables), ``db`` (finding and opening the file), ``ingest`` (bulk, atomic per game), ``stats``
(canned statistics, one SQL query each), ``timeparse`` (reading their ``since`` filter), ``query``
(sandboxed read-only SQL), ``export`` (Parquet). See docs/storage.md.
"""

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
