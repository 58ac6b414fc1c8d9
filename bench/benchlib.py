"""What every bench script shares: the machine line, the corpus, whole-command timing, the report.

Each ``bench/target_*.py`` script measures one target of the performance issue, in one run, and
prints its raw figures, the ratio, the target and the machine it ran on (see ``report``). Corpora
come from the project's own simulator with a fixed seed, so two runs judge the same games.

Two corpora (``--corpus``, ``CORPORA``): ``platform``, the headline, is what a platform's logs look
like: every game seats players of its own (``simulate(unique_names=True)``), with a mix of player
counts and both rulesets (``PLATFORM_MIX``); ``repeated`` is the simulator's plain output, the
same five names at every table of the base game, which lets the memo of parsed lines serve most
lines of every game after the first (the corpus of the figures before issue 30).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from adjudicator import engine_description  # noqa: E402
from adjudicator.simulate import GameOptions, simulate  # noqa: E402

#: The flip7 command line, run from the project folder with this interpreter.
FLIP7 = (sys.executable, "-m", "cli.main")


def machine() -> str:
    """One line naming the machine: CPU model, cores, memory, OS, Python, and how busy it is now."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f", {int(line.split()[1]) / 2**20:.0f} GiB"
                break
    except OSError:
        pass
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    return f"{model}, {os.cpu_count()} CPUs{memory}, {platform.system()} {platform.release()}, Python {platform.python_version()}{load}"


#: The corpora a bench script can simulate (``--corpus``); the first is the default, the headline.
CORPORA = ("platform", "repeated")
#: The platform corpus's tables, (ruleset, seats), in turn: game k is played at table k mod 10.
PLATFORM_MIX: tuple[tuple[str, int], ...] = tuple((ruleset, seats) for seats in (3, 4, 5, 6, 8) for ruleset in ("flip7", "vengeance"))


def parser(description: str | None, games: int, repeat: int | None = None) -> argparse.ArgumentParser:
    """The common options: ``--games`` (corpus size), ``--corpus``, ``--players``, ``--seed``, and
    ``--repeat`` (best of how many timings) when ``repeat`` gives its default."""
    p = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=games, help=f"games in the corpus (default {games})")
    p.add_argument(
        "--corpus", choices=CORPORA, default=CORPORA[0],
        help="platform: players of their own in every game, 3 to 8 seats, both rulesets (default); repeated: the same five names at every table",
    )
    p.add_argument("--players", type=int, default=5, help="seats per game of the repeated corpus (default 5)")
    p.add_argument("--seed", type=int, default=7, help="seed of the simulated corpus (default 7)")
    if repeat is not None:
        p.add_argument("--repeat", type=int, default=repeat, help=f"best of this many timings (default {repeat})")
    return p


def corpus_games(games: int, players: int = 5, seed: int = 7, corpus: str = CORPORA[0]) -> Iterator[Any]:
    """The simulated games of a corpus (``CORPORA``): ``repeated`` plays ``games`` games of
    ``players`` seats of the base game with the simulator's names; ``platform`` deals the games in
    turn to the tables of ``PLATFORM_MIX``, each game with players of its own."""
    if corpus == "repeated":
        yield from simulate(games, players, seed=seed)
        return
    if corpus != "platform":
        raise ValueError(f"no corpus {corpus!r}: one of {', '.join(CORPORA)}")
    runs = [
        simulate(len(range(i, games, len(PLATFORM_MIX))), seats, seed=seed, options=GameOptions(ruleset=ruleset), unique_names=True)
        for i, (ruleset, seats) in enumerate(PLATFORM_MIX)
    ]
    for k in range(games):
        yield next(runs[k % len(runs)])


def corpus_words(corpus: str, players: int = 5) -> str:
    """What a corpus holds, for a report."""
    if corpus == "repeated":
        return f"the simulator's names: the same {players} at every table of the base game"
    mix = sorted({seats for _, seats in PLATFORM_MIX})
    return f"as a platform's: players of their own in every game, {', '.join(map(str, mix))} seats, flip7 and vengeance in turn"


def write_corpus(folder: Path, games: int, players: int = 5, seed: int = 7, corpus: str = CORPORA[0]) -> list[Path]:
    """Simulate the ``games`` valid games of a corpus (``corpus_games``) into ``folder`` as
    ``<id>.jsonl`` files; return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for game in corpus_games(games, players, seed, corpus):
        path = folder / f"{game.game_id}.jsonl"
        path.write_text(game.text(), encoding="utf-8", newline="\n")
        paths.append(path)
    return paths


def event_lines(paths: Sequence[Path]) -> Iterator[bytes]:
    """Every event line of the files (blank and comment lines skipped), as bytes."""
    for path in paths:
        with path.open("rb") as handle:
            for raw in handle:
                stripped = raw.strip()
                if stripped and not stripped.startswith(b"#"):
                    yield raw


def count_events(paths: Sequence[Path]) -> int:
    """How many event lines the files hold."""
    return sum(1 for _ in event_lines(paths))


@dataclass(frozen=True, slots=True)
class Run:
    """One finished whole-command run: wall seconds, CPU seconds (user + system) and peak RSS of
    the process in bytes, exit code."""

    seconds: float
    peak_rss: int
    returncode: int
    cpu: float = 0.0


#: The launcher ``run_command`` starts the measured command from (``python -I -S -c``: no site, no
#: project imports, about 10 MiB). It forks, sends the child's standard output to /dev/null, execs
#: the command, waits for it with ``wait4`` and prints ``status peak_kib cpu_seconds wall_seconds``.
#: The kernel counts in a child's ``ru_maxrss`` the memory of the process that forked it (before the
#: exec), so a command forked by the big bench process itself would seem at least as big as it.
LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.execvp(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
print(status, usage.ru_maxrss, usage.ru_utime + usage.ru_stime, time.perf_counter() - start)
"""


def run_command(args: Sequence[str], *, cwd: Path = ROOT, stdin: bytes | None = None) -> Run:
    """Run a command to its end (output discarded) and measure wall time and its own peak RSS.

    The command is started by a small launcher process (``LAUNCHER``), so the peak is the kernel's
    ``ru_maxrss`` of the command alone, in bytes, whatever the size of this process; its CPU time
    includes the children it waited for (worker processes).
    """
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen(
        [sys.executable, "-I", "-S", "-c", LAUNCHER, *args], cwd=cwd, env=env,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    out, err = proc.communicate(stdin)
    if proc.returncode != 0 or not out.strip():
        raise RuntimeError(f"the launcher of {' '.join(args[:6])} … failed: {err.decode(errors='replace')[-500:]}")
    status, peak_kib, cpu, seconds = out.split()
    returncode = os.waitstatus_to_exitcode(int(status))
    if returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(args[:6])} … exited {returncode}: {err.decode(errors='replace')[-500:]}")
    return Run(float(seconds), int(peak_kib) * 1024, returncode, float(cpu))


def best_of(repeat: int, work, clock=time.perf_counter) -> float:
    """The shortest of ``repeat`` timings of ``work()`` in seconds (the least disturbed run).

    ``clock=time.process_time`` counts this process's CPU time only: on a shared, loaded machine
    that is what a single-threaded comparison should use (waiting for a core is not the code's).
    """
    best = float("inf")
    for _ in range(max(1, repeat)):
        start = clock()
        work()
        best = min(best, clock() - start)
    return best


def best_cpu(repeat: int, command: Sequence[str], **kwargs) -> Run:
    """The run of ``command`` with the least CPU time, of ``repeat`` runs (see ``run_command``)."""
    runs = [run_command(command, **kwargs) for _ in range(max(1, repeat))]
    return min(runs, key=lambda r: r.cpu)


def flip7_has_option(command: str, option: str) -> bool:
    """Whether ``flip7 COMMAND --help`` lists ``option`` (features other branches add)."""
    out = subprocess.run([*FLIP7, command, "--help"], cwd=ROOT, capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"})
    return option in out.stdout


@dataclass(frozen=True, slots=True)
class Verdict:
    """One target's outcome: the measured ratio against the goal, and whether it is met."""

    name: str
    ratio: float
    goal: float
    higher_is_better: bool = True
    unit: str = "×"

    @property
    def met(self) -> bool:
        return self.ratio >= self.goal if self.higher_is_better else self.ratio <= self.goal

    def line(self) -> str:
        sign = "≥" if self.higher_is_better else "≤"
        u = self.unit
        return f"{self.name}: {self.ratio:.2f}{u} (target {sign} {self.goal:g}{u}) — {'met' if self.met else 'NOT met'}"


def report(title: str, rows: Sequence[tuple[str, str]], verdicts: Sequence[Verdict], notes: Sequence[str] = ()) -> None:
    """Print a target's figures as Markdown: title, machine, a figure table, the ratios and notes."""
    print(f"## {title}\n")
    print(f"machine: {machine()}\n")
    print(f"engine: {engine_description()} (FLIP7_PURE=1 for the pure-Python one)\n")
    print("| figure | value |")
    print("| --- | ---: |")
    for label, value in rows:
        print(f"| {label} | {value} |")
    print()
    for verdict in verdicts:
        print(f"- {verdict.line()}")
    for note in notes:
        print(f"- note: {note}")
    print(flush=True)


def rate(count: float, seconds: float) -> str:
    """``count / seconds`` formatted with thousands separators."""
    return f"{count / seconds:,.0f}" if seconds > 0 else "∞"


def games_timing(games: int, run: Run) -> str:
    """A report cell of a whole command over ``games`` games: its CPU seconds, the games/s they
    make, and its wall seconds."""
    return f"{run.cpu:.2f} s CPU = {rate(games, run.cpu)} games/s (wall {run.seconds:.2f} s)"


def mib(size: int) -> str:
    """Bytes as MiB with one decimal."""
    return f"{size / 2**20:.1f} MiB"
