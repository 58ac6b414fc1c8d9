"""*Meadow*, a test-only ruleset that reaches every page (issue 29): defined here, registered by the
tests that use it (``registered(KIT)``; the browser tests' server registers it before it starts),
named by no shared file.

Meadow is Ladder (``test_third_ruleset``: the numbers 1 to 10, ``n`` copies of ``n``, a duplicate
busts, seven numbers are a Flip 7) with what a ruleset of its own brings to a page:

- two action cards of its own, each given to a player by a ``target`` event: **Nap** (3 copies)
  sends a player still in the round to sleep (a status of its own, ``napping``: out of the round,
  banking the row; the Nap card stays in the row), **Poke** (3 copies) knocks the last number out
  of the row of a player still in (to the discard pile);
- an option that names a mode, ``sunny``: on a sunny meadow a row that did not bust scores 5 more
  (a score step of its own, ``sun``);
- its own words for the pages (its view's ``sentences``) and its option's German word, ``sonnig``.

This module imports nothing of the API: a server imports it to register Meadow before the API's
request models are built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from adjudicator.effects import Awaits, Discarded, Effect, Moved, PutOut
from adjudicator.events import GameEvent, TargetEvent
from adjudicator.rules.common import take_number
from adjudicator.rulesets import Kit
from adjudicator.rulesets.kit import CardWords
from adjudicator.rulesets.sentences import Say
from adjudicator.rulesets.view import RulesetView
from adjudicator.state import ACTIVE, BUSTED, DrawFrame, GameState, Row, Ruleset, ScoreStep, TargetFrame

NAME = "meadow"
NUMBERS = tuple(str(n) for n in range(1, 11))
NAP, POKE = "nap", "poke"
ACTIONS = (NAP, POKE)
NAPPING = "napping"
SUN = 5
FLIP7_BONUS = 15
#: Every name of Meadow's own that a shared file must not write (the names test looks for them).
OWN_NAMES = (NAME, NAP, POKE, "Nap", "Poke", NAPPING, "sunny", "sun")


class MeadowOptions(GameEvent):
    """A Meadow ``game`` line: the shared options and ``sunny``."""

    sunny: bool = Field(False, description="a sunny meadow: every row that did not bust scores 5 more")
    modes: ClassVar[tuple[str, ...]] = ("sunny",)


class MeadowRow(Row):
    """A Meadow row: also the Nap card that sent the player to sleep."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """A row (as ``Row``) with no Nap in it."""
        super().__init__(*args, **kwargs)
        self.naps: list[str] = []

    def table_cards(self) -> list[str]:
        """The numbers and the Nap that lies there."""
        return [*self.numbers, *self.modifiers, *self.naps]


class Meadow(Ruleset):
    """Ladder's numbers, Nap and Poke, the ``napping`` status and the ``sunny`` mode."""

    name = NAME
    cards = frozenset((*NUMBERS, *ACTIONS))
    numbers = frozenset(NUMBERS)
    game_event = MeadowOptions
    players_per_deck = 8
    status_words: ClassVar[dict[str, str]] = {**Ruleset.status_words, NAPPING: "is napping"}

    def deck(self, decks: int) -> dict[str, int]:
        """``n`` copies of each number ``n``, then three Naps and three Pokes, per deck."""
        return {**{n: int(n) * decks for n in NUMBERS}, NAP: 3 * decks, POKE: 3 * decks}

    def new_row(self) -> MeadowRow:
        """An empty Meadow row."""
        return MeadowRow()

    def card_name(self, card: str) -> str:
        """``Nap``, ``Poke``; numbers as written."""
        return card.capitalize() if card in ACTIONS else card

    def label(self, card: str) -> str:
        """As ``card_name``."""
        return self.card_name(card)

    def receive(self, state: GameState, seat: int, card: str, draw: DrawFrame | None, index: int) -> None:
        """A number as in Ladder; an action card waits for the player it goes to (discarded when nobody may take it)."""
        effects = state.effects
        if card in ACTIONS:
            if self.eligible(state, TargetFrame(seat, card, "resolve")):
                state.stack.append(TargetFrame(seat, card, "resolve"))
                if effects is not None:
                    effects.append(Awaits(seat, card, "resolve"))
            else:
                state.discard(card)
                if effects is not None:
                    effects.append(Discarded(seat, card))
            return
        take_number(state, seat, card, index)

    def eligible(self, state: GameState, frame: TargetFrame) -> tuple[int, ...]:
        """Nap: anyone still in; Poke: anyone still in with a number in the row."""
        active = state.active_seats()
        if frame.card == POKE:
            return tuple(s for s in active if state.rows[s].numbers)
        return tuple(active)

    def apply_target(self, state: GameState, frame: TargetFrame, event: TargetEvent, index: int) -> None:
        """Nap: the target naps (out, banking the row; the Nap lies in it). Poke: the target's
        last number goes to the discard pile, and the Poke with it."""
        target = state.seat_of[event.target]
        row = state.rows[target]
        assert isinstance(row, MeadowRow)
        if frame.card == NAP:
            row.status, row.status_event, row.put_out_by = NAPPING, index, frame.holder
            row.naps.append(frame.card)
            if state.effects is not None:
                state.effects.append(PutOut(target, NAPPING, frame.card, frame.holder))
            return
        card = row.numbers.pop()
        state.discard(card)
        state.discard(frame.card)
        if state.effects is not None:
            state.effects.append(Moved(card, target, None, frame.card, frame.holder))

    def score_steps(self, state: GameState, row: Row) -> list[ScoreStep]:
        """0 when busted; else the numbers, 15 more for a Flip 7, and 5 more on a sunny meadow."""
        if row.status == BUSTED:
            return [ScoreStep("busted", 0)]
        total = sum(map(int, row.numbers))
        steps = [ScoreStep("numbers", total, tuple(row.numbers))]
        if row.flip7:
            total += FLIP7_BONUS
            steps.append(ScoreStep("flip7", total, amount=FLIP7_BONUS))
        if state.game is not None and state.game.mode() == "sunny":
            total += SUN
            steps.append(ScoreStep("sun", total, amount=SUN))
        return steps

    def outcomes(self, state: GameState, ended_by: str | None) -> tuple[list[str], list[int]]:
        """``flip7``, ``stayed``, ``busted``, ``napping``, or (still active) ``in`` after a Flip 7, ``playing`` before."""
        outcomes = [
            "flip7" if r.flip7 else ("in" if ended_by == "flip7" else "playing") if r.status == ACTIVE else r.status
            for r in state.rows
        ]
        return outcomes, [self.score_steps(state, r)[-1].total for r in state.rows]


class MeadowView(RulesetView):
    """Meadow's table in words: who sent whom to sleep, what a Poke knocked out, the sun's points."""

    sentences: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "en": {
            "status_napping": "napping",
            "why_napping": "sent to sleep by {by}'s Nap",
            "step_sun": " + {amount} (sunshine)",
            "t_poke": "{player} pokes {card} out of {target}'s row",
            "note_snoring": "snores softly",
        },
        "de": {
            "status_napping": "schläft",
            "why_napping": "von {by} schlafen geschickt (Nap)",
            "step_sun": " + {amount} (Sonnenschein)",
            "t_poke": "{player} stupst {card} aus der Reihe von {target}",
            "note_snoring": "schnarcht leise",
        },
    }

    def status_legend(self) -> dict[str, str]:
        """The shared statuses and ``napping``."""
        return {**super().status_legend(), NAPPING: "asleep in the grass, banks the row"}

    def why_out(self, state: GameState, seat: int, say: Say) -> str | None:
        """Who sent the player to sleep; the shared words otherwise."""
        row = state.rows[seat]
        if row.status != NAPPING or row.put_out_by is None:
            return super().why_out(state, seat, say)
        return say("why_napping", by=state.name(row.put_out_by)) + say("at", at=row.status_event)

    def row_sentences(self, state: GameState, seat: int, say: Say) -> list[str]:
        """A napping player snores."""
        return [say("note_snoring")] if state.rows[seat].status == NAPPING else []

    def tell_target(self, state: GameState, event: Any, effects: Sequence[Effect], say: Say) -> str | None:
        """What a Poke knocked out of whose row."""
        moved = next((e for e in effects if isinstance(e, Moved)), None)
        if moved is None:
            return None
        return say("t_poke", player=event.player, card=say.label(moved.card), target=state.name(moved.source))


#: Meadow's notation words: its cards as named, and its option in German.
WORDS = CardWords(
    table={card: card for card in Meadow.cards}, options={"sunny": ["sonnig"]}, option_values={},
    printed_options={"de": {"sunny": "sonnig"}},
)

#: Meadow's kit: its rules, its words and its view.
KIT = Kit(rules=Meadow(), words=WORDS, view=MeadowView())

#: A sunny Meadow game of three; Ben deals.
GAME = {"type": "game", "id": "meadow-1", "players": ["Ana", "Ben", "Cem"], "dealer": "Ben", "ruleset": NAME, "target": 30, "sunny": True}
#: Cem is dealt a 5 and Ana a 7; Ben is dealt a Nap and sends Cem to sleep (event 5). Ana hits an 8;
#: Ben, with no card, hits a Poke and knocks Ana's 8 out (event 10); Ana hits a second 7 and busts
#: (event 12); Ben hits a 6 and stays: the round is over, Ana 0, Ben 6 + 5 = 11, Cem 5 + 5 = 10.
EVENTS: list[dict[str, Any]] = [
    {"type": "round", "round": 1},
    {"type": "card", "player": "Cem", "card": "5"},
    {"type": "card", "player": "Ana", "card": "7"},
    {"type": "card", "player": "Ben", "card": "nap"},
    {"type": "target", "player": "Ben", "card": "nap", "target": "Cem"},
    {"type": "hit", "player": "Ana"},
    {"type": "card", "player": "Ana", "card": "8"},
    {"type": "hit", "player": "Ben"},
    {"type": "card", "player": "Ben", "card": "poke"},
    {"type": "target", "player": "Ben", "card": "poke", "target": "Ana"},
    {"type": "hit", "player": "Ana"},
    {"type": "card", "player": "Ana", "card": "7"},
    {"type": "hit", "player": "Ben"},
    {"type": "card", "player": "Ben", "card": "6"},
    {"type": "stay", "player": "Ben"},
    {"type": "score", "round": 1, "scores": {"Ana": 0, "Ben": 11, "Cem": 10}},
]


def log_text() -> str:
    """``GAME`` and ``EVENTS`` as a log (JSON Lines)."""
    import json

    return "".join(json.dumps(e) + "\n" for e in [GAME, *EVENTS])


__all__ = ["EVENTS", "GAME", "KIT", "Meadow", "MeadowOptions", "MeadowView", "OWN_NAMES", "log_text"]
