"""``POST /v1/settle``: the referee's ruling on a log (JSON Lines, a JSON array or the notation)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from adjudicator.errors import LogUnreadable
from adjudicator.referee import LANGUAGES, Settlement, settlement
from api.body import read_log
from api.responses import SafeJSONResponse
from api.routes.common import LOG_ERRORS, LOG_REQUEST_BODY

router = APIRouter(prefix="/v1", tags=["judge"], default_response_class=SafeJSONResponse)

_SETTLE_BODY: dict[str, Any] = {
    "requestBody": {
        **LOG_REQUEST_BODY["requestBody"],
        "description": LOG_REQUEST_BODY["requestBody"]["description"]
        + " As `text/plain` the body may also be the table notation (docs/notation.md), e.g. "
        "`players Ana Ben Cem; dealer Ana` / `round 1` / `Ben 8` / `Cem freeze>Ben`.",
    }
}


def choose_language(header: str | None) -> str:
    """The first of ``en``/``de`` an ``Accept-Language`` header asks for (by weight), else ``en``."""
    if not header:
        return "en"
    wanted: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and weight > 0:
            wanted.append((-weight, order, primary))
    return min(wanted)[2] if wanted else "en"


def asked_language(
    response: Response,
    accept_language: Annotated[str | None, Header(description="`de` for German, `en` (default) for English.")] = None,
    lang: Annotated[str | None, Query(pattern="^(en|de)$", description="Overrides Accept-Language.")] = None,
) -> str:
    """The language a request asks for (``?lang=`` over ``Accept-Language``), said back in
    ``Content-Language``: a route's dependency."""
    chosen = lang or choose_language(accept_language)
    response.headers["Content-Language"] = chosen
    response.headers["Vary"] = "Accept-Language"
    return chosen


#: The language a route answers in (``asked_language``).
AskedLanguage = Annotated[str, Depends(asked_language)]


def _text(source: bytes | list[str]) -> str:
    if isinstance(source, list):
        return "".join(f"{line}\n" for line in source)
    try:
        return source.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogUnreadable(f"the body is not UTF-8 text (byte {exc.start + 1})") from None


@router.post(
    "/settle",
    summary="Settle a dispute: the ruling with its reasons",
    description=(
        "Judge the log as a referee would, the same JSON as `flip7 settle --json`: the contract's "
        "verdict (`verdict`, in German with German messages) and the ruling (`ruling`): a summary, "
        "each violation with the rule in plain words, the facts that make it apply and what was "
        "legal instead, the round in dispute told move by move, and every player's outcome, reason "
        "and score breakdown. `Accept-Language: de` (or `?lang=de`) answers in German; the "
        "response's `Content-Language` says which. Nothing is stored."
    ),
    response_model=Settlement,
    responses={**LOG_ERRORS, 200: {"description": "The settlement (`flip7-settlement/1`), see docs/settle.md."}},
    openapi_extra=_SETTLE_BODY,
    operation_id="settle",
)
async def settle(request: Request, chosen: AskedLanguage) -> Any:
    body = await read_log(request)
    result = await run_in_threadpool(settlement, _text(body.source), chosen)
    return result.to_dict()
