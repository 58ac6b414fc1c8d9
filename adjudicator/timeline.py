"""The table at every event of a log, from one replay: what a replay viewer steps through.

``replay_timeline`` folds the log once (linear in its length, like ``check_log``) and describes
the table after each event as a ``TableView`` (``adjudicator.table``: the shape of
``flip7 state --json`` and ``POST /v1/state``), watching the replay as a ``ReplayObserver``. Once a fatal violation stops the replay the table no
longer changes: the later events share one description.

The answer grows with events × players (every table lists every seat), so a timeline is bounded by
``MAX_SEATS``: the seats of all its tables together (a stopped table counts at every event, as it is
written out at every event). Past it ``TimelineTooLarge`` is raised as soon as the count passes the
bound, so refusing costs at most the bound's work: never the whole log's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.effects import Effect, LastEffects
from adjudicator.errors import TimelineTooLarge
from adjudicator.events import Event, GameEvent
from adjudicator.notation import numbered_lines, placer, read_either, state_any
from adjudicator.observers import Observers
from adjudicator.replay import ReadLines, replay_lines, replay_log
from adjudicator.rules import RULESETS
from adjudicator.rulesets.view import DEFAULT_VIEW, TableTold
from adjudicator.state import GameState, Ruleset
from adjudicator.table import TableView, card_labels, describe_table, table_view, view_of
from adjudicator.verdict import Verdict, Violation


@dataclass(slots=True, frozen=True)
class Timeline:
    """A judged log with its events and the table after each one (``tables[i]`` after event ``i``)."""

    verdict: Verdict
    lines: ReadLines
    tables: list[TableView]
    #: The viewer's label of every card of the game's ruleset (empty without a game).
    card_labels: dict[str, str]
    #: Each event in words, by language asked (``replay_timeline``'s ``langs``; empty: none asked).
    told: list[dict[str, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the verdict, the events (as ``GET /v1/games/{id}/events`` gives them; each
        also ``told`` in words when languages were asked), the tables (each with what its event
        did, ``effects``, and its sentences, ``told``) and the ruleset's card labels."""
        read, c = self.lines, self.lines.columns()
        events: list[dict[str, Any]] = [
            {"event": i, "line": line, "round": c.round[i], "type": c.type[i], "player": c.player[i], "card": c.card[i], "target": c.target[i], "raw": raw}
            for i, (line, raw) in enumerate(zip(read.line, read.text, strict=True))
        ]
        for entry, told in zip(events, self.told, strict=False):
            entry["told"] = told
        tables: list[dict[str, Any]] = []
        for i, table in enumerate(self.tables):  # the tables after a fatal violation are one object
            tables.append(tables[-1] if i and table is self.tables[i - 1] else table.to_dict())
        return {"verdict": self.verdict.to_dict(), "events": events, "tables": tables, "card_labels": self.card_labels}


#: Seats a timeline may describe, summed over its tables (docs/security.md): twenty players for
#: 3,000 events, twice the biggest sample game (20 players, two decks, 1,375 events: 27,500 seats);
#: about 16 MB of JSON (some 260 bytes a seat) at most; told in one language for the pages, some
#: 370 bytes a seat (the 20-player sample: 8.1 MB, 10.2 MB told), about 22 MB at most.
MAX_SEATS = 60_000


class _TableRecorder:
    """Watches a replay and describes the table after each event line, with what the event did
    (at most ``max_seats`` seats in all)."""

    def __init__(self, place: Callable[[Violation], Violation] | None = None, max_seats: int = MAX_SEATS, langs: tuple[str, ...] = ()) -> None:
        self.tables: list[TableView] = []
        self._stopped: TableView | None = None
        self._place = place
        self._effects: list[Effect] = []
        self._event: Event | None = None
        self._langs = langs
        self.state: GameState | None = None
        self.rules: Ruleset | None = None
        self._max_seats = max_seats
        self._seats = 0

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Nothing to note before an event: the table is described once it is judged."""
        self._effects = []
        self._event = None

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Keep what the event did (``state.effects``) for its table."""
        self._effects = state.effects or []
        self._event = event
        self.rules = state.rules

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """Describe the table as the line left it; ``TimelineTooLarge`` past the bound of seats."""
        self._seats += len(state.players)
        self.state = state
        if self._seats > self._max_seats:
            raise TimelineTooLarge(self._max_seats, len(state.players), index + 1)
        if stopped_by is None:
            self.tables.append(describe_table(state, applied, None, self._effects, langs=self._langs, event=self._event))
            self._effects = []
            return
        if self._stopped is None:  # the replay stopped here: the table stays as it was from now on
            if self._place is not None:
                stopped_by = self._place(stopped_by)
            self._stopped = describe_table(state, applied, stopped_by, [], langs=self._langs)  # the refused event did nothing
        self.tables.append(self._stopped)


def table_at(source: str | bytes | Iterable[str], n: int | None = None) -> TableView:
    """The table after event ``n`` (None: the last) of a log in either form, with what that event
    did: what ``flip7 state`` prints and ``POST /v1/state`` answers (``tables[n]`` of the timeline)."""
    last = LastEffects()
    return table_view(state_any(source, n, last), last.effects)


def replay_timeline(
    source: str | bytes | Iterable[str], *, max_seats: int = MAX_SEATS, also: Any = None, langs: tuple[str, ...] = (),
) -> Timeline:
    """Replay ``source`` once and describe the table after every event (see ``replay_log`` for
    ``source``). A log in the notation is read as well: its events and violations name its lines.
    ``also``: another observer of the same replay (the referee, for a verdict told in German).
    ``langs``: the languages the events and tables are also told in, as the pages show them.
    Raises ``TimelineTooLarge`` once the tables would describe more than ``max_seats`` seats."""
    notation, lines = read_either(source)
    place = None if notation is None else placer(notation)
    recorder = _TableRecorder(place, max_seats, langs)
    observer: Any = recorder if also is None else Observers(recorder, also)
    if notation is None:
        result = replay_log(lines, collect=True, observer=observer)
    else:  # numbered with the notation's own lines
        result = replay_lines(numbered_lines(notation), collect=True, observer=observer)
    if place is not None:
        result.verdict.violations[:] = [place(v) for v in result.verdict.violations]
    labels = card_labels(recorder.rules) if recorder.rules is not None else {}
    return Timeline(result.verdict, result.lines, recorder.tables, labels, _told_events(recorder, result.lines.event, langs))


def _told_events(recorder: _TableRecorder, events: list[Event | None], langs: tuple[str, ...]) -> list[dict[str, str]]:
    """Each event in words in ``langs``: an applied one as its table told it (with what it did), a
    refused one or one after the replay stopped as the event alone."""
    state = recorder.state
    if not langs or state is None:
        return []
    rules = state.rules if state.game is not None else RULESETS[GameEvent.model_fields["ruleset"].default]
    view = view_of(rules) if state.game is not None else DEFAULT_VIEW
    says = {lang: view.say(rules, lang) for lang in langs}
    told = []
    for i, event in enumerate(events):
        table = recorder.tables[i] if i < len(recorder.tables) else None
        said = table.told if table is not None and table.stopped_by is None and table.told else {}
        told.append({lang: _said(said, lang) or view.tell_event(state, event, [], says[lang]) for lang in langs})
    return told


def _said(told: dict[str, TableTold], lang: str) -> str | None:
    """What a table told of its event in ``lang``, if it did."""
    return told[lang].event if lang in told else None
