"""Folding a log over the rules: the verdict, the state at any event, and records for storage.

The replay reads lines one at a time, so memory is bounded by the state (not the log), and applies
each event to one mutable ``GameState`` in place: linear in the length of the log.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.errors import EventOutOfRange, LogUnreadable, RuleViolation
from adjudicator.events import Event, parse_event
from adjudicator.records import (
    GameRecords,
    HitRecord,
    LoggedEvent,
    PlayerRoundRecord,
    RoundRecord,
    TargetRecord,
)
from adjudicator.rules import HIT, apply, describe_expectation, expecting, legal_moves, round_outcomes
from adjudicator.source import TooLongLine, as_lines
from adjudicator.state import BUSTED, GameState
from adjudicator.verdict import RoundSummary, Verdict, Violation


@dataclass(slots=True)
class ReplayResult:
    """What a replay produced: the verdict, the final state, and (with ``collect``) events and records.

    ``stopped_by`` is the fatal violation that ended the replay, if any; ``applied`` is how many
    events were applied to ``state``.
    """

    verdict: Verdict
    state: GameState
    options: dict[str, Any] | None
    stopped_by: Violation | None = None
    applied: int = 0
    events: list[LoggedEvent] = field(default_factory=list)
    records: GameRecords | None = None


def _is_event_line(text: str) -> bool:
    if text[:1] == "{":  # nearly every line: an event, read without stripping it first
        return True
    if isinstance(text, TooLongLine):
        return True
    stripped = text.strip()
    return bool(stripped) and not stripped.startswith("#")


def replay_log(
    source: str | bytes | Iterable[str], *, collect: bool = False, stop_after: int | None = None
) -> ReplayResult:
    """Replay a whole log and judge it.

    ``source`` is the log's text, its bytes, or an iterable of its lines. With ``collect`` the
    result also holds every event line and the records the store keeps. With ``stop_after=N`` the
    replay applies events 0 … N only (the rest are still counted). Raises ``LogUnreadable`` for a
    log with no events or bytes that are not UTF-8, and ``UnsupportedRuleset`` for a vengeance game.
    """
    state = GameState()
    violations: list[Violation] = []
    fatal: Violation | None = None
    collector = _Collector(state) if collect else None
    logged: list[LoggedEvent] = []
    index = -1
    applied = 0
    parse: Callable[[str], Event] = parse_event
    event_lines: list[int] = []  # the line of every event, for messages that name an earlier one
    for line_no, text in enumerate(as_lines(source), 1):
        if not _is_event_line(text):
            continue
        index += 1
        event_lines.append(line_no)
        stopped = fatal is not None or (stop_after is not None and index > stop_after)
        event: Event | None = None
        if not stopped:
            try:
                event = parse(text)
                if collector is not None:
                    collector.before(event, index)
                apply(state, event, index)
                applied = index + 1
                if collector is not None:
                    collector.after(event, index)
                if event.type == "game":  # from here on, lines are read as the game's ruleset says
                    parse = state.rules.parse
            except RuleViolation as error:
                violation = Violation.at(index, line_no, error, event_lines)
                violations.append(violation)
                if error.is_claim:
                    applied = index + 1
                else:
                    fatal = violation
        if collect:
            logged.append(_logged(index, line_no, text, event, parse))
    if index < 0:
        raise LogUnreadable("the log is empty: it holds no events (only blank or comment lines, or nothing)")
    verdict = build_verdict(state, index + 1, violations)
    result = ReplayResult(
        verdict, state, state.game.model_dump() if state.game else None, fatal, applied, logged
    )
    if collector is not None:
        result.records = collector.finish()
    return result


def check_log(source: str | bytes | Iterable[str]) -> Verdict:
    """Judge a log and return its verdict (see ``replay_log`` for what ``source`` may be)."""
    return replay_log(source).verdict


def state_at(source: str | bytes | Iterable[str], n: int | None = None) -> ReplayResult:
    """The table as it stood after event ``n`` (events 0 … n applied; None: the last event).

    If a fatal violation comes at or before event ``n``, the state is the one just before it and
    ``stopped_by`` says so. Raises ``EventOutOfRange`` when the log has no event ``n``.
    """
    result = replay_log(source, stop_after=n)
    if n is not None and n >= result.verdict.events:
        raise EventOutOfRange(result.verdict.events, n)
    return result


def _logged(index: int, line: int, text: str, event: Event | None, parse: Callable[[str], Event]) -> LoggedEvent:
    if event is None:
        try:
            event = parse(text)
        except RuleViolation:
            return LoggedEvent(index, line, str(text), _peek_type(text))
    fields = event.__dict__  # plain dict look-ups: getattr on a missing pydantic field is slow
    recipient = fields.get("target") if event.type == "target" else None  # a game's "target" is its score
    return LoggedEvent(index, line, str(text), event.type, fields.get("player"), fields.get("card"), recipient)


def _peek_type(text: str) -> str | None:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    kind = obj.get("type") if isinstance(obj, dict) else None
    return kind if isinstance(kind, str) else None


def build_verdict(state: GameState, events: int, violations: list[Violation]) -> Verdict:
    """Build the verdict from the state the replay reached."""
    game = state.game
    verdict = Verdict(game=game.id if game else None, events=events, violations=violations)
    if game is None:
        return verdict
    names = state.players
    for result in state.history:
        verdict.rounds.append(
            RoundSummary(result.round, names[result.dealer], dict(zip(names, zip(result.outcomes, result.scores, strict=False), strict=False)))
        )
    if state.in_round:
        assert state.dealer is not None
        outcomes, scores = round_outcomes(state, None)
        verdict.rounds.append(RoundSummary(state.round, names[state.dealer], dict(zip(names, zip(outcomes, scores, strict=False), strict=False))))
    verdict.totals = dict(zip(names, state.totals, strict=False))
    verdict.finished = state.over
    verdict.winner = names[state.winner] if state.winner is not None else None
    return verdict


class _Collector:
    """Gathers the records the store keeps while the replay runs (only when asked to)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.records = GameRecords()
        self._pending_hit: tuple[Any, ...] | None = None

    def before(self, event: Event, index: int) -> None:
        state = self.state
        if event.type not in ("card", "target") or not state.in_round:
            return
        exp = expecting(state)
        rules = state.rules
        if event.type == "card" and exp.kind == "draw" and exp.purpose == HIT:
            assert exp.seat is not None
            row = state.rows[exp.seat]
            chance = rules.bust_chance(row, state.draw_pile)
            self._pending_hit = (index, state.round, event.player, len(row.numbers), chance, row, rules.busts_saved(row))
        elif event.type == "target" and exp.kind == "target" and rules.records_target(exp):
            target = state.seat_of.get(event.target)
            if target is None:
                return
            lead = max(state.totals)
            sizes = {s: len(state.rows[s].table_cards()) for s in exp.eligible}
            self.records.targets.append(
                TargetRecord(
                    index, state.round, event.player, event.card, event.target,
                    at_self=event.player == event.target,
                    at_leader=state.totals[target] == lead,
                    at_most_cards=bool(sizes) and sizes.get(target, -1) == max(sizes.values()),
                )
            )

    def after(self, event: Event, index: int) -> None:
        pending = self._pending_hit
        if pending is not None and pending[0] == index:
            _, round_no, player, distinct, chance, row, saved = pending
            self.records.hits.append(
                HitRecord(index, round_no, player, distinct, chance, row.status == BUSTED, self.state.rules.busts_saved(row) > saved)
            )
            self._pending_hit = None

    def finish(self) -> GameRecords:
        state = self.state
        if state.game is None:
            return self.records
        names = state.players
        finished = [(r.round, r.dealer, r.ended_by, r.flip7_seat, r.outcomes, r.scores, r.rows) for r in state.history]
        if state.in_round:
            assert state.dealer is not None
            outcomes, scores = round_outcomes(state, None)
            finished.append((state.round, state.dealer, "unfinished", None, outcomes, scores, state.rows))
        for round_no, dealer, ended_by, flip7_seat, outcomes, scores, rows in finished:
            self.records.rounds.append(
                RoundRecord(round_no, names[dealer], ended_by, names[flip7_seat] if flip7_seat is not None else None)
            )
            for seat, row in enumerate(rows):
                self.records.player_rounds.append(
                    PlayerRoundRecord(
                        round_no, names[seat], seat, outcomes[seat], scores[seat], tuple(row.numbers),
                        tuple(row.modifiers), row.cards_drawn, row.flip7, row.bust_card, state.rules.busts_saved(row),
                    )
                )
        return self.records


def table_view(result: ReplayResult) -> dict[str, Any]:
    """The table after the replayed prefix as plain data: rows, piles, totals, whose move, legal moves."""
    state = result.state
    if state.game is None:
        return {"game": None, "after_event": result.applied - 1, "stopped_by": _stop(result), "players": []}
    exp = expecting(state)
    players = []
    for seat, name in enumerate(state.players):
        row = state.rows[seat]
        players.append(
            {
                "name": name,
                "seat": seat,
                "status": ("flip7" if row.flip7 else row.status) if state.in_round else None,
                "numbers": list(row.numbers),
                "modifiers": list(row.modifiers),
                "second_chance": getattr(row, "second_chance", False),
                "frozen_by": list(getattr(row, "freezes", ())),
                "round_score": round_outcomes(state, None)[1][seat] if state.in_round else None,
                "total": state.totals[seat],
            }
        )
    moves = legal_moves(state)
    return {
        "game": state.game.id,
        "after_event": result.applied - 1,
        "stopped_by": _stop(result),
        "round": state.round if state.in_round else None,
        "rounds_finished": len(state.history),
        "dealer": state.name(state.dealer) if state.dealer is not None else None,
        "players": players,
        "waiting_for": {
            "kind": exp.kind,
            "player": state.name(exp.seat) if exp.seat is not None else None,
            "card": exp.card,
            "description": describe_expectation(state, exp),
        },
        "legal_moves": [m.model_dump(exclude_none=True) for m in moves if m.type != "card"],
        "draw_pile": {c: k for c, k in state.draw_pile.items() if k},
        "draw_pile_size": state.draw_size,
        "discard_pile": {c: k for c, k in state.discard_pile.items() if k},
        "set_aside": state.in_play(),
        "finished": state.over,
        "winner": state.name(state.winner) if state.winner is not None else None,
    }


def _stop(result: ReplayResult) -> dict[str, Any] | None:
    return result.stopped_by.to_dict() if result.stopped_by else None


__all__ = ["ReplayResult", "build_verdict", "check_log", "replay_log", "state_at", "table_view"]
