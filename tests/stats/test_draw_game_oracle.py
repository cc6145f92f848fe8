"""Issue 25's "Done when": every player's per-game figures of real 2-7 Triple Draw files
(../shared/corpus-draw, skipped when absent), as `hhtracker players --game 27_triple_draw --json`
prints them after an import, equal an independent count made with regular expressions over the
files' text (tests/oracles/draw_counts.py, nothing of hhtracker)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker.cli import app

from tests.common import CORPUS
from tests.oracles.draw_counts import PlayerCounts, count_file, rake_total

CORPUS_DRAW = CORPUS.parent / "corpus-draw"
FILES = {
    # 54 hands of a heads-up SNG (chips), 17 hands of a 6-max $0.10/$0.20 cash table (cents)
    "FullTilt__27TD_FL_STT_201211.txt": "chips",
    "PokerStars__27TD_FL_cash_200911.txt": "USD",
}


def figures(oracle: PlayerCounts) -> dict[str, object]:
    """The oracle's counts in the shape of the JSON's stats and results."""
    def ratio(done: int, opportunities: int) -> dict[str, int]:
        return {"done": done, "opportunities": opportunities}

    return {
        "hands": oracle.hands,
        "vpip": ratio(oracle.vpip, oracle.vpip_opp),
        "pfr": ratio(oracle.pfr, oracle.vpip_opp),
        "pat_d1": ratio(oracle.pat[0], oracle.reached[0]),
        "pat_d2": ratio(oracle.pat[1], oracle.reached[1]),
        "pat_d3": ratio(oracle.pat[2], oracle.reached[2]),
        "wtsd": ratio(oracle.wtsd, oracle.reached[0]),
        "wsd": ratio(oracle.wsd, oracle.wtsd),
        "net": oracle.net,
    }


def ours(row: dict) -> dict[str, object]:
    """The same figures from one player's row of `players --json`."""
    stats = row["stats"]
    shown = {key: stats[key] for key in ("vpip", "pfr", "pat_d1", "pat_d2", "pat_d3", "wtsd", "wsd")}
    return {"hands": row["results"]["hands"], **shown, "net": row["results"]["net"]["amount"]}


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_players_figures_equal_an_independent_count(name: str, tmp_path: Path) -> None:
    path = CORPUS_DRAW / name
    if not path.exists():
        pytest.skip(f"{path} not present (the real corpus of ../shared is not beside the repo)")
    db = tmp_path / "t.db"
    runner = CliRunner()
    imported = runner.invoke(app, ["import", "--db", str(db), "-q", str(path)])
    assert imported.exit_code == 0, imported.output
    listed = runner.invoke(app, ["players", "--db", str(db), "--game", "27_triple_draw", "--json"])
    assert listed.exit_code == 0, listed.output
    rows = json.loads(listed.stdout)

    counts = count_file(path)
    expected = {player: figures(player_counts) for player, player_counts in counts.items()}
    assert {row["player"]: ours(row) for row in rows} == expected
    assert {row["results"]["net"]["currency"] for row in rows} == {FILES[name]}
    # the oracle's own checks: every hand has 2+ players dealt in, and the nets add up to
    # minus the rake (0 for the SNG's chips; the cash table's "| Rake $0.10" lines)
    assert sum(c.hands for c in counts.values()) >= 2 * (54 if "STT" in name else 17)
    assert sum(c.net for c in counts.values()) == -rake_total(path)
