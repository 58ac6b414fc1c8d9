"""The project's sample logs (``logs/``), regenerated deterministically by the simulator.

Run ``python -m scripts.samples [DIR]`` from the repository root (default ``logs``) to write them again; the
same code always writes the same bytes. Each sample is a simulated game with a fixed seed; samples
that must show something particular (a reshuffle during a round, a tie at the target, …) carry a
predicate, and their seed was found with ``find_seed`` (``--search FILE`` prints the first seed
that satisfies it). The two invalid samples are generated games with one move or two claims edited,
and a comment at the top saying what is wrong.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.events import EndEvent, Event, GameEvent, HitEvent, ScoreEvent, TargetEvent
from adjudicator.replay import check_log, walk
from adjudicator.rules import expecting
from adjudicator.rulesets.base.rules import NAME
from adjudicator.simulate.play import GameOptions, SimulatedGame, dump_event, play_game
from adjudicator.state import BUSTED, GameState

Predicate = Callable[[SimulatedGame], bool]


def before_each(game: SimulatedGame) -> Iterator[tuple[int, Event, GameState]]:
    """``adjudicator.replay.walk`` over the game's events: (index, event, state just before it)."""
    return walk(game.events)


def has_mid_round_shuffle(game: SimulatedGame) -> bool:
    """A ``shuffle`` comes while a round is going (the draw pile ran out mid-round)."""
    return any(e.type == "shuffle" and s.in_round for _, e, s in before_each(game))


def busted_player_hands_out(game: SimulatedGame) -> bool:
    """A Flip Three target who busted still gives a set-aside card away (first edition only)."""
    return any(
        isinstance(e, TargetEvent) and s.rows[s.seat_of[e.player]].status == BUSTED
        for _, e, s in before_each(game)
    )


def recipients_named_first(game: SimulatedGame) -> bool:
    """With ``delayed: assign_first``, a recipient is named for a set-aside card before it acts."""
    return any(e.type == "target" and expecting(s).purpose == NAME for _, e, s in before_each(game))


def tie_at_target(game: SimulatedGame) -> bool:
    """After some round two players share the highest total at or above the target, so the game
    goes on for further rounds."""
    rounds = 0
    for _, _, state in walk(game.events):  # a round that just ended shows in the state before the next event
        before, rounds = rounds, len(state.history)
        if rounds > before and not state.over:
            best = max(state.totals)
            assert state.game is not None
            if best >= state.game.target and state.totals.count(best) >= 2:
                return True
    return False


def uses_every_vengeance_action(game: SimulatedGame) -> bool:
    """Just One More, Flip Four, Steal, Swap and Discard are each given at least once."""
    given = {e.card for e in game.events if e.type == "target"}
    return {"just_one_more", "flip_four", "steal", "swap", "discard"} <= given


def brutal_minus_15_and_negative(game: SimulatedGame) -> bool:
    """Brutal mode: a Flip 7 maker takes 15 from another player, and some round scores below 0."""
    minus = any(e.type == "target" and e.card == "flip7_bonus" and e.target != e.player for e in game.events)
    negative = any(v < 0 for e in game.events if e.type == "score" for v in e.scores.values())
    return minus and negative


@dataclass(frozen=True)
class Sample:
    """One valid sample log: a simulated game with a fixed seed (and what it is meant to show)."""

    file: str
    players: int
    strategies: str
    seed: int
    shows: str
    options: GameOptions = GameOptions()
    needs: Predicate | None = field(default=None, compare=False)

    @property
    def game_id(self) -> str:
        return "sample-" + self.file.removesuffix(".jsonl")

    def play(self, seed: int | None = None) -> SimulatedGame:
        """Play the sample's game (with its own seed, or ``seed`` when searching)."""
        return play_game(
            self.game_id, self.strategies, random.Random(self.seed if seed is None else seed),
            players=self.players, options=self.options, claims="right",
        )


MIX = "threshold:25,cautious:0.25,random@smart,threshold:35,cautious:0.35,threshold:20"

SAMPLES: tuple[Sample, ...] = (
    Sample("3-players.jsonl", 3, "threshold:25,cautious:0.3,random@smart", 3, "a three-player game to 200 with score and end claims"),
    Sample("4-players.jsonl", 4, "cautious:0.3,threshold:30,random,threshold:20", 4, "four players, one of them playing at random"),
    Sample("6-players.jsonl", 6, MIX, 6, "six players with six different strategies"),
    Sample("8-players.jsonl", 8, MIX, 8, "eight players"),
    Sample("12-players.jsonl", 12, MIX, 12, "twelve players: the deck runs out and is reshuffled several times"),
    Sample(
        "mid-round-reshuffle.jsonl", 5, "cautious:0.3,threshold:25,random", 0,
        "the draw pile runs out during a round: a shuffle event between two cards of the same round",
        needs=has_mid_round_shuffle,
    ),
    Sample(
        "first-edition.jsonl", 4, "threshold:25,cautious:0.25,threshold:30", 1,
        '"edition": "first": a Flip Three target who busted still hands out a card set aside during the three draws',
        options=GameOptions(edition="first"), needs=busted_player_hands_out,
    ),
    Sample(
        "assign-first.jsonl", 4, "threshold:25,cautious:0.25,threshold:30", 2,
        '"delayed": "assign_first": recipients of set-aside cards are named before any of them acts',
        options=GameOptions(delayed="assign_first"), needs=recipients_named_first,
    ),
    Sample(
        "tie-at-target.jsonl", 4, "threshold:25,cautious:0.3,threshold:30,random@smart", 59,
        "two players share the highest total at or above 200 after a round, so further rounds are played",
        needs=tie_at_target,
    ),
    Sample("two-decks-20-players.jsonl", 20, MIX, 20, '"decks": 2 seats twenty players', options=GameOptions(decks=2)),
    Sample(
        "vengeance-4-players.jsonl", 4, "threshold:25,cautious:0.3,threshold:30,random@smart", 0,
        "With a Vengeance: Just One More, Flip Four, Steal, Swap and Discard all played, modifiers handed to rivals",
        options=GameOptions(ruleset="vengeance"), needs=uses_every_vengeance_action,
    ),
    Sample(
        "vengeance-brutal.jsonl", 5, "threshold:25,cautious:0.3,threshold:30,cautious:0.25,random@smart", 0,
        'With a Vengeance, "brutal": true: rounds below 0 and a Flip 7 bonus taken from another player (-15)',
        options=GameOptions(ruleset="vengeance", brutal=True), needs=brutal_minus_15_and_negative,
    ),
    Sample(
        "vengeance-two-decks-20-players.jsonl", 20, MIX, 20, 'With a Vengeance, "decks": 2 seats twenty players (two of every special card)',
        options=GameOptions(ruleset="vengeance", decks=2),
    ),
)


def find_seed(sample: Sample, start: int = 0, limit: int = 10_000) -> int:
    """The first seed from ``start`` whose game satisfies the sample's predicate."""
    for seed in range(start, start + limit):
        if sample.needs is None or sample.needs(sample.play(seed)):
            return seed
    raise LookupError(f"no seed in {start}…{start + limit - 1} gives {sample.file} what it needs")


def _with_id(events: list[Event], game_id: str) -> list[Event]:
    game = events[0]
    assert isinstance(game, GameEvent)
    return [game.model_copy(update={"id": game_id}), *events[1:]]


def _text(comments: list[str], events: list[Event]) -> str:
    return "".join(f"# {c}\n" for c in comments) + "".join(dump_event(e) + "\n" for e in events)


def wrong_turn(base: SimulatedGame) -> str:
    """The base game with its first hit in round 2 made by the player after the one whose turn it is."""
    for index, event, state in before_each(base):  # noqa: B007 (index is used after the loop)
        exp = expecting(state)
        if event.type == "hit" and state.round == 2 and exp.kind == "turn":
            turn = exp.seat
            assert turn is not None
            mover = state.players[turn]
            others = [s for s in state.active_seats() if s != turn]
            intruder = state.players[min(others, key=lambda s: (s - turn) % len(state.players))]
            break
    else:
        raise LookupError("the base game has no hit in round 2")
    events = _with_id(base.events, "invalid-wrong-turn")
    events[index] = HitEvent(type="hit", player=intruder)
    comments = [
        f"INVALID on purpose: the sample game {base.game_id} with one move changed.",
        f"Event {index} (line {index + 4}): {intruder} hits, but it is {mover}'s turn -> wrong_player (rule turn.order).",
        "An illegal move stops the replay: the verdict holds this one violation and the table as it stood before it.",
    ]
    return _text(comments, events)


def bad_claims(base: SimulatedGame) -> str:
    """The base game with round 2's score claim and the end claim made wrong."""
    events = _with_id(base.events, "invalid-bad-claims")
    score_at = next(i for i, e in enumerate(events) if isinstance(e, ScoreEvent) and e.round == 2)
    end_at = next(i for i, e in enumerate(events) if isinstance(e, EndEvent))
    claim = events[score_at]
    end = events[end_at]
    assert isinstance(claim, ScoreEvent) and isinstance(end, EndEvent)
    who = base.winner or ""
    scores = dict(claim.scores)
    scores[who] += 5
    events[score_at] = claim.model_copy(update={"scores": scores})
    runner_up = max((p for p in base.totals if p != who), key=lambda p: base.totals[p])
    events[end_at] = end.model_copy(update={"winner": runner_up})
    comments = [
        f"INVALID on purpose: the sample game {base.game_id} with two of its claims edited; every move is legal.",
        f"Event {score_at} (line {score_at + 5}): round 2's score claim gives {who} {scores[who]}, not {claim.scores[who]} -> score_mismatch.",
        f"Event {end_at} (line {end_at + 5}): the end claim names {runner_up} ({base.totals[runner_up]}); {who} won with {base.totals[who]} -> winner_mismatch.",
        "Wrong claims do not stop the replay: the verdict lists both and keeps the recomputed scores.",
    ]
    return _text(comments, events)


#: The invalid samples: file, what it shows, how it is made from which valid sample, expected codes.
INVALID: tuple[tuple[str, str, Callable[[SimulatedGame], str], str, tuple[str, ...]], ...] = (
    ("invalid-wrong-turn.jsonl", "a hit by a player whose turn it is not (fatal: the replay stops)", wrong_turn, "4-players.jsonl", ("wrong_player",)),
    ("invalid-bad-claims.jsonl", "a wrong score claim and a wrong end claim (both reported; not fatal)", bad_claims, "3-players.jsonl", ("score_mismatch", "winner_mismatch")),
)


def _readme(games: dict[str, SimulatedGame]) -> str:
    lines = [
        "# Sample logs",
        "",
        "Games in the flip7-log/1 format, written by the simulator (`flip7 simulate`) with fixed seeds, so",
        "they are realistic and reproducible. Regenerate them with",
        "`.venv/bin/python -m scripts.samples` (the same bytes every time) and judge them with",
        "`.venv/bin/flip7 check logs/*.jsonl` (exit code 1: the two `invalid-*` logs have violations on purpose).",
        "All valid samples carry right score and end claims.",
        "",
        "| file | players | seed | strategies | shows |",
        "| --- | --- | --- | --- | --- |",
    ]
    for s in SAMPLES:
        game = games[s.file]
        shows = f"{s.shows} ({game.rounds} rounds, {len(game.events)} events; winner {game.winner})"
        lines.append(f"| `{s.file}` | {s.players} | {s.seed} | `{s.strategies}` | {shows} |")
    lines += ["", "Invalid on purpose (a comment at the top of each says what is wrong and where):", ""]
    lines += ["| file | made from | violations |", "| --- | --- | --- |"]
    for file, shows, _, base, codes in INVALID:
        lines.append(f"| `{file}` | `{base}` | {shows}: {', '.join(f'`{c}`' for c in codes)} |")
    lines += [
        "",
        "Seeds of samples that must show something particular (a reshuffle during a round, the first",
        "edition's rule, a tie at the target, …) were found by searching from 0 for the first seed whose game",
        "shows it: `.venv/bin/python -m scripts.samples --search tie-at-target.jsonl`.",
        "",
    ]
    return "\n".join(lines)


def sample_texts() -> dict[str, str]:
    """Every file of ``logs/`` (file name → text), checked: valid samples are valid, finished and show
    what they should; invalid ones have exactly their intended violations."""
    games: dict[str, SimulatedGame] = {}
    texts: dict[str, str] = {}
    for sample in SAMPLES:
        game = sample.play()
        if sample.needs is not None and not sample.needs(game):
            raise AssertionError(f"{sample.file} (seed {sample.seed}) no longer shows what it should: {sample.shows}")
        verdict = check_log(game.text())
        assert verdict.valid and verdict.finished, (sample.file, verdict.violations[:1])
        games[sample.file] = game
        texts[sample.file] = game.text()
    for file, _, make, base, codes in INVALID:
        text = make(games[base])
        verdict = check_log(text)
        assert tuple(v.code for v in verdict.violations) == codes, (file, verdict.violations)
        header = "".join(line for line in text.splitlines(keepends=True) if line.startswith("#"))
        assert all(f"Event {v.event} (line {v.line})" in header for v in verdict.violations), (file, verdict.violations)
        texts[file] = text
    texts["README.md"] = _readme(games)
    return texts


def write_samples(folder: Path) -> list[Path]:
    """Write every sample into ``folder`` (created if needed); returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in sample_texts().items():
        path = folder / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m scripts.samples [DIR]`` or ``… --search FILE [START]``."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] in (["-h"], ["--help"]) or (args and args[0].startswith("-") and args[0] != "--search"):
        print("usage: python -m scripts.samples [DIR]   (writes the sample logs, default logs/)\n"
              "       python -m scripts.samples --search FILE [START]   (the first seed that makes FILE)",
              file=sys.stderr if args[0] not in ("-h", "--help") else sys.stdout)
        return 0 if args[0] in ("-h", "--help") else 2
    if args[:1] == ["--search"]:
        sample = next((s for s in SAMPLES if s.file == (args[1] if len(args) > 1 else "")), None)
        if sample is None:
            print("usage: --search FILE [START]; FILE is one of: " + ", ".join(s.file for s in SAMPLES), file=sys.stderr)
            return 2
        print(find_seed(sample, int(args[2]) if len(args) > 2 else 0))
        return 0
    for path in write_samples(Path(args[0] if args else "logs")):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
