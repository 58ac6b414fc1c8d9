"""The live table core: judging appended events on the kept state, undo, what is owed, and the
service that writes every change through to the store and loads it again."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from adjudicator.errors import RuleViolation
from adjudicator.live.limits import LiveLimits
from adjudicator.live.service import Refused, TableConflict, TableFull, TableService, TooManyTables, WrongKey
from adjudicator.live.table import LiveTable
from adjudicator.replay import check_log, replay_log
from adjudicator.store import Store

ROOT = Path(__file__).resolve().parents[3]
GAME = {"type": "game", "id": "t", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}
SAMPLE = [line for line in (ROOT / "logs" / "3-players.jsonl").read_text().splitlines() if line.strip()]


def table(*events: dict) -> LiveTable:
    live = LiveTable("x", [json.dumps(GAME)])
    for event in events:
        live.append(event)
    return live


def test_a_whole_sample_game_kept_event_by_event_ends_as_its_replay() -> None:
    live = LiveTable("x", SAMPLE[:1])
    for line in SAMPLE[1:]:
        live.append(json.loads(line))
    replayed = replay_log("\n".join(SAMPLE)).state
    assert live.state.totals == replayed.totals
    assert live.state.winner == replayed.winner
    assert live.view().owed["en"].startswith("game over")


def test_a_refused_event_is_the_checks_violation_and_leaves_the_table_as_it_was() -> None:
    live = table({"type": "round", "round": 1}, {"type": "card", "player": "Ben", "card": "8"})
    before = live.view().model_dump()
    bad = {"type": "card", "player": "Ana", "card": "5"}
    with pytest.raises(RuleViolation) as refused:
        live.append(bad)
    (expected,) = check_log("\n".join([*live.lines, json.dumps(bad)])).violations
    assert (refused.value.code, refused.value.rule, refused.value.message) == (expected.code, expected.rule, expected.message)
    assert live.view().model_dump() == before
    assert len(live.lines) == 3


def test_what_is_owed_is_said_short_in_english_and_german() -> None:
    live = table({"type": "round", "round": 1})
    assert live.view().owed == {"en": "deal: Ben's card", "de": "Geben: Karte für Ben"}
    live.append({"type": "card", "player": "Ben", "card": "freeze"})
    assert live.view().owed["en"] == "Ben must give Freeze to one of: Ana, Ben, Cem"
    live.append({"type": "target", "player": "Ben", "card": "freeze", "target": "Cem"})
    assert live.view().owed["en"] == "deal: Ana's card"
    live.append({"type": "card", "player": "Ana", "card": "7"})
    assert live.view().owed == {"en": "Ben's turn: hit", "de": "Ben ist dran: noch eine"}  # nothing in front of Ben
    live.append({"type": "hit", "player": "Ben"})
    assert live.view().owed["en"] == "Ben's card after their hit"
    live.append({"type": "card", "player": "Ben", "card": "3"})  # Cem is frozen: Ana next
    view = live.view()
    assert view.owed == {"en": "Ana's turn: hit or stay", "de": "Ana ist dran: noch eine oder Stopp"}
    assert view.bust_chance is not None and view.bust_chance.player == "Ana"
    assert view.bust_chance.cards == 6 and view.bust_chance.pile == view.table.draw_pile_size  # six 7s left
    assert [c.label for c in view.cards if c.kind == "action"] == ["Freeze", "Flip Three", "Second Chance"]


def test_undo_rebuilds_the_state_of_the_kept_events() -> None:
    live = table({"type": "round", "round": 1}, {"type": "card", "player": "Ben", "card": "8"})
    fresh = table({"type": "round", "round": 1}).view().model_dump()
    assert json.loads(live.undo()) == {"type": "card", "player": "Ben", "card": "8"}
    assert live.view().model_dump() == fresh


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 20, 0)

    def __call__(self) -> datetime:
        return self.now


def test_the_service_writes_through_and_a_new_service_has_every_event(tmp_path: Path) -> None:
    path = tmp_path / "live.duckdb"
    with Store.open(path) as store:
        service = TableService(store)
        entry, key = service.create({"id": "g1", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana"})
        for line in SAMPLE[1:40]:
            service.append(entry.table.id, key, json.loads(line))
        service.undo(entry.table.id, key)
        lines, seq = list(entry.table.lines), entry.table.seq
    with Store.open(path) as store:
        again = TableService(store).entry(entry.table.id)
        assert again.table.lines == lines and again.table.seq == seq == 41  # the create, 39 appends, the undo
        assert again.snapshot == entry.snapshot


def test_keys_limits_and_conflicts(tmp_path: Path) -> None:
    clock = Clock()
    with Store.open(tmp_path / "s.duckdb") as store:
        service = TableService(store, LiveLimits(max_tables=1, max_events=3, idle_seconds=60), now=clock)
        entry, key = service.create({"players": ["Ana", "Ben", "Cem"], "dealer": "Ana"})
        tid = entry.table.id
        with pytest.raises(TooManyTables):
            service.create({"players": ["Ana", "Ben", "Cem"], "dealer": "Ana"})
        with pytest.raises(WrongKey):
            service.append(tid, None, {"type": "round", "round": 1})
        with pytest.raises(WrongKey):
            service.append(tid, key + "x", {"type": "round", "round": 1})
        with pytest.raises(TableConflict, match="nothing to undo"):
            service.undo(tid, key)
        service.append(tid, key, {"type": "round", "round": 1}, after=0)
        with pytest.raises(TableConflict, match="moved on"):
            service.append(tid, key, {"type": "card", "player": "Ben", "card": "8"}, after=0)
        with pytest.raises(Refused) as refused:
            service.append(tid, key, {"type": "hit", "player": "Ana"}, lang="de")
        assert refused.value.violation.rule == "deal.order" and "Ben" in refused.value.messages["de"]
        service.append(tid, key, {"type": "card", "player": "Ben", "card": "8"})
        with pytest.raises(TableFull):
            service.append(tid, key, {"type": "card", "player": "Cem", "card": "9"})
        clock.now += timedelta(seconds=61)
        assert service.expire_idle() == [tid]  # finished (stored as far as it got), then forgotten
        assert not service.has(tid)
        (game,) = store.game_ids()
        assert store.game(game).n_events == 3 and store.game(game).valid


def test_a_vengeance_table_offers_its_own_cards_and_plays_a_whole_game() -> None:
    from adjudicator.simulate import GameOptions, simulate

    game = next(simulate(1, 4, seed=3, options=GameOptions(ruleset="vengeance", brutal=True)))
    lines = [line for line in game.text().splitlines() if line.strip() and not line.startswith("#")]
    live = LiveTable("v", lines[:1])
    for line in lines[1:]:
        live.append(line)
    view = live.view()
    labels = {c.card: c.label for c in view.cards}
    assert labels["0"] == "The Zero" and labels["lucky_13"] == "Lucky 13"
    assert view.owed["en"].startswith("game over") and view.table.winner is not None
    assert check_log("\n".join(live.lines)).valid


def test_many_tables_written_at_once_keep_every_event_in_order(tmp_path: Path) -> None:
    import threading

    path = tmp_path / "many.duckdb"
    events = [json.loads(line) for line in SAMPLE[1:30]]
    with Store.open(path) as store:
        service = TableService(store)
        made = [service.create({"id": f"g{i}", "players": ["Ana", "Ben", "Cem"], "dealer": "Ana"}) for i in range(12)]

        def play(entry_key: tuple) -> None:
            entry, key = entry_key
            for event in events:
                service.append(entry.table.id, key, event)

        threads = [threading.Thread(target=play, args=(m,)) for m in made]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    with Store.open(path) as store:
        again = TableService(store)
        for entry, _ in made:
            kept = again.entry(entry.table.id).table
            assert [json.loads(line) for line in kept.lines[1:]] == events
            assert kept.seq == len(events) + 1
