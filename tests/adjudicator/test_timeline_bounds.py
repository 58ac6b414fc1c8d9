"""Issue 23, item 12: the table after every event is bounded by the seats it describes in all.

Before, a 38 KB log seating 1,800 players gave a 158 MB timeline; each test below failed then.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.errors import TimelineTooLarge
from adjudicator.timeline import MAX_SEATS, replay_timeline

LOGS = Path(__file__).resolve().parents[2] / "logs"


def big_table(players: int, events: int) -> str:
    """A log seating ``players`` (with enough decks) followed by ``events - 2`` dealt cards."""
    names = [f"p{i:04d}" for i in range(players)]
    decks = min(100, players // 18 + 1)
    lines = [json.dumps({"type": "game", "id": "big", "players": names, "dealer": names[0], "decks": decks}), '{"type":"round","round":1}']
    lines += [json.dumps({"type": "card", "player": names[(i + 1) % players], "card": "5"}) for i in range(events - 2)]
    return "\n".join(lines) + "\n"


def test_the_probes_log_is_refused_once_the_bound_is_passed() -> None:
    """1,800 players: refused after 34 events (60,000 seats), not after the whole log."""
    with pytest.raises(TimelineTooLarge) as caught:
        replay_timeline(big_table(1800, 1000))
    error = caught.value
    assert (error.limit, error.players) == (MAX_SEATS, 1800)
    assert error.events == MAX_SEATS // 1800 + 1
    assert "POST /v1/state?at=N" in str(error)


def test_tables_after_a_fatal_violation_count_too() -> None:
    """A stopped table is written at every later event, so it counts at every one."""
    text = big_table(20, 5) + '{"type":"stay","player":"nobody"}\n' * 200
    with pytest.raises(TimelineTooLarge):
        replay_timeline(text, max_seats=20 * 100)
    assert len(replay_timeline(text, max_seats=20 * 205).tables) == 205


def test_every_real_log_is_far_under_the_bound() -> None:
    """The bound is at least twice the seats of the biggest sample log (20 players, two decks)."""
    for path in sorted(LOGS.glob("*.jsonl")):
        timeline = replay_timeline(path.read_bytes(), max_seats=MAX_SEATS // 2)
        assert len(timeline.tables) == timeline.verdict.events, path.name
