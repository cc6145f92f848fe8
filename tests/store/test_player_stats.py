"""Statistics through the database: the views, the filters, the profile and the CLI, on
the six hand-written hands of tests/data/stats_hands/hands.txt (their facts are worked out in
tests/stats/test_per_hand.py; the sums here are added up from those by hand)."""

from __future__ import annotations

import datetime as dt
import json
import math
from pathlib import Path

import pytest
import sqlite_utils
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.report.players_render import PROFILE_LABELS as LABELS
from hhtracker.stats.per_hand import STAT_KEYS
from hhtracker.filters import Filters, parse_stakes

from tests.common import DATA

HANDS = DATA / "stats_hands" / "hands.txt"
runner = CliRunner()


@pytest.fixture
def db(db_path: Path) -> Path:
    summary = api.import_paths([HANDS], db_path)
    assert (summary.hands_new, summary.hands_rejected) == (6, 0)
    return db_path


def test_player_stats_view(db: Path) -> None:
    rows = {(r["player"], r["currency"]): r for r in sqlite_utils.Database(db).query("select * from player_stats")}
    bob = rows[("Bob", "USD")]
    # Bob's cash hands: 1, 2, 3, 5, 6. VPIP: raised (1), folded (2, 3), called (5, 6 limp).
    assert bob["hands"] == 5 and (bob["vpip_done"], bob["vpip_opp"]) == (3, 5)
    # net 525 - 25 + 0 - 100 - 150 = 250; at showdown hands 1 (+525) and 6 (-150) = 375
    assert (bob["net"], bob["net_showdown"], bob["net_no_showdown"]) == (250, 375, -125)
    # his one tournament hand is apart, in chips: -30
    assert rows[("Bob", "chips")]["net"] == -30 and rows[("Bob", "chips")]["fold_to_steal_bb_done"] == 1
    # Cara: rake attributed 10 cents in hand 2 only
    assert rows[("Cara", "USD")]["rake"] == 10
    # every hand's nets and rake add up to zero
    db_ = sqlite_utils.Database(db)
    assert list(db_.query("select hand_id from hand_facts group by hand_id having sum(net) + sum(rake) != 0")) == []


def test_other_views(db: Path) -> None:
    db_ = sqlite_utils.Database(db)
    # Dan at draw 1: drew 2 (hand 1), 1 (hand 2), 1 (hand 5), 0 (hand 6): reached 4 times,
    # 0:1 1:2 2:1, mean (2 + 1 + 1 + 0) / 4 = 1.0
    dan = next(db_.query("select * from player_draw_stats where player = 'Dan' and draw = 1"))
    assert (dan["reached"], dan["drew_0"], dan["drew_1"], dan["drew_2"], dan["mean_drawn"]) == (4, 1, 2, 1, 1.0)
    classes = {r["showdown_class"]: r["hands"] for r in db_.query("select * from player_showdown_classes where player = 'Dan'")}
    assert classes == {"badugi_8": 1, "three_card": 1, "badugi_7": 1}
    luck = {r["player"]: r for r in db_.query("select * from player_luck")}
    # Cara: 9/48 missed + 9/47 made
    assert luck["Cara"]["draws"] == 2 and luck["Cara"]["completed"] == 1
    assert luck["Cara"]["expected"] == pytest.approx(9 / 48 + 9 / 47)
    by_position = {(r["player"], r["position"]): r for r in db_.query("select * from player_position_stats where currency = 'USD'")}
    # Bob on the button: hands 3 (folded, a steal chance) and 6 (limped, a steal chance)
    assert by_position[("Bob", "BTN")]["hands"] == 2 and by_position[("Bob", "BTN")]["steal_opp"] == 2


def test_filters(db: Path) -> None:
    def hands(**kwargs) -> int:
        found = api.player_profile(db, "Bob", Filters(**kwargs))
        return found[0].hands if found else 0

    assert hands() == 6
    assert hands(game_type="tournament") == 1 and hands(game_type="cash") == 5 and hands(game_type="play") == 0
    assert hands(table_size="heads-up") == 1  # hand 4
    assert hands(table_size="3-6") == 5
    assert hands(position="BTN") == 2  # hands 3 and 6
    assert hands(stakes="0.50/1") == 5 and hands(stakes="$0.50/$1") == 5
    assert hands(stakes="30/60") == 1  # the tournament level, in chips
    # hand 4 starts 2020/01/06 14:00 ET; the others on 2020/01/05
    assert hands(since=dt.date(2020, 1, 6)) == 1 and hands(until=dt.date(2020, 1, 5)) == 5
    assert hands(site="pokerstars", structure="FL") == 6 and hands(structure="NL") == 0
    assert hands(min_hands=7) == 0
    with pytest.raises(ValueError):
        parse_stakes("cheap")
    # a filter applies to the ratios too: on the button Bob had 2 steal chances, took none
    button = api.player_profile(db, "Bob", Filters(position="BTN"))[0]
    assert (button.stats["steal"].done, button.stats["steal"].opportunities) == (0, 2)
    assert button.stats["vpip"].done == 1  # the limp in hand 6


def test_profile_results_and_luck(db: Path) -> None:
    bob = api.player_profile(db, "Bob")[0]
    # cash first: +250 cents; then -30 chips
    assert [(m.amount, m.currency) for m in bob.net] == [(250, "USD"), (-30, "chips")]
    # biggest win / loss in cash: +525 (hand 1), -150 (hand 6)
    assert (bob.biggest_win.site_hand_id, bob.biggest_win.net.amount) == ("90000000001", 525)
    assert (bob.biggest_loss.site_hand_id, bob.biggest_loss.net.amount) == ("90000000006", -150)
    # bb/100: each hand in its own big blind: cash 250/50 = 5 bb, tournament -30/30 = -1 bb;
    # 4 bb over 6 hands = 66.67 bb/100; big bets (100 cents, 60 chips): 2.5 - 0.5 = 2 -> 33.33
    assert bob.bb_per_100 == pytest.approx(400 / 6)
    assert bob.big_bets_per_100 == pytest.approx(200 / 6)
    # luck: one draw at 10/48, made: z = (1 - p) / sqrt(p (1 - p))
    p = 10 / 48
    assert (bob.luck.draws, bob.luck.completed) == (1, 1)
    assert bob.luck.z == pytest.approx((1 - p) / math.sqrt(p * (1 - p)))
    # every hand of Bob at a showdown: hand 1 (badugi 7-high), hand 6 (8-high)
    assert bob.distributions["showdown_classes"]["badugi_7"] == 1
    assert bob.distributions["showdown_classes"]["badugi_8"] == 1
    assert sum(bob.distributions["showdown_classes"].values()) == 2


def test_cli_profile_and_table(db: Path) -> None:
    result = runner.invoke(app, ["player", "--db", str(db), "Cara"])
    assert result.exit_code == 0, result.output
    for label in LABELS.values():
        assert label in result.stdout, label
    # Cara: check-raise 1 of 1 (hand 2): 100% with its Wilson interval [21-100%]
    assert "100.0% (1/1) [21-100%]" in result.stdout
    assert "- (0/0)" in result.stdout  # e.g. her c-bet: never the pre-draw raiser
    profile = json.loads(runner.invoke(app, ["player", "--db", str(db), "--json", "Cara"]).stdout)
    assert set(profile["stats"]) == set(STAT_KEYS)
    assert profile["stats"]["break_known"] == {"done": 1, "opportunities": 1}
    assert profile["results"]["rake"] == [{"amount": 10, "currency": "USD"}]
    table = runner.invoke(app, ["players", "--db", str(db), "--sort", "steal", "--game-type", "cash"])
    assert table.exit_code == 0, table.output
    listing = json.loads(runner.invoke(app, ["players", "--db", str(db), "--json", "--position", "CO"]).stdout)
    # CO: Cara (hand 1), Dan (hand 2), Alice (hand 3), Bob (hand 5)
    assert sorted(p["player"] for p in listing) == ["Alice", "Bob", "Cara", "Dan"]
    assert runner.invoke(app, ["players", "--db", str(db), "--stakes", "cheap"]).exit_code == 2
