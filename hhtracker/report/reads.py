"""Reads (issue 19): what a player showed, grouped by the way he played it. From every
counted hand of his whose final cards became known (hand_players.final_cards: shown or
revealed at showdown, or the hero's own, those he folded included: his cards are known
whether or not the hand reached a showdown), read from the database (hand_facts, actions,
draws), never the hand text.

Three groupings: by his draw pattern (the cards he drew at each draw he reached, e.g. "drew
1, then pat from draw 2"); by his last draw and his most aggressive decision after it ("drew
2 at the last draw, then bet"); and by his pre-draw action and position ("raised first in,
UTG").
Per group: hands, the badugis among them, the high card of those badugis (median and range)
and the classes of the hands shown. A group of fewer than READ_MIN_HANDS hands shows its
count only (`shown` False): no share, no median.

Reads are per game (Badugi, Badacey, Badeucey, 2-7 Triple Draw are different games, never
mixed): in 2-7 Triple Draw the made hands are made 2-7 lows (their top card the "high card",
the classes five_card.LowClass); in the split five-card games the figures are those of the Badugi half, read with the game's own
evaluator (rules/games.py: four of the five cards, the ace high in Badeucey, so an ace-high
badugi's high card is "A").
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from ..filters import Filters
from ..cards import parse_cards
from ..rules.badugi import HandClass
from ..rules.lowball import LowKind
from ..stats.five_card import LowClass, counts_below_7, low_class
from ..rules.games import BADUGI, GameRules, game_rules
from ..stats.values import wilson_interval

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


def predraw_action(first_kind: str | None, entered_before: bool, raised: bool, called: bool,
                   folded: bool = False) -> str:
    """His pre-draw line: "raised first in" (his first decision a raise, nobody having
    called or raised before), "raised" (any other raise), "limped" (his first decision a
    call, nobody in before), "called", "folded" (folded pre-draw without a call or raise:
    the hero's own hands only, his cards being known), else "checked" (the big blind)."""
    if raised:
        return "raised first in" if first_kind in ("raise", "bet") and not entered_before else "raised"
    if called:
        return "limped" if first_kind == "call" and not entered_before else "called"
    return "folded" if folded else "checked"


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


def _group_low(grouping: str, label: str, cards: list[str], min_hands: int, game: str) -> ReadGroup:
    """A group of a whole-pot lowball game (the 2-7 and A-5 games): its made hands are the
    game's made lows (no pair, and in 2-7 no straight or flush: its LowKind HIGH_CARD), their
    top card the "high card" (A for an ace-high 2-7 hand); classes: five_card.LowClass values
    (the 5- and 6-low apart in the A-5 games, `counts_below_7`). Hands not of five distinct
    cards (never from a good replay) are left out."""
    rules = game_rules(game)
    below_7 = counts_below_7(game)
    hands = []
    for text in cards:
        held = parse_cards(text)
        if len(held) == 5 and len(set(held)) == 5:
            hand = rules.low_hand(held)
            if hand is not None:
                hands.append(hand)
    tops = sorted(h.ranks[0] for h in hands if h.kind is LowKind.HIGH_CARD)
    classes = Counter(low_class(h, below_7).value for h in hands)
    return ReadGroup(
        grouping, label, len(hands), len(tops),
        rank_letter(statistics.median_low(tops)) if tops else None,
        rank_letter(tops[0]) if tops else None, rank_letter(tops[-1]) if tops else None,
        dict(sorted(classes.items(), key=lambda item: _LOW_ORDER[item[0]])), len(hands) >= min_hands)


def _group(grouping: str, label: str, cards: list[str], min_hands: int, game: GameRules = BADUGI) -> ReadGroup:
    hands = [game.badugi(parse_cards(c)) for c in cards]
    tops = sorted(h.ranks[0] for h in hands if h.size == 4)
    classes = Counter(h.hand_class.value for h in hands)
    return ReadGroup(
        grouping, label, len(hands), len(tops),
        rank_letter(statistics.median_low(tops)) if tops else None,
        rank_letter(tops[0]) if tops else None, rank_letter(tops[-1]) if tops else None,
        dict(sorted(classes.items(), key=lambda item: _ORDER[item[0]])), len(hands) >= min_hands)


def player_reads(db: Any, name: str, filters: Filters = Filters(), min_hands: int = READ_MIN_HANDS) -> list[PlayerReads]:
    """The reads of the player `name`, one per site and game he has counted hands with
    known cards in (empty when none), over the hands matching `filters`. db: a sqlite3 connection or a
    sqlite-utils Database. raises ValueError for bad stakes."""
    where, params = filters.where("f")
    rows = db.execute(
        f"""select f.site, f.game, f.position, hp.final_cards,
              (select discarded from draws d where d.hand_id = f.hand_id and d.player_id = f.player_id and d.draw = 1),
              (select discarded from draws d where d.hand_id = f.hand_id and d.player_id = f.player_id and d.draw = 2),
              (select discarded from draws d where d.hand_id = f.hand_id and d.player_id = f.player_id and d.draw = 3),
              a.kind,
              exists(select 1 from actions b where b.hand_id = f.hand_id and b.round = 1 and b.seq < a.seq
                     and b.kind in ('call', 'bet', 'raise')),
              exists(select 1 from actions r where r.hand_id = f.hand_id and r.player_id = f.player_id
                     and r.round = 1 and r.kind in ('bet', 'raise')),
              exists(select 1 from actions c where c.hand_id = f.hand_id and c.player_id = f.player_id
                     and c.round = 1 and c.kind = 'call'),
              (select max(case l.kind when 'raise' then 4 when 'bet' then 3 when 'call' then 2 when 'check' then 1
                                      when 'fold' then 0 end)
                 from actions l where l.hand_id = f.hand_id and l.player_id = f.player_id and l.round = 4),
              hp.folded_round
            from hand_facts f
            join hand_players hp on hp.hand_id = f.hand_id and hp.player_id = f.player_id
            left join actions a on a.hand_id = f.hand_id and a.seq = (
              select min(x.seq) from actions x where x.hand_id = f.hand_id and x.player_id = f.player_id
                and x.round = 1 and x.kind in ('fold', 'check', 'call', 'bet', 'raise'))
            where f.player = ? and hp.final_cards is not null and {where}
            order by f.site, f.game, f.start_time, f.hand_id""",
        [name, *params]).fetchall()
    by_site: dict[tuple[str, str], dict[tuple[str, str], list[str]]] = defaultdict(lambda: defaultdict(list))
    for site, game, position, cards, d1, d2, d3, first, entered, raised, called, last, folded_round in rows:
        groups = by_site[site, game]
        groups["draw pattern", draw_pattern((d1, d2, d3))].append(cards)
        if d3 is not None:
            groups["last draw and bet", last_draw(d3, last)].append(cards)
        groups["pre-draw action", f"{predraw_action(first, bool(entered), bool(raised), bool(called), folded_round == 1)}, {position}"].append(cards)
    result = []
    for (site, game), groups in by_site.items():
        rules = game_rules(game)
        if rules.whole_hand and not rules.lowball:
            continue  # (5-Card Draw: its reads are not made yet)
        made = [_group_low(grouping, label, cards, min_hands, game) if rules.lowball  # made lows, not badugis
                else _group(grouping, label, cards, min_hands, rules) for (grouping, label), cards in groups.items()]
        made.sort(key=lambda g: (_GROUPINGS.index(g.grouping), -g.hands, g.label))
        known = sum(g.hands for g in made if g.grouping == "draw pattern")
        result.append(PlayerReads(name, site, known, min_hands, tuple(made), rules.name))
    return result
