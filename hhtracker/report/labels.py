"""The session report's words: the statistics it sets beside lifetime, by section, and the
names of the hero's hand classes at showdown."""

from __future__ import annotations


STAT_SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Pre-draw", (
        ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet pre-draw"),
        ("fold_to_three_bet", "Fold to 3-bet"), ("steal", "Steal attempt"), ("cold_call", "Cold call pre-draw"),
    )),
    ("The draws", (
        ("pat_d1", "Pat at draw 1"), ("pat_d2", "Pat at draw 2"), ("pat_d3", "Pat at draw 3"),
        ("pat_raiser_d1", "Pat at draw 1 as pre-draw raiser"), ("pat_and_bet_d1", "Pat and bet, draw 1"),
        ("fold_to_pat_d1", "Fold to a pat hand, draw 1"),
        ("snow_known", "Snow (pat without a badugi), all draws"), ("break_known", "Break a badugi, all draws"),
    )),
    ("Showdown", (
        ("wtsd", "WTSD (went to showdown)"), ("wsd", "W$SD (won at showdown)"), ("won_reached_d1", "Won when reached draw 1"),
    )),
)
STAT_KEYS: tuple[str, ...] = tuple(key for _, rows in STAT_SECTIONS for key, _ in rows)

CLASS_LABELS: dict[str, str] = {
    "badugi_7": "badugi 7-high or better", "badugi_8": "badugi 8-high", "badugi_9": "badugi 9-high",
    "badugi_t": "badugi T-high", "badugi_j": "badugi J-high", "badugi_q": "badugi Q-high",
    "badugi_k": "badugi K-high", "three_card": "3-card hand", "two_card": "2-card hand", "one_card": "1-card hand",
}
