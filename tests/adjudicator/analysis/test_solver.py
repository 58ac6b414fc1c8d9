"""The shared solver with the base game's card model: the published figure, and brute force."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.analysis.evaluate import solve
from adjudicator.analysis.solver import Search, TooLarge
from adjudicator.rulesets.base.analysis import solo_start
from adjudicator.rulesets.base.cards import MODIFIERS, NUMBERS, ONE_DECK, deck_counts
from adjudicator.rulesets.base.rules import score_row

FREEZE, FLIP = "freeze", "flip_three"


def test_the_published_figure_with_the_number_cards_alone() -> None:
    model, start = solo_start([], [], False, {n: ONE_DECK[n] for n in NUMBERS}, alone=False)
    search = Search(model)
    assert abs(search.value(start) - 18.5652176) < 1e-6
    assert len(search.memo) == 4096  # every row of at most six different numbers


def test_a_search_past_its_budget_says_so() -> None:
    model, start = solo_start(["7"], [], False, deck_counts(), alone=False)
    try:
        Search(model, limit=1000).value(start)
    except TooLarge as error:
        assert error.limit == 1000
    else:  # pragma: no cover
        raise AssertionError("expected TooLarge")


def test_a_horizon_gives_a_lower_estimate_that_grows_towards_the_exact_value() -> None:
    pile = deck_counts()
    for card in ("5", "9", "11", "+2", "+4", "x2", "second_chance"):
        pile[card] -= 1
    model, start = solo_start(["5", "9", "11"], [], False, pile, alone=False)
    exact = Search(model, limit=10**6).value(start)
    shallow = Search(model, horizon=2)
    deeper = Search(model, horizon=3)
    assert shallow.value(start) <= deeper.value(start) + 1e-12 <= exact + 1e-9
    assert shallow.cut > 0


def brute(numbers: tuple[str, ...], modifiers: tuple[str, ...], chance: bool, pile: tuple[str, ...],
          alone: bool, owed: int = 0, aside: tuple[str, ...] = ()) -> float:
    """Optimal play by enumerating every draw order, one physical copy at a time, with no memo and
    the rules' own scoring."""
    return _brute(numbers, modifiers, chance, pile, alone, owed, aside)


def _brute(numbers: tuple[str, ...], modifiers: tuple[str, ...], chance: bool, pile: tuple[str, ...],
           alone: bool, owed: int, aside: tuple[str, ...]) -> float:
    banked = float(score_row(numbers, modifiers, busted=False, flip7=False))
    has_card = bool(numbers or modifiers or chance)
    if not pile:
        return banked if has_card else 0.0
    if owed == 0 and aside:  # "|" marks where the cards an outer Flip Three set aside begin
        queue = tuple(card for card in aside if card != "|")
        if queue[0] == FREEZE:
            return banked
        return _brute(numbers, modifiers, chance, pile, alone, 3, ("|", *queue[1:]) if queue[1:] else ())
    outcomes = []
    for i, card in enumerate(pile):
        rest = pile[:i] + pile[i + 1:]
        left = max(owed - 1, 0)
        if card in NUMBERS:
            if card in numbers:
                got = _brute(numbers, modifiers, False, rest, alone, left, aside) if chance else 0.0
            elif len(numbers) == 6:
                got = float(score_row((*numbers, card), modifiers, busted=False, flip7=True))
            else:
                got = _brute((*numbers, card), modifiers, chance, rest, alone, left, aside)
        elif card == "second_chance":
            got = _brute(numbers, modifiers, True, rest, alone, left, aside)
        elif card in (FREEZE, FLIP):
            if not alone:
                got = _brute(numbers, modifiers, chance, rest, alone, left, aside)
            elif owed:  # set aside: after this Flip Three's earlier ones, before an outer one's
                cut = aside.index("|") if "|" in aside else len(aside)
                got = _brute(numbers, modifiers, chance, rest, alone, left, (*aside[:cut], card, *aside[cut:]))
            elif card == FREEZE:
                got = banked
            else:
                got = _brute(numbers, modifiers, chance, rest, alone, 3, aside)
        else:
            got = _brute(numbers, (*modifiers, card), chance, rest, alone, left, aside)
        outcomes.append(got)
    hit = sum(outcomes) / len(outcomes)
    return max(banked, hit) if has_card and owed == 0 else hit


CARDS = st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "+2", "+4", "+10", "x2", "second_chance", FREEZE, FLIP])


@settings(max_examples=120, deadline=None)
@given(
    row=st.lists(st.sampled_from(["0", "1", "2", "3", "4", "5", "6"]), max_size=4, unique=True),
    modifiers=st.lists(st.sampled_from(["+2", "+4", "x2"]), max_size=2, unique=True),
    chance=st.booleans(),
    pile=st.lists(CARDS, min_size=1, max_size=7),
    alone=st.booleans(),
)
def test_the_solver_matches_brute_force_on_small_piles(
    row: list[str], modifiers: list[str], chance: bool, pile: list[str], alone: bool
) -> None:
    counts: dict[str, int] = {}
    for card in pile:
        counts[card] = counts.get(card, 0) + 1
    model, start = solo_start(row, modifiers, chance, counts, alone=alone)
    search = Search(model)
    got = search.value(start)
    assert abs(got - brute(tuple(row), tuple(modifiers), chance, tuple(pile), alone)) < 1e-9
    # the hit itself, not only the better option: one card owed, then on (a Freeze or Flip Three
    # set aside for one card is resolved at once, as if taken)
    hit = search.options(start)[1]
    want = _brute(tuple(row), tuple(modifiers), chance, tuple(pile), alone, 1, ())
    assert hit is not None and abs(hit - want) < 1e-9


def test_the_published_figure_with_the_modifiers_is_exact_and_fast() -> None:
    # the layered solver: one value per way of having drawn the modifiers, for each set of numbers
    pile = {card: ONE_DECK[card] for card in (*NUMBERS, *MODIFIERS)}
    model, start = solo_start([], [], False, pile, alone=False)
    began = time.process_time()
    got = solve(model, start)
    assert time.process_time() - began < 1.0
    assert got.method == "exact" and got.hit is not None
    assert abs(got.hit - 20.2291054) < 1e-6


@settings(max_examples=40, deadline=None)
@given(
    row=st.lists(st.sampled_from([str(n) for n in range(13)]), max_size=5, unique=True),
    modifiers=st.lists(st.sampled_from(list(MODIFIERS)), max_size=3, unique=True),
    drop=st.lists(st.sampled_from([str(n) for n in range(4, 13)] + list(MODIFIERS)), min_size=20, max_size=60),
    actions=st.integers(0, 6),
    chances=st.integers(0, 3),
    chance=st.booleans(),
)
def test_the_layered_solver_agrees_with_the_search(
    row: list[str], modifiers: list[str], drop: list[str], actions: int, chances: int, chance: bool,
) -> None:
    pile = {card: ONE_DECK[card] for card in (*NUMBERS, *MODIFIERS)}
    for card in (*row, *modifiers, *drop):
        pile[card] = max(pile[card] - 1, 0)
    pile[FREEZE], pile[FLIP] = actions // 2, actions - actions // 2
    if len(row) >= 3:  # a Second Chance multiplies the search's states: only on shorter turns
        pile["second_chance"] = chances
    else:
        chance = False
    model, start = solo_start(row, modifiers, chance, pile, alone=False)
    fast = model.exact_options(start)
    if fast is None:
        return
    search = Search(model, limit=10**7)
    stay, hit = search.options(start)
    assert fast[0] == stay and hit is not None and fast[1] is not None
    assert abs(fast[1] - hit) < 1e-9
