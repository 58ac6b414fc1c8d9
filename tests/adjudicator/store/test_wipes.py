"""What each Unlucky 7 wipe cost: the ``wipes`` records, their statistic, and the upgrade of a
version-1 store that had no such table.

By hand, from the fixtures:
- 011 and 012: Ben holds 7, 3 and the -2 Cem gave him (10 - 2 = 8 points) when he draws the
  Unlucky 7 at event 12: it throws out ``7 3 -2``, 8 points.
- 112: Cem is dealt the Unlucky 7 (event 3) into an empty row: it arrives, wipes nothing. Cem's
  Swap (event 9) gives it to Ben for his 3: Ben's row is then his 5 alone, which it throws out
  (5 points, less than the Unlucky 7's 7: the wipe helped him).
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from adjudicator.replay import replay_log
from adjudicator.store import SCHEMA_VERSION, SchemaMismatch, Store
from adjudicator.store.records import RecordCollector, WipeRecord

from .conftest import FX1, FX2, assert_store_whole, with_old_column_names

VENGEANCE = Path(__file__).resolve().parents[3] / "fixtures" / "vengeance"
OVER_7, WIPES_MODIFIER, SWAP_U7 = (
    next(VENGEANCE.glob(f"{n}-*.jsonl")) for n in ("011", "012", "112")
)


def wipes_of(path: Path) -> list[WipeRecord]:
    collector = RecordCollector()
    result = replay_log(path.read_bytes(), observer=collector)
    return collector.records(result.state).wipes


def test_a_drawn_unlucky_7_records_the_cards_and_points_it_threw_out() -> None:
    assert wipes_of(WIPES_MODIFIER) == [WipeRecord(12, 1, "Ben", ("7", "3", "-2"), 8)]
    assert wipes_of(OVER_7) == [WipeRecord(12, 1, "Ben", ("7", "3", "-2"), 8)]  # then a 7 busts him


def test_an_unlucky_7_into_an_empty_row_and_one_swapped_in() -> None:
    assert wipes_of(SWAP_U7) == [WipeRecord(9, 1, "Ben", ("5",), 5), WipeRecord(3, 1, "Cem", (), 0)]  # by seat


def test_the_base_game_has_no_wipes() -> None:
    assert wipes_of(FX1) == []


@pytest.fixture
def wipe_store(store: Store) -> Store:
    for path in (OVER_7, WIPES_MODIFIER, SWAP_U7, FX1, FX2):
        store.ingest(path.read_bytes(), path.name)
    return store


def test_the_statistic_by_how_the_unlucky_7_came(wipe_store: Store) -> None:
    (result,) = wipe_store.stats(names=["unlucky_7_wipes"])
    rows = result.as_dict()["rows"]
    assert [r["came"] for r in rows] == ["drawn", "swapped in"]
    drawn, swapped = rows
    assert drawn == {"came": "drawn", "arrivals": 3, "wipes": 2, "cards": 6, "lost": 16, "avg_lost": 8.0, "max_lost": 8, "helped": 0}
    assert swapped == {"came": "swapped in", "arrivals": 1, "wipes": 1, "cards": 1, "lost": 5, "avg_lost": 5.0, "max_lost": 5, "helped": 1}
    (special,) = wipe_store.stats(names=["special_numbers"])
    unlucky = [r for r in special.as_dict()["rows"] if r["held"] == "Unlucky 7"]
    assert unlucky[0]["unlucky_7_arrivals"] == 4


def test_the_player_filter_counts_the_wiped_rows_owner(wipe_store: Store) -> None:
    (result,) = wipe_store.stats(names=["unlucky_7_wipes"], player="Cem")  # Cem swapped it to Ben
    assert [(r["came"], r["arrivals"], r["wipes"]) for r in result.as_dict()["rows"]] == [("drawn", 1, 0)]


def _as_version_1(path: Path) -> None:
    """Make ``path`` look as a store written by the flip7 of schema version 1: no ``wipes``."""
    con = duckdb.connect(str(path))
    con.execute("DROP TABLE wipes")
    for table in ("live_tables", "live_events", "analyses", "decisions"):  # added by versions 3 and 4
        con.execute(f"DROP TABLE {table}")
    con.execute("ALTER TABLE games DROP COLUMN ruleset")
    with_old_column_names(con)
    con.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    con.close()


def _as_version_2(path: Path) -> None:
    """Make ``path`` look as a store of schema version 2: no ``games.ruleset``, no live tables."""
    con = duckdb.connect(str(path))
    con.execute("ALTER TABLE games DROP COLUMN ruleset")
    for table in ("live_tables", "live_events", "analyses", "decisions"):
        con.execute(f"DROP TABLE {table}")
    with_old_column_names(con)
    con.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    con.close()


@pytest.mark.parametrize("read_only", [False, True], ids=["read-write", "read-only"])
def test_a_version_2_store_gets_the_ruleset_column_from_its_options(wipe_store: Store, db_path: Path, read_only: bool) -> None:
    # issue 21 item 7: the games table had no ruleset column (users wrote options->>'ruleset')
    before = wipe_store.query("SELECT id, ruleset FROM games ORDER BY id").rows
    assert {r for _, r in before} <= {"flip7", "vengeance", "vengeance (brutal)"} and any(r == "vengeance" for _, r in before)
    wipe_store.close()
    _as_version_2(db_path)
    with Store.open(db_path, read_only=read_only) as upgraded:
        assert upgraded.query("SELECT id, ruleset FROM games ORDER BY id").rows == before
        assert upgraded.query("SELECT value FROM meta WHERE key = 'schema_version'").rows == [(str(SCHEMA_VERSION),)]
        assert upgraded.list_games(ruleset="vengeance").games


@pytest.mark.parametrize("read_only", [False, True], ids=["read-write", "read-only"])
def test_a_version_1_store_is_upgraded_from_its_stored_logs(wipe_store: Store, db_path: Path, read_only: bool) -> None:
    before = wipe_store.query("SELECT * FROM wipes ORDER BY game, event, player").rows
    assert len(before) == 4
    wipe_store.close()
    _as_version_1(db_path)
    with Store.open(db_path, read_only=read_only) as upgraded:
        assert upgraded.query("SELECT * FROM wipes ORDER BY game, event, player").rows == before
        assert upgraded.query("SELECT value FROM meta WHERE key = 'schema_version'").rows == [(str(SCHEMA_VERSION),)]
        assert assert_store_whole(upgraded) == 5


def test_a_failed_upgrade_leaves_the_store_as_it_was(wipe_store: Store, db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wipe_store.close()
    _as_version_1(db_path)
    from adjudicator.store import migrate

    def broken(con: duckdb.DuckDBPyConnection) -> None:
        con.execute("CREATE TABLE wipes (x INTEGER)")
        raise duckdb.IOException("disk on fire")

    monkeypatch.setitem(migrate.STEPS, 1, broken)
    with pytest.raises(Exception, match="cannot upgrade the store .* from schema version 1: disk on fire"):
        Store.open(db_path)
    con = duckdb.connect(str(db_path), read_only=True)
    assert con.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchall() == [("1",)]
    assert "wipes" not in {r[0] for r in con.execute("SHOW TABLES").fetchall()}
    con.close()


def test_a_newer_store_is_still_refused(wipe_store: Store, db_path: Path) -> None:
    wipe_store.close()
    con = duckdb.connect(str(db_path))
    con.execute(f"UPDATE meta SET value = '{SCHEMA_VERSION + 1}' WHERE key = 'schema_version'")
    con.close()
    with pytest.raises(SchemaMismatch, match=f"schema version {SCHEMA_VERSION + 1}; this flip7 reads version {SCHEMA_VERSION}"):
        Store.open(db_path, read_only=True)


def test_special_numbers_count_vengeance_games_only(wipe_store: Store) -> None:
    """The base game's 0 is no Zero: FX2 (a base game) has a row with a 0, which does not count."""
    base_zeros = wipe_store.query("SELECT count(*) FROM player_rounds WHERE game = 'fx-2' AND list_contains(numbers, '0')").rows
    assert base_zeros == [(1,)]
    (special,) = wipe_store.stats(names=["special_numbers"])
    assert {r["held"] for r in special.as_dict()["rows"]} == {"Unlucky 7"}
