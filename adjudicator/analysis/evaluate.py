"""The value of each option at one decision: hit or stay, or which player gets a card.

``solve`` runs the shared solver within a budget of states: it deepens a look-ahead horizon one
card at a time and stops at the first search that needed no horizon (the value is exact) or at
the last one that fitted the budget (a look-ahead estimate, labelled with the error measured
for its ruleset and budget; a search that reached the end of the draw pile says so).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.analysis.allowance import check
from adjudicator.analysis.models import CardModel, Unmodelled
from adjudicator.analysis.solver import Search, SoloModel, TooLarge
from adjudicator.rules.engine import Expectation
from adjudicator.state import GameState

#: States one position may use by default (about a quarter of a second of pure Python).
BUDGET = 10_000
#: Cells of a model's faster exact method (``exact_options``) per state of the search's budget: a
#: cell costs about a thirtieth of a search state (advise: 300,000 cells, about a third of a second).
CELLS_PER_STATE = 30
#: The first look-ahead horizon tried, in cards.
FIRST_HORIZON = 2

Method = Literal["exact", "look-ahead", "monte-carlo", "estimate"]
#: Monte Carlo playouts per option where the card model cannot value a position exactly
#: (``flip7 advise``: well within a second; ``analyze`` passes fewer, see ``ANALYZE_SAMPLES``).
SAMPLES = 200
#: Playouts per option in a whole-game analysis (a 100-decision game in a few seconds).
ANALYZE_SAMPLES = 40


@dataclass(slots=True)
class Solved:
    """The values of staying and of hitting at a start state, and how they were found."""

    stay: float | None
    hit: float | None
    method: Method
    horizon: int | None
    states: int
    #: Monte Carlo only: the 95% confidence interval of each option's value, and the playouts per option.
    intervals: dict[str, tuple[float, float]] | None = None
    samples: int | None = None
    #: Monte Carlo only: the 95% interval of hit − stay, playout by playout (None: not sampled).
    difference: tuple[float, float] | None = None
    #: Look-ahead only: the largest error of a look-ahead with this budget that was measured on
    #: this ruleset (``SoloModel.look_ahead_error``), in points; None where none was measured.
    bound: float | None = None
    #: The search reached the end of the draw pile, where the rules would shuffle the discard
    #: pile and go on: the value leaves out what that would bring (not exact, and not bounded;
    #: such a look-ahead has no ``horizon``).
    pile_end: bool = False

    @property
    def settled(self) -> bool:
        """True unless the options' difference is within Monte Carlo noise (its interval holds 0)."""
        return self.difference is None or not self.difference[0] <= 0.0 <= self.difference[1]

    @property
    def best(self) -> float:
        """The value of the better option (0 when neither is open)."""
        return max((v for v in (self.stay, self.hit) if v is not None), default=0.0)


def solve(model: SoloModel, start: Hashable, budget: int = BUDGET) -> Solved:
    """Stay and hit values at ``start``: exact where ``budget`` states suffice, else the deepest
    look-ahead that fits. A deeper search that the growth so far says would not fit is not tried.
    A model with a faster exact method (``exact_options(start, cells)`` → ``(stay, hit, cells
    used)``, or None where it does not apply or needs more than ``cells``) is asked first, with
    ``CELLS_PER_STATE`` cells for each state of the budget."""
    faster = getattr(model, "exact_options", None)
    if faster is not None:
        got = faster(start, CELLS_PER_STATE * budget)
        if got is not None:
            return Solved(got[0], got[1], "exact", None, got[2])
    found: Solved | None = None
    horizon = FIRST_HORIZON
    states = 0
    previous = 0
    while True:
        search = Search(model, limit=budget, horizon=horizon)
        try:
            stay, hit = search.options(start)
        except TooLarge:
            break
        size = len(search.memo)
        states += size
        found = Solved(stay, hit, "exact" if search.exact else "look-ahead", horizon, states, pile_end=search.ran_out > 0)
        if found.pile_end or search.cut == 0:  # no horizon: exact, unless the pile ran out on the way
            found.horizon = None
        if search.cut == 0:
            return found
        found.bound = None if found.pile_end else look_ahead_error(model, budget)
        if previous and size * size / previous > budget:  # the next horizon would not fit
            break
        previous = size
        horizon += 1
    if found is None:  # not even the shortest look-ahead fits: one card, then stay
        search = Search(model, limit=4 * budget, horizon=0)
        stay, hit = search.options(start)
        found = Solved(stay, hit, "look-ahead", 0, len(search.memo), pile_end=search.ran_out > 0)
        found.bound = None if found.pile_end else look_ahead_error(model, 0)
        found.horizon = None if found.pile_end else 0
    return found


def labels(ruleset: str, kind: str, method: str, horizon: int | None, budget: int) -> tuple[float | None, bool | None]:
    """A stored turn decision's ``error_bound`` and ``pile_end`` again, from its method and horizon
    (a look-ahead without a horizon is one that reached the end of the draw pile) and the budget it
    was valued with: the bound of the ruleset's card model (``LOOK_AHEAD_ERROR``)."""
    if method != "look-ahead" or kind != "turn":
        return None, None
    if horizon is None:
        return None, True
    import importlib

    from adjudicator.rulesets import find_kit

    home = find_kit(ruleset).analysis
    measured = getattr(importlib.import_module(home), "LOOK_AHEAD_ERROR", ()) if home else ()
    fitting = [error for size, error in measured if size <= budget]
    return (fitting[-1] if fitting else None), None


def look_ahead_error(model: SoloModel, budget: int) -> float | None:
    """The largest error measured for a look-ahead of ``model``'s ruleset within ``budget``
    states: the model's ``look_ahead_error`` lists ``(budget, error)`` pairs as
    ``bench/look_ahead_error.py`` measured them; the entry of the largest budget not above this
    one counts (a smaller budget than any measured: None, no bound is known)."""
    measured: tuple[tuple[int, float], ...] = getattr(model, "look_ahead_error", ())
    fitting = [error for size, error in measured if size <= budget]
    return fitting[-1] if fitting else None


@dataclass(slots=True)
class TurnValue:
    """A hit-or-stay decision: both values, the chance that the next card busts, the method."""

    seat: int
    solved: Solved
    bust_chance: float

    @property
    def best(self) -> str:
        """``hit`` or ``stay``, whichever is worth more (``stay`` on a tie: it is sure)."""
        stay, hit = self.solved.stay, self.solved.hit
        if stay is None:
            return "hit"
        if hit is None or stay >= hit - 1e-12:
            return "stay"
        return "hit"

    def options(self) -> dict[str, float]:
        """The open options and their values."""
        return {k: v for k, v in (("hit", self.solved.hit), ("stay", self.solved.stay)) if v is not None}


@dataclass(slots=True)
class TargetValue:
    """A card given to one of several players: for each, what it does to the holder's standing
    (the change in the holder's round value, or minus the change in the recipient's)."""

    seat: int
    card: str
    benefits: dict[int, float] = field(default_factory=dict)
    method: Method = "exact"
    #: For cards whose moves name more than a recipient (Steal's card, Swap's two cards): every
    #: legal move by its label (``move_label``) with its worth to the holder; ``benefits`` then
    #: holds each recipient's best move.
    moves: dict[str, float] = field(default_factory=dict)

    @property
    def best(self) -> int:
        """The recipient worth most to the holder (the first in seat order on a tie)."""
        return max(self.benefits, key=lambda s: (self.benefits[s], -s))

    @property
    def best_move(self) -> str | None:
        """The label of the move worth most (the first listed on a tie), when moves are rated."""
        if not self.moves:
            return None
        top = max(self.moves.values())
        return next(label for label, worth in self.moves.items() if worth >= top - 1e-12)


def move_label(event: object) -> str:
    """A target move in words any language reads: the recipient, then the cards it names
    (``Ben``, ``Ben:7``, ``Ben:7/Cem:-4`` for a swap of Ben's 7 with Cem's −4)."""
    label = str(getattr(event, "target", ""))
    taken = getattr(event, "target_card", None)
    if taken is not None:
        label += f":{taken}"
    other = getattr(event, "other", None)
    if other is not None:
        label += f"/{other}:{getattr(event, 'other_card', '')}"
    return label


def _value(found: tuple[SoloModel, Hashable] | float, budget: int) -> tuple[float, Method]:
    if isinstance(found, float | int):
        return float(found), "exact"
    got = solve(*found, budget=budget)
    return got.best, got.method


def turn_value(
    model: CardModel, state: GameState, seat: int, budget: int = BUDGET, *, samples: int = SAMPLES, deal: bool = False,
) -> TurnValue:
    """Hit and stay for ``seat`` now (the row as it is, the draw pile as it is): exact or a
    look-ahead where the card model can value the position, else ``samples`` Monte Carlo playouts
    per option with the rules' engine (``deal``: the deal has reached the player)."""
    pile = state.draw_pile if state.draw_size else state.discard_pile
    bust = state.rules.bust_chance(state.rows[seat], pile)
    try:
        solo, start = model.start_of(state, seat)
    except Unmodelled:
        return TurnValue(seat, sampled(model, state, seat, samples=samples, deal=deal), bust)
    return TurnValue(seat, solve(solo, start, budget), bust)


def seed_of(state: GameState, seat: int) -> str:
    """The seed of a position's playouts: the game, the event and the seat (the same answer every time)."""
    return f"{state.game.id if state.game else ''}:{state.events_applied}:{seat}"


def sampled(model: CardModel, state: GameState, seat: int, *, samples: int = SAMPLES, deal: bool = False) -> Solved:
    """Hit and stay for ``seat`` by Monte Carlo playouts (``adjudicator.analysis.montecarlo``)."""
    from adjudicator.analysis.montecarlo import DIFFERENCE, hit_and_stay

    got = hit_and_stay(state, seat, model, seed=seed_of(state, seat), samples=samples, deal=deal)
    stay, hit, diff = got.get("stay"), got.get("hit"), got.pop(DIFFERENCE, None)
    return Solved(
        stay.mean if stay else None, hit.mean if hit else None, "monte-carlo", None, 0,
        {k: (v.low, v.high) for k, v in got.items()}, next(iter(got.values())).samples, (diff.low, diff.high) if diff else None,
    )


def target_value(model: CardModel, state: GameState, exp: Expectation, budget: int = BUDGET) -> TargetValue | None:
    """Each recipient the waiting card may go to, rated for its holder; None when the card model
    does not rate this card."""
    assert exp.seat is not None and exp.card is not None
    candidates = exp.eligible
    if not candidates:
        return None
    rate_moves = getattr(model, "rate_moves", None)
    if rate_moves is not None:
        return _rated_moves(rate_moves, state, exp, budget)
    share = max(budget // (2 * len(candidates)), 500)
    rated = TargetValue(exp.seat, exp.card)
    for seat in candidates:
        check(f" (rating {len(candidates)} recipients)", "the table is too large to rate every recipient in that time")
        after = model.given(state, exp, seat)
        if after is None:
            return None
        now, how_now = _value(model.start_of(state, seat), share)
        then, how_then = _value(after, share)
        rated.benefits[seat] = then - now if seat == exp.seat else now - then
        if "look-ahead" in (how_now, how_then):
            rated.method = "look-ahead"
    return rated


def _rated_moves(rate_moves: Callable[..., list[float]], state: GameState, exp: Expectation, budget: int) -> TargetValue | None:
    """A target rated move by move by the card model (``rate_moves``)."""
    assert exp.seat is not None and exp.card is not None
    moves = state.rules.target_moves(state, exp)
    if not moves:
        return None
    worths = rate_moves(state, exp, moves, max(budget // 5, 500))
    rated = TargetValue(exp.seat, exp.card, method="estimate")
    for move, worth in zip(moves, worths, strict=True):
        label = move_label(move)
        rated.moves[label] = max(worth, rated.moves.get(label, worth))
        seat = state.seat_of[str(getattr(move, "target", ""))]
        rated.benefits[seat] = max(worth, rated.benefits.get(seat, worth))
    return rated


#: A round is near the end of the game when a player could reach the target at its end: their
#: total, plus what their row scores now, plus this many points.
NEAR_END_MARGIN = 15


def near_end(state: GameState) -> bool:
    """True when the game may end with this round (someone is within ``NEAR_END_MARGIN`` of the
    target, counting their row as it stands)."""
    if state.game is None:
        return False
    target = state.game.target
    return any(total + state.rules.score_now(state, row) + NEAR_END_MARGIN >= target for total, row in zip(state.totals, state.rows, strict=False))


@dataclass(slots=True)
class WinChance:
    """The chance to win the game after each option of a turn, and the option the game score favours
    (None when the difference is within the Monte Carlo noise)."""

    chances: dict[str, float]
    intervals: dict[str, tuple[float, float]]
    samples: int
    best: str | None


def win_chance(state: GameState, seat: int, *, deal: bool = False, samples: int | None = None) -> WinChance | None:
    """Hit against stay by the chance to win the game (Monte Carlo playouts of the rest of the
    game with the simulator's strategy); None where only one option is open."""
    from adjudicator.analysis.montecarlo import DIFFERENCE, WIN_SAMPLES, turn_options, win_chances

    options = turn_options(state, seat, deal=deal)
    if len(options) < 2:
        return None
    n = samples or WIN_SAMPLES
    got = win_chances(state, seat, options, seed=seed_of(state, seat), samples=n)
    diff = got.pop(DIFFERENCE)
    best = None if diff.low <= 0.0 <= diff.high else ("hit" if diff.mean > 0 else "stay")
    made = next(iter(got.values())).samples  # fewer than ``n`` when the allowance ran out
    return WinChance({k: v.mean for k, v in got.items()}, {k: (v.low, v.high) for k, v in got.items()}, made, best)
