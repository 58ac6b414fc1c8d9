"""One table being played: its kept events and the one ``GameState`` they led to.

An appended event is judged against the kept state with the engine's own check-then-apply
(``adjudicator.rules.apply``): a refused event raises the same ``RuleViolation`` (code, rule,
message) ``flip7 check`` would report and leaves the state as it was; a legal one changes the state
in place. Nothing replays the log per event; only an undo rebuilds the state from the kept events.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field

from adjudicator.errors import RuleViolation
from adjudicator.events import Event, parse_event
from adjudicator.referee.story import bust_chance
from adjudicator.rules import apply, expecting
from adjudicator.rules.engine import Expectation, next_dealer
from adjudicator.source import TooLongLine, lines_from_text
from adjudicator.state import GameState
from adjudicator.table import TableView, describe_table, view_of
from adjudicator.verdict import RoundSummary

LANGUAGES = ("en", "de")


class CardButton(BaseModel):
    """A card of the ruleset in play, as the page offers it: its log name, label and kind."""

    card: str = Field(description="The card as the log names it (`7`, `freeze`).")
    label: str = Field(description="How people name it (`7`, `Freeze`, `Lucky 13`), from the ruleset.")
    kind: str = Field(description="`number`, `modifier` or `action`.")


class BustChance(BaseModel):
    """The chance that the next card busts the player to move, from the real draw pile."""

    player: str
    cards: int = Field(description="Cards in the pile that would bust them.")
    pile: int = Field(description="Cards in the pile (the discard pile when the draw pile is empty: it is shuffled next).")
    chance: float = Field(description="cards / pile (0 with an empty pile).")
    covered_by: str | None = Field(description="A card in their row that would cancel that bust (a held Second Chance), if any.")


class LiveView(BaseModel):
    """A live table as every phone sees it: the table view of ``flip7 state`` and what is owed next."""

    id: str = Field(description="The table id (its read link is `/table/<id>`).")
    seq: int = Field(description="Changes so far (appends, undos, the finish): the stream's event id.")
    events: int = Field(description="Events kept (the `game` line is event 0).")
    finished: bool = Field(description="The table was finished: its game is stored and it takes no more events.")
    game: str | None = Field(description="The stored game's id once finished.")
    table: TableView = Field(description="The table after the last kept event, as `flip7 state --json` shows it.")
    owed: dict[str, str] = Field(description='What the table waits for, short, in `en` and `de` ("Ana\'s turn: hit or stay").')
    bust_chance: BustChance | None = Field(description="For the player to move (a turn, a deal or an owed card), else null.")
    purist: bool = Field(default=False, description="Purist mode: the scorer chose no counting aids (no bust chance here, no advice).")
    rounds: list[RoundSummary] = Field(description="Every finished round: dealer, outcomes and scores (as in the verdict).")
    last: dict[str, Any] | None = Field(description="The last kept event (`index`, `event`), null before any but the game line.")
    cards: list[CardButton] = Field(description="The ruleset's cards in deck order, for the page's buttons.")


def canonical(event: dict[str, Any] | str) -> str:
    """The event as one compact JSON line of the log (a string is taken as that line already).

    A string holding half a surrogate pair stays a ``\\u`` escape, so the log reader refuses the
    line as it refuses such a line in a file (it cannot be written as UTF-8)."""
    if isinstance(event, str):
        return event
    line = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        line = json.dumps(event, separators=(",", ":"))
    return line


def read_line(event: dict[str, Any] | str) -> str:
    """The event as the log reader reads one line of a log: over ``MAX_LINE_BYTES`` it is a
    ``TooLongLine`` (refused as ``flip7 check`` refuses it); text holding more than one line is
    refused (``RuleViolation``), since a log would read it as several."""
    if isinstance(event, TooLongLine):
        return event
    lines = list(lines_from_text(canonical(event))) or [""]
    if len(lines) > 1:
        raise RuleViolation("bad_event", "log.line", f"an event is one line of a log; this one holds {len(lines)} lines")
    return lines[0]


class LiveTable:
    """The kept events of one table and the state after them.

    ``lines[i]`` is event ``i`` as a JSON line (the ``game`` line first). ``seq`` counts changes.
    Not thread-safe by itself: the service holds a lock per table around every call.
    """

    def __init__(self, table_id: str, lines: list[str], *, seq: int = 0, game: str | None = None) -> None:
        """Rebuild a table from its kept events (raises ``RuleViolation`` should one not apply)."""
        self.id = table_id
        self.lines: list[str] = []
        self.state = GameState()
        self.seq = seq
        self.game = game  # the stored game's id once finished
        self._size = 0
        #: The last applied event and what it did (``view`` tells it).
        self.last_told: tuple[Event | None, list[Any]] = (None, [])
        for line in lines:
            self.append(line)

    @property
    def finished(self) -> bool:
        """True once the table's game is stored."""
        return self.game is not None

    @property
    def size(self) -> int:
        """Bytes of the table's log: every kept line and its line break."""
        return self._size

    def parse(self, line: str) -> Event:
        """Read one line as the game does: with the base reader before the game line, then its ruleset's."""
        if self.state.game is None:
            return parse_event(line)
        return self.state.rules.parse(line)

    def judge(self, line: str) -> Event:
        """Judge ``line`` as the next event and apply it; ``RuleViolation`` leaves the state as it was."""
        event = self.parse(line)
        self.state.effects = []  # what it did, for the sentences the phones show (``view``)
        try:
            apply(self.state, event, len(self.lines))
            self.last_told = (event, self.state.effects)
        finally:
            self.state.effects = None
        return event

    def append(self, event: dict[str, Any] | str) -> tuple[int, str]:
        """Judge and keep one event; returns its index and its line (``RuleViolation`` on refusal).

        The event is read as a log's line is (``read_line``): a dict is written as one compact line."""
        line = read_line(event)
        try:
            self.judge(line)
        except RuleViolation:
            raise
        except Exception:  # the engine refuses by RuleViolation only; anything else: rebuild to be safe
            self.rebuild(self.lines)
            raise
        self.lines.append(line)
        self._size += _bytes(line)
        return len(self.lines) - 1, line

    def rebuild(self, lines: list[str]) -> None:
        """Set the table to the state after ``lines`` (an undo; a failed store write)."""
        self.lines, self.state, self._size = [], GameState(), 0
        self.last_told = (None, [])
        for line in lines:
            self.judge(line)
            self.lines.append(line)
            self._size += _bytes(line)

    def undo(self) -> str:
        """Forget the last event (never the game line); returns its line. The caller checked there is one."""
        last = self.lines[-1]
        self.rebuild(self.lines[:-1])
        return last

    # -- what the phones show ----------------------------------------------------------------

    def view(self) -> LiveView:
        """The table as every phone shows it."""
        state = self.state
        exp = expecting(state)
        last = {"index": len(self.lines) - 1, "event": json.loads(self.lines[-1])} if len(self.lines) > 1 else None
        return LiveView(
            id=self.id, seq=self.seq, events=len(self.lines), finished=self.finished, game=self.game,
            table=describe_table(state, len(self.lines), None, langs=LANGUAGES, event=self.last_told[0], event_effects=self.last_told[1]),
            owed={lang: owed(state, exp, lang) for lang in LANGUAGES},
            bust_chance=_bust_chance(state, exp), last=last, cards=card_buttons(state),
            rounds=[RoundSummary.of(r.round, state.name(r.dealer), state.players, r.outcomes, r.scores) for r in state.history],
        )


class TurnAdvice(BaseModel):
    """What hit and stay are worth to the player whose turn it is (the decision analysis, docs/analysis.md)."""

    player: str
    stay: float | None = Field(description="Points a stay banks now (null: they may not stay).")
    hit: float | None = Field(description="Expected points of a hit, played on well.")
    best: str = Field(description="`hit` or `stay`.")
    method: str = Field(description="`exact`, or `look-ahead` (an estimate never above the exact value).")
    win: dict[str, float] | None = Field(default=None, description=(
        "The player's chance to win the game (%) after `hit` and after `stay` (model `win_model`, an estimate from "
        "`win_samples` playouts per option: see `win_interval`); null where the game is not modelled (`win_unmodelled`)."))
    win_interval: dict[str, list[float]] | None = Field(default=None, description="The 95% interval of each option's chance to win (%).")
    win_best: str | None = Field(default=None, description="The option with the higher chance to win.")
    win_model: str | None = Field(default=None, description="The win-chance model's name (docs/analysis.md).")
    win_samples: int | None = Field(default=None, description="Playouts per option behind the chances to win.")
    win_unmodelled: str | None = Field(default=None, description="Why there is no chance to win, where there is none (docs/analysis.md).")


#: The most players whose advice also says the chance to win: playing out a round of every player
#: 100 times per option takes about 1 s at 3 players but 10 s at 20 (a loaded 2-core machine), and the
#: model's round-score tables stop at 8 players. Larger tables get ``win_unmodelled`` "no-time".
WIN_ADVICE_PLAYERS = 8


def turn_advice(state: GameState, budget: int = 2000, samples: int = 100) -> TurnAdvice | None:
    """Hit and stay valued for the player whose turn it is, and the chance to win after each (model
    ``flip7-w1``, up to ``WIN_ADVICE_PLAYERS`` players); None when it is nobody's turn or the
    ruleset has no analysis model. ``budget``: states the look-ahead may use (a few hundredths of a
    second); ``samples``: playouts per option where the position is valued by Monte Carlo, and
    behind each chance to win."""
    from adjudicator.analysis.evaluate import turn_value
    from adjudicator.analysis.models import card_model
    from adjudicator.analysis.observe import win_advice
    from adjudicator.analysis.win import MODEL, Unmodelled

    exp = expecting(state)
    if exp.kind != "turn" or exp.seat is None:
        return None
    model = card_model(state.rules)
    if model is None:
        return None
    valued = turn_value(model, state, exp.seat, budget, samples=samples)
    solved = valued.solved
    advice = TurnAdvice(player=state.name(exp.seat), stay=solved.stay, hit=solved.hit, best=valued.best, method=solved.method)
    if len(state.players) > WIN_ADVICE_PLAYERS:
        advice.win_unmodelled = "no-time"
        return advice
    try:
        chance = win_advice(state, exp, samples=samples)
    except Unmodelled as why:
        advice.win_unmodelled = why.code
        return advice
    if chance is not None:
        advice.win = {k: round(100 * v, 1) for k, v in chance.mine().items()}
        advice.win_interval = {k: [round(100 * x, 1) for x in chance.valued.interval(k)] for k in chance.mine()}
        advice.win_best, advice.win_model, advice.win_samples = chance.best, MODEL, chance.samples
    return advice


def _bytes(line: str) -> int:
    return len(line.encode("utf-8", "surrogatepass")) + 1


def card_buttons(state: GameState) -> list[CardButton]:
    """The ruleset's cards in its deck order, labelled as the table view labels them (``card_label``)."""
    if state.game is None:
        return []
    rules, view = state.rules, view_of(state.rules)
    def kind(card: str) -> str:
        return "number" if card in rules.numbers else "modifier" if card in rules.modifiers else "action"
    return [CardButton(card=c, label=view.card_label(rules, c), kind=kind(c)) for c in view.card_order(rules)]


def _bust_chance(state: GameState, exp: Expectation) -> BustChance | None:
    if exp.kind not in ("turn", "deal", "draw") or exp.seat is None:
        return None
    bad, size = bust_chance(state, exp.seat)
    cover = state.rules.bust_cover(state.rows[exp.seat])
    return BustChance(
        player=state.name(exp.seat), cards=bad, pile=size, chance=bad / size if size else 0.0,
        covered_by=state.rules.card_name(cover) if cover is not None else None,
    )


_OWED = {
    "en": {
        "game": "the game line", "over": "game over: {winner} won", "round": "round {round}: {dealer} deals",
        "deal": "deal: {who}'s card", "deal_or_stay": "deal: {who}'s card, or {who} stays",
        "turn": "{who}'s turn: hit or stay", "turn_hit": "{who}'s turn: hit",
        "draw": "{who}'s card {reason}", "target": "{who} must {request}: {eligible}",
    },
    "de": {
        "game": "die Spielzeile", "over": "Spiel vorbei: {winner} hat gewonnen", "round": "Runde {round}: {dealer} gibt",
        "deal": "Geben: Karte für {who}", "deal_or_stay": "Geben: Karte für {who}, oder {who} hört auf",
        "turn": "{who} ist dran: noch eine oder Stopp", "turn_hit": "{who} ist dran: noch eine",
        "draw": "Karte für {who} ({reason})", "target": "{who} muss {card} vergeben an: {eligible}",
    },
}
_DRAW_REASON_DE = {"after their hit": "nach „noch eine“"}


def owed(state: GameState, exp: Expectation, lang: str = "en") -> str:
    """What the table waits for, short: "Ana's turn: hit or stay", "deal: Cem's card",
    "Ben must give Freeze to one of: Ana, Cem" (``lang``: ``en`` or ``de``)."""
    words = _OWED[lang]
    if exp.kind == "game":
        return words["game"]
    if exp.kind == "over":
        return words["over"].format(winner=state.name(state.winner) if state.winner is not None else "?")
    if exp.kind == "round":
        return words["round"].format(round=state.rounds_finished() + 1, dealer=state.name(next_dealer(state)))
    assert exp.seat is not None
    who = state.name(exp.seat)
    rules = state.rules
    if exp.kind == "deal":
        return words["deal_or_stay" if rules.stay_refusal(state, exp.seat) is None else "deal"].format(who=who)
    if exp.kind == "turn":
        return words["turn" if rules.stay_refusal(state, exp.seat) is None else "turn_hit"].format(who=who)
    if exp.kind == "draw":
        reason = rules.draw_purpose(exp.purpose or "hit").reason
        return words["draw"].format(who=who, reason=_DRAW_REASON_DE.get(reason, reason) if lang == "de" else reason)
    eligible = ", ".join(state.name(s) for s in exp.eligible)
    card = exp.card or ""
    return words["target"].format(who=who, request=rules.target_request(card), card=rules.card_name(card), eligible=eligible)


def refusal_in(lines: list[str], line: str, error: RuleViolation, lang: str) -> str:
    """The message of a refused event in ``lang``: English is the engine's own; German is the
    referee's wording of the same violation (it retells the kept events once: refusals are rare)."""
    if lang == "en":
        return error.message
    from adjudicator.referee.ruling import settlement

    try:
        ruling = settlement("\n".join([*lines, line]), lang)
    except Exception:  # the German wording is a courtesy; the English message always stands
        return error.message
    found = [v.message for v in ruling.verdict.violations if v.event == len(lines)]
    return found[0] if found else error.message


__all__ = ["BustChance", "CardButton", "LiveTable", "LiveView", "TurnAdvice", "canonical", "card_buttons", "owed", "read_line", "refusal_in", "turn_advice"]
