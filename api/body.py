"""Request bodies: the size limit (enforced while the body streams in) and reading a log from a body.

A log comes as JSON Lines text (``application/x-ndjson``, ``text/plain``, a few aliases, or no
Content-Type at all) or as a JSON array of events (``application/json``). JSON Lines bytes go to
the core unchanged, so the replay is exactly the CLI's. A JSON array is turned into lines, one per
item, with ``json.dumps`` (compact, non-ASCII kept), so the same replay runs and a violation's
``line`` is the item's position in the array + 1. One exception keeps the contract's strictness: an
item with a duplicate key (which ``json.dumps`` would silently merge) is passed on as its own text,
so the core reports it as ``bad_event`` just as it would in a file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import Problem, render

#: Media types read as JSON Lines (one event per line).
NDJSON_TYPES = frozenset(
    {
        "application/x-ndjson",
        "application/ndjson",
        "application/jsonl",
        "application/x-jsonlines",
        "application/jsonlines",
        "text/plain",
    }
)
#: Media types read as a JSON array of events.
JSON_TYPES = frozenset({"application/json"})
_ACCEPTED_CHARSETS = frozenset({"utf-8", "utf8", "us-ascii", "ascii"})
_HINT = "send the log as JSON Lines (Content-Type: application/x-ndjson or text/plain) or as a JSON array of events (application/json)"


def human_size(size: int) -> str:
    """``10485760`` -> ``10 MiB`` (exact units when they fit, else bytes)."""
    for unit, factor in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    for unit, factor in (("GB", 1000**3), ("MB", 1000**2), ("kB", 1000)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def too_large(limit: int) -> Problem:
    """The 413 problem for a body over ``limit`` bytes."""
    return Problem(
        "body-too-large",
        f"the request body is larger than this server accepts ({human_size(limit)}); "
        "split the upload, or start the server with a larger --max-body",
        headers={"Connection": "close"},
        limit=limit,
    )


class BodySizeLimit:
    """ASGI middleware: refuse bodies over ``max_bytes`` with 413, without reading them whole.

    A ``Content-Length`` over the limit is refused before a byte of the body is read; otherwise the
    bytes are counted as they arrive and the request fails with 413 the moment the count passes the
    limit (chunked uploads included), so no more than the limit is ever held.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.max_bytes
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared > limit:
                    await render(too_large(limit))(scope, receive, send)
                    return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    # Only the routes read the body, and a ``Problem`` is an ``HTTPException``:
                    # FastAPI's handlers (inside this middleware) answer it as problem+json.
                    raise too_large(limit)
            return message

        await self.app(scope, counting_receive, send)


async def read_body(request: Request) -> bytes:
    """The whole body (the size limit is enforced by ``BodySizeLimit`` while it streams in)."""
    chunks = [chunk async for chunk in request.stream()]
    return b"".join(chunks)


@dataclass(frozen=True, slots=True)
class LogBody:
    """A log read from a request: ``source`` is what the core takes (bytes, or lines of a JSON array)."""

    source: bytes | list[str]


def media_type(request: Request) -> tuple[str | None, dict[str, str]]:
    """The request's media type (lower case, None when absent) and its parameters."""
    header = request.headers.get("content-type")
    if header is None or not header.strip():
        return None, {}
    main, *params = header.split(";")
    parsed: dict[str, str] = {}
    for param in params:
        key, _, value = param.partition("=")
        parsed[key.strip().lower()] = value.strip().strip('"').lower()
    return main.strip().lower(), parsed


def _check_media_type(request: Request) -> str:
    kind, params = media_type(request)
    charset = params.get("charset")
    if charset is not None and charset not in _ACCEPTED_CHARSETS:
        raise Problem("unsupported-media-type", f"a log must be UTF-8 text, not {charset}")
    if kind is None or kind in NDJSON_TYPES:
        return "ndjson"
    if kind in JSON_TYPES:
        return "json"
    extra = ""
    if kind == "application/x-www-form-urlencoded":
        extra = " (curl -d sends that and drops line breaks: use --data-binary @FILE with -H 'Content-Type: application/x-ndjson')"
    raise Problem("unsupported-media-type", f"the body's Content-Type {kind} is not a log{extra}; {_HINT}")


async def read_log(request: Request) -> LogBody:
    """Read and parse the log in the body. Raises ``Problem`` for an empty or unusable body.

    JSON Lines bytes are not decoded here: the core does it line by line (and reports bytes that
    are not UTF-8 as ``LogUnreadable``).
    """
    kind = _check_media_type(request)
    data = await read_body(request)
    if not data.strip():
        raise Problem("empty-body", f"the request body is empty; {_HINT}")
    if kind == "ndjson":
        return LogBody(data)
    return LogBody(json_array_lines(data))


# --------------------------------------------------------------------------------------------
# JSON arrays


class _Duplicates:
    """``object_pairs_hook`` that builds dicts and notes whether any object repeated a key."""

    def __init__(self) -> None:
        self.found = False

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            self.found = True
        return obj


_WS = " \t\n\r"


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WS:
        i += 1
    return i


def _where(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line}, column {column}"


def _not_json(text: str, pos: int, why: str) -> Problem:
    hint = ""
    if text.lstrip().startswith("{"):
        hint = "; it looks like JSON Lines: send it with Content-Type: application/x-ndjson"
    return Problem("unreadable-body", f"the body is not a valid JSON array of events: {why} at {_where(text, pos)}{hint}")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc).split(":")[0] or "invalid value"


def _decode(decoder: json.JSONDecoder, text: str, i: int) -> tuple[Any, int]:
    """The JSON value that starts at ``text[i]`` and where it ends; ``Problem`` 400 if there is none."""
    try:
        return decoder.raw_decode(text, i)
    except json.JSONDecodeError as exc:
        raise _not_json(text, exc.pos, exc.msg) from None
    except (RecursionError, ValueError) as exc:
        raise _not_json(text, i, _reason(exc)) from None


def _dump(item: Any) -> str:
    line = json.dumps(item, ensure_ascii=False, separators=(",", ":"))
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate ("\ud800"): keep it as the escape it came as
        line = json.dumps(item, ensure_ascii=True, separators=(",", ":"))
    return line


def json_array_lines(data: bytes) -> list[str]:
    """The lines of a log sent as a JSON array: one per item (see the module docstring).

    Raises ``Problem``: 400 when the body is not UTF-8 or not valid JSON, 422 when it is JSON but
    not an array.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Problem("unreadable-body", f"the body is not UTF-8 text (byte {exc.start + 1} is 0x{data[exc.start]:02x})") from None
    text = text.removeprefix("\ufeff")
    hook = _Duplicates()
    decoder = json.JSONDecoder(object_pairs_hook=hook)
    i = _skip(text, 0)
    if not text.startswith("[", i):
        value, end = _decode(decoder, text, i)
        got = type(value).__name__ if not isinstance(value, dict) else "an object"
        names = {"str": "a string", "int": "a number", "float": "a number", "bool": "a boolean", "NoneType": "null"}
        hint = "; for JSON Lines use Content-Type: application/x-ndjson" if isinstance(value, dict) else ""
        if _skip(text, end) != len(text):
            raise _not_json(text, _skip(text, end), "extra data after the first value")
        raise Problem("not-a-log", f"a JSON body must be an array of events, not {names.get(got, got)}{hint}")
    lines: list[str] = []
    i = _skip(text, i + 1)
    if text.startswith("]", i):
        i += 1
    else:
        while True:
            hook.found = False
            item, end = _decode(decoder, text, i)
            if hook.found:  # keep the client's own text so the core sees the repeated key
                lines.append(text[i:end].replace("\r", " ").replace("\n", " "))
            else:
                lines.append(_dump(item))
            i = _skip(text, end)
            if text.startswith(",", i):
                i = _skip(text, i + 1)
                continue
            if text.startswith("]", i):
                i += 1
                break
            raise _not_json(text, i, "expected ',' or ']' after an item")
    if _skip(text, i) != len(text):
        raise _not_json(text, _skip(text, i), "extra data after the array")
    return lines

