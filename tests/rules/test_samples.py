"""Our replay of sample_histories/ against the facts worked out by hand while writing them
(tests/oracles/sample_expectations.py)."""

from __future__ import annotations

import pytest

from hhtracker.parse.pokerstars import PokerStarsParser
from hhtracker.parse.read import split_hands
from hhtracker.rules.replay import replay

from tests.common import SAMPLES
from tests.oracles.sample_expectations import CASH, SNG, HandFacts

_POT_INDEX = {"pot": 0, "main pot": 0, "side pot": 1, "side pot-1": 1, "side pot-2": 2, "side pot-3": 3}


def _replayed(facts: HandFacts):
    for raw in split_hands(SAMPLES / facts.file):
        hand = PokerStarsParser().parse(raw)
        if hand.hand_id == facts.hand_id:
            return replay(hand)
    raise AssertionError(f"hand {facts.hand_id} not in {facts.file}")


@pytest.mark.parametrize("facts", CASH + SNG, ids=lambda f: f.hand_id)
def test_sample_hand(facts: HandFacts) -> None:
    hand = _replayed(facts)
    assert hand.issues == ()
    assert hand.total_pot == facts.total_pot and hand.rake == facts.rake
    assert hand.hero == facts.hero
    assert {p.player: p.contributed for p in hand.players} == facts.put_in
    assert {p.player: p.collected for p in hand.players} == facts.collected
    assert {p.player: p.net for p in hand.players} == facts.net
    assert {p.player: p.stack for p in hand.players} == facts.start_stacks
    assert len(hand.pots) == len(facts.pots)
    for pot in facts.pots:
        ours = hand.pots[_POT_INDEX[pot.name]]
        assert ours.collected == dict(pot.winners)
        assert ours.printed in (pot.amount, None)
        assert set(ours.winners) == {player for player, _ in pot.winners}
