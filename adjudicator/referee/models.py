"""The referee's settlement (``flip7-settlement/1``), defined once as pydantic models.

``settle`` builds a ``Settlement``; ``flip7 settle --json`` prints its ``to_dict()`` and
``POST /v1/settle`` declares it as its response model (so the OpenAPI document describes it).
The verdict inside is the contract's ``Verdict``; a ruling's violations extend the contract's
``Violation`` with what the referee adds. docs/settle.md shows the JSON.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from adjudicator.verdict import Outcome, Verdict, Violation

SETTLEMENT_FORMAT: Literal["flip7-settlement/1"] = "flip7-settlement/1"


class RulingViolation(Violation):
    """A violation as the referee explains it: the contract's fields (``message`` in the language
    asked for), the headline, the rule in plain words, the facts that make it apply, and the moves
    that were legal instead."""

    summary: str = Field(description="The violation in one sentence.")
    rule_text: str = Field(description="The broken rule in plain words.")
    facts: list[str] = Field(description="The facts that make the rule apply (earlier events named with their lines).")
    legal_instead: list[str] = Field(description="What would have been legal at that moment, as notation statements.")

    def to_dict(self) -> dict[str, Any]:
        """The violation as the settlement's JSON object."""
        return {
            **super().to_dict(), "summary": self.summary, "rule_text": self.rule_text,
            "facts": list(self.facts), "legal_instead": list(self.legal_instead),
        }


class PlayerStanding(BaseModel):
    """One player in the round in dispute: outcome and why, the busts a card in the row cancelled, the score worked out."""

    name: str
    outcome: Outcome
    outcome_text: str = Field(description="The outcome in the language asked for.")
    why: str = Field(description="Why the player is out (or still in), naming the event that decided it.")
    saves: list[str] = Field(description="Busts a card in the row cancelled this round.")
    score: int = Field(description="The round's score, as the verdict counts it.")
    breakdown: str = Field(description="How the score is worked out, step by step (`7 + 5 = 12, x2 → 24`).")
    total: int = Field(description="The player's total over finished rounds.")

    def to_dict(self) -> dict[str, Any]:
        """The standing as the settlement's JSON object."""
        return {
            "name": self.name, "outcome": self.outcome, "outcome_text": self.outcome_text, "why": self.why,
            "saves": list(self.saves), "score": self.score, "breakdown": self.breakdown,
            "total": self.total,
        }


class Ruling(BaseModel):
    """What the referee says: a summary, every violation explained, the round in dispute told, and
    every player's outcome and score in that round."""

    summary: str
    violations: list[RulingViolation]
    round: int | None = Field(description="The round in dispute: the fatal violation's, else the first violation's, else the last round.")
    story: list[str] = Field(description="The round in dispute told move by move.")
    players: list[PlayerStanding]
    finished: bool
    winner: str | None

    def to_dict(self) -> dict[str, Any]:
        """The ruling as the settlement's JSON object."""
        return {
            "summary": self.summary, "violations": [v.to_dict() for v in self.violations], "round": self.round,
            "story": list(self.story), "players": [p.to_dict() for p in self.players], "finished": self.finished,
            "winner": self.winner,
        }


class Settlement(BaseModel):
    """The referee's answer to a log (``flip7-settlement/1``): the contract's verdict (German
    messages when answered in German) and the ruling."""

    format: Literal["flip7-settlement/1"] = SETTLEMENT_FORMAT
    lang: Literal["en", "de"]
    input: Literal["jsonl", "notation"] = Field(description="The format the log was read in.")
    verdict: Verdict
    ruling: Ruling

    def to_dict(self) -> dict[str, Any]:
        """The settlement as JSON (``flip7 settle --json`` and ``POST /v1/settle``)."""
        return {
            "format": SETTLEMENT_FORMAT, "lang": self.lang, "input": self.input,
            "verdict": self.verdict.to_dict(), "ruling": self.ruling.to_dict(),
        }
