"""The fuzzer through `import` (issue "Guarantees"): mutated real hands of every site and game
the importer reads, in files between good hands, imported into a fresh database. Never a
traceback; the counts add up to the hands in the file (by the sites' header lines); the good
hands are stored; every hand stored as ok or warning adds up by an independent money check
(tests/oracles/money.py); no hand stored with code `internal`.

Bounded for CI (a fixed, derandomized set of examples; no example database written). The
long run: `python benchmarks/fuzz_import.py --hands 20000` (results in benchmarks/RESULTS.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.import_fuzzing import SITES, make_case, run_case, source_hands
from tests.common import CORPUS
from tests.oracles.money import check_money, hand_starts, split_by_headers

pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason=f"the real hand-history corpus is not beside the repo ({CORPUS} missing)")

CI_EXAMPLES = 240  # ~14 cases a second on a 2-core machine: about 20 s


@settings(max_examples=CI_EXAMPLES, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(site=st.sampled_from(SITES), seed=st.integers(0, 2**31 - 1))
def test_mutated_hands_through_import(tmp_path: Path, site: str, seed: int) -> None:
    case = make_case(site, seed)
    findings = run_case(case, tmp_path / f"{site}-{seed}")
    assert not findings, "\n".join(
        [f"{site} seed {seed}, mutations {case.mutations}:"]
        + [f"[{f.kind}] {f.message}\n{f.text[:3000]}" for f in findings])


# ---- the oracle itself ----------------------------------------------------------------------


def test_the_money_oracle_adds_up_every_real_and_generated_hand() -> None:
    """Every Badugi hand of the corpus (MANIFEST.tsv: PokerStars 4 cash + 104 SNG, Full
    Tilt 1, KingsClub 1, Merge 1) and generated Badacey / Badeucey / Badugi hands add up."""
    from hhtracker.generate import generate_hands

    per_site = {site: source_hands(site) for site in SITES}
    assert {site: len(hands) for site, hands in per_site.items()} == {
        "pokerstars": 108, "fulltilt": 1, "kingsclub": 1 + 60, "merge": 1}
    texts = [text for hands in per_site.values() for text in hands]
    texts += [hand.text for hand in generate_hands(hands=100, seed=3)]
    bad = [(text.split("\n", 1)[0], check_money(text).problems) for text in texts]
    assert [b for b in bad if b[1]] == []


STARS_HAND = """PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
Table 'T' 8-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($3 in chips)
Seat 3: Cy ($1 in chips)
Bob: posts small blind $0.10
Cy: posts big blind $0.25
*** DEALING HANDS ***
Ann: raises $0.25 to $0.50
Bob: calls $0.40
Cy: calls $0.25
*** FIRST DRAW ***
Bob: discards 1 card
Cy: discards 2 cards
Ann: stands pat
Bob: bets $0.25
Cy: calls $0.25
Ann: raises $0.25 to $0.50
Bob: folds
Cy: calls $0.25 and is all-in
*** SECOND DRAW ***
Cy: discards 1 card
Ann: discards 1 card
*** THIRD DRAW ***
Cy: discards 1 card
Ann: discards 1 card
*** SHOW DOWN ***
Ann: shows [Ac 2d 3h 4s] (Badugi: 4,3,2,A)
Cy: shows [Kc Kd Qh Js] (2-card: J,Q)
Ann collected $2.65 from pot
*** SUMMARY ***
Total pot $2.75 | Rake $0.10
"""


def test_the_money_oracle_on_a_hand_made_hand() -> None:
    """Worked by hand: Ann 0.50 + 0.50, Bob 0.50 + 0.25, Cy 0.50 + 0.50 (all in: his $1)
    = $2.75 = 2.65 collected + 0.10 rake."""
    count = check_money(STARS_HAND)
    assert count.problems == ()
    assert count.put_in == {"Bob": 75, "Cy": 100, "Ann": 100}
    assert (count.collected, count.rake, count.total_pot) == (265, 10, 275)


@pytest.mark.parametrize(("change", "problem"), [
    (("Ann collected $2.65", "Ann collected $2.75"), "put in 275, collected 275 + rake 10"),
    (("Bob: calls $0.40", "Bob: calls $0.50"), "put in 285, collected 265 + rake 10"),
    (("Cy ($1 in chips)", "Cy ($0.90 in chips)"), "'Cy' put in 100 of a stack of 90"),
    (("Bob: folds", "Bob: folds\nDan: calls $0.25"), "'Dan' puts in or takes money without a seat"),
    (("Total pot $2.75", "Total pot $2.85"), "total pot 285 but put in 275"),
    (("| Rake $0.10", "| Rake $0.1O"), "amount not readable"),
])
def test_the_money_oracle_says_when_a_hand_does_not_add_up(change: tuple[str, str], problem: str) -> None:
    count = check_money(STARS_HAND.replace(*change))
    assert not count.adds_up
    assert any(problem in text for text in count.problems), count.problems


def test_the_money_oracle_returns_a_kingsclub_bet_nobody_called() -> None:
    """KingsClub prints no uncalled-bet line: Bo's raise to 60 over Al's 30 comes back at the
    end of the round, so Al 30 + Bo 30 = 60 = 58 won + 2 rake; without the return it would
    not add up."""
    text = """#1: Limit Badugi - 30/60
2020-10-30 19:53:19
Table 'X' Seat 1 is the button
Seat 1: Al (300)
Seat 2: Bo (600)
*** 1ST BETTING ROUND ***
Al: posts the small blind 15
Bo: posts the big blind 30
Al calls 30
Bo raises to 60
Al folds
*** SUMMARY ***
Seat 1: Al (270) -30
Seat 2: Bo (628) +28
Rake 2
Bo wins pot (58)"""
    count = check_money(text)
    assert count.problems == ()
    assert count.put_in == {"Al": 3000, "Bo": 3000}
    assert not check_money(text.replace("Rake 2", "Rake 1")).adds_up


def test_the_merge_winners_take_no_more_than_went_in() -> None:
    text = (CORPUS / "Merge__badugi_PL_cash_201101.xml").read_text()
    assert check_money(text).adds_up  # 0.05+0.05 + 0.10 + 0.20 + 0.60 = 1.00 in, 0.97 won
    assert not check_money(text.replace('amount="0.97"', 'amount="1.07"')).adds_up


def test_hands_are_counted_by_their_header_lines() -> None:
    """Independent of hhtracker's reader: the MANIFEST.tsv counts."""
    for name, hands in (("PokerStars__badugi_FL_SNG_201011.txt", 104), ("PokerStars__badugi_FL_cash_201009.txt", 4),
                        ("Merge__badugi_PL_cash_201101.xml", 1), ("KingsClub__badugi_FL_cash_202010.txt", 1),
                        ("FullTilt__badugi_FL_cash_201305_newtogame.txt", 1)):
        text = (CORPUS / name).read_text(encoding="utf-8-sig")
        assert hand_starts(text) == len(split_by_headers(text)) == hands, name
