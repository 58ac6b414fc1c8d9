"""Game ids in URL paths: any id, ``/`` and ``%`` included, as one percent-encoded path segment.

ASGI servers decode the path before routing, so ``/v1/games/club%2F7/events`` would arrive as
``/v1/games/club/7/events`` and no route could tell the id's ``/`` from the path's. ``SegmentPaths``
rebuilds the routed path from the raw one, decoding each segment but keeping a ``/`` or ``%``
inside a segment escaped (``%2F``, ``%25``); ``game_id`` (a dependency) then decodes the id. So a
game id is always exactly one segment: ``quote(id, safe="")`` is its URL form.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote, unquote

from fastapi import Path
from starlette.types import ASGIApp, Receive, Scope, Send


def routed_path(raw_path: bytes) -> str:
    """The path to route on: each segment decoded, with ``/`` and ``%`` inside it escaped again."""
    segments = raw_path.decode("utf-8", errors="replace").split("/")
    return "/".join(unquote(s, errors="replace").replace("%", "%25").replace("/", "%2F") for s in segments)


class SegmentPaths:
    """ASGI middleware: route on ``routed_path(raw_path)`` (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            raw = scope.get("raw_path")
            if raw:
                raw = raw.split(b"?", 1)[0]
                if b"%" in raw:
                    scope = dict(scope, path=routed_path(raw))
        await self.app(scope, receive, send)


def decode_game_id(
    game_id: Annotated[
        str, Path(description="The game's id (from its `game` event; `unnamed-<hash>` when that was bad), percent-encoded as one path segment.")
    ],
) -> str:
    """The game id of the path, decoded (see ``SegmentPaths``)."""
    return unquote(game_id, errors="replace") if "%" in game_id else game_id


def game_url(game_id: str) -> str:
    """The URL path of a stored game."""
    return f"/v1/games/{quote(game_id, safe='')}"
