"""The API docs page (``/docs``), served whole by this server: Swagger UI's files come from the
installed ``swagger-ui-bundle`` package, not from a CDN, so the page works offline."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

#: Where Swagger UI's files are served.
ASSETS = "/docs/assets"


def install(app: FastAPI) -> None:
    """Add ``GET /docs`` (Swagger UI over ``/openapi.json``) and its assets under ``/docs/assets``."""

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon-32x32.png",
        )

    app.mount(ASSETS, StaticFiles(directory=swagger_ui_path), name="docs-assets")
