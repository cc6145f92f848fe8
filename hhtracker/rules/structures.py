"""Betting structures as data: how much may be bet and raised, and the cap.

Sources: ../shared/seeds/002 section 1 (fixed limit: small bet on rounds 1-2, big bet on
rounds 3-4), seeds/001 "Gameplay" (three raises per round, uncapped heads-up), and what the
real PokerStars files show (4 bets per round, heads-up included: ../shared/formats 1.6).

All-in bets and raises smaller than a full bet in fixed limit (incomplete wagers):

- Robert's Rules of Poker, "Betting and Raising" rule 6: "an all-in wager of less than half a
  bet does not reopen the betting for any player who has already acted"; a player who has
  not acted may fold, call or complete it; "an all-in wager of a half a bet or more is
  treated as a full bet, and a player may fold, call, or make a full raise" (their example:
  on a $20 round a $15 all-in bet is raised to $35); several small all-ins together reopen
  the betting when what a player faces adds up to a raise. The TDA rules say the same for
  limit games (at least 50% of a full bet reopens the betting).
- PokerStars, as its fixed-limit Badugi tournament files show: the half-bet rule reopens the
  betting (bet 60, raise to 120, all-in to 150: the raiser to 120 raises again), but the
  next bet or raise always completes to the next level of the round's grid, never a full bet
  over the all-in: a 50-chip all-in bet where the bet is 300 is completed to 300 ("raises 250
  to 300"), an all-in raise to 550 over a 300 bet is raised to 600, the all-in to 150 above
  to 180. A big blind posted all-in for less than the big blind is called in full by the
  others ($0.25 where the blind was $0.15 all-in).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import BettingStructure, Round, Site, Stakes
from ..sites import POKERSTARS_LIMIT, SEED_LIMIT, SITES, LimitRules

__all__ = ["POKERSTARS_LIMIT", "SEED_LIMIT", "SITE_RULES", "LimitRules", "Limits", "SiteRules", "bet_unit", "limits"]


@dataclass(frozen=True, slots=True)
class Limits:
    """What a player may do now: to_call: chips to call; min_to / max_to: the smallest and
    largest total bet this round a bet or raise may make (max_to None = no limit); full_raise:
    the increment that counts as a full raise (a smaller all-in does not reopen betting)."""

    to_call: int
    min_to: int
    max_to: int | None
    full_raise: int


def bet_unit(structure: BettingStructure, stakes: Stakes, round_: Round, big_blind: int, draws: int = 3) -> int:
    """The size of one bet or raise in fixed limit, or the minimum opening bet otherwise (the
    big blind). Fixed limit: the small bet in the first half of the rounds, the big bet in
    the second (draws: the game's, games.py): a triple-draw game's rounds 1-2 and 3-4, a
    single-draw game's round 1 and round 2 (rule, for the single-draw games: "Bet and raises
    are set at the lower limit during the first round ... Each bet and raise during the final
    round of betting is set at the higher limit", pokerreviewusa.com's fixed-limit 5 Card
    Draw rules; no real fixed-limit single-draw hand with a bet after the draw was seen)."""
    if structure is BettingStructure.FIXED_LIMIT:
        return stakes.small_bet if round_ <= (draws + 1) // 2 else stakes.big_bet
    return big_blind


def limits(
    structure: BettingStructure,
    *,
    unit: int,
    level: int,
    mine: int,
    last_raise: int,
    pot: int,
    full_level: int | None = None,
) -> Limits:
    """The sizes open to a player. unit: bet_unit(); level: the highest total bet this round;
    mine: the player's total bet this round; last_raise: the last full raise increment this
    round (0 if none); pot: every chip in the middle, current bets included; full_level
    (fixed limit): the total of the last full bet or raise this round (None = level), which an
    incomplete all-in above it does not move.

    Fixed limit: a bet or raise goes to exactly full_level + one bet (completing an
    incomplete all-in; LimitRules says when an all-in counts as full).

    Pot limit: a raise may be at most the pot after calling (rule: the maximum = pot after
    the call); half-pot limit: half of that; no limit: none. Minimum raise: the last full
    raise (at least one unit).
    """
    to_call = max(0, level - mine)
    increment = max(unit, last_raise)
    if structure is BettingStructure.FIXED_LIMIT:
        target = (level if full_level is None else full_level) + unit
        return Limits(to_call, target, target, unit)
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


SITE_RULES: dict[Site, SiteRules] = {record.site: SiteRules(record.limit, record.prints_uncalled_bets)
                                     for record in SITES.values()}
"""Each site's rules, from its record (sites.py): the replay has no `if site == ...`."""
