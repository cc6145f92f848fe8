"""Documentation that cannot drift: every command has help and is in the README's usage."""

from __future__ import annotations

import typer.main

from hhtracker.cli import app

from .conftest import ROOT


def test_every_command_has_help_and_is_documented() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    usage = readme[readme.index("## Usage"):readme.index("### Exit codes")]
    commands = typer.main.get_command(app).commands
    assert len(commands) >= 11  # import, validate, player(s), sessions, report, hand, export, query, reprocess, generate
    for name, command in commands.items():
        assert (command.help or "").strip(), f"{name} has no help text"
        assert f"hhtracker {name}" in usage, f"{name} is missing from the README's usage block"
