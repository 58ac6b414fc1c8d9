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
from typing import ClassVar, cast

from adjudicator.analysis.pile import draws, pack
from adjudicator.rulesets.base import vector_alone, vector_solver
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

#: The largest error (points) of the look-ahead's hit value measured within each budget of states
#: (``(budget, error)``, smaller budgets first): ``bench/look_ahead_error.py``, docs/analysis.md.
LOOK_AHEAD_ERROR: tuple[tuple[int, float], ...] = ((3_000, 1.7), (10_000, 1.0))

#: Cells (sets of numbers × Second Chance states × ways of having drawn the modifiers) the layered
#: solver takes on: about a second of pure Python.
LAYERED_CELLS = 300_000
#: Cells of the vectorised solver (``vector_solver``) per cell of the pure one: what the same time
#: buys (``bench/solver_speed.py``: about 25 times as many cells a second on a full pile).
VECTOR_CELLS_PER_CELL = 20
#: The same for the solver of a player alone with Freeze and Flip Three (``vector_alone``): its
#: cells cost about six times as much (``bench/solver_positions.py``).
VECTOR_ALONE_CELLS_PER_CELL = 4
#: False: ``exact_options`` takes the pure-Python layered solver (the reference; benchmarks set it).
VECTORISED = True
#: Bits per number in the packed count of copies a Second Chance cancelled.
_EXTRA_BITS = 4

Key = tuple[int, int, int, int, int]  # numbers, Second Chance held, copies left in the pile, cancelled copies (packed), their sum


def _modifier_table(plus: int, doubles: int, modifiers: list[tuple[int, int, int]]) -> tuple[list[int], list[int], list[int], list[tuple[tuple[int, int], ...]]]:
    """For each way of having drawn the modifiers (mixed radix: kind k drawn d_k of its copies):
    the + sum, the x2 count, the modifier cards left, and the ways one more modifier leads to."""
    strides, size = [], 1
    for _, _, copies in modifiers:
        strides.append(size)
        size *= copies + 1
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
    return plus_of, shift_of, left_of, moves_of


def _layered(
    numbers: int, plus: int, doubles: int, chance: int, counts: list[int], chances: int,
    modifiers: list[tuple[int, int, int]], bonus: int, limit: int = LAYERED_CELLS,
) -> tuple[float, int] | None:
    """The hit value of a row (``numbers`` mask, ``plus``, ``doubles``, ``chance``: a Second Chance
    held) drawing from a pile of number cards (``counts[n]`` copies of n), ``chances`` Second
    Chances and modifiers (``(kind, amount, copies)``), by dynamic programming in layers.

    A cell is what the row holds and which cards have gone: the set of numbers, the Second Chance
    held, the Second Chances left, the copies each Second Chance cancelled, and the way the
    modifiers were drawn; the pile left follows from these. The cells are enumerated forwards
    (each card but a modifier makes the next layer) and valued backwards, one list of values per
    way of drawing the modifiers, keeping two layers. Returns ``(hit, cells)``, or None when it
    would take more than ``limit`` cells or the pile could run out (the general search then
    decides, and says what it found)."""
    total_numbers = sum(counts)
    if _may_run_out(numbers, chance, counts, chances, modifiers):
        return None
    plus_of, shift_of, left_of, moves_of = _modifier_table(plus, doubles, modifiers)
    size = len(plus_of)
    start: Key = (numbers, chance, chances, 0, 0)
    layers: list[list[Key]] = [[start]]
    cells = size
    while layers[-1]:
        seen: set[Key] = set()
        for row, sc, left, extra, esum in layers[-1]:
            for n in range(13):
                bit = 1 << n
                if row & bit:
                    if sc and _copies(counts, numbers, row, extra, n):
                        seen.add((row, 0, left, extra + (1 << (_EXTRA_BITS * n)), esum + 1))
                elif counts[n] and _COUNT[row] < SEVEN - 1:
                    seen.add((row | bit, sc, left, extra, esum))
            if left:
                seen.add((row, 1, left - 1, extra, esum))
        cells += len(seen) * size
        if cells > limit:
            return None
        layers.append(list(seen))
    later: dict[Key, list[float]] = {}
    for layer in reversed(layers):
        now: dict[Key, list[float]] = {}
        for key in layer:
            row, sc, left, extra, esum = key
            total = _SUMS[row]
            pile_numbers = total_numbers - _COUNT[row & ~numbers] - esum
            grown = [0.0] * size
            for n in range(13):
                bit = 1 << n
                if row & bit:
                    if not sc:
                        continue  # a duplicate busts: 0
                    copies = _copies(counts, numbers, row, extra, n)
                    if copies:
                        after = later[(row, 0, left, extra + (1 << (_EXTRA_BITS * n)), esum + 1)]
                        grown = [g + copies * v for g, v in zip(grown, after, strict=True)]
                elif counts[n]:
                    nxt = row | bit
                    if _COUNT[nxt] == SEVEN:
                        top = _SUMS[nxt]
                        grown = [g + counts[n] * ((top << s) + p + bonus) for g, s, p in zip(grown, shift_of, plus_of, strict=True)]
                    else:
                        after = later[(nxt, sc, left, extra, esum)]
                        grown = [g + counts[n] * v for g, v in zip(grown, after, strict=True)]
            if left:  # a Second Chance: held, or passed on while one is held (the row unchanged)
                after = later[(row, 1, left - 1, extra, esum)]
                grown = [g + left * v for g, v in zip(grown, after, strict=True)]
            mine = [0.0] * size
            for index in range(size - 1, -1, -1):
                acc = grown[index]
                for nxt_index, copies in moves_of[index]:
                    acc += copies * mine[nxt_index]
                cards = pile_numbers + left_of[index] + left
                stay = (total << shift_of[index]) + plus_of[index]
                hit = acc / cards if cards else stay
                mine[index] = hit if hit > stay else stay
            if key == start:
                acc = grown[0] + sum(copies * mine[nxt_index] for nxt_index, copies in moves_of[0])
                return acc / (pile_numbers + left_of[0] + left), cells
            now[key] = mine
        later = now
    return None  # pragma: no cover - the start is always valued


def _may_run_out(numbers: int, chance: int, counts: list[int], chances: int, modifiers: list[tuple[int, int, int]]) -> bool:
    """True when every card of the pile could come without a bust or a Flip 7 (or there is no
    number card): the layered solvers do not follow a pile that runs out."""
    total_numbers = sum(counts)
    mod_cards = sum(c for _, _, c in modifiers)
    longest = min(total_numbers, SEVEN - 1 - _COUNT[numbers] + chance + chances) + mod_cards + chances
    return total_numbers == 0 or longest >= total_numbers + mod_cards + chances


def solve_layered(
    numbers: int, plus: int, doubles: int, chance: int, counts: list[int], chances: int,
    modifiers: list[tuple[int, int, int]], bonus: int, limit: int = LAYERED_CELLS, *, pure: bool = False,
) -> tuple[float, int] | None:
    """The hit value of ``_layered``'s row and pile and the cells valued: by the vectorised solver
    (``vector_solver``, with ``VECTOR_CELLS_PER_CELL`` cells for each of ``limit``), or with
    ``pure`` (or where the vectorised one does not apply) by the pure-Python ``_layered``: the
    same value either way (to rounding), the cells each counted in its own way."""
    if not pure and VECTORISED:
        if _may_run_out(numbers, chance, counts, chances, modifiers):
            return None
        plus_of, shift_of, left_of, moves_of = _modifier_table(plus, doubles, modifiers)
        got = vector_solver.layered_hit(numbers, plus_of, shift_of, left_of, moves_of, chance, counts, chances, bonus,
                                        limit * VECTOR_CELLS_PER_CELL)
        if got is not None or chances <= vector_solver.MAX_CHANCES:
            return got
    return _layered(numbers, plus, doubles, chance, counts, chances, modifiers, bonus, limit)


def solve_alone(
    numbers: int, plus: int, doubles: int, chance: int, counts: list[int], chances: int,
    modifiers: list[tuple[int, int, int]], flips: int, freezes: int, bonus: int, limit: int = LAYERED_CELLS,
) -> tuple[float, int] | None:
    """The hit value of a row drawing alone from a pile with ``flips`` Flip Threes and ``freezes``
    Freezes, which the drawer takes (``vector_alone``), and the cells valued; None without the
    vectorised solver (the memoised search then decides), past ``VECTOR_ALONE_CELLS_PER_CELL`` cells
    for each of ``limit``, or where the pile may run out."""
    if not VECTORISED or _may_run_out(numbers, chance, counts, chances, modifiers):
        return None
    plus_of, shift_of, left_of, moves_of = _modifier_table(plus, doubles, modifiers)
    return vector_alone.alone_hit(numbers, plus_of, shift_of, left_of, moves_of, chance, counts, chances, flips, freezes,
                                  bonus, limit * VECTOR_ALONE_CELLS_PER_CELL)


def _copies(counts: list[int], numbers: int, row: int, extra: int, n: int) -> int:
    """Copies of ``n`` (in the row) still in the pile: the pile's, less the one the row took from
    it and those Second Chances cancelled."""
    taken = 0 if numbers >> n & 1 else 1
    return counts[n] - taken - (extra >> (_EXTRA_BITS * n) & ((1 << _EXTRA_BITS) - 1))


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
    #: The largest error of a look-ahead's hit value measured per budget of states
    #: (``bench/look_ahead_error.py``: the decisions of simulated games, docs/analysis.md).
    look_ahead_error: ClassVar[tuple[tuple[int, float], ...]] = LOOK_AHEAD_ERROR

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

    def exact_options(self, state: Hashable, cells: int = LAYERED_CELLS) -> tuple[float | None, float | None, int] | None:
        """Stay and hit at a decision by the layered solver (``solve_layered``: vectorised, or
        the pure ``_layered``; ``solve_alone`` for the drawer alone with a Freeze or Flip Three in
        the pile, vectorised only) and the cells it valued, or None where it does not apply (cards
        owed, more than ``cells`` cells of the pure solver, a pile that may run out): exact, and
        on a full pile some thirty times faster a state than the memoised search (pure), some six
        hundred (vectorised)."""
        numbers, pile, size, plus, doubles, chance, owed, pending = cast(State, state)
        if owed or pending or size == 0:
            return None
        counts = [0] * 13
        modifiers: list[tuple[int, int, int]] = []
        given_away = chances = flips = freezes = 0
        for kind, amount, copies, _ in draws(self.kinds, pile, self.bits):
            if kind == NUMBER:
                counts[amount] = copies
            elif kind in (PLUS, DOUBLE):
                modifiers.append((kind, amount, copies))
            elif kind == CHANCE:
                chances = copies
            elif not self.alone:
                given_away += copies
            elif kind == STOP:
                freezes = copies
            else:
                flips = copies
        if flips or freezes:  # alone: the drawer takes them (the vectorised solver only)
            got = solve_alone(numbers, plus, doubles, chance, counts, chances, modifiers, flips, freezes, self.bonus, cells)
        else:
            got = solve_layered(numbers, plus, doubles, chance, counts, chances, modifiers, self.bonus, cells)
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
        for i, (sort, _) in enumerate(kinds):
            if sort in (STOP, FORCE):
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
