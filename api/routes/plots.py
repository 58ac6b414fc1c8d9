"""``GET /v1/plots``, ``GET /v1/plots/{name}.svg`` and ``.png``: the figures of the statistics page.

Each figure draws one statistic of ``GET /v1/stats`` (same filters) with ``adjudicator.plots``;
``flip7 stats --plot FILE`` (``.svg`` or ``.png``) writes the same figures.
"""

from __future__ import annotations

import enum
from typing import Any

from fastapi import APIRouter, Response

from adjudicator.plots import DECISIONS_STATISTIC, FIGURES, FIGURES_BY_NAME, RULESETS_STATISTIC, Figure, figures_present
from adjudicator.plots.png import PNG_MEDIA_TYPE, to_png
from api.deps import StoreDep
from api.errors import Problem
from api.responses import SafeJSONResponse
from api.routes.analysis import LangQuery, PlayerQuery, SinceQuery, since_moment
from api.routes.common import STORE_ERRORS, RulesetQuery
from api.viewer_models import FigureList

router = APIRouter(prefix="/v1/plots", tags=["analysis"], default_response_class=SafeJSONResponse)

SVG_MEDIA_TYPE = "image/svg+xml"

#: The figures' names, as an enum so the OpenAPI document lists them.
FigureName = enum.StrEnum("FigureName", {f.name: f.name for f in FIGURES})  # type: ignore[misc]


@router.get(
    "",
    summary="The figures of the statistics",
    description=(
        "Every figure, in the order of the statistics page, with the URLs of its SVG and PNG, and whether the "
        "stored games (filtered by `player`, `since` and `ruleset` as for `GET /v1/stats`) include games it counts."
    ),
    response_model=FigureList,
    responses={422: {"description": "A filter that is not valid."}, **STORE_ERRORS},
    operation_id="listPlots",
)
def list_plots(store: StoreDep, player: PlayerQuery = None, since: SinceQuery = None, ruleset: RulesetQuery = None, lang: LangQuery = "en") -> Any:
    by_ruleset, decisions = store.stats(
        player=player, since=since_moment(since), names=[RULESETS_STATISTIC, DECISIONS_STATISTIC], ruleset=ruleset
    )
    present = {f.name for f in figures_present(FIGURES, by_ruleset, decisions)}
    return {
        "figures": [
            {
                "name": f.name, "title": f.title_in(lang), "explanation": f.explanation_in(lang), "statistic": f.statistic,
                "url": f"/v1/plots/{f.name}.svg", "png_url": f"/v1/plots/{f.name}.png", "ruleset": f.ruleset,
                "has_games": f.name in present,
            }
            for f in FIGURES
        ]
    }


_FILTERS = "`player`, `since` and `ruleset` filter as for `GET /v1/stats`. With no game to count the figure says so."
_PLOT_ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"description": "An unknown figure name, or a filter that is not valid."},
    **STORE_ERRORS,
}


def _figure_svg(name: FigureName, store: StoreDep, player: str | None, since: str | None, ruleset: str | None, lang: str = "en") -> str:
    figure: Figure | None = FIGURES_BY_NAME.get(name.value)
    if figure is None:  # pragma: no cover - the enum admits registered names only
        raise Problem("invalid-request", f"no figure is named {name.value!r}")
    (result,) = store.stats(player=player, since=since_moment(since), names=[figure.statistic], ruleset=ruleset)
    return figure.render(result, lang).svg()


@router.get(
    "/{name}.svg",
    summary="One figure as SVG",
    description=f"The figure drawn from its statistic over the stored games, as a standalone SVG document (it scales to its container). {_FILTERS}",
    response_class=Response,
    responses={200: {"content": {SVG_MEDIA_TYPE: {"schema": {"type": "string"}}}, "description": "The figure."}, **_PLOT_ERRORS},
    operation_id="plot",
)
def plot(
    name: FigureName, store: StoreDep, player: PlayerQuery = None, since: SinceQuery = None, ruleset: RulesetQuery = None, lang: LangQuery = "en"
) -> Response:
    return Response(_figure_svg(name, store, player, since, ruleset, lang), media_type=SVG_MEDIA_TYPE, headers={"Cache-Control": "no-cache"})


@router.get(
    "/{name}.png",
    summary="One figure as PNG",
    description=f"The same figure as `/v1/plots/{{name}}.svg`, as a PNG image 1280 pixels wide (for reports and chats). {_FILTERS}",
    response_class=Response,
    responses={200: {"content": {PNG_MEDIA_TYPE: {"schema": {"type": "string", "format": "binary"}}}, "description": "The figure."}, **_PLOT_ERRORS},
    operation_id="plotPng",
)
def plot_png(
    name: FigureName, store: StoreDep, player: PlayerQuery = None, since: SinceQuery = None, ruleset: RulesetQuery = None, lang: LangQuery = "en"
) -> Response:
    return Response(to_png(_figure_svg(name, store, player, since, ruleset, lang)), media_type=PNG_MEDIA_TYPE, headers={"Cache-Control": "no-cache"})
