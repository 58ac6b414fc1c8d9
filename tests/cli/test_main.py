"""The entry point: ``flip7 COMMAND`` loads only its command's group, and the table of commands
matches what the groups register."""

from __future__ import annotations

import subprocess
import sys

import typer
from syrupy.assertion import SnapshotAssertion

from cli import help
from cli.main import COMMANDS, build_app


def test_the_command_table_is_what_each_group_registers() -> None:
    registered: dict[str, str] = {}
    for group in dict.fromkeys(COMMANDS.values()):
        app = typer.Typer()
        __import__(f"cli.{group}", fromlist=["register"]).register(app)
        for command in app.registered_commands:
            assert command.callback is not None
            registered[command.name or command.callback.__name__] = group
        for sub in app.registered_groups:  # a command with commands of its own (flip7 players rename)
            registered[sub.name or ""] = group
    assert registered == COMMANDS
    help.install(build_app())


def test_the_whole_app_has_every_command() -> None:
    whole = build_app()
    names = [c.name or (c.callback.__name__ if c.callback else "") for c in whole.registered_commands]
    assert names + [g.name for g in whole.registered_groups] == list(COMMANDS)


def test_a_check_does_not_load_the_store_or_the_api() -> None:
    code = (
        "import sys; sys.argv = ['flip7', 'check', '--help']\n"
        "from cli.main import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('duckdb', 'pyarrow', 'fastapi', 'cli.store', 'cli.serve') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "Usage: flip7 check" in out
    assert out.strip().splitlines()[-1] == "[]"


def test_an_unknown_command_loads_every_group_and_suggests() -> None:
    proc = subprocess.run([sys.executable, "-m", "cli.main", "chekc"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "check" in proc.stderr


def test_shell_completion_can_be_installed() -> None:
    # issue 21 item 11: add_completion was off
    from typer.testing import CliRunner

    from cli.main import app

    result = CliRunner().invoke(app, ["--help"])
    assert "--install-completion" in result.output and "--show-completion" in result.output


def test_the_list_of_commands_loads_no_group() -> None:
    # issue 21 item 11: `flip7 --help` imported every group (DuckDB, Arrow, the engine): 2-6 s
    code = (
        "import sys; sys.argv = ['flip7', '--help']\n"
        "from cli.main import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('duckdb', 'pyarrow', 'fastapi', 'matplotlib', 'pydantic', 'adjudicator', 'api', 'cli.store', 'cli.check')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "Usage: flip7" in out and "record" in out
    assert out.strip().splitlines()[-1] == "[]"


def test_the_list_of_commands_is_the_whole_apps_help(snapshot: SnapshotAssertion) -> None:
    from typer.testing import CliRunner

    from cli.main import app, build_index

    listed = CliRunner().invoke(build_index(), ["--help"], prog_name="flip7", terminal_width=80)
    whole = CliRunner().invoke(app, ["--help"], prog_name="flip7", terminal_width=80)
    assert listed.exit_code == whole.exit_code == 0
    assert listed.output == whole.output
    assert listed.output == snapshot
