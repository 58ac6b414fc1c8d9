"""A store keeps its statistics' answers until its next write, and reads a Parquet store alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.store import LogInput, Store
from adjudicator.store.errors import NotAStore, StoreNotFound
from adjudicator.store.parquet import PARQUET_TABLES, open_parquet, write_part
from adjudicator.store.rows import content_hash, game_rows
from tests.adjudicator.helpers import simulated_logs

IDS = ["kept-a", "kept-b", "kept-c"]


def test_an_answer_is_kept_until_the_next_write(tmp_path: Path) -> None:
    texts = simulated_logs(IDS, 4)
    with Store.open(tmp_path / "s.duckdb") as store:
        store.ingest(texts[0], "a.jsonl")
        (first,) = store.stats(names=["overview"])
        assert first.rows[0][0] == 1
        (again,) = store.stats(names=["overview"])
        assert again is first  # answered from memory, not read again
        assert store.stats(names=["overview"], ruleset="vengeance")[0] is not first  # other filters: another answer
        assert store.stats()[0] is first  # every statistic: the overview kept, the others read
        store.ingest_many([LogInput.from_bytes("b.jsonl", texts[1].encode()), LogInput.from_bytes("c.jsonl", texts[2].encode())])
        (after,) = store.stats(names=["overview"])
        assert after is not first and after.rows[0][0] == 3
        store.delete_game("kept-a")
        assert store.stats(names=["overview"])[0].rows[0][0] == 2
        with pytest.raises(KeyError, match="nope"):
            store.stats(names=["overview", "nope"])


def write_parquet_store(folder: Path, texts: list[str]) -> None:
    """The Parquet store of ``texts`` as ``scale.ray_check`` writes it: one part of every table."""
    from datetime import UTC, datetime

    import pyarrow.fs as pafs

    from adjudicator.store.ingest import batch_tables

    games = [game_rows(f"{k}.jsonl", t.encode(), content_hash(t.encode()), datetime(2026, 12, 5, tzinfo=UTC)) for k, t in enumerate(texts)]
    for name, table in batch_tables(games, PARQUET_TABLES).items():
        if table.num_rows:
            write_part(pafs.LocalFileSystem(), str(folder), name, 0, table)


def test_a_parquet_store_reads_as_a_store_and_keeps_no_answer(tmp_path: Path) -> None:
    texts = simulated_logs(IDS, 4)
    write_parquet_store(tmp_path / "pq", texts[:2])
    with Store.open(tmp_path / "s.duckdb") as store:
        store.ingest_many([LogInput.from_bytes(f"{k}.jsonl", t.encode()) for k, t in enumerate(texts[:2])])
        want = [(r.columns, r.rows) for r in store.stats()]
    with Store.open_parquet(tmp_path / "pq") as parquet:
        got = parquet.stats()
        assert [(r.columns, r.rows) for r in got] == want and got[0].rows[0][0] == 2
        write_parquet_store(tmp_path / "pq-more", texts[2:])
        (tmp_path / "pq-more" / "games" / "part-00000.parquet").rename(tmp_path / "pq" / "games" / "part-00001.parquet")
        assert parquet.stats(names=["overview"])[0].rows[0][0] == 3  # a part added while open is read
        assert parquet.query("SELECT count(*) FROM logs").rows == [(0,)]  # no logs: an empty view
        assert parquet.list_games(limit=1).games[0].id == "kept-a"


def test_a_parquet_store_refuses_other_files(tmp_path: Path) -> None:
    write_parquet_store(tmp_path / "pq", simulated_logs(IDS[:1], 4))
    (tmp_path / "secret.csv").write_text("a\n1\n")
    con = open_parquet(tmp_path / "pq")
    try:
        with pytest.raises(Exception, match="disabled"):
            con.execute(f"SELECT * FROM read_csv('{tmp_path / 'secret.csv'}')").fetchall()
        with pytest.raises(Exception, match="locked"):
            con.execute("SET enable_external_access = true")
    finally:
        con.close()
    with Store.open_parquet(tmp_path / "pq") as parquet:
        with pytest.raises(Exception, match="not open to queries"):
            parquet.query(f"SELECT * FROM read_parquet('{tmp_path / 'pq' / 'games' / '*.parquet'}')", hide_server=True)
    with pytest.raises(StoreNotFound):
        Store.open_parquet(tmp_path / "none")
    (tmp_path / "empty").mkdir()
    with pytest.raises(NotAStore):
        Store.open_parquet(tmp_path / "empty")
