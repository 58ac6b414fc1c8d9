"""The vectorised layered solver for a player alone with Freeze and Flip Three in the pile.

Nobody else is in, so the drawer takes every action card: a Freeze at a decision banks the row, a
Flip Three forces three cards. The cells are ``vector_solver``'s (numbers, Second Chance held,
Second Chances drawn, copies cancelled; one array row per way of having drawn the modifiers) with
the action cards' own state added to each configuration: the Flip Threes and Freezes drawn (the
pile left follows), the cards a Flip Three still forces, and the cards set aside during it.

The set-aside cards are resolved in the order they came, each fully before the next (rules-base.md):
a Flip Three's own set-aside cards come before those set aside earlier. Only two things about such
a list matter: how many Flip Threes come before its first Freeze, and whether a Freeze comes at
all (it banks the row when reached; what follows it is never resolved). So a configuration keeps
that pair for the current Flip Three's set-aside cards and for the earlier ones. ``stacked``
selects the published solver's simpler model instead (Eppie/flip-seven, ``SolitaireAllDP``): a Flip
Three drawn during the forced cards adds three more at once, and a Freeze drawn then banks the row
only once every forced card is drawn.

A modifier drawn during a Flip Three changes what is owed, so within a layer (cards other than
modifiers drawn) a configuration may lead to another one of the same layer: a layer is closed
under those moves, and its ways of having drawn the modifiers are valued from the most drawn down
to none for every configuration at once, as before.
"""

from __future__ import annotations

import numpy as np

from adjudicator.rulesets.base.vector_solver import _COUNT, _MASKS, _NUMBERS, _SUMS, MAX_CHANCES, SEVEN, Floats, Ints

_HELD = 1 << 13
_SC = 14  # Second Chances drawn, 2 bits
_CANCEL = 16  # copies cancelled, 2 bits
_FLIPS = 18  # Flip Threes drawn, 2 bits
_FREEZES = 20  # Freezes drawn, 2 bits
_OWED = 22  # cards a Flip Three still forces, 4 bits
_TF = 26  # Flip Threes set aside during this Flip Three before a Freeze, 2 bits (stacked: a Freeze waits, 1 bit)
_FF = 28  # a Freeze set aside during this Flip Three
_TL = 29  # the same for the cards set aside earlier, 2 bits
_FL = 31
_PENDING = (0xF << _TF) | (1 << _FF) | (3 << _TL) | (1 << _FL)
#: Where ``_step`` says the row is banked (a Freeze reached) rather than naming a configuration.
BANK = -1


def _field(keys: Ints, shift: int, bits: int) -> Ints:
    return (keys >> shift) & ((1 << bits) - 1)


def _resolve(keys: Ints, stacked: bool) -> Ints:
    """Configurations with no card owed any more: the set-aside cards take over (a Flip Three:
    three more owed; a Freeze: ``BANK``); with none, the player decides again. Others unchanged."""
    done = _field(keys, _OWED, 4) == 0
    if stacked:
        waits = done & (_field(keys, _TF, 1) == 1)
        return np.where(waits, BANK, keys)
    tf, ff, tl, fl = _field(keys, _TF, 2), _field(keys, _FF, 1), _field(keys, _TL, 2), _field(keys, _FL, 1)
    flips = np.where(ff == 1, tf, tf + tl)
    freeze = np.where(ff == 1, 1, fl)
    cleared = keys & ~_PENDING
    again = cleared | (3 << _OWED) | ((flips - 1).clip(0) << _TL) | (freeze << _FL)
    out = np.where(flips > 0, again, np.where(freeze == 1, BANK, cleared))
    return np.where(done, out, keys)


def _owe_one_less(keys: Ints) -> Ints:
    owed = _field(keys, _OWED, 4)
    return np.where(owed > 0, keys - (1 << _OWED), keys)


class _Pile:
    """The pile at the start and what each configuration has taken from it."""

    def __init__(self, numbers: int, counts: list[int], chances: int, flips: int, freezes: int, stacked: bool) -> None:
        self.numbers = numbers
        self.counts = counts
        self.chances, self.flips, self.freezes = chances, flips, freezes
        self.stacked = stacked
        self.total_numbers = sum(counts)
        self.pool = np.zeros(1 << _NUMBERS, dtype=np.int64)
        for n in range(_NUMBERS):
            self.pool += ((_MASKS >> n) & 1) * (counts[n] - (0 if numbers >> n & 1 else 1))

    def steps(self, keys: Ints) -> list[tuple[Ints, Floats, Ints]]:
        """For each card that is not a modifier: (copies, the configuration after it, before
        ``_resolve``; its row for the Flip 7 and bank scores), per configuration of ``keys``;
        a configuration of -2 is a bust or a card the pile does not hold, -3 a Flip 7."""
        rows = keys & (_HELD - 1)
        owed = _field(keys, _OWED, 4)
        deciding = owed == 0
        base = _owe_one_less(keys)
        out: list[tuple[Ints, Floats, Ints]] = []
        seventh = _COUNT[rows] == SEVEN - 1
        for n in range(_NUMBERS):
            if not self.counts[n]:
                continue
            bit = 1 << n
            fresh = (rows & bit) == 0
            after = np.where(fresh, np.where(seventh, -3, base | bit), -2)
            out.append((after, np.where(fresh, float(self.counts[n]), 0.0), rows | bit))
        copies = self.pool[rows] - _field(keys, _CANCEL, 2)
        saved = ((keys & _HELD) != 0) & (copies > 0)
        out.append((np.where(saved, (base & ~_HELD) + (1 << _CANCEL), -2), np.where(saved, copies, 0).astype(np.float64), rows))
        left = self.chances - _field(keys, _SC, 2)
        out.append((np.where(left > 0, (base + (1 << _SC)) | _HELD, -2), left.astype(np.float64), rows))
        flips_left = self.flips - _field(keys, _FLIPS, 2)
        if self.stacked:
            forced_flip = keys + (1 << _FLIPS) + (2 << _OWED)
        else:
            # one more Flip Three set aside before this Flip Three's first Freeze (none after it counts)
            forced_flip = base + (1 << _FLIPS) + np.where(_field(keys, _FF, 1) == 1, 0, 1 << _TF)
        flip = np.where(deciding, keys + (1 << _FLIPS) + (3 << _OWED), forced_flip)
        out.append((np.where(flips_left > 0, flip, -2), flips_left.astype(np.float64), rows))
        freezes_left = self.freezes - _field(keys, _FREEZES, 2)
        if self.stacked:
            forced_freeze = (base + (1 << _FREEZES)) | (1 << _TF)
        else:
            forced_freeze = (base + (1 << _FREEZES)) | (1 << _FF)
        # a Freeze at a decision banks the row at once: valued apart (``deciding``), not a step
        out.append((np.where((freezes_left > 0) & ~deciding, forced_freeze, -2), np.where(deciding, 0, freezes_left).astype(np.float64), rows))
        return out

    def left(self, keys: Ints, start_rows: int) -> Floats:
        """Cards left in the pile but the modifiers."""
        rows = keys & (_HELD - 1)
        return (self.total_numbers - _COUNT[rows & ~start_rows] - _field(keys, _CANCEL, 2)
                + self.chances - _field(keys, _SC, 2) + self.flips - _field(keys, _FLIPS, 2)
                + self.freezes - _field(keys, _FREEZES, 2)).astype(np.float64)


def alone_hit(
    numbers: int, plus_of: list[int], shift_of: list[int], left_of: list[int],
    moves_of: list[tuple[tuple[int, int], ...]], chance: int, counts: list[int], chances: int,
    flips: int, freezes: int, bonus: int, limit: int, *, stacked: bool = False,
) -> tuple[float, int] | None:
    """The hit value of a row drawing alone from a pile with ``flips`` Flip Threes and
    ``freezes`` Freezes (the rest as ``vector_solver.layered_hit``), and the cells valued; None
    past ``limit`` cells or with more than three of a kind of action card. The caller has checked
    that the pile cannot run out."""
    if max(chances, flips, freezes) > MAX_CHANCES:
        return None
    size = len(plus_of)
    pile = _Pile(numbers, counts, chances, flips, freezes, stacked)
    start = np.array([numbers | (_HELD if chance else 0)], dtype=np.int64)
    layers: list[Ints] = []
    cells = 0
    current = start
    while current.size:
        current = _close(current, stacked)
        cells += current.size * size
        if cells > limit:
            return None
        layers.append(current)
        found = [_resolve(after[after >= 0], stacked) for after, _, _ in pile.steps(current)]
        nxt = np.concatenate(found)
        current = np.unique(nxt[nxt >= 0])
    factors = np.exp2(np.array(shift_of, dtype=np.float64))
    plus = np.array(plus_of, dtype=np.float64)
    sums = np.arange(int(_SUMS[-1]) + 1, dtype=np.float64)
    banked = factors[:, None] * sums[None, :] + plus[:, None]
    later: Floats = np.zeros((size, 0))
    after_keys: Ints = np.zeros(0, dtype=np.int64)
    for depth in range(len(layers) - 1, -1, -1):
        keys = layers[depth]
        zero = after_keys.size
        flip7_at, bank_at = zero + 1, zero + 1 + sums.size
        ext = np.concatenate([later, np.zeros((size, 1)), banked + bonus, banked], axis=1)
        index_rows, weight_rows = [], []
        for after, weight, rows in pile.steps(keys):
            resolved = np.where(after >= 0, _resolve(np.where(after >= 0, after, 0), stacked), after)
            place = np.full(keys.size, zero, dtype=np.int64)
            going = resolved >= 0
            place[going] = np.searchsorted(after_keys, resolved[going])
            place = np.where(resolved == -3, flip7_at + _SUMS[rows], place)
            place = np.where(resolved == BANK, bank_at + _SUMS[rows], place)
            index_rows.append(place)
            weight_rows.append(np.where(after == -2, 0.0, weight))
        index, weight = np.array(index_rows), np.array(weight_rows)
        rows = keys & (_HELD - 1)
        deciding = _field(keys, _OWED, 4) == 0
        freeze_now = np.where(deciding, pile.freezes - _field(keys, _FREEZES, 2), 0).astype(np.float64)
        # a modifier: the same configuration (one card less owed, the set-aside cards perhaps next)
        moved = _resolve(_owe_one_less(keys), stacked)
        modifier_bank = moved == BANK
        modifier_place = np.searchsorted(keys, np.where(modifier_bank, keys, moved))
        left = pile.left(keys, numbers)
        inverse = {extra: 1.0 / (left + extra) for extra in set(left_of)}
        stays = banked[:, _SUMS[rows]]
        values = np.empty((size, keys.size))
        for column in range(size - 1, -1, -1):
            acc = np.einsum("jn,jn->n", ext[column].take(index), weight)
            for nxt_index, copies in moves_of[column]:
                acc += copies * np.where(modifier_bank, stays[nxt_index], values[nxt_index][modifier_place])
            acc += freeze_now * stays[column]
            acc *= inverse[left_of[column]]
            if depth == 0 and column == 0:
                return float(acc[0]), cells
            values[column] = np.where(deciding, np.maximum(acc, stays[column]), acc)
        later, after_keys = values, keys
    return None  # pragma: no cover - the start is always valued


def _close(keys: Ints, stacked: bool) -> Ints:
    """``keys`` and every configuration modifiers drawn during a Flip Three lead to (sorted)."""
    seen = np.unique(keys)
    frontier = seen
    while frontier.size:
        moved = _resolve(_owe_one_less(frontier), stacked)
        moved = moved[(moved >= 0) & (moved != frontier)]
        fresh = np.setdiff1d(moved, seen)
        seen = np.union1d(seen, fresh)
        frontier = fresh
    return seen
