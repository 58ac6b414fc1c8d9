"""Correcting an earlier event of a live table: later legal events kept, illegal ones dropped with
their reasons, one atomic store write, behind the key and ``after`` like an append."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from adjudicator.live.correct import correct
from adjudicator.live.redo import next_redo
from adjudicator.live.service import Refused, TableConflict, TableService, WrongKey
from adjudicator.replay import check_log
from adjudicator.store import Store
from adjudicator.store import live as records

PLAYERS = {"players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}
ROUND = [
    {"type": "round", "round": 1},
    {"type": "card", "player": "Ben", "card": "8"},   # 2
    {"type": "card", "player": "Cem", "card": "5"},   # 3
    {"type": "card", "player": "Ana", "card": "3"},   # 4
    {"type": "hit", "player": "Ben"},                 # 5
    {"type": "card", "player": "Ben", "card": "8"},   # 6: Ben busts on a second 8
    {"type": "hit", "player": "Cem"},                 # 7
    {"type": "card", "player": "Cem", "card": "9"},   # 8
]


def seated(store: Store, events: list[dict[str, Any]] = ROUND) -> tuple[TableService, str, str]:
    service = TableService(store)
    entry, key = service.create(dict(PLAYERS))
    for event in events:
        service.append(entry.table.id, key, event)
    return service, entry.table.id, key


def test_a_correction_keeps_the_later_events_still_legal(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        service, tid, key = seated(store)
        table = service.entry(tid).table
        entry, done = correct(service, tid, key, 3, {"type": "card", "player": "Cem", "card": "6"})
        assert entry.table is table and table.size == sum(len(line.encode()) + 1 for line in table.lines)
        assert done.dropped == [] and done.kept == 5
        assert '"card":"6"' in entry.table.lines[3] and len(entry.table.lines) == 9
        assert check_log("\n".join(entry.table.lines)).valid
        assert records.table_lines(store, tid) == entry.table.lines
        again = TableService(store).entry(tid)
        assert again.table.lines == entry.table.lines and again.table.seq == entry.table.seq


def test_later_events_no_longer_legal_are_dropped_with_rule_and_message_in_both_languages(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        service, tid, key = seated(store)
        # Ben's first card a Freeze: Ben owes its target now, so Cem's and Ana's deals no longer fit
        entry, done = correct(service, tid, key, 2, {"type": "card", "player": "Ben", "card": "freeze"})
        assert [d.index for d in done.dropped][:2] == [3, 4]
        first = done.dropped[0]
        assert first.event == ROUND[2] and first.rule and first.code
        assert set(first.messages) == {"en", "de"} and first.messages["en"] != first.messages["de"]
        lines = entry.table.lines
        assert len(lines) == 9 - len(done.dropped) == 3 + done.kept
        assert check_log("\n".join(lines)).valid
        (expected,) = check_log("\n".join([*lines[:3], json.dumps(ROUND[2])])).violations
        assert (first.code, first.rule, first.messages["en"]) == (expected.code, expected.rule, expected.message)


def test_a_refused_correction_changes_nothing(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        service, tid, key = seated(store)
        before, seq = list(service.entry(tid).table.lines), service.entry(tid).table.seq
        with pytest.raises(Refused) as refused:
            correct(service, tid, key, 2, {"type": "card", "player": "Ana", "card": "8"}, lang="de")
        assert refused.value.index == 2 and refused.value.violation.rule == "deal.order" and "de" in refused.value.messages
        assert service.entry(tid).table.lines == before and service.entry(tid).table.seq == seq
        assert records.table_lines(store, tid) == before


def test_a_store_failure_mid_correction_keeps_every_old_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        service, tid, key = seated(store)
        entry = service.entry(tid)
        before, seq, view = list(entry.table.lines), entry.table.seq, entry.snapshot_text
        real = records._transaction

        class Boom(Exception):
            pass

        def failing(store: Store) -> Any:  # the transaction fails after its first statements ran
            class Cursor:
                def __init__(self, cur: Any) -> None:
                    self.cur = cur

                def execute(self, *args: Any) -> Any:
                    return self.cur.execute(*args)

                def executemany(self, *args: Any) -> Any:
                    self.cur.executemany(*args)
                    raise Boom("disk gone")

            class Ctx:
                def __enter__(self) -> Any:
                    self.inner = real(store)
                    return Cursor(self.inner.__enter__())

                def __exit__(self, *exc: Any) -> Any:
                    return self.inner.__exit__(*exc)

            return Ctx()

        monkeypatch.setattr(records, "_transaction", failing)
        with pytest.raises(Boom):
            correct(service, tid, key, 2, {"type": "card", "player": "Ben", "card": "freeze"})
        monkeypatch.setattr(records, "_transaction", real)
        assert entry.table.lines == before and entry.table.seq == seq and entry.snapshot_text == view
        assert records.table_lines(store, tid) == before
        assert TableService(store).entry(tid).table.lines == before


def test_key_after_the_game_line_and_bounds(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        service, tid, key = seated(store)
        fix = {"type": "card", "player": "Cem", "card": "6"}
        with pytest.raises(WrongKey):
            correct(service, tid, None, 3, fix)
        with pytest.raises(WrongKey):
            correct(service, tid, key + "x", 3, fix)
        with pytest.raises(TableConflict, match="moved on"):
            correct(service, tid, key, 3, fix, after=5)
        with pytest.raises(TableConflict, match="game line"):
            correct(service, tid, key, 0, {"type": "game", "id": "x", **PLAYERS})
        with pytest.raises(TableConflict, match="no event 9"):
            correct(service, tid, key, 9, fix)
        correct(service, tid, key, 3, fix, after=8)
        service.finish(tid, key)
        with pytest.raises(TableConflict, match="finished"):
            correct(service, tid, key, 3, fix)


def test_a_preview_keeps_nothing_and_a_correction_empties_the_redo_stack(tmp_path: Path) -> None:
    with Store.open(tmp_path / "s.duckdb") as store:
        service, tid, key = seated(store)
        entry = service.entry(tid)
        service.undo(tid, key)
        assert next_redo(entry) is not None
        before, seq = list(entry.table.lines), entry.table.seq
        _, preview = correct(service, tid, key, 2, {"type": "card", "player": "Ben", "card": "freeze"}, preview=True)
        assert preview.dropped and entry.table.lines == before and entry.table.seq == seq
        correct(service, tid, key, 3, {"type": "card", "player": "Cem", "card": "6"})
        assert entry.table.seq == seq + 1 and next_redo(entry) is None
        assert service.catch_up(entry, seq) is not None and service.catch_up(entry, seq).changes is None  # type: ignore[union-attr]


def test_past_the_first_dropped_events_the_german_message_is_the_english_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from adjudicator.live import correct as module

    monkeypatch.setattr(module, "WORDED", 1)
    lines = [json.dumps({"type": "game", "id": "t", **PLAYERS}), *map(json.dumps, ROUND)]
    _, dropped, _ = module.replay_after(lines[:2], json.dumps({"type": "card", "player": "Ben", "card": "freeze"}), lines[3:], "x", 3)
    assert len(dropped) >= 2
    assert dropped[0].messages["de"] != dropped[0].messages["en"]
    assert dropped[1].messages["de"] == dropped[1].messages["en"]
