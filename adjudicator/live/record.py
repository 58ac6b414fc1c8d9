"""Recording a game line by line in the table notation (``flip7 record``), judged as it is typed.

``Recorder.enter(text)`` reads one notation line (docs/notation.md; a raw JSON line too) and judges
its events in order on the kept table (``LiveTable``): either all of the line's events are kept, or
none is and the outcome says why (the notation's reading error, or the first refused event with the
same code, rule and message as ``flip7 check``). The caller writes the kept lines to the log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from adjudicator.errors import RuleViolation
from adjudicator.live.table import LiveTable, owed, refusal_in
from adjudicator.notation import jsonl_to_notation, parse_notation
from adjudicator.notation.parse import NotationError
from adjudicator.notation.write import event_json
from adjudicator.rules import expecting


@dataclass(slots=True)
class Outcome:
    """What became of one typed line: the events kept (index, JSON line), or why none was."""

    kept: list[tuple[int, str]] = field(default_factory=list)
    error: NotationError | None = None
    refused: RuleViolation | None = None
    refused_index: int | None = None
    message: str | None = None

    @property
    def ok(self) -> bool:
        """True when the line was kept (a line with no events, a comment, counts as kept)."""
        return self.error is None and self.refused is None


class Recorder:
    """A table recorded from typed notation lines; ``lines`` are the kept events as JSON lines."""

    def __init__(self, lines: list[str] | None = None, *, lang: str = "en") -> None:
        """Start from the events of an existing log (each judged; ``RuleViolation`` if one is refused)."""
        self.table = LiveTable("record", list(lines or []))
        self.lang = lang

    @property
    def lines(self) -> list[str]:
        """The kept events, one JSON line each."""
        return self.table.lines

    def _context(self) -> str:
        """Notation that sets the reader up as the kept log left it: the game line and the last round."""
        state = self.table.state
        if state.game is None:
            return ""
        prefix = [self.lines[0]]
        if state.round:
            prefix.append(json.dumps({"type": "round", "round": state.round}))
        return jsonl_to_notation(prefix)

    def enter(self, text: str) -> Outcome:
        """Judge one typed line; keep all of its events or none."""
        context = self._context()
        first = context.count("\n") + 1 if context else 1
        notation = parse_notation(context + text.replace("\n", " ") + "\n")
        entries = [e for e in notation.entries if e.line >= first]
        errors = [e.error for e in entries if e.error is not None]
        if errors:
            error = errors[0]
            fixed = NotationError(1, error.column, error.message, error.suggestion)
            return Outcome(error=fixed, message=str(fixed).removeprefix("line 1, "))
        before = list(self.lines)
        outcome = Outcome()
        for entry in entries:
            if entry.kind not in ("event", "raw"):
                continue
            line = event_json(entry.event) if entry.event is not None else entry.text.strip()
            try:
                outcome.kept.append(self.table.append(line))
            except RuleViolation as error:
                index = len(self.lines)
                message = refusal_in(self.lines, line, error, self.lang)
                if outcome.kept:
                    self.table.rebuild(before)
                return Outcome(refused=error, refused_index=index, message=message)
        return outcome

    def undo(self) -> str | None:
        """Forget the last event (never the game line); its JSON line, or None when there is none."""
        if len(self.lines) <= 1:
            return None
        return self.table.undo()

    def owed(self) -> str:
        """What the table waits for now, short, in the recorder's language."""
        state = self.table.state
        return owed(state, expecting(state), self.lang)
