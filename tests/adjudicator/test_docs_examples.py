"""The worked example of docs/log-format.md is judged exactly as the document says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from adjudicator.replay import check_log

DOC = (Path(__file__).resolve().parents[2] / "docs" / "log-format.md").read_text(encoding="utf-8")


def blocks(section: str) -> list[str]:
    """The fenced code blocks of one `##` section."""
    part = DOC.split(section, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```(?:json)?\n(.*?)```", part, flags=re.S)


def test_worked_example_and_its_verdict() -> None:
    log, verdict, mistake, wrong_verdict = blocks("## 7. A worked example")
    assert check_log(log).to_dict() == json.loads(verdict)
    lines = log.splitlines()
    assert json.loads(lines[14]) == {"type": "hit", "player": "Kofi"}  # line 15 of the file
    lines[14] = mistake.strip()
    got = check_log("\n".join(lines)).to_dict()
    expected = json.loads(wrong_verdict)
    for v in got["violations"] + expected["violations"]:
        v.pop("message")  # the document says its wording is only an illustration
    assert got == expected
