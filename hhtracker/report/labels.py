"""The words of the statistics, written once: one label per statistic key, the same in every
view (`player NAME`'s profile, the session report, its page), with the game's made hand in
the labels of snow and break ("Break a badugi" in Badugi, "Break a made 2-7 low" in 2-7 Triple
Draw); the sections of the profile and of the report; the names of the showdown classes.

Only one statistic is called snow: snow_known (stood pat without the game's made hand, the
cards known at the draw). snow_shown, the same seen from the showdown only, is "Pat at draw 3,
shown without ...".
"""

from __future__ import annotations

from ..games import Evaluator, Half, MadeHand, game_of
from ..model import CHIPS
from ..money import Money

_MADE_WORDS: dict[MadeHand, str] = {
    MadeHand.BADUGI: "a badugi", MadeHand.DEUCE_TO_SEVEN_LOW: "a made 2-7 low",
    MadeHand.ACE_TO_FIVE_LOW: "a made A-5 low",
    MadeHand.NONE: "a made hand",  # (5-Card Draw: snow and break are not counted there)
}
_ANY_MADE = "a made hand"
"""The made hand's words when the hands are of several games (or of none known)."""
assert set(_MADE_WORDS) == set(MadeHand), "every made hand has its words"

_ROUND = {"r2": "after draw 1", "r3": "after draw 2", "r4": "after draw 3"}
_DRAWS = (1, 2, 3)


def _per_round(key: str, label: str) -> tuple[tuple[str, str], ...]:
    return ((key, f"{label}, all rounds"), *((f"{key}_{r}", f"{label}, {words}") for r, words in _ROUND.items()))


def _per_draw(key: str, label: str) -> tuple[tuple[str, str], ...]:
    return tuple((f"{key}_d{k}", f"{label} at draw {k}") for k in _DRAWS)


PROFILE_SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Pre-draw", (
        ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet pre-draw"),
        ("fold_to_three_bet", "Fold to 3-bet"), ("steal", "Steal attempt"),
        ("fold_to_steal_sb", "Fold to steal, small blind"), ("fold_to_steal_bb", "Fold to steal, big blind"),
        ("cold_call", "Cold call pre-draw"),
    )),
    ("After the draws (betting)", (
        *_per_round("af", "AF (bets+raises / calls)"),
        *_per_round("afq", "AFq (aggression frequency)"),
        ("cbet", "Continuation bet after draw 1"), ("fold_to_cbet", "Fold to continuation bet"),
        *_per_round("lead", "Bet first (lead)"),
        *_per_round("check_raise", "Check-raise"),
        *_per_round("fold_to_bet", "Fold to bet"),
    )),
    ("The draws", (
        *_per_draw("pat", "Pat"),
        ("pat_raiser_d1", "Pat at draw 1 as pre-draw raiser"),
        *_per_draw("pat_and_bet", "Pat and bet"),
        *_per_draw("fold_to_pat", "Fold to a pat hand"),
        ("snow_known", "Snow (pat without {made}), all draws"), *_per_draw("snow_known", "Snow"),
        ("snow_shown", "Pat at draw 3, shown without {made}"),
        ("break_known", "Break {made}, all draws"), *_per_draw("break_known", "Break {made}"),
    )),
    ("Showdown", (
        ("wtsd", "WTSD (went to showdown)"), ("wsd", "W$SD (won at showdown)"),
        ("won_reached_d1", "Won when reached draw 1"),
    )),
)
"""The profile's sections: (title, ((statistic key, label), ...)); a label may hold {made},
the game's made hand (`stat_label`)."""

STAT_LABELS: dict[str, str] = {key: label for _, rows in PROFILE_SECTIONS for key, label in rows}
"""Each statistic key's label ({made}: the game's made hand; `stat_label` fills it in)."""

_REPORT_KEYS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Pre-draw", ("vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cold_call")),
    ("The draws", ("pat_d1", "pat_d2", "pat_d3", "pat_raiser_d1", "pat_and_bet_d1", "fold_to_pat_d1", "snow_known",
                   "break_known")),
    ("Showdown", ("wtsd", "wsd", "won_reached_d1")),
)


def made_hand_words(game: str | None) -> str:
    """The made hand of a stored game name ("a badugi", "a made 2-7 low"); "a made hand" for
    None (several games) and a name no record has."""
    record = game_of(game) if game is not None else None
    return _ANY_MADE if record is None else _MADE_WORDS[record.made_hand]


def stat_label(key: str, game: str | None = None) -> str:
    """The label of a statistic key in `game` (stored name; None: hands of several games).
    raises KeyError for a key no view shows."""
    return STAT_LABELS[key].format(made=made_hand_words(game))


def report_sections(game: str | None = None) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The session report's statistics beside lifetime in `game` (a stored name; None: hands
    of several games), by section: (title, ((key, label), ...)), labelled with the game's
    made hand ("Break a made 2-7 low"); a game of one draw has no row for draws 2 and 3
    (they never have an opportunity there)."""
    record = game_of(game) if game is not None else None
    draws = record.draws if record is not None else max(_DRAWS)

    def played(key: str) -> bool:
        head, _, draw = key.rpartition("_d")
        return not (head and draw.isdigit() and int(draw) > draws)

    return tuple((section, tuple((key, stat_label(key, game)) for key in keys if played(key)))
                 for section, keys in _REPORT_KEYS)


STAT_SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = report_sections()
"""The session report's statistics beside lifetime, by section: (title, ((key, label), ...)),
with the labels of the profile (over hands of several games: "a made hand")."""
STAT_KEYS: tuple[str, ...] = tuple(key for _, rows in STAT_SECTIONS for key, _ in rows)

CLASS_LABELS: dict[str, str] = {
    "badugi_7": "badugi 7-high or better", "badugi_8": "badugi 8-high", "badugi_9": "badugi 9-high",
    "badugi_t": "badugi T-high", "badugi_j": "badugi J-high", "badugi_q": "badugi Q-high",
    "badugi_k": "badugi K-high", "three_card": "3-card hand", "two_card": "2-card hand", "one_card": "1-card hand",
}
"""The Badugi showdown classes (badugi.HandClass values) in words."""

LOW_CLASS_LABELS: dict[str, str] = {
    "low_5": "5-low (the wheel)", "low_6": "6-low", "low_7": "7-low or better", "low_8": "8-low", "low_9": "9-low", "low_t": "T-low", "low_j": "J-low",
    "low_q": "Q-low", "low_k": "K-low", "low_a": "ace-high (no pair)", "paired_or_worse": "a pair or worse",
}
"""The low showdown classes (five_card.LowClass values) in words."""


def low_class_label(low_class: str, game: str | None = None) -> str:
    """A low class in words; in a 2-7 game "a pair or worse" says straights and flushes too."""
    record = game_of(game) if game is not None else None
    low = record.scores(Half.LOW) if record is not None else None
    if low_class == "paired_or_worse" and low is not None and low.evaluator is Evaluator.DEUCE_TO_SEVEN_LOW:
        return "a pair, straight, flush or worse"
    if low_class == "low_7" and record is not None and record.made_hand is MadeHand.ACE_TO_FIVE_LOW:
        return "7-low"  # (the A-5 games count the 5- and 6-lows apart)
    return LOW_CLASS_LABELS.get(low_class, low_class.replace("_", " "))


# --- big bets beside money (issue 27, item 6) ---------------------------------------------------
# Cash big bets (and BB/100, bb/100) count each hand at its own stakes, as trackers do, while the
# money adds cents: over hands at several stakes the two can have opposite signs (+$4.75 at
# $0.50/$1 is +4.75 big bets, -$35.00 at $5/$10 is -3.50: -$30.25 but +1.25 big bets). The
# words say so wherever both are shown, and a note says it when the signs differ.

AT_ITS_STAKES = "each hand at its own stakes"
"""How cash big bets and big blinds are counted, in the labels of rows that mix stakes."""


def opposite_signs(net: tuple[Money, ...], big_bets: float | None) -> bool:
    """Whether a cash result and the same hands' big bets (or BB/100, bb/100) point opposite
    ways, as shown (big bets to two decimals): -$30.25 beside +1.25. False for chips (their big
    bets have the chips' sign by construction), several currencies, or no big bets."""
    if big_bets is None or len(net) != 1 or net[0].currency == CHIPS:
        return False
    shown = round(big_bets, 2)
    return (net[0].amount > 0 > shown) or (net[0].amount < 0 < shown)


def opposite_signs_note(where: str, net: str, big_bets: str) -> str:
    """The note under a view whose money and big bets have opposite signs: `where` the row
    ("Net", "Results by position, BTN"), `net` and `big_bets` as shown there ("-$30.25",
    "+1.25 big bets" or "BB/100 +62.50")."""
    return (f"{where}: {net} but {big_bets}. Big bets count {AT_ITS_STAKES}, so a hand at small stakes "
            "weighs as much as one at big stakes; the money does not, and here the two point opposite ways.")
