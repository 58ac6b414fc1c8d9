"""The pages: the replay viewer at ``/``, the statistics page at ``/stats``, and their static files.

The pages are plain HTML, CSS and JavaScript in ``api/static/`` (no build step, nothing fetched
from the network) and talk to the server only through the public API (``/v1/...``).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse
from starlette.exceptions import HTTPException

STATIC = Path(__file__).resolve().parent.parent / "static"
_MEDIA_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
#: Files served under /static/, by name: only what the folder holds (no path ever reaches the disk).
_FILES = {p.name: p for p in STATIC.iterdir() if p.is_file() and p.suffix in _MEDIA_TYPES} if STATIC.is_dir() else {}

router = APIRouter(include_in_schema=False)


def _page(name: str) -> FileResponse:
    path = _FILES[name]
    return FileResponse(path, media_type=_MEDIA_TYPES[path.suffix], headers={"Cache-Control": "no-cache"})


@router.get("/")
def viewer() -> FileResponse:
    """The replay viewer: paste, upload or open a stored log and step through its table."""
    return _page("index.html")


@router.get("/stats")
def statistics_page() -> FileResponse:
    """The statistics page: the figures of ``/v1/plots``."""
    return _page("stats.html")


@router.get("/static/{name}")
def static_file(name: str) -> FileResponse:
    """One of the pages' static files (404 for any other name)."""
    if name not in _FILES:
        raise HTTPException(404)
    return _page(name)
