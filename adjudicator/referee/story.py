"""The game told event by event: a replay over the core's public API that notes what each event did.

``tell(items)`` folds the log over one ``GameState`` with the core's ``apply`` (the rules are not
touched) and, for every event, compares the table before and after it to say what happened in
``Note``s: the card and why it came (deal, hit, card n of a Flip Three), the bust chance at a hit,
busts, saves by a Second Chance, Flip 7, targets, set-aside cards, the round's end with every score's
breakdown. For a violation it gathers the facts that make it apply and the moves that were legal.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.cards import CARD_LABELS, FLIP_THREE, FREEZE, SECOND_CHANCE, deck_counts, is_number
from adjudicator.errors import RuleViolation
from adjudicator.events import Event, parse_event
from adjudicator.notation import statement
from adjudicator.referee.catalogue import Breakdown, Note
from adjudicator.replay import build_verdict
from adjudicator.rules import HIT, Expectation, apply, expecting, legal_moves
from adjudicator.state import ACTIVE, BUSTED, STAYED, DrawFrame, GameState, Row
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


#: One event line to tell: (line in the file, its JSON text, a reading error to report instead).
Item = tuple[int, str, object | None]


def breakdown(row: Row, score: int | None = None) -> Breakdown:
    """How ``row`` scores, step by step (see ``Breakdown``); ``score`` is the ruleset's count of it."""
    return Breakdown(tuple(row.numbers), tuple(row.modifiers), row.status == BUSTED, row.flip7, score)


def _holds_second_chance(row: Row) -> bool:
    return bool(getattr(row, "second_chance", False))


def row_score(state: GameState, row: Row) -> int:
    """The score a row stands at now, as the game's ruleset counts it (0 when busted)."""
    return state.rules.row_score(row)


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
        return Note("exp_draw_hit", {"player": who}) if exp.purpose == "hit" else Note("exp_draw_flip3", {"player": who, "n": left})
    eligible = [state.name(s) for s in exp.eligible]
    if exp.purpose == "pass":
        return Note("exp_pass", {"player": who, "eligible": eligible})
    return Note("exp_target", {"player": who, "card": exp.card, "eligible": eligible})


class _Teller:
    def __init__(self) -> None:
        self.state = GameState()
        self.outs: dict[tuple[int, int], Note] = {}
        self.saves: dict[tuple[int, int], list[Note]] = {}

    # -- before / after ----------------------------------------------------------------------
    def tell(self, step: Step, event: Event) -> None:
        state = self.state
        exp = expecting(state)
        top = state.stack[-1] if state.stack else None
        remaining = top.remaining if isinstance(top, DrawFrame) else 0
        saved = state.rules.busts_saved if state.game is not None else None
        rows = [(r.status, _holds_second_chance(r), saved(r) if saved else 0) for r in state.rows]
        flip3_frames = [f for f in state.stack if isinstance(f, DrawFrame) and f.purpose != HIT]
        rounds_before = len(state.history)
        round_no = state.round
        apply(state, event, step.index)
        ended = len(state.history) > rounds_before
        after = state.history[-1].rows if ended else state.rows
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
            if _holds_second_chance(state.rows[seat]) and bad:
                sentence = Note("chance_covered", chance)
            else:
                sentence = Note("chance", chance) if bad else Note("chance_none")
            notes.append(Note("hit", {"player": ev.player, "chance": sentence}))
        elif kind == "card":
            self._card(step, ev, exp, remaining, rows, after, ended, noted)
        elif kind == "stay":
            seat = state.seat_of[ev.player]
            notes.append(Note("stay", {"player": ev.player, "score": row_score(state, after[seat])}))
            self.outs[(round_no, seat)] = Note("out_stayed", {"player": ev.player, "at": step.index})
            noted.add(seat)
        elif kind == "target":
            seat = state.seat_of[ev.target]
            if exp.purpose == "pass":
                notes.append(Note("pass", {"player": ev.player, "target": ev.target}))
            elif exp.purpose == "name":
                notes.append(Note("name", {"player": ev.player, "target": ev.target, "card": ev.card}))
            elif ev.card == FREEZE:
                notes.append(Note("freeze", {"player": ev.player, "target": ev.target, "score": row_score(state, after[seat])}))
                self.outs[(round_no, seat)] = Note("out_frozen", {"player": ev.target, "by": ev.player, "at": step.index})
                noted.add(seat)
            else:
                notes.append(Note("flip3", {"player": ev.player, "target": ev.target}))
        elif kind == "position":
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
            notes.append(Note("position", {
                "round": state.round, "dealer": state.name(state.dealer), "rows": rows_text,
                "turn": state.name(turn.seat) if turn.seat is not None else "?", "size": state.draw_size,
                "totals": [f"{n} {t}" for n, t in zip(state.players, state.totals, strict=True)],
            }))
        elif kind == "shuffle":
            notes.append(Note("shuffle", {"size": state.draw_size}))
        elif kind == "score":
            notes.append(Note("score_ok", {"round": ev.round}))
        elif kind == "end":
            notes.append(Note("end_ok", {"winner": ev.winner}))
        if kind in ("card", "target") and not (ended and state.history[-1].ended_by == "flip7"):
            for frame in flip3_frames:
                if any(f is frame for f in state.stack) or not frame.set_aside:
                    continue
                who = state.name(frame.seat)
                if after[frame.seat].status == BUSTED:
                    first = state.game is not None and state.game.edition == "first"
                    notes.append(Note("first_edition" if first else "dropped", {"player": who, "cards": list(frame.set_aside)}))
                else:
                    notes.append(Note("resolve", {"player": who, "cards": list(frame.set_aside)}))
        for seat, (status, _, _) in enumerate(rows):
            if seat in noted or status != ACTIVE or after[seat].status == ACTIVE:
                continue
            if after[seat].status not in (STAYED, BUSTED):  # put out by an action without a target event of its own (assign_first)
                self.outs[(round_no, seat)] = Note("out_frozen", {"player": state.name(seat), "by": ev.player if kind == "target" else "?", "at": step.index})
        if ended:
            self._round_over(notes, round_no)

    def _card(self, step: Step, ev: Any, exp: Expectation, remaining: int, rows: list[tuple[str, bool, int]], after: list[Row], ended: bool, noted: set[int]) -> None:
        state = self.state
        notes = step.notes
        seat = state.seat_of[ev.player]
        round_no = step.round
        in_flip3 = exp.kind == "draw" and exp.purpose != HIT
        if exp.kind == "deal":
            notes.append(Note("deal_card", {"player": ev.player, "card": ev.card}))
        elif in_flip3:
            notes.append(Note("flip3_card", {"player": ev.player, "card": ev.card, "n": 4 - remaining}))
        else:
            notes.append(Note("hit_card", {"player": ev.player, "card": ev.card}))
        row = after[seat]
        status, had_sc, used = rows[seat]
        if is_number(ev.card):
            if status == ACTIVE and row.status == BUSTED:
                notes.append(Note("bust_flip3" if in_flip3 and remaining > 1 else "bust", {"player": ev.player, "number": ev.card}))
                self.outs[(round_no, seat)] = Note("out_busted_flip3" if in_flip3 else "out_busted", {"player": ev.player, "number": ev.card, "at": step.index})
                noted.add(seat)
            elif state.rules.busts_saved(row) > used:
                notes.append(Note("sc_saved_flip3" if in_flip3 and remaining > 1 else "sc_saved", {"player": ev.player, "number": ev.card}))
                self.saves.setdefault((round_no, seat), []).append(Note("sc_used_fact", {"player": ev.player, "number": ev.card, "at": step.index}))
            if row.flip7:
                notes.append(Note("flip7", {"player": ev.player}))
                self.outs[(round_no, seat)] = Note("out_flip7", {"player": ev.player, "at": step.index})
                noted.add(seat)
        elif ev.card == SECOND_CHANCE:
            if not had_sc:
                notes.append(Note("sc_kept", {"player": ev.player}))
            else:
                now = expecting(state)
                if now.kind == "target" and now.purpose == "pass":
                    notes.append(Note("sc_pass", {"player": ev.player, "eligible": [state.name(s) for s in now.eligible]}))
                else:
                    notes.append(Note("sc_discarded", {"player": ev.player}))
        elif ev.card in (FREEZE, FLIP_THREE):
            if in_flip3:
                notes.append(Note("set_aside", {"card": ev.card}))
            elif not ended:
                now = expecting(state)
                notes.append(Note("needs_target", {"player": ev.player, "card": ev.card, "eligible": [state.name(s) for s in now.eligible]}))

    def _round_over(self, notes: list[Note], round_no: int) -> None:
        state = self.state
        result = state.history[-1]
        if result.ended_by == "flip7" and result.flip7_seat is not None:
            notes.append(Note("round_over_flip7", {"round": round_no, "player": state.name(result.flip7_seat)}))
        else:
            notes.append(Note("round_over_all", {"round": round_no}))
        for seat, row in enumerate(result.rows):
            notes.append(Note("score_line", {"player": state.name(seat), "breakdown": breakdown(row, result.scores[seat])}))
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
            step.headline = Note("v_bad_event", {"line": step.line, "detail": error.message.rstrip(".")})
            return
        who = getattr(ev, "player", None)
        if code == "unknown_player":
            name = next((n for n in _names_in(ev) if n not in state.seat_of), "?")
            near = difflib.get_close_matches(name, list(state.players), n=1, cutoff=0.6)
            step.headline = (
                Note("v_unknown_player_near", {"name": name, "near": near[0]}) if near
                else Note("v_unknown_player", {"name": name, "players": list(state.players)})
            )
        elif code == "out_of_order":
            step.headline = Note("v_out_of_order", {"what": _what(ev)})
        elif code == "wrong_player":
            step.headline = Note("v_wrong_player", {"what": _what(ev), "name": who})
        elif code == "stay_without_card":
            step.headline = Note("v_stay_without_card", {"name": who})
        elif code == "illegal_target":
            if exp.card is not None and ev.card != exp.card:
                step.headline = Note("v_illegal_target_card", {"card": ev.card, "want_card": exp.card})
            else:
                step.headline = Note("v_illegal_target", {"card": ev.card, "target": ev.target})
                self._out_fact(facts, ev.target)
                seat = state.seat_of.get(ev.target)
                if exp.purpose == "pass" and seat is not None and _holds_second_chance(state.rows[seat]):
                    facts.append(Note("holds_sc", {"player": ev.target}))
        elif code == "card_unavailable":
            if state.draw_size == 0:
                step.headline = Note("v_card_unavailable_empty")
            else:
                step.headline = Note("v_card_unavailable", {"name": CARD_LABELS.get(ev.card, ev.card)})
                table = sum(r.table_cards().count(ev.card) for r in state.rows) + state.in_play().count(ev.card)
                total = deck_counts(state.game.decks if state.game else 1).get(ev.card, 0)
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
            moves = legal_moves(state)
            step.legal = [m for m in moves if m.type != "card"]
            cards = [m for m in moves if m.type == "card"]
            if cards:
                step.legal_any_card = cards[0].player

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
            step.facts.append(Note("score_line", {"player": name, "breakdown": breakdown(result.rows[seat], actual)}))
            step.facts.extend(self.saves.get((ev.round, seat), []))
            out = self.outs.get((ev.round, seat))
            if out is not None:
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
    """Tell a log (event lines with their file line numbers) and judge it, in one pass.

    Raises ``LogUnreadable`` for a log without events and ``UnsupportedRuleset`` for a game this
    version cannot judge, as the core's replay does.
    """
    from adjudicator.errors import LogUnreadable

    teller = _Teller()
    steps: list[Step] = []
    violations: list[Violation] = []
    lines: dict[int, int] = {}
    fatal = False
    index = -1
    parse: Callable[[str], Event] = parse_event
    for line_no, text, error in items:
        index += 1
        lines[index] = line_no
        if fatal:
            continue
        step = Step(index, line_no, None, teller.state.round if teller.state.in_round else teller.state.round + 1)
        event: Event | None = None
        try:
            if error is not None:
                raise RuleViolation("bad_event", "log.line", str(error))
            event = parse(text)
            step.event = event
            if event.type in ("round", "score", "position"):
                step.round = event.round
            elif event.type == "end" or not teller.state.in_round and event.type != "round" and teller.state.round:
                step.round = teller.state.round
            teller.tell(step, event)
            if event.type == "game":  # from here on, lines are read as the game's ruleset says
                parse = teller.state.rules.parse
        except RuleViolation as exc:
            violation = Violation.at(index, line_no, exc, [lines[i] for i in range(index + 1)])
            violations.append(violation)
            step.violation = violation
            teller.explain(step, event, exc)
            fatal = not exc.is_claim
        steps.append(step)
    if index < 0:
        raise LogUnreadable("the log is empty: it holds no events (only blank or comment lines, or nothing)")
    verdict = build_verdict(teller.state, index + 1, violations)
    return Story(steps, verdict, teller.state, lines, teller.outs, teller.saves)


def legal_statements(step: Step, lang: str) -> list[str]:
    """The legal moves of a violation's moment, as notation statements in ``lang``."""
    return [statement(m, lang) for m in step.legal]


__all__ = ["Item", "Step", "Story", "breakdown", "bust_chance", "describe", "legal_statements", "row_score", "tell"]
