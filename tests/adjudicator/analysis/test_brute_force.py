"""The base game's round values against a brute force written from rules-base.md alone.

The brute force deals every physical card of the pile in turn (no memo, no packing, no shared
code but the card names) and compares each option's value, not only the better of the two: the
hit when staying is better, Flip Three's forced cards, and a pile that runs out.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.analysis.evaluate import solve
from adjudicator.analysis.solver import Search
from adjudicator.rulesets.base.analysis import _COUNT, STOP, _layered, _modifier_table, solo_start, solve_layered
from adjudicator.rulesets.base.vector_alone import alone_hit
from adjudicator.rulesets.base.vector_solver import layered_hit

FREEZE, FLIP, CHANCE = "freeze", "flip_three", "second_chance"
PLUS = {"+2": 2, "+4": 4, "+6": 6, "+8": 8, "+10": 10}

Row = tuple[frozenset[int], int, int, bool]  # numbers, + modifiers' sum, x2 cards, Second Chance held


def score(row: Row) -> float:
    """Scoring: the numbers' sum doubled per x2, plus the + modifiers."""
    numbers, plus, doubles, _ = row
    return float(sum(numbers) * 2**doubles + plus)


def in_front(row: Row) -> bool:
    """A player may stay only with a card in front of them."""
    numbers, plus, doubles, chance = row
    return bool(numbers or plus or doubles or chance)


def options(row: Row, pile: tuple[str, ...], alone: bool) -> tuple[float | None, float | None]:
    """Stay and hit at a decision (None: not open)."""
    stay = score(row) if in_front(row) else None
    hit = _mean([_draw(row, card, pile[:i] + pile[i + 1:], alone, 0, (), ()) for i, card in enumerate(pile)])
    return stay, hit


def decide(row: Row, pile: tuple[str, ...], alone: bool) -> float:
    """The better of the open options (nothing open: the row as it is)."""
    got = [v for v in options(row, pile, alone) if v is not None]
    return max(got) if got else score(row)


def flip_three(row: Row, pile: tuple[str, ...], alone: bool, owed: int = 3,
               fresh: tuple[str, ...] = (), later: tuple[str, ...] = ()) -> float:
    """The target of a Flip Three takes the next cards with no decision in between; every card
    counts towards the three. An empty pile stops the draws."""
    if not pile:
        return score(row)
    return _mean([_draw(row, card, pile[:i] + pile[i + 1:], alone, owed, fresh, later) for i, card in enumerate(pile)])


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _draw(row: Row, card: str, rest: tuple[str, ...], alone: bool, owed: int,
          fresh: tuple[str, ...], later: tuple[str, ...]) -> float:
    """The value once ``card`` is revealed to the player (``owed``: a Flip Three's cards still to
    come, this one included; ``fresh``: cards this Flip Three set aside; ``later``: set aside before)."""
    numbers, plus, doubles, chance = row
    if card.isdigit():
        n = int(card)
        if n in numbers:
            if not chance:
                return 0.0  # bust
            row = (numbers, plus, doubles, False)  # the Second Chance and the duplicate are discarded
        else:
            numbers = numbers | {n}
            if len(numbers) == 7:
                return score((numbers, plus, doubles, chance)) + 15.0  # Flip 7: the round is over
            row = (numbers, plus, doubles, chance)
    elif card in PLUS:
        row = (numbers, plus + PLUS[card], doubles, chance)
    elif card == "x2":
        row = (numbers, plus, doubles + 1, chance)
    elif card == CHANCE:
        row = (numbers, plus, doubles, True)  # a second one is passed on or discarded
    elif owed:  # Freeze or Flip Three during a Flip Three: set aside (given on if someone else is in)
        if alone:
            fresh = (*fresh, card)
    elif not alone:  # given to another player: the turn is over, the row unchanged
        return decide(row, rest, alone)
    elif card == FREEZE:
        return score(row)
    else:
        return flip_three(row, rest, alone)
    if owed > 1:
        return flip_three(row, rest, alone, owed - 1, fresh, later)
    if owed == 1:  # the three are drawn and the player is still in: the set-aside cards, in order
        queue = (*fresh, *later)
        if queue:
            if queue[0] == FREEZE:
                return score(row)
            return flip_three(row, rest, alone, 3, (), queue[1:])
    return decide(row, rest, alone)


def _start(row: list[str], modifiers: list[str], chance: bool) -> Row:
    plus = sum(PLUS.get(m, 0) for m in modifiers)
    return frozenset(int(n) for n in row), plus, modifiers.count("x2"), chance


def _counts(pile: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in pile:
        counts[card] = counts.get(card, 0) + 1
    return counts


CARDS = st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "+2", "+4", "x2", CHANCE, FREEZE, FLIP])
ROWS = st.lists(st.sampled_from(["0", "1", "2", "3", "4", "5", "6"]), max_size=4, unique=True)
MODIFIERS = st.lists(st.sampled_from(["+2", "+4", "x2"]), max_size=2, unique=True)


@settings(max_examples=150, deadline=None)
@given(row=ROWS, modifiers=MODIFIERS, chance=st.booleans(), pile=st.lists(CARDS, min_size=1, max_size=7), alone=st.booleans())
def test_both_options_match_the_brute_force(row: list[str], modifiers: list[str], chance: bool, pile: list[str], alone: bool) -> None:
    model, start = solo_start(row, modifiers, chance, _counts(pile), alone=alone)
    stay, hit = Search(model).options(start)
    want_stay, want_hit = options(_start(row, modifiers, chance), tuple(pile), alone)
    assert stay == want_stay
    assert hit is not None and want_hit is not None
    assert abs(hit - want_hit) < 1e-9
    fast = model.exact_options(start)  # the layered solver, where it applies
    if fast is not None:
        assert fast[0] == want_stay and abs((fast[1] or 0.0) - want_hit) < 1e-9


@settings(max_examples=100, deadline=None)
@given(row=ROWS, modifiers=MODIFIERS, chance=st.booleans(), pile=st.lists(CARDS, min_size=1, max_size=7), alone=st.booleans())
def test_a_flip_three_target_matches_the_brute_force(row: list[str], modifiers: list[str], chance: bool, pile: list[str], alone: bool) -> None:
    model, start = solo_start(row, modifiers, chance, _counts(pile), alone=alone, owed=3)
    got = Search(model).value(start)
    assert abs(got - flip_three(_start(row, modifiers, chance), tuple(pile), alone)) < 1e-9


def test_the_hit_when_staying_is_better_counts_the_cards_given_away() -> None:
    # 10 11 12 with another player in: staying (33) beats hitting, and a Freeze or Flip Three
    # drawn is given away, after which the player stays on 33 next time
    pile = {"10": 1, "11": 2, "12": 3, "3": 1, FREEZE: 3, FLIP: 3}
    model, start = solo_start(["10", "11", "12"], [], False, pile, alone=False)
    stay, hit = Search(model).options(start)
    flat = tuple(card for card, n in pile.items() for _ in range(n))
    assert (stay, hit) == options(_start(["10", "11", "12"], [], False), flat, False)
    assert stay == 33.0 and hit is not None
    assert abs(hit - (6 / 13 * 33 + 1 / 13 * 36)) < 1e-12  # 6 given away (then stay), one 3, six busts


def test_a_flip_three_target_counts_an_action_card_among_the_three() -> None:
    pile = {"5": 1, FREEZE: 2}
    model, start = solo_start(["9"], [], False, pile, alone=False, owed=3)
    assert Search(model).value(start) == 14.0  # the three are the 5 and the two Freezes
    assert flip_three(_start(["9"], [], False), ("5", FREEZE, FREEZE), False) == 14.0


def test_a_pile_that_runs_out_is_not_called_exact() -> None:
    # one Second Chance left, 30 on the row: the model stops at the end of the pile, the rules
    # shuffle the discard pile and go on, so the value may not say "exact"
    model, start = solo_start(["10", "8", "12"], [], False, {CHANCE: 1}, alone=False, refill=True)
    got = solve(model, start)
    assert got.method == "look-ahead" and got.pile_end and got.bound is None
    model, start = solo_start(["10", "8", "12"], [], False, {CHANCE: 1}, alone=False, refill=False)
    assert solve(model, start).method == "exact"  # nothing to shuffle: the player stops


def test_a_set_aside_flip_three_resolves_its_own_set_aside_cards_first() -> None:
    # alone, so every action is taken; a set-aside Flip Three is being resolved while a Freeze
    # waits after it: a Flip Three set aside now comes before that Freeze (rules-base.md: each
    # set-aside card is resolved fully, its own set-aside cards included, before the next)
    pile = {FLIP: 1, "2": 1, "3": 1, "4": 1}
    model, start = solo_start(["5", "1"], [], False, pile, alone=True, owed=3)
    waiting = (*start[:7], (STOP,))  # the model's Freeze, waiting
    want = flip_three(_start(["5", "1"], [], False), (FLIP, "2", "3", "4"), True, 3, (), (FREEZE,))
    assert want == 15.0  # every order ends with all three numbers
    assert Search(model).value(waiting) == want


# The layered solvers on piles where a Second Chance can cancel duplicates of different numbers:
# the vectorised one counts the cancelled copies, the pure one names them; both against the brute
# force. Enough number cards that the pile cannot run out (the layered solvers' condition).
HELD = st.lists(st.sampled_from(["1", "2", "3", "4"]), min_size=2, max_size=3, unique=True)
EXTRA = st.lists(st.sampled_from(["1", "2", "3", "4", "5", "6", CHANCE, "+2", "x2"]), min_size=5, max_size=7)


def _layered_args(row: list[str], modifiers: list[str], pile: list[str]) -> tuple[int, int, int, list[int], int, list[tuple[int, int, int]]]:
    numbers = sum(1 << int(n) for n in row)
    counts = [0] * 13
    for card in pile:
        if card.isdigit():
            counts[int(card)] += 1
    mods = [(1, int(m), pile.count(m)) for m in ("+2", "+4") if m in pile] + ([(2, 2, pile.count("x2"))] if "x2" in pile else [])
    plus = sum(PLUS.get(m, 0) for m in modifiers)
    return numbers, plus, modifiers.count("x2"), counts, pile.count(CHANCE), mods


@settings(max_examples=120, deadline=None)
@given(row=HELD, modifiers=MODIFIERS, chance=st.booleans(), pile=EXTRA)
def test_both_layered_solvers_match_the_brute_force_when_second_chances_cancel(
    row: list[str], modifiers: list[str], chance: bool, pile: list[str],
) -> None:
    numbers, plus, doubles, counts, chances, mods = _layered_args(row, modifiers, pile)
    pure = solve_layered(numbers, plus, doubles, int(chance), counts, chances, mods, 15, pure=True)
    fast = solve_layered(numbers, plus, doubles, int(chance), counts, chances, mods, 15)
    assert (pure is None) == (fast is None)
    if pure is None or fast is None:
        return
    want = options(_start(row, modifiers, chance), tuple(pile), False)[1]
    assert want is not None
    assert abs(pure[0] - want) < 1e-9 and abs(fast[0] - want) < 1e-9
    assert fast[1] <= pure[1]  # the counted copies need no more cells than the named ones


def test_cancelling_a_duplicate_of_either_number_leads_to_the_same_cell() -> None:
    # 1 and 2 in the row, a Second Chance held, a copy of each in the pile: the pure solver keeps
    # "the 1 was cancelled" and "the 2 was cancelled" apart, the vectorised one merges them (both
    # leave one copy of a row number in the pile), with the same value
    row, pile = ["1", "2"], ["2", "2", "3", "4", "5", "6", "6", CHANCE]
    numbers, plus, doubles, counts, chances, mods = _layered_args(row, [], pile)
    pure = _layered(numbers, plus, doubles, 1, counts, chances, mods, 15)
    plus_of, shift_of, left_of, moves_of = _modifier_table(plus, doubles, mods)
    fast = layered_hit(numbers, plus_of, shift_of, left_of, moves_of, 1, counts, chances, 15, 10**9)
    want = options(_start(row, [], True), tuple(pile), False)[1]
    assert pure is not None and fast is not None and want is not None
    assert abs(pure[0] - want) < 1e-9 and abs(fast[0] - want) < 1e-9
    assert fast[1] < pure[1]
    assert _COUNT[numbers] == 2


def test_the_published_second_chance_figure_by_both_solvers() -> None:
    # the full pile without Freeze and Flip Three: 22.2504034143 (Eppie/flip-seven kOptFull); the
    # pure solver takes half a minute here, so only the vectorised one, against the figure
    counts = [max(n, 1) for n in range(13)]
    mods = [(1, n, 1) for n in (2, 4, 6, 8, 10)] + [(2, 2, 1)]
    got = solve_layered(0, 0, 0, 0, counts, 3, mods, 15, 10**6)
    assert got is not None and abs(got[0] - 22.2504034143) < 1e-6
    assert got[1] == 3_404_288  # cells; the pure solver's (and the published solver's) count is 21,980,032


@settings(max_examples=20, deadline=None)
@given(
    row=st.lists(st.sampled_from([str(n) for n in range(13)]), max_size=4, unique=True),
    drop=st.lists(st.sampled_from([str(n) for n in range(3, 13)] + ["+2", "+4", "+6", "+8", "+10", "x2"]), min_size=35, max_size=60),
    chances=st.integers(0, 3),
    chance=st.booleans(),
)
def test_the_vectorised_solver_gives_the_pure_solvers_values_on_larger_piles(
    row: list[str], drop: list[str], chances: int, chance: bool,
) -> None:
    pile = [str(n) for n in range(13) for _ in range(max(n, 1))] + ["+2", "+4", "+6", "+8", "+10", "x2"]
    for card in (*row, *drop):
        if card in pile:
            pile.remove(card)
    pile += [CHANCE] * chances
    numbers, plus, doubles, counts, chances, mods = _layered_args(row, [], pile)
    mods = [(1, n, pile.count(f"+{n}")) for n in (2, 4, 6, 8, 10) if f"+{n}" in pile] + ([(2, 2, 1)] if "x2" in pile else [])
    pure = solve_layered(numbers, plus, doubles, int(chance), counts, chances, mods, 15, 10**7, pure=True)
    fast = solve_layered(numbers, plus, doubles, int(chance), counts, chances, mods, 15, 10**7)
    assert (pure is None) == (fast is None)
    if pure is not None and fast is not None:
        assert abs(pure[0] - fast[0]) < 1e-9


DECK = [str(n) for n in range(13) for _ in range(max(n, 1))] + ["+2", "+4", "+6", "+8", "+10", "x2"] + [CHANCE] * 3 + [FREEZE] * 3 + [FLIP] * 3


@settings(max_examples=25, deadline=None)
@given(
    row=st.lists(st.sampled_from([str(n) for n in range(13)]), min_size=2, max_size=4, unique=True),
    chance=st.booleans(),
    pile=st.lists(st.integers(0, len(DECK) - 1), min_size=12, max_size=20, unique=True),
)
def test_a_player_alone_with_freeze_and_flip_three_gets_the_searchs_exact_value(row: list[str], chance: bool, pile: list[int]) -> None:
    # the vectorised solver for the drawer alone (Freeze banks, Flip Three forces three, set-aside
    # cards in the order they came) against the memoised search, which follows the rules card by card
    rest = list(DECK)
    for card in row:
        rest.remove(card)
    model, start = solo_start(row, [], chance, _counts([rest[i] for i in pile if i < len(rest)]), alone=True)
    fast = model.exact_options(start, 10**6)
    if fast is None:  # the pile may run out: not the layered solvers' case
        return
    stay, hit = Search(model, limit=10**7).options(start)
    assert fast[0] == stay and hit is not None and fast[1] is not None
    assert abs(fast[1] - hit) < 1e-9


def test_the_published_every_card_model_differs_from_the_rules_only_in_the_set_aside_order() -> None:
    # alone with 5 in the row, a Flip Three, then (during it) a Freeze and a Flip Three set aside in
    # that order: the rules bank at the Freeze, the published model draws the stacked three first
    counts = [0] * 13
    counts[5], counts[9], counts[10] = 1, 3, 3
    plus_of, shift_of, left_of, moves_of = _modifier_table(0, 0, [])
    rules = alone_hit(1 << 5, plus_of, shift_of, left_of, moves_of, 0, counts, 0, 2, 1, 15, 10**6)
    stacked = alone_hit(1 << 5, plus_of, shift_of, left_of, moves_of, 0, counts, 0, 2, 1, 15, 10**6, stacked=True)
    assert rules is not None and stacked is not None
    assert abs(rules[0] - stacked[0]) > 1e-6
