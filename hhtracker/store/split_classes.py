"""The low half's showdown classes of the split-pot games, read from stored hands.

The Badugi half's classes are summed in the summary tables like Badugi's (showdown_class:
the Badugi half's HandClass). The low half's class is worked out when read, from the cards
stored for each showdown (hand_players.final_cards): only the showdowns of Badacey and
Badeucey hands are read, a few rows per player. 2-7 Triple Draw, whose whole pot goes to the
best low, has only these classes (its Badugi class is not stored); so has A-5 Triple Draw,
whose 5- and 6-lows are classes of their own. 5-Card Draw's showdowns are read the same way
for their high classes (`high_showdown_classes`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, parse_cards
from ..filters import Filters
from ..rules.games import GAMES
from ..games import GameId
from ..rules.high import evaluate_high
from ..stats.five_card import HighClass, LowClass, counts_below_7, high_class, low_class, low_classes_of

if TYPE_CHECKING:
    from sqlite3 import Connection


def _showdown_cards(db: Connection, player: str, filters: Filters, games: list[str]) -> list[tuple[str, tuple[Card, ...]]]:
    """(game, five cards) of each showdown of `player` (exact name) in `games`' hands the
    filters match with five different known cards. raises ValueError for bad stakes."""
    where, params = filters.where("f")
    marks = ", ".join("?" for _ in games)
    rows = db.execute(
        f"""select f.game, hp.final_cards from hand_facts f
            join hand_players hp on hp.hand_id = f.hand_id and hp.player_id = f.player_id
            where {where} and f.player = ? and f.showdown = 1 and f.game in ({marks}) and hp.final_cards is not null""",
        [*params, player, *games],
    ).fetchall()
    shown = [(game, parse_cards(text)) for game, text in rows]
    return [(game, cards) for game, cards in shown if len(cards) == 5 and len(set(cards)) == 5]


def low_showdown_classes(db: Connection, player: str, filters: Filters = Filters()) -> dict[str, int]:
    """LowClass value -> how many showdowns of `player` (exact name) in the hands of the games
    with a low (Badacey's and Badeucey's half, the 2-7 and A-5 games' whole hand) the filters
    match showed a low hand of that class (five known cards; every class listed, 0 when none).
    raises ValueError for bad stakes."""
    low_games = [name for name, rules in GAMES.items() if rules.low is not None]
    listed = low_classes_of(GameId(filters.game)) if filters.game in GAMES else tuple(LowClass)
    counts = dict.fromkeys((c.value for c in listed), 0)
    for game, cards in _showdown_cards(db, player, filters, low_games):
        found = low_class(GAMES[game].low_hand(cards), counts_below_7(game)).value  # type: ignore[arg-type]
        counts[found] = counts.get(found, 0) + 1
    return counts


def high_showdown_classes(db: Connection, player: str, filters: Filters = Filters()) -> dict[str, int]:
    """HighClass value -> how many showdowns of `player` (exact name) in 5-Card Draw hands
    (the games scored by a high hand) the filters match showed a hand of that class (five
    known cards; every class listed, 0 when none). raises ValueError for bad stakes."""
    high_games = [name for name, rules in GAMES.items() if rules.high]
    counts = dict.fromkeys((c.value for c in HighClass), 0)
    for _game, cards in _showdown_cards(db, player, filters, high_games):
        counts[high_class(evaluate_high(cards)).value] += 1
    return counts
