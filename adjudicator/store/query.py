"""Read-only SQL over the store, in a sandbox.

Four fences, each enough on its own for writing, and the last two for everything else:

1. the text must be exactly one statement, and a query (``SELECT``, ``WITH``, ``FROM``,
   ``VALUES``, ``DESCRIBE``, ``SHOW``, ``SUMMARIZE``): no INSERT, CREATE, ATTACH, COPY, SET,
   PRAGMA, INSTALL, LOAD, CALL, EXPORT, CHECKPOINT, transactions;
2. the connection: opened read-only (or, inside a read-write process such as the HTTP server, a
   ``READ ONLY`` transaction that is always rolled back);
3. the DuckDB instance: external access disabled (no file, no URL, no extension install or load,
   no ATTACH) and the configuration locked (no ``SET``/``PRAGMA``/``RESET`` of settings), from the
   moment it was opened (see ``db.LOCKED_CONFIG``);
4. with ``hide_server`` (the HTTP API), the allow-list (``allowlist.check_allowed``): the query may name only the store's game
   tables and ``meta`` (``QUERY_TABLES``: not the live tables) and functions that touch no file and change nothing; DuckDB's own parser says what it
   names. (DuckDB still lets a locked, closed-off instance read its own files, so fence 3 alone
   does not stop ``read_blob`` on the store's ``.wal``, nor ``checkpoint()``.)

Results are cut at ``max_rows`` rows (and, when asked, at ``max_bytes`` bytes, counted twice:
as DuckDB's Arrow data before a row becomes Python objects, then as JSON) and the query is
stopped after ``timeout`` seconds: DuckDB is interrupted, and the clock is read between batches
of rows on the Python side too. Memory and threads inside DuckDB are bounded by the instance's
``memory_limit`` and ``threads`` (``db.open_connection(limits=...)``); a query that needs more
memory is ``QueryTooLarge``. What DuckDB does not count (strings it builds, the rows it hands over)
is bounded by a process of the query's own where one can open the store: ``run_query_apart``
(``flip7 query``), under a hard address-space limit and killed past its time.

With ``hide_server`` (the HTTP API) a fourth fence keeps the server to itself: a query may not name
DuckDB's views of the instance (its settings, attached files, extensions, temporary files, secrets,
logs) nor the functions that run SQL given as text; error messages do not name paths the query did
not name itself. What the store holds (its tables, columns, views) stays open to questions.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from adjudicator.errors import Flip7Error
from adjudicator.store import errors as store_errors
from adjudicator.store.allowlist import check_allowed
from adjudicator.store.db import LOCKED_CONFIG
from adjudicator.store.encode import to_json
from adjudicator.store.errors import QueryFailed, QueryRefused, QueryTimeout, QueryTooLarge
from adjudicator.store.parquet import open_parquet
from adjudicator.store.schema import GAME_TABLES, META

#: Default cap on the rows a query returns.
DEFAULT_MAX_ROWS = 10_000
#: Default time limit of a query, seconds.
DEFAULT_TIMEOUT = 30.0


#: Rows fetched from DuckDB at a time (so a byte limit is noticed before every row is in memory).
_FETCH = 256

#: Names about the DuckDB instance rather than the store (``hide_server``): these prefixes, but for
#: the catalog views that only describe the store's own tables.
_SERVER_PREFIXES = ("duckdb_", "pragma_")
_STORE_CATALOG = frozenset(
    {
        "duckdb_tables", "duckdb_columns", "duckdb_views", "duckdb_schemas", "duckdb_types", "duckdb_functions",
        "duckdb_keywords", "duckdb_constraints", "duckdb_indexes", "duckdb_sequences", "duckdb_dependencies",
        "pragma_table_info", "pragma_show",
    }
)
#: Further views of the instance, refused wherever they are named.
_SERVER_VIEWS = frozenset({"pg_settings"})
#: Functions that read settings or run SQL given as text: refused when called.
_SERVER_FUNCTIONS = frozenset(
    {"current_setting", "getvariable", "getenv", "query", "query_table", "json_execute_serialized_sql", "which_secret"}
)
_QUOTED_PATH = re.compile(r"(?P<q>[\"'])(?P<path>(?:/|[A-Za-z]:[\\/]|~)[^\"']*)(?P=q)")


@dataclass(frozen=True, slots=True)
class QueryResult:
    """The columns (names and DuckDB types) and rows of a query; ``truncated`` when rows were cut,
    ``truncated_by`` says by which limit (``"rows"`` or ``"bytes"``; None when nothing was cut)."""

    columns: list[str]
    types: list[str]
    rows: list[tuple[Any, ...]]
    truncated: bool
    truncated_by: str | None = None


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
    try:
        kind = statements[0].type
    except ValueError:  # a kind the Python binding has no name for (UPDATE EXTENSIONS): not a query either
        raise QueryRefused("only queries may run here (this statement is refused): the store is read-only") from None
    if kind != duckdb.StatementType.SELECT:
        raise QueryRefused(
            f"only queries may run here ({kind.name} statements are refused): the store is read-only"
        )


def _identifiers(sql: str) -> list[tuple[str, bool]]:
    """The names in ``sql`` as DuckDB compares them (unquoted, lower case), each with whether it is
    called (the next token, comments aside, is ``(``). String literals and comments are not names."""
    raw = duckdb.tokenize(sql)
    ends = [start for start, _ in raw[1:]] + [len(sql)]
    tokens = [(sql[start:end].strip(), kind) for (start, kind), end in zip(raw, ends, strict=True) if kind != duckdb.token_type.comment]
    out = []
    for i, (text, kind) in enumerate(tokens):
        if kind not in (duckdb.token_type.identifier, duckdb.token_type.keyword):
            continue
        if len(text) >= 2 and text[0] == text[-1] == '"':
            text = text[1:-1].replace('""', '"')
        called = i + 1 < len(tokens) and tokens[i + 1][0].startswith("(")
        out.append((text.lower(), called))
    return out


def check_private(sql: str) -> None:
    """Refuse (``QueryRefused``) a query that asks about the server rather than the store (see the
    module docstring: ``hide_server``)."""
    for name, called in _identifiers(sql):
        server = name in _SERVER_VIEWS or (name.startswith(_SERVER_PREFIXES) and name not in _STORE_CATALOG)
        if server or (called and name in _SERVER_FUNCTIONS):
            raise QueryRefused(
                f"{name} is about the server, not the store: its settings, files and databases are not "
                "shown here (ask about the store's tables: information_schema, duckdb_tables(), DESCRIBE)"
            )


#: The tables a query over the API may read: the games' tables and ``meta`` (the store's format).
#: The live tables are not among them: their ids are read links and their rows hold key hashes and
#: the events the live routes show only through a link (issue 28, item 25).
QUERY_TABLES = frozenset(table.name for table in (META, *GAME_TABLES))


def _store_names(con: duckdb.DuckDBPyConnection) -> tuple[frozenset[str], str]:
    """The store's tables a query may name (``QUERY_TABLES``, lower case) and its database's name,
    for the allow-list."""
    cursor = con.cursor()
    try:
        rows = cursor.execute(
            "SELECT lower(table_name), current_database() FROM information_schema.tables "
            "WHERE table_catalog = current_database() AND table_schema = 'main'"
        ).fetchall()
        database = rows[0][1] if rows else str(cursor.execute("SELECT current_database()").fetchone()[0])  # type: ignore[index]
    finally:
        cursor.close()
    return frozenset(name for name, _ in rows if name in QUERY_TABLES), database


def _hide_paths(message: str, sql: str) -> str:
    """``message`` with every quoted path the query did not name itself replaced by ``<path>``."""
    return _QUOTED_PATH.sub(lambda m: m.group(0) if m.group("path") in sql else f"{m.group('q')}<path>{m.group('q')}", message)


def _python_rows(converter: duckdb.DuckDBPyConnection, batch: pa.RecordBatch, bits: list[int]) -> list[tuple[Any, ...]]:
    """The rows of ``batch`` as the Python values DuckDB's own ``fetchall`` gives (DuckDB reads the
    Arrow batch back on ``converter``, a private in-memory instance); the columns at ``bits``
    (DuckDB ``BIT``, which Arrow carries as DuckDB's bytes) as their string of 0s and 1s."""
    if batch.num_rows == 0:
        return []
    rows = converter.from_arrow(pa.Table.from_batches([batch])).fetchall()
    if bits:
        rows = [tuple(_bit_text(v) if i in bits else v for i, v in enumerate(row)) for row in rows]
    return rows


def _bit_text(value: Any) -> Any:
    """A ``BIT`` value from its bytes (the first tells how many leading bits are padding)."""
    if not isinstance(value, bytes | bytearray) or not value:
        return value
    return "".join(f"{byte:08b}" for byte in value[1:])[value[0]:]


def _arrow_prefix(batch: pa.RecordBatch, used: int, budget: int) -> tuple[int, int]:
    """How many leading rows of ``batch`` fit in ``budget`` bytes of Arrow data after ``used``, and
    the bytes used then (each row measured on its own, before any becomes a Python object)."""
    keep = 0
    while keep < batch.num_rows:
        size = batch.slice(keep, 1).nbytes
        if used + size > budget:
            break
        used += size
        keep += 1
    return keep, used


def _fetch(
    reader: pa.RecordBatchReader, max_rows: int, max_bytes: int | None, deadline: float, timeout: float, types: list[str]
) -> tuple[list[tuple[Any, ...]], str | None]:
    """Up to ``max_rows`` rows, and up to ``max_bytes`` bytes (of their JSON, and of their Arrow data
    before that); which limit cut them. DuckDB hands over ``_FETCH`` rows at a time as Arrow, so a
    row is measured before it becomes Python objects, and the clock is read between batches.

    Raises ``QueryTooLarge`` when the first row alone is over ``max_bytes``, ``QueryTimeout`` past
    ``deadline`` (``time.monotonic``).
    """
    rows: list[tuple[Any, ...]] = []
    size = 2  # the brackets of the list of rows
    arrow_used = 0
    bits = [i for i, kind in enumerate(types) if kind == "BIT"]
    converter = duckdb.connect(config={**LOCKED_CONFIG, "threads": 1})
    try:
        for batch in reader:
            if time.monotonic() > deadline:
                raise _timeout(timeout)
            batch = batch.slice(0, max_rows + 1 - len(rows))
            cut_here = False
            if max_bytes is not None:
                if arrow_used + batch.nbytes > max_bytes:
                    keep, arrow_used = _arrow_prefix(batch, arrow_used, max_bytes)
                    cut_here = keep < batch.num_rows
                    batch = batch.slice(0, keep)
                else:
                    arrow_used += batch.nbytes
            for row in _python_rows(converter, batch, bits):
                if len(rows) == max_rows:
                    return rows, "rows"
                if max_bytes is not None:
                    size += len(json.dumps(to_json(list(row)), ensure_ascii=False).encode("utf-8", "replace")) + 1
                    if size > max_bytes:
                        return _cut_by_bytes(rows, max_bytes)
                rows.append(row)
            if cut_here:
                return _cut_by_bytes(rows, max_bytes or 0)
            if time.monotonic() > deadline:
                raise _timeout(timeout)
        return rows, None
    finally:
        converter.close()


def _cut_by_bytes(rows: list[tuple[Any, ...]], max_bytes: int) -> tuple[list[tuple[Any, ...]], str]:
    """``rows`` cut by the byte limit; ``QueryTooLarge`` when not even the first row fitted."""
    if not rows:
        raise QueryTooLarge(
            f"the first row of the result alone is over the limit of {max_bytes:,} bytes; "
            "select fewer or shorter columns (substr, length, LIMIT)",
            max_bytes,
        )
    return rows, "bytes"


def _timeout(timeout: float) -> QueryTimeout:
    return QueryTimeout(f"the query ran longer than {timeout:g} s and was stopped")


def run_query(
    con: duckdb.DuckDBPyConnection,
    sql: str,
    *,
    read_only_connection: bool,
    max_rows: int = DEFAULT_MAX_ROWS,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int | None = None,
    hide_server: bool = False,
) -> QueryResult:
    """Run one read-only query on a fresh cursor of ``con`` (which must come from ``db.open_connection``).

    ``read_only_connection`` says whether ``con`` was opened read-only; if not, the query runs in
    a ``READ ONLY`` transaction that is rolled back afterwards. Rows are cut at ``max_rows``, and
    at ``max_bytes`` bytes of their JSON when given. ``hide_server`` refuses questions about the
    server and keeps paths out of messages (see the module docstring). Raises ``QueryRefused`` for
    anything the sandbox forbids, ``QueryTimeout`` past ``timeout`` seconds, ``QueryTooLarge`` when
    the first row alone is over ``max_bytes``, ``QueryFailed`` for other SQL errors.
    """
    try:
        check_query(sql)
        if hide_server:
            check_private(sql)
            check_allowed(sql, *_store_names(con))
        return _run(con, sql, read_only_connection, max_rows, timeout, max_bytes)
    except QueryFailed as exc:
        if not hide_server:
            raise
        raise type(exc)(_hide_paths(str(exc), sql), *exc.args[1:]) from None
    except QueryRefused as exc:
        if not hide_server:
            raise
        raise QueryRefused(_hide_paths(str(exc), sql)) from None


def _run(
    con: duckdb.DuckDBPyConnection, sql: str, read_only_connection: bool, max_rows: int, timeout: float, max_bytes: int | None
) -> QueryResult:
    cursor = con.cursor()
    in_transaction = False
    deadline = time.monotonic() + timeout
    timer = threading.Timer(timeout, cursor.interrupt)
    try:
        if not read_only_connection:
            cursor.execute("BEGIN TRANSACTION READ ONLY")
            in_transaction = True
        timer.start()
        relation = cursor.sql(sql)
        if relation is None:  # a statement without a result (not one check_query lets through)
            return QueryResult(columns=[], types=[], rows=[], truncated=False)
        columns, types = list(relation.columns), [str(t) for t in relation.types]
        rows, cut_by = _fetch(relation.to_arrow_reader(_FETCH), max_rows, max_bytes, deadline, timeout, types)
    except duckdb.InterruptException:
        raise _timeout(timeout) from None
    except duckdb.OutOfMemoryException:
        raise QueryTooLarge(
            "the query needs more memory than the server gives its DuckDB (memory_limit); "
            "ask for less: fewer rows or columns, smaller lists, LIMIT",
            max_bytes or 0,
        ) from None
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
        columns=columns,
        types=types,
        rows=rows,
        truncated=cut_by is not None,
        truncated_by=cut_by,
    )


# ------------------------------------------------------------------------------------ in a child process

#: Bytes of address space a query run apart (``run_query_apart``) may add to its process: the hard
#: limit on what DuckDB does not govern (building strings, handing rows over as Arrow, then Python).
APART_MEMORY = 2 * 1024**3
#: DuckDB's own ``memory_limit`` in that process: half of it (the rest for Arrow, Python and the rows).
APART_DUCKDB_MEMORY = APART_MEMORY // 2
#: Bytes of a result run apart, counted as ``max_bytes`` counts them (the rows a terminal shows).
APART_MAX_BYTES = 64 * 1024**2
#: Seconds the child process may take to start and open the store, beyond the query's ``timeout``.
APART_START = 10.0

def run_query_apart(
    path: str,
    sql: str,
    *,
    max_rows: int = DEFAULT_MAX_ROWS,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = APART_MAX_BYTES,
    memory: int = APART_MEMORY,
    parquet: bool = False,
) -> QueryResult:
    """``run_query`` in a child process of its own that opens the store at ``path`` read-only (with
    ``parquet``: the Parquet store in the folder ``path``, ``adjudicator.store.parquet``),
    with a hard limit of ``memory`` more bytes of address space (``RLIMIT_AS``) and killed
    ``APART_START`` seconds after its ``timeout`` at the latest (issue 28, item 16: a query that
    builds strings or a result DuckDB does not count grew to gigabytes and ran on past its time).

    Raises what ``run_query`` raises; ``QueryTooLarge`` when the child ran out of memory (or died
    of it), ``QueryTimeout`` when it had to be killed. POSIX only (``resource``).
    """
    context = _apart_context()
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_apart, args=(sending, path, sql, max_rows, timeout, max_bytes, memory, parquet), daemon=True)
    child.start()
    sending.close()
    try:
        if not receiving.poll(timeout + APART_START):
            raise _timeout(timeout)
        try:
            kind, payload = receiving.recv()
        except (EOFError, OSError):  # it died without a word: the kernel or the allocator ended it
            raise _memory(memory) from None
    finally:
        receiving.close()
        if child.is_alive():
            child.kill()
        child.join()
    if kind == "rows":
        return QueryResult(*payload)
    if kind == "QueryTooLarge":
        raise _memory(memory) if payload is None else QueryTooLarge(payload, max_bytes)
    error = getattr(store_errors, kind, None)  # the store's errors take their message alone, but QueryTooLarge (above)
    raise (error if isinstance(error, type) and issubclass(error, store_errors.StoreError) else QueryFailed)(payload)


def _apart_context() -> Any:
    """How the child is started: forked from a fork server that only imported this module (no
    DuckDB instance, no threads, so forking is safe; later queries of the same process start in
    milliseconds), else spawned."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context


def _memory(memory: int) -> QueryTooLarge:
    return QueryTooLarge(
        f"the query needs more than the {memory / 1024**3:g} GiB a query may use; "
        "ask for less: fewer rows or columns, smaller lists and strings, LIMIT",
        memory,
    )


def _apart(sending: Any, path: str, sql: str, max_rows: int, timeout: float, max_bytes: int, memory: int, parquet: bool = False) -> None:
    """The child of ``run_query_apart``: limit the address space, open the store, run, send back."""
    import resource

    from adjudicator.store.db import classify_duckdb_error

    answer: tuple[str, Any]
    try:
        limits: dict[str, str | int] = {"memory_limit": f"{memory // 2}B", "threads": 1}
        if parquet:  # views over the folder's Parquet parts, in an instance of its own (in memory)
            con = open_parquet(path, limits=limits)
        else:
            try:  # the caller opened the store already (its format checked): only connect here
                con = duckdb.connect(path, read_only=True, config={**LOCKED_CONFIG, **limits})
            except duckdb.Error as exc:
                raise classify_duckdb_error(Path(path), exc) from None
        mapped = _address_space()
        if mapped:  # where the kernel says (Linux); elsewhere DuckDB's memory_limit is the bound
            resource.setrlimit(resource.RLIMIT_AS, (mapped + memory,) * 2)
        result = run_query(con, sql, read_only_connection=not parquet, max_rows=max_rows, timeout=timeout, max_bytes=max_bytes)
        answer = ("rows", (result.columns, result.types, result.rows, result.truncated, result.truncated_by))
    except MemoryError:
        answer = ("QueryTooLarge", None)
    except QueryTooLarge as exc:
        answer = ("QueryTooLarge", None if "memory_limit" in str(exc) else str(exc))
    except Flip7Error as exc:
        answer = (type(exc).__name__, str(exc))
    try:
        sending.send(answer)
    except MemoryError:
        sending.send(("QueryTooLarge", None))
    sending.close()


def _address_space() -> int:
    """Bytes of address space this process maps now (``VmSize``)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _message(exc: BaseException) -> str:
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__
