"""The chance to win the game (``W``) of every player at any position of a recorded game: model ``flip7-w1``.

The model (docs/analysis.md, "Win chance"):

- **Every player plays ``STRATEGY``** (the simulator's ``cautious:0.25``: stay once the exact chance
  that the next card busts is above 25 %, action cards given as the ruleset's kit chooses) for the
  rest of the game, the player deciding included once the option valued is taken. ``W`` is the
  chance to win *if everybody plays so*; the error of a decision is what it costs against that field.
- **The rest of this round** is played out ``samples`` times with the rules' own engine from the
  position as it is: the rows, statuses, Second Chances, the real draw pile and whose move. The
  orders of the pile are common random numbers: each physical card gets a random key per playout
  (seeded by the game and the playout's number), so every option and every later position of the
  same game deals its cards in the same relative order (a card removed from the pile leaves the
  others' order as it was). The discard pile is shuffled as the rules say when the pile runs out.
- **The rounds after** are independent: each player's round score is drawn from the table of the
  ruleset and player count (``win_table``: every round of simulated games where every seat played
  ``STRATEGY``, the pile carried over as the rules say). ``Future`` combines those distributions over
  the totals exactly (the chance of each player being first past the target with the lead, round by
  round), for any number of players.
- **Ties**: where the highest total at the target is shared the rules play on; the model splits such
  a tie evenly between the players sharing it (two-way ties exactly, more-way ties by halves).
- Where round scores can be negative (Brutal: totals fall), the later rounds are played out with
  the engine too (every seat playing ``STRATEGY``, to the end of the game) instead of the table.
- A game limited to a number of rounds is not modelled (``Unmodelled``).

Randomness is a seed handed in; the same position gives the same answer every time.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import mul
from typing import Any

from adjudicator.analysis.allowance import check
from adjudicator.analysis.montecarlo import MAX_EVENTS, Z95, _GamePlayout, table_copy
from adjudicator.analysis.win_table import ROUND_SCORES
from adjudicator.errors import RuleViolation
from adjudicator.events import Event, HitEvent, StayEvent
from adjudicator.rules.engine import Expectation, apply, expecting, legal_moves, may_stay
from adjudicator.simulate.strategies import Strategy, parse_strategy
from adjudicator.state import GameState

#: The model's name, stated in every output that shows ``W``.
MODEL = "flip7-w1"
#: How every player is assumed to play from the position on.
STRATEGY = "cautious:0.25"
#: Playouts of the round per option (``flip7 advise``).
SAMPLES = 400
#: Playouts per position in a whole-game analysis.
ANALYZE_SAMPLES = 48
#: Rounds the future model follows at most (a round scores 0 for a bust, so a few more than 200/mean).
MAX_ROUNDS = 80
#: The largest error of a decision's value (win chance after an option, percentage points) against
#: full-game playouts, measured by bench/win_agreement.py (docs/analysis.md); None: not measured.
MEASURED_ERROR: float | None = None
#: Rounds a whole-game playout may take (``whole``) before it is cut (scored by the totals then).
GAME_ROUNDS = 40
#: Mass below which a round's terms are left out.
NEGLIGIBLE = 1e-10
#: The player count whose table stands in for larger tables (more players: the 8-player scores).
LARGEST_TABLE = 8
#: The ruleset whose table stands in where a ruleset has none.
FALLBACK_TABLE = "flip7"


class Unmodelled(Exception):
    """The model does not value this game; ``code`` says why (``REASONS``)."""

    def __init__(self, code: str) -> None:
        super().__init__(REASONS.get(code, code))
        self.code = code


#: Why a game or decision has no win chance, by code (the outputs' words come from their catalogues).
REASONS: dict[str, str] = {
    "no-table": "the win-chance model has no round-score table",
    "no-game": "the log has no game line",
    "fixed-rounds": "a game of a fixed number of rounds is not modelled",
    "too-many-moves": "the decision has more moves than the model values",
    "no-time": "no time was left to value it",
    "not-asked": "not asked for",
    "no-player": "the player asked about is not in this game",
}


def table_key(state: GameState) -> str:
    """The round-score table of a game: its ruleset, with each own option set to true (``+name``)."""
    game = state.game
    assert game is not None
    own = sorted(name for name in type(game).options() if getattr(game, name, None) is True)
    return state.rules.name + "".join(f"+{name}" for name in own)


def _table(key: str, players: int) -> dict[int, int]:
    """The histogram of a table key and player count (the nearest count the table has; the
    ruleset's table without its options, or the base ruleset's, where the key has none)."""
    tables = ROUND_SCORES.get(key) or ROUND_SCORES.get(key.split("+")[0]) or ROUND_SCORES.get(FALLBACK_TABLE)
    if not tables:
        raise Unmodelled("no-table")
    return tables.get(players) or tables[min(tables, key=lambda n: (abs(n - min(players, LARGEST_TABLE)), n))]


def round_scores(key: str, players: int) -> tuple[float, ...]:
    """The model's distribution of one player's round score (index: the score, from 0) for a table
    key and player count."""
    counts = _table(key, players)
    top = max(counts)
    total = sum(counts.values())
    return tuple(counts.get(score, 0) / total for score in range(top + 1))


class Future:
    """The chance of each player to win from totals at the start of a round, every later round's
    scores independent and drawn from ``p`` (index: the score), the game over after the first round
    that leaves a total at ``target`` or above, the highest total winning.

    With ``S(k)`` the sum of ``k`` round scores and ``b = target − total``, a player ends the game
    first in round ``k`` with ``target + o`` points with chance ``F[k][b][o] = P(S(k−1) < b, S(k) =
    b + o)``, and is below ``target + o`` after round ``k`` without having ended it before with chance
    ``C[k][b][o] = P(S(k) < b) + Σ_{o' < o} F[k][b][o']``. Player ``i`` wins in round ``k`` with
    ``Σ_o F_i[o] · Π_{j ≠ i} (C_j[o] + F_j[o] / 2)`` (the half: a tie at the top split).
    Both tables are built once per distribution and target (``future``), in ``O(rounds · target ·
    scores)``; a position costs ``O(rounds · scores · players)``.
    """

    def __init__(self, p: Sequence[float], target: int) -> None:
        self.target = target
        top = len(p) - 1
        self.top = top
        q = list(p) + [0.0]
        # G[k][s] = P(S(k) = s) for s < target; below[k][b] = P(S(k) < b)
        g = [1.0] + [0.0] * (target - 1)
        self.below: list[list[float]] = []
        self.f: list[list[list[float]]] = [[]]  # f[k][b]: k from 1
        self.d: list[list[list[float]]] = [[]]  # d[k][b] = C + F / 2
        for _ in range(MAX_ROUNDS):
            below = [0.0]
            for s in range(target):
                below.append(below[-1] + g[s])
            self.below.append(below)
            if below[target] < NEGLIGIBLE:
                break
            nxt = [0.0] * target
            for s, mass in enumerate(g):
                if mass:
                    for x in range(min(top, target - 1 - s) + 1):
                        nxt[s + x] += mass * q[x]
            # F[b + 1][o] = F[b][o + 1] + G[k−1][b] · p(o + 1)
            rows: list[list[float]] = [[0.0] * (top + 2)]
            for b in range(target):
                prev, mass = rows[-1], g[b]
                rows.append([prev[o + 1] + mass * q[o + 1] for o in range(top + 1)] + [0.0])
            self.f.append(rows)
            below_now = [0.0]
            for s in range(target):
                below_now.append(below_now[-1] + nxt[s])
            halves = []
            for b, row in enumerate(rows):
                acc = below_now[b]
                out = []
                for value in row:
                    out.append(acc + value / 2)
                    acc += value
                halves.append(out)
            self.d.append(halves)
            g = nxt
        self.rounds = len(self.f) - 1

    def chances(self, totals: Sequence[int]) -> list[float]:
        """Each player's chance to win from ``totals`` (all below the target) at a round's start."""
        need = [self.target - t for t in totals]
        n = len(need)
        wins = [0.0] * n
        for k in range(1, self.rounds + 1):
            alive = 1.0
            for b in need:
                alive *= self.below[k - 1][b]
            if alive < NEGLIGIBLE:
                break
            fs = [self.f[k][b] for b in need]
            ds = [self.d[k][b] for b in need]
            for i in range(n):
                row = fs[i]
                for j in range(n):
                    if j != i:
                        row = list(map(mul, row, ds[j]))
                wins[i] += math.fsum(row)
        total = sum(wins)
        return [w / total for w in wins] if total > 0 else [1.0 / n] * n


@lru_cache(maxsize=32)
def future(key: str, players: int, target: int) -> Future:
    """The future-round model of a table key, player count and target (built once: about a
    second of pure Python for a target of 200)."""
    return Future(round_scores(key, players), target)


def settled(totals: Sequence[int], target: int) -> list[float] | None:
    """Each player's chance where the totals end the game (someone at the target or above): 1 for
    the highest, a tie at the top split evenly; None when the game goes on."""
    top = max(totals)
    if top < target:
        return None
    tied = [i for i, t in enumerate(totals) if t == top]
    return [1.0 / len(tied) if i in tied else 0.0 for i in range(len(totals))]


class Chances:
    """The win chances of totals after a round (``settled`` or ``Future``), remembered per totals."""

    def __init__(self, state: GameState) -> None:
        game = state.game
        if game is None:
            raise Unmodelled("no-game")
        if game.rounds is not None:
            raise Unmodelled("fixed-rounds")
        self.target = game.target
        key, players = table_key(state), len(state.players)
        #: A ruleset whose round scores can be negative (totals fall): later rounds are played out
        #: with the engine instead of the table (``WinModel.whole``).
        self.whole = min(_table(key, players)) < 0
        self.model = None if self.whole else future(key, players, game.target)
        self.memo: dict[tuple[int, ...], list[float]] = {}

    def __call__(self, totals: Sequence[int]) -> list[float]:
        """Each player's chance to win from ``totals`` at the end of a round."""
        key = tuple(totals)
        got = self.memo.get(key)
        if got is None:
            got = settled(key, self.target)
            if got is None:
                if self.model is None:
                    raise Unmodelled("no-table")
                got = self.model.chances(key)
            self.memo[key] = got
        return got


def _copy_row(row: Any) -> Any:
    """A row to play on: the row copied, its lists, dicts and sets copied (their items are immutable)."""
    new = copy.copy(row)
    for name in dataclasses.fields(row) if dataclasses.is_dataclass(row) else ():
        value = getattr(row, name.name)
        if isinstance(value, list | dict | set):
            setattr(new, name.name, value.copy())
    return new


def fast_copy(state: GameState) -> GameState:
    """A copy of the table to play on, some ten times faster than ``table_copy``: the piles, rows,
    totals and history copied, the frames of a chain under way deep-copied, the rest shared (the
    rules, the game event, the seats). ``table_copy`` where the objects do not allow it."""
    try:
        new = copy.copy(state)
        new.draw_pile = dict(state.draw_pile)
        new.discard_pile = dict(state.discard_pile)
        new.rows = [_copy_row(row) for row in state.rows]
        new.stack = copy.deepcopy(state.stack) if state.stack else []
        new.totals = list(state.totals)
        new.history = list(state.history)
        new.effects = None
        return new
    except (TypeError, AttributeError):  # pragma: no cover - a compiled class that cannot be copied so
        return table_copy(state)


def _order_keys(seed: str, deck: Mapping[str, int]) -> dict[tuple[str, int], float]:
    """A random key for each physical card of the full deck (kind, copy number), from ``seed``."""
    rng = random.Random(seed)
    return {(card, j): rng.random() for card, copies in sorted(deck.items()) for j in range(copies)}


class _RoundPlayout(_GamePlayout):
    """The rest of one round, every seat playing the strategy, the pile in the order of ``keys``."""

    def __init__(self, state: GameState, rng: random.Random, strategy: Strategy, keys: Mapping[tuple[str, int], float]) -> None:
        # not the parent's __init__: it would shuffle a deck this playout orders by ``keys``
        self.state, self.seat, self.rng, self.model, self.memo = state, -1, rng, None, {}
        self.strategy = strategy
        self.index = state.events_applied
        cards = [(keys.get((card, j), rng.random()), card) for card, copies in state.draw_pile.items() for j in range(copies)]
        cards.sort(reverse=True)  # dealt from the end: the smallest key first
        self.deck = [card for _, card in cards]

    def finish(self, take_card: bool = False, seat: int | None = None) -> list[int]:
        """Play to the end of the round (``take_card``: ``seat`` takes the card the deal owes first);
        the totals then."""
        state = self.state
        if take_card and seat is not None:
            self.deal(seat)
        for _ in range(MAX_EVENTS):
            if not state.in_round or state.over or not self.step(expecting(state)):
                break
        return list(state.totals) if not state.in_round else [t + state.rules.score_now(state, row) for t, row in zip(state.totals, state.rows, strict=True)]

    def to_end(self) -> None:
        """Play the rest of the game (rounds started as the rules' first legal round line)."""
        state = self.state
        rounds = 0
        for _ in range(MAX_EVENTS * GAME_ROUNDS):
            if state.over:
                return
            exp = expecting(state)
            if exp.kind == "round":
                rounds += 1
                if rounds > GAME_ROUNDS:
                    return
                self.emit(legal_moves(state, chance=False)[0])
            elif not self.step(exp):
                return


@dataclass(slots=True)
class Valued:
    """Each option's win chances (per player, mean over the playouts) and the decider's chance per
    playout (for intervals)."""

    chances: dict[str, list[float]]
    draws: dict[str, list[float]] = field(default_factory=dict)
    samples: int = 0

    def interval(self, option: str) -> tuple[float, float]:
        """The 95% interval of the decider's chance after ``option``."""
        return _interval(self.draws[option])

    def difference(self, one: str, two: str) -> tuple[float, float]:
        """The 95% interval of the decider's chance after ``one`` minus after ``two`` (paired)."""
        return _interval([a - b for a, b in zip(self.draws[one], self.draws[two], strict=True)])


def _interval(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n < 2:
        mean = values[0] if values else 0.0
        return mean, mean
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean - half, mean + half


class WinModel:
    """``flip7-w1`` for one game: the win chance of every player at a position, and after each
    option of a decision (the seed of the game's playouts is handed in)."""

    def __init__(self, state: GameState, *, seed: str, samples: int = ANALYZE_SAMPLES) -> None:
        self.chances = Chances(state)
        self.samples = samples
        self.seed = seed
        self.strategy = parse_strategy(STRATEGY)
        #: The strategy's own randomness (``cautious`` uses none).
        self.rng = random.Random(f"{seed}:strategy")
        assert state.game is not None
        deck = state.rules.deck(state.game.decks)
        self.keys = [_order_keys(f"{seed}:{i}", deck) for i in range(samples)]

    def position(self, state: GameState) -> list[float]:
        """Every player's win chance at ``state`` (exact between rounds; playouts within one)."""
        if state.over:
            return [1.0 if i == state.winner else 0.0 for i in range(len(state.players))]
        if not state.in_round and not self.chances.whole:
            return list(self.chances(state.totals))
        return self.options(state, {"": None}, None).chances[""]

    def options(self, state: GameState, options: Mapping[str, Event | None], seat: int | None) -> Valued:
        """Each option's win chances: an event applied first, or None (``seat`` takes the card the
        deal owes; with ``seat`` None: the position as it is)."""
        n = len(state.players)
        valued = Valued({}, samples=self.samples)
        for name, first in options.items():
            check(" (valuing a position by its chance to win)", "ask for fewer playouts")
            sums = [0.0] * n
            mine: list[float] = []
            for i in range(self.samples):
                if i % 16 == 15:
                    check(" (valuing a position by its chance to win)", "ask for fewer playouts")
                table = fast_copy(state)
                play = _RoundPlayout(table, random.Random(f"{self.seed}:{i}:reshuffle"), self.strategy, self.keys[i])
                try:
                    if first is not None:
                        apply(table, first, table.events_applied)
                        play.index = table.events_applied
                    totals = play.finish(take_card=first is None and seat is not None, seat=seat)
                    if self.chances.whole:
                        play.to_end()
                        totals = list(table.totals)
                except RuleViolation:  # a move the rules refuse: the totals as they stand
                    totals = list(table.totals)
                if table.over:
                    got = [1.0 if k == table.winner else 0.0 for k in range(n)]
                elif self.chances.whole:  # cut: the highest total counts as the winner
                    got = [1.0 if k == totals.index(max(totals)) else 0.0 for k in range(n)]
                else:
                    got = self.chances(totals)
                sums = [a + b for a, b in zip(sums, got, strict=True)]
                mine.append(got[seat] if seat is not None else 0.0)
            valued.chances[name] = [s / self.samples for s in sums]
            valued.draws[name] = mine
        return valued


def turn_moves(state: GameState, seat: int, *, deal: bool = False) -> dict[str, Event | None]:
    """Hit (or take the deal card: None) and, where allowed, stay."""
    name = state.name(seat)
    moves: dict[str, Event | None] = {"hit": None if deal else HitEvent.model_construct(type="hit", player=name)}
    if may_stay(state, seat):
        moves["stay"] = StayEvent.model_construct(type="stay", player=name)
    return moves


def target_moves(state: GameState, exp: Expectation, label: Callable[[Any], str]) -> dict[str, Event | None]:
    """Every legal move of a target decision by its label."""
    moves: dict[str, Event | None] = {}
    for move in state.rules.target_moves(state, exp):
        moves.setdefault(label(move), move)
    return moves


#: Lichess's accuracy of one move from the drop in winning chances (percentage points, 0–100 scale):
#: ``103.1668 · exp(−0.04354 · drop) − 3.1669``, clipped to 0–100.
ACCURACY_A, ACCURACY_K, ACCURACY_B = 103.1668, 0.04354, 3.1669
#: The marks by the error in win chance, in percentage points (lichess: 10/20/30 on its −1…1 scale).
WIN_THRESHOLDS: dict[str, float] = {"blunder": 15.0, "mistake": 10.0, "inaccuracy": 5.0}


def move_accuracy(error: float) -> float:
    """The accuracy (0–100) of one decision with this error in percentage points of win chance."""
    return min(100.0, max(0.0, ACCURACY_A * math.exp(-ACCURACY_K * max(error, 0.0)) - ACCURACY_B))


def player_accuracy(errors: Sequence[float]) -> float:
    """A player's accuracy: the mean of the arithmetic and the harmonic mean of their decisions'
    accuracies (lichess blends a weighted mean with the harmonic mean, so one blunder weighs), 100
    with no decisions."""
    if not errors:
        return 100.0
    each = [move_accuracy(e) for e in errors]
    mean = sum(each) / len(each)
    harmonic = len(each) / sum(1.0 / max(a, 1.0) for a in each)
    return round((mean + harmonic) / 2, 1)


def win_mark(error: float) -> str | None:
    """The mark of an error in win chance (percentage points), None below the inaccuracy threshold."""
    for mark, threshold in WIN_THRESHOLDS.items():
        if error >= threshold - 1e-9:
            return mark
    return None


__all__ = [
    "ANALYZE_SAMPLES", "MODEL", "SAMPLES", "STRATEGY", "Chances", "Future", "Unmodelled", "Valued", "WinModel",
    "future", "move_accuracy", "player_accuracy", "round_scores", "settled", "table_key", "target_moves", "turn_moves", "win_mark",
]
