"""Reading the ``since`` filter of the statistics: one reading for ``flip7 stats --since`` and
``GET /v1/stats?since=``.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from adjudicator.store.errors import InvalidSince

#: An age: a whole number of days, hours or weeks (lower-case unit, as the OpenAPI pattern says).
_AGE = re.compile(r"([0-9]+)([dhw])")
#: More digits than any age within the calendar needs (9,999 years are 3,652,059 days).
_AGE_DIGITS = 9
_UNITS = {"d": "days", "h": "hours", "w": "weeks"}


def parse_since(text: str, now: datetime) -> datetime:
    """The moment ``text`` names, as an aware date-time; ``now`` is the clock ages count back from.

    ``text`` (surrounding blanks ignored) is an age, ``N`` + ``d``/``h``/``w`` before ``now``
    (``7d``, ``12h``, ``2w``), or an ISO 8601 date (``2026-11-29``: midnight) or date-time
    (``2026-11-29T18:00:00Z``, ``2026-11-29 18:00``, ``…+01:00``). The letters of a date-time may
    be in either case (RFC 3339 allows ``t`` and ``z``); one without a zone is UTC. Anything else
    raises ``InvalidSince`` (a ``Flip7Error`` and a ``ValueError``) whose message quotes ``text``
    and shows the three forms; callers add where it came from (``--since: …``).
    """
    stripped = text.strip()
    age = _AGE.fullmatch(stripped)
    if age:
        try:
            if len(age.group(1)) > _AGE_DIGITS:
                raise OverflowError
            return now - timedelta(**{_UNITS[age.group(2)]: int(age.group(1))})
        except OverflowError:  # an age older than the calendar: every game is newer
            return datetime.min.replace(tzinfo=UTC)
    try:
        moment = datetime.fromisoformat(stripped.upper())  # also reads a date alone
    except ValueError:
        shown = repr(text) if len(text) <= 40 else repr(text[:40]) + f"… ({len(text):,} characters)"
        raise InvalidSince(
            f"{shown} is not a date (2026-11-29), a date-time (2026-11-29T18:00:00Z) or an age like 7d, 12h or 2w"
        ) from None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC)
    except OverflowError:  # a zone pushes the moment past either end of the calendar
        return (datetime.max if moment.year == datetime.max.year else datetime.min).replace(tzinfo=UTC)
