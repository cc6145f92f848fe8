"""Per-hand statistics facts: pure functions of a ReplayedHand.

Every statistic is a ratio done / opportunities (../shared/STATS.md); here each player gets,
per hand, a `Fact(done, opportunity)` per statistic (or a `Count` where one hand can give
several chances: a statistic over all three post-draw rounds or draws, AF, AFq), so any
subset of hands can be summed in SQL. Choices where STATS.md is silent are marked "Choice:".

Betting decisions are fold, check, call, bet and raise; blind and ante posts are not, and
draw actions (discard / stand pat) are not betting actions at all (they are `DrawAction`s).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import DECK, Card, parse_cards
from ..games import MadeHand, game_of
from ..model import Round
from ..rules.badugi import BadugiHand, evaluate, strength
from ..rules.replay import CAP_BETS, VOLUNTARY, Action, ActionKind, DrawAction, PlayerResult, ReplayedHand
from .five_card import MADE_LOW, snow_and_break_low
from .facts import (  # noqa: F401  (STAT_KEYS, DRAW_KEYS, UNBOUNDED_KEYS: re-exported, their home is facts.py)
    _FIELD_NAMES,
    DRAW_KEYS,
    NO,
    STAT_KEYS,
    UNBOUNDED_KEYS,
    Count,
    Fact,
    LuckDraw,
    PlayerHandStats,
    _in_field_order,
)


POST_DRAW_ROUNDS = (Round.AFTER_DRAW_1, Round.AFTER_DRAW_2, Round.AFTER_DRAW_3)
_ROUNDS = tuple(Round)

_STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})
_DECISIONS = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
_AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})


def per_hand_stats(replayed: ReplayedHand) -> tuple[PlayerHandStats, ...]:
    """The facts of every player dealt in, in seat order."""
    hand = _Hand(replayed)  # what all players' facts share, worked out once
    return tuple(hand.player_stats(p) for p in replayed.players if p.dealt_in)


class _Hand:
    """What every player's facts need from the hand, worked out once: the actions grouped by
    round and by player in one pass, the draws by player, the hand's last pre-draw raiser,
    steal attempt and continuation bet."""

    def __init__(self, replayed: ReplayedHand) -> None:
        self.replayed = replayed
        self.by_round: dict[Round, list[Action]] = {r: [] for r in _ROUNDS}
        self.predraw_of: dict[str, list[Action]] = {}  # a player's own pre-draw actions, posts included
        self.decisions_of: dict[tuple[str, Round], list[Action]] = {}  # his betting decisions, per round
        for action in replayed.actions:
            self.by_round[action.round].append(action)
            if action.round == Round.PREDRAW:
                self.predraw_of.setdefault(action.player, []).append(action)
            if action.kind in _DECISIONS:
                self.decisions_of.setdefault((action.player, action.round), []).append(action)
        self.draw_of: dict[tuple[str, int], DrawAction] = {(d.player, d.draw): d for d in replayed.draws}
        # who acted after pre-draw or drew: every other player's post-draw facts are "no opportunity"
        self.after_predraw = {p for p, r in self.decisions_of if r != Round.PREDRAW} | {d.player for d in replayed.draws}
        predraw = self.by_round[Round.PREDRAW]
        raises = [a for a in predraw if a.kind is ActionKind.RAISE]
        self.last_raiser = raises[-1].player if raises else None
        self.steal = _steal_action(replayed, predraw)
        self.cbet = self._cbet_action()
        self.fold_to_pat_of: dict[int, dict[str, Fact]] = {}  # draw k -> player -> fact, made on first use
        # a whole-pot lowball game (2-7 or A-5 Triple Draw, the single-draw games): snow and
        # break against the record's made low (five_card.py); snow_shown at the game's last
        # draw; a game with no made hand (5-Card Draw): not computed, no opportunity
        record = game_of(replayed.hand.game)
        self.made_hand = record.made_hand if record is not None else MadeHand.BADUGI
        self.lowball = self.made_hand in MADE_LOW
        self.last_draw = record.draws if record is not None else 3

    def decisions(self, name: str, round_: Round) -> Sequence[Action]:
        """The player's own betting decisions on a round (posts are not decisions)."""
        return self.decisions_of.get((name, round_), ())

    def _cbet_action(self) -> Action | None:
        """The continuation bet: the last pre-draw raiser's bet as his first decision on
        round 2 with nobody having bet before him."""
        if self.last_raiser is None:
            return None
        first = _first(self.decisions(self.last_raiser, Round.AFTER_DRAW_1))
        if first is not None and first.bets_before == 0 and first.kind is ActionKind.BET:
            return first
        return None

    def player_stats(self, player: PlayerResult) -> PlayerHandStats:
        name = player.player
        mine = self.predraw_of.get(name, ())
        decisions = self.decisions(name, Round.PREDRAW)
        raised = any(a.kind is ActionKind.RAISE for a in mine)
        facts = self._predraw_facts(player, mine, decisions, raised)
        if name in self.after_predraw or player.reached_draw:
            counts = self._post_draw_facts(player, raised, facts)
        else:  # he left the hand pre-draw: no opportunity after it
            facts.update(_NOTHING_AFTER_PREDRAW)
            counts = [None, None, None]

        # showdown
        reached_d1 = player.reached_draw >= 1
        won = player.collected > 0
        facts["wtsd"] = Fact.of(reached_d1 and player.showdown, reached_d1)
        facts["wsd"] = Fact.of(player.showdown and won, player.showdown)
        facts["won_reached_d1"] = Fact.of(reached_d1 and won, reached_d1)
        # Choice: the hero's own cards at showdown count as known even when he mucked.
        showdown_class = (
            player.final_hand.hand_class.value if player.showdown and player.final_hand is not None else None
        )
        facts.update(player=name, cards_drawn_d1=counts[0], cards_drawn_d2=counts[1], cards_drawn_d3=counts[2],
                     showdown_class=showdown_class)
        assert len(facts) == len(_FIELD_NAMES)  # every field once (_in_field_order fails on a missing one)
        # Positional arguments: CPython matches ~60 keyword arguments built at run time
        # slowly (several times the cost of the whole dataclass __init__).
        return PlayerHandStats(*_in_field_order(facts))

    def _predraw_facts(self, player: PlayerResult, mine: Sequence[Action], decisions: Sequence[Action],
                       raised: bool) -> dict[str, object]:
        # Choice: a walk removes the opportunity of the big blind only (PokerTracker's
        # convention); the players who folded to him had a decision.
        walked = self.replayed.walk and player.folded_round is None
        can_vpip = not walked
        facts: dict[str, object] = {
            "vpip": Fact.of(any(a.kind in VOLUNTARY for a in mine) and can_vpip, can_vpip),
            "pfr": Fact.of(raised and can_vpip, can_vpip),
            "three_bet": _three_bet(decisions),
            "fold_to_three_bet": _fold_to_three_bet(decisions),
            "steal": _steal(player.position, decisions),
            "cold_call": _cold_call(mine),
        }
        steal_fact = self._fold_to_steal(player, decisions)
        facts["fold_to_steal_sb"] = steal_fact if player.position == "SB" else NO
        facts["fold_to_steal_bb"] = steal_fact if player.position == "BB" else NO
        return facts

    def _post_draw_facts(self, player: PlayerResult, raised: bool, facts: dict[str, object]) -> list[int | None]:
        """The post-draw betting and draw facts into `facts`; returns the cards drawn at
        draws 1-3 (None: not reached)."""
        name = player.player
        # post-draw betting, per round (af, afq, check_raise, fold_to_bet, lead), and the
        # three rounds together
        totals = [[0, 0] for _ in _BETTING_KEYS]
        for r in POST_DRAW_ROUNDS:
            acts = self.decisions(name, r)
            per_round: tuple[Count | Fact, ...] = _betting_facts(acts) if acts else _NO_BETTING
            for key, value, total in zip(_BETTING_KEYS_BY_ROUND[r], per_round, totals):
                facts[key] = value
                total[0] += value.done
                total[1] += value.opportunity
        for key, (done, opportunity) in zip(_BETTING_KEYS, totals):
            facts[key] = Count.of(done, opportunity)
        facts["cbet"] = self._cbet(name)
        facts["fold_to_cbet"] = self._fold_to_cbet(name)

        # the draws
        counts: list[int | None] = []
        snow = [0, 0]
        broke = [0, 0]
        for k, (pat_key, pat_and_bet_key, fold_to_pat_key, snow_key, break_key) in _DRAW_KEYS_BY_DRAW.items():
            draw = self.draw_of.get((name, k)) if player.reached_draw >= k else None
            count = draw.discarded if draw is not None else None
            counts.append(count)
            facts[pat_key] = Fact.of(count == 0, count is not None)
            acts_next = self.decisions(name, POST_DRAW_ROUNDS[k - 1])  # round k+1
            facts[pat_and_bet_key] = (
                Fact.of(any(a.kind in _AGGRESSIVE for a in acts_next), True) if count == 0 and acts_next else NO
            )
            facts[fold_to_pat_key] = self._fold_to_pat(name, k, count)
            snow_k, break_k = (_known_low_draw(draw, self.made_hand) if self.lowball
                               else (NO, NO) if self.made_hand is MadeHand.NONE else _known_draw(draw))
            facts[snow_key] = snow_k
            facts[break_key] = break_k
            snow[0] += snow_k.done
            snow[1] += snow_k.opportunity
            broke[0] += break_k.done
            broke[1] += break_k.opportunity
        facts["snow_known"] = Count.of(*snow)
        facts["break_known"] = Count.of(*broke)
        facts["pat_raiser_d1"] = Fact.of(counts[0] == 0, True) if raised and counts[0] is not None else NO
        # Choice: "final cards became known" is the replay's final hand: shown or revealed
        # in the summary, or the hero's own cards when he did not fold (a folded hero's cards
        # are his final cards too, for his reads, but not a hand "seen" here).
        last = counts[self.last_draw - 1]  # (the game's last draw: the third, or the one of a single-draw game)
        if name == self.replayed.hero and player.folded_round is not None:
            facts["snow_shown"] = NO
        elif self.lowball and last == 0 and _five_distinct(player.final_cards):
            facts["snow_shown"] = Fact.of(not MADE_LOW[self.made_hand](player.final_cards), True)  # type: ignore[arg-type]
        elif self.made_hand is MadeHand.BADUGI and last == 0 and player.final_hand is not None:
            facts["snow_shown"] = Fact.of(not player.final_hand.is_badugi, True)
        else:
            facts["snow_shown"] = NO
        luck = _luck([self.draw_of.get((name, k)) for k in (1, 2, 3)])
        facts["luck"] = luck
        facts["draw_luck"] = Count.of(sum(d.completed for d in luck), len(luck))
        return counts

    def _fold_to_steal(self, player: PlayerResult, decisions: Sequence[Action]) -> Fact:
        """Opportunity: a blind (SB or BB; heads-up only the BB, the button being the small
        blind who acts first) whose first decision after a steal attempt faces it with no
        caller or re-raiser in between (two bets in, no caller). Done: he folded."""
        steal = self.steal
        if steal is None or player.position not in ("SB", "BB") or steal.player == player.player:
            return NO
        after = [a for a in decisions if a.seq > steal.seq]
        if after and after[0].bets_before == 2 and after[0].callers_before == 0:
            return Fact.of(after[0].kind is ActionKind.FOLD, True)
        return NO

    def _cbet(self, name: str) -> Fact:
        """Opportunity: the last pre-draw raiser's first decision on round 2, with no bet
        before it (he reached round 2 and could still act). Done: he bet."""
        if name != self.last_raiser:
            return NO
        first = _first(self.decisions(name, Round.AFTER_DRAW_1))
        if first is None or first.bets_before != 0:
            return NO
        return Fact.of(first.kind is ActionKind.BET, True)

    def _fold_to_cbet(self, name: str) -> Fact:
        """Choice: opportunity is the player's first decision after the continuation bet
        while it is still the only bet of the round (not yet raised). Done: he folded."""
        cbet = self.cbet
        if cbet is None or name == cbet.player:
            return NO
        after = [a for a in self.decisions(name, Round.AFTER_DRAW_1) if a.seq > cbet.seq]
        if after and after[0].bets_before == 1:
            return Fact.of(after[0].kind is ActionKind.FOLD, True)
        return NO

    def _fold_to_pat(self, name: str, k: int, count: int | None) -> Fact:
        """Opportunity: drew 1+ at draw k, then on round k+1 a decision facing a bet or raise
        whose last bet/raise was made by a player who stood pat at draw k. Choice: only the
        first such decision counts. Done: he folded there."""
        if not count:
            return NO
        facing_pat = self.fold_to_pat_of.get(k)
        if facing_pat is None:  # every player's first such decision, in one pass over round k+1
            facing_pat = self.fold_to_pat_of[k] = {}
            last_aggressor: str | None = None
            for action in self.by_round[POST_DRAW_ROUNDS[k - 1]]:  # round k+1
                if (action.kind in _DECISIONS and action.bets_before >= 1 and last_aggressor is not None
                        and action.player not in facing_pat):
                    pat = self.draw_of.get((last_aggressor, k))
                    if pat is not None and pat.discarded == 0:
                        facing_pat[action.player] = Fact.of(action.kind is ActionKind.FOLD, True)
                if action.kind in _AGGRESSIVE:
                    last_aggressor = action.player
        return facing_pat.get(name, NO)


_BETTING_KEYS = ("af", "afq", "check_raise", "fold_to_bet", "lead")
_BETTING_KEYS_BY_ROUND = {r: tuple(f"{key}_r{int(r)}" for key in _BETTING_KEYS) for r in POST_DRAW_ROUNDS}
_NO_BETTING = (Count.of(0, 0), Count.of(0, 0), NO, NO, NO)  # no decision on the round
_DRAW_KEYS_BY_DRAW = {
    k: (f"pat_d{k}", f"pat_and_bet_d{k}", f"fold_to_pat_d{k}", f"snow_known_d{k}", f"break_known_d{k}") for k in (1, 2, 3)
}
_NOTHING_AFTER_PREDRAW: dict[str, object] = {
    **{key: value for r in POST_DRAW_ROUNDS for key, value in zip(_BETTING_KEYS_BY_ROUND[r], _NO_BETTING)},
    **{key: Count.of(0, 0) for key in _BETTING_KEYS},
    "cbet": NO,
    "fold_to_cbet": NO,
    **{key: NO for keys in _DRAW_KEYS_BY_DRAW.values() for key in keys},
    "snow_known": Count.of(0, 0),
    "break_known": Count.of(0, 0),
    "pat_raiser_d1": NO,
    "snow_shown": NO,
    "luck": (),
    "draw_luck": Count.of(0, 0),
}
"""The post-draw and draw facts of a player who made no decision after pre-draw and drew no cards."""


def _betting_facts(acts: Sequence[Action]) -> tuple[Count, Count, Fact, Fact, Fact]:
    """af, afq, check_raise, fold_to_bet and lead from a player's decisions on one round."""
    aggressive = calls = folds = 0
    for action in acts:
        if action.kind in _AGGRESSIVE:
            aggressive += 1
        elif action.kind is ActionKind.CALL:
            calls += 1
        elif action.kind is ActionKind.FOLD:
            folds += 1
    return (
        Count.of(aggressive, calls),  # af: bets + raises over calls
        Count.of(aggressive, aggressive + calls + folds),  # afq: checks are neutral
        _check_raise(acts),
        _fold_to_bet(acts),
        _lead(acts),
    )


def _first(actions: Sequence[Action]) -> Action | None:
    return actions[0] if actions else None


def _three_bet(decisions: Sequence[Action]) -> Fact:
    """Opportunity: the player acted pre-draw facing exactly one raise over the blinds (two
    bets: the big blind and the raise) while a raise was still allowed. Done: he re-raised
    at that decision. Choice: only his first such decision counts."""
    for action in decisions:
        if action.bets_before == 2 and action.bets_before < CAP_BETS:
            return Fact.of(action.kind is ActionKind.RAISE, True)
    return NO


def _fold_to_three_bet(decisions: Sequence[Action]) -> Fact:
    """Opportunity: he made the first raise pre-draw (one bet, the big blind, before it) and
    his next decision faces a re-raise (3+ bets). Done: he folded at that decision."""
    for index, action in enumerate(decisions):
        if action.kind is ActionKind.RAISE and action.bets_before == 1:
            following = decisions[index + 1 : index + 2]
            if following and following[0].bets_before >= 3:
                return Fact.of(following[0].kind is ActionKind.FOLD, True)
            return NO
    return NO


def _steal(position: str | None, decisions: Sequence[Action]) -> Fact:
    """Opportunity: cut-off, button or small blind, first decision with only the blinds in
    (no raise, no caller). Done: he raised there."""
    if position not in _STEAL_POSITIONS or not decisions:
        return NO
    first = decisions[0]
    if first.bets_before == 1 and first.callers_before == 0:
        return Fact.of(first.kind is ActionKind.RAISE, True)
    return NO


def _steal_action(replayed: ReplayedHand, predraw: list[Action]) -> Action | None:
    """The steal attempt of the hand, if any: a first-in raise (only the blinds in) by the
    cut-off, button or small blind."""
    position = {p.player: p.position for p in replayed.players}
    for action in predraw:
        if action.kind not in _DECISIONS:
            continue
        if action.bets_before != 1 or action.callers_before != 0:
            return None  # somebody called or raised: later raises are not steals
        if action.kind is ActionKind.RAISE:
            return action if position.get(action.player) in _STEAL_POSITIONS else None
        if action.kind is not ActionKind.FOLD:
            return None
    return None


def _cold_call(mine: Sequence[Action]) -> Fact:
    """Opportunity: his first decision facing a raise (2+ bets, the big blind counting as
    one) with no money of his own in yet. Choice: an ante is not "money of his own in" (it
    is not a bet); any blind post is. Done: he called there."""
    for action in mine:
        if action.kind in (ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.DEAD_BLIND):
            return NO
        if action.kind is ActionKind.ANTE:
            continue
        if action.bets_before >= 2:
            return Fact.of(action.kind is ActionKind.CALL, True)
        return NO  # acted before any raise: he folded, or put money in himself
    return NO


def _check_raise(acts: Sequence[Action]) -> Fact:
    """Opportunity: he checked on the round, then had a decision facing a bet while a raise
    was still allowed (Choice: under the cap). Done: he raised there."""
    for index, action in enumerate(acts):
        if action.kind is ActionKind.CHECK:
            following = acts[index + 1 : index + 2]
            if following and 1 <= following[0].bets_before < CAP_BETS:
                return Fact.of(following[0].kind is ActionKind.RAISE, True)
            return NO
    return NO


def _fold_to_bet(acts: Sequence[Action]) -> Fact:
    """Opportunity: a decision facing a bet or raise on the round. Choice: his first such
    decision counts (a call then a fold to a raise is not a fold to a bet). Done: folded."""
    for action in acts:
        if action.bets_before >= 1:
            return Fact.of(action.kind is ActionKind.FOLD, True)
    return NO


def _lead(acts: Sequence[Action]) -> Fact:
    """Opportunity: a decision on the round while nobody had bet. Done: he bet."""
    for action in acts:
        if action.bets_before == 0:
            return Fact.of(action.kind is ActionKind.BET, True)
    return NO


def _known_draw(draw: DrawAction | None) -> tuple[Fact, Fact]:
    """(snow_known, break_known) for one draw. Choice: the cards are known only when they
    were known at the moment of the draw (the hero's own, or cards printed on the draw
    line), never inferred back from a later showdown: a pat hand shown later could be
    inferred, but a broken badugi never can, so inferring would bias both statistics."""
    if draw is None:
        return NO, NO  # not reached: nothing known
    cards = draw.cards_before
    if cards is not None and len(cards) == 5 and len(set(cards)) == 5:  # Badacey, Badeucey
        from .five_card import snow_and_break

        snow_5, broke_5 = snow_and_break(cards, draw.discarded, draw.discarded_cards)
        return (NO if snow_5 is None else Fact.of(snow_5, True)), (NO if broke_5 is None else Fact.of(broke_5, True))
    if cards is None or len(cards) != 4 or len(set(cards)) != 4:
        return NO, NO  # unknown, or garbled: not four different cards (the replay reports it)
    is_badugi = _is_badugi(cards)
    snow = Fact.of(not is_badugi, True) if draw.discarded == 0 else NO
    broke = Fact.of(draw.discarded >= 1, True) if is_badugi else NO
    return snow, broke


def _five_distinct(cards: tuple[Card, ...] | None) -> bool:
    return cards is not None and len(cards) == 5 and len(set(cards)) == 5


def _known_low_draw(draw: DrawAction | None, made_hand: MadeHand) -> tuple[Fact, Fact]:
    """(snow_known, break_known) for one draw of a lowball game: against its made low, 2-7 or
    A-5 by `made_hand` (five_card.snow_and_break_low), with the cards known at the moment of
    the draw only (as `_known_draw`)."""
    if draw is None or not _five_distinct(draw.cards_before):
        return NO, NO
    snow, broke = snow_and_break_low(draw.cards_before, draw.discarded, made_hand)  # type: ignore[arg-type]
    return (NO if snow is None else Fact.of(snow, True)), (NO if broke is None else Fact.of(broke, True))


def _luck(draws: list[DrawAction | None]) -> tuple[LuckDraw, ...]:
    """Draws of exactly one card where the three kept cards are a three-card hand (all three
    play: no rank, no suit twice), cards known. outs: the ten cards of the missing suit with
    a rank not kept, minus the cards the player has seen; unseen: 52 minus every card he has
    seen this hand (held, discarded)."""
    seen: set[Card] = set()
    result = []
    for draw in draws:
        if draw is None or draw.cards_before is None:
            break
        seen |= set(draw.cards_before)
        if draw.discarded != 1 or not draw.discarded_cards or draw.new_cards is None or len(draw.new_cards) != 1:
            continue
        thrown = set(draw.discarded_cards)
        kept = tuple(c for c in draw.cards_before if c not in thrown)
        after = kept + tuple(draw.new_cards)
        if len(kept) != 3 or len(set(kept)) != 3 or len(set(after)) != 4 or evaluate(kept).size != 3:
            continue  # not a three-card hand, or a garbled draw (the replay reports it)
        suits = {c.suit for c in kept}
        ranks = {c.rank for c in kept}
        outs = sum(1 for c in DECK if c.suit not in suits and c.rank not in ranks and c not in seen)
        completed = _is_badugi(after)
        result.append(LuckDraw(draw.draw, outs, 52 - len(seen), completed))
    return tuple(result)


_WORST_BADUGI = BadugiHand(parse_cards("Kc Qd Jh Ts")).strength
"""K-Q-J-T: every badugi is at least this strong, every three-card hand weaker."""


def _is_badugi(cards: tuple[Card, ...]) -> bool:
    """`evaluate(cards).is_badugi`; for four cards one look-up in the strength table."""
    if len(cards) == 4:
        return strength(cards) >= _WORST_BADUGI
    return evaluate(cards).is_badugi
