"""``parse_since``: the one reading of the statistics' ``since`` filter (CLI and HTTP API)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from adjudicator.errors import Flip7Error
from adjudicator.store import InvalidSince, parse_since

NOW = datetime(2026, 11, 29, 18, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "moment"),
    [
        ("7d", NOW - timedelta(days=7)),
        ("12h", NOW - timedelta(hours=12)),
        ("2w", NOW - timedelta(weeks=2)),
        ("0d", NOW),
        (" 1d\n", NOW - timedelta(days=1)),  # blanks around are ignored
        ("2026-11-29", datetime(2026, 11, 29, tzinfo=UTC)),  # a date: midnight UTC
        ("2026-11-29T18:00:00", datetime(2026, 11, 29, 18, tzinfo=UTC)),  # no zone: UTC
        ("2026-11-29 18:00", datetime(2026, 11, 29, 18, tzinfo=UTC)),
        ("2026-11-29T18:00:00Z", datetime(2026, 11, 29, 18, tzinfo=UTC)),
        ("2026-11-29t18:00:00z", datetime(2026, 11, 29, 18, tzinfo=UTC)),  # RFC 3339 letters in lower case
        ("2026-11-29T19:00:00+01:00", datetime(2026, 11, 29, 19, tzinfo=timezone(timedelta(hours=1)))),
    ],
)
def test_accepted_forms(text: str, moment: datetime) -> None:
    parsed = parse_since(text, NOW)
    assert parsed == moment and parsed.tzinfo is not None


def test_ages_count_back_from_the_injected_clock() -> None:
    earlier = datetime(2000, 1, 1, tzinfo=UTC)
    assert parse_since("3d", earlier) == datetime(1999, 12, 29, tzinfo=UTC)


@pytest.mark.parametrize("text", ["yesterday", "last tuesday", "0.5", "", "7", "d", "-1d", "7D", "7 d", "2026-13-01", "2026-11-29T25:00"])
def test_refused_forms(text: str) -> None:
    with pytest.raises(InvalidSince) as caught:
        parse_since(text, NOW)
    assert str(caught.value) == (
        f"{text!r} is not a date (2026-11-29), a date-time (2026-11-29T18:00:00Z) or an age like 7d, 12h or 2w"
    )
    assert isinstance(caught.value, Flip7Error) and isinstance(caught.value, ValueError)


def test_an_age_older_than_the_calendar_is_all_time() -> None:
    assert parse_since("1000000d", NOW) == datetime.min.replace(tzinfo=UTC)
    assert parse_since("99999999999w", NOW) == datetime.min.replace(tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("9999-12-31T23:59:59-23:59", datetime.max.replace(tzinfo=UTC)),  # past the calendar's end in UTC
        ("0001-01-01T00:00:00+01:00", datetime.min.replace(tzinfo=UTC)),  # before its start
        ("9" * 4301 + "d", datetime.min.replace(tzinfo=UTC)),  # more digits than int() turns into a number
        ("9" * 10 + "h", datetime.min.replace(tzinfo=UTC)),
    ],
)
def test_moments_past_either_end_of_the_calendar_are_clamped_not_an_overflow(text: str, expected: datetime) -> None:
    """Issue 23, item 4: these raised OverflowError / ValueError (a 500 and a traceback)."""
    assert parse_since(text, NOW) == expected


def test_a_zone_is_turned_into_utc() -> None:
    assert parse_since("2026-11-29T18:00:00+01:00", NOW) == datetime(2026, 11, 29, 17, tzinfo=UTC)
    assert parse_since("2026-11-29T18:00:00+01:00", NOW).utcoffset() == timedelta(0)


@pytest.mark.parametrize("text", ["٧d", "７d", "²h", "x" * 5000])
def test_digits_other_than_ascii_and_long_garbage_are_refused_briefly(text: str) -> None:
    with pytest.raises(InvalidSince) as caught:
        parse_since(text, NOW)
    assert len(str(caught.value)) < 200
