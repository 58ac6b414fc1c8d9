"""The JSON response class of the API: never fails on text that UTF-8 cannot encode.

A log may hold JSON escapes of lone surrogates (``"\\ud800"``), which Python reads into strings
that UTF-8 cannot encode. Such a string can reach a verdict or a message; instead of failing, the
body is then written with every non-ASCII character escaped, which is the same JSON value.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import JSONResponse


class SafeJSONResponse(JSONResponse):
    """``JSONResponse`` that falls back to ASCII-only JSON (``\\uXXXX`` escapes) when UTF-8 fails."""

    def render(self, content: Any) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            return json.dumps(content, ensure_ascii=True, allow_nan=False, indent=None, separators=(",", ":")).encode("ascii")
