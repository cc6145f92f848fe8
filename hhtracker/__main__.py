"""`python -m hhtracker` and the `hhtracker` command: the command-line interface.

`hhtracker --version` alone is answered here, without importing the CLI (Typer and every
command module: about 0.15 s of start-up)."""

import sys


def main() -> None:
    """The `hhtracker` command (pyproject.toml [project.scripts])."""
    if sys.argv[1:] == ["--version"]:
        from . import version_line

        print(version_line())
        return
    from .cli import run

    run()


if __name__ == "__main__":
    main()
