"""Playing whole games from a physically shuffled deck and writing them as flip7-log/1 events.

The simulator has no rules of its own. It holds the physical deck (the only thing that knows the
order of the draw pile), deals the next card off it whenever the rules owe one, reshuffles the
discard pile when the pile runs out, and asks each seat's strategy whenever a player has a choice.
Every event goes through ``adjudicator.rules.apply``, which checks it; decisions are always
picked from ``legal_moves``. Randomness comes only from the ``random.Random`` passed in, so a game
is fully determined by it.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from pydantic import ValidationError

from adjudicator.errors import RuleViolation, UnsupportedRuleset
from adjudicator.events import (
    CardEvent,
    EndEvent,
    Event,
    GameEvent,
    HitEvent,
    ScoreEvent,
    ShuffleEvent,
    StayEvent,
    option_fields,
)
from adjudicator.rules import apply, expecting, is_legal, legal_moves
from adjudicator.rules.engine import may_stay
from adjudicator.simulate.strategies import (
    DEFAULT_STRATEGIES,
    Strategy,
    parse_strategies,
    parse_strategy,
    seat_strategies,
)
from adjudicator.simulate.view import PlayerView
from adjudicator.state import GameState

Claims = Literal["right", "wrong", "none"]
CLAIMS: tuple[str, ...] = get_args(Claims)

#: A game played to a target that has not ended after this many rounds is stopped (only reachable
#: with huge targets); ``--rounds`` above it plays them all.
MAX_ROUNDS = 1000
#: Events one round may take before the simulator calls it stalled. A real round of 36 players on
#: two decks takes well under a thousand; more means the cards left in play only cycle (a lone
#: player keeps drawing action cards that go back into the pile with every shuffle).
MAX_ROUND_EVENTS = 20_000

#: Seat names of simulated games (36 distinct names: enough for two decks).
NAMES: tuple[str, ...] = (
    "Ana", "Ben", "Cem", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jon", "Kim", "Lea",
    "Max", "Nia", "Otto", "Pia", "Quinn", "Rosa", "Sam", "Tess", "Udo", "Vera", "Wim", "Xena",
    "Yuri", "Zoe", "Alba", "Bo", "Cleo", "Dirk", "Emi", "Finn", "Gia", "Hugo", "Ines", "Jan",
)

#: The dealer named when nobody is seated (so that the rules report the player count).
NOBODY = "nobody"

#: How much a deliberately wrong score claim is off by.
WRONG_BY = 10


class SimulationError(ValueError):
    """The simulation was asked for something it cannot do (the message says what)."""


class GameOptions:
    """The game options of the contract's ``game`` event that a simulated game may use: those every
    ruleset has, and the ruleset's own as keywords (``GameOptions(edition="first")``,
    ``GameOptions(ruleset="vengeance", brutal=True)``), named and checked by its options model
    (``Ruleset.game_event``) when the game event is built (``game_event``)."""

    __slots__ = ("_own", "decks", "rounds", "ruleset", "target")

    def __init__(self, ruleset: str = "flip7", target: int = 200, rounds: int | None = None, decks: int = 1, **own: Any) -> None:
        self.ruleset, self.target, self.rounds, self.decks = ruleset, target, rounds, decks
        self._own: dict[str, Any] = dict(own)

    def __getattr__(self, name: str) -> Any:
        """A ruleset's own option: as given, else its default (any registered ruleset's)."""
        if name.startswith("_"):
            raise AttributeError(name)
        own = object.__getattribute__(self, "_own")
        if name in own:
            return own[name]
        fields = option_fields()
        if name in fields:
            return fields[name].get_default(call_default_factory=True)
        raise AttributeError(f"no game option {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, "_own"):
            raise AttributeError("GameOptions is frozen")
        object.__setattr__(self, name, value)

    def own(self) -> dict[str, Any]:
        """The ruleset's own options given (by name)."""
        return dict(self._own)

    def as_dict(self) -> dict[str, Any]:
        """Every option, those of every registered ruleset at their defaults unless given (what
        ``run_tag`` hashes)."""
        defaults = {name: info.get_default(call_default_factory=True) for name, info in option_fields().items()}
        return {"ruleset": self.ruleset, "target": self.target, "rounds": self.rounds, "decks": self.decks, **defaults, **self._own}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameOptions) and self.as_dict() == other.as_dict()

    def __hash__(self) -> int:
        return hash(json.dumps(self.as_dict(), sort_keys=True, default=str))

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={v!r}" for k, v in self._own.items())
        return f"GameOptions(ruleset={self.ruleset!r}, target={self.target!r}, rounds={self.rounds!r}, decks={self.decks!r}{', ' if given else ''}{given})"


def game_event(game_id: str, names: Sequence[str], dealer: str, options: GameOptions) -> GameEvent:
    """The ``game`` event of a simulated game; ``SimulationError`` when the event model refuses an option."""
    try:
        return GameEvent.model_validate({
            "type": "game", "id": game_id, "players": list(names), "dealer": dealer, "ruleset": options.ruleset,
            "target": options.target, "rounds": options.rounds, "decks": options.decks, **options.own(),
        })
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'game'} = {e['input']!r}: {e['msg']}" for e in exc.errors()
        )
        raise SimulationError(f"cannot simulate this game: {problems}") from None


def open_game(state: GameState, event: GameEvent) -> None:
    """Apply the game event to a fresh ``state`` (the rules check it): ``SimulationError`` when refused."""
    try:
        apply(state, event, 0)
    except UnsupportedRuleset as exc:
        raise SimulationError(f"{exc}: this ruleset cannot be simulated") from None
    except RuleViolation as exc:
        more = event.model_copy(update={"decks": 2})
        hint = " Use --decks 2 to seat them." if event.decks == 1 and is_legal(GameState(), more) else ""
        raise SimulationError(f"cannot simulate this game: {exc}{hint}") from None


@dataclass(slots=True)
class SimulatedGame:
    """One simulated game: its events (all applied and accepted) and how it ended.

    ``stalled`` is true when a card was owed but every card was on the table (draw and discard
    piles both empty), or when a round ran past ``MAX_ROUND_EVENTS`` because the cards left only
    cycle through shuffles, so the game could not go on; ``finished`` is false then.
    """

    game_id: str
    events: list[Event]
    finished: bool
    winner: str | None
    totals: dict[str, int]
    rounds: int
    stalled: bool = False
    strategies: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The log as JSON lines (without line ends)."""
        return [dump_event(e) for e in self.events]

    def text(self) -> str:
        """The whole log as flip7-log/1 text (JSON Lines, ending with a newline)."""
        return "\n".join(self.lines()) + "\n"


def dump_event(event: Event) -> str:
    """One event as a compact JSON line (options at their defaults are left out)."""
    return event.model_dump_json(exclude_defaults=True)


def player_names(count: int) -> list[str]:
    """``count`` distinct seat names (short first names, then ``P37``, ``P38``, …)."""
    return [NAMES[i] if i < len(NAMES) else f"P{i + 1}" for i in range(count)]


def unique_player_names(count: int, game_id: str) -> list[str]:
    """``count`` seat names for the game ``game_id`` as a platform's logs have them: a name of
    ``player_names`` with an id of eight hex digits drawn from the game's id and the seat
    (``Ana.3f9c01ab``), so games of other ids seat nobody alike and share no line naming a player."""
    return [
        f"{name}.{hashlib.sha256(f'flip7-simulate/{game_id}/{seat}'.encode()).hexdigest()[:8]}"
        for seat, name in enumerate(player_names(count))
    ]


def _cards(counts: dict[str, int]) -> list[str]:
    return [card for card, copies in counts.items() for _ in range(copies)]


#: Events are frozen, so equal moves may share one object: the moves the simulator makes most
#: (a card to a player, a hit, a stay), each built and validated once. Bounded: cleared when full
#: (seat names and cards are few, but a run may name any seats).
_MOVES: dict[tuple[str, str, str], Event] = {}
_MOVES_CAP = 8192
_SHUFFLE = ShuffleEvent(type="shuffle")


def _move(kind: Literal["card", "hit", "stay"], player: str, card: str = "") -> Event:
    """The ``card``, ``hit`` or ``stay`` event of ``player`` (shared between equal moves)."""
    key = (kind, player, card)
    event = _MOVES.get(key)
    if event is None:
        if len(_MOVES) >= _MOVES_CAP:
            _MOVES.clear()
        if kind == "card":
            event = CardEvent(type="card", player=player, card=card)
        elif kind == "hit":
            event = HitEvent(type="hit", player=player)
        else:
            event = StayEvent(type="stay", player=player)
        _MOVES[key] = event
    return event


class _Table:
    """One game in progress: the state, the physical deck and the log written so far."""

    def __init__(self, game: GameEvent, strategies: Sequence[Strategy], rng: random.Random, claims: Claims) -> None:
        # Separate streams: the deck's order does not depend on what the players decide.
        self.deck_rng = random.Random(rng.getrandbits(64))
        self.choice_rng = random.Random(rng.getrandbits(64))
        self.strategies = list(strategies)
        self.claims = claims
        self.state = GameState()
        open_game(self.state, game)
        self.events: list[Event] = [game]
        self.deck = _cards(self.state.draw_pile)  # top of the pile = end of the list
        self.deck_rng.shuffle(self.deck)

    def emit(self, event: Event) -> None:
        """Apply ``event`` (the rules check it) and write it to the log."""
        apply(self.state, event, len(self.events))
        self.events.append(event)

    def deal_card(self, player: str) -> bool:
        """Reveal the top card of the deck to ``player``, reshuffling first if the pile is empty.
        False when no card is left anywhere (the game stalls)."""
        state = self.state
        if not self.deck:
            if not any(state.discard_pile.values()):
                return False
            self.deck = _cards(state.discard_pile)
            self.deck_rng.shuffle(self.deck)
            self.emit(_SHUFFLE)
        self.emit(_move("card", player, self.deck.pop()))
        assert len(self.deck) == state.draw_size, "the physical deck and the draw pile disagree"
        return True

    def step(self) -> bool:
        """Make the next move (one or two events); False when the game cannot go on.

        The players' decisions are those ``legal_moves(state, chance=False)`` lists, asked of the
        rules directly where that is cheaper: between taking a card and staying (``may_stay``) the
        seat's strategy decides; a target is picked among ``legal_moves``; the next round is the one
        it names. A card owed or dealt is the top card of the physical deck. ``apply`` checks every
        event as it is written.
        """
        state = self.state
        exp = expecting(state)
        kind = exp.kind
        if kind == "round":
            self.emit(legal_moves(state, chance=False)[0])
            return True
        seat = exp.seat
        assert seat is not None
        if kind == "target":
            moves = legal_moves(state, chance=False)
            chosen = self.strategies[seat].choose_target(PlayerView(state, seat), moves, self.choice_rng)  # type: ignore[arg-type]
            self.emit(chosen)
            return True
        name = state.players[seat]
        if kind != "draw" and may_stay(state, seat) and not self.strategies[seat].take_card(PlayerView(state, seat), self.choice_rng):
            self.emit(_move("stay", name))
            return True
        if kind in ("deal", "draw"):
            return self.deal_card(name)
        self.emit(_move("hit", name))
        return True

    def claim_scores(self, round_no: int, wrong: bool) -> None:
        """Write the score claim of a finished round (off by ``WRONG_BY`` for seat 0 if ``wrong``)."""
        state = self.state
        scores = dict(zip(state.players, state.history[round_no - 1].scores, strict=False))
        if wrong:
            scores[state.players[0]] += WRONG_BY
        self.emit_claim(ScoreEvent(type="score", round=round_no, scores=scores))

    def claim_end(self) -> None:
        """Write the end claim: the real winner and totals, or (``wrong``) a wrong winner."""
        state = self.state
        totals = dict(zip(state.players, state.totals, strict=False))
        if state.winner is not None:
            winner = state.players[state.winner]
            if self.claims == "wrong":  # the runner-up, deterministically
                winner = max((p for p in state.players if p != winner), key=lambda p: (totals[p], -state.seat_of[p]))
        elif self.claims == "wrong":  # an end claim although the game is not over
            winner = max(state.players, key=lambda p: (totals[p], -state.seat_of[p]))
        else:
            return
        self.emit_claim(EndEvent(type="end", winner=winner, totals=totals))

    def emit_claim(self, event: Event) -> None:
        """Write a claim; a deliberately wrong one is refused by the rules but still logged."""
        try:
            self.emit(event)
        except RuleViolation as exc:  # a wrong claim: the log keeps it
            if self.claims != "wrong" or not exc.is_claim:
                raise
            self.events.append(event)


def as_strategies(strategies: Sequence[Strategy | str] | str) -> list[Strategy]:
    """Strategies from a comma-separated spec string or a list of specs and/or ``Strategy`` objects."""
    if isinstance(strategies, str):
        return parse_strategies(strategies)
    return [s if isinstance(s, Strategy) else parse_strategy(s) for s in strategies]


def play_game(
    game_id: str,
    strategies: Sequence[Strategy | str] | str,
    rng: random.Random,
    *,
    players: int | Sequence[str] = 5,
    options: GameOptions = GameOptions(),
    claims: Claims = "right",
    max_rounds: int = MAX_ROUNDS,
) -> SimulatedGame:
    """Play one game and return its log.

    ``players`` is a count (seats get the names of ``player_names``) or the list of names;
    ``strategies`` are repeated around the table as needed (see ``seat_strategies``); ``rng`` is the
    only source of randomness (deck order, first dealer, random strategies). With ``claims="right"``
    a score claim follows every round and an end claim the last one; ``"wrong"`` writes the same
    claims but with round 1's claim off by ``WRONG_BY`` for the first seat and the end claim naming
    the runner-up (or, in a game that did not finish, claiming an end that has not come).
    """
    names = player_names(players) if isinstance(players, int) else list(players)
    _check_claims(claims)
    seated = seat_strategies(as_strategies(strategies), len(names))
    dealer = names[rng.randrange(len(names))] if names else NOBODY
    table = _Table(game_event(game_id, names, dealer, options), seated, rng, claims)
    state = table.state
    claimed = 0
    stalled = False
    limit = max(max_rounds, options.rounds or 0)  # a fixed number of rounds ends by itself: no cap
    round_began, round_no = 0, len(state.history)
    while not state.over and len(state.history) < limit:
        if len(state.history) != round_no:
            round_began, round_no = len(table.events), len(state.history)
        if not table.step() or len(table.events) - round_began > MAX_ROUND_EVENTS:
            stalled = True
            break
        if claims != "none" and len(state.history) > claimed:
            claimed += 1
            table.claim_scores(claimed, wrong=claims == "wrong" and claimed == 1)
    if claims != "none":
        table.claim_end()
    return SimulatedGame(
        game_id,
        table.events,
        finished=state.over,
        winner=state.players[state.winner] if state.winner is not None else None,
        totals=dict(zip(state.players, state.totals, strict=False)),
        rounds=len(state.history),
        stalled=stalled,
        strategies=[s.spec for s in seated],
    )


def game_id(seed: int, number: int, games: int = 1, *, tag: str = "", prefix: str = "sim") -> str:
    """The id of game ``number`` (from 1) of a run: ``sim-s<seed>-<tag>-0001`` (wider for huge runs).

    ``tag`` (``run_tag``) tells runs with the same seed but other settings apart; without it the id
    is ``sim-s<seed>-0001``. ``prefix`` replaces ``sim``.
    """
    middle = f"-{tag}" if tag else ""
    return f"{prefix}-s{seed}{middle}-{number:0{max(4, len(str(games)))}d}"


def run_tag(players: Sequence[str], strategies: Sequence[Strategy], options: GameOptions, claims: str, *, unique_names: bool = False) -> str:
    """Eight hex digits that differ between runs whose games differ for the same seed and number:
    a hash of the seat names (and whether each game has its own), the strategies, the game
    options and the claims."""
    settings: dict[str, object] = {"players": list(players), "strategies": [s.spec for s in strategies], "options": options.as_dict(), "claims": claims}
    if unique_names:  # only then: the ids of runs without it stay as they were
        settings["unique_names"] = True
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:8]


def game_rng(seed: int, number: int) -> random.Random:
    """The random source of game ``number`` of the run with ``seed`` (independent of other games)."""
    return random.Random(f"flip7-simulate/{seed}/{number}")


def _check_claims(claims: str) -> None:
    if claims not in CLAIMS:
        raise SimulationError(f"claims must be one of {', '.join(CLAIMS)}, not {claims!r}")


#: What ``id_prefix`` may be: it starts the file name ``<game-id>.jsonl`` that ``--out`` writes.
ID_PREFIX = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def simulate(
    games: int,
    players: int,
    *,
    seed: int = 0,
    strategies: Sequence[Strategy | str] | str = "",
    options: GameOptions = GameOptions(),
    claims: Claims = "right",
    id_prefix: str = "sim",
    unique_names: bool = False,
) -> Iterator[SimulatedGame]:
    """Play ``games`` games of ``players`` seats, deterministically for ``seed``.

    Game ``k`` depends only on ``seed`` and ``k`` (``game_rng``), so any one game of a run can be
    replayed alone. An empty ``strategies`` means ``DEFAULT_STRATEGIES``. The game ids are
    ``<id_prefix>-s<seed>-<tag>-<k>``, where ``tag`` (``run_tag``) differs between runs with other
    settings, so runs that give other games never share an id. Every game seats the names of
    ``player_names``; with ``unique_names`` each game seats players of its own instead
    (``unique_player_names``), as a platform's logs do: the same games, renamed.

    Everything is checked here, before the first game is played (``SimulationError`` for the
    options, the player count, ``claims`` and ``id_prefix``; ``StrategyError`` for the
    strategies); the games are then played one by one as the returned iterator is read.
    """
    names = player_names(players)
    _check_claims(claims)
    if not ID_PREFIX.fullmatch(id_prefix):
        raise SimulationError(
            f"the id prefix {id_prefix!r} is not usable: 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit"
        )
    open_game(GameState(), game_event(game_id(seed, 1, games, prefix=id_prefix), names, names[0] if names else NOBODY, options))
    seated = seat_strategies(as_strategies(strategies or DEFAULT_STRATEGIES), players)
    tag = run_tag(names, seated, options, claims, unique_names=unique_names)
    return _played(seed, games, tag, id_prefix, seated, players, names, unique_names, options, claims)


def _played(
    seed: int, games: int, tag: str, id_prefix: str, seated: list[Strategy], players: int, names: list[str], unique_names: bool,
    options: GameOptions, claims: Claims,
) -> Iterator[SimulatedGame]:
    # a generator function, not a generator expression: the compiled engine turns a returned
    # comprehension into a list, which would play every game before the first is read
    for number in range(1, games + 1):
        gid = game_id(seed, number, games, tag=tag, prefix=id_prefix)
        yield play_game(gid, seated, game_rng(seed, number), players=unique_player_names(players, gid) if unique_names else names, options=options, claims=claims)
