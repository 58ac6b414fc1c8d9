"""Fuzzing the table notation (issue 23): hostile notation texts, English and German, through
settle, explain and convert (in the core and through the CLI), never a crash.

Every text is a ruling, an explanation and a conversion, or a clear error: a notation error with
its line, ``LogUnreadable`` or ``UnsupportedRuleset`` (exit 2 in the CLI), and everything written
is UTF-8 text. The texts come from ``tests.fuzzing.hostile_notation`` (a fixed seed, a small
budget; twenty times as many with ``--slow``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from adjudicator.errors import EventOutOfRange, LogUnreadable, UnsupportedRuleset
from adjudicator.notation import jsonl_to_notation, notation_to_jsonl, parse_notation
from adjudicator.referee import explain, settle
from cli.main import app
from tests.fuzzing import NOTATION_SEEDS, budget, hostile_notation

CLEAR = (LogUnreadable, UnsupportedRuleset, EventOutOfRange)


def _text(value: Any) -> None:
    json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")  # what --json and the API write


def judge_notation(text: str, lang: str, at: int) -> dict[str, Any] | None:
    """Settle, explain and convert ``text``; the settlement, or None when it is a clear error."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate as a character: no file or request holds one (run_cli tries the bytes)
        return None
    try:
        result = settle(text, lang)
    except CLEAR as exc:
        assert str(exc)
        result = None
    else:
        _text(result)
        assert result["verdict"]["valid"] == (not result["verdict"]["violations"])
    for kwargs in ({}, {"at": at}):
        try:
            _text(explain(text, lang, **kwargs))
        except CLEAR as exc:
            assert str(exc)
    notation = parse_notation(text)
    for error in notation.errors:
        assert error.line >= 1 and error.message
    if not notation.errors:
        jsonl = notation_to_jsonl(notation)
        "\n".join(jsonl).encode("utf-8")
        jsonl_to_notation(jsonl, lang).encode("utf-8")
    return result


def test_the_notation_seeds_are_read() -> None:
    for seed in NOTATION_SEEDS:
        assert parse_notation(seed).errors == [], seed[:80]
        assert judge_notation(seed, "en", 3) is not None


@budget(60)
@given(hostile_notation(), st.sampled_from(["en", "de"]), st.integers(0, 30))
def test_fuzz_notation(text: str, lang: str, at: int) -> None:
    judge_notation(text, lang, at)


def test_fuzz_notation_keeps_its_regressions() -> None:
    """Texts the fuzzing found crashing (the issue's own reproducers among them)."""
    setup = "game g; players Ana Ben Cem; dealer Ana\n"
    for text in (setup + "round 1\nscore ² Ana 1\n", 'game "\\udfff"; players Ana Ben Cem; dealer Ana\n',
                 setup + "round 1\nAna 3\nposition round 1; dealer Ana; turn Ben\n"):
        assert judge_notation(text, "en", 2) is not None


@pytest.mark.slow
@budget(100, slow=True)
@given(hostile_notation(max_mutations=6), st.sampled_from(["en", "de"]), st.integers(0, 30))
def test_fuzz_notation_long(text: str, lang: str, at: int) -> None:
    judge_notation(text, lang, at)


def run_cli(folder: Path, text: str, lang: str) -> None:
    """settle, explain and convert on the text as a file: exit 0, 1 or 2, never a traceback."""
    path = folder / "log.txt"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    runner = CliRunner()
    for args in (["settle", str(path), "--json", "--lang", lang], ["explain", str(path), "--lang", lang],
                 ["convert", str(path), "--to", "jsonl"], ["convert", str(path), "--to", "notation", "--lang", lang]):
        result = runner.invoke(app, args)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
        assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output[-500:])
        assert "Traceback" not in result.output
        if args[0] == "settle" and result.exit_code in (0, 1):
            assert "verdict" in json.loads(result.stdout)


@budget(15)
@given(hostile_notation(), st.sampled_from(["en", "de"]))
def test_fuzz_notation_cli(tmp_path_factory: pytest.TempPathFactory, text: str, lang: str) -> None:
    run_cli(tmp_path_factory.mktemp("notation"), text, lang)
