"""The HTTP API of flip7 (``flip7 serve``): a thin FastAPI layer over the core and the store.

``create_app`` and ``Settings`` are imported on first use, so that ``import api.settings`` (which
the CLI does at start-up) does not load FastAPI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.app import create_app
    from api.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from api.app import create_app

        return create_app
    if name == "Settings":
        from api.settings import Settings

        return Settings
    raise AttributeError(f"module 'api' has no attribute {name!r}")
