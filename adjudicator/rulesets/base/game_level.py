"""Win chances over a whole game under the published solver's assumptions (numpy).

The model of Eppie/flip-seven's chapter 4, stated in its own terms so that its figures can be
checked: every round is dealt from a fresh deck, so rounds are independent and a player's round
score is a draw from a distribution (``round_distribution``); after each round the totals grow,
and the first round that ends with a total at or above the target ends the game: the highest
total wins, a tie at the top is split evenly. A round in which every player scores 0 leaves the
totals as they were (the grid solves that loop exactly). The round is the number cards alone
unless said otherwise (79 cards: one 0, one 1, n copies of each n), one player drawing.

These assumptions are not the rules': the real draw pile carries over from round to round, ties
play on, and the action cards join players' rounds together. The game-level values here are a
check against the published figures and a model for the other players' play, not the win chance
of a recorded game.

- ``round_solve``: the within-round policy maximising the expected *reward* of the round score
  (``g[score]``), for many reward vectors at once: the reward is the score itself for the
  round-value policy, the win chance of the new total for a player who plays to win.
- ``round_distribution``: the distribution of the round score under such a policy.
- ``expected_rounds``: the expected rounds to reach the target playing alone.
- ``greedy_grid``: the win chance of player 0 at every vector of totals (two or three players)
  when everyone plays the round-value policy (or any fixed distributions).
- ``best_response_grid``: the same when player 0 plays to win (re-optimises each round for the
  chance to win) against a field of round-value players.

Grids are filled by layers of equal coordinate sum (a round only adds), every cell of a layer at
once, with the sums over the other players' scores kept as running correlations (``_Field``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

#: Different numbers that make a Flip 7, and its bonus.
SEVEN = 7
BONUS = 15
#: The number cards of the base deck: n copies of each n, one 0.
NUMBER_DECK: tuple[int, ...] = tuple(max(n, 1) for n in range(13))
#: The target of a game.
TARGET = 200
#: Newton steps at most for the loop of a round where everyone scores 0 (two or three suffice).
_STEPS = 30


@dataclass(frozen=True, slots=True)
class RoundTable:
    """The states of one player's round drawing number cards alone, grouped by how many numbers
    the row holds (0 to 6; the seventh is a Flip 7 and ends the round): per group the rows (bit
    masks), their sums, the cards left, the copies that would bust, and for each number not in
    the row the row it leads to (an index into the next group, or for the last group the Flip 7's
    sum) and its copies."""

    deck: tuple[int, ...]
    masks: tuple[Ints, ...]
    sums: tuple[Ints, ...]
    left: tuple[Floats, ...]
    busts: tuple[Floats, ...]
    children: tuple[Ints, ...]
    weights: tuple[Floats, ...]
    #: The largest round score (the seven highest numbers and the bonus).
    top: int

    @classmethod
    def of(cls, deck: Sequence[int] = NUMBER_DECK) -> RoundTable:
        """The table for a pile of number cards (``deck[n]`` copies of n), drawn from full."""
        numbers = len(deck)
        total = sum(deck)
        groups = [[sum(1 << n for n in chosen) for chosen in combinations(range(numbers), k)] for k in range(SEVEN)]
        place = [{mask: i for i, mask in enumerate(group)} for group in groups]
        masks, sums, left, busts, children, weights = [], [], [], [], [], []
        for k, group in enumerate(groups):
            kids = np.zeros((len(group), numbers - k), dtype=np.int64)
            copies = np.zeros((len(group), numbers - k))
            for i, mask in enumerate(group):
                free = [n for n in range(numbers) if not mask >> n & 1]
                for j, n in enumerate(free):
                    grown = mask | 1 << n
                    kids[i, j] = place[k + 1][grown] if k + 1 < SEVEN else _sum(grown)
                    copies[i, j] = deck[n]
            masks.append(np.array(group, dtype=np.int64))
            sums.append(np.array([_sum(mask) for mask in group], dtype=np.int64))
            left.append(np.full(len(group), float(total - k)))
            busts.append(np.array([sum(deck[n] - 1 for n in range(numbers) if mask >> n & 1) for mask in group], dtype=np.float64))
            children.append(kids)
            weights.append(copies)
        top = sum(sorted(range(numbers))[-SEVEN:]) + BONUS
        return cls(tuple(deck), tuple(masks), tuple(sums), tuple(left), tuple(busts), tuple(children), tuple(weights), top)


def _sum(mask: int) -> int:
    return sum(n for n in range(mask.bit_length()) if mask >> n & 1)


@dataclass(slots=True)
class Solved:
    """``round_solve``'s answer for each reward vector: the best expected reward from an empty
    row, its derivative by the reward of a 0 (the chance the round scores 0 under the policy),
    and the policy (per group: True where the row hits)."""

    value: Floats
    zero: Floats
    hits: list[npt.NDArray[np.bool_]] = field(default_factory=list)


def round_solve(table: RoundTable, g: Floats, *, policy: bool = False) -> Solved:
    """The within-round policy maximising the expected ``g[score]`` (``g``: one reward vector
    per row of a 2-D array, indexed by the round score up to ``table.top``), from the last
    group of rows back to the empty row: a row stays (its sum) or hits (the mean over the cards
    left: a new number, a Flip 7, or a bust worth ``g[0]``). The chance of a 0 is carried
    alongside, as the derivative by ``g[0]`` (the right half of each row of values)."""
    g = np.atleast_2d(g)
    cells = g.shape[0]
    scores = np.ascontiguousarray(g.T)  # by score, then reward vector
    # what a bust is worth: g[0] for the value, 1 for its derivative
    bust = np.concatenate([scores[0], np.ones(cells)])
    later: Floats | None = None
    hits: list[npt.NDArray[np.bool_]] = []
    for k in range(SEVEN - 1, -1, -1):
        kids, copies = table.children[k], table.weights[k]
        if later is None:  # the seventh number: the Flip 7's reward, no derivative
            grown = np.zeros((len(kids), 2 * cells))
            grown[:, :cells] = np.matmul(copies[:, None, :], scores[kids + BONUS])[:, 0, :]
        else:  # per row: its copies of each number against the rows they lead to
            grown = np.matmul(copies[:, None, :], later[kids])[:, 0, :]
        grown += table.busts[k][:, None] * bust[None, :]
        grown /= table.left[k][:, None]
        stay = scores[table.sums[k]]
        hitting = grown[:, :cells] > stay
        grown[:, :cells] = np.where(hitting, grown[:, :cells], stay)
        grown[:, cells:] = np.where(hitting, grown[:, cells:], (table.sums[k] == 0).astype(np.float64)[:, None])
        later = grown
        if policy:
            hits.insert(0, hitting.T)
    assert later is not None
    return Solved(later[0, :cells].copy(), later[0, cells:].copy(), hits)


def round_distribution(table: RoundTable | None = None, reward: Floats | None = None) -> Floats:
    """The distribution of the round score (index: score, up to ``table.top``) under the policy
    maximising the expected ``reward[score]`` (default: the score itself, the round-value
    policy): a forward pass of the chance to reach each row."""
    table = table or RoundTable.of()
    reward = np.arange(table.top + 1, dtype=np.float64) if reward is None else reward
    hits = round_solve(table, reward, policy=True).hits
    pmf = np.zeros(table.top + 1)
    reach = np.ones(1)
    for k in range(SEVEN):
        hitting = hits[k][0]
        np.add.at(pmf, table.sums[k][~hitting], reach[~hitting])
        going = reach * hitting / table.left[k]
        pmf[0] += float((going * table.busts[k]).sum())
        flow = going[:, None] * table.weights[k]
        if k + 1 < SEVEN:
            nxt = np.zeros(len(table.masks[k + 1]))
            np.add.at(nxt, table.children[k], flow)
            reach = nxt
        else:
            np.add.at(pmf, table.children[k] + BONUS, flow)
    return pmf


def expected_rounds(pmf: Floats, target: int = TARGET) -> float:
    """The expected number of rounds a player alone needs to reach ``target`` from 0, each
    round's score drawn from ``pmf``."""
    rounds = np.zeros(target + len(pmf))
    scores = np.flatnonzero(pmf[1:]) + 1
    for total in range(target - 1, -1, -1):
        rounds[total] = (1.0 + float((pmf[scores] * rounds[total + scores]).sum())) / (1.0 - pmf[0])
    return float(rounds[0])


def outcome(totals: Sequence[Ints]) -> Floats:
    """Player 0's share of the win at final totals (the highest total wins, a tie is split)."""
    top = functools.reduce(np.maximum, totals)
    ties = functools.reduce(np.add, [(t == top).astype(np.float64) for t in totals])
    return np.asarray(np.where(totals[0] == top, 1.0 / ties, 0.0), dtype=np.float64)


def greedy_grid(pmfs: Sequence[Floats], target: int = TARGET) -> Floats:
    """Player 0's win chance at the start of a round for every vector of totals below
    ``target`` (two or three players), each player's round score drawn from their ``pmfs``.
    Memory: a few arrays of (target + the largest score)^players floats (three players to 60:
    20 MB; to 200: about 700 MB, too much for a shared machine)."""
    return _Field(list(pmfs), target).fill(None)


def best_response_grid(pmf: Floats, target: int = TARGET, players: int = 2, table: RoundTable | None = None) -> Floats:
    """Player 0's win chance when they play each round to maximise the chance to win (the
    within-round policy for the reward ``g[score]`` = the win chance after the round) against
    ``players - 1`` players whose round score is drawn from ``pmf``."""
    return _Field([pmf] * players, target).fill(table or RoundTable.of())


def win_reward(grid: Floats, pmfs: Sequence[Floats], totals: tuple[int, ...]) -> Floats:
    """Player 0's reward for each round score at ``totals`` (a cell of ``grid``, the win chance
    at the start of a round): the win chance after the round, over the other players' scores
    drawn from ``pmfs`` (a 0 for everyone returns to the cell itself). What a player who plays to
    win maximises in the round."""
    target = grid.shape[0]
    top = max(len(p) for p in pmfs)
    reward = np.zeros(top)
    scores = np.arange(top)
    others = [np.flatnonzero(p) for p in pmfs]
    for combo in np.array(np.meshgrid(*others, indexing="ij")).reshape(len(pmfs), -1).T:
        chance = float(np.prod([p[s] for p, s in zip(pmfs, combo, strict=True)]))
        rest = [np.full(top, t + s) for t, s in zip(totals[1:], combo, strict=True)]
        mine = totals[0] + scores
        after = outcome([mine, *rest])
        inside = (mine < target) & np.logical_and.reduce([r < target for r in rest])
        after[inside] = grid[(mine[inside], *(r[inside] for r in rest))]
        reward += chance * after
    return reward


class _Field:
    """The padded grid of player 0's win chance ``F`` (totals up to the target plus a round's
    largest score; past the target: the outcome) and the running sums over the other players'
    round scores: ``others[j]`` at a vector of totals is the expectation of ``F`` over the scores
    of players j, j+1, ... (so ``others[1]`` is over every other player's score)."""

    def __init__(self, pmfs: list[Floats], target: int) -> None:
        if len(pmfs) not in (2, 3):
            raise ValueError("the exact grid is for two or three players")
        self.pmfs = pmfs
        self.players = len(pmfs)
        self.target = target
        top = max(len(p) for p in pmfs)
        self.size = target + top
        axes = np.indices((self.size,) * self.players, sparse=True)
        self.f = outcome([a.astype(np.int64) for a in axes])
        inside = np.ones((self.size,) * self.players, dtype=bool)
        for a in axes:
            inside &= a < target
        self.f[inside] = 0.0
        self.supports = [np.flatnonzero(p) for p in pmfs]
        # others[j]: F averaged over the scores of players j.. (computed on the whole padded grid
        # once: right past the target, where F is the outcome; inside, cell by cell as filled)
        self.others: dict[int, Floats] = {}
        running = self.f
        for j in range(self.players - 1, 0, -1):
            running = self._correlate(running, j)
            self.others[j] = running

    def _correlate(self, values: Floats, axis: int) -> Floats:
        """The mean of ``values`` over player ``axis``'s round score, at every total of that axis
        below ``self.size`` (scores past the padded grid never occur from a cell that needs it)."""
        out = np.zeros_like(values)
        length = values.shape[axis]
        for score in self.supports[axis]:
            src = [slice(None)] * values.ndim
            dst = [slice(None)] * values.ndim
            src[axis] = slice(score, length)
            dst[axis] = slice(0, length - score)
            out[tuple(dst)] += self.pmfs[axis][score] * values[tuple(src)]
        return out

    def fill(self, table: RoundTable | None) -> Floats:
        """Fill the cells below the target, layer by layer of the totals' sum, highest first;
        player 0 draws from ``pmfs[0]`` (``table`` None) or plays to win (``table``)."""
        t = self.target
        n = self.players
        lows = [p[0] for p in self.pmfs]
        self_loop = float(np.prod(lows[1:]))
        grid = np.indices((t,) * n).reshape(n, -1)
        order = grid.sum(axis=0)
        for layer in range(n * (t - 1), -1, -1):
            cells = grid[:, order == layer]
            a = cells[0]
            rest = tuple(cells[1:])
            # everyone but player 0 and player 0 scoring x > 0: the others' mean at (a + x, rest)
            scores = np.arange(1, len(self.pmfs[0]))
            later = self.others[1][(a[:, None] + scores[None, :], *(r[:, None] for r in rest))]
            # player 0 scores 0, the others not all 0: the same with the all-zero term left out
            base = self._zero_row(cells)
            if table is None:
                p0 = self.pmfs[0]
                value = (later @ p0[1:] + p0[0] * base) / (1.0 - p0[0] * self_loop)
            else:
                # a warm start: the cell where the last player is one point further on (filled)
                near = (*cells[:-1], cells[-1] + 1)
                value = self._play_to_win(table, later, base, self_loop, self.f[near])
            self.f[tuple(cells)] = value
            self._update(cells)
        return self.f[(slice(0, t),) * n].copy()

    def _zero_row(self, cells: Ints) -> Floats:
        """The mean of F over the other players' scores at the cell itself, leaving out the term
        where they all score 0 (the cell's own value, not yet known)."""
        a, *rest = cells
        if self.players == 2:
            (b,) = rest
            p = self.pmfs[1]
            s = self.supports[1][self.supports[1] > 0]
            return (self.f[a[:, None], b[:, None] + s[None, :]] * p[s]).sum(axis=1)
        b, c = rest
        p1, p2 = self.pmfs[1], self.pmfs[2]
        s1 = self.supports[1][self.supports[1] > 0]
        s2 = self.supports[2][self.supports[2] > 0]
        moved_b = (self.others[2][a[:, None], b[:, None] + s1[None, :], c[:, None]] * p1[s1]).sum(axis=1)
        moved_c = (self.f[a[:, None], b[:, None], c[:, None] + s2[None, :]] * p2[s2]).sum(axis=1)
        return moved_b + p1[0] * moved_c

    def _update(self, cells: Ints) -> None:
        """The running means at the cells just filled (they need only cells of higher layers)."""
        a, *rest = cells
        if self.players == 2:
            (b,) = rest
            s = self.supports[1]
            self.others[1][a, b] = (self.f[a[:, None], b[:, None] + s[None, :]] * self.pmfs[1][s]).sum(axis=1)
            return
        b, c = rest
        s2 = self.supports[2]
        self.others[2][a, b, c] = (self.f[a[:, None], b[:, None], c[:, None] + s2[None, :]] * self.pmfs[2][s2]).sum(axis=1)
        s1 = self.supports[1]
        self.others[1][a, b, c] = (self.others[2][a[:, None], b[:, None] + s1[None, :], c[:, None]] * self.pmfs[1][s1]).sum(axis=1)

    def _play_to_win(self, table: RoundTable, later: Floats, base: Floats, self_loop: float, warm: Floats) -> Floats:
        """Player 0's value when playing to win: the round policy for the reward g[x] (x > 0:
        ``later``; 0: ``base`` plus the loop back to the cell itself, weighted ``self_loop``),
        solved for the cell's own value by Newton steps (the value is piecewise linear in it)."""
        g = np.zeros((later.shape[0], table.top + 1))
        width = min(later.shape[1], table.top)
        g[:, 1:width + 1] = later[:, :width]
        w = warm.copy()
        active = np.arange(len(w))
        for _ in range(_STEPS):
            g[active, 0] = base[active] + self_loop * w[active]
            got = round_solve(table, g[active])
            # w = U(w) with U piecewise linear, slope zero * self_loop: jump to the fixed point
            slope = got.zero * self_loop
            nxt = (got.value - slope * w[active]) / (1.0 - slope)
            moved = np.abs(nxt - w[active]) >= 1e-13
            w[active] = nxt
            active = active[moved]
            if not active.size:
                break
        return w
