"""The sample games in logs/ are judged as their names promise, and their verdicts are snapshotted."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.events import parse_event
from adjudicator.replay import check_log, replay_log
from adjudicator.simulate import SimulatedGame
from scripts.samples import has_mid_round_shuffle, tie_at_target

LOGS = Path(__file__).resolve().parents[2] / "logs"
SAMPLES = sorted(LOGS.glob("*.jsonl"))


def test_the_samples_cover_what_the_readme_promises() -> None:
    games = [replay_log(p.read_bytes()) for p in SAMPLES]
    valid = [g for g in games if g.verdict.valid]
    assert {len(g.state.players) for g in valid} >= {3, 4, 6, 8, 12}
    assert any(g.state.game and g.state.game.edition == "first" for g in valid)
    assert len(games) - len(valid) >= 2
    played = [_as_game(p) for p in SAMPLES]
    assert any(has_mid_round_shuffle(g) for g in played)
    assert any(tie_at_target(g) for g in played if check_log(g.text()).valid)


def _as_game(path: Path) -> SimulatedGame:
    """A log file's events (comments skipped) in the shape the samples' predicates read."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    return SimulatedGame(path.stem, [parse_event(line) for line in lines], finished=False, winner=None, totals={}, rounds=0)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_verdict(path: Path, snapshot) -> None:
    verdict = check_log(path.read_bytes()).to_dict()
    assert verdict["valid"] is not path.name.startswith("invalid-")
    if verdict["valid"]:
        assert verdict["finished"] and verdict["winner"] == max(verdict["totals"], key=verdict["totals"].get)
    assert verdict == snapshot
