"""Fuzzing the core: every hostile log is a verdict or a clear ``LogUnreadable``, never a crash.

The logs come from ``tests.fuzzing`` (valid logs, mutated); the seed is fixed and the budget small
so the suite stays fast; ``pytest --slow`` runs twenty times as many.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.errors import VIOLATION_CODES, EventOutOfRange, LogUnreadable, UnsupportedRuleset
from adjudicator.replay import check_log, state_at
from adjudicator.table import table_view
from tests.fuzzing import LINE_SAMPLES, SEEDS, budget, hostile_logs, log_text, wrong_type_logs


def judge(source: bytes | str) -> dict[str, Any] | None:
    """The verdict as JSON-ready data (None when the log is unreadable), checked for shape."""
    try:
        verdict = check_log(source).to_dict()
    except (LogUnreadable, UnsupportedRuleset) as exc:
        assert str(exc)
        return None
    text = json.dumps(verdict, ensure_ascii=False, allow_nan=False)
    text.encode("utf-8")  # text, not lone surrogates
    for violation in verdict["violations"]:
        assert violation["code"] in VIOLATION_CODES and violation["message"] and violation["line"] >= 1
        assert 0 <= violation["event"] < verdict["events"]
    if verdict["game"] is None:
        assert verdict["violations"] and verdict["violations"][0]["line"] >= 1
    return verdict


def look_at_the_table(data: bytes, at: int) -> None:
    try:
        view = table_view(state_at(data, at))
    except (LogUnreadable, UnsupportedRuleset, EventOutOfRange) as exc:
        assert str(exc)
        return
    json.dumps(view.model_dump(mode="json"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def test_the_seeds_are_valid() -> None:
    for seed in SEEDS:
        verdict = judge(seed)
        assert verdict is not None and verdict["valid"], verdict


def fuzz_core(data: bytes, at: int) -> None:
    verdict = judge(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        assert verdict is None  # bytes that are not UTF-8 make the log unreadable (exit 2)
    else:
        assert judge(text) == verdict  # text and bytes are judged alike
    look_at_the_table(data, at)


@budget(200)
@given(hostile_logs(), st.integers(0, 40))
def test_fuzz_core(data: bytes, at: int) -> None:
    fuzz_core(data, at)


@pytest.mark.slow
@budget(300, slow=True)
@given(hostile_logs(max_mutations=5), st.integers(0, 40))
def test_fuzz_core_long(data: bytes, at: int) -> None:
    fuzz_core(data, at)


def test_the_line_samples_are_read() -> None:
    """Each line sample is read (its log may break a rule, but no line is a ``bad_event``): the
    wrong value put in it is then the only thing wrong with the line."""
    for _, before, line, after in LINE_SAMPLES:
        verdict = judge(log_text([*before, line, *after]))
        assert verdict is not None and not [v for v in verdict["violations"] if v["code"] == "bad_event"], (line, verdict)


def test_a_wrong_type_in_every_field_of_every_line() -> None:
    """A value of any JSON type in any field of any line type (the ``game`` line's options of every
    ruleset, nested fields too) is a verdict or a clean ``LogUnreadable``, never a crash (issue 28,
    item 8: a ``ruleset`` object raised ``TypeError`` in the ``game`` line's reader)."""
    cases = wrong_type_logs()
    assert {what.split()[1] for what, _, _ in cases} >= {"game", "round", "card", "hit", "stay", "target", "shuffle", "score", "end", "position"}
    for what, line, data in cases:
        try:
            fuzz_core(data, line)
        except Exception as exc:  # name the case: one loop holds them all
            raise AssertionError(f"{what}: {exc!r}") from exc
