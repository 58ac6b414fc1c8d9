"""The store's game tables as folders of Parquet files: written by the check beyond one machine
(``scale.ray_check``), read as a store (``Store.open_parquet``: ``flip7 stats --parquet DIR``,
``flip7 query --parquet DIR``).

Layout: ``DIR/<table>/part-NNNNN.parquet`` for each table of ``PARQUET_TABLES``, each part holding
the rows of one chunk of logs in the table's own Arrow schema (``schema.Table.arrow_schema``). A
table without a folder or without parts reads as empty. ``logs`` is never written: the logs stay
where they were read, and ``games.source`` names each.

Reading: an in-memory DuckDB instance gets one view per table of ``QUERY_TABLES`` (the game tables
and ``meta``) over ``read_parquet`` of that table's parts, so the statistics and queries run
unchanged. The instance may read files inside ``DIR`` only (``allowed_directories``), then has
external access disabled and its configuration locked, as every store connection
(``db.LOCKED_CONFIG``); queries keep every fence of ``adjudicator.store.query``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb

from adjudicator.store.db import LOCKED_CONFIG, STORE_FORMAT, resource_config
from adjudicator.store.errors import NotAStore, StoreError, StoreNotFound
from adjudicator.store.schema import GAME_TABLES, LOGS, SCHEMA_VERSION, Table

if TYPE_CHECKING:
    import pyarrow as pa
    import pyarrow.fs as pafs

#: The tables a Parquet store holds (every game table; ``logs`` is read as empty).
PARQUET_TABLES: tuple[Table, ...] = tuple(t for t in GAME_TABLES if t is not LOGS)
#: Value of ``meta.layout`` in a Parquet store (a store file has no such row).
LAYOUT = "parquet"
#: The settings the instance is opened with: the store's, but external access and the lock, which
#: are set once the views exist (``open_parquet``).
_OPENING = {k: v for k, v in LOCKED_CONFIG.items() if k not in ("enable_external_access", "lock_configuration")}


def part_name(number: int) -> str:
    """The file name of chunk ``number``'s part of a table."""
    return f"part-{number:05}.parquet"


def write_part(
    filesystem: pafs.FileSystem, folder: str, table: str, number: int, rows: pa.Table, *, compression: str = "zstd"
) -> str:
    """Write ``rows`` as ``folder/table/part-NNNNN.parquet`` (under a temporary name first, renamed
    when complete: a crashed writer leaves no half part under a part's name); return the path."""
    import pyarrow.parquet as pq

    base = f"{folder.rstrip('/')}/{table}"
    filesystem.create_dir(base, recursive=True)
    final = f"{base}/{part_name(number)}"
    partial = f"{base}/.{part_name(number)}.partial"
    pq.write_table(rows, partial, filesystem=filesystem, compression=compression)
    filesystem.move(partial, final)
    return final


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _view_sql(directory: Path, table: Table) -> str:
    """The view of one table: its columns in table order over its parts, or no rows when it has none."""
    folder = directory / table.name
    if folder.is_dir() and any(folder.glob("*.parquet")):
        source = f"read_parquet({_literal(str(folder / '*.parquet'))})"
        return f"CREATE VIEW {table.name} AS SELECT {', '.join(table.column_names)} FROM {source}"
    typed = ", ".join(f"CAST(NULL AS {c.sql}) AS {c.name}" for c in table.columns)
    return f"CREATE VIEW {table.name} AS SELECT {typed} LIMIT 0"


def open_parquet(directory: str | Path, *, limits: Mapping[str, str | int] | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection whose views are the Parquet store at ``directory`` (see the
    module docstring); ``limits`` as for ``db.open_connection``.

    Raises ``StoreNotFound`` (no such folder), ``NotAStore`` (a folder without a ``games`` table
    folder) or ``StoreError``.
    """
    directory = Path(directory).expanduser().resolve()
    if not directory.is_dir():
        raise StoreNotFound(f"no Parquet store at {directory}: write one with python -m scale.ray_check LOGS --out {directory}")
    if not (directory / "games").is_dir():
        raise NotAStore(f"{directory} is not a Parquet store: it has no games/ folder of Parquet parts")
    con = duckdb.connect(":memory:", config={**_OPENING, **resource_config(limits)})
    try:
        con.execute(f"SET allowed_directories = [{_literal(str(directory) + '/')}]")
        meta = ", ".join(f"('{key}', {_literal(value)})" for key, value in (("format", STORE_FORMAT), ("schema_version", str(SCHEMA_VERSION)), ("layout", LAYOUT)))
        con.execute(f"CREATE VIEW meta AS SELECT * FROM (VALUES {meta}) v(key, value)")
        for table in GAME_TABLES:
            con.execute(_view_sql(directory, table))
        con.execute("SET enable_external_access = false")
        con.execute("SET lock_configuration = true")
    except duckdb.Error as exc:
        con.close()
        raise StoreError(f"cannot read the Parquet store {directory}: {str(exc).splitlines()[0]}") from None
    return con
