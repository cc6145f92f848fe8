"""Every statistic of every player in six hand-written hands (tests/data/stats_hands/hands.txt),
worked out by hand from STATS.md's words. A key not listed for a player is (0 done, 0
opportunities). Tuples are (done, opportunities).

Table 'Testing I' is 4-max with Alice seat 1, Bob 2, Cara 3, Dan 4. With four players dealt
in the positions are SB, BB, CO, BTN (STATS.md: counted back from the button, so the one
seat between the big blind and the button is the cut-off). Pre-draw the CO acts first;
after the draws the SB does. Stakes $0.50/$1: blinds 25/50 cents, bets of 50 then 100.
"""

from __future__ import annotations

import pytest

from hhtracker.stats.per_hand import STAT_KEYS, LuckDraw

from tests.common import DATA
from tests.stats.hand_checks import check_draws_classes_nets_and_rake, replayed_facts

HANDS = DATA / "stats_hands" / "hands.txt"

# Hand 1 (button Dan): Cara folds, Dan raises first in (a steal), Alice folds her small
# blind to it, Bob re-raises from the big blind, Dan calls. Bob stands pat twice on
# Kc 7c 4d 2h (no badugi: two clubs = snowing), bets every round; Dan draws 2 then 1,
# raises round 3, stands pat at draw 3. Bob draws one to 7c 4d 2h and makes 7-4-3-2.
H1 = {
    "Alice": dict(
        vpip=(0, 1), pfr=(0, 1),
        three_bet=(0, 1),  # she acted facing exactly one raise (BB + Dan's) and folded
        fold_to_steal_sb=(1, 1),  # Dan's steal, no caller in between, she folded
    ),
    "Bob": dict(
        vpip=(1, 1), pfr=(1, 1),
        three_bet=(1, 1),  # facing one raise, he re-raised
        fold_to_steal_bb=(0, 1),  # faced the steal (Alice folded: no caller), re-raised
        # round 2: bet. round 3: bet, then called Dan's raise. round 4: bet.
        af=(3, 1), af_r2=(1, 0), af_r3=(1, 1), af_r4=(1, 0),
        afq=(3, 4), afq_r2=(1, 1), afq_r3=(1, 2), afq_r4=(1, 1),
        cbet=(1, 1),  # last pre-draw raiser, first to act on round 2, bet
        lead=(3, 3), lead_r2=(1, 1), lead_r3=(1, 1), lead_r4=(1, 1),
        fold_to_bet=(0, 1), fold_to_bet_r3=(0, 1),  # called the raise on round 3
        pat_d1=(1, 1), pat_d2=(1, 1), pat_d3=(0, 1),
        pat_raiser_d1=(1, 1),
        pat_and_bet_d1=(1, 1), pat_and_bet_d2=(1, 1),
        # cards known (hero) at each pat: Kc 7c 4d 2h is a 3-card hand: snow twice; at
        # draw 3 he drew, and it was no badugi, so no break opportunity either.
        snow_known=(2, 2), snow_known_d1=(1, 1), snow_known_d2=(1, 1),
        wtsd=(1, 1), wsd=(1, 1), won_reached_d1=(1, 1),
        draw_luck=(1, 1),  # one one-card draw, made the badugi
    ),
    "Cara": dict(
        vpip=(0, 1), pfr=(0, 1),
        steal=(0, 1),  # cut-off, first to act, only blinds in: folded
    ),
    "Dan": dict(
        vpip=(1, 1), pfr=(1, 1),
        steal=(1, 1),
        fold_to_three_bet=(0, 1),  # first raiser, faced Bob's re-raise, called
        # round 2: called the c-bet. round 3: raised. round 4: called.
        af=(1, 2), af_r2=(0, 1), af_r3=(1, 0), af_r4=(0, 1),
        afq=(1, 3), afq_r2=(0, 1), afq_r3=(1, 1), afq_r4=(0, 1),
        fold_to_cbet=(0, 1),
        fold_to_bet=(0, 3), fold_to_bet_r2=(0, 1), fold_to_bet_r3=(0, 1), fold_to_bet_r4=(0, 1),
        pat_d1=(0, 1), pat_d2=(0, 1), pat_d3=(1, 1),
        pat_raiser_d1=(0, 1),  # raised pre-draw, drew 2
        pat_and_bet_d3=(0, 1),  # pat at draw 3, only called round 4
        # drew at draws 1 and 2, then faced bets by Bob, who had stood pat: call, raise
        fold_to_pat_d1=(0, 1), fold_to_pat_d2=(0, 1),
        snow_shown=(0, 1),  # pat at draw 3, showed a badugi
        wtsd=(1, 1), wsd=(0, 1), won_reached_d1=(0, 1),
    ),
}

# Hand 2 (button Alice; Bob SB, Cara BB, Dan CO): Dan raises first in (steal), Alice cold
# calls, Bob folds, Cara calls. Cara (hero) breaks Kd Qs 3h 4c (a K-high badugi) drawing
# one, misses (5s), check-raises Dan's c-bet after Alice folds to it, draws one again and
# makes Q-J-4-3, bets round 3 and Dan folds. Rake 25 cents.
H2 = {
    "Alice": dict(
        vpip=(1, 1), pfr=(0, 1),
        three_bet=(0, 1), cold_call=(1, 1),
        afq=(0, 1), afq_r2=(0, 1),
        fold_to_cbet=(1, 1), fold_to_bet=(1, 1), fold_to_bet_r2=(1, 1),
        pat_d1=(0, 1),  # drew 2; the bet she folded to was Dan's, who drew: no fold-to-pat
        wtsd=(0, 1), won_reached_d1=(0, 1),
    ),
    "Bob": dict(
        vpip=(0, 1), pfr=(0, 1), three_bet=(0, 1),
        # his small blind faced the steal only after Alice's call: no fold-to-steal chance
    ),
    "Cara": dict(
        vpip=(1, 1), pfr=(0, 1), three_bet=(0, 1),  # fold to steal: Alice called in between
        # round 2: check, then raise; round 3: bet
        af=(2, 0), af_r2=(1, 0), af_r3=(1, 0),
        afq=(2, 2), afq_r2=(1, 1), afq_r3=(1, 1),
        fold_to_cbet=(0, 1),  # faced Dan's c-bet and raised
        check_raise=(1, 1), check_raise_r2=(1, 1),
        lead=(1, 2), lead_r2=(0, 1), lead_r3=(1, 1),
        fold_to_bet=(0, 1), fold_to_bet_r2=(0, 1),
        pat_d1=(0, 1), pat_d2=(0, 1),  # the hand ended on round 3: no draw 3
        break_known=(1, 1), break_known_d1=(1, 1),
        wtsd=(0, 1), won_reached_d1=(1, 1),
        draw_luck=(1, 2),
    ),
    "Dan": dict(
        vpip=(1, 1), pfr=(1, 1), steal=(1, 1),
        # round 2: bet (the c-bet), then called the check-raise; round 3: folded
        af=(1, 1), af_r2=(1, 1),
        afq=(1, 3), afq_r2=(1, 2), afq_r3=(0, 1),
        cbet=(1, 1),
        lead=(1, 1), lead_r2=(1, 1),
        fold_to_bet=(1, 2), fold_to_bet_r2=(0, 1), fold_to_bet_r3=(1, 1),
        pat_d1=(0, 1), pat_d2=(0, 1), pat_raiser_d1=(0, 1),
        wtsd=(0, 1), won_reached_d1=(0, 1),
    ),
}

# Hand 3 (button Bob; Cara SB, Dan BB, Alice CO): everybody folds to Dan, a walk. The big
# blind loses his VPIP/PFR opportunity; the three who folded had one, and each of them
# was first in from a steal position (CO, BTN, SB) with only the blinds in.
H3 = {
    "Alice": dict(vpip=(0, 1), pfr=(0, 1), steal=(0, 1)),
    "Bob": dict(vpip=(0, 1), pfr=(0, 1), steal=(0, 1)),
    "Cara": dict(vpip=(0, 1), pfr=(0, 1), steal=(0, 1)),
    "Dan": dict(),
}

# Hand 4 (tournament, heads-up: Alice is the button and posts the small blind): Alice
# raises, Bob folds his big blind to the steal.
H4 = {
    "Alice": dict(vpip=(1, 1), pfr=(1, 1), steal=(1, 1)),
    "Bob": dict(vpip=(0, 1), pfr=(0, 1), three_bet=(0, 1), fold_to_steal_bb=(1, 1)),
}

# Hand 5 (button Cara; Dan SB, Alice BB, Bob CO): Bob raises first in (steal), Cara folds
# facing it with no money in (cold call chance), Dan 3-bets, Alice calls, Bob folds to the
# 3-bet. Alice (hero) stands pat three times on the badugi 9h 5c 3d 2s. Dan checks round 2
# (no c-bet), calls Alice's bet (check then call: no check-raise), draws 1 and 1, stands
# pat at draw 3, check-raises round 4 and shows a 3-card K-4-A (a snow, shown).
H5 = {
    "Alice": dict(
        vpip=(1, 1), pfr=(0, 1),  # first decision faced 3 bets: no 3-bet chance
        # round 2: bet. round 3: check. round 4: bet, then called the check-raise.
        af=(2, 1), af_r2=(1, 0), af_r4=(1, 1),
        afq=(2, 3), afq_r2=(1, 1), afq_r4=(1, 2),
        lead=(2, 3), lead_r2=(1, 1), lead_r3=(0, 1), lead_r4=(1, 1),
        fold_to_bet=(0, 1), fold_to_bet_r4=(0, 1),
        pat_d1=(1, 1), pat_d2=(1, 1), pat_d3=(1, 1),
        pat_and_bet_d1=(1, 1), pat_and_bet_d2=(0, 1), pat_and_bet_d3=(1, 1),
        snow_shown=(0, 1),
        snow_known=(0, 3), snow_known_d1=(0, 1), snow_known_d2=(0, 1), snow_known_d3=(0, 1),
        break_known=(0, 3), break_known_d1=(0, 1), break_known_d2=(0, 1), break_known_d3=(0, 1),
        wtsd=(1, 1), wsd=(1, 1), won_reached_d1=(1, 1),
    ),
    "Bob": dict(vpip=(1, 1), pfr=(1, 1), steal=(1, 1), fold_to_three_bet=(1, 1)),
    "Cara": dict(vpip=(0, 1), pfr=(0, 1), three_bet=(0, 1), cold_call=(0, 1)),
    "Dan": dict(
        vpip=(1, 1), pfr=(1, 1), three_bet=(1, 1),
        fold_to_steal_sb=(0, 1),  # faced Bob's steal directly and re-raised
        # round 2: check, call. round 3: check. round 4: check, raise.
        af=(1, 1), af_r2=(0, 1), af_r4=(1, 0),
        afq=(1, 2), afq_r2=(0, 1), afq_r4=(1, 1),
        cbet=(0, 1),
        check_raise=(1, 2), check_raise_r2=(0, 1), check_raise_r4=(1, 1),
        lead=(0, 3), lead_r2=(0, 1), lead_r3=(0, 1), lead_r4=(0, 1),
        fold_to_bet=(0, 2), fold_to_bet_r2=(0, 1), fold_to_bet_r4=(0, 1),
        pat_d1=(0, 1), pat_d2=(0, 1), pat_d3=(1, 1),
        pat_raiser_d1=(0, 1), pat_and_bet_d3=(1, 1),
        fold_to_pat_d1=(0, 1),  # drew, then called Alice's bet; Alice stood pat
        snow_shown=(1, 1),
        wtsd=(1, 1), wsd=(0, 1), won_reached_d1=(0, 1),
    ),
}

# Hand 6 (three players, button Bob; Dan SB with $1.50, Alice BB): Bob limps (no steal),
# Dan completes, Alice checks. Dan stands pat and bets, Alice (hero, drew 2) folds to the
# pat bettor, Bob raises, Dan calls all-in. No more betting; Dan's 4-3-2-A wins.
H6 = {
    "Alice": dict(
        vpip=(0, 1), pfr=(0, 1),
        afq=(0, 1), afq_r2=(0, 1),
        fold_to_bet=(1, 1), fold_to_bet_r2=(1, 1),
        pat_d1=(0, 1), fold_to_pat_d1=(1, 1),
        wtsd=(0, 1), won_reached_d1=(0, 1),
    ),
    "Bob": dict(
        vpip=(1, 1), pfr=(0, 1), steal=(0, 1),
        af=(1, 0), af_r2=(1, 0), afq=(1, 1), afq_r2=(1, 1),
        fold_to_bet=(0, 1), fold_to_bet_r2=(0, 1),
        pat_d1=(0, 1), pat_d2=(0, 1), pat_d3=(1, 1),
        # pat at draw 3 but nobody could bet on round 4 (Dan all-in): no pat-and-bet chance
        fold_to_pat_d1=(0, 1),
        snow_shown=(0, 1),
        wtsd=(1, 1), wsd=(0, 1), won_reached_d1=(0, 1),
    ),
    "Dan": dict(
        vpip=(1, 1), pfr=(0, 1),  # a call after a limper: no steal chance
        af=(1, 1), af_r2=(1, 1), afq=(1, 2), afq_r2=(1, 2),
        lead=(1, 1), lead_r2=(1, 1),
        fold_to_bet=(0, 1), fold_to_bet_r2=(0, 1),
        pat_d1=(1, 1), pat_d2=(1, 1), pat_d3=(1, 1),
        pat_and_bet_d1=(1, 1),  # all-in after round 2: no decision on rounds 3-4
        snow_shown=(0, 1),
        wtsd=(1, 1), wsd=(1, 1), won_reached_d1=(1, 1),  # all-in counts as at showdown
    ),
}

EXPECTED = {
    "90000000001": H1, "90000000002": H2, "90000000003": H3,
    "90000000004": H4, "90000000005": H5, "90000000006": H6,
}

# Not ratios: cards drawn at draws 1-3 (None = not reached), showdown class, net and rake.
OTHERS = {
    "90000000001": {
        # Alice put in her 25 small blind. Bob and Dan: 150 pre-draw + 50 + 200 + 100 = 500
        # each; the pot 25 + 500 + 500 = 1025 goes to Bob, no rake: Bob +525, Dan -500.
        "Alice": ((None, None, None), None, -25, 0),
        "Bob": ((0, 0, 1), "badugi_7", 525, 0),
        "Cara": ((None, None, None), None, 0, 0),
        "Dan": ((2, 1, 0), "badugi_8", -500, 0),
    },
    "90000000002": {
        # Put in: Alice 100, Bob 25, Cara 100 + 100 (her 100 bet on round 3 came back) =
        # 200, Dan 100 + 100 = 200; pot 525, rake 25, Cara collects 500.
        # Rake by largest remainder of 25 x put / 525: Alice 2500/525 = 4 r400, Bob 1 r100,
        # Cara 9 r275, Dan 9 r275; 23 handed out, the 2 left go to Alice (400) and Cara
        # (275, before Dan): Alice 5, Bob 1, Cara 10, Dan 9.
        "Alice": ((2, None, None), None, -100, 5),
        "Bob": ((None, None, None), None, -25, 1),
        "Cara": ((1, 1, None), None, 300, 10),
        "Dan": ((1, 1, None), None, -200, 9),
    },
    "90000000003": {
        # Dan's 50 came back but for the 25 to match Cara's: he wins her small blind.
        "Alice": ((None, None, None), None, 0, 0),
        "Bob": ((None, None, None), None, 0, 0),
        "Cara": ((None, None, None), None, -25, 0),
        "Dan": ((None, None, None), None, 25, 0),
    },
    "90000000004": {
        # Alice raised to 60, 30 came back: she wins Bob's 30 chips.
        "Alice": ((None, None, None), None, 30, 0),
        "Bob": ((None, None, None), None, -30, 0),
    },
    "90000000005": {
        # Bob 100; Alice and Dan 150 + 50 + 0 + 200 = 400 each; pot 900 to Alice.
        "Alice": ((0, 0, 0), "badugi_9", 500, 0),
        "Bob": ((None, None, None), None, -100, 0),
        "Cara": ((None, None, None), None, 0, 0),
        "Dan": ((1, 1, 0), "three_card", -400, 0),
    },
    "90000000006": {
        # Alice 50; Bob 50 + 100 = 150; Dan 50 + 100 = 150 (all-in); pot 350 to Dan.
        "Alice": ((2, None, None), None, -50, 0),
        "Bob": ((1, 1, 0), "badugi_8", -150, 0),
        "Dan": ((0, 0, 0), "badugi_7", 200, 0),
    },
}

# Draw luck (hero only). Hand 1, Bob at draw 3 keeps 7c 4d 2h (a 3-card hand, no spade):
# outs are the spades of the 10 ranks not kept (A 3 5 6 8 9 T J Q K), none of which he has
# seen (he saw Kc 7c 4d 2h); unseen 52 - 4 = 48; he got 3s: made. Hand 2, Cara at draw 1
# keeps Qs 3h 4c: outs the diamonds of ranks other than Q, 3, 4 = 10 minus Kd, which she
# held and discarded = 9; unseen 48; got 5s: missed. At draw 2 she keeps Qs 3h 4c again,
# outs still 9 (Kd seen), unseen 52 - 5 (Kd Qs 3h 4c 5s) = 47; got Jd: made.
LUCK = {
    ("90000000001", "Bob"): (LuckDraw(3, 10, 48, True),),
    ("90000000002", "Cara"): (LuckDraw(1, 9, 48, False), LuckDraw(2, 9, 47, True)),
}


FACTS = replayed_facts(HANDS)


@pytest.mark.parametrize("hand_id", sorted(EXPECTED))
def test_every_stat_of_every_player(hand_id: str) -> None:
    _replayed, facts = FACTS[hand_id]
    assert set(facts) == set(EXPECTED[hand_id])
    for player, expected in EXPECTED[hand_id].items():
        unknown = set(expected) - set(STAT_KEYS)
        assert not unknown, unknown
        got = {key: (int(getattr(facts[player], key).done), int(getattr(facts[player], key).opportunity)) for key in STAT_KEYS}
        want = {key: expected.get(key, (0, 0)) for key in STAT_KEYS}
        assert got == want, (player, {k: (got[k], want[k]) for k in STAT_KEYS if got[k] != want[k]})


@pytest.mark.parametrize("hand_id", sorted(OTHERS))
def test_draws_classes_nets_and_rake(hand_id: str) -> None:
    check_draws_classes_nets_and_rake(FACTS, hand_id, OTHERS[hand_id], LUCK)


def test_positions() -> None:
    positions = {hid: {p.player: p.position for p in r.players} for hid, (r, _) in FACTS.items()}
    assert positions["90000000001"] == {"Alice": "SB", "Bob": "BB", "Cara": "CO", "Dan": "BTN"}
    # heads-up the button posts the small blind and is called BTN
    assert positions["90000000004"] == {"Alice": "BTN", "Bob": "BB"}
    # three players: button, small blind, big blind
    assert positions["90000000006"] == {"Bob": "BTN", "Dan": "SB", "Alice": "BB"}
