"""The dispute scenarios of fixtures/disputes/: each is judged as its `# expect:` lines say, and its
ruling says what its `# en:` and `# de:` lines say, in English and in German, and nothing its
`# en-not:` and `# de-not:` lines name (a wrong reason that must not come back)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation
from adjudicator.referee import settle

DISPUTES = sorted((Path(__file__).resolve().parents[3] / "fixtures" / "disputes").glob("*.txt"))


def expectations(path: Path) -> tuple[dict, dict[str, list[str]]]:
    """The ``# expect:`` verdict and the phrases per language (``en``, ``de``, ``en-not``, ``de-not``)."""
    expected: dict = {}
    said: dict[str, list[str]] = {"en": [], "de": [], "en-not": [], "de-not": []}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            expected.update(json.loads(line.removeprefix("# expect:")))
        for lang in said:
            if line.startswith(f"# {lang}: "):
                said[lang].append(line.removeprefix(f"# {lang}: "))
    return expected, said


def test_there_are_twenty_disputes() -> None:
    assert len(DISPUTES) >= 20


@pytest.mark.parametrize("path", DISPUTES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_dispute_ruling(path: Path, lang: str) -> None:
    expected, said = expectations(path)
    assert said["en"] and said["de"], f"{path.name} says nothing to check"
    result = settle(path.read_text(encoding="utf-8"), lang)
    verdict = result["verdict"]
    assert verdict["valid"] is expected["valid"]
    assert [{k: v[k] for k in ("event", "line", "code", "rule")} for v in verdict["violations"]] == expected["violations"]
    for key in ("totals", "finished", "winner", "events"):
        assert verdict[key] == expected[key], key
    ruling = json.dumps(result["ruling"], ensure_ascii=False)
    for phrase in said[lang]:
        assert phrase in ruling
    for phrase in said[f"{lang}-not"]:
        assert phrase not in ruling


@pytest.mark.parametrize("path", DISPUTES, ids=lambda p: p.stem)
def test_dispute_notation_round_trips(path: Path) -> None:
    notation = parse_notation(path.read_text(encoding="utf-8"))
    assert notation.errors == []
    jsonl = notation_to_jsonl(notation)
    again = parse_notation(jsonl_to_notation(jsonl))
    assert [e.event for e in again.entries if e.kind == "event"] == [e.event for e in notation.entries if e.kind == "event"]
