"""With a Vengeance's card model for the decision analysis (``adjudicator.analysis``), Brutal mode
included.

A state of one player drawing alone is a tuple ``(numbers, thirteens, halves, minus, pile, size,
owed, pending, stopped)``: the numbers in the row as a bit mask (bit n for the number n; bit 13 for
any 13), the 13s (0 none, 1 a plain 13, 2 the Lucky 13, 3 a pair), the ÷2 cards, the sum of the −N
cards, the copies left of each kind of card (packed in one integer, in the order of ``kinds``), the
pile's size, the cards still owed (``JOM_DRAW``: the one card of a Just One More; 1 … 4: the rest of
a Flip Four), the action cards waiting to be resolved (in order), and 1 once a Just One More has
stopped the player.

What each card does, as ``rules.vengeance`` rules and scores it:

- a number not in the row joins it (seven numbers are a Flip 7: the row's score plus 15 — in
  Brutal mode the maker gives the bonus to themselves — and the round is over); a duplicate busts
  (0; Brutal: minus the −N cards); the Lucky 13 allows one other 13; The Zero scores the row 0
  without a Flip 7 and forbids staying; the Unlucky 7 wipes every other number and modifier;
- a modifier is given away whenever another player may take it (another non-busted player; in
  Brutal mode anyone): it never helps its holder, so it changes nothing for the drawer's row (it
  still counts as one of a Flip Four's cards). When nobody else may take it, it is the drawer's;
- Just One More and Flip Four: the drawer gives it away (no change to the row) or takes it, which
  ever is worth more; taken, Just One More is one more card and then the player has stayed, Flip
  Four is four cards (actions and modifiers among them set aside and resolved after the four if
  the player is still in). When nobody else is in, they must be taken.

Steal, Swap and Discard change other rows and depend on them: a pile that still holds one is not
modelled exactly (``Unmodelled``) and the analysis samples the round with the rules' own engine
instead (``adjudicator.analysis.montecarlo``); ``approximate=True`` leaves them out of the pile
(as if given a use that changes nothing for the drawer), which is what the playouts' own choices
and the rating of targets use.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from adjudicator.analysis.models import Unmodelled
from adjudicator.analysis.pile import draws, pack
from adjudicator.analysis.solver import Search
from adjudicator.events import Event
from adjudicator.rulesets.vengeance.options import VengeanceOptions
from adjudicator.rulesets.vengeance.rules import (
    DISCARD,
    FLIP7_BONUS,
    FLIP7_POINTS,
    FLIP_FOUR,
    HALVE,
    JUST_ONE_MORE,
    LUCKY_13,
    MINUS_MODIFIERS,
    STEAL,
    SWAP,
    UNLUCKY_7,
    VALUE,
    is_modifier,
    modifier_takers,
)
from adjudicator.state import BUSTED, STAYED, Expectation, GameState

NUMBER, PLAIN_13, LUCKY, UNLUCKY, HALF, MINUS, ONE_MORE, FOUR = range(8)
#: ``owed`` while the one card of a Just One More is still to come.
JOM_DRAW = -1
SEVEN = 7
#: The cards a Flip Four forces.
FLIP4_CARDS = 4
#: The cards this model cannot value exactly: they act on other rows.
UNMODELLED = frozenset({STEAL, SWAP, DISCARD})

_SUMS = tuple(sum(n for n in range(13) if mask >> n & 1) + (13 if mask >> 13 & 1 else 0) for mask in range(1 << 14))
_COUNT = tuple(bin(mask).count("1") for mask in range(1 << 14))
_BIT13 = 1 << 13

State = tuple[int, int, int, int, int, int, int, tuple[tuple[int, int], ...], int]
Row = tuple[int, int, int, int]


def _kind(card: str) -> tuple[int, int] | None:
    if card == LUCKY_13:
        return LUCKY, 13
    if card == UNLUCKY_7:
        return UNLUCKY, 7
    if card == "13":
        return PLAIN_13, 13
    if card in VALUE:
        return NUMBER, VALUE[card]
    if card == HALVE:
        return HALF, 0
    if card in MINUS_MODIFIERS:
        return MINUS, -int(card)
    if card == JUST_ONE_MORE:
        return ONE_MORE, 0
    if card == FLIP_FOUR:
        return FOUR, 0
    return None


@dataclass(slots=True)
class VengeanceSolo:
    """One player drawing alone from a known pile of Vengeance cards (a ``SoloModel``).

    ``keep_modifiers``: nobody else may take a modifier (the drawer must); ``alone``: nobody else
    is in the round (Just One More and Flip Four must be taken); ``brutal``: Brutal mode's scores.
    """

    kinds: tuple[tuple[int, int], ...]
    size: int = 0
    bits: int = 4
    brutal: bool = False
    alone: bool = False
    keep_modifiers: bool = False
    #: A shuffle of the discard pile could bring more cards when the pile runs out.
    refill: bool = False

    def score(self, row: Row, flip7: bool = False) -> int:
        """The row's round score as ``rules.vengeance.row_points`` counts it (a Flip 7 with its +15)."""
        numbers, thirteens, halves, minus = row
        total = 0 if (numbers & 1 and not flip7) else _SUMS[numbers] + (13 if thirteens == 3 else 0)
        total = (total >> halves) - minus
        if not self.brutal:
            total = max(total, 0)
        return total + (FLIP7_POINTS if flip7 else 0)

    def bust(self, row: Row) -> int:
        """A busted row's score: 0, or in Brutal mode minus its −N cards."""
        return -row[3] if self.brutal else 0

    def stay(self, state: Hashable) -> float | None:
        """The row's score when the player may stay: a card in front of them, no card owed, and
        not holding The Zero (unless the pile is empty: then the player stops)."""
        numbers, thirteens, halves, minus, _, size, owed, _, _ = cast(State, state)
        if owed and size:
            return None
        if not (numbers or halves or minus):
            return None
        if numbers & 1 and size:
            return None
        return float(self.score((numbers, thirteens, halves, minus)))

    def banked(self, state: Hashable) -> float:
        """The row's score now, whether or not cards are owed."""
        s = cast(State, state)
        return float(self.score((s[0], s[1], s[2], s[3])))

    def drawn(self, state: Hashable) -> int:
        """Cards taken since the start: how much smaller the pile is."""
        return self.size - cast(State, state)[5]

    def runs_out(self, state: Hashable) -> bool:
        """True when the pile is empty here and a shuffle of the discard pile could go on."""
        return self.refill and cast(State, state)[5] == 0

    def hit(self, state: Hashable, value: Callable[[Hashable], float]) -> float | None:
        """The average, over the cards the pile holds, of the value after that card."""
        numbers, thirteens, halves, minus, pile, size, owed, pending, stopped = cast(State, state)
        if size == 0:
            return None
        row: Row = (numbers, thirteens, halves, minus)
        left = 0 if owed == JOM_DRAW else max(owed - 1, 0)
        rest = size - 1
        total = 0.0
        for kind, amount, copies, after in draws(self.kinds, pile, self.bits):
            if kind in (HALF, MINUS) and not self.keep_modifiers:  # given away: the row does not change
                if owed == JOM_DRAW:
                    got = self._go(value, row, after, rest, 0, pending, 1)
                else:
                    got = self._go(value, row, after, rest, left, pending, stopped)
            elif kind in (HALF, MINUS, ONE_MORE, FOUR):
                if owed == JOM_DRAW:  # resolved at once, by the player, who has then stayed
                    got = self._go(value, row, after, rest, 0, ((kind, amount), *pending), 1)
                elif owed:  # set aside until the Flip Four's cards are drawn
                    got = self._go(value, row, after, rest, left, (*pending, (kind, amount)), stopped)
                else:
                    got = self._go(value, row, after, rest, 0, ((kind, amount),), stopped)
            else:
                landed = self.land(row, kind, amount)
                if landed is None:
                    got = self.bust(row)
                elif _COUNT[landed[0]] + (landed[1] == 3) >= SEVEN:
                    got = self.score(landed, flip7=True)
                else:
                    got = self._go(value, landed, after, rest, left, pending, 1 if owed == JOM_DRAW else stopped)
            total += copies * got
        return total / size

    @staticmethod
    def land(row: Row, kind: int, amount: int) -> Row | None:
        """The row once a number card arrives, or None when it busts."""
        numbers, thirteens, halves, minus = row
        if kind == UNLUCKY:
            return (1 << 7, 0, 0, 0)
        if kind == NUMBER:
            bit = 1 << amount
            return None if numbers & bit else (numbers | bit, thirteens, halves, minus)
        if kind == PLAIN_13:
            grown = {0: 1, 2: 3}.get(thirteens)
        else:
            grown = {0: 2, 1: 3, 2: 3}.get(thirteens)
        return None if grown is None else (numbers | _BIT13, grown, halves, minus)

    def _go(
        self, value: Callable[[Hashable], float], row: Row, pile: int, size: int, owed: int,
        pending: tuple[tuple[int, int], ...], stopped: int,
    ) -> float:
        """Carry on once a card has been dealt with: the cards still owed, then the waiting actions
        (each given away or taken, whichever is worth more), then stop or decide again."""
        if owed and size:
            return value((*row, pile, size, owed, pending, stopped))
        if pending:
            (kind, amount), later = pending[0], pending[1:]
            if kind in (HALF, MINUS):  # only kept when nobody else may take it
                numbers, thirteens, halves, minus = row
                grown = (numbers, thirteens, halves + 1, minus) if kind == HALF else (numbers, thirteens, halves, minus + amount)
                return self._go(value, grown, pile, size, 0, later, stopped)
            taken = self._go(value, row, pile, size, JOM_DRAW if kind == ONE_MORE else FLIP4_CARDS, later, stopped)
            if self.alone:
                return taken
            return max(taken, self._go(value, row, pile, size, 0, later, stopped))
        if stopped:
            return float(self.score(row))
        return value((*row, pile, size, 0, (), 0))


def _row_of(numbers: Iterable[str], modifiers: Iterable[str]) -> Row:
    mask = thirteens = halves = minus = 0
    for card in numbers:
        if card in ("13", LUCKY_13):
            thirteens = 3 if thirteens else (2 if card == LUCKY_13 else 1)
            mask |= _BIT13
        else:
            mask |= 1 << VALUE[card]
    for card in modifiers:
        if card == HALVE:
            halves += 1
        elif is_modifier(card):
            minus -= int(card)
    return mask, thirteens, halves, minus


def solo_start(
    numbers: Sequence[str], modifiers: Sequence[str], pile: Mapping[str, int], *, alone: bool,
    keep_modifiers: bool, brutal: bool, approximate: bool = False, refill: bool = False,
) -> tuple[VengeanceSolo, State]:
    """The model and start state for a row drawing alone from ``pile``. ``alone``: nobody else is
    in the round; ``keep_modifiers``: nobody else may take a modifier. Raises ``Unmodelled`` when
    the pile holds Steal, Swap or Discard (unless ``approximate``: then they are left out)."""
    kinds: list[tuple[int, int]] = []
    counts: list[int] = []
    for card, copies in pile.items():
        if copies <= 0:
            continue
        if card in UNMODELLED:
            if approximate:
                continue
            raise Unmodelled(f"the pile still holds {copies} {card} card(s), which act on other rows")
        kind = _kind(card)
        if kind is None:
            continue
        kinds.append(kind)
        counts.append(copies)
    packed, bits = pack(counts)
    size = sum(counts)
    model = VengeanceSolo(tuple(kinds), size, bits, brutal, alone, keep_modifiers, refill)
    return model, (*_row_of(numbers, modifiers), packed, size, 0, (), 0)


def _pile(state: GameState) -> dict[str, int]:
    return state.draw_pile if state.draw_size else state.discard_pile


def _brutal(state: GameState) -> bool:
    return isinstance(state.game, VengeanceOptions) and state.game.brutal


def start_of(state: GameState, seat: int, *, approximate: bool = False) -> tuple[VengeanceSolo, State]:
    """The model and start state for ``seat`` now: its row and the draw pile (or the discard pile a
    shuffle would make of it when it is empty). Raises ``Unmodelled`` (see ``solo_start``)."""
    row = state.rows[seat]
    alone = not any(r.status != BUSTED for i, r in enumerate(state.rows) if i != seat)
    keep = not any(s != seat for s in modifier_takers(state))
    # cards that leave the rows during the round reach the discard pile: a run-out pile may go on
    return solo_start(list(row.numbers), list(row.modifiers), _pile(state), alone=alone, keep_modifiers=keep,
                      brutal=_brutal(state), approximate=approximate, refill=True)


#: Piles this small are played out with the exact model's choices (else one card of look-ahead).
EXACT_PLAYOUT_PILE = 10
#: How many cards deep a row's round value looks when targets are rated (then: stay where one may).
TARGET_HORIZON = 1


def round_value(state: GameState, seat: int) -> float:
    """``seat``'s round value for rating targets: the score of a row that stayed or busted, else
    the best expected score drawing alone (Steal, Swap and Discard left out; a look-ahead
    ``TARGET_HORIZON`` cards deep)."""
    row = state.rows[seat]
    if row.status in (BUSTED, STAYED):
        return float(state.rules.score_now(state, row))
    model, start = start_of(state, seat, approximate=True)
    return Search(model, horizon=TARGET_HORIZON).value(start)


def given(state: GameState, exp: Expectation, seat: int) -> None:
    """Vengeance rates its targets move by move (``rate_moves``), not by recipient alone."""
    return None


def rate_moves(state: GameState, exp: Expectation, moves: Sequence[Event], budget: int = 2_000) -> list[float]:
    """What each legal ``target`` move is worth to its holder: the change of the holder's round
    value minus the changes of the other rows it touches (the rules apply the move to a copy of the
    table). Just One More and Flip Four are valued with the cards they force."""
    from adjudicator.analysis.montecarlo import table_copy
    from adjudicator.rules.engine import apply

    holder = exp.seat
    assert holder is not None
    cache: dict[Any, float] = {}

    def worth(table: GameState, seat: int) -> float:
        row = table.rows[seat]
        key = (seat, tuple(row.numbers), tuple(row.modifiers), row.status, tuple(sorted(_pile(table).items())))
        if key not in cache:
            cache[key] = round_value(table, seat)
        return cache[key]

    before = [worth(state, s) for s in range(len(state.players))]
    rated: list[float] = []
    for move in moves:
        card = getattr(move, "card", None)
        target = state.seat_of.get(getattr(move, "target", ""), holder)
        if card == FLIP7_BONUS:
            rated.append(float(FLIP7_POINTS))  # +15 to oneself or -15 to another: the same difference
            continue
        if card in (JUST_ONE_MORE, FLIP_FOUR):
            model, start = start_of(state, target, approximate=True)
            stays = card == JUST_ONE_MORE or state.rows[target].status == STAYED
            forced = (*start[:6], JOM_DRAW if card == JUST_ONE_MORE else FLIP4_CARDS, (), int(stays))
            change = Search(model, horizon=TARGET_HORIZON + 1).value(forced) - before[target]
            rated.append(change if target == holder else -change)
            continue
        table = table_copy(state)
        try:
            apply(table, move, state.events_applied)
        except Exception:  # noqa: BLE001 - a move the rules refuse is worth nothing to rate
            rated.append(0.0)
            continue
        total = 0.0
        for seat in range(len(state.players)):
            if table.in_round:
                now = worth(table, seat)
            else:  # the move ended the round (a Flip 7 by Swap or Steal)
                now = float(table.history[-1].scores[seat])
            change = now - before[seat]
            total += change if seat == holder else -change
        rated.append(total)
    return rated


def hit_now(state: GameState, seat: int, memo: dict[Any, bool]) -> bool:
    """The playouts' choice for the analysed player: hit when one card more, valued by the model
    (Steal, Swap and Discard left out; one card, then the row as it stands), beats staying; on a
    pile of at most ``EXACT_PLAYOUT_PILE`` cards, when the exact model says so."""
    row = state.rows[seat]
    pile = _pile(state)
    key = (tuple(row.numbers), tuple(row.modifiers), tuple(sorted((c, k) for c, k in pile.items() if k)))
    got = memo.get(key)
    if got is None:
        model, start = start_of(state, seat, approximate=True)
        if model.size <= EXACT_PLAYOUT_PILE:  # small enough to play the rest exactly
            stay, hit = Search(model).options(start)
            got = stay is None or (hit is not None and hit > stay + 1e-12)
            memo[key] = got
            return got

        def then_stop(after: Hashable) -> float:
            banked = model.stay(after)
            return model.banked(after) if banked is None else banked

        stay, hit = model.stay(start), model.hit(start, then_stop)
        got = stay is None or (hit is not None and hit > stay)
        memo[key] = got
    return got


def choose_target(state: GameState, seat: int, moves: Sequence[Event], own: bool) -> Event:
    """A target in a playout: the analysed player gives the Flip 7 bonus to themselves (their round
    value), takes a Just One More or Flip Four only when the model says it raises their round value
    (else gives it to another), and otherwise makes the simulator's smart choice, as everybody else
    does."""
    from adjudicator.rulesets.vengeance.simulate import best_target
    from adjudicator.simulate.view import PlayerView

    card = getattr(moves[0], "card", None) if moves else None
    mine = state.name(seat)
    if own and card == FLIP7_BONUS:
        return next((m for m in moves if getattr(m, "target", None) == mine), moves[0])
    if own and card in (JUST_ONE_MORE, FLIP_FOUR) and len(moves) > 1:
        # the analysed player's own round value decides: take it only when the model says so
        model, start = start_of(state, seat, approximate=True)
        stays = card == JUST_ONE_MORE or state.rows[seat].status == STAYED
        forced = (*start[:6], JOM_DRAW if card == JUST_ONE_MORE else FLIP4_CARDS, (), int(stays))
        search = Search(model) if model.size <= EXACT_PLAYOUT_PILE else Search(model, horizon=TARGET_HORIZON)
        take = search.value(forced) > search.value(start) + 1e-12
        if not take:
            others = [m for m in moves if getattr(m, "target", None) != mine]
            return cast(Event, best_target(PlayerView(state, seat), others or moves))
        return next(m for m in moves if getattr(m, "target", None) == mine)
    return cast(Event, best_target(PlayerView(state, seat), moves))


__all__ = ["VengeanceSolo", "choose_target", "given", "hit_now", "rate_moves", "round_value", "solo_start", "start_of"]
