"""Side by side with a peer engine: Bernstern/flipped_seven (a Flip 7 bot harness, standard library only).

    .venv/bin/python bench/peer_flipped_seven.py --checkout /path/to/flipped_seven

Given the path of a checkout (or ``FLIP7_PEER_CHECKOUT``), in one process and one run:

* **check ÷ the peer's replay**: flip7 judges 1,000 games of the corpus (``--corpus``: benchlib's
  ``platform`` by default, or ``repeated``) as ``flip7 check`` does (every move checked, scores
  recomputed); the peer reads 1,000 of its own logs at the same seat counts with ``load_events`` +
  ``replay_game`` (its replay, which checks nothing but ids and timestamps). Both as events/s.
* **simulate ÷ the peer's bots**, at 3, 5 and 8 seats: flip7's simulator (``simulate``, strategies
  choosing among the legal moves, no log written) against the peer's ``GameEngine`` with its
  three bots and logging off. Both as cards dealt per second (the peer's cards counted in a pass
  that is not timed, with the same seeds). ``--no-simulate`` leaves this part out.

CPU time of this process (``time.process_time``), best of ``--repeat`` rounds taking the two sides
in turn. Without a checkout it says so and exits 0 (``bench/run`` goes on).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import PLATFORM_MIX, Verdict, corpus_words, event_lines, parser, rate, report, write_corpus  # noqa: E402
from target1_check_speed import check_files  # noqa: E402

from adjudicator.simulate import simulate  # noqa: E402

SEATS = (3, 5, 8)


def _peer(checkout: Path) -> Any:
    """The peer's modules, imported from the checkout (its own ``flip7`` package, renamed here)."""
    import importlib

    saved = {name: module for name, module in sys.modules.items() if name == "flip7" or name.startswith("flip7.")}
    for name in saved:
        del sys.modules[name]
    sys.path.insert(0, str(checkout))
    try:
        modules = {name: importlib.import_module(name) for name in ("flip7.core.game_engine", "flip7.events.event_replay", "flip7.events.event_logger", "flip7.bots")}
    finally:
        sys.path.remove(str(checkout))
    return modules


def _best(repeat: int, sides: list[Callable[[], object]]) -> list[float]:
    """CPU seconds of each side, best of ``repeat`` rounds that run the sides in turn."""
    best = [float("inf")] * len(sides)
    for _ in range(repeat):
        for i, side in enumerate(sides):
            start = time.process_time()
            side()
            best[i] = min(best[i], time.process_time() - start)
    return best


class _Peer:
    """The peer's games: played with its bots (logging off, or to files), cards counted."""

    def __init__(self, modules: dict[str, Any]) -> None:
        self.engine = modules["flip7.core.game_engine"]
        self.replay = modules["flip7.events.event_replay"]
        self.logger = modules["flip7.events.event_logger"]
        self.bots = modules["flip7.bots"]

    def _game(self, number: int, seats: int, log: Path | None) -> Any:
        kinds = (self.bots.RandomBot, self.bots.Hit17Bot, self.bots.ScaredyBot)
        ids = [f"p{i + 1}" for i in range(seats)]
        bots = {pid: kinds[i % len(kinds)](pid) for i, pid in enumerate(ids)}
        return self.engine.GameEngine(
            game_id=f"peer-{number}", player_ids=ids, bots=bots, event_log_path=log or Path(os.devnull),
            seed=number, enable_logging=log is not None,
        )

    def play(self, games: int, seats: int) -> None:
        for number in range(games):
            self._game(number, seats, None).execute_game()

    def cards(self, games: int, seats: int) -> int:
        """Cards dealt in the games ``play`` plays (counted by a logger that only counts)."""
        counted = [0]
        null = self.logger.NullEventLogger
        original = null.log_event

        def count(_self: Any, event: Any) -> None:
            counted[0] += event.event_type == "card_dealt"

        null.log_event = count
        try:
            self.play(games, seats)
        finally:
            null.log_event = original
        return counted[0]

    def write_logs(self, folder: Path, seats: list[int]) -> list[Path]:
        """One logged game per entry of ``seats``, of that many players."""
        folder.mkdir(parents=True, exist_ok=True)
        paths = [folder / f"peer-{n}.jsonl" for n in range(len(seats))]
        for number, path in enumerate(paths):
            self._game(number, seats[number], path).execute_game()
        return paths

    def replay_files(self, paths: list[Path]) -> int:
        events = 0
        for path in paths:
            loaded = self.replay.load_events(path)
            self.replay.replay_game(loaded)
            events += len(loaded)
        return events


def _flip7_cards(games: int, seats: int, seed: int) -> int:
    return sum(1 for game in simulate(games, seats, seed=seed) for event in game.events if event.type == "card")


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the comparison (or skip without a checkout), print the report, return the verdicts."""
    p = parser(__doc__, games=1000, repeat=5)
    p.add_argument("--checkout", type=Path, default=os.environ.get("FLIP7_PEER_CHECKOUT"), help="a checkout of Bernstern/flipped_seven (or FLIP7_PEER_CHECKOUT)")
    p.add_argument("--sim-games", type=int, default=200, help="games per seat count in the simulate comparison (default 200)")
    p.add_argument("--no-simulate", action="store_true", help="compare the check only, not the simulators")
    args = p.parse_args(argv)
    checkout: Path | None = args.checkout
    if checkout is None or not (Path(checkout) / "flip7" / "core" / "game_engine.py").is_file():
        print(f"## Peer engine (Bernstern/flipped_seven)\n\nskipped: no checkout given (--checkout PATH or FLIP7_PEER_CHECKOUT); looked at {checkout}\n")
        return []
    peer = _Peer(_peer(Path(checkout).resolve()))

    rows: list[tuple[str, str]] = []
    verdicts: list[Verdict] = []
    with tempfile.TemporaryDirectory(prefix="flip7-peer-") as tmp:
        folder = Path(tmp)
        ours = write_corpus(folder / "flip7", args.games, args.players, args.seed, args.corpus)
        our_events = sum(1 for _ in event_lines(ours))
        # the peer's own logs at the same tables' seat counts (it plays the base game only)
        tables = [args.players] * args.games if args.corpus == "repeated" else [PLATFORM_MIX[k % len(PLATFORM_MIX)][1] for k in range(args.games)]
        theirs = peer.write_logs(folder / "peer", tables)
        their_events = peer.replay_files(theirs)
        t_check, t_replay = _best(args.repeat, [lambda: check_files(ours), lambda: peer.replay_files(theirs)])
    ratio = (our_events / t_check) / (their_events / t_replay)
    rows += [
        ("flip7 check", f"{args.games:,} games ({corpus_words(args.corpus, args.players)}): {our_events:,} events in {t_check:.3f} s = {rate(our_events, t_check)} events/s"),
        ("peer load_events + replay_game", f"{args.games:,} games at the same seat counts: {their_events:,} events in {t_replay:.3f} s = {rate(their_events, t_replay)} events/s"),
    ]
    verdicts.append(Verdict("check events/s ÷ the peer's non-validating replay events/s", ratio, 2.0))

    sim_ratios = []
    for seats in () if args.no_simulate else SEATS:
        n = args.sim_games
        our_cards, their_cards = _flip7_cards(n, seats, args.seed), peer.cards(n, seats)
        t_ours, t_theirs = _best(args.repeat, [partial(_flip7_cards, n, seats, args.seed), partial(peer.play, n, seats)])
        sim_ratios.append((our_cards / t_ours) / (their_cards / t_theirs))
        rows.append((f"simulate, {seats} seats", f"flip7 {rate(our_cards, t_ours)} cards/s ({our_cards:,} in {t_ours:.2f} s); peer {rate(their_cards, t_theirs)} cards/s ({their_cards:,} in {t_theirs:.2f} s)"))
        verdicts.append(Verdict(f"simulate cards/s ÷ the peer's bots, {seats} seats", sim_ratios[-1], 2.0))
    report(
        "Peer engine: Bernstern/flipped_seven", rows, verdicts,
        [f"CPU time of this one process, best of {args.repeat} rounds (the two sides in turn); checkout {checkout}"],
    )
    return verdicts


if __name__ == "__main__":
    main()
