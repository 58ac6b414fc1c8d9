"""The sample games in logs/ are judged as their names promise, and their verdicts are snapshotted."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.replay import check_log, replay_log

LOGS = Path(__file__).resolve().parents[2] / "logs"
SAMPLES = sorted(LOGS.glob("*.jsonl"))


def test_the_samples_cover_what_the_readme_promises() -> None:
    games = [replay_log(p.read_bytes()) for p in SAMPLES]
    valid = [g for g in games if g.verdict.valid]
    assert {len(g.state.players) for g in valid} >= {3, 4, 6, 8, 12}
    assert any(g.state.game and g.state.game.edition == "first" for g in valid)
    assert len(games) - len(valid) >= 2
    for name in ("mid-round reshuffle", "tie"):
        assert any(name in p.read_text(encoding="utf-8").splitlines()[0].lower() or name.replace(" ", "-") in p.name for p in SAMPLES), name


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_verdict(path: Path, snapshot) -> None:
    verdict = check_log(path.read_bytes()).to_dict()
    assert verdict["valid"] is not path.name.startswith("invalid-")
    if verdict["valid"]:
        assert verdict["finished"] and verdict["winner"] == max(verdict["totals"], key=verdict["totals"].get)
    assert verdict == snapshot
