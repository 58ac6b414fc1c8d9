"""Response models of the viewer's endpoints: the table at every event, and the list of figures."""

from __future__ import annotations

from pydantic import Field

from api.models import Table, Verdict, _Model


class TimelineEvent(_Model):
    """One event line of the log, as it was read."""

    event: int = Field(description="Index from 0 (the `game` line is event 0).")
    line: int = Field(description="1-based line in the log.")
    type: str | None = Field(description="The event's type (null when the line could not be read).")
    player: str | None
    card: str | None
    target: str | None
    raw: str = Field(description="The line exactly as sent or stored.")


class Timeline(_Model):
    """A judged log, its events, and the table after each event: `tables[i]` is `POST /v1/state?at=i`."""

    verdict: Verdict
    events: list[TimelineEvent]
    tables: list[Table] = Field(description="The table after each event, as `POST /v1/state?at=i` shows it.")


class FigureInfo(_Model):
    """One figure of the statistics page."""

    name: str = Field(description="Its name, as in `/v1/plots/{name}.svg` and `flip7 stats --figure`.")
    title: str
    explanation: str
    statistic: str = Field(description="The statistic of `GET /v1/stats` it draws.")
    url: str = Field(description="Where its SVG is (add `player` and `since` as for `/v1/stats`).")


class FigureList(_Model):
    """Every figure, in page order."""

    figures: list[FigureInfo]
