"""The game told event by event: the referee observes the core's one fold and notes what each event did.

``tell(items)`` replays the log with the core's ``replay_lines`` (the rules are not touched) as its
observer and, for every event, reads what the event did from its effects (``adjudicator.effects``:
nothing is re-derived or diffed) to say what happened in ``Note``s: the card and why it came (deal, hit, card n of a Flip Three or Flip Four), the bust chance at a hit,
busts, saves by a Second Chance, Flip 7, targets, set-aside cards, the round's end with every score's
breakdown. For a violation it gathers the facts that make it apply and the moves that were legal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.effects import (
    AsideDone,
    Awaits,
    Busted,
    Discarded,
    Effect,
    Flip7,
    Kept,
    PutOut,
    RoundEnded,
    Saved,
    Scored,
    SetAside,
    Wiped,
    arrival,
)
from adjudicator.errors import RuleViolation
from adjudicator.events import Event
from adjudicator.nearest import nearest
from adjudicator.notation import statement
from adjudicator.referee.catalogue import Breakdown, Note, referee_texts, render
from adjudicator.replay import UnreadableLine, replay_lines
from adjudicator.rules import HIT, Expectation, expecting, legal_moves
from adjudicator.state import ACTIVE, BUSTED, STAYED, DrawFrame, GameState, Row, ScoreStep
from adjudicator.verdict import Verdict, Violation


@dataclass(slots=True)
class Step:
    """One event of the log as the referee saw it."""

    index: int
    line: int
    event: Event | None
    round: int
    notes: list[Note] = field(default_factory=list)
    violation: Violation | None = None
    headline: Note | None = None
    facts: list[Note] = field(default_factory=list)
    legal: list[Event] = field(default_factory=list)
    legal_any_card: str | None = None
    #: The game's ruleset (the words of its legal moves).
    ruleset: str = "flip7"
    bust_chance: tuple[int, int] | None = None


@dataclass(slots=True)
class Story:
    """The whole log told: its steps, the verdict, the final table and the reasons players went out."""

    steps: list[Step]
    verdict: Verdict
    state: GameState
    lines: dict[int, int]
    outs: dict[tuple[int, int], Note]
    saves: dict[tuple[int, int], list[Note]]

    def say(self, note: Note, lang: str) -> str:
        """``note`` as a sentence in ``lang``, the cards named as the game's ruleset names them."""
        return render(note, lang, self.lines, self.state.rules)


#: One event line to tell: (line in the file, its JSON text, a reading error to report instead).
Item = tuple[int, str, object | None]


def breakdown(state: GameState, row: Row) -> Breakdown:
    """How ``row`` scores in ``state``'s game, step by step, as its ruleset counts it (``score_steps``)."""
    return steps_told(state, tuple(state.rules.score_steps(state, row)))


def steps_told(state: GameState, steps: tuple[ScoreStep, ...]) -> Breakdown:
    """A row's score ``steps`` (a ``Scored`` effect's), with the cards named as the game's ruleset names them."""
    card_name = state.rules.card_name
    names = {c: card_name(c) for step in steps for c in step.cards if card_name(c) != c}
    return Breakdown(steps, names, referee_texts(state.rules))


def bust_chance(state: GameState, seat: int) -> tuple[int, int]:
    """(cards that would bust ``seat``, cards in the pile) for the next card, from the real draw pile.

    An empty draw pile means the next card comes after the shuffle, from today's discard pile.
    """
    pile = state.draw_pile if state.draw_size else state.discard_pile
    return state.rules.bust_cards(state.rows[seat], pile), sum(pile.values())


def describe(state: GameState, exp: Expectation) -> Note:
    """What the game waited for, as a note."""
    if exp.kind in ("game", "over"):
        return Note(f"exp_{exp.kind}")
    if exp.kind == "round":
        dealer = state.seat_of[state.game.dealer] if state.dealer is None and state.game else state.left_of(state.dealer or 0)
        return Note("exp_round", {"round": state.rounds_finished() + 1, "dealer": state.name(dealer)})
    assert exp.seat is not None
    who = state.name(exp.seat)
    if exp.kind == "deal":
        return Note("exp_deal_or_stay" if state.rows[exp.seat].has_card() else "exp_deal", {"player": who})
    if exp.kind == "turn":
        return Note("exp_turn" if state.rows[exp.seat].has_card() else "exp_turn_hit", {"player": who})
    if exp.kind == "draw":
        top = state.stack[-1]
        left = top.remaining if isinstance(top, DrawFrame) else 1
        action = top.action_card if isinstance(top, DrawFrame) and top.action_card else ""
        return Note("exp_draw_hit", {"player": who}) if exp.purpose == HIT else Note("exp_draw_owed", {"player": who, "n": left, "action_card": action})
    eligible = [state.name(s) for s in exp.eligible]
    # a purpose (pass) or a card (Steal) with words of its own
    key = referee_texts(state.rules).key("exp", exp.purpose, exp.card) or "exp_target"
    return Note(key, {"player": who, "card": exp.card, "eligible": eligible})


class _Before:
    """What the referee remembers of one row before an event (what it stood at, what covered it)."""

    __slots__ = ("status", "cover", "flip7")

    def __init__(self, state: GameState, row: Row) -> None:
        self.status = row.status
        self.cover = state.rules.bust_cover(row)
        self.flip7 = row.flip7


class _Teller:
    """The referee as an observer of the one fold (``replay_lines``): before each event it notes
    what the game waited for, after it it tells what the event did from its effects
    (``adjudicator.effects``), and for a refused event it gathers the facts and the legal moves."""

    def __init__(self, lines: dict[int, int]) -> None:
        self.state = GameState()
        self.lines = lines
        self.steps: list[Step] = []
        self.step: Step | None = None
        self.outs: dict[tuple[int, int], Note] = {}
        self.saves: dict[tuple[int, int], list[Note]] = {}
        #: What each wipe threw out, per round and seat: (event, cards).
        self.wiped: dict[tuple[int, int], list[tuple[int, tuple[str, ...]]]] = {}
        #: The event of the last card each seat received, per round (a save on it ended their turn).
        self.last_card: dict[tuple[int, int], int] = {}
        #: Every draw of several cards seen (a Flip Three, a Flip Four), with the number of cards it owed.
        self.draw_sizes: dict[int, tuple[DrawFrame, int]] = {}
        self._exp: Expectation = Expectation("game")
        self._draw: DrawFrame | None = None
        self._draw_left = 0
        self._before: list[_Before] = []

    def _new_step(self, state: GameState, index: int, event: Event | None) -> Step:
        step = Step(index, self.lines[index], event, state.round if state.in_round else state.round + 1)
        if event is not None:
            if event.type in ("round", "score", "position"):
                step.round = event.round
            elif event.type == "end" or not state.in_round and event.type != "round" and state.round:
                step.round = state.round
        self.step = step
        return step

    # -- the observer ---------------------------------------------------------------------------
    def event_line(self, index: int, line: int) -> None:
        """Event ``index`` is on ``line`` (the replay says so before anything else)."""
        self.lines[index] = line

    def before(self, state: GameState, event: Event, index: int) -> None:
        """Note what the game waits for, and each row as it stands, before ``event``."""
        self.state = state
        self._new_step(state, index, event)
        self._exp = expecting(state)
        top = state.stack[-1] if state.stack else None
        self._draw = top if isinstance(top, DrawFrame) and top.purpose != HIT else None
        self._draw_left = self._draw.remaining if self._draw is not None else 0
        self._before = [_Before(state, r) for r in state.rows]

    def after(self, state: GameState, event: Event, index: int) -> None:
        """Tell what ``event`` did (``state.effects``)."""
        assert self.step is not None
        self.tell(self.step, event, state.effects or [])

    def refused(self, state: GameState, event: Event | None, index: int, error: RuleViolation) -> None:
        """Explain a refused event from the table as it stood before it."""
        self.state = state
        step = self.step if self.step is not None and self.step.index == index else self._new_step(state, index, event)
        step.violation = Violation.at(index, step.line, error, [self.lines[i] for i in range(index + 1)])
        self.explain(step, event, error)

    def judged(self, state: GameState, index: int, applied: int, stopped_by: Violation | None) -> None:
        """The event line is judged: its step is told (none past a fatal violation)."""
        self.state = state
        if self.step is not None and self.step.index == index:
            self.steps.append(self.step)
        self.step = None

    # -- telling what an event did ----------------------------------------------------------------
    def tell(self, step: Step, event: Event, effects: list[Effect]) -> None:
        """The notes of an applied event, from what it did."""
        state = self.state
        exp, draw, draw_left, before = self._exp, self._draw, self._draw_left, self._before
        for frame in state.stack:
            if isinstance(frame, DrawFrame) and frame.purpose != HIT and id(frame) not in self.draw_sizes:
                self.draw_sizes[id(frame)] = (frame, frame.remaining)
        end = next((e for e in effects if isinstance(e, RoundEnded)), None)
        ended = end is not None
        after = state.history[-1].rows if ended else state.rows
        round_no = end.round if end is not None else state.round
        notes = step.notes
        noted: set[int] = set()
        kind = event.type
        ev: Any = event
        if kind == "game":
            g = state.game
            assert g is not None
            goal = Note("goal_rounds", {"rounds": g.rounds}) if g.rounds else Note("goal_target", {"target": g.target})
            notes.append(Note("game", {"players": list(state.players), "dealer": g.dealer, "goal": goal}))
        elif kind == "round":
            assert state.dealer is not None
            notes.append(Note("round", {"round": state.round, "dealer": state.name(state.dealer), "first": state.name(state.left_of(state.dealer))}))
        elif kind == "hit":
            seat = state.seat_of[ev.player]
            bad, size = bust_chance(state, seat)
            step.bust_chance = (bad, size)
            chance = {"bad": bad, "size": size, "pct": (bad, size)}
            cover = state.rules.bust_cover(state.rows[seat])
            if cover is not None and bad:
                sentence = Note("chance_covered", {**chance, "cover_card": cover})
            else:
                sentence = Note("chance", chance) if bad else Note("chance_none")
            notes.append(Note("hit", {"player": ev.player, "chance": sentence}))
        elif kind == "card":
            self._card(step, ev, exp, draw, draw_left, effects, ended)
        elif kind == "stay":
            seat = state.seat_of[ev.player]
            notes.append(Note("stay", {"player": ev.player, "score": state.rules.score_now(state, after[seat])}))
            self.outs[(round_no, seat)] = Note("out_stayed", {"player": ev.player, "at": step.index})
            noted.add(seat)
        elif kind == "target":
            seat = state.seat_of[ev.target]
            fields = {k: v for k, v in ev.__dict__.items() if k != "type" and v is not None}
            own = referee_texts(state.rules)
            key = own.key("t", exp.purpose, ev.card) or "t_give"
            if ev.target == ev.player and own.key(key, "self"):
                key += "_self"
            notes.append(Note(key, {**fields, "score": state.rules.score_now(state, after[seat])}))
            out = next((e for e in effects if isinstance(e, PutOut) and e.seat == seat and e.status not in (STAYED, BUSTED)), None)
            if out is not None:
                self.outs[(round_no, seat)] = Note(own.key("out", out.status) or "out_put_out", {"player": ev.target, "by": ev.player, "at": step.index})
                noted.add(seat)
        elif kind == "position":
            self._position(step)
        elif kind == "shuffle":
            notes.append(Note("shuffle", {"size": state.draw_size}))
        elif kind == "score":
            notes.append(Note("score_ok", {"round": ev.round}))
        elif kind == "end":
            notes.append(Note("end_ok", {"winner": ev.winner}))
        if kind in ("card", "target") and before:
            self._changes(step, ev, draw, draw_left, before, effects, end, noted)
        if kind in ("card", "target") and not (end is not None and end.ended_by == "flip7"):
            for done in effects:
                if isinstance(done, AsideDone):
                    key = {"dropped": "dropped", "kept": "first_edition"}.get(done.fate, "resolve")
                    notes.append(Note(key, {"player": state.name(done.seat), "cards": list(done.cards)}))
        if end is not None:
            self._round_over(notes, end, [e for e in effects if isinstance(e, Scored)])

    def _position(self, step: Step) -> None:
        state = self.state
        assert state.dealer is not None
        rows_text = []
        for seat, name in enumerate(state.players):
            row = state.rows[seat]
            cards = " ".join(state.rules.card_name(c) for c in row.table_cards()) or "-"
            if row.status != ACTIVE:
                self.outs[(state.round, seat)] = Note("out_position", {"player": name, "how": Note(f"outcome_{row.status}"), "at": step.index})
                rows_text.append(Note("position_row_out", {"player": name, "cards": cards, "how": Note(f"outcome_{row.status}")}))
            else:
                rows_text.append(Note("position_row", {"player": name, "cards": cards}))
        turn = expecting(state)
        step.notes.append(Note("position", {
            "round": state.round, "dealer": state.name(state.dealer), "rows": rows_text,
            "turn": state.name(turn.seat) if turn.seat is not None else "?", "size": state.draw_size,
            "totals": [f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True)],
        }))

    def _changes(
        self, step: Step, ev: Any, draw: DrawFrame | None, draw_left: int, before: list[_Before], effects: list[Effect],
        end: RoundEnded | None, noted: set[int],
    ) -> None:
        """What the card or target did to every row: busts, wipes, saves, Flip 7s, players put out."""
        state = self.state
        round_no = step.round
        for seat, was in enumerate(before):
            name = state.name(seat)
            mine = [e for e in effects if getattr(e, "seat", None) == seat]
            own_draw = draw is not None and draw.seat == seat and ev.type == "card"
            action = {"action_card": draw.action_card} if own_draw and draw is not None and draw.action_card else {}
            bust = next((e for e in mine if isinstance(e, Busted)), None)
            if bust is not None and was.status != BUSTED:
                number = state.rules.card_name(bust.card)
                key = "bust_taken" if ev.type == "target" else "bust_owed" if action and draw_left > 1 else "bust"
                step.notes.append(Note(key, {"player": name, "number": number, **action}))
                self.outs[(round_no, seat)] = Note("out_busted_owed" if action else "out_busted", {"player": name, "number": number, "at": step.index, **action})
                noted.add(seat)
                continue
            for wipe in mine:  # the card cleared the rest of the row (an Unlucky 7), drawn or moved in
                if isinstance(wipe, Wiped) and wipe.cards:
                    step.notes.append(Note("row_cleared", {"player": name, "card": wipe.card, "cards": list(wipe.cards), "n": len(wipe.cards)}))
                    self.wiped.setdefault((round_no, seat), []).append((step.index, wipe.cards))
            for save in mine:
                if isinstance(save, Saved):
                    number = state.rules.card_name(save.card)
                    more_owed = bool(action) and draw_left > 1
                    step.notes.append(Note("sc_saved_owed" if more_owed else "sc_saved", {"player": name, "number": number, "cover_card": save.cover, **action}))
                    self.saves.setdefault((round_no, seat), []).append(Note("sc_used_fact", {"player": name, "number": number, "at": step.index, "cover_card": save.cover}))
            if any(isinstance(e, Flip7) for e in mine) and not was.flip7:
                step.notes.append(Note("flip7" if end is not None else "flip7_choice", {"player": name}))
                self.outs[(round_no, seat)] = Note("out_flip7", {"player": name, "at": step.index})
                noted.add(seat)
                continue
            out = next((e for e in mine if isinstance(e, PutOut)), None)
            if seat in noted or out is None or was.status != ACTIVE:
                continue
            if out.status == STAYED:  # made to stay by an action (Just One More)
                self.outs[(round_no, seat)] = Note("out_made_stay", {"player": name, "at": step.index})
            else:  # put out by an action without a target event of its own (assign_first)
                key = referee_texts(state.rules).key("out", out.status) or "out_put_out"
                self.outs[(round_no, seat)] = Note(key, {"player": name, "by": ev.player if ev.type == "target" else "?", "at": step.index})

    def _card(self, step: Step, ev: Any, exp: Expectation, draw: DrawFrame | None, draw_left: int, effects: list[Effect], ended: bool) -> None:
        state = self.state
        notes = step.notes
        seat = state.seat_of[ev.player]
        self.last_card[(step.round, seat)] = step.index
        if exp.kind == "deal":
            notes.append(Note("deal_card", {"player": ev.player, "card": ev.card}))
        elif draw is not None:
            _, size = self.draw_sizes.get(id(draw), (draw, draw.remaining))
            notes.append(Note("owed_card", {"player": ev.player, "card": ev.card, "n": size - draw_left + 1, "size": size, "action_card": draw.action_card or ""}))
        else:
            notes.append(Note("hit_card", {"player": ev.player, "card": ev.card}))
        if ended:
            return
        did = arrival(effects, seat, ev.card)
        if isinstance(did, Kept):
            notes.append(Note("sc_kept", {"player": ev.player, "cover_card": ev.card}))
        elif isinstance(did, SetAside) and draw is not None:
            notes.append(Note("set_aside", {"card": ev.card, "size": self.draw_sizes.get(id(draw), (draw, 0))[1], "action_card": draw.action_card or ""}))
        elif isinstance(did, Awaits):
            now = expecting(state)
            if now.kind == "target" and now.card == ev.card and now.seat == seat:
                key = referee_texts(state.rules).key("needs", now.purpose, ev.card) or "needs_target"
                notes.append(Note(key, {"player": ev.player, "card": ev.card, "eligible": [state.name(s) for s in now.eligible]}))
        elif isinstance(did, Discarded):
            key = referee_texts(state.rules).key("discarded", ev.card) or "discarded_unused"
            notes.append(Note(key, {"player": ev.player, "card": ev.card}))
        # a number or modifier laid in the row (or busting, saved, clearing it): told with the row's changes

    def _round_over(self, notes: list[Note], end: RoundEnded, scored: list[Scored]) -> None:
        state = self.state
        if end.ended_by == "flip7" and end.flip7_seat is not None:
            notes.append(Note("round_over_flip7", {"round": end.round, "player": state.name(end.flip7_seat)}))
        else:
            notes.append(Note("round_over_all", {"round": end.round}))
        for score in scored:
            notes.append(Note("score_line", {"player": state.name(score.seat), "breakdown": steps_told(state, score.steps)}))
        notes.append(Note("totals", {"totals": [f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True)]}))
        if state.over and state.winner is not None:
            notes.append(Note("game_over", {"winner": state.name(state.winner), "total": state.totals[state.winner]}))
        elif state.game is not None and state.totals and (state.rounds_finished() >= (state.game.rounds or 10**9) or max(state.totals) >= state.game.target and state.game.rounds is None):
            top = max(state.totals)
            notes.append(Note("tie", {"players": [n for n, t in zip(state.players, state.totals, strict=True) if t == top], "total": top}))

    # -- violations -----------------------------------------------------------------------------
    def explain(self, step: Step, event: Event | None, error: RuleViolation) -> None:
        """The headline, the facts and the legal moves of a violation, from the table before it."""
        state = self.state
        code = error.code
        ev: Any = event
        exp = expecting(state)
        facts = step.facts
        if event is None or code == "bad_event":
            # the reader's own words where it has them, else its text (a line that is no event at all)
            detail = error.said if isinstance(error.said, Note) else error.message.rstrip(".")
            step.headline = Note("v_bad_event", {"line": step.line, "detail": detail})
            return
        who = getattr(ev, "player", None)
        if code == "unknown_player":
            name = next((n for n in _names_in(ev) if n not in state.seat_of), "?")
            near = nearest(name, state.players)
            step.headline = (
                Note("v_unknown_player_near", {"name": name, "near": near}) if near
                else Note("v_unknown_player", {"name": name, "players": list(state.players)})
            )
        elif code == "out_of_order":
            step.headline = Note("v_out_of_order", {"what": _what(ev)})
        elif code == "wrong_player":
            step.headline = Note("v_wrong_player", {"what": _what(ev), "name": who})
            self._save_ended_turn(facts, who)
        elif code == "stay_without_card":
            step.headline = Note("v_stay_without_card", {"name": who})
        elif code == "illegal_target":
            if exp.card is not None and ev.card != exp.card:
                step.headline = Note("v_illegal_target_card", {"card": ev.card, "want_card": exp.card})
            else:  # the kit's own words where it gives them (a card taken from a row)
                step.headline = error.note or Note("v_illegal_target", {"card": ev.card, "target": ev.target})
                self._out_fact(facts, ev.target)
                facts.extend(error.facts)
        elif error.note is not None:  # a code of the kit's own: worded by the kit
            step.headline = error.note
            facts.extend(error.facts)
        elif code == "card_unavailable":
            if state.draw_size == 0:
                step.headline = Note("v_card_unavailable_empty")
            else:
                step.headline = Note("v_card_unavailable", {"name": state.rules.card_name(ev.card)})
                table = sum(r.table_cards().count(ev.card) for r in state.rows) + state.in_play().count(ev.card)
                total = state.rules.deck(state.game.decks if state.game else 1).get(ev.card, 0)
                facts.append(Note("copies", {"total": total, "name": ev.card, "table": table, "discarded": state.discard_pile.get(ev.card, 0)}))
        elif code == "score_mismatch":
            self._score_facts(step, ev)
        elif code == "winner_mismatch":
            assert state.winner is not None
            step.headline = Note("v_winner_mismatch", {"winner": state.name(state.winner), "total": state.totals[state.winner]})
            facts.append(Note("totals_fact", {"totals": [f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True)]}))
        elif code == "game_not_over":
            step.headline = Note("v_game_not_over", {"rounds": state.rounds_finished()})
            if state.totals:
                top = max(state.totals)
                leaders = [n for n, t in zip(state.players, state.totals, strict=True) if t == top]
                if len(leaders) > 1 and (state.game and (top >= state.game.target or state.game.rounds)):
                    facts.append(Note("tie_fact", {"players": leaders, "total": top}))
        if code == "out_of_order" and ev.type == "card" and exp.kind == "target" and exp.card == ev.card and exp.seat == state.seat_of.get(ev.player):
            facts.append(Note("hint_gives", {"player": ev.player, "card": ev.card, "name": ev.card}))
        if code in ("out_of_order", "wrong_player", "stay_without_card", "illegal_target", "unknown_player"):
            if who is not None and who in state.seat_of and code != "illegal_target":
                self._out_fact(facts, who)
            facts.append(Note("expected", {"expectation": describe(state, exp)}))
        if not error.is_claim:
            step.ruleset = state.rules.name if state.rules is not None else "flip7"
            moves = legal_moves(state)
            step.legal = [m for m in moves if m.type != "card"]
            cards = [m for m in moves if m.type == "card"]
            if cards:
                step.legal_any_card = cards[0].player

    def _save_ended_turn(self, facts: list[Note], name: str | None) -> None:
        """The player's last card was cancelled by a save, which ended their turn (a hit right after)."""
        state = self.state
        seat = state.seat_of.get(name) if name is not None else None
        if seat is None or not state.in_round or state.rows[seat].status != ACTIVE:
            return
        saves = self.saves.get((state.round, seat))
        if saves and saves[-1].params["at"] == self.last_card.get((state.round, seat)):
            facts.append(Note("sc_ended_turn", saves[-1].params))

    def _out_fact(self, facts: list[Note], name: str) -> None:
        state = self.state
        seat = state.seat_of.get(name)
        if seat is None or not state.in_round or state.rows[seat].status == ACTIVE:
            return
        note = self.outs.get((state.round, seat))
        if note is not None:
            facts.append(note)

    def _score_facts(self, step: Step, ev: Any) -> None:
        state = self.state
        result = state.history[ev.round - 1 - state.rounds_before]
        diffs: list[Note] = []
        for seat, name in enumerate(state.players):
            actual = result.scores[seat]
            if name not in ev.scores:
                diffs.append(Note("diff_missing", {"player": name, "actual": actual}))
            elif ev.scores[name] != actual:
                diffs.append(Note("diff", {"player": name, "actual": actual, "claimed": ev.scores[name]}))
            else:
                continue
            row = result.rows[seat]
            step.facts.append(Note("score_line", {"player": name, "breakdown": breakdown(state, row)}))
            if row.status != BUSTED:  # a save is a reason only while the row did not bust later
                step.facts.extend(self.saves.get((ev.round, seat), []))
            wipes = [Note("wipe_fact", {"player": name, "at": at, "cards": list(cards), "n": len(cards)}) for at, cards in self.wiped.get((ev.round, seat), [])]
            step.facts.extend(wipes)
            out = self.outs.get((ev.round, seat))
            if out is not None and not (wipes and row.status == STAYED):  # the wipe is the reason, not the stay
                step.facts.append(out)
        step.headline = Note("v_score_mismatch", {"round": ev.round, "diffs": diffs})


def _names_in(ev: Any) -> list[str]:
    found = [getattr(ev, key, None) for key in ("player", "target", "winner", "dealer")]
    for key in ("scores", "totals"):
        found.extend(getattr(ev, key, None) or {})
    return [n for n in found if isinstance(n, str)]


def _what(ev: Any) -> Note:
    kind = ev.type
    if kind in ("card", "hit", "stay"):
        return Note(f"what_{kind}", {"player": ev.player})
    if kind == "target":
        return Note("what_target", {"player": ev.player, "card": ev.card, "target": ev.target})
    if kind in ("round", "score"):
        return Note(f"what_{kind}", {"round": ev.round})
    return Note(f"what_{kind}")


def tell(items: Iterable[Item]) -> Story:
    """Tell a log (event lines with their file line numbers) and judge it, in one pass: the
    referee observes the core's one fold (``replay_lines``) and tells each event from its effects.

    Raises ``LogUnreadable`` for a log without events and ``UnsupportedRuleset`` for a game this
    version cannot judge, as the core's replay does.
    """
    items = list(items)
    lines = {index: line for index, (line, _, _) in enumerate(items)}
    teller = _Teller(lines)
    numbered = ((line, text if error is None else UnreadableLine(str(error))) for line, text, error in items)
    result = replay_lines(numbered, observer=teller)
    return Story(teller.steps, result.verdict, result.state, lines, teller.outs, teller.saves)


class Witness(_Teller):
    """The referee riding along a replay made for something else (the timeline's, ``check``'s):
    it tells the log as ``tell`` does, so the verdict's violations are worded in any language from
    that one replay (``words``), with no second one."""

    def __init__(self) -> None:
        super().__init__({})

    def story(self, verdict: Verdict) -> Story:
        """The log told, with the ``verdict`` of the replay watched."""
        return Story(self.steps, verdict, self.state, self.lines, self.outs, self.saves)


#: How many legal moves a ruling lists before it only counts the rest (a Swap at a big table has hundreds).
LEGAL_SHOWN = 12


def legal_statements(step: Step, lang: str) -> list[str]:
    """The legal moves of a violation's moment, as notation statements in ``lang`` (the first
    ``LEGAL_SHOWN``, then how many more there are)."""
    shown = [statement(m, lang, step.ruleset) for m in step.legal[:LEGAL_SHOWN]]
    more = len(step.legal) - LEGAL_SHOWN
    if more > 0:
        shown.append(render(Note("legal_more", {"n": more}), lang, {}))
    return shown


__all__ = ["Item", "Step", "Story", "Witness", "breakdown", "bust_chance", "describe", "legal_statements", "steps_told", "tell"]
