"""The verdict: what the adjudicator says about a log, in the contract's JSON shape."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import RuleViolation

VERDICT_FORMAT = "flip7-verdict/1"
#: "event 8" in a message, not already followed by its line.
_EVENT_REF = re.compile(r"\bevent (\d+)\b(?! \(line)")


@dataclass(slots=True, frozen=True)
class Violation:
    """One broken rule: where (event index from 0, 1-based line), the code, the rule id, and why."""

    event: int
    line: int
    code: str
    rule: str
    message: str

    @classmethod
    def at(cls, event: int, line: int, error: RuleViolation, lines: Sequence[int] = ()) -> Violation:
        """Place a ``RuleViolation`` at an event of the log.

        ``lines`` gives the line of every earlier event (``lines[i]`` is event ``i``'s line); the
        message's references to earlier events then name their lines too: "event 8 (line 9)".
        """
        message = error.message
        if lines and "event " in message:
            message = _EVENT_REF.sub(lambda m: f"{m.group(0)} (line {lines[int(m.group(1))]})" if int(m.group(1)) < len(lines) else m.group(0), message)
        return cls(event, line, error.code, error.rule, message)

    def to_dict(self) -> dict[str, Any]:
        """The violation as the contract's JSON object."""
        return {"event": self.event, "line": self.line, "code": self.code, "rule": self.rule, "message": self.message}


@dataclass(slots=True)
class RoundSummary:
    """A round that began: number, dealer, and per player (in seat order) outcome and score."""

    round: int
    dealer: str
    outcomes: dict[str, tuple[str, int]]

    def to_dict(self) -> dict[str, Any]:
        """The round as the contract's JSON object."""
        return {
            "round": self.round,
            "dealer": self.dealer,
            "players": {name: {"outcome": o, "score": s} for name, (o, s) in self.outcomes.items()},
        }


@dataclass(slots=True)
class Verdict:
    """The full verdict on one log (``to_dict`` gives the contract's ``flip7-verdict/1`` object)."""

    game: str | None
    events: int
    violations: list[Violation] = field(default_factory=list)
    rounds: list[RoundSummary] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    winner: str | None = None

    @property
    def valid(self) -> bool:
        """True exactly when there are no violations."""
        return not self.violations

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
