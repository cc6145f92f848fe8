"""The players list sorts both ways (the tester's trial, item 8): "-" before a sort key
turns it ("sort=-vpip": the tightest first; "-player": Z to A), on /players, /api/players,
`hhtracker players --sort -vpip` and the api; a heading clicked a second time turns its
order, and the sorted heading shows which way it goes. Each order is checked against the
rows' own figures (done / opportunities, hands, names), players without an opportunity
last either way."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtracker import api
from tests.web.conftest import client_for


def _vpip(row: dict[str, object]) -> float | None:
    stat = row["stats"]["vpip"]  # type: ignore[index]
    return stat["done"] / stat["opportunities"] if stat["opportunities"] else None  # type: ignore[no-any-return]


def _in_order(values: list[float | None], *, largest_first: bool) -> bool:
    """Sorted one way, the Nones (no opportunity) after every number."""
    known = [v for v in values if v is not None]
    return (values == known + [None] * (len(values) - len(known))
            and known == sorted(known, reverse=largest_first))


@pytest.mark.parametrize("key", ["vpip", "steal", "wsd"])
def test_a_statistic_sorts_both_ways_with_no_opportunity_last(web_db: Path, key: str) -> None:
    client = client_for(web_db)

    def figures(sort: str) -> list[float | None]:
        rows = client.get(f"/api/players?game=all&sort={sort}").json()["players"]
        return [r["stats"][key]["done"] / r["stats"][key]["opportunities"] if r["stats"][key]["opportunities"]
                else None for r in rows]

    down, up = figures(key), figures(f"-{key}")
    assert len(down) == len(up) == 11  # every player of the samples (their seat lines: 11 names)
    assert _in_order(down, largest_first=True) and _in_order(up, largest_first=False)
    assert up[0] is not None and down[0] is not None and up[0] < down[0]  # the order really turns
    # the api and the CLI's list sort the same way
    everyone = api.players(web_db, sort=f"-{key}", filters=api.Filters(game=api.ALL_GAMES))
    assert _in_order([s.stats[key].done / s.stats[key].opportunities if s.stats[key].opportunities else None
                      for s in everyone], largest_first=False)


def test_names_hands_and_net_sort_both_ways(web_db: Path) -> None:
    client = client_for(web_db)

    def column(sort: str, take: str) -> list[object]:
        rows = client.get(f"/api/players?game=all&sort={sort}").json()["players"]
        if take == "player":
            return [r["player"].lower() for r in rows]
        if take == "hands":
            return [r["results"]["hands"] for r in rows]
        return [sum(m["amount"] for m in r["results"]["net_by_currency"]) for r in rows]

    names = column("-player", "player")
    assert names == sorted(names, reverse=True) and names != column("player", "player")
    hands = column("-hands", "hands")
    assert hands == sorted(hands) and hands[0] < hands[-1]
    net = column("-net", "net")
    assert net == sorted(net) and net[0] < 0  # the biggest loser first


def test_a_second_click_turns_the_order_and_the_heading_shows_it(web_db: Path) -> None:
    client = client_for(web_db)
    first = client.get("/players?game=all&sort=vpip").text
    heading = re.search(r'<th class="col-vpip num"([^>]*)><a href="([^"]*)" class="([^"]*)"[^>]*>([^<]*)</a>', first)
    assert heading is not None
    assert heading.group(1) == ' aria-sort="descending"' and "sort=-vpip" in heading.group(2)
    assert heading.group(3) == "sorted down" and heading.group(4) == "VPIP"  # (style.css draws the ▼ after it)
    second = client.get(heading.group(2).replace("&amp;", "&")).text
    heading = re.search(r'<th class="col-vpip num"([^>]*)><a href="([^"]*)" class="([^"]*)"[^>]*>([^<]*)</a>', second)
    assert heading is not None
    assert heading.group(1) == ' aria-sort="ascending"' and "sort=vpip" in heading.group(2)
    assert heading.group(3) == "sorted up" and heading.group(4) == "VPIP"
    # another heading is not marked, and sorts its own way first
    pfr = re.search(r'<th class="col-pfr num"([^>]*)><a href="([^"]*)"', second)
    assert pfr is not None and pfr.group(1) == "" and "sort=pfr" in pfr.group(2) and "sort=-pfr" not in pfr.group(2)
    players = client.get("/players?game=all&sort=-player").text
    assert '<th class="col-player" aria-sort="descending">' in players
    assert client.get("/players?sort=-luck").status_code == 400
    assert client.get("/api/players?sort=--vpip").status_code == 400


def test_the_cli_sorts_the_other_way(web_db: Path) -> None:
    from hhtracker.cli import app

    result = CliRunner().invoke(app, ["players", "--db", str(web_db), "--game", "all", "--sort", "-vpip", "--json"])
    assert result.exit_code == 0, result.output
    values = [_vpip(row) for row in json.loads(result.stdout)]
    assert _in_order(values, largest_first=False) and values[0] is not None and values[0] < max(v for v in values if v is not None)
