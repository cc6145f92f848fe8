"""Per-hand statistics facts, checked against a second, independent implementation: a few
regular expressions over the raw text of the real SNG file (tests/oracles/stats_text.py), written from STATS.md's words
without using the parser or the replay."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import split_hands
from hhtracker.rules.replay import replay
from hhtracker.stats.per_hand import per_hand_stats

from tests.common import STARS_CASH, STARS_SNG
from tests.oracles.stats_text import count_from_text


def ours(raws, player: str) -> Counter[str]:
    parser = PokerStarsParser()
    counts: Counter[str] = Counter()
    for raw in raws:
        for facts in per_hand_stats(replay(parser.parse(raw))):
            if facts.player != player:
                continue
            counts["hands"] += 1
            for key in ("vpip", "pfr", "pat_d1", "pat_d2", "pat_d3", "wtsd", "wsd", "won_reached_d1"):
                fact = getattr(facts, key)
                counts[f"{key}_done"] += fact.done
                counts[f"{key}_opp"] += fact.opportunity
    return +counts


@pytest.mark.parametrize("player", ["Player2", "Player4", "Player5"])
def test_sng_stats_match_an_independent_count(corpus: Path, player: str) -> None:
    raws = list(split_hands(corpus / STARS_SNG))
    expected = +count_from_text([r.text.replace("\r", "") for r in raws], player)
    assert ours(raws, player) == expected
    assert expected["hands"] > 20  # the player is really in the file


def test_player2_hand_count(corpus: Path) -> None:
    # `grep -c "^Seat [0-9]: Player2 ([0-9]* in chips)" PokerStars__badugi_FL_SNG_201011.txt`
    # gives 22: Player2 is seated (and never sitting out) in 22 hands before finishing 8th.
    raws = list(split_hands(corpus / STARS_SNG))
    assert ours(raws, "Player2")["hands"] == 22


def test_cash_hand_facts(corpus: Path) -> None:
    # Hand 1 of the cash file: buddyboy3399 raises after draw 1 but only calls pre-draw
    # (VPIP yes, PFR no), stands pat at draws 2 and 3 (drew 2 at draw 1), goes to
    # showdown and wins. Hero checks his big blind (no VPIP), draws 2 at draw 1, folds.
    raw = next(split_hands(corpus / STARS_CASH))
    facts = {f.player: f for f in per_hand_stats(replay(PokerStarsParser().parse(raw)))}
    buddy, hero = facts["buddyboy3399"], facts["Hero"]
    assert (buddy.vpip.done, buddy.pfr.done) == (True, False)
    assert (buddy.cards_drawn_d1, buddy.cards_drawn_d2, buddy.cards_drawn_d3) == (2, 0, 0)
    assert buddy.wtsd.done and buddy.wsd.done and buddy.won_reached_d1.done
    assert (hero.vpip.done, hero.vpip.opportunity) == (False, True)
    assert (hero.cards_drawn_d1, hero.cards_drawn_d2) == (2, None)
    assert hero.wtsd == type(hero.wtsd)(False, True)
    # Kula91 on the button folds first in after a limper: no steal opportunity.
    assert not facts["Kula91"].steal.opportunity
