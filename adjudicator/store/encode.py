"""Turning the values DuckDB returns (statistics, query rows) into JSON values, one way for all.

The HTTP API (``/v1/stats``, ``/v1/query``) and the CLI (``flip7 stats --json``, ``flip7 query
--json`` and ``--csv`` cells) both encode with ``to_json``, so they show the same values, and the
JSON is always valid (``json.dumps(to_json(v), allow_nan=False)`` never fails on a DuckDB value).

Numbers stay numbers (``DECIMAL`` becomes a JSON number; ``NaN`` and infinities, which JSON has
no numbers for, become the strings ``"NaN"``, ``"Infinity"``, ``"-Infinity"``); dates and times
are ISO 8601 strings (timestamps without a zone are UTC, as the store keeps them); intervals are
seconds; ``UUID`` is its string; ``BLOB`` is its text when it is UTF-8, else ``base64:`` and the
bytes in Base64; lists, structs and maps become arrays and objects.
"""

from __future__ import annotations

import base64
import datetime as dt
import math
import uuid
from decimal import Decimal
from typing import Any


def to_json(value: Any) -> Any:
    """A JSON-ready copy of ``value`` (see the module docstring)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, Decimal):
        if not value.is_finite():
            return to_json(float(value))
        exponent = value.as_tuple().exponent  # an int for a finite value
        return int(value) if value == value.to_integral_value() and isinstance(exponent, int) and exponent >= 0 else float(value)
    if isinstance(value, dt.datetime):
        text = value.isoformat()
        return text + "Z" if value.tzinfo is None else text
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, bytes | bytearray | memoryview):
        raw = bytes(value)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return "base64:" + base64.b64encode(raw).decode("ascii")
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_json(v) for v in value]
    return str(value)
