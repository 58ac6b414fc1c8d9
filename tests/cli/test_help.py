"""Help screens: plain value names, usual usage lines, paragraphs not broken, defaults whole."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from cli.help import reflow
from cli.main import app

COMMANDS = ["check", "state", "schema", "ingest", "stats", "query", "games", "show", "export", "simulate", "serve", "advise", "analyze"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_reads_as_usual(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0
    text = result.stdout
    assert not re.search(r"<(bool|str|int|float|list|path|int range|float range)[^>]*>", text), text
    assert "{" not in text.split("Usage:")[1].splitlines()[0]
    assert "…" not in text  # no default or help cut off
    assert max(len(line) for line in text.splitlines()) <= 80


def test_usage_lines_name_arguments_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    usage = CliRunner().invoke(app, ["check", "--help"]).stdout.split("Usage:")[1].splitlines()[0]
    assert usage.split() == ["flip7", "check", "[OPTIONS]", "FILE..."]
    show = CliRunner().invoke(app, ["show", "--help"]).stdout.split("Usage:")[1].splitlines()[0]
    assert show.split() == ["flip7", "show", "[OPTIONS]", "ID"]


def test_docstring_paragraphs_are_joined() -> None:
    doc = """First line.

    A paragraph written over
    two lines.

    Another one."""
    assert reflow(doc) == "First line.\n\nA paragraph written over two lines.\n\nAnother one."
    text = CliRunner().invoke(app, ["check", "--help"], env={"COLUMNS": "200"}).stdout
    assert "2: some input could not be read. With several files a summary ends the report" in text


def test_schema_has_no_raw_double_backticks() -> None:
    text = CliRunner().invoke(app, ["schema"]).stdout
    assert "``" not in text and json.loads(text)
