"""``GET /v1/words``: the game's words in English or German, one glossary for every page.

The words are the server's catalogue (``adjudicator.messages.glossary``): the ones every ruleset
shares and each registered ruleset's own (its statuses, its words), so a page says "noch eine",
"Stopp" and "verzockt" as the commands and the referee do, and never keeps a table of its own.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from adjudicator.messages import glossary
from adjudicator.rulesets import RULESETS
from api.responses import SafeJSONResponse
from api.routes.referee import AskedLanguage

router = APIRouter(prefix="/v1", tags=["rulesets"], default_response_class=SafeJSONResponse)


class Words(BaseModel):
    """The game's words in one language."""

    lang: str = Field(description="The language: `en` or `de`.")
    words: dict[str, str] = Field(description="Each word's key (`hit`, `stay`, `busted`, `draw_pile`, and each ruleset's own statuses and words) and the word.")


def words_in(lang: str) -> Words:
    """The glossary in ``lang``: the shared words and every registered ruleset's own."""
    return Words(lang=lang, words=glossary(lang, *(rules.messages for rules in RULESETS.values())))


@router.get(
    "/words",
    summary="The game's words, in English or German",
    description=(
        "One glossary for the pages: the game's words (hit, stay, bust, the piles, a ruleset's own statuses) in the "
        "asked language (`?lang=de` or `Accept-Language: de`), the words the commands and the referee use. German "
        "follows the rule sources: \"noch eine\", \"Stopp\", \"verzockt\"."
    ),
    response_model=Words,
    operation_id="listWords",
)
def list_words(chosen: AskedLanguage) -> Any:
    return words_in(chosen)
