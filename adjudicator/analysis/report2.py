"""``flip7-analysis/2``: the round-value analysis of ``flip7-analysis/1`` with the chance to win.

Every decision keeps its ``/1`` fields (round values, loss, mark) and gains ``win`` (``W`` after each
option, the error in win chance, its mark); the analysis gains the model's description, the luck of
every revealed card, each player's ``W`` through the game (``curve``) and per-player accuracy, luck
and luck-adjusted result (``players[].win``). ``disagree`` marks the decisions where the round value
and the chance to win favour different options. The JSON Schema is docs/flip7-analysis-2.schema.json.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import BaseModel, Field

from adjudicator.analysis.report import THRESHOLDS, Decision, PlayerSummary
from adjudicator.analysis.winreport import CardLuck, WinModelInfo, WinObserver, WinOfDecision, WinSummary, model_info, pct
from adjudicator.verdict import Violation

ANALYSIS_FORMAT_2: Literal["flip7-analysis/2"] = "flip7-analysis/2"


class Decision2(Decision):
    """A decision valued by round points (``/1``) and by the chance to win."""

    win: WinOfDecision | None = Field(None, description="The decision by the chance to win (absent where it was not valued so).")
    disagree: bool = Field(False, description="Round points and the chance to win favour different options.")


class PlayerSummary2(PlayerSummary):
    """A player's decisions by round points (``/1``) and the game by the chance to win."""

    win: WinSummary | None = None


class CurvePoint(BaseModel):
    """Every player's W (%) at the position before event ``event`` (the last: after the last event)."""

    event: int
    chances: dict[str, float]


class Analysis2(BaseModel):
    """``flip7-analysis/2``."""

    format: Literal["flip7-analysis/2"] = ANALYSIS_FORMAT_2
    game: str | None
    ruleset: str | None
    events: int
    complete: bool
    stopped_by: Violation | None = None
    thresholds: dict[str, float] = Field(default_factory=lambda: dict(THRESHOLDS))
    model: WinModelInfo | None = Field(None, description="The win-chance model (absent where the game is not modelled).")
    unmodelled: Literal["no-table", "no-game", "fixed-rounds", "too-many-moves", "no-time", "not-asked", "no-player"] | None = Field(
        None, description="Why the game has no win chances, where it has none (docs/analysis.md)."
    )
    decisions: list[Decision2] = Field(default_factory=list)
    cards: list[CardLuck] = Field(default_factory=list)
    curve: list[CurvePoint] = Field(default_factory=list)
    players: list[PlayerSummary2] = Field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON data."""
        return self.model_dump(mode="json")


def build2(first: Any, win: WinObserver, *, player: str | None = None, round_no: int | None = None) -> Analysis2:
    """The ``/2`` analysis from a ``/1`` analysis and the win observer of the same replay (the
    cards listed as the ``/1`` decisions are: of one player or round where asked)."""
    decisions = []
    for d in first.decisions:
        w = win.decisions.get(d.event)
        disagree = w is not None and d.kind == "turn" and w.best != d.best and w.lead.get(d.best, [0.0])[0] > 0
        decisions.append(Decision2(**d.model_dump(), win=w, disagree=disagree))
    summaries = win.summaries()
    players = [PlayerSummary2(**p.model_dump(), win=summaries.get(p.player)) for p in first.players]
    cards = [c for c in win.cards if (player is None or c.player == player) and (round_no is None or c.round == round_no)]
    curve = [CurvePoint(event=i, chances={n: pct(x) for n, x in zip(win.names, w, strict=True)}) for i, w in win.curve]
    return Analysis2(
        game=first.game, ruleset=first.ruleset, events=first.events, complete=first.complete, stopped_by=first.stopped_by,
        model=model_info(win.samples) if win.model is not None else None, unmodelled=cast(Any, win.unmodelled),  # a code of win.REASONS, which the schema lists
        decisions=decisions, cards=cards, curve=curve, players=players,
    )


def analysis2_schema() -> dict[str, Any]:
    """The JSON Schema of ``flip7-analysis/2``."""
    schema = Analysis2.model_json_schema()
    schema["title"] = "flip7-analysis/2"
    return schema


__all__ = ["ANALYSIS_FORMAT_2", "Analysis2", "Decision2", "analysis2_schema", "build2"]
