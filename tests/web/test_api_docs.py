"""docs/web.md's table of the /api addresses says exactly what each answers (the tester's
trial, item 11: it said "the objects are those the commands print", while /api/players
wrapped and paged the CLI's rows and dropped their "game", and a profile came wrapped with
more): each address's keys are the table's, and the parts it says are the commands' are
equal to what the commands print with --json."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from tests.common import ROOT

EXAMPLES = {"/api/players/SITE/NAME": "/api/players/pokerstars/Hero", "/api/sessions/N": "/api/sessions/1"}
"""The table's addresses with a site, name or number filled in from the samples."""


def _documented() -> dict[str, set[str]]:
    """address -> the keys the table gives its object (rows that start with {"...})."""
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    found = {}
    for address, keys in re.findall(r'^\| `(/api/[^`]*)` \| `\{([^}]*)\}`', text, re.M):
        found[address] = set(re.findall(r'"(\w+)"', keys))
    return found


def _cli(*args: str) -> object:
    from hhtracker.cli import app

    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_every_documented_address_answers_the_keys_the_table_gives(client) -> None:  # type: ignore[no-untyped-def]
    documented = _documented()
    assert set(documented) >= {"/api/home", "/api/players", "/api/players/SITE/NAME", "/api/hands", "/api/sessions",
                               "/api/tournaments"}
    for address, keys in documented.items():
        answer = client.get(EXAMPLES.get(address, address))
        assert answer.status_code == 200, address
        assert set(answer.json()) == keys, address


def test_the_commands_objects_are_as_the_table_says(client, web_db: Path) -> None:  # type: ignore[no-untyped-def]
    db = str(web_db)
    # /api/players: the rows of `players --json`, each with the game shown (the samples: Badugi only)
    rows = client.get("/api/players").json()["players"]
    cli_rows = _cli("players", "--db", db, "--json")
    assert isinstance(cli_rows, list)
    def by_name(found: list[dict[str, object]]) -> list[dict[str, object]]:  # (players of equal hands: either order)
        return sorted(({k: v for k, v in r.items() if k != "game"} for r in found), key=lambda r: (r["site"], r["player"]))

    assert by_name(rows) == by_name(cli_rows)  # type: ignore[arg-type]
    assert {r["game"] for r in rows} == {None}
    assert {r["game"] for r in client.get("/api/players?game=all").json()["players"]} == {"all"}
    assert {r["game"] for r in client.get("/api/players?game=badugi").json()["players"]} == {"badugi"}
    # a profile: `player NAME --json`'s object per game, with "game"
    profile = client.get("/api/players/pokerstars/Hero").json()
    assert [p["game"] for p in profile["profiles"]] == ["badugi"]
    assert {k: v for k, v in profile["profiles"][0].items() if k != "game"} == _cli(
        "player", "Hero", "--site", "pokerstars", "--db", db, "--json")
    assert profile["reads"] == _cli("player", "Hero", "--site", "pokerstars", "--reads", "--db", db, "--json")
    # the sessions: the rows of `sessions --json` without their hero; a report and the leaks as they are
    sessions = client.get("/api/sessions").json()
    cli_sessions = _cli("sessions", "--db", db, "--json")
    assert isinstance(cli_sessions, list)
    assert sessions["sessions"] == [{k: v for k, v in s.items() if k != "hero"} for s in cli_sessions]
    assert client.get("/api/sessions/1").json() == _cli("report", "--session", "1", "--db", db, "--json")
    assert client.get("/api/leaks").json() == _cli("leaks", "--db", db, "--json")
    assert client.get("/api/tournaments").json()["tournaments"] == _cli("tournaments", "--db", db, "--json")
