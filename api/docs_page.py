"""The API docs page (``/docs``), served whole by this server: Swagger UI 5 (which reads the
OpenAPI 3.1 document this API publishes) comes from the installed ``fastapi-offline`` package,
not from a CDN, so the page works offline."""

from __future__ import annotations

from importlib.resources import files

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

#: Where Swagger UI's files are served.
ASSETS = "/docs/assets"
#: The folder of Swagger UI's files (``swagger-ui-bundle.js``, ``swagger-ui.css``, ``favicon.png``).
SWAGGER_UI_FILES = str(files("fastapi_offline") / "static")


def install(app: FastAPI) -> None:
    """Add ``GET /docs`` (Swagger UI over ``/openapi.json``) and its assets under ``/docs/assets``."""

    # the app is read from the request, not held by the function: FastAPI caches what it learns of
    # every endpoint function, so a function holding its app would keep the app (and its store) alive
    @app.get("/docs", include_in_schema=False)
    def docs(request: Request) -> HTMLResponse:
        served: FastAPI = request.app
        return get_swagger_ui_html(
            openapi_url=served.openapi_url or "/openapi.json",
            title=f"{served.title} API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon.png",
        )

    app.mount(ASSETS, StaticFiles(directory=SWAGGER_UI_FILES), name="docs-assets")
