"""Response models of the viewer's endpoints: the table at every event, and the list of figures."""

from __future__ import annotations

from pydantic import BaseModel, Field

from api.models import StoredEvent, TableView, Verdict


class TimelineEvent(StoredEvent):
    """One event line of a timeline, and what it did in words."""

    told: dict[str, str] | None = Field(
        default=None, description="What the event did, in the asked language (`?lang=`), as the viewer shows it; a refused event told alone."
    )


class Timeline(BaseModel):
    """A judged log, its events, and the table after each event: `tables[i]` is `POST /v1/state?at=i`
    (and the sentences the viewer shows, `told`, in the asked language)."""

    verdict: Verdict
    events: list[TimelineEvent] = Field(description="The event lines, as `GET /v1/games/{id}/events` gives them, each with `told`.")
    tables: list[TableView] = Field(description="The table after each event, as `POST /v1/state?at=i` shows it.")
    ruleset: str | None = Field(
        None, description="`flip7`, `vengeance` or `vengeance (brutal)`, from the game line (null when it does not read)."
    )
    card_labels: dict[str, str] = Field(
        default_factory=dict, description="How the game's ruleset labels each of its cards (empty when no game line reads)."
    )


class FigureInfo(BaseModel):
    """One figure of the statistics page."""

    name: str = Field(description="Its name, as in `/v1/plots/{name}.svg` and `flip7 stats --figure`.")
    title: str
    explanation: str
    statistic: str = Field(description="The statistic of `GET /v1/stats` it draws.")
    url: str = Field(description="Where its SVG is (add `player` and `since` as for `/v1/stats`).")
    png_url: str = Field(description="The same figure as PNG.")
    ruleset: str | None = Field(
        None,
        description="The ruleset whose games it counts (as in the statistic `by_ruleset`: `vengeance` also "
        "counts `vengeance (brutal)`), or null for every game. The statistics page shows such a figure only "
        "where the store holds games of that ruleset (`has_games`).",
    )
    has_games: bool = Field(description="Whether the stored games (as filtered) include games this figure counts.")


class FigureList(BaseModel):
    """Every figure, in page order."""

    figures: list[FigureInfo]
