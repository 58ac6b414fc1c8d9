"""``replay_timeline``: the table after every event from one replay, equal to ``state_at`` at each event."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.replay import replay_log
from adjudicator.timeline import replay_timeline, table_at
from api.models import EXAMPLE_LOG

LOGS = Path(__file__).resolve().parents[2] / "logs"


@pytest.mark.parametrize("name", ["invalid-wrong-turn.jsonl", "mid-round-reshuffle.jsonl", "invalid-bad-claims.jsonl"])
def test_every_table_is_the_state_at_that_event(name: str) -> None:
    source = (LOGS / name).read_bytes()
    timeline = replay_timeline(source)
    assert len(timeline.tables) == len(timeline.lines.line) == timeline.verdict.events
    assert timeline.verdict == replay_log(source).verdict
    for index in range(0, len(timeline.tables), 7):  # every 7th event keeps the test fast; each is one replay
        assert timeline.tables[index] == table_at(source, index), index
    assert timeline.tables[-1] == table_at(source, None)


def test_after_a_fatal_violation_the_table_stays_and_names_it() -> None:
    timeline = replay_timeline((LOGS / "invalid-wrong-turn.jsonl").read_bytes())
    (violation,) = timeline.verdict.violations
    assert violation.event == 27 and violation.rule == "turn.order"
    assert timeline.tables[26].stopped_by is None and timeline.tables[26].after_event == 26
    stopped = timeline.tables[27]
    assert stopped.stopped_by is not None and stopped.stopped_by.event == 27
    assert stopped.after_event == 26  # the table before the illegal hit
    assert all(t is stopped for t in timeline.tables[27:])
    tables = timeline.to_dict()["tables"]
    assert tables[27]["stopped_by"]["event"] == 27 and all(t == tables[27] for t in tables[27:])


def test_events_are_the_lines_as_read_and_comments_are_skipped() -> None:
    source = "# a comment\n" + EXAMPLE_LOG
    data = replay_timeline(source).to_dict()
    assert [e["line"] for e in data["events"][:3]] == [2, 3, 4]
    assert [e["round"] for e in data["events"][:3]] == [0, 1, 1]
    assert data["events"][2] == {
        "event": 2, "line": 4, "round": 1, "type": "card", "player": "Ben", "card": "8", "target": None,
        "raw": '{"type":"card","player":"Ben","card":"8"}',
    }
    assert data["tables"][4]["players"][1]["status"] == "frozen"  # Cem froze Ben at event 4
    assert data["verdict"]["valid"] is True and data["verdict"]["totals"] == {"Ana": 22, "Ben": 8, "Cem": 12}


def test_a_bad_game_line_gives_bare_tables() -> None:
    data = replay_timeline('{"type":"game","id":"g","players":["Ana"],"dealer":"Ana"}\n{"type":"round","round":1}\n').to_dict()
    assert [t["game"] for t in data["tables"]] == [None, None]
    assert data["tables"][0]["stopped_by"]["event"] == 0


def test_every_event_is_told_the_refused_one_and_those_after_it_as_written() -> None:
    """The events in words (``told``, issue 29): an applied one with what it did, the refused one
    and those after the replay stopped as the events alone, in each language asked."""
    timeline = replay_timeline((LOGS / "invalid-wrong-turn.jsonl").read_bytes(), langs=("en", "de")).to_dict()
    events = timeline["events"]
    assert len(events) == len(timeline["tables"]) and all(set(e["told"]) == {"en", "de"} for e in events)
    assert events[0]["told"] == {"en": "the game begins", "de": "die Partie beginnt"}
    assert events[27]["told"] == {"en": "Ana hits", "de": "Ana sagt „noch eine“"}  # refused: the event alone
    assert timeline["tables"][27]["told"]["en"].get("event") is None  # the refused event did nothing
    assert all(e["told"]["en"] for e in events[28:])
    assert "told" not in replay_timeline((LOGS / "invalid-wrong-turn.jsonl").read_bytes()).to_dict()["events"][0]
