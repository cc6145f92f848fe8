"""Reads (issue 19): what a player showed, grouped by the way he played it. From every
counted hand of his whose final cards became known (hand_players.final_cards: shown or
revealed at showdown, or the hero's own, those he folded included: his cards are known
whether or not the hand reached a showdown), counted from the read facts stored with each
hand (store/hand_reads.py: his draws, his lines, the read of his cards, worked out once at
import by analysis/reads.py), never the hand text and no hand evaluated here.

Three groupings: by his draw pattern (the cards he drew at each draw he reached, e.g. "drew
1, then pat from draw 2"); by his last draw and his most aggressive decision after it ("drew
2 at the last draw, then bet"); and by his pre-draw action and position ("raised first in,
UTG").
Per group: hands, the made hands among them (badugis in the Badugi games), the top card of
those made hands (median and range) and the classes of the hands shown. A group of fewer than
READ_MIN_HANDS hands shows its count only (`shown` False): no share, no median.

Reads are per game (never mixed): in the 2-7 and A-5 games the made hands are the game's made
lows (their top card the "high card", the classes five_card.LowClass); in the split five-card
games the figures are those of the Badugi half, read with the game's own evaluator
(rules/games.py: four of the five cards, the ace high in Badeucey, so an ace-high badugi's
high card is "A"). 5-Card Draw (one draw, a high hand): the draw pattern is the cards drawn
at its one draw ("pat", "drew 2"), the last draw's group his line after that draw ("drew 2
at the draw, then bet"), the made hands two pair or better (READ_MADE_HIGH; no top card) and
the classes five_card.HighClass, strongest first.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..filters import Filters
from ..rules.badugi import HandClass
from ..rules.games import BADUGI, GameRules, game_rules
from ..stats.five_card import HighClass, LowClass
from ..stats.values import wilson_interval
from ..store.hand_reads import READ_GROUP, read_scope

READ_MIN_HANDS = 5
"""A read group with fewer hands shows its count and no percentages."""

RANK_LETTERS = "A23456789TJQK"


def rank_letter(value: int) -> str:
    """"A" for 1 ... "K" for 13, and "A" for 14 (the ace high, Badeucey)."""
    return RANK_LETTERS[(value - 1) % 13]


def draw_pattern(discards: tuple[int | None, ...]) -> str:
    """The words for the cards drawn at draws 1-3 (None: not reached): (1, 0, 0) -> "drew 1,
    then pat from draw 2"; (0, 0, 0) -> "pat from draw 1"; (2, 1, 1) -> "drew 2, drew 1,
    drew 1"; (None, None, None) -> "no draw" (the hand ended before draw 1); (2, None,
    None) -> "drew 2, no draw 2"."""
    reached = [d for d in discards if d is not None]
    if not reached:
        return "no draw"
    kept = len(reached)
    while kept and reached[kept - 1] == 0:
        kept -= 1
    words = ["pat" if d == 0 else f"drew {d}" for d in reached[:kept]]
    if kept < len(reached):
        words.append(f"{'then ' if words else ''}pat from draw {kept + 1}")
    if len(reached) < 3:
        words.append(f"no draw {len(reached) + 1}")
    return ", ".join(words)


_LAST_ROUND = {4: "raised", 3: "bet", 2: "called", 1: "checked", 0: "folded", None: "no decision"}


def last_draw(discarded: int, most: int | None) -> str:
    """The last draw and his most aggressive decision after it (4 raise, 3 bet, 2 call, 1
    check, 0 fold, None: none, e.g. all in): "drew 2 at the last draw, then bet", "pat at
    the last draw, then checked"."""
    drew = "pat" if discarded == 0 else f"drew {discarded}"
    return f"{drew} at the last draw, then {_LAST_ROUND[most]}"


@dataclass(frozen=True, slots=True)
class ReadGroup:
    """One group of a player's known hands. grouping: "draw pattern", "last draw and bet"
    or "pre-draw action";
    label; hands; badugis (ints); high_median, high_low, high_high: the badugis' top card as
    a rank letter ("7"; the median the lower middle one), None without a badugi; classes:
    HandClass value -> hands, strongest first; shown: hands >= the minimum (else only
    `hands` is to be shown)."""

    grouping: str
    label: str
    hands: int
    badugis: int
    high_median: str | None
    high_low: str | None
    high_high: str | None
    classes: dict[str, int]
    shown: bool

    @property
    def badugi_interval(self) -> tuple[float, float] | None:
        """The 95% Wilson interval of badugis / hands."""
        return wilson_interval(self.badugis, self.hands)


@dataclass(frozen=True, slots=True)
class PlayerReads:
    """A player's reads on one site in one game ("badugi", "badacey", "badeucey"):
    hands_known (his counted hands with final cards known), the minimum group size, and
    the groups (draw patterns, last draws, then pre-draw actions; in each, most hands
    first)."""

    player: str
    site: str
    hands_known: int
    min_hands: int
    groups: tuple[ReadGroup, ...]
    game: str = BADUGI.name


_GROUPINGS = ("draw pattern", "last draw and bet", "pre-draw action")
_ORDER = {c.value: i for i, c in enumerate(HandClass)}


_LOW_ORDER = {c.value: i for i, c in enumerate(LowClass)}
_HIGH_ORDER = {c.value: i for i, c in enumerate(reversed(HighClass))}
"""5-Card Draw's classes, strongest first (five_card.HighClass is weakest first)."""

READ_MADE_HIGH = "two_pair_or_better"
"""What a 5-Card Draw read counts as made (its record has no made hand, games.MadeHand.NONE):
two pair or better, the hands that beat the pair or worse most pots are contested with."""


def single_draw_pattern(discarded: int | None) -> str:
    """The words for the cards drawn at a single-draw game's one draw (5-Card Draw, 2-7 Single
    Draw): "pat", "drew 2", "no draw" (the hand ended before the draw)."""
    if discarded is None:
        return "no draw"
    return "pat" if discarded == 0 else f"drew {discarded}"


def single_draw_line(discarded: int, most: int | None) -> str:
    """A single-draw game's draw and his most aggressive decision after it (as last_draw):
    "drew 2 at the draw, then bet", "pat at the draw, then checked"."""
    return f"{single_draw_pattern(discarded)} at the draw, then {_LAST_ROUND[most]}"


@dataclass(slots=True)
class _Counts:
    """One group being counted: hands read, made hands, the made hands' top cards, classes."""

    hands: int = 0
    made: int = 0
    tops: Counter[int] = field(default_factory=Counter)
    classes: Counter[str] = field(default_factory=Counter)

    def add(self, count: int, made: int | None, top: int | None, hand_class: str | None) -> None:
        if hand_class is None:  # (cards known but not readable: a five-card game's hand not of five cards)
            return
        self.hands += count
        self.classes[hand_class] += count
        if made:
            self.made += count
            if top is not None:
                self.tops[top] += count


def _median_low(counts: Counter[int]) -> int:
    """statistics.median_low of the values counted."""
    middle = (sum(counts.values()) - 1) // 2
    for value in sorted(counts):
        middle -= counts[value]
        if middle < 0:
            return value
    raise ValueError("no values")


def _group(grouping: str, label: str, counts: _Counts, min_hands: int, order: dict[str, int]) -> ReadGroup:
    tops = counts.tops
    return ReadGroup(
        grouping, label, counts.hands, counts.made,
        rank_letter(_median_low(tops)) if tops else None,
        rank_letter(min(tops)) if tops else None, rank_letter(max(tops)) if tops else None,
        dict(sorted(counts.classes.items(), key=lambda item: order[item[0]])), counts.hands >= min_hands)


def _order(rules: GameRules) -> dict[str, int]:
    return _HIGH_ORDER if rules.high else _LOW_ORDER if rules.lowball else _ORDER


_GROUP = tuple(c for c in READ_GROUP if c != "known")


def _labels(game: str, position: str | None, d1: int | None, d2: int | None, d3: int | None, predraw: str | None,
            after: int | None) -> list[tuple[str, str]]:
    """The (grouping, label) of each group a hand of this line counts in."""
    if game_rules(game).record.draws == 1:  # (5-Card Draw and 2-7 Single Draw: one draw)
        labels = [("draw pattern", single_draw_pattern(d1))]
        if d1 is not None:
            labels.append(("last draw and bet", single_draw_line(d1, after)))
    else:
        labels = [("draw pattern", draw_pattern((d1, d2, d3)))]
        if d3 is not None:
            labels.append(("last draw and bet", last_draw(d3, after)))
    labels.append(("pre-draw action", f"{predraw}, {position}"))
    return labels


def player_reads(db: Any, name: str, filters: Filters = Filters(), min_hands: int = READ_MIN_HANDS) -> list[PlayerReads]:
    """The reads of the player `name`, one per site and game he has counted hands with
    known cards in (empty when none), over the hands matching `filters`: counted from the
    stored read facts (store/hand_reads.py), nothing evaluated here. db: a sqlite3 connection
    or a sqlite-utils Database. raises ValueError for bad stakes."""
    sites = dict(db.execute("select id, site from players where name = ?", [name]).fetchall())
    if not sites:
        return []
    source, where, params = read_scope(tuple(sites), filters)
    rows = db.execute(
        f"""select {', '.join(f'r.{c}' for c in _GROUP)}, count(*)
            from {source} where r.known = 1 and {where}
            group by {', '.join(f'r.{c}' for c in _GROUP)}""", params).fetchall()  # (in the index's order: no sort)
    by_site: dict[tuple[str, str], dict[tuple[str, str], _Counts]] = defaultdict(lambda: defaultdict(_Counts))
    labels_of: dict[tuple[Any, ...], list[tuple[str, str]]] = {}  # (a line's labels worked out once, not per row)
    for player_id, game, position, d1, d2, d3, predraw, after, made, top, hand_class, count in rows:
        groups = by_site[sites[player_id], game]
        line = (game, position, d1, d2, d3, predraw, after)
        labels = labels_of.get(line)
        if labels is None:
            labels = labels_of[line] = _labels(game, position, d1, d2, d3, predraw, after)
        for key in labels:
            groups[key].add(count, made, top, hand_class)
    result = []
    for (site, game), groups in sorted(by_site.items()):
        rules = game_rules(game)
        order = _order(rules)
        made = [_group(grouping, label, counts, min_hands, order) for (grouping, label), counts in groups.items()]
        made.sort(key=lambda g: (_GROUPINGS.index(g.grouping), -g.hands, g.label))
        known = sum(g.hands for g in made if g.grouping == "draw pattern")
        result.append(PlayerReads(name, site, known, min_hands, tuple(made), rules.name))
    return result
