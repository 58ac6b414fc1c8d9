"""What one build of the rules makes of a fixed corpus: simulated games, their mutants, their verdicts.

Run as ``python -m tests.adjudicator.engine_paths GAMES`` with ``FLIP7_PURE=1`` (pure Python) or
``FLIP7_PURE=0`` (the compiled build, when current); it prints the engine first, then one line per
log: the SHA-256 of the log and the verdict as JSON. The simulator asks the engine for the legal
moves, so the logs themselves are already an output of the build under test; the mutants (a line
dropped, two lines swapped, a card or a player changed, a claim off by one) reach the engine's
refusals. ``test_engine_paths.py`` runs it once per build and compares the outputs line for line.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator

from adjudicator import check_log, engine_description
from adjudicator.simulate import GameOptions, play_game, simulate

#: Seats and ruleset options of the games, in turn.
TABLES: tuple[tuple[int, GameOptions], ...] = (
    (3, GameOptions()),
    (5, GameOptions()),
    (8, GameOptions()),
    (4, GameOptions(ruleset="vengeance")),
    (5, GameOptions(edition="first", delayed="assign_first")),
    (6, GameOptions(ruleset="vengeance", brutal=True)),
)
MUTANTS_PER_GAME = 4


def _mutant(lines: list[str], rng: random.Random) -> list[str]:
    """One small, plausible corruption of a valid log (the game line is kept)."""
    out = list(lines)
    at = rng.randrange(1, len(out))
    kind = rng.randrange(5)
    if kind == 0:
        del out[at]
    elif kind == 1 and at + 1 < len(out):
        out[at], out[at + 1] = out[at + 1], out[at]
    else:
        event = json.loads(out[at])
        if kind == 2 and "card" in event:
            event["card"] = rng.choice(["0", "3", "7", "12", "+4", "x2", "freeze", "second_chance", "steal", "-2"])
        elif kind == 3 and "player" in event:
            event["player"] = rng.choice(["Ana", "Ben", "Cem", "Nobody"])
        elif "scores" in event:
            first = next(iter(event["scores"]))
            event["scores"][first] += 1
        else:
            event["type"] = rng.choice(["hit", "stay", "round"])
        out[at] = json.dumps(event)
    return out


def corpus(games: int) -> Iterator[list[str]]:
    """``games`` simulated logs, each followed by ``MUTANTS_PER_GAME`` of its mutants."""
    rng = random.Random(22)
    for number in range(games):
        seats, options = TABLES[number % len(TABLES)]
        if number % 7 == 0:
            game = play_game(f"diff-{number}", "random", random.Random(number), players=seats, options=options, claims="wrong")
        else:
            game = next(iter(simulate(1, seats, seed=number, options=options)))
        lines = game.lines()
        yield lines
        for _ in range(MUTANTS_PER_GAME):
            yield _mutant(lines, rng)


def main(argv: list[str]) -> None:
    """Print the engine, then ``sha256 verdict-json`` per log of the corpus."""
    games = int(argv[0]) if argv else 100
    out = sys.stdout
    out.write(engine_description() + "\n")
    for lines in corpus(games):
        text = "\n".join(lines) + "\n"
        verdict = check_log(text)
        out.write(f"{hashlib.sha256(text.encode()).hexdigest()} {json.dumps(verdict.to_dict(), sort_keys=True)}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
