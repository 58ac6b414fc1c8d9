"""The JSON response classes of the API: never fail on text that UTF-8 cannot encode.

A log may hold JSON escapes of lone surrogates (``"\\ud800"``), which Python reads into strings
that UTF-8 cannot encode. Such a string can reach a verdict or a message; instead of failing, the
body is then written with every non-ASCII character escaped, which is the same JSON value.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import PydanticSerializationError, to_json
from starlette.responses import JSONResponse


class SafeJSONResponse(JSONResponse):
    """``JSONResponse`` that falls back to ASCII-only JSON (``\\uXXXX`` escapes) when UTF-8 fails."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, ensure_ascii=True, allow_nan=False, indent=None, separators=(",", ":")).encode("ascii")


class PlainJSONResponse(SafeJSONResponse):
    """``SafeJSONResponse`` for content of strings, integers, booleans, None, lists and dicts with
    string keys only (a verdict), written by pydantic's JSON writer: for such content the very
    bytes ``json.dumps`` gives, in under half the time. Not for floats, which it writes otherwise
    (``1e16``, not ``1e+16``; NaN as null). Text UTF-8 cannot encode falls back as in
    ``SafeJSONResponse``."""

    def render(self, content: Any) -> bytes:
        try:
            return to_json(content)
        except PydanticSerializationError:
            return super().render(content)
