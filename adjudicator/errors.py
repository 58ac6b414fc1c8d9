"""The small family of exceptions the core raises.

``LogUnreadable`` and ``UnsupportedRuleset`` mean the input could not be judged at all (exit code 2
in the CLI). ``RuleViolation`` is a move the rules do not allow; the replay turns it into a
violation in the verdict instead of letting it escape.
"""

from __future__ import annotations

from adjudicator.messages import say
from adjudicator.note import Note


class Flip7Error(Exception):
    """Base class of every error the flip7 core raises on purpose."""


class LogUnreadable(Flip7Error):
    """The log cannot be read at all: empty, not UTF-8, or not a log."""


class UnsupportedRuleset(Flip7Error):
    """The log asks for a ruleset this version cannot judge yet."""


class EventOutOfRange(Flip7Error):
    """A request for the table after an event the log does not have."""

    def __init__(self, events: int, at: int) -> None:
        super().__init__(f"the log has {events} events (0 to {events - 1}); there is no event {at}")
        self.events = events
        self.at = at


class TimelineTooLarge(Flip7Error):
    """The table after every event of a log would describe more seats than a replay may
    (``limit``: seats summed over the tables; ``players`` at the table, ``events`` read so far)."""

    def __init__(self, limit: int, players: int, events: int) -> None:
        super().__init__(
            f"the table after every event would describe more than {limit:,} seats ({players:,} players "
            f"at event {events - 1:,} already); ask for one table (POST /v1/state?at=N) or the verdict "
            "(POST /v1/check)"
        )
        self.limit = limit
        self.players = players
        self.events = events


class RuleViolation(Flip7Error):
    """A move that breaks a rule: carries the contract's violation ``code``, the ``rule`` id and
    what it says (``said``): a ``Note`` rendered from the catalogues in any language (``said_in``),
    or a text of the log reader's that has no words of its own."""

    def __init__(self, code: str, rule: str, said: Note | str, note: Note | None = None, facts: tuple[Note, ...] = ()) -> None:
        super().__init__(said)
        self.code = code
        self.rule = rule
        self.said = said
        #: The referee's headline where the kit words it itself (a catalogue key and its parameters).
        self.note = note
        #: Facts the kit knows make the rule apply (rendered as the referee's "Why:" part).
        self.facts = facts

    @property
    def message(self) -> str:
        """The verdict's English message (rendered only when asked for: the engine refuses many
        moves it only tries)."""
        return self.said_in("en")

    def said_in(self, lang: str) -> str:
        """The violation's message in ``lang`` (``en`` or ``de``)."""
        return say(self.said, lang) if isinstance(self.said, Note) else self.said

    def __str__(self) -> str:
        return self.message

    @property
    def is_claim(self) -> bool:
        """True for a wrong claim, which is reported without stopping the replay."""
        return self.code in CLAIM_CODES


#: Violations of claims: reported, and the replay goes on with the recomputed values.
CLAIM_CODES = frozenset({"score_mismatch", "winner_mismatch", "game_not_over"})

#: Every violation code of the contract (flip7-log-v1.md), in the order of its table.
VIOLATION_CODES = (
    "bad_event",
    "unknown_player",
    "out_of_order",
    "wrong_player",
    "stay_without_card",
    "illegal_target",
    "card_unavailable",
    "score_mismatch",
    "winner_mismatch",
    "game_not_over",
)
