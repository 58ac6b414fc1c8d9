"""Folding a log over the rules: the verdict, the state at any event, and records for storage.

The replay reads lines one at a time, so memory is bounded by the state (not the log), and applies
each event to one mutable ``GameState`` in place: linear in the length of the log. The replay
loop is compiled with the engine (``adjudicator.accel``), so it defines no pydantic model and no
``str`` subclass (``source.UnreadableLine`` is exported from here too).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from adjudicator.errors import EventOutOfRange, LogUnreadable, RuleViolation
from adjudicator.event_cache import SHARED_ENTRIES, game_memo, memoized, typed_flat_reader, with_flat_reader
from adjudicator.events import GAME_MODELS, Event, parse_event, validate_event
from adjudicator.rules import apply, round_outcomes
from adjudicator.source import TooLongLine, UnreadableLine, as_lines, printable
from adjudicator.state import GameState, Ruleset
from adjudicator.verdict import RoundSummary, Verdict, Violation


class ReplayObserver(Protocol):
    """Watches a replay event by event (the store's record collector and the referee's story are
    observers). While one watches, ``state.effects`` holds what each applied event did
    (``adjudicator.effects``), fresh for every event: read it in ``after``.

    An observer may also have ``refused(state, event, index, error)``: called for an event line
    the replay refused (``event`` None when the line did not parse), with the state as it was
    before it, and the ``RuleViolation``. One that never reads ``state.effects`` may say so with
    ``reads_effects = False``: then none are made for it (``state.effects`` stays None). One that
    names lines may have ``event_line(index, line)``: called for every event line before anything else.
    """

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Called with the state just before ``event`` is checked and applied."""

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Called once ``event`` has been applied (not for a refused event); ``state.effects``
        is what it did."""

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """Called after every event line, whatever became of it (applied, refused, or past a fatal
        violation): ``applied`` events are in ``state`` so far, ``stopped_by`` is the fatal violation
        that stopped the replay, if any. The state is live: read it, never keep it."""


@dataclass(slots=True)
class ReadLines:
    """The event lines of a log as a replay read them, column by column: event ``i`` is on line
    ``line[i]`` (from 1), its raw text is ``text[i]`` and ``event[i]`` the event parsed from it (None
    when the line does not parse). Equal lines share one event object.

    Plain lists of numbers and text, rather than an object per line: the garbage collector walks
    every object that holds others, and a record per line made collecting cost more than judging.
    """

    line: list[int] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    event: list[Event | None] = field(default_factory=list)

    def columns(self) -> EventColumns:
        """What the store and the timeline keep of each line: the round it belongs to (the ``round``
        events up to and including it), its type, player, card and recipient (``event_fields``).

        Equal lines share one parsed event, so the fields of each distinct event are read once.
        """
        fields: dict[int, tuple[str | None, str | None, str | None, str | None]] = {}
        out = EventColumns()
        rounds = 0
        for index, (text, event) in enumerate(zip(self.text, self.event, strict=True)):
            key = id(event) if event is not None else -index - 1  # lines that do not parse: one by one
            got = fields.get(key)
            if got is None:
                got = fields[key] = event_fields(event, text)
            kind, player, card, target = got
            if kind == "round":
                rounds += 1
            out.round.append(rounds)
            out.type.append(kind)
            out.player.append(player)
            out.card.append(card)
            out.target.append(target)
        return out


@dataclass(slots=True)
class EventColumns:
    """``ReadLines.columns``: per event line, its round, type, player, card and recipient."""

    round: list[int] = field(default_factory=list)
    type: list[str | None] = field(default_factory=list)
    player: list[str | None] = field(default_factory=list)
    card: list[str | None] = field(default_factory=list)
    target: list[str | None] = field(default_factory=list)


@dataclass(slots=True)
class ReplayResult:
    """What a replay produced: the verdict, the final state, and (with ``collect``) the event lines.

    ``stopped_by`` is the fatal violation that ended the replay, if any; ``applied`` is how many
    events were applied to ``state``. With ``collect``, ``lines`` holds every event line as read.
    """

    verdict: Verdict
    state: GameState
    options: dict[str, Any] | None
    stopped_by: Violation | None = None
    applied: int = 0
    lines: ReadLines = field(default_factory=ReadLines)



#: How many rulesets keep a shared memo at a time (a ruleset registered anew gets its own).
_SHARED_RULESETS = 8
_SHARED: dict[Ruleset, Callable[[str], Event]] = {}


def shared_parser(rules: Ruleset) -> Callable[[str], Event]:
    """The memoized line parser of ``rules`` (``_line_parser``), one for every replay of its games:
    events are frozen and a ruleset parses a line the same way in every game, so a line seen in an
    earlier log (the same seats dealt the same cards) is not read again. Bounded like the memo of
    one replay (``event_cache.SHARED_ENTRIES`` lines), for at most ``_SHARED_RULESETS`` rulesets."""
    parse = _SHARED.get(rules)
    if parse is None:
        if len(_SHARED) >= _SHARED_RULESETS:
            _SHARED.clear()
        parse = _SHARED[rules] = memoized(_line_parser(rules), entries=SHARED_ENTRIES)
    return parse


def _first_line_reader() -> Callable[[str], Event]:
    """How the lines before the ``game`` line is applied are read (with the base game's cards),
    remembering the ``game`` lines it read but for their ids."""
    return game_memo(with_flat_reader(validate_event, parse_event))


#: The reader of the first lines, one for every replay (``_first_line_reader``).
_first_lines: Callable[[str], Event] = _first_line_reader()


def forget_shared_lines() -> None:
    """Forget every line the replays share (``shared_parser``'s memos and the memo of ``game``
    lines): the next replay reads each line afresh, as in a new process. For a benchmark's cold
    pass and for tests."""
    global _first_lines
    _SHARED.clear()
    _first_lines = _first_line_reader()


def _line_parser(rules: Ruleset) -> Callable[[str], Event]:
    """How the lines after the ``game`` line are read: as the game's ruleset parses them, compact
    flat lines with the fast reader first and, where every field is plainly valid, built without
    the validator (``event_cache.plain_event``), unless the ruleset reads lines its own way."""
    if type(rules).parse is not Ruleset.parse:
        return rules.parse
    context, adapter = rules.parse_context, rules.event_adapter
    return typed_flat_reader(lambda obj: validate_event(obj, context, adapter), rules.parse, context, rules.target_event)


def _is_event_line(text: str) -> bool:
    if text[:1] == "{":  # nearly every line: an event, read without stripping it first
        return True
    if isinstance(text, TooLongLine):
        return True
    stripped = text.strip()
    return bool(stripped) and not stripped.startswith("#")


def _refuse_unreadable(parse: Callable[[str], Event]) -> Callable[[str], Event]:
    def parse_line(text: str) -> Event:
        if isinstance(text, UnreadableLine):
            raise RuleViolation("bad_event", "log.line", text.problem)
        return parse(text)

    return parse_line


def replay_log(
    source: str | bytes | Iterable[str],
    *,
    collect: bool = False,
    stop_after: int | None = None,
    observer: ReplayObserver | None = None,
) -> ReplayResult:
    """Replay a whole log and judge it.

    ``source`` is the log's text, its bytes, or an iterable of its lines. With ``collect`` the
    result also holds every event line; ``observer`` is told of each event line (see
    ``ReplayObserver``). With ``stop_after=N`` the replay applies events 0 … N only (the rest are
    still counted). Raises ``LogUnreadable`` for a log with no events or bytes that are not UTF-8,
    and ``UnsupportedRuleset`` for a vengeance game.
    """
    return replay_lines(enumerate(as_lines(source), 1), collect=collect, stop_after=stop_after, observer=observer)


def replay_lines(
    numbered: Iterable[tuple[int, str]],
    *,
    collect: bool = False,
    stop_after: int | None = None,
    observer: ReplayObserver | None = None,
) -> ReplayResult:
    """``replay_log`` over lines already numbered: (line in the file, its text). A text may be an
    ``UnreadableLine`` (refused as a ``bad_event`` with its problem), for a reader such as the
    notation that numbers its statements itself."""
    state = GameState()
    violations: list[Violation] = []
    fatal: Violation | None = None
    logged = ReadLines()
    logged_line, logged_text, logged_event = logged.line.append, logged.text.append, logged.event.append
    index = -1
    applied = 0
    # identical lines share one parsed event; compact flat lines skip the JSON decoder
    parse: Callable[[str], Event] = memoized(_first_lines)
    refused = getattr(observer, "refused", None)
    if refused is not None:  # an observer that hears of refusals may be handed unreadable lines
        parse = _refuse_unreadable(parse)
    effects = observer is not None and bool(getattr(observer, "reads_effects", True))
    event_line = getattr(observer, "event_line", None)
    event_lines: list[int] = []  # the line of every event, for messages that name an earlier one
    seated = False
    for line_no, text in numbered:
        if not _is_event_line(text):
            continue
        index += 1
        event_lines.append(line_no)
        if event_line is not None:
            event_line(index, line_no)
        stopped = fatal is not None or (stop_after is not None and index > stop_after)
        event: Event | None = None
        if not stopped:
            try:
                event = parse(text)
                if observer is not None:
                    observer.before(state, event, index)
                    if effects:
                        state.effects = []
                apply(state, event, index)
                applied = index + 1
                if observer is not None:
                    observer.after(state, event, index)
                if not seated and state.game is not None:  # the game line: from here on, lines
                    seated = True  # are read as the game's ruleset says
                    parse = shared_parser(state.rules)
                    if refused is not None:
                        parse = _refuse_unreadable(parse)
            except RuleViolation as error:
                violation = Violation.at(index, line_no, error, event_lines)
                violations.append(violation)
                if refused is not None:
                    state.effects = None
                    refused(state, event, index, error)
                if error.is_claim:
                    applied = index + 1
                else:
                    fatal = violation
        if collect:
            if event is None:  # not judged (past a fatal violation), or a line that does not parse
                try:
                    event = parse(text)
                except RuleViolation:
                    pass
            logged_line(line_no)
            logged_text(str(text))
            logged_event(event)
        if observer is not None:
            observer.judged(state, index, applied, fatal)
    if index < 0:
        raise LogUnreadable("the log is empty: it holds no events (only blank or comment lines, or nothing)")
    verdict = build_verdict(state, index + 1, violations)
    result = ReplayResult(
        verdict, state, state.game.model_dump() if state.game else None, fatal, applied, logged
    )
    return result


def walk(events: Iterable[Event]) -> Iterator[tuple[int, Event, GameState]]:
    """Fold already-parsed events: yield (index, event, state just before it) for each, then apply it.

    The state is one object updated as the walk goes on: read it before asking for the next event.
    A wrong claim is passed over (it changes nothing); any other refused event raises ``RuleViolation``.
    """
    state = GameState()
    for index, event in enumerate(events):
        yield index, event, state
        try:
            apply(state, event, index)
        except RuleViolation as error:
            if not error.is_claim:
                raise


def ruleset_label(options: dict[str, Any] | None) -> str | None:
    """How the store names a game's ruleset (``games.ruleset``): the ``game`` event's ``ruleset``
    (``flip7`` when absent), with `` (brutal)`` in Brutal mode: ``vengeance (brutal)``. None without
    a readable ``game`` line. The variant (``brutal``) is a mode of a registered ruleset's options
    model, named on the line (see ``game_modes``)."""
    if not isinstance(options, dict):
        return None
    mode = next((name for name in game_modes() if options.get(name) is True), None)
    return str(options.get("ruleset") or "flip7") + (f" ({mode})" if mode else "")


def game_modes() -> list[str]:
    """The options that name a variant of a ruleset (``brutal``), from every registered ruleset's
    options model (``GameEvent.modes``), in the registry's order."""
    return list(dict.fromkeys(mode for model in GAME_MODELS.values() for mode in model.modes))


def ruleset_labels() -> list[str]:
    """Every label a registered ruleset's games may carry (``ruleset_label``): each ruleset's name,
    then its name with each of its modes (``NAME (MODE)``), in the registry's order. What a
    ruleset filter offers (``flip7 stats --ruleset``, the statistics page)."""
    return [
        label for name, model in GAME_MODELS.items()
        for label in (name, *(ruleset_label({"ruleset": name, mode: True}) for mode in model.modes))
        if label is not None
    ]


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


def event_fields(event: Event | None, text: str) -> tuple[str | None, str | None, str | None, str | None]:
    """What the store and the timeline keep of an event line: its type, player, card and recipient
    (None where it has none; for a line that does not parse, the type when one can be read)."""
    if event is None:
        return _peek_type(text), None, None, None
    fields = event.__dict__  # plain dict look-ups: getattr on a missing pydantic field is slow
    recipient = fields.get("target") if event.type == "target" else None  # a game's "target" is its score
    return event.type, fields.get("player"), fields.get("card"), recipient


def _peek_type(text: str) -> str | None:
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return None
    kind = obj.get("type") if isinstance(obj, dict) else None
    return printable(kind) if isinstance(kind, str) else None  # it is stored: valid text only


def build_verdict(state: GameState, events: int, violations: list[Violation]) -> Verdict:
    """Build the verdict from the state the replay reached."""
    game = state.game
    if game is None:
        return Verdict.of(None, events, violations)
    names = state.players
    rounds = [RoundSummary.of(r.round, names[r.dealer], names, r.outcomes, r.scores) for r in state.history]
    if state.in_round:
        assert state.dealer is not None
        outcomes, scores = round_outcomes(state, None)
        rounds.append(RoundSummary.of(state.round, names[state.dealer], names, outcomes, scores))
    winner = names[state.winner] if state.winner is not None else None
    return Verdict.of(game.id, events, violations, rounds, dict(zip(names, state.totals, strict=True)), state.over, winner)


__all__ = [
    "EventColumns", "ReadLines", "ReplayObserver", "ReplayResult", "UnreadableLine", "event_fields", "build_verdict", "check_log",
    "replay_lines", "replay_log", "state_at", "walk",
]
