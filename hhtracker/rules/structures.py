"""Betting structures as data: how much may be bet and raised, and the cap.

Sources: ../shared/seeds/002 section 1 (fixed limit: small bet on rounds 1-2, big bet on
rounds 3-4), seeds/001 "Gameplay" (three raises per round, uncapped heads-up), and what the
real PokerStars files show (4 bets per round, heads-up included: ../shared/formats 1.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import BettingStructure, Round, Site, Stakes


@dataclass(frozen=True, slots=True)
class LimitRules:
    """A site's fixed-limit rules. cap: bets per round (a bet and cap-1 raises; pre-draw
    the big blind is the first bet); heads_up_cap: the cap with two players left in the
    hand, None = no cap."""

    name: str
    cap: int
    heads_up_cap: int | None

    def cap_for(self, players_in_hand: int) -> int | None:
        """The number of bets allowed this round with that many players not folded."""
        return self.heads_up_cap if players_in_hand <= 2 else self.cap


POKERSTARS_LIMIT = LimitRules("pokerstars", cap=4, heads_up_cap=4)
"""PokerStars: 4 bets per round, heads-up included ("Betting is capped" after the 4th)."""

SEED_LIMIT = LimitRules("seed-rules", cap=4, heads_up_cap=None)
"""The rules of seeds/001: three raises per round, uncapped when only two players remain."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What a player may do now: to_call: chips to call; min_to / max_to: the smallest and
    largest total bet this round a bet or raise may make (max_to None = no limit); full_raise:
    the increment that counts as a full raise (a smaller all-in does not reopen betting)."""

    to_call: int
    min_to: int
    max_to: int | None
    full_raise: int


def bet_unit(structure: BettingStructure, stakes: Stakes, round_: Round, big_blind: int) -> int:
    """The size of one bet or raise in fixed limit (small bet rounds 1-2, big bet 3-4), or the
    minimum opening bet otherwise (the big blind)."""
    if structure is BettingStructure.FIXED_LIMIT:
        return stakes.small_bet if round_ <= Round.AFTER_DRAW_1 else stakes.big_bet
    return big_blind


def limits(
    structure: BettingStructure,
    *,
    unit: int,
    level: int,
    mine: int,
    last_raise: int,
    pot: int,
) -> Limits:
    """The sizes open to a player. unit: bet_unit(); level: the highest total bet this round;
    mine: the player's total bet this round; last_raise: the last full raise increment this
    round (0 if none); pot: every chip in the middle, current bets included.

    Pot limit: a raise may be at most the pot after calling (rule: the maximum = pot after
    the call); half-pot limit: half of that; no limit: none. Minimum raise: the last full
    raise (at least one unit).
    """
    to_call = max(0, level - mine)
    increment = max(unit, last_raise)
    if structure is BettingStructure.FIXED_LIMIT:
        return Limits(to_call, level + unit, level + unit, unit)
    pot_after_call = pot + to_call
    if structure is BettingStructure.POT_LIMIT:
        max_to: int | None = level + pot_after_call
    elif structure is BettingStructure.HALF_POT_LIMIT:
        max_to = level + pot_after_call // 2
    else:
        max_to = None
    min_to = level + increment
    if max_to is not None and max_to < min_to:
        max_to = min_to
    return Limits(to_call, min_to, max_to, increment)


@dataclass(frozen=True, slots=True)
class SiteRules:
    """Rules and printing habits that differ by site. limit: the fixed-limit cap rules;
    prints_uncalled_bets: the site writes a line when an uncalled bet goes back (KingsClub
    does not: the replay then returns a bet nobody matched at the end of its round itself)."""

    limit: LimitRules = POKERSTARS_LIMIT
    prints_uncalled_bets: bool = True


SITE_RULES: dict[Site, SiteRules] = {
    Site.POKERSTARS: SiteRules(POKERSTARS_LIMIT, True),
    Site.FULL_TILT: SiteRules(POKERSTARS_LIMIT, True),
    Site.KINGSCLUB: SiteRules(POKERSTARS_LIMIT, False),
    Site.MERGE: SiteRules(POKERSTARS_LIMIT, True),
}
