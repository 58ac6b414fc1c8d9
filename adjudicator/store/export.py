"""Writing the store's tables as Parquet files, one per table, for bigger engines to take over.

Rows stream from DuckDB as Arrow record batches into ``pyarrow.parquet`` (DuckDB itself never
touches the file system: the store's connections have external access disabled). Each file is
written under a temporary name and renamed when complete, so a crash leaves no half file under a
table's name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow.parquet as pq

from adjudicator.store.errors import StoreError
from adjudicator.store.schema import ALL_TABLES


@dataclass(frozen=True, slots=True)
class ExportedTable:
    """One written file: the table, its path and how many rows it holds."""

    table: str
    path: Path
    rows: int


def export_parquet(con: duckdb.DuckDBPyConnection, directory: Path) -> list[ExportedTable]:
    """Write every table to ``directory/<table>.parquet`` (the folder is created if needed).

    Rows are ordered by each table's key, so two exports of the same store hold the same rows in
    the same order. Raises ``StoreError`` if the folder cannot be written.
    """
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the export folder {directory}: {exc.strerror or exc}") from None
    written: list[ExportedTable] = []
    cursor = con.cursor()
    try:
        for table in ALL_TABLES:
            final = directory / f"{table.name}.parquet"
            partial = directory / f".{table.name}.parquet.partial"
            reader = cursor.sql(f"SELECT * FROM {table.name} ORDER BY {', '.join(table.key)}").to_arrow_reader()
            rows = 0
            try:
                with pq.ParquetWriter(partial, reader.schema, compression="zstd") as writer:
                    for batch in reader:
                        writer.write_batch(batch)
                        rows += batch.num_rows
                os.replace(partial, final)
            except OSError as exc:
                partial.unlink(missing_ok=True)
                raise StoreError(f"cannot write {final}: {exc.strerror or exc}") from None
            written.append(ExportedTable(table.name, final, rows))
    finally:
        cursor.close()
    return written
