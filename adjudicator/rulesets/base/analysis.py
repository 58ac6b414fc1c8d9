"""The base game's card model for the decision analysis (``adjudicator.analysis``).

A state of one player drawing alone is a tuple ``(numbers, pile, size, plus, doubles, chance, owed,
pending)``: the numbers in the row as a bit mask (bit n for the number n), the copies left of each
kind of card the pile holds (packed in one integer, in the order of ``kinds``), the pile's size, the sum of the + modifiers, the number of
x2 cards, 1 while a Second Chance is held, the cards a Flip Three still forces on the player, and
the action cards set aside during it (in the order they came).

What each card does, exactly as ``rules.base`` scores it:

- a number not in the row joins it (the seventh different one is a Flip 7: the row's score plus
  15, and the round is over); a duplicate busts (0), unless a Second Chance is held, which cancels
  it (both cards leave; the copy is gone from the pile);
- + modifiers add, x2 doubles the numbers' sum; neither busts;
- a Second Chance is held; a second one is passed on (or discarded), so the row does not change;
- Freeze and Flip Three: while another player is still in, the drawer gives them away, so the row
  does not change, but the hit that drew one has ended the turn: the player decides again (may
  stay) next time. During a Flip Three one still counts as one of the three cards (and is handed
  on afterwards). Once the drawer is deciding again, the value no longer depends on how many of
  them are left (a card given away only delays the next card of another kind, and the order of
  those cards is as random after it as before), so those states leave them out of the pile: the
  same values with far fewer states. The hit of the decision itself keeps them: with chance
  ``a / size`` the next card is one given away, worth the value of deciding again (the better of
  staying and hitting), not the hit alone. When the drawer is the last one in they must take it: a
  Freeze banks the row, a Flip Three forces three cards (one drawn during a Flip Three is set aside
  and taken after the three, if the player is still in: a set-aside Flip Three's own set-aside
  cards come before the rest of the list).

If the pile runs out during the search the player stops there (a forced draw ends, and a decision
can only be to stay), and the search says so (``runs_out``): by the rules the discard pile would be
shuffled into a new draw pile, which this model does not follow, so such a value is not exact. At
the decision itself an empty pile is the discard pile, which the next card's shuffle turns into the
draw pile.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import cast

from adjudicator.analysis.pile import draws, pack
from adjudicator.rulesets.base.cards import FLIP_THREE, FREEZE, NUMBERS, PLUS_MODIFIERS, SECOND_CHANCE
from adjudicator.rulesets.base.rules import FLIP7_BONUS, NAME, BaseRow
from adjudicator.state import ACTIVE, Expectation, GameState

NUMBER, PLUS, DOUBLE, CHANCE, STOP, FORCE = range(6)

#: The cards a Flip Three forces.
FORCED = 3
#: Different numbers that make a Flip 7.
SEVEN = 7

_SUMS = tuple(sum(n for n in range(13) if mask >> n & 1) for mask in range(1 << 13))
_COUNT = tuple(bin(mask).count("1") for mask in range(1 << 13))

State = tuple[int, int, int, int, int, int, int, tuple[int, ...]]


def _kind(card: str) -> tuple[int, int] | None:
    if card in NUMBERS:
        return NUMBER, int(card)
    if card in PLUS_MODIFIERS:
        return PLUS, int(card)
    if card == "x2":
        return DOUBLE, 2
    if card == SECOND_CHANCE:
        return CHANCE, 0
    if card == FREEZE:
        return STOP, 0
    if card == FLIP_THREE:
        return FORCE, 0
    return None

#: Cells (rows of numbers × modifier draws) the layered solver takes on (about a second of pure Python).
LAYERED_CELLS = 300_000


def _layered(
    numbers: int, plus: int, doubles: int, counts: list[int], modifiers: list[tuple[int, int, int]], bonus: int,
) -> tuple[float, int] | None:
    """The hit value of a row (``numbers`` mask, ``plus``, ``doubles``) drawing from a pile of number
    cards (``counts[n]`` copies of n) and modifiers (``(kind, amount, copies)``) with no Second
    Chance, Freeze or Flip Three, by dynamic programming in layers: for each set of numbers, one
    value per way of having drawn the modifiers (the pile left is then known), the sets with more
    numbers first. Returns ``(hit, cells)``, or None when it would take more than ``LAYERED_CELLS``
    cells or the pile could run out (then the general search decides and says what it found)."""
    free = [n for n in range(13) if counts[n] and not numbers >> n & 1]
    total_numbers = sum(counts)
    if total_numbers == 0:
        return None
    if all(counts[n] <= 1 for n in range(13)) and not any(counts[n] for n in range(13) if numbers >> n & 1) \
            and _COUNT[numbers] + total_numbers < SEVEN:
        return None  # every card could come without a bust or a Flip 7: the pile may run out
    # the ways of having drawn the modifiers: mixed radix, kind k drawn d_k of its copies
    strides, size = [], 1
    for _, _, copies in modifiers:
        strides.append(size)
        size *= copies + 1
    rows = [numbers]
    for n in free:  # every set of numbers the row can reach (six at most: the seventh ends the round)
        rows += [r | 1 << n for r in rows if _COUNT[r] < SEVEN - 1]
    if len(rows) * size > LAYERED_CELLS:
        return None
    plus_of, shift_of, left_of, moves_of = [], [], [], []
    for index in range(size):
        p, d, left, moves, rest = plus, doubles, 0, [], index
        for (kind, amount, copies), stride in zip(modifiers, strides, strict=True):
            drawn, rest = rest % (copies + 1), rest // (copies + 1)
            if kind == DOUBLE:
                d += drawn
            else:
                p += drawn * amount
            if drawn < copies:
                moves.append((index + stride, copies - drawn))
                left += copies - drawn
        plus_of.append(p)
        shift_of.append(d)
        left_of.append(left)
        moves_of.append(tuple(moves))
    values: dict[int, list[float]] = {}
    for row in sorted(rows, key=lambda r: -_COUNT[r]):
        total = _SUMS[row]
        gained = _COUNT[row & ~numbers]
        pile_numbers = total_numbers - gained
        grown = [0.0] * size  # the numbers' share of the hit, summed over the number cards
        for n in free:
            if row >> n & 1:
                continue
            nxt = row | 1 << n
            copies = float(counts[n])
            if _COUNT[nxt] == SEVEN:
                top = _SUMS[nxt]
                grown = [g + copies * ((top << s) + p + bonus) for g, s, p in zip(grown, shift_of, plus_of, strict=True)]
            else:
                after = values[nxt]
                grown = [g + copies * v for g, v in zip(grown, after, strict=True)]
        mine = [0.0] * size
        for index in range(size - 1, -1, -1):
            acc = grown[index]
            for nxt_index, copies in moves_of[index]:
                acc += copies * mine[nxt_index]
            cards = pile_numbers + left_of[index]
            stay = (total << shift_of[index]) + plus_of[index]
            hit = acc / cards if cards else stay
            mine[index] = hit if hit > stay else stay
        if row == numbers:
            index = 0
            acc = grown[0] + sum(copies * mine[nxt_index] for nxt_index, copies in moves_of[0])
            return acc / (pile_numbers + left_of[0]), len(rows) * size
        values[row] = mine
    return None  # pragma: no cover - the start row is always reached


@dataclass(slots=True)
class BaseSolo:
    """One player drawing alone from a known pile of base-game cards (a ``SoloModel``).

    The pile is one integer: ``bits`` bits per kind of card (kind ``i`` at bit ``i * bits``), so
    that taking a card is one subtraction (``adjudicator.analysis.pile``).
    """

    kinds: tuple[tuple[int, int], ...]
    #: Cards in the pile at the start state.
    size: int = 0
    bits: int = 4
    bonus: int = FLIP7_BONUS
    #: Nobody else is in: a Freeze or Flip Three drawn must be taken.
    alone: bool = True
    #: Where the Freeze and Flip Three copies lie in the packed pile (0: none, or ``alone``).
    given_mask: int = 0
    #: Freeze and Flip Three copies in the start pile (left out of the pile once the drawer decides again).
    given_cards: int = 0
    #: A shuffle of the discard pile could bring more cards when the pile runs out.
    refill: bool = False

    def score(self, numbers: int, plus: int, doubles: int) -> int:
        """The row's score: the numbers' sum doubled per x2, plus the + modifiers."""
        return (_SUMS[numbers] << doubles) + plus

    def stay(self, state: Hashable) -> float | None:
        """The row's score, when the player may stay (a card in front of them, no card owed)."""
        numbers, _, size, plus, doubles, chance, owed, _ = cast(State, state)
        if owed and size:
            return None
        if not (numbers or plus or doubles or chance):
            return None
        return float(self.score(numbers, plus, doubles))

    def banked(self, state: Hashable) -> float:
        """The row's score now, whether or not cards are owed."""
        numbers, _, _, plus, doubles, _, _, _ = cast(State, state)
        return float(self.score(numbers, plus, doubles))

    def drawn(self, state: Hashable) -> int:
        """Cards taken since the start: how much smaller the pile is (cards given away left out
        once they are, so the look-ahead counts the cards that change the row)."""
        s = cast(State, state)
        if self.given_mask and not s[1] & self.given_mask:
            return self.size - self.given_cards - s[2]
        return self.size - s[2]

    def runs_out(self, state: Hashable) -> bool:
        """True when the pile is empty here and a shuffle of the discard pile could go on."""
        return self.refill and cast(State, state)[2] == 0

    def hit(self, state: Hashable, value: Callable[[Hashable], float]) -> float | None:
        """The average, over the cards the pile holds, of the value after that card."""
        numbers, pile, size, plus, doubles, chance, owed, pending = cast(State, state)
        if size == 0:
            return None
        left = owed - 1 if owed else 0
        rest = size - 1
        total = 0.0
        for kind, amount, copies, after in draws(self.kinds, pile, self.bits):
            if kind == NUMBER:
                bit = 1 << amount
                if numbers & bit:
                    if not chance:
                        continue  # a bust scores 0
                    got = self._next(value, numbers, after, rest, plus, doubles, 0, left, pending)
                else:
                    grown = numbers | bit
                    if _COUNT[grown] == SEVEN:
                        got = self.score(grown, plus, doubles) + self.bonus
                    else:
                        got = self._next(value, grown, after, rest, plus, doubles, chance, left, pending)
            elif kind == PLUS:
                got = self._next(value, numbers, after, rest, plus + amount, doubles, chance, left, pending)
            elif kind == DOUBLE:
                got = self._next(value, numbers, after, rest, plus, doubles + 1, chance, left, pending)
            elif kind == CHANCE:
                got = self._next(value, numbers, after, rest, plus, doubles, 1, left, pending)
            elif not self.alone:  # given away: one of a Flip Three's cards, or the turn is over
                got = self._next(value, numbers, after, rest, plus, doubles, chance, left, pending)
            elif owed:  # set aside until the Flip Three's cards are drawn
                got = self._next(value, numbers, after, rest, plus, doubles, chance, left, _set_aside(pending, kind))
            elif kind == STOP:
                got = self.score(numbers, plus, doubles)
            else:
                got = value((numbers, after, rest, plus, doubles, chance, FORCED, pending))
            total += copies * got
        return total / size

    def _next(
        self, value: Callable[[Hashable], float], numbers: int, pile: int, size: int, plus: int,
        doubles: int, chance: int, owed: int, pending: tuple[int, ...],
    ) -> float:
        if not owed and pending:  # the Flip Three is over and the player still in: take the set-aside cards
            first, later = abs(pending[0]), tuple(abs(kind) for kind in pending[1:])
            if first == STOP:
                return float(self.score(numbers, plus, doubles))
            return value((numbers, pile, size, plus, doubles, chance, FORCED, later))
        if not owed and pile & self.given_mask:  # deciding again: the cards given away no longer matter
            pile, size = self._without_given(pile, size)
        return value((numbers, pile, size, plus, doubles, chance, owed, pending))

    def exact_options(self, state: Hashable) -> tuple[float | None, float | None, int] | None:
        """Stay and hit at a decision by the layered solver (``_layered``) and the states it
        valued, or None where it does not apply (a Second Chance in the pile or held, cards owed,
        the drawer alone with a Freeze or Flip Three in the pile, too many cells, a pile that may
        run out): exact, much faster than the memoised search on a full pile."""
        numbers, pile, size, plus, doubles, chance, owed, pending = cast(State, state)
        if chance or owed or pending or size == 0:
            return None
        counts = [0] * 13
        modifiers: list[tuple[int, int, int]] = []
        given_away = 0
        for kind, amount, copies, _ in draws(self.kinds, pile, self.bits):
            if kind == NUMBER:
                counts[amount] = copies
            elif kind in (PLUS, DOUBLE):
                modifiers.append((kind, amount, copies))
            elif kind == CHANCE or self.alone:
                return None
            else:
                given_away += copies
        got = _layered(numbers, plus, doubles, counts, modifiers, self.bonus)
        if got is None:
            return None
        hit, cells = got
        stay = self.stay(state)
        if given_away:  # one of them next: given away, the turn is over, the player decides again
            again = hit if stay is None or hit > stay else stay
            hit = (given_away * again + (size - given_away) * hit) / size
        return stay, hit, cells

    def _without_given(self, pile: int, size: int) -> tuple[int, int]:
        """The pile with its Freeze and Flip Three copies left out."""
        kept = pile & ~self.given_mask
        gone = pile & self.given_mask
        mask = (1 << self.bits) - 1
        while gone:
            size -= gone & mask
            gone >>= self.bits
        return kept, size


def _set_aside(pending: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The set-aside list once ``kind`` is set aside during a Flip Three: this Flip Three's cards
    (kept negative until its three cards are drawn) in the order they came, then the cards an outer
    Flip Three set aside (a set-aside card is resolved fully, its own set-aside cards included,
    before the next one)."""
    fresh = 0
    while fresh < len(pending) and pending[fresh] < 0:
        fresh += 1
    return (*pending[:fresh], -kind, *pending[fresh:])


def solo_start(
    numbers: list[str], modifiers: list[str], chance: bool, pile: Mapping[str, int], *, alone: bool,
    owed: int = 0, refill: bool = False,
) -> tuple[BaseSolo, State]:
    """The model and start state for a row (numbers, modifiers, held Second Chance) drawing alone
    from ``pile``; ``alone``: nobody else is in, so a Freeze or Flip Three drawn must be taken;
    ``owed``: cards a Flip Three forces first; ``refill``: the discard pile a shuffle would turn into
    the next draw pile holds (or may come to hold) cards."""
    kinds: list[tuple[int, int]] = []
    counts: list[int] = []
    for card, copies in pile.items():
        kind = _kind(card)
        if kind is None or copies <= 0:
            continue
        kinds.append(kind)
        counts.append(copies)
    mask = 0
    for n in numbers:
        mask |= 1 << int(n)
    plus = sum(int(m) for m in modifiers if m in PLUS_MODIFIERS)
    doubles = sum(1 for m in modifiers if m == "x2")
    packed, bits = pack(counts)
    size = sum(counts)
    given_mask = given_cards = 0
    if not alone:
        for i, (kind, _) in enumerate(kinds):
            if kind in (STOP, FORCE):
                given_mask |= ((1 << bits) - 1) << (i * bits)
                given_cards += counts[i]
    model = BaseSolo(tuple(kinds), size, bits, alone=alone, given_mask=given_mask, given_cards=given_cards, refill=refill)
    return model, (mask, packed, size, plus, doubles, int(chance), owed, ())


def start_of(state: GameState, seat: int, *, owed: int = 0) -> tuple[BaseSolo, State]:
    """The model and start state for ``seat`` at this moment of a base game: its row, and the draw
    pile (or, when it is empty, the discard pile a shuffle would make of it); ``owed``: cards a
    Flip Three forces on the row first."""
    row = state.rows[seat]
    pile = state.draw_pile if state.draw_size else state.discard_pile
    alone = not any(r.status == ACTIVE for i, r in enumerate(state.rows) if i != seat)
    # a Second Chance used (with its duplicate) or a Flip Three over goes to the discard pile
    refill = bool(owed) or any(pile.get(card, 0) for card in (SECOND_CHANCE, FLIP_THREE))
    if state.draw_size:
        refill = refill or any(state.discard_pile.values())
    return solo_start(list(row.numbers), list(row.modifiers), cast(BaseRow, row).second_chance, pile, alone=alone,
                      owed=owed, refill=refill)


def given(state: GameState, exp: Expectation, seat: int) -> tuple[BaseSolo, State] | float | None:
    """``seat`` once the waiting card is theirs: a Freeze banks the row, a Flip Three forces three
    cards (every card counts towards the three, a Freeze or Flip Three among them included), a
    passed Second Chance is held. A card only named for later (``assign_first``) is not rated:
    what it will do depends on the draws before it."""
    if exp.purpose == NAME:
        return None
    if exp.card == FREEZE:
        model, (numbers, _, _, plus, doubles, _, _, _) = start_of(state, seat)
        return float(model.score(numbers, plus, doubles))
    if exp.card == FLIP_THREE:
        return start_of(state, seat, owed=FORCED)
    if exp.card == SECOND_CHANCE:
        model, (numbers, pile, size, plus, doubles, _, _, _) = start_of(state, seat)
        return model, (numbers, pile, size, plus, doubles, 1, 0, ())
    return None
