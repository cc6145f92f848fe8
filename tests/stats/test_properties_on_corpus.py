"""Properties of the statistics over the real corpus (skipped, with the reason, when
../shared/corpus is absent): done <= opportunities, pat + drew = reached at every draw,
nets + rake = 0 per hand, VPIP >= PFR; and the commands show every statistic."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlite_utils
from typer.testing import CliRunner

from hhtracker import api
from hhtracker.cli import app
from hhtracker.report.players_render import PROFILE_LABELS as LABELS
from hhtracker.stats.per_hand import STAT_KEYS, UNBOUNDED_KEYS

from tests.common import CORPUS, STARS_CASH, STARS_SNG
from tests.oracles.corpus_counts import stars_hand_count

# the hands of the two Badugi files, by their header lines (0 without the corpus: those tests skip)
CORPUS_HANDS = stars_hand_count(CORPUS / STARS_CASH, CORPUS / STARS_SNG) if CORPUS.is_dir() else 0

runner = CliRunner()


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory) -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")
    path = tmp_path_factory.mktemp("corpus") / "corpus.db"
    summary = api.import_paths([CORPUS / STARS_CASH, CORPUS / STARS_SNG], path)
    assert summary.hands_new == CORPUS_HANDS == 108  # headers: 4 cash + 104 SNG hands
    return path


def test_done_never_exceeds_opportunities(corpus_db: Path) -> None:
    db = sqlite_utils.Database(corpus_db)
    for key in STAT_KEYS:
        bad = db.execute(f"select count(*) from hand_facts where {key}_done > {key}_opp or {key}_done < 0").fetchone()[0]
        if key in UNBOUNDED_KEYS:  # AF: bets + raises over calls, not a proportion
            continue
        assert bad == 0, key
    # and the facts are not all empty
    assert db.execute("select sum(lead_opp), sum(pat_d1_opp), sum(fold_to_bet_opp) from hand_facts").fetchone() > (0, 0, 0)


def test_pat_plus_drew_is_reached(corpus_db: Path) -> None:
    db = sqlite_utils.Database(corpus_db)
    for k in (1, 2, 3):
        rows = db.execute(
            f"""select hp.reached_draw >= {k}, d.discarded, hp.pat_d{k}_done, hp.pat_d{k}_opp, hp.cards_drawn_d{k}
                from hand_players hp join hands h on h.id = hp.hand_id
                join draws d on d.hand_id = hp.hand_id and d.player_id = hp.player_id and d.draw = {k}
                where h.status in ('ok', 'warning') and hp.dealt_in = 1"""
        ).fetchall()
        assert rows
        for reached, discarded, pat, opportunity, drawn in rows:
            drew = int(discarded is not None and discarded > 0)
            assert pat + drew == opportunity == reached, (k, reached, discarded, pat)
            assert drawn == discarded


def test_nets_and_rake_add_up_to_zero(corpus_db: Path) -> None:
    db = sqlite_utils.Database(corpus_db)
    rows = db.execute(
        """select h.id, sum(hp.net), sum(hp.rake), h.rake from hands h join hand_players hp on hp.hand_id = h.id
           where h.status in ('ok', 'warning') group by h.id"""
    ).fetchall()
    assert len(rows) == CORPUS_HANDS  # every hand, none rejected
    for _hand, nets, rake_shares, rake in rows:
        assert nets + rake == 0 and rake_shares == rake


def test_vpip_at_least_pfr(corpus_db: Path) -> None:
    db = sqlite_utils.Database(corpus_db)
    assert db.execute("select count(*) from hand_facts where pfr_done > vpip_done or pfr_opp != vpip_opp").fetchone()[0] == 0
    for row in db.query("select player, vpip_done, pfr_done from player_stats"):
        assert row["vpip_done"] >= row["pfr_done"], row


def test_commands_show_every_stat_with_its_sample(corpus_db: Path) -> None:
    result = runner.invoke(app, ["player", "--db", str(corpus_db), "Hero"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    for key, label in LABELS.items():
        line = next(line for line in lines if f" {label} " in line)
        assert "/" in line and "(" in line, (key, line)  # "x% (done/opp)" or "- (0/0)"
    profile = json.loads(runner.invoke(app, ["player", "--db", str(corpus_db), "--json", "Hero"]).stdout)
    profiles = profile if isinstance(profile, list) else [profile]
    for p in profiles:
        assert set(p["stats"]) == set(STAT_KEYS)
        assert all(set(v) == {"done", "opportunities"} for v in p["stats"].values())
    listing = runner.invoke(app, ["players", "--db", str(corpus_db), "--min-hands", "20", "--sort", "vpip"])
    assert listing.exit_code == 0 and "VPIP" in listing.stdout
    rows = json.loads(runner.invoke(app, ["players", "--db", str(corpus_db), "--json"]).stdout)
    assert rows and all(set(r["stats"]) == set(STAT_KEYS) for r in rows)
