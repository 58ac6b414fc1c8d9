"""The view facet of a ruleset kit: what the readers of a table ask a ruleset, with defaults.

The engine never asks these; the table view (``adjudicator.table``), the terminal renderer
(``cli.render``) and the live table do, through ``find_kit(name).view``. A kit without a view of its
own gets ``RulesetView()``, whose defaults fit a ruleset of numbers and modifiers only.

A ruleset with row fields of its own (a held card, who put the player out) declares them as a
``TablePlayer`` subclass, its view's ``row_model``, and builds it in ``row``; the table view and the
API's OpenAPI document declare every registered kit's row model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from adjudicator.effects import Busted, Discarded, Effect, Flip7, RoundEnded, Saved
from adjudicator.rulesets.sentences import Say
from adjudicator.state import ACTIVE, BUSTED, STAYED, GameState, PendingCard, Ruleset, ScoreStep


class ScoreStepView(BaseModel):
    """One step of a row's score as its ruleset counts it (``Ruleset.score_steps``), with the total after it."""

    kind: str = Field(description="`numbers`, `busted`, `zero`, `double`, `halve`, `add`, `floor`, `flip7` or `bonus`.")
    total: int = Field(description="The score after this step; the last step's is the row's score.")
    cards: list[str] = Field(default_factory=list, description="The cards the step counts (the numbers added, the modifier).")
    amount: int = Field(default=0, description="What the step adds or takes away (`add`, `flip7`, `bonus`).")


class TablePlayer(BaseModel):
    """One seat at the table, in seating order (clockwise): the fields every ruleset shows.

    A ruleset with fields of its own subclasses this model (its view's ``row_model``) and says the
    same in words in ``notes`` (``RulesetView.row_notes``)."""

    name: str
    seat: int = Field(description="Index in the game event's `players` (0 = the first player listed); people see the name.")
    status: str | None = Field(description="`active`, `stayed`, `busted`, `flip7` or a status of the ruleset's own during a round; null between rounds.")
    numbers: list[str]
    modifiers: list[str]
    notes: list[str] = Field(
        default_factory=list, description="What else lies in or happened to the row, in English words a player uses (the pages show `told`'s, in their language)."
    )
    round_score: int | None = Field(description="What the row would score now (null between rounds).")
    total: int
    held: list[str] = Field(
        default_factory=list,
        description="Other cards that lie in front of the player, in the ruleset's order (an action card that stopped them, a card held for later).",
    )
    score_steps: list[ScoreStepView] | None = Field(
        default=None, description="How `round_score` is worked out, step by step, as the ruleset counts it (null between rounds)."
    )


class CardTold(BaseModel):
    """A card on the table as the pages draw it: its label and its kind, in the asked language."""

    label: str = Field(description="How the ruleset labels the card on the table.")
    kind: str = Field(description="`number`, `modifier` or `action`.")
    kind_label: str = Field(description="The kind in the asked language.")


class SeatTold(BaseModel):
    """One seat in words, as the pages show it (``TableView.told``)."""

    status: str | None = Field(default=None, description="The row's status in words (the badge), null while active or between rounds.")
    why: str | None = Field(default=None, description='How the player left the round ("busted: a second 7 (event 12)"), null while in.')
    notes: list[str] = Field(default_factory=list, description="What else lies in or happened to the row, in words.")
    score: str | None = Field(default=None, description='How the round score is worked out ("8 + 7 = 15 × 2 = 30"), null where one card says it.')


class TableTold(BaseModel):
    """The sentences a page shows for one table, in one language: told by the ruleset's kit (its
    view's ``sentences``) and the shared ones (``adjudicator.rulesets.sentences``)."""

    event: str | None = Field(default=None, description="What the last event did, when the table view was built with it.")
    waiting: str | None = Field(default=None, description="What the game waits for next (`waiting_for`), in words.")
    seats: list[SeatTold] = Field(description="Every seat in words, in the order of `players`.")
    cards: dict[str, CardTold] = Field(description="Every card in a row or still to act: its label and kind.")


class RulesetView:
    """What the table view and the other readers ask a ruleset; a kit subclasses it to say more.

    Hooks receive the ruleset's rules or the live ``GameState`` (whose ``rules`` they are) and
    change nothing."""

    #: The model of one row in the table view: ``TablePlayer``, or a subclass with the ruleset's own
    #: fields (then ``row`` builds it).
    row_model: ClassVar[type[TablePlayer]] = TablePlayer
    #: The lines of a short log of the ruleset that documentation shows (the API document's examples
    #: are the default ruleset's); default: none.
    example_log: ClassVar[tuple[str, ...]] = ()
    #: The ruleset's own sentences for the pages, by language and key (``adjudicator.rulesets.sentences``
    #: says the keys): its statuses, notes, score steps and cards told; default: none.
    sentences: ClassVar[Mapping[str, Mapping[str, str]]] = {}

    def row(self, state: GameState, seat: int, shared: Mapping[str, Any]) -> TablePlayer:
        """``seat``'s row in the table view: the fields every ruleset shows (``shared``) and the
        ruleset's own, as a ``row_model``; default: the shared fields only."""
        return self.row_model(**shared)

    def row_notes(self, state: GameState, seat: int) -> list[str]:
        """What else lies in or happened to ``seat``'s row, in words a player uses (asked during a
        round only); default: nothing."""
        return []

    def card_order(self, rules: Ruleset) -> tuple[str, ...]:
        """Every card in the order the table view lists piles: numbers ascending, then modifiers,
        then actions (default: the order of ``rules.deck``)."""
        return tuple(rules.deck(1))

    def card_label(self, rules: Ruleset, card: str) -> str:
        """How the viewer and the table view label ``card`` on the table; default: ``rules.card_name``."""
        return rules.card_name(card)

    def outcome_marks(self) -> dict[str, tuple[str, str]]:
        """Marks for the outcomes of the ruleset's own statuses in a verdict's score table: outcome
        → (mark, what it means); default: none (the shared outcomes have theirs)."""
        return {}

    def status_legend(self) -> dict[str, str]:
        """What each row status but ``active`` means at this ruleset's table (statuses of its own
        included), for the legend under the rows."""
        return {STAYED: "banks the row, no more turns", BUSTED: "a number twice, scores 0", "flip7": "seven different numbers"}

    def pending_cards(self, state: GameState) -> list[PendingCard]:
        """Every card that still has to act, with whom it may reach now: the card waiting for its
        ``target`` event (default: only that one, with the seats the rules find eligible); a
        ruleset that sets cards aside adds them."""
        top = state.stack[-1] if state.in_round and state.stack else None
        if top is None or top.kind != "target":
            return []
        return [PendingCard(top.card, top.holder, set_aside=False, may_go_to=state.rules.eligible(state, top))]


    # -- the sentences a page shows (``TableView.told``) ---------------------------------------

    def say(self, rules: Ruleset, lang: str) -> Say:
        """The sentences in ``lang``: this ruleset's own first, then the shared ones; cards labelled as on the table."""
        return Say(lang, self.sentences, lambda card: self.card_label(rules, card))

    def card_kind(self, rules: Ruleset, card: str) -> str:
        """``number`` (special numbers too: ``row_numbers``), ``modifier`` or ``action`` (any other card)."""
        numbers = rules.numbers if rules.row_numbers is None else rules.row_numbers
        return "number" if card in numbers else "modifier" if card in rules.modifiers else "action"

    def status_word(self, status: str, say: Say) -> str:
        """``status`` in words (``status_{status}``; the status itself when nobody words it)."""
        return say.maybe(f"status_{status}") or status

    def why_out(self, state: GameState, seat: int, say: Say) -> str | None:
        """How ``seat`` left the round, in words, with the event when known; None while active.
        Default: the shared words for a bust, a stay and a Flip 7, ``why_{status}`` for a status of
        the ruleset's own (else its status word)."""
        row = state.rows[seat]
        if row.flip7:
            said = say("why_flip7")
        elif row.status == ACTIVE:
            return None
        elif row.status == BUSTED:
            said = say("why_busted", card=say.label(row.bust_card)) if row.bust_card else say("why_busted_plain")
        else:
            said = say.maybe(f"why_{row.status}") or say("why_out", status=self.status_word(row.status, say))
        return said + (say("at", at=row.status_event) if row.status_event is not None else "")

    def row_sentences(self, state: GameState, seat: int, say: Say) -> list[str]:
        """What else lies in or happened to the row, in words in ``say``'s language, leaving out how
        the player left the round (``why_out`` says it); default: ``row_notes`` as they are."""
        return self.row_notes(state, seat)

    def tell_score(self, steps: Sequence[ScoreStep], cards: int, say: Say) -> str | None:
        """The row's score worked out in words ("8 + 7 = 15 × 2 = 30"), from its ruleset's
        ``score_steps``; None where the row's one card says its score (``cards``: cards in the row)."""
        if not steps:
            return None
        if steps[0].kind == BUSTED and len(steps) == 1:
            return say("step_busted")
        if cards < 2 and all(step.kind == "numbers" or step.cards for step in steps):
            return None  # the one card, and what it makes of the score, is on the table
        text = ""
        for step in steps:
            if step.kind == BUSTED:
                text += say("step_busted")
            elif step.kind == "numbers":
                shown = [say.label(card) for card in step.cards]
                text += (" + ".join(shown) if shown else "0") + (f" = {step.total}" if len(shown) > 1 else "")
            else:
                sign = "+" if step.amount >= 0 else "−"
                card = say.label(step.cards[0]) if step.cards else ""
                text += say.maybe(f"step_{step.kind}", total=step.total, amount=abs(step.amount), sign=sign, card=card) or say("step_other", total=step.total)
        total = steps[-1].total
        return text if text.endswith(f"= {total}") else f"{text} → {total}"

    def tell_event(self, state: GameState, event: Any, effects: Sequence[Effect], say: Say) -> str:
        """What ``event`` did, in one sentence: the event told plainly (a target event by
        ``tell_target`` first), then what its effects did to the rows (a bust, a save, a Flip 7, a
        card discarded unused, the round's end)."""
        kind = getattr(event, "type", None)
        player = getattr(event, "player", None) or ""
        if kind == "target":
            said = self.tell_target(state, event, effects, say) or say(
                "event_target", player=player, card=say.label(event.card), target=event.target,
            )
        elif kind == "card":
            said = say("event_card", card=say.label(event.card), player=player)
        elif kind in ("round", "score"):
            said = say(f"event_{kind}", round=event.round)
        elif kind is not None and say.has(f"event_{kind}"):
            said = say(f"event_{kind}", player=player)
        else:
            return say("event_unreadable")
        did = []
        for effect in effects:
            if isinstance(effect, Busted):
                did.append(say("did_busted", player=state.name(effect.seat)))
            elif isinstance(effect, Saved):
                did.append(say("did_saved", cover=say.label(effect.cover), card=say.label(effect.card)))
            elif isinstance(effect, Flip7):
                did.append(say("did_flip7", player=state.name(effect.seat)))
            elif isinstance(effect, Discarded):
                did.append(say("did_discarded", card=say.label(effect.card)))
            elif isinstance(effect, RoundEnded):
                did.append(say("did_round_ended", round=effect.round))
        return f"{said}: {'; '.join(did)}" if did else said

    def tell_target(self, state: GameState, event: Any, effects: Sequence[Effect], say: Say) -> str | None:
        """A ``target`` event of this ruleset's own in words (what its action card did); default:
        None, the shared "gives CARD to TARGET"."""
        return None


#: The view of a kit that brings none.
DEFAULT_VIEW = RulesetView()

__all__ = ["DEFAULT_VIEW", "CardTold", "RulesetView", "ScoreStepView", "SeatTold", "TablePlayer", "TableTold"]
