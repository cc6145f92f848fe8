"""`python -m hhtracker` runs the command-line interface."""

from .cli import app

app(prog_name="hhtracker")
