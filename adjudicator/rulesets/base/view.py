"""How the base game's table reads (its kit's view facet): a held Second Chance, who froze whom,
the ❄ mark and the ``frozen`` status, and a Flip Three's set-aside cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from adjudicator.rulesets.base.rules import FLIP_THREE_DRAW, FROZEN, _rows
from adjudicator.rulesets.base.sentences import SENTENCES
from adjudicator.rulesets.sentences import Say
from adjudicator.rulesets.view import RulesetView, TablePlayer
from adjudicator.state import GameState, PendingCard


class BaseGameTablePlayer(TablePlayer):
    """A base-game seat: also whether the row holds a Second Chance and who froze the player."""

    second_chance: bool = Field(description="The row holds a Second Chance (it cancels the next duplicate number).")
    frozen_by: str | None = Field(description="Who froze the player (null when not frozen, or frozen before a `position` began the log).")


class BaseGameView(RulesetView):
    """The base game's table: its row fields and notes, the ``frozen`` status, Flip Three's set-aside cards."""

    row_model = BaseGameTablePlayer
    sentences: ClassVar[Mapping[str, Mapping[str, str]]] = SENTENCES
    #: The contract's own example log: one round, a Freeze given, two players staying, the scores claimed.
    example_log = (
        '{"type":"game","id":"kitchen-2026-11-29","players":["Ana","Ben","Cem"],"dealer":"Ana"}',
        '{"type":"round","round":1}',
        '{"type":"card","player":"Ben","card":"8"}',
        '{"type":"card","player":"Cem","card":"freeze"}',
        '{"type":"target","player":"Cem","card":"freeze","target":"Ben"}',
        '{"type":"card","player":"Ana","card":"x2"}',
        '{"type":"hit","player":"Cem"}',
        '{"type":"card","player":"Cem","card":"12"}',
        '{"type":"hit","player":"Ana"}',
        '{"type":"card","player":"Ana","card":"11"}',
        '{"type":"stay","player":"Cem"}',
        '{"type":"stay","player":"Ana"}',
        '{"type":"score","round":1,"scores":{"Ana":22,"Ben":8,"Cem":12}}',
    )

    def row(self, state: GameState, seat: int, shared: Mapping[str, Any]) -> BaseGameTablePlayer:
        """The shared fields, ``second_chance`` and ``frozen_by``."""
        row = _rows(state)[seat]
        by = row.put_out_by if row.status == FROZEN else None
        return BaseGameTablePlayer(**shared, second_chance=row.second_chance, frozen_by=state.name(by) if by is not None else None)

    def row_notes(self, state: GameState, seat: int) -> list[str]:
        """Who froze the player ("frozen by Cem's Freeze") and a held Second Chance."""
        row = _rows(state)[seat]
        notes = []
        if row.status == FROZEN:
            by = row.put_out_by
            notes.append("frozen by a Freeze" if by is None else "frozen by their own Freeze" if by == seat else f"frozen by {state.name(by)}'s Freeze")
        if row.second_chance:
            notes.append("holds a Second Chance")
        return notes

    def why_out(self, state: GameState, seat: int, say: Say) -> str | None:
        """Who froze the player ("frozen by Cem's Freeze (event 4)"); the shared words otherwise."""
        row = _rows(state)[seat]
        if row.status != FROZEN or row.flip7:
            return super().why_out(state, seat, say)
        by = row.put_out_by
        said = say("why_frozen") if by is None else say("why_frozen_self") if by == seat else say("why_frozen_by", by=state.name(by))
        return said + (say("at", at=row.status_event) if row.status_event is not None else "")

    def row_sentences(self, state: GameState, seat: int, say: Say) -> list[str]:
        """A held Second Chance (who froze the player is ``why_out``'s)."""
        return [say("note_second_chance")] if _rows(state)[seat].second_chance else []

    def outcome_marks(self) -> dict[str, tuple[str, str]]:
        """❄ for a player a Freeze stopped."""
        return {FROZEN: ("❄", "frozen")}

    def status_legend(self) -> dict[str, str]:
        """The shared statuses and ``frozen``."""
        return {**super().status_legend(), FROZEN: "stopped by a Freeze, banks the row"}

    def pending_cards(self, state: GameState) -> list[PendingCard]:
        """The card waiting for its target, then a Flip Three's set-aside cards (they go to active
        players once the three cards are drawn, to the named ones with ``assign_first``)."""
        cards = super().pending_cards(state)
        top = state.stack[-1] if state.stack else None
        active = tuple(state.active_seats())
        for frame in state.stack:
            if frame.kind == "draw" and frame.purpose == FLIP_THREE_DRAW:
                cards.extend(PendingCard(card, frame.seat, True, active) for card in frame.set_aside)
            elif frame.kind == "delayed":
                first = frame.next + (1 if frame.naming and getattr(top, "origin", None) is frame else 0)
                for slot in range(first, len(frame.cards)):
                    reach = active
                    if not frame.naming and frame.assigned:  # assign_first: only its named recipient, if still active
                        named = frame.assigned[slot]
                        reach = (named,) if named is not None and named in active else ()
                    cards.append(PendingCard(frame.cards[slot], frame.holder, True, reach))
        return cards


#: The base game's view, as its kit holds it.
VIEW = BaseGameView()

__all__ = ["VIEW", "BaseGameTablePlayer", "BaseGameView"]
