"""Joining a live table, the core: join codes made from the table id (a clash settled oldest
first), typed codes normalised, the scorer's code that expires, the next game's seating, and the
redo stack read back from a table's changes."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from adjudicator.live.join import JoinDesk, derived_code, next_game_line, normalise
from adjudicator.live.redo import redo_stack
from adjudicator.live.service import Change, TableNotFound, TableService
from adjudicator.store import Store


def test_codes_are_made_from_the_id_and_typed_codes_are_normalised() -> None:
    assert derived_code("abc") == derived_code("abc") != derived_code("abc", 1)
    assert normalise(" k7m-4pq ") == "K7M4PQ"
    assert next_game_line('{"type":"game","id":"g","players":["Ana","Ben","Cem"],"dealer":"Cem","target":50}') == {
        "players": ["Ana", "Ben", "Cem"], "dealer": "Ana", "target": 50,
    }


def test_a_clash_of_codes_gives_the_later_table_the_next_try(monkeypatch: Any) -> None:
    import adjudicator.live.join as join

    made = {("a", 0): "AAAAAA", ("b", 0): "AAAAAA", ("b", 1): "BBBBBB"}
    monkeypatch.setattr(join, "derived_code", lambda table_id, attempt=0: made[(table_id, attempt)])

    class Two:
        def table_ids(self) -> list[str]:
            return ["a", "b"]

        def entry(self, table_id: str) -> None:
            return None

        def has(self, table_id: str) -> bool:
            return True

    desk = JoinDesk(Two())  # type: ignore[arg-type]
    assert (desk.join_code("a"), desk.join_code("b")) == ("AAAAAA", "BBBBBB")
    assert desk.resolve("bbbbbb").table_id == "b"


def test_a_scorers_code_expires(tmp_path: Path) -> None:
    clock = [datetime(2026, 12, 5, 4, 0)]
    with Store.open(tmp_path / "join.duckdb") as store:
        service = TableService(store)
        entry, key = service.create({"players": ["Ana", "Ben", "Cem"], "dealer": "Ana"})
        desk = JoinDesk(service, scorer_seconds=600, now=lambda: clock[0])
        code, expires = desk.scorer_code(entry.table.id, key)
        assert expires == clock[0] + timedelta(seconds=600)
        clock[0] += timedelta(seconds=601)
        with pytest.raises(TableNotFound):
            desk.resolve(code)


def test_the_redo_stack_is_read_from_the_changes() -> None:
    a, b, c = ({"type": "hit", "player": n} for n in ("Ana", "Ben", "Cem"))
    undo = lambda e: Change(0, "undo", 0, e)  # noqa: E731
    append = lambda e: Change(0, "append", 0, e)  # noqa: E731
    assert redo_stack([append(a), append(b), undo(b), undo(a)]) == [b, a]
    assert redo_stack([undo(b), undo(a), append(a)]) == [b]
    assert redo_stack([undo(b), undo(a), append(c)]) == []
    assert redo_stack([undo(b), Change(0, "finish", 0, None)]) == []
