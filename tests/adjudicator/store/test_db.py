"""Finding and opening the store file: path resolution, schema, and every way opening can fail."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pytest

from adjudicator.store import (
    SCHEMA_VERSION,
    LogInput,
    NotAStore,
    SchemaMismatch,
    Store,
    StoreError,
    StoreInUse,
    StoreNotFound,
    resolve_db_path,
)
from adjudicator.store.schema import ALL_TABLES

from .conftest import FIXTURES, with_old_column_names


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ path resolution


def test_explicit_path_wins(tmp_path: Path) -> None:
    assert resolve_db_path("a.duckdb", {"FLIP7_DB": "/x/env.duckdb"}, tmp_path) == tmp_path / "a.duckdb"
    assert resolve_db_path("/abs/a.duckdb", {}, tmp_path) == Path("/abs/a.duckdb")


def test_environment_then_default(tmp_path: Path) -> None:
    assert resolve_db_path(None, {"FLIP7_DB": "/x/env.duckdb"}, tmp_path) == Path("/x/env.duckdb")
    assert resolve_db_path(None, {"FLIP7_DB": "rel.duckdb"}, tmp_path) == tmp_path / "rel.duckdb"
    assert resolve_db_path(None, {}, tmp_path) == tmp_path / "flip7.duckdb"
    assert resolve_db_path("", {"FLIP7_DB": ""}, tmp_path) == tmp_path / "flip7.duckdb"


# ------------------------------------------------------------------ schema


def test_new_store_has_every_table_and_the_schema_version(db_path: Path) -> None:
    Store.open(db_path).close()
    con = duckdb.connect(str(db_path), read_only=True)
    try:
        tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    finally:
        con.close()
    assert tables == {t.name for t in ALL_TABLES}
    assert meta == {"format": "flip7-store", "schema_version": str(SCHEMA_VERSION)}


def test_reopening_keeps_the_data(db_path: Path) -> None:
    with Store.open(db_path) as store:
        store.ingest_many([LogInput.from_path(FIXTURES[0])])
    with Store.open(db_path, read_only=True) as store:
        assert [g.id for g in store.list_games().games] == ["fx-1"]


def test_read_only_open_of_a_missing_file_creates_nothing(db_path: Path) -> None:
    with pytest.raises(StoreNotFound, match="no store at"):
        Store.open(db_path, read_only=True)
    assert not db_path.exists()


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="does not exist"):
        Store.open(tmp_path / "nope" / "x.duckdb")


def test_a_folder_is_not_a_store(tmp_path: Path) -> None:
    with pytest.raises(NotAStore, match="folder"):
        Store.open(tmp_path)


def test_read_only_store_refuses_writes(db_path: Path) -> None:
    Store.open(db_path).close()
    with Store.open(db_path, read_only=True) as store, pytest.raises(StoreError, match="read-only"):
        store.ingest_many([LogInput.from_path(FIXTURES[0])])


# ------------------------------------------------------------------ foreign, truncated, other versions


@pytest.mark.parametrize(
    "content",
    [b"", b"hello, this is a text file\n" * 50, b"\x00" * 8192, bytes(range(256)) * 64],
    ids=["empty", "text", "zeros", "binary"],
)
@pytest.mark.parametrize("read_only", [False, True])
def test_foreign_file_is_refused_and_untouched(tmp_path: Path, content: bytes, read_only: bool) -> None:
    path = tmp_path / "foreign.duckdb"
    path.write_bytes(content)
    with pytest.raises(NotAStore, match="untouched"):
        Store.open(path, read_only=read_only)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["foreign.duckdb"]


def _filled_store(path: Path) -> None:
    with Store.open(path) as store:
        store.ingest_many([LogInput.from_path(p) for p in FIXTURES])


@pytest.mark.parametrize("fraction", [0.01, 0.1, 0.5, 0.9])
def test_truncated_store_is_refused_and_untouched(tmp_path: Path, fraction: float) -> None:
    whole = tmp_path / "whole.duckdb"
    _filled_store(whole)
    data = whole.read_bytes()
    cut = tmp_path / "cut.duckdb"
    cut.write_bytes(data[: int(len(data) * fraction)])
    before = digest(cut)
    with pytest.raises(StoreError):
        with Store.open(cut) as store:  # if the header survives, reading the tables must fail
            store.list_games()
            store.stats()
    assert digest(cut) == before
    assert not Path(str(cut) + ".wal").exists()


def test_another_duckdb_database_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE accounts (id INTEGER, balance DECIMAL(10, 2))")
    con.execute("INSERT INTO accounts VALUES (1, 10.5)")
    con.close()
    before = digest(path)
    for read_only in (False, True):
        with pytest.raises(NotAStore, match="something else"):
            Store.open(path, read_only=read_only)
    assert digest(path) == before


def test_other_schema_version_is_refused(db_path: Path) -> None:
    Store.open(db_path).close()
    con = duckdb.connect(str(db_path))
    con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    con.close()
    with pytest.raises(SchemaMismatch, match="version 99"):
        Store.open(db_path)


@pytest.mark.parametrize("read_only", [False, True], ids=["read-write", "read-only"])
def test_a_version_4_store_gets_the_new_column_names_and_keeps_their_values(fixture_store: Store, db_path: Path, read_only: bool) -> None:
    saves = "SELECT game, round, player, busts_saved FROM player_rounds ORDER BY ALL"
    saved = "SELECT game, event, saved FROM hits ORDER BY ALL"
    before = fixture_store.query(saves).rows, fixture_store.query(saved).rows
    assert any(n for *_, n in before[0]) and any(s for *_, s in before[1])  # fx-2: a Second Chance saved Ana
    statistic = fixture_store.stats(names=["second_chance"])[0].rows
    fixture_store.close()
    con = duckdb.connect(str(db_path))
    with_old_column_names(con)
    con.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
    con.close()
    with Store.open(db_path, read_only=read_only) as upgraded:
        assert upgraded.query("SELECT value FROM meta WHERE key = 'schema_version'").rows == [(str(SCHEMA_VERSION),)]
        assert (upgraded.query(saves).rows, upgraded.query(saved).rows) == before
        assert upgraded.stats(names=["second_chance"])[0].rows == statistic == [(1, 1, 0, 33.0)]


# ------------------------------------------------------------------ two processes

_HOLDER = textwrap.dedent(
    """
    import sys
    from adjudicator.store import Store
    store = Store.open(sys.argv[1])
    print("ready", flush=True)
    sys.stdin.readline()
    store.close()
    """
)


@pytest.fixture
def held_by_another_process(db_path: Path):
    """A second process that holds the store open for writing until the test ends."""
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, str(db_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        yield proc
    finally:
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.close()
        proc.wait(timeout=30)


@pytest.mark.parametrize("read_only", [False, True])
def test_second_process_gets_database_in_use(db_path: Path, held_by_another_process, read_only: bool) -> None:
    with pytest.raises(StoreInUse, match="database is in use") as info:
        Store.open(db_path, read_only=read_only)
    assert str(held_by_another_process.pid) in str(info.value)


def test_store_is_usable_after_the_other_process_left(db_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, str(db_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    proc.communicate("\n", timeout=30)
    with Store.open(db_path) as store:
        assert store.list_games().games == []


def test_store_with_free_blocks_at_its_end_opens(db_path: Path) -> None:
    """DuckDB trims free blocks off the end of the file (here: a big table dropped again): that is
    not a truncated store."""
    _filled_store(db_path)
    con = duckdb.connect(str(db_path))
    con.execute("CREATE TABLE junk AS SELECT range AS r, repeat('x', 50) || range::VARCHAR AS s FROM range(300000)")
    con.execute("CHECKPOINT")
    con.execute("DROP TABLE junk")
    con.execute("CHECKPOINT")
    con.close()
    con = duckdb.connect(str(db_path), read_only=True)
    total_blocks, block_size = con.execute("SELECT total_blocks, block_size FROM pragma_database_size()").fetchone()
    con.close()
    assert db_path.stat().st_size < 3 * 4096 + total_blocks * block_size  # the situation this test is about
    for read_only in (True, False):
        with Store.open(db_path, read_only=read_only) as store:
            assert len(store.list_games().games) == 4
