"""Read-only SQL over the store, in a sandbox.

Three fences, each enough on its own for writing, and the last two for everything else:

1. the text must be exactly one statement, and a query (``SELECT``, ``WITH``, ``FROM``,
   ``VALUES``, ``DESCRIBE``, ``SHOW``, ``SUMMARIZE``): no INSERT, CREATE, ATTACH, COPY, SET,
   PRAGMA, INSTALL, LOAD, CALL, EXPORT, CHECKPOINT, transactions;
2. the connection: opened read-only (or, inside a read-write process such as the HTTP server, a
   ``READ ONLY`` transaction that is always rolled back);
3. the DuckDB instance: external access disabled (no file, no URL, no extension install or load,
   no ATTACH) and the configuration locked (no ``SET``/``PRAGMA``/``RESET`` of settings), from the
   moment it was opened (see ``db.LOCKED_CONFIG``).

Results are cut at ``max_rows`` rows and the query is interrupted after ``timeout`` seconds.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import duckdb

from adjudicator.store.errors import QueryFailed, QueryRefused, QueryTimeout

#: Default cap on the rows a query returns.
DEFAULT_MAX_ROWS = 10_000
#: Default time limit of a query, seconds.
DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True, slots=True)
class QueryResult:
    """The columns (names and DuckDB types) and rows of a query; ``truncated`` when rows were cut."""

    columns: list[str]
    types: list[str]
    rows: list[tuple[Any, ...]]
    truncated: bool


def check_query(sql: str) -> None:
    """Refuse (``QueryRefused``) anything but exactly one query; ``QueryFailed`` if it does not parse."""
    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as exc:
        raise QueryFailed(_message(exc)) from None
    if not statements:
        raise QueryRefused("the query is empty")
    if len(statements) > 1:
        raise QueryRefused(f"one statement at a time, please (found {len(statements)})")
    kind = statements[0].type
    if kind != duckdb.StatementType.SELECT:
        raise QueryRefused(
            f"only queries may run here ({kind.name} statements are refused): the store is read-only"
        )


def run_query(
    con: duckdb.DuckDBPyConnection,
    sql: str,
    *,
    read_only_connection: bool,
    max_rows: int = DEFAULT_MAX_ROWS,
    timeout: float = DEFAULT_TIMEOUT,
) -> QueryResult:
    """Run one read-only query on a fresh cursor of ``con`` (which must come from ``db.open_connection``).

    ``read_only_connection`` says whether ``con`` was opened read-only; if not, the query runs in
    a ``READ ONLY`` transaction that is rolled back afterwards. Raises ``QueryRefused`` for
    anything the sandbox forbids, ``QueryTimeout`` past ``timeout`` seconds, ``QueryFailed`` for
    other SQL errors.
    """
    check_query(sql)
    cursor = con.cursor()
    in_transaction = False
    timer = threading.Timer(timeout, cursor.interrupt)
    try:
        if not read_only_connection:
            cursor.execute("BEGIN TRANSACTION READ ONLY")
            in_transaction = True
        timer.start()
        cursor.execute(sql)
        description = cursor.description or []
        rows = cursor.fetchmany(max_rows + 1)
    except duckdb.InterruptException:
        raise QueryTimeout(f"the query ran longer than {timeout:g} s and was stopped") from None
    except (duckdb.PermissionException, duckdb.TransactionException) as exc:
        raise QueryRefused(f"not allowed in a read-only query: {_message(exc)}") from None
    except duckdb.InvalidInputException as exc:
        text = str(exc)
        if "read-only" in text or "configuration has been locked" in text:
            raise QueryRefused(f"not allowed in a read-only query: {_message(exc)}") from None
        raise QueryFailed(_message(exc)) from None
    except duckdb.Error as exc:
        raise QueryFailed(_message(exc)) from None
    finally:
        timer.cancel()
        if in_transaction:
            try:
                cursor.execute("ROLLBACK")
            except duckdb.Error:
                pass
        cursor.close()
    return QueryResult(
        columns=[d[0] for d in description],
        types=[str(d[1]) for d in description],
        rows=rows[:max_rows],
        truncated=len(rows) > max_rows,
    )


def _message(exc: BaseException) -> str:
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__
