"""The OpenAPI document: FastAPI's, with every error response described as problem+json.

FastAPI describes errors as ``application/json`` (and request validation with its own
``HTTPValidationError``); this API sends ``application/problem+json`` bodies, so every 4xx/5xx
response is rewritten to that media type and the ``ProblemDetails`` schema. The bearer-token
requirement of writes is declared only when the server has a token. Model examples are put back
as written (FastAPI drops their null members). A table view's rows are declared as the row model of
each registered ruleset (``adjudicator.table.row_models``), so every ruleset's own row fields are in
the document. The document is built once per app and needs nothing from the network.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic.json_schema import models_json_schema

from adjudicator.table import row_models
from api import models
from api.errors import PROBLEM_MEDIA_TYPE
from api.models import ProblemDetails

_REF = "#/components/schemas/ProblemDetails"
_REF_TEMPLATE = "#/components/schemas/{model}"
_UNUSED = ("HTTPValidationError", "ValidationError")


def _problem_content() -> dict[str, Any]:
    return {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": _REF}}}


def build(app: FastAPI) -> dict[str, Any]:
    """Generate the document for ``app`` (see the module docstring)."""
    doc = get_openapi(
        title=app.title,
        version=app.version,
        summary=app.summary,
        description=app.description,
        routes=app.routes,
        tags=app.openapi_tags,
    )
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    schemas["ProblemDetails"] = ProblemDetails.model_json_schema(ref_template=_REF_TEMPLATE)
    if "TableView" in schemas:
        _declare_rows(schemas)
    for path_item in doc.get("paths", {}).values():
        for operation in path_item.values():
            responses = operation.get("responses", {})
            for code, response in responses.items():
                if code[0] in "45":
                    response["content"] = _problem_content()
                    if code == "422" and response.get("description") == "Validation Error":
                        response["description"] = "A parameter or the body is not valid."
            responses.setdefault(
                "500", {"description": "Unexpected server error (logged; the body says no more).", "content": _problem_content()}
            )
            operation["responses"] = dict(sorted(responses.items()))
    for name in _UNUSED:
        schemas.pop(name, None)
    for name, schema in schemas.items():  # FastAPI drops nulls (and pydantic sorts keys): restore examples
        model = getattr(models, name, None)
        extra = getattr(model, "model_config", {}).get("json_schema_extra") if model is not None else None
        if isinstance(extra, dict) and "examples" in extra:
            schema["examples"] = extra["examples"]
        elif name in models.EXAMPLES:
            schema["examples"] = models.EXAMPLES[name]
    if not app.state.settings.writes_protected:  # this server takes writes without a token: say so
        for path_item in doc.get("paths", {}).values():
            for operation in path_item.values():
                operation.pop("security", None)
                operation.get("responses", {}).pop("401", None)
        doc["components"].pop("securitySchemes", None)
    return doc


def _declare_rows(schemas: dict[str, Any]) -> None:
    """Type the table view's ``players`` as any of the registered rulesets' row models, each
    declared with its own fields (the rulesets are the registry's when the document is built)."""
    rows = row_models()
    refs, top = models_json_schema([(model, "serialization") for model in rows], ref_template=_REF_TEMPLATE)
    for name, schema in top.get("$defs", {}).items():
        schemas.setdefault(name, schema)
    items = [refs[(model, "serialization")] for model in rows]
    players = schemas["TableView"]["properties"]["players"]
    players["items"] = items[0] if len(items) == 1 else {"anyOf": items}


def install(app: FastAPI) -> None:
    """Make ``app.openapi()`` return the rewritten document (built once, then cached)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = build(app)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
