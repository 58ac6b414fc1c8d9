"""Every fixture log under fixtures/ is judged as its `# expect:` comment lines say.

A fixture states the facts that matter (validity, the violations with their event, code and rule,
and optionally rounds, totals, winner); the whole verdict is also snapshot-tested.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.errors import VIOLATION_CODES, UnsupportedRuleset
from adjudicator.replay import check_log

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _judges_vengeance() -> bool:
    """True once the engine judges Vengeance logs (until then fixtures/vengeance is left out)."""
    try:
        check_log('{"type":"game","id":"probe","players":["A","B","C"],"dealer":"A","ruleset":"vengeance"}\n')
    except UnsupportedRuleset:
        return False
    return True


FILES = sorted(p for p in FIXTURES.rglob("*.jsonl") if _judges_vengeance() or p.parent.name != "vengeance")


def expectations(path: Path) -> dict:
    """Merge the JSON objects of a fixture's `# expect:` lines."""
    expected: dict = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            expected.update(json.loads(line.removeprefix("# expect:")))
    return expected


def test_there_are_fixtures_for_every_code() -> None:
    codes = {v["code"] for path in FILES for v in expectations(path).get("violations", [])}
    assert len(FILES) >= 80
    wanted = set(VIOLATION_CODES) | ({"must_hit"} if _judges_vengeance() else set())  # vengeance.md adds must_hit
    assert wanted <= codes, f"codes without a fixture: {wanted - codes}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_fixture_verdict(path: Path, snapshot) -> None:
    expected = expectations(path)
    assert "valid" in expected, f"{path.name} has no '# expect:' line with \"valid\""
    verdict = check_log(path.read_bytes()).to_dict()
    assert verdict["valid"] is expected["valid"]
    if "violations" in expected:
        keys = [set(v) for v in expected["violations"]]
        got = [{k: v[k] for k in want} for v, want in zip(verdict["violations"], keys, strict=False)]
        assert len(verdict["violations"]) == len(expected["violations"]), verdict["violations"]
        assert got == expected["violations"]
    for key in ("totals", "finished", "winner", "events", "game"):
        if key in expected:
            assert verdict[key] == expected[key], key
    if "rounds" in expected:
        assert verdict["rounds"] == expected["rounds"]
    assert verdict == snapshot
