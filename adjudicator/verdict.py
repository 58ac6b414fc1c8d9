"""The verdict: what the adjudicator says about a log, in the contract's JSON shape.

These models are the one definition of the verdict: ``to_dict`` gives the contract's
``flip7-verdict/1`` object (field order as in the contract), and the API's response models derive
from them (adding only examples).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.errors import RuleViolation
from adjudicator.event_cache import construct

VERDICT_FORMAT: Literal["flip7-verdict/1"] = "flip7-verdict/1"
#: "event 8" in a message, not already followed by its line.
_EVENT_REF = re.compile(r"\bevent (\d+)\b(?! \(line)")


class Violation(BaseModel):
    """One broken rule: where it is (event from 0, line from 1), its code, the rule id, and why."""

    model_config = ConfigDict(frozen=True)

    event: int = Field(description="The event's index: the `game` line is event 0; comments and blank lines are not events.")
    line: int = Field(description="1-based line of the log (for a JSON array body: the item's position + 1).")
    code: str = Field(description="The contract's violation code, e.g. `out_of_order`, `card_unavailable`.")
    rule: str = Field(description="The project's id of the broken rule (see docs/rules.md).")
    message: str = Field(description="What happened and why it is not allowed, in plain words.")

    @classmethod
    def at(cls, event: int, line: int, error: RuleViolation, lines: Sequence[int] = ()) -> Violation:
        """Place a ``RuleViolation`` at an event of the log.

        ``lines`` gives the line of every earlier event (``lines[i]`` is event ``i``'s line); the
        message's references to earlier events then name their lines too: "event 8 (line 9)".
        """
        message = error.message
        if lines and "event " in message:
            message = _EVENT_REF.sub(lambda m: f"{m.group(0)} (line {lines[int(m.group(1))]})" if int(m.group(1)) < len(lines) else m.group(0), message)
        return construct(cls, {"event": event, "line": line, "code": error.code, "rule": error.rule, "message": message})

    def to_dict(self) -> dict[str, Any]:
        """The violation as the contract's JSON object."""
        return {"event": self.event, "line": self.line, "code": self.code, "rule": self.rule, "message": self.message}


#: Every outcome a round can give a player (each ruleset uses some of them).
Outcome = Literal["stayed", "frozen", "busted", "flip7", "in", "playing"]


class PlayerRound(BaseModel):
    """How a player's round ended and what it scored."""

    outcome: Outcome
    score: int


class RoundSummary(BaseModel):
    """A round that began: its number, dealer, and every player's outcome and score (seat order)."""

    round: int
    dealer: str
    players: dict[str, PlayerRound]

    @classmethod
    def of(cls, round_no: int, dealer: str, names: tuple[str, ...], outcomes: list[str], scores: list[int]) -> RoundSummary:
        """The summary of a round from per-seat outcomes and scores."""
        players = {name: construct(PlayerRound, {"outcome": o, "score": s}) for name, o, s in zip(names, outcomes, scores, strict=True)}
        return construct(cls, {"round": round_no, "dealer": dealer, "players": players})

    def to_dict(self) -> dict[str, Any]:
        """The round as the contract's JSON object."""
        return {
            "round": self.round,
            "dealer": self.dealer,
            "players": {name: {"outcome": p.outcome, "score": p.score} for name, p in self.players.items()},
        }


class Verdict(BaseModel):
    """The verdict of the contract (`flip7-verdict/1`), exactly as `flip7 check --json` prints it."""

    format: Literal["flip7-verdict/1"] = VERDICT_FORMAT
    game: str | None = Field(description="The game's id (null when the `game` event itself is bad).")
    valid: bool = Field(description="True exactly when `violations` is empty.")
    events: int = Field(description="Every event line of the log, also those after a fatal violation.")
    violations: list[Violation]
    rounds: list[RoundSummary] = Field(description="Every round that began, the last one possibly unfinished.")
    totals: dict[str, int] = Field(description="Scores of finished rounds added up, per player.")
    finished: bool
    winner: str | None

    @classmethod
    def of(
        cls, game: str | None, events: int, violations: list[Violation], rounds: list[RoundSummary] | None = None,
        totals: dict[str, int] | None = None, finished: bool = False, winner: str | None = None,
    ) -> Verdict:
        """A verdict from the replay's findings (``valid`` follows from ``violations``)."""
        return construct(cls, {
            "format": VERDICT_FORMAT, "game": game, "valid": not violations, "events": events, "violations": violations,
            "rounds": rounds or [], "totals": totals or {}, "finished": finished, "winner": winner,
        })

    def to_dict(self) -> dict[str, Any]:
        """The verdict as the contract's JSON object (key order as in the contract)."""
        return {
            "format": VERDICT_FORMAT,
            "game": self.game,
            "valid": self.valid,
            "events": self.events,
            "violations": [v.to_dict() for v in self.violations],
            "rounds": [r.to_dict() for r in self.rounds],
            "totals": dict(self.totals),
            "finished": self.finished,
            "winner": self.winner,
        }
