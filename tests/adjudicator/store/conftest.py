"""Shared fixtures of the store tests: a store with a fixed clock, and the fixture games."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from adjudicator.store import LogInput, Store
from adjudicator.store.migrate import RENAMED_COLUMNS

GAMES = Path(__file__).resolve().parent / "games"
#: The hand-written fixture logs (see the comments at their top and test_stats.py).
FX1, FX2, FX3, FX4 = (GAMES / n for n in ("fx1_freeze.jsonl", "fx2_flip7.jsonl", "fx3_illegal.jsonl", "fx4_bad_game_line.jsonl"))
FIXTURES = (FX1, FX2, FX3, FX4)

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
T1 = datetime(2026, 2, 1, 12, 0, tzinfo=UTC)


def assert_store_whole(store: Store) -> int:
    """Every stored game is whole and stored once: its rows in every table agree with its
    ``games`` row, and no table holds rows of a game that is not there. Returns the games."""
    q = lambda sql: store.query(sql).rows  # noqa: E731
    ((games, distinct),) = q("SELECT count(*), count(DISTINCT id) FROM games")
    assert games == distinct
    assert q("SELECT count(*) FROM games g WHERE n_events != (SELECT count(*) FROM events e WHERE e.game = g.id)") == [(0,)]
    assert q("SELECT count(*) FROM games g WHERE len(players) != (SELECT count(*) FROM game_players p WHERE p.game = g.id)") == [(0,)]
    assert q("SELECT count(*) FROM games g WHERE n_violations != (SELECT count(*) FROM violations v WHERE v.game = g.id)") == [(0,)]
    assert q("SELECT count(*) FROM games g WHERE (SELECT count(*) FROM logs l WHERE l.game = g.id) != 1") == [(0,)]
    for table in ("logs", "events", "game_players", "rounds", "player_rounds", "hits", "targets", "wipes", "violations", "analyses", "decisions"):
        assert q(f"SELECT count(*) FROM {table} WHERE game NOT IN (SELECT id FROM games)") == [(0,)], table
    return games


def with_old_column_names(con: duckdb.DuckDBPyConnection) -> None:
    """Give the columns renamed by schema version 5 the names they had before (a store of version 4
    or older)."""
    for table, before, now in RENAMED_COLUMNS:
        con.execute(f"ALTER TABLE {table} RENAME COLUMN {now} TO {before}")


class Clock:
    """A settable clock to inject as a store's ``now``."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock() -> Clock:
    return Clock(T0)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "store.duckdb"


@pytest.fixture
def store(db_path: Path, clock: Clock) -> Iterator[Store]:
    with Store.open(db_path, now=clock) as opened:
        yield opened


@pytest.fixture
def fixture_store(store: Store, clock: Clock) -> Store:
    """The store holding the four fixture games: fx-1 ingested at T0, the others at T1."""
    store.ingest_many([LogInput.from_path(FX1)])
    clock.moment = T1
    store.ingest_many([LogInput.from_path(p) for p in (FX2, FX3, FX4)])
    return store
