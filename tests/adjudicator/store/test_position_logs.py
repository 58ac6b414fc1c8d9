"""Storing a log that starts from a ``position`` (docs/log-format.md §9): its rounds begin at the
position's round, its totals start from the position's, and every statistic and export reads it."""

from __future__ import annotations

from pathlib import Path

from adjudicator.replay import check_log
from adjudicator.store import Outcome, Store
from tests.adjudicator.helpers import card, game, hit, log, stay, target
from tests.adjudicator.test_position import position

from .conftest import assert_store_whole
from .test_ingest import expected_rows, rows_of


def position_log() -> bytes:
    """Round 3 from a position, then round 4 begins (game id ``from-position``)."""
    return log(
        game(id="from-position", dealer="Cem"), position(), hit("Ben"), card("Ben", "flip_three"),
        target("Ben", "flip_three", "Ana"), card("Ana", "5"), card("Ana", "+4"), card("Ana", "8"), stay("Ana"),
        stay("Ben"), {"type": "score", "round": 3, "scores": {"Ana": 42, "Ben": 4, "Cem": 9}}, {"type": "round", "round": 4},
    ).encode()


def test_a_log_from_a_position_is_stored_whole(store: Store) -> None:
    data = position_log()
    result = store.ingest(data, "position.jsonl")
    assert result.outcome == Outcome.INGESTED
    assert result.game_id == "from-position"
    assert assert_store_whole(store) == 1
    assert rows_of(store, "from-position") == expected_rows(data)
    assert store.verdict("from-position") == check_log(data).to_dict()
    # The rounds start at the position's round; the position's totals are part of the game's.
    assert store.query("SELECT round FROM rounds WHERE game = 'from-position' ORDER BY round").rows == [(3,), (4,)]
    scores = store.query(
        "SELECT player, score FROM player_rounds WHERE game = 'from-position' AND round = 3 ORDER BY player"
    ).rows
    assert scores == [("Ana", 42), ("Ben", 4), ("Cem", 9)]
    assert store.verdict("from-position")["totals"] == {"Ana": 122, "Ben": 54, "Cem": 69}
    # The position line is stored as an event like any other, at index 1.
    events = store.events("from-position")
    assert (events[1]["event"], events[1]["type"]) == (1, "position")


def test_every_statistic_and_the_export_read_it(store: Store, tmp_path: Path) -> None:
    store.ingest(position_log(), "position.jsonl")
    results = {r.statistic.name: r for r in store.stats()}
    assert results, "no statistics ran"
    overview = results["overview"].as_dict()["rows"][0]
    assert (overview["games"], overview["valid"], overview["events"]) == (1, 1, 12)
    # Only the rounds in the log count: the two before the position were never seen.
    (stayed,) = results["round_score_by_outcome"].as_dict()["rows"]
    assert (stayed["outcome"], stayed["rounds"], stayed["max_score"]) == ("stayed", 3, 42)
    # Ana's Second Chance from the position saved her from the second 8.
    assert results["second_chance"].as_dict()["rows"][0]["saves"] == 1
    tables = store.export(tmp_path / "export")
    rows = {t.table: t.rows for t in tables}
    assert (rows["games"], rows["rounds"], rows["player_rounds"], rows["events"]) == (1, 2, 6, 12)
