"""The analysis of a game as data: ``flip7-analysis/1`` (pydantic models, with a JSON Schema).

Marks and accuracy are defined here once (docs/analysis.md explains the choice of thresholds).
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from adjudicator.verdict import Violation

ANALYSIS_FORMAT: Literal["flip7-analysis/1"] = "flip7-analysis/1"

#: A loss of at least this many points of expected round score earns the mark (largest first).
THRESHOLDS: dict[str, float] = {"blunder": 4.0, "mistake": 1.5, "inaccuracy": 0.5}
#: Accuracy of one decision is ``100 · exp(-loss / ACCURACY_SCALE)``; a player's is the mean.
ACCURACY_SCALE = 3.0

#: A decision's fields that only a Monte Carlo estimate fills (left out of the JSON otherwise).
SAMPLED_FIELDS = ("interval", "samples", "win_chance", "win_best", "error_bound", "pile_end")

Mark = Literal["inaccuracy", "mistake", "blunder"]
Method = Literal["exact", "look-ahead", "monte-carlo", "estimate"]


def mark_of(loss: float) -> Mark | None:
    """The annotator's mark for a loss (None below the inaccuracy threshold)."""
    for mark, threshold in THRESHOLDS.items():
        if loss >= threshold - 1e-9:
            return mark  # type: ignore[return-value]
    return None


def accuracy_of(losses: list[float]) -> float:
    """A player's accuracy (0–100) from the losses of their decisions; 100 with none."""
    if not losses:
        return 100.0
    return round(sum(100.0 * math.exp(-max(loss, 0.0) / ACCURACY_SCALE) for loss in losses) / len(losses), 1)


class Decision(BaseModel):
    """One decision of the game, valued."""

    event: int = Field(description="The index of the event that made the choice (the game line is event 0).")
    round: int = Field(description="The round it was made in.")
    player: str = Field(description="Who chose.")
    kind: Literal["turn", "target"] = Field(description="`turn`: hit or stay; `target`: to whom a card goes.")
    card: str | None = Field(None, description="For a target: the card given.")
    bust_chance: float | None = Field(None, description="For a turn: the chance that the next card busts (0–1).")
    options: dict[str, float] = Field(
        description="For a turn: `hit` and `stay` with their round values (expected round score under best play). "
        "For a target: each possible recipient with what giving them the card is worth to the holder."
    )
    choice: str = Field(description="The option taken (`hit`, `stay`, or a recipient's name).")
    best: str = Field(description="The option worth most.")
    loss: float = Field(description="Value of the best option minus value of the option taken (≥ 0).")
    mark: Mark | None = Field(
        None, description="The mark for a loss of that size, if any (Monte Carlo: only where the paired 95% interval of hit − stay excludes 0)."
    )
    method: Method = Field(
        description="`exact`; `look-ahead` (a bounded search: an estimate; see `error_bound`, or `pile_end`); "
        "`monte-carlo` (playouts of the round with the rules' engine: see `interval` and `samples`); "
        "`estimate` (a target rated with the ruleset's model, cards it cannot model left out)."
    )
    horizon: int | None = Field(None, description="For a look-ahead: how many cards deep it searched.")
    error_bound: float | None = Field(
        None, description="For a look-ahead: the largest error (points) measured for look-aheads of this ruleset with this "
        "budget (docs/analysis.md); absent where none was measured or the pile ran out (`pile_end`)."
    )
    pile_end: bool | None = Field(
        None, description="True where the search reached the end of the draw pile: the rules would shuffle the discard pile "
        "and go on, which the value leaves out (not exact, not bounded)."
    )
    interval: dict[str, list[float]] | None = Field(
        None, description="For Monte Carlo: each option's 95% confidence interval `[low, high]` of its round value."
    )
    samples: int | None = Field(None, description="For Monte Carlo: playouts per option.")
    win_chance: dict[str, float] | None = Field(
        None, description="Near the end of the game (`analyze --win`): the chance to win the game after each option (0–1)."
    )
    win_best: str | None = Field(
        None, description="With `win_chance`: the option the chance to win favours, where the difference is beyond the noise; "
        "when it is not `best`, the game score makes the round-value choice wrong."
    )

    @model_serializer(mode="wrap")
    def _only_sampled_fields(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The Monte Carlo fields appear only where the decision was sampled (the format grew them)."""
        data: dict[str, Any] = handler(self)
        for key in SAMPLED_FIELDS:
            if data.get(key) is None:
                data.pop(key, None)
        return data


class PlayerSummary(BaseModel):
    """What one player's decisions were worth."""

    player: str
    decisions: int = Field(description="Decisions valued.")
    points_given_away: float = Field(description="The sum of their losses, in points of expected round score.")
    accuracy: float = Field(description="Mean of 100·exp(−loss/3) over their decisions (100: every choice was best).")
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0


class Analysis(BaseModel):
    """``flip7-analysis/1``: every valued decision of a game and a summary per player."""

    format: Literal["flip7-analysis/1"] = ANALYSIS_FORMAT
    game: str | None = Field(description="The game's id.")
    ruleset: str | None = Field(description="The game's ruleset.")
    events: int = Field(description="Event lines in the log.")
    complete: bool = Field(description="False when a fatal violation stopped the replay: decisions are valued up to it.")
    stopped_by: Violation | None = Field(None, description="The fatal violation that stopped the replay, if any.")
    thresholds: dict[str, float] = Field(default_factory=lambda: dict(THRESHOLDS), description="The loss each mark starts at.")
    decisions: list[Decision] = Field(default_factory=list)
    players: list[PlayerSummary] = Field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON data."""
        return self.model_dump(mode="json")


def summarise(players: list[str], decisions: list[Decision]) -> list[PlayerSummary]:
    """One summary per player (in seat order) from the decisions."""
    out = []
    for name in players:
        mine = [d for d in decisions if d.player == name]
        out.append(PlayerSummary(
            player=name,
            decisions=len(mine),
            points_given_away=round(sum(d.loss for d in mine), 3),
            accuracy=accuracy_of([d.loss for d in mine]),
            inaccuracies=sum(d.mark == "inaccuracy" for d in mine),
            mistakes=sum(d.mark == "mistake" for d in mine),
            blunders=sum(d.mark == "blunder" for d in mine),
        ))
    return out


def analysis_schema() -> dict[str, Any]:
    """The JSON Schema of ``flip7-analysis/1``."""
    schema = Analysis.model_json_schema()
    schema["title"] = "flip7-analysis/1"
    return schema
