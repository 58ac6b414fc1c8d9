"""Ingesting: rows match the replay, outcomes follow one-at-a-time rules, and games are atomic."""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest

from adjudicator.errors import LogUnreadable
from adjudicator.replay import check_log, replay_log
from adjudicator.store import IngestResult, LogInput, Outcome, Store
from adjudicator.store import ingest as ingest_module
from adjudicator.store.ingest import content_hash, unnamed_id
from adjudicator.store.records import RecordCollector
from tests.adjudicator.helpers import simulated_logs
from tests.conftest import examples

from .conftest import FIXTURES, FX1, FX2, FX3, FX4, T0

ROW_TABLES = ("games", "logs", "game_players", "events", "rounds", "player_rounds", "hits", "targets", "violations")


def rows_of(store: Store, game_id: str) -> dict[str, int]:
    """How many rows each table holds for one game."""
    out = {}
    for table in ROW_TABLES:
        key = "id" if table == "games" else "game"
        out[table] = store.query(f"SELECT count(*) FROM {table} WHERE {key} = '{game_id}'").rows[0][0]
    return out


def expected_rows(data: bytes) -> dict[str, int]:
    """The row counts a log should produce, from the replay itself."""
    collector = RecordCollector()
    result = replay_log(data, collect=True, observer=collector)
    records = collector.records(result.state)
    players = len(result.options["players"]) if result.options else 0
    return {
        "games": 1,
        "logs": 1,
        "game_players": players,
        "events": result.verdict.events,
        "rounds": len(records.rounds),
        "player_rounds": len(records.player_rounds),
        "hits": len(records.hits),
        "targets": len(records.targets),
        "violations": len(result.verdict.violations),
    }


def ingest_paths(store: Store, *paths: Path, **kwargs: object) -> list[IngestResult]:
    results: list[IngestResult] = []
    store.ingest_many([LogInput.from_path(p) for p in paths], on_result=lambda r, _: results.append(r), **kwargs)  # type: ignore[arg-type]
    return results


def test_fixture_games_are_stored_with_their_verdicts(store: Store) -> None:
    results = ingest_paths(store, *FIXTURES)
    assert [r.outcome for r in results] == [Outcome.INGESTED] * 4
    ids = [r.game_id for r in results]
    assert ids == ["fx-1", "fx-2", "fx-3", unnamed_id(content_hash(FX4.read_bytes()))]
    for path, game_id in zip(FIXTURES, ids, strict=True):
        data = path.read_bytes()
        assert store.verdict(game_id) == check_log(data).to_dict()
        assert rows_of(store, game_id) == expected_rows(data)
        assert store.log_bytes(game_id) == data
        game = store.game(game_id)
        assert game.content_hash == content_hash(data)
        assert game.ingested_at == T0.replace(tzinfo=None)
        assert game.source == str(path)


def test_game_columns(store: Store) -> None:
    ingest_paths(store, *FIXTURES)
    fx1, fx2, fx3 = store.game("fx-1"), store.game("fx-2"), store.game("fx-3")
    assert (fx1.valid, fx1.complete, fx1.finished, fx1.winner, fx1.n_rounds, fx1.n_events, fx1.n_violations) == (False, True, True, "Cem", 2, 25, 1)
    assert (fx2.valid, fx2.complete, fx2.finished, fx2.winner, fx2.players, fx2.first_dealer) == (True, True, True, "Eve", ["Ana", "Eve", "Fay"], "Fay")
    assert (fx3.valid, fx3.complete, fx3.finished) == (False, False, False)
    unnamed = store.list_games(valid=False, player=None).games[-1]
    assert (unnamed.named, unnamed.players, unnamed.first_dealer, unnamed.n_rounds) == (False, [], None, 0)
    assert store.options("fx-1") == {
        "type": "game", "id": "fx-1", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "ruleset": "flip7",
        "edition": "current", "target": 30, "rounds": None, "decks": 1, "delayed": "in_turn",
    }
    assert "brutal" not in store.options("fx-1")  # the options kept are the game's ruleset's own
    assert store.options(unnamed.id) is None
    # events keep the raw line, the line number, and the round they belong to
    events = store.events("fx-1")
    assert events[0] == {"event": 0, "line": 2, "round": 0, "type": "game", "player": None, "card": None, "target": None,
                         "raw": '{"type":"game","id":"fx-1","players":["Ana","Ben","Cem"],"dealer":"Ana","target":30}'}
    assert events[17] == {"event": 17, "line": 19, "round": 2, "type": "target", "player": "Ana", "card": "freeze", "target": "Cem",
                          "raw": '{"type":"target","player":"Ana","card":"freeze","target":"Cem"}'}
    assert store.query("SELECT code, rule, event, line FROM violations WHERE game = 'fx-3'").rows == [("wrong_player", "deal.order", 3, 4)]
    assert store.query(
        "SELECT player, seat, deal_order, total, won FROM game_players WHERE game = 'fx-1' ORDER BY seat"
    ).rows == [("Ana", 0, 3, 15, False), ("Ben", 1, 1, 0, False), ("Cem", 2, 2, 35, True)]


def test_same_log_twice_is_stored_once(store: Store) -> None:
    first = store.ingest_many([LogInput.from_path(p) for p in FIXTURES])
    second = store.ingest_many([LogInput.from_path(p) for p in FIXTURES])
    assert (first.ingested, first.invalid, first.events) == (4, 3, 69)
    assert (second.ingested, second.unchanged, second.invalid, second.events) == (0, 4, 0, 0)
    assert store.query("SELECT count(*) FROM games").rows == [(4,)]
    assert store.query("SELECT count(*) FROM events").rows == [(69,)]


def test_same_log_twice_in_one_batch(store: Store) -> None:
    results = ingest_paths(store, FX2, FX2)
    assert [r.outcome for r in results] == [Outcome.INGESTED, Outcome.UNCHANGED]
    assert rows_of(store, "fx-2") == expected_rows(FX2.read_bytes())


def _other_fx2(tmp_path: Path) -> Path:
    other = tmp_path / "fx2_other.jsonl"
    other.write_bytes(FX2.read_bytes().replace(b'"Fay","rounds":1}', b'"Fay","rounds":2}'))
    return other


def test_different_log_under_a_stored_id_is_refused(store: Store, tmp_path: Path) -> None:
    other = _other_fx2(tmp_path)
    ingest_paths(store, FX2)
    (result,) = ingest_paths(store, other)
    assert result.outcome is Outcome.REFUSED and result.game_id == "fx-2"
    assert "already stored" in (result.message or "") and "--replace" in (result.message or "")
    assert store.log_bytes("fx-2") == FX2.read_bytes()


def test_replace(store: Store, tmp_path: Path) -> None:
    other = _other_fx2(tmp_path)
    ingest_paths(store, FX2)
    (result,) = ingest_paths(store, other, replace=True)
    assert result.outcome is Outcome.REPLACED
    assert store.log_bytes("fx-2") == other.read_bytes()
    assert rows_of(store, "fx-2") == expected_rows(other.read_bytes())
    assert store.verdict("fx-2") == check_log(other.read_bytes()).to_dict()
    assert store.verdict("fx-2")["finished"] is False  # two rounds now, one played


def test_conflict_inside_one_batch(store: Store, tmp_path: Path) -> None:
    other = _other_fx2(tmp_path)
    assert [r.outcome for r in ingest_paths(store, FX2, other)] == [Outcome.INGESTED, Outcome.REFUSED]
    assert store.log_bytes("fx-2") == FX2.read_bytes()
    # with replace, as if one at a time: the first is stored, then the second replaces it
    assert [r.outcome for r in ingest_paths(store, other, FX2, other, replace=True)] == [Outcome.REPLACED, Outcome.REPLACED, Outcome.REPLACED]
    assert store.log_bytes("fx-2") == other.read_bytes()
    assert rows_of(store, "fx-2") == expected_rows(other.read_bytes())


@pytest.mark.parametrize("workers", [1, 2])
def test_outcomes_across_batches_as_if_one_at_a_time(store: Store, tmp_path: Path, workers: int) -> None:
    # with workers, batch N+1 is looked up before batch N is written (batches of 1 log here, so the
    # replays stay in this process): a log found stored then, but replaced by batch N, is judged anew
    other = _other_fx2(tmp_path)
    ingest_paths(store, FX2)
    outcomes = [r.outcome for r in ingest_paths(store, other, FX2, FX2, replace=True, batch_size=1, workers=workers)]
    assert outcomes == [Outcome.REPLACED, Outcome.REPLACED, Outcome.UNCHANGED]
    assert store.log_bytes("fx-2") == FX2.read_bytes()
    assert rows_of(store, "fx-2") == expected_rows(FX2.read_bytes())
    refused = [r.outcome for r in ingest_paths(store, other, FX2, batch_size=1, workers=workers)]
    assert refused == [Outcome.REFUSED, Outcome.UNCHANGED]


def test_unreadable_inputs_are_reported_and_the_rest_stored(store: Store, tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"# only a comment\n\n")
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(FX2.read_bytes().replace(b"Fay", b"F\xe9y"))
    vengeance = tmp_path / "vengeance.jsonl"
    vengeance.write_text('{"type":"game","id":"v","players":["A","B","C"],"dealer":"A","ruleset":"vengeance"}\n')
    missing = tmp_path / "missing.jsonl"
    results = ingest_paths(store, empty, FX1, latin, missing, vengeance, FX2)
    assert [r.outcome for r in results] == [
        Outcome.UNREADABLE, Outcome.INGESTED, Outcome.UNREADABLE, Outcome.UNREADABLE, Outcome.INGESTED, Outcome.INGESTED,
    ]
    assert [r.error for r in results] == ["LogUnreadable", None, "LogUnreadable", "OSError", None, None]
    assert "empty" in (results[0].message or "")
    assert "UTF-8" in (results[2].message or "")
    assert "missing.jsonl" in (results[3].message or "")
    assert sorted(g.id for g in store.list_games().games) == ["fx-1", "fx-2", "v"]  # a Vengeance game is judged and stored


def test_ingest_one_returns_outcome_and_verdict(store: Store) -> None:
    text = FX2.read_text(encoding="utf-8")
    first = store.ingest(text, "upload.jsonl")
    assert first.outcome is Outcome.INGESTED and first.verdict == check_log(text).to_dict()
    again = store.ingest(text.splitlines(), "upload.jsonl")  # lines: joined with \n, same bytes
    assert again.outcome is Outcome.UNCHANGED and again.verdict == first.verdict and again.valid is True
    with pytest.raises(LogUnreadable, match="empty"):  # the reader's own exception, not an outcome naming it
        store.ingest(b"", "nothing")


def test_ingest_one_unchanged_costs_one_query(tmp_path: Path) -> None:
    class Counting:
        """A connection whose cursors count the statements they run."""

        def __init__(self, con: object) -> None:
            self.con, self.statements = con, 0

        def cursor(self) -> object:
            outer, cursor = self, self.con.cursor()  # type: ignore[attr-defined]

            class Cursor:
                def execute(self, *args: object) -> object:
                    outer.statements += 1
                    return cursor.execute(*args)

                def __getattr__(self, name: str) -> object:
                    return getattr(cursor, name)

            return Cursor()

        def close(self) -> None:
            self.con.close()  # type: ignore[attr-defined]

    text = FX2.read_bytes()
    with Store.open(tmp_path / "q.duckdb") as plain:
        first = plain.ingest(text, "x")
    counting = Counting(Store.open(tmp_path / "q.duckdb")._con)
    store = Store(counting, tmp_path / "q.duckdb", read_only=False)  # type: ignore[arg-type]
    again = store.ingest(text, "x")
    assert again.outcome is Outcome.UNCHANGED and again.verdict == first.verdict and again.valid is True
    assert counting.statements == 1
    store.close()


# ------------------------------------------------------------------ atomicity


def _poison(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """Make every write that includes ``game_id`` fail at its player_rounds insert (a NULL in a
    NOT NULL column), after games, logs and events rows were already inserted in the same
    transaction."""
    real = ingest_module.batch_tables

    def poisoned(games):  # type: ignore[no-untyped-def]
        tables = real(games)
        if any(g.game_id == game_id for g in games):
            pr = tables["player_rounds"]
            players = pr.column("player").to_pylist()
            players[-1] = None
            tables["player_rounds"] = pr.set_column(pr.schema.get_field_index("player"), pr.schema.field("player"), pa.array(players))
        return tables

    monkeypatch.setattr(ingest_module, "batch_tables", poisoned)


def test_a_game_that_cannot_be_written_costs_no_other_game(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    _poison(monkeypatch, "fx-2")
    results = ingest_paths(store, FX1, FX2, FX3)
    assert [r.outcome for r in results] == [Outcome.INGESTED, Outcome.FAILED, Outcome.INGESTED]
    assert "could not store game 'fx-2'" in (results[1].message or "")
    assert rows_of(store, "fx-2") == dict.fromkeys(ROW_TABLES, 0)
    assert rows_of(store, "fx-1") == expected_rows(FX1.read_bytes())
    assert rows_of(store, "fx-3") == expected_rows(FX3.read_bytes())


def test_interrupt_rolls_back_the_batch_in_progress_only(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    real = ingest_module._insert_sql
    calls = {"n": 0}

    def interrupting(table, view):  # type: ignore[no-untyped-def]
        if table.name == "events":
            calls["n"] += 1
            if calls["n"] == 2:  # the second batch, after its games, logs and game_players were inserted
                raise KeyboardInterrupt
        return real(table, view)

    monkeypatch.setattr(ingest_module, "_insert_sql", interrupting)
    reported: list[IngestResult] = []
    with pytest.raises(KeyboardInterrupt):
        store.ingest_many([LogInput.from_path(p) for p in FIXTURES], batch_size=2, on_result=lambda r, _: reported.append(r))
    assert [r.game_id for r in reported] == ["fx-1", "fx-2"]
    assert [g.id for g in store.list_games().games] == ["fx-1", "fx-2"]
    for table in ROW_TABLES:
        key = "id" if table == "games" else "game"
        assert store.query(f"SELECT DISTINCT {key} FROM {table} WHERE {key} NOT IN ('fx-1', 'fx-2')").rows == []
    monkeypatch.undo()
    again = store.ingest_many([LogInput.from_path(p) for p in FIXTURES])
    assert (again.unchanged, again.ingested) == (2, 2)


_CRASHER = textwrap.dedent(
    """
    import os, sys
    from adjudicator.store import Store, LogInput
    from adjudicator.store import ingest
    real = ingest._insert_sql
    seen = {"n": 0}
    def crash(table, view):
        if table.name == "player_rounds":
            seen["n"] += 1
            if seen["n"] == 3:   # third batch: die in the middle of its transaction
                os._exit(9)
        return real(table, view)
    ingest._insert_sql = crash
    folder = sys.argv[2]
    inputs = [LogInput.from_path(os.path.join(folder, n)) for n in sorted(os.listdir(folder))]
    Store.open(sys.argv[1]).ingest_many(inputs, batch_size=10)
    """
)


def test_a_crash_mid_batch_leaves_no_half_game(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    ids = [f"g{i:03}" for i in range(35)]
    for game_id, text in zip(ids, simulated_logs(ids, seed=7, spoilt_every=5), strict=True):
        (folder / f"{game_id}.jsonl").write_text(text)
    db = tmp_path / "crash.duckdb"
    proc = subprocess.run([sys.executable, "-c", _CRASHER, str(db), str(folder)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 9, proc.stderr
    with Store.open(db, read_only=True) as store:
        stored = [g.id for g in store.list_games(limit=None).games]
        assert stored == [f"g{i:03}" for i in range(20)]  # two whole batches
        for game_id in stored:
            assert rows_of(store, game_id) == expected_rows((folder / f"{game_id}.jsonl").read_bytes())
        assert store.query("SELECT count(*) FROM events WHERE game NOT IN (SELECT id FROM games)").rows == [(0,)]


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 6 MiB tmpfs mounted for the test (needs root; skipped where mounting is not allowed)."""
    mount = tmp_path / "small"
    mount.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small file system needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_disk_full_keeps_stored_games_readable(small_disk: Path) -> None:
    base = simulated_logs(["g-base"] * 30, seed=5)
    inputs = [LogInput.from_bytes(f"g{i:03}", base[i % 30].replace('"g-base"', f'"g{i:03}"').encode()) for i in range(300)]
    results: list[IngestResult] = []
    with Store.open(small_disk / "s.duckdb") as store:
        summary = store.ingest_many(inputs, batch_size=20, on_result=lambda r, _: results.append(r))
    assert summary.failed > 0 and summary.ingested > 0, "the disk never filled up: make the mount smaller"
    assert all("No space left" in (r.message or "") or "invalidated" in (r.message or "") for r in summary.problems)
    stored = [r.game_id for r in results if r.outcome is Outcome.INGESTED]
    with Store.open(small_disk / "s.duckdb", read_only=True) as store:
        assert [g.id for g in store.list_games(limit=None).games] == sorted(stored)
        for game_id in stored[:: max(1, len(stored) // 10)]:
            assert store.verdict(game_id)["game"] == game_id


def test_generated_games_round_trip(tmp_path: Path) -> None:
    """A hundred and fifty simulated games (45 in the quick run), a fifth spoilt, over several
    batches: everything stored matches a fresh replay."""
    count = examples(150, 45)
    ids = [f"r{i:04}" for i in range(count)]
    logs = {game_id: text.encode() for game_id, text in zip(ids, simulated_logs(ids, seed=11, spoilt_every=5), strict=True)}
    with Store.open(tmp_path / "s.duckdb") as store:
        summary = store.ingest_many([LogInput.from_bytes(k, v) for k, v in logs.items()], batch_size=examples(64, 16))
        assert summary.ingested == count and summary.failed == 0
        assert summary.events == store.query("SELECT count(*) FROM events").rows[0][0]
        invalid = {g.id for g in store.list_games(valid=False, limit=None).games}
        assert summary.invalid == len(invalid) > 0
        for game_id in sorted(logs)[::15]:
            assert store.verdict(game_id) == check_log(logs[game_id]).to_dict()
            assert rows_of(store, game_id) == expected_rows(logs[game_id])


def test_duckdb_error_text_is_kept_short(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(con, games, replace_ids, only=None):  # type: ignore[no-untyped-def]
        raise duckdb.IOException("IO Error: disk on fire\nmore detail")

    monkeypatch.setattr(ingest_module, "write_games", broken)
    (result,) = ingest_paths(store, FX1)
    assert result.outcome is Outcome.FAILED and result.message == "could not store game 'fx-1': IO Error: disk on fire"


def test_replay_in_worker_processes_stores_the_same(tmp_path: Path) -> None:
    texts = simulated_logs([f"w{i:03}" for i in range(40)], seed=13, spoilt_every=3)
    logs = [LogInput.from_bytes(f"w{i}", text.encode()) for i, text in enumerate(texts)]
    logs.append(LogInput.from_bytes("empty", b"\n"))
    dumps = []
    for workers in (1, 2):
        with Store.open(tmp_path / f"s{workers}.duckdb", now=lambda: T0) as store:
            summary = store.ingest_many(logs, batch_size=20, workers=workers)
            assert (summary.ingested, summary.unreadable) == (40, 1)
            dumps.append([store.query(f"SELECT * EXCLUDE (source) FROM {t} ORDER BY ALL" if t == "games" else f"SELECT * FROM {t} ORDER BY ALL").rows for t in ROW_TABLES])
    assert dumps[0] == dumps[1]


def test_record_fields_are_the_columns_of_their_tables() -> None:
    """game_rows reads each record field into the column of the same name (see adjudicator/store/records.py)."""
    from adjudicator.store import records
    from adjudicator.store.schema import HITS, PLAYER_ROUNDS, ROUNDS, TARGETS

    pairs = ((records.RoundRecord, ROUNDS), (records.PlayerRoundRecord, PLAYER_ROUNDS), (records.HitRecord, HITS), (records.TargetRecord, TARGETS))
    for record, table in pairs:
        assert ["game", *(f.name for f in dataclasses.fields(record))] == table.column_names, table.name


def test_logical_keys_stay_unique_through_replaces(store: Store, tmp_path: Path) -> None:
    """The detail tables' keys are not declared (see schema.Table): check them after replaces."""
    from adjudicator.store.schema import GAME_TABLES

    other = _other_fx2(tmp_path)
    for _ in range(2):
        ingest_paths(store, *FIXTURES)
        ingest_paths(store, other, replace=True)
        ingest_paths(store, FX2, replace=True)
    for table in GAME_TABLES:
        key = ", ".join(table.key)
        dupes = store.query(f"SELECT {key}, count(*) FROM {table.name} GROUP BY ALL HAVING count(*) > 1").rows
        assert dupes == [], table.name


def test_a_worker_loads_neither_duckdb_nor_arrow() -> None:
    """The worker processes of ``ingest --jobs N`` import ``adjudicator.store.rows`` only."""
    probe = "import sys, adjudicator.store.rows; print(sorted(m for m in ('duckdb', 'pyarrow') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_a_worker_sends_the_rows_back_without_the_log() -> None:
    from adjudicator.store.rows import _replay_job, game_rows, with_log

    data = FX1.read_bytes()
    job = (str(FX1), data, content_hash(data), T0, False, 0)
    sent = _replay_job(job)
    assert not isinstance(sent, tuple) and sent.columns["logs"][1] == []
    assert with_log(sent, data).columns == game_rows(*job).columns


def test_players_that_cannot_be_updated_leave_the_stored_games_and_their_summary(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    # a full disk after the last batch: the games are stored and reported; the ratings catch up later
    from adjudicator.store import service as service_module

    def full(cursor: object) -> None:
        raise duckdb.IOException("IO Error: No space left on device\nmore detail")

    real = service_module.refresh_players
    monkeypatch.setattr(service_module, "refresh_players", full)
    summary = store.ingest_many([LogInput.from_bytes("fx-1", FX1.read_bytes())])
    assert summary.ingested == 1 and summary.players_behind == "IO Error: No space left on device"
    monkeypatch.setattr(service_module, "refresh_players", real)
    assert len(store.list_games(limit=None).games) == 1 and store.players().listed() == []
    assert store.ingest_many([LogInput.from_bytes("fx-2", FX2.read_bytes())]).players_behind is None
    assert len(store.players().listed()) >= 3  # both games' seats linked now
