"""The low half's showdown classes of the split-pot games, read from stored hands.

The Badugi half's classes are summed in the summary tables like Badugi's (showdown_class:
the Badugi half's HandClass). The low half's class is worked out when read, from the cards
stored for each showdown (hand_players.final_cards): only the showdowns of Badacey and
Badeucey hands are read, a few rows per player. 2-7 Triple Draw, whose whole pot goes to the
best low, has only these classes (its Badugi class is not stored).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import parse_cards
from ..filters import Filters
from ..rules.games import GAMES
from ..stats.five_card import LowClass, low_class

if TYPE_CHECKING:
    from sqlite3 import Connection


def low_showdown_classes(db: Connection, player: str, filters: Filters = Filters()) -> dict[str, int]:
    """LowClass value -> how many showdowns of `player` (exact name) in Badacey,
    Badeucey and 2-7 Triple Draw hands the filters match showed a low hand of that class (five known cards;
    every class listed, 0 when none). raises ValueError for bad stakes."""
    where, params = filters.where("f")
    split_games = [name for name, rules in GAMES.items() if rules.low is not None]
    marks = ", ".join("?" for _ in split_games)
    rows = db.execute(
        f"""select f.game, hp.final_cards from hand_facts f
            join hand_players hp on hp.hand_id = f.hand_id and hp.player_id = f.player_id
            where {where} and f.player = ? and f.showdown = 1 and f.game in ({marks}) and hp.final_cards is not null""",
        [*params, player, *split_games],
    ).fetchall()
    counts = dict.fromkeys((c.value for c in LowClass), 0)
    for game, text in rows:
        cards = parse_cards(text)
        if len(cards) == 5 and len(set(cards)) == 5:
            counts[low_class(GAMES[game].low_hand(cards)).value] += 1  # type: ignore[arg-type]
    return counts
