"""``GET /healthz``: the process is up and answering (the store is not touched)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from fastapi import APIRouter, Request

from adjudicator import engine_description, engine_path
from api.models import Health
from api.responses import SafeJSONResponse

router = APIRouter(tags=["health"], default_response_class=SafeJSONResponse)


def flip7_version() -> str:
    """The installed flip7 version."""
    try:
        return version("flip7")
    except PackageNotFoundError:  # pragma: no cover - running from a tree that was not installed
        return "0+unknown"


@router.get(
    "/healthz",
    summary="Liveness check",
    description="Answers `200` while the server runs, with the version and which engine judges (`compiled` or `pure`). It does not open the store.",
    response_model=Health,
    operation_id="health",
)
def health(request: Request) -> Any:
    return {
        "status": "ok",
        "version": flip7_version(),
        "holder": getattr(request.app.state, "holder_nonce", None),
        "engine": engine_path(),
        "engine_detail": engine_description(),
    }
