"""Finding and opening the store's DuckDB file, with clear errors for every way that can fail.

The file is opened with external access disabled and the configuration locked, read-write or
read-only: the store itself never reads or writes any other file through DuckDB (bulk loads go
through registered Arrow tables, exports through pyarrow), so the same lock-down that guards
sandboxed queries costs nothing here.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import duckdb

from adjudicator.store.errors import NotAStore, SchemaMismatch, StoreError, StoreInUse, StoreNotFound
from adjudicator.store.migrate import can_upgrade, upgrade
from adjudicator.store.schema import ALL_TABLES, SCHEMA_VERSION, create_statements

#: Environment variable naming the store file when ``--db`` is not given.
ENV_VAR = "FLIP7_DB"
#: File name used in the current folder when neither ``--db`` nor ``$FLIP7_DB`` is given.
DEFAULT_NAME = "flip7.duckdb"
#: Value of ``meta.format``: marks a DuckDB file as a flip7 store.
STORE_FORMAT = "flip7-store"

#: DuckDB settings of every connection the store opens (see the module docstring).
LOCKED_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "enable_external_access": False,
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "allow_community_extensions": False,
    "allow_unsigned_extensions": False,
    "lock_configuration": True,
}

#: The settings ``open_connection`` accepts as ``limits``: they bound memory and threads, and how
#: much a checkpoint writes (and so holds) at once: the write-ahead log's size that triggers one
#: (``checkpoint_threshold``) and whether it merges stored row groups (``max_vacuum_tasks``).
RESOURCE_SETTINGS = frozenset({"memory_limit", "threads", "checkpoint_threshold", "max_vacuum_tasks"})
#: Not DuckDB's: a true value in ``limits`` leaves the configuration unlocked so that the owner of
#: the connection can raise its ``memory_limit`` with ``SET`` (``flip7 ingest`` after running out of
#: memory, ``ingest.raise_memory_limit``). Only for a connection that runs no one else's SQL: DuckDB
#: still refuses to turn external access and unsigned or community extensions back on while running.
ADJUSTABLE_MEMORY = "adjustable_memory_limit"


def resource_config(limits: Mapping[str, str | int] | None) -> dict[str, str | int]:
    """``limits`` checked to be resource settings only (``ValueError`` for any other name), as the
    DuckDB configuration they stand for (``ADJUSTABLE_MEMORY`` becomes an unlocked configuration)."""
    config = dict(limits or {})
    adjustable = bool(config.pop(ADJUSTABLE_MEMORY, False))
    unknown = sorted(set(config) - RESOURCE_SETTINGS)
    if unknown:
        raise ValueError(f"not a resource setting: {', '.join(unknown)}")
    if adjustable:
        config["lock_configuration"] = False
    return config


_LOCK_MARKERS = ("Could not set lock", "Conflicting lock")
_FOREIGN_MARKERS = (
    "not a valid DuckDB database file",
    "Could not read enough bytes",
    "Corrupt database file",
    "checksum",
    "The database file was created with",
    "not a DuckDB",
)


def resolve_db_path(explicit: str | os.PathLike[str] | None, environ: Mapping[str, str], cwd: Path) -> Path:
    """The store file to use: ``explicit`` (``--db``), else ``environ["FLIP7_DB"]``, else ``cwd/flip7.duckdb``.

    An empty value counts as not given. Relative paths are taken relative to ``cwd``.
    """
    chosen: str | os.PathLike[str] | None = explicit if explicit not in (None, "") else None
    if chosen is None:
        chosen = environ.get(ENV_VAR) or DEFAULT_NAME
    path = Path(chosen).expanduser()
    return path if path.is_absolute() else cwd / path


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def classify_duckdb_error(path: Path, exc: duckdb.Error) -> StoreError:
    """Turn an error DuckDB raised about the store file into one of the store's errors."""
    message = str(exc)
    if any(m in message for m in _LOCK_MARKERS):
        pid = re.search(r"PID (\d+)", message)
        holder = f" (process {pid.group(1)})" if pid else ""
        return StoreInUse(
            f"database is in use: {path} is open in another flip7 or DuckDB process{holder}; "
            "wait for it to finish, or use another --db"
        )
    if any(m.lower() in message.lower() for m in _FOREIGN_MARKERS):
        return NotAStore(
            f"{path} is not a readable flip7 store (not a DuckDB file, truncated or damaged: "
            f"{_first_line(exc)}); it was left untouched"
        )
    return StoreError(f"cannot use the store {path}: {_first_line(exc)}")


def open_connection(
    path: Path, *, read_only: bool, limits: Mapping[str, str | int] | None = None
) -> duckdb.DuckDBPyConnection:
    """Open the store at ``path``, creating an empty store first when opening read-write a new file.

    ``limits``: DuckDB settings that bound the instance (``memory_limit``, ``threads``, the
    checkpoints' size; see ``RESOURCE_SETTINGS``), fixed for its life like the rest of
    ``LOCKED_CONFIG``. A server passes them so that no query can take more memory or threads than
    it was given; ``flip7 ingest`` so that its memory does not grow with the store (raisable:
    ``ADJUSTABLE_MEMORY``).

    Raises ``StoreNotFound`` (read-only and no file), ``StoreInUse`` (another process holds it),
    ``NotAStore`` (a foreign, truncated or damaged file, or a DuckDB database of something else:
    never modified), ``SchemaMismatch`` (another schema version) or ``StoreError``. A store of an
    older schema version is upgraded in place first (``migrate.py``), also when opening read-only.
    """
    path = Path(path)
    if path.is_dir():
        raise NotAStore(f"{path} is a folder, not a store file")
    exists = path.exists()
    if not exists:
        if read_only:
            raise StoreNotFound(f"no store at {path}: ingest some logs first (flip7 ingest PATH)")
        if not path.parent.is_dir():
            raise StoreError(f"cannot create the store {path}: folder {path.parent} does not exist")
    elif path.stat().st_size == 0:
        raise NotAStore(f"{path} is an empty file, not a flip7 store; it was left untouched")
    try:
        con = duckdb.connect(str(path), read_only=read_only, config={**LOCKED_CONFIG, **resource_config(limits)})
    except duckdb.Error as exc:
        raise classify_duckdb_error(path, exc) from None
    try:
        _check_or_create(con, path, read_only=read_only, new=not exists)
    except _OlderSchema as older:
        con.close()
        _upgrade_file(path, older.version)  # then open it again as asked
        return open_connection(path, read_only=read_only, limits=limits)
    except BaseException:
        con.close()
        raise
    return con


class _OlderSchema(SchemaMismatch):
    """The store has an older schema that ``migrate`` can upgrade (caught in ``open_connection``)."""

    def __init__(self, message: str, version: str) -> None:
        super().__init__(message)
        self.version = version


def _upgrade_file(path: Path, version: str) -> None:
    """Upgrade the store at ``path`` from ``version`` through a read-write connection of its own."""
    try:
        con = duckdb.connect(str(path), read_only=False, config=dict(LOCKED_CONFIG))
    except duckdb.Error as exc:
        error = classify_duckdb_error(path, exc)
        if isinstance(error, StoreInUse):
            raise error from None
        raise SchemaMismatch(
            f"{path} holds a flip7 store of schema version {version}; this flip7 reads version {SCHEMA_VERSION} "
            f"and upgrades older stores in place, but cannot write this file ({_first_line(exc)}); "
            "make it writable and run any flip7 command on it once (see docs/storage.md)"
        ) from None
    try:
        upgrade(con, version)
    except duckdb.Error as exc:
        raise StoreError(f"cannot upgrade the store {path} from schema version {version}: {_first_line(exc)}; it was left as it was") from None
    finally:
        con.close()


def _check_or_create(con: duckdb.DuckDBPyConnection, path: Path, *, read_only: bool, new: bool) -> None:
    try:
        tables = {
            row[0]
            for row in con.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_catalog = current_database() AND table_schema = 'main'"
            ).fetchall()
        }
    except duckdb.Error as exc:
        raise classify_duckdb_error(path, exc) from None
    if not tables:
        if read_only or not new:
            raise NotAStore(f"{path} is an empty DuckDB database, not a flip7 store; it was left untouched")
        _create(con)
        return
    if "meta" not in tables:
        raise NotAStore(
            f"{path} is a DuckDB database of something else (tables: {', '.join(sorted(tables)[:5])}), "
            "not a flip7 store; it was left untouched"
        )
    try:
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    except duckdb.Error as exc:
        raise classify_duckdb_error(path, exc) from None
    if meta.get("format") != STORE_FORMAT:
        raise NotAStore(f"{path} is a DuckDB database of something else, not a flip7 store; it was left untouched")
    version = meta.get("schema_version")
    if version != str(SCHEMA_VERSION) and can_upgrade(version):
        raise _OlderSchema(f"{path} holds schema version {version}", str(version))
    if version != str(SCHEMA_VERSION):
        raise SchemaMismatch(
            f"{path} holds a flip7 store of schema version {version}; this flip7 reads version "
            f"{SCHEMA_VERSION} (see docs/storage.md)"
        )
    missing = [t.name for t in ALL_TABLES if t.name not in tables]
    if missing:
        raise NotAStore(f"{path} is a damaged flip7 store (missing tables: {', '.join(missing)})")
    _check_length(con, path)


#: Bytes before the first block of a DuckDB file: the main header and two database headers.
_HEADER_BYTES = 3 * 4096


def scalar(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any] | None = None) -> Any:
    """The single value a one-row, one-column query returns."""
    row = con.execute(sql, params or []).fetchone()
    assert row is not None, sql
    return row[0]


def _check_length(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Refuse a file cut short: DuckDB only notices missing blocks when a query reads them.

    The file must reach the last block that table data or metadata use (free blocks at the end
    may be missing: DuckDB trims them). Skipped while a write-ahead log exists (its blocks may
    not be in the file yet).
    """
    if Path(f"{path}.wal").exists():
        return
    parts = [
        f"SELECT max(greatest(block_id, coalesce(list_max(additional_block_ids), -1))) AS b "
        f"FROM pragma_storage_info('{t.name}')"
        for t in ALL_TABLES
    ]
    parts.append("SELECT max(block_id) AS b FROM pragma_metadata_info()")
    last = scalar(con, f"SELECT max(b) FROM ({' UNION ALL '.join(parts)})")
    block_size = scalar(con, "SELECT block_size FROM pragma_database_size() WHERE database_name = current_database()")
    expected = _HEADER_BYTES + ((last if last is not None and last >= 0 else -1) + 1) * block_size
    actual = path.stat().st_size
    if actual < expected:
        raise NotAStore(
            f"{path} is a truncated flip7 store ({actual} bytes of at least {expected}); it was left untouched"
        )


def _create(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("BEGIN TRANSACTION")
    try:
        for statement in create_statements():
            con.execute(statement)
        con.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [("format", STORE_FORMAT), ("schema_version", str(SCHEMA_VERSION))],
        )
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
