"""`python -m hhtracker` runs the command-line interface."""

from .cli import run

run()
