"""`hhtracker hand` on a Badeucey hand (issue "Guarantees", item 9): the game named in the
header, every hand read with the game's own evaluator (the ace high in the Badugi half, the
2-7 low beside it), and each half of the pot with its winner. Worked out by hand from
tests/data/split_hands/split_badeucey.txt; before, the header said "Badugi" and every
five-card hand was "?"."""

from __future__ import annotations

from hhtracker.parse.kingsclub import KingsClubParser
from hhtracker.parse.read import RawHand
from hhtracker.report.hand_text import describe
from hhtracker.rules.replay import replay

from tests.common import DATA


def test_a_badeucey_hand_as_text() -> None:
    text = (DATA / "split_hands" / "split_badeucey.txt").read_text()
    shown = describe(replay(KingsClubParser().parse(RawHand("split_badeucey.txt", 1, text))))
    assert shown.header[0].endswith("Badeucey FL $10.00/$20.00 USD")
    # Dealt 7c 5d 4s 3h Kh: four suits under the king, a 7-5-4-3 badugi; the low K-7-5-4-3.
    assert shown.hero_cards[0] == ("dealt", "7c 5d 4s 3h Kh", "Badugi: 7,5,4,3; low K-7-5-4-3")
    assert "Hero is dealt 7c 5d 4s 3h Kh  (Badugi: 7,5,4,3; low K-7-5-4-3)" in shown.sections[0].lines
    # Alder's 2c 3d 4h 5s is the best badugi (the ace high would be the worst); the Kd
    # spoils his low. Hero's 7-5-4-3-2 of four suits is the best 2-7 low; his badugi
    # 7c 4s 3h 2d (the 5d shares the 2d's suit).
    assert {p: ours for p, _, ours, _ in shown.shown} == {
        "Alder": "Badugi: 5,4,3,2; low K-5-4-3-2", "Hero": "Badugi: 7,4,3,2; low 7-5-4-3-2"}
    halves = [line.strip() for line in shown.pots if "half" in line]
    assert halves == ["badugi half $74.49: our winner Alder", "low half $74.50: our winner Hero"]
    assert "Hero's cards" in shown.text() and "?" not in "\n".join(shown.text().splitlines()[:30])
