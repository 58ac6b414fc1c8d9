"""``GET /v1/rulesets``: every ruleset this server judges, from the registry, in English or German.

The pages build their ruleset choices from this answer (the live table's form, the statistics
page's filter), so a ruleset added to the registry reaches them without a shared edit.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.responses import SafeJSONResponse
from api.routes.referee import AskedLanguage
from api.rulesets import Rulesets, describe_rulesets

router = APIRouter(prefix="/v1", tags=["rulesets"], default_response_class=SafeJSONResponse)


@router.get(
    "/rulesets",
    summary="The rulesets this server judges",
    description=(
        "Every registered ruleset: its name, its own `game` options with their types and defaults (from its options "
        "model), its modes and the labels their games carry, its cards with their kinds and labels, and the statuses a "
        "row may have, labelled in the asked language (`?lang=de` or `Accept-Language: de`; `Content-Language` says "
        "which). `filters` lists every value the `ruleset` filter of `GET /v1/stats` takes."
    ),
    response_model=Rulesets,
    operation_id="listRulesets",
)
def list_rulesets(chosen: AskedLanguage) -> Any:
    return describe_rulesets(chosen)
