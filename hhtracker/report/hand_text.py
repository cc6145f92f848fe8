"""One stored hand replayed as readable text (`hhtracker hand ID`).

The stored raw text is parsed and replayed again (by the api: api/reviewing.py), so what
is shown is exactly what the import checked: the rounds with the pot after each, the
hero's cards after each draw, every hand shown with our evaluation beside the site's words,
the pots with our winners and who collected, each player's result, and the validation issues.
The odds of the hero's draws are the ones stored at import (store.decisions), not computed
again; a database made before they were stored says so.
A hand that did not parse (status "rejected") is shown as its raw text and the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..cards import Card, format_cards
from ..errors import HandHistoryError
from ..games import Evaluator
from ..model import (
    CHIPS,
    Bet,
    BettingCapped,
    BlindKind,
    Call,
    Check,
    Collect,
    DealtCards,
    Discard,
    Event,
    Fold,
    Muck,
    PostAnte,
    PostBlind,
    Raise,
    SecondRunDealt,
    Show,
    StandPat,
    Street,
    StreetStart,
    UncalledBetReturned,
)
from ..money import format_money
from ..odds.decisions import DrawDecision
from ..odds.draws import TARGETS, KeepOdds
from ..rules.games import BADUGI, GameRules, Half, game_rules
from ..rules.replay import ReplayedHand
from .queries import IssueRow, StoredHand

_SECTION = {
    Street.PREDRAW: "Pre-draw",
    Street.FIRST_DRAW: "Draw 1",
    Street.SECOND_DRAW: "Draw 2",
    Street.THIRD_DRAW: "Draw 3",
    Street.SHOWDOWN: "Showdown",
}
_BLIND = {BlindKind.SMALL: "the small blind", BlindKind.BIG: "the big blind", BlindKind.SMALL_AND_BIG: "small and big blinds"}


@dataclass(frozen=True, slots=True)
class Section:
    """A part of the hand: "Pre-draw", "Draw 1".."Draw 3" (the draw and the betting after
    it), "Showdown". pot: int, the pot at its end (None for the showdown)."""

    name: str
    lines: tuple[str, ...]
    pot: int | None


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A hand as text. status: "ok" | "warning" | "error" | "rejected"; sections: empty for
    a rejected hand (then `raw` is its text); hero_cards: (when, cards, our description);
    shown: (player, cards, our description, the site's description or None); pots:
    readable lines; results: (player, position, net int); issues as stored; draw_odds: the
    hero's decision at each of his draws with known cards as stored at import
    (odds.decisions.DrawDecision), None when the database does not store them; replayed:
    the replay itself (for the replayer page), None for a rejected hand."""

    site: str
    hand_id: str
    status: str
    currency: str
    header: tuple[str, ...]
    sections: tuple[Section, ...]
    hero: str | None
    hero_cards: tuple[tuple[str, str, str], ...]
    shown: tuple[tuple[str, str, str, str | None], ...]
    pots: tuple[str, ...]
    results: tuple[tuple[str, str | None, int], ...]
    issues: tuple[IssueRow, ...]
    raw: str | None = None
    draw_odds: tuple[DrawDecision, ...] | None = ()
    replayed: ReplayedHand | None = field(default=None, compare=False, repr=False)

    def text(self) -> str:
        """The whole hand as plain text lines."""
        out = list(self.header)
        if self.raw is not None:
            out += ["", "This hand did not parse; its text as stored:", "", self.raw]
        for section in self.sections:
            out.append("")
            out.append(f"{section.name}" + (f"  (pot {self.money(section.pot)})" if section.pot is not None else ""))
            out += [f"  {line}" for line in section.lines]
        if self.hero_cards:
            out += ["", f"{self.hero}'s cards"]
            out += [f"  {when:<16} {cards:<14} {desc}" for when, cards, desc in self.hero_cards]
        if self.draw_odds is None and self.replayed is not None and _priced_draws(self.replayed):
            out += ["", f"{self.hero}'s draws: {_NOT_STORED}"]
        if self.draw_odds:
            out += ["", f"{self.hero}'s draws: exact odds of a badugi / 8-high or better / 7-high or better by the last draw"]
            for d in self.draw_odds:
                out.append(f"  draw {d.draw} ({d.draws_left} left): kept {format_cards(d.kept) or 'nothing'}  {_odds_text(d.chosen)}"
                           + (f"  DOMINATED by keeping {format_cards(d.dominated_by.keep)} {_odds_text(d.dominated_by)}" if d.dominated_by else ""))
                for target, best in zip(TARGETS, d.best):
                    out.append(f"    best other keep for {TARGET_WORDS[target.value]}: {format_cards(best.keep) or 'nothing'}  {_odds_text(best)}")
        if self.shown:
            out += ["", "Hands shown (our evaluation; the site's words in brackets)"]
            for player, cards, ours, theirs in self.shown:
                out.append(f"  {player}: {cards}  {ours}" + (f"  [{theirs}]" if theirs else ""))
        if self.pots:
            out += ["", "Pots"] + [f"  {line}" for line in self.pots]
        if self.results:
            out += ["", "Results"]
            out += [f"  {player:<20} {position or '-':<6} {self.money(net, signed=True)}" for player, position, net in self.results]
        out += ["", "Validation"]
        if self.issues:
            out += [f"  line {i.line}: {i.severity} [{i.code}] {i.message}" if i.line else f"  {i.severity} [{i.code}] {i.message}"
                    for i in self.issues]
        else:
            out.append("  no issues: every action, pot and showdown checks out")
        return "\n".join(out)

    def money(self, amount: int, signed: bool = False) -> str:
        text = format_money(amount, self.currency)
        return f"+{text}" if signed and amount > 0 else text

    def as_json(self) -> dict[str, object]:
        """The documented JSON of `hhtracker hand --json`; money as ints with `currency`."""
        return {
            "site": self.site, "hand_id": self.hand_id, "status": self.status, "currency": self.currency,
            "header": list(self.header),
            "sections": [{"name": s.name, "lines": list(s.lines), "pot": s.pot} for s in self.sections],
            "hero": self.hero,
            "hero_cards": [{"when": w, "cards": c, "hand": d} for w, c, d in self.hero_cards],
            "shown": [{"player": p, "cards": c, "ours": o, "site": s} for p, c, o, s in self.shown],
            "pots": list(self.pots),
            "results": [{"player": p, "position": pos, "net": n} for p, pos, n in self.results],
            "issues": [{"code": i.code, "severity": i.severity, "message": i.message, "line": i.line} for i in self.issues],
            "raw": self.raw,
            "draw_odds": None if self.draw_odds is None else [d.as_json() for d in self.draw_odds],
        }


TARGET_WORDS = {"badugi": "any badugi", "eight_high": "an 8-high badugi or better", "seven_high": "a 7-high badugi or better"}
"""The draw targets in words (the odds module's keys are not shown)."""


_NOT_STORED = ("their odds are not stored in this database (made by an older hhtracker): "
               "any command that writes to it, e.g. `hhtracker import`, adds them")


def _priced_draws(replayed: ReplayedHand) -> bool:
    """The hero has a draw with known cards (the draws whose odds are stored)."""
    return any(d.player == replayed.hero and d.cards_before is not None and d.discarded_cards is not None
               for d in replayed.draws)


def _odds_text(keep: KeepOdds) -> str:
    return " / ".join(f"{float(keep.odds(t)) * 100:.1f}%" for t in TARGETS)


def _describe(cards: tuple[Card, ...] | None, game: GameRules = BADUGI) -> str:
    """Our words for a hand of the game: "Badugi: 7,4,2,A"; in Badacey and Badeucey the
    Badugi half (the game's own evaluator: the ace high in Badeucey) and, with five cards,
    the low half: "3-card: 7,4,3; low 8-7-5-4-3"; in 2-7 and A-5 Triple Draw the low only: "low
    8-6-5-3-2"; in 5-Card Draw the high hand: "pair: K-K-A-Q-2". "?" for cards no hand can be (too many,
    repeated)."""
    if not cards or len(cards) > game.hand_size or len(set(cards)) != len(cards):
        return "?"
    if game.lowball:  # 2-7 and A-5 Triple Draw: "low 8-6-5-3-2", "low pair: 5-5-8-4-2"; five cards
        low = game.low_hand(cards) if len(cards) == game.hand_size else None
        return "?" if low is None else f"low {low.description}"
    if game.high:  # 5-Card Draw: "pair: K-K-A-Q-2"; five cards
        high = game.five_card_hand(cards) if len(cards) == game.hand_size else None
        return "?" if high is None else high.description
    text = game.badugi(cards).description
    if game.split and len(cards) == game.hand_size:
        low = game.low_hand(cards)
        if low is not None:
            text += f"; low {low.description}"
    return text


_SIZE_WORDS = {3: "three-card hand", 2: "two-card hand", 1: "one-card hand"}


def hand_words(cards: tuple[Card, ...], game: GameRules, half: Half | None = None) -> str:
    """A shown hand's value in words, as the replayer labels it: "8-7-5-2 badugi", "T-7-2
    three-card hand", "9-7-6-4-2 low", "8-8-5-3-2 low (pair)"; in Badacey and Badeucey both
    halves ("4-3-2-A badugi; 5-4-3-2-A low") unless `half` picks one. Each half is worded
    by its record's evaluator (games.Scoring), its ranks highest first (the ace high in
    Badeucey's Badugi half and in 2-7). "" for cards no hand of the game can be (too many,
    repeated) and for an evaluator with no words here."""
    if not cards or len(cards) > game.hand_size or len(set(cards)) != len(cards):
        return ""
    parts = []
    for scoring in game.record.scoring:
        if half is not None and scoring.half is not half:
            continue
        if scoring.evaluator in (Evaluator.BADUGI, Evaluator.BADUGI_ACE_HIGH):
            badugi = game.badugi(cards)
            ranks = "-".join(badugi.description.split(": ", 1)[1].split(","))
            parts.append(f"{ranks} {'badugi' if badugi.is_badugi else _SIZE_WORDS[badugi.size]}")
        elif scoring.evaluator in (Evaluator.ACE_TO_FIVE_LOW, Evaluator.DEUCE_TO_SEVEN_LOW) and len(cards) == game.hand_size:
            low = game.low_hand(cards)
            if low is not None:
                kind, colon, ranks = low.description.partition(": ")  # "7-5-4-3-2" or "pair: 8-8-5-3-2"
                if not colon:
                    kind, ranks = "", kind
                parts.append(f"{ranks} low" + (f" ({kind})" if kind else ""))
    return "; ".join(parts)


_LOW_WORDS = {Evaluator.ACE_TO_FIVE_LOW: "A-5", Evaluator.DEUCE_TO_SEVEN_LOW: "2-7"}


def half_words(game: GameRules, half: Half) -> str:
    """A half of a split pot in words: "Badugi half", "low half (A-5)" in Badacey, "low half
    (2-7)" in Badeucey."""
    if half is Half.BADUGI:
        return "Badugi half"
    scoring = game.record.scores(half)
    low = _LOW_WORDS.get(scoring.evaluator) if scoring is not None else None
    return f"{half.value} half" + (f" ({low})" if low else "")


def describe_stored(stored: StoredHand, replayed: ReplayedHand | None, error: HandHistoryError | None = None) -> HandReplay:
    """A stored hand described: from its replay (parsed again from its raw text by the
    api), or, when it did not parse (`error`), as its raw text and why."""
    if replayed is None:
        message = getattr(error, "message", str(error))
        issues = stored.issues or (IssueRow("syntax", "error", message, getattr(error, "line", None)),)
        return HandReplay(stored.site, stored.site_hand_id, stored.status, "", (f"Hand {stored.site_hand_id} ({stored.site}): {stored.status}",),
                          (), None, (), (), (), (), issues, raw=stored.text)
    return describe(replayed, stored.status, stored.issues, stored.decisions)


def describe(replayed: ReplayedHand, status: str | None = None, issues: tuple[IssueRow, ...] | None = None,
             decisions: tuple[DrawDecision, ...] | None = ()) -> HandReplay:
    """A replayed hand as a HandReplay. issues: the stored ones (default: the replay's);
    decisions: the hero's draw decisions stored for it (StoredHand.decisions; None: not
    stored in this database)."""
    hand = replayed.hand
    currency = hand.currency
    game = game_rules(hand.game)

    def money(amount: int) -> str:
        return format_money(amount, currency)

    if currency == CHIPS:  # "30/60 chips", as "1,640 in chips" below
        stakes = f"{hand.stakes.small_bet:,}/{hand.stakes.big_bet:,} chips"
    else:  # "$0.25/$0.50 USD"
        stakes = f"{money(hand.stakes.small_bet)}/{money(hand.stakes.big_bet)} {currency}"
    where = f"tournament {hand.tournament.tournament_id}, " if hand.tournament else ""
    header = [
        f"Hand {hand.hand_id} ({hand.site.value}), {where}table {hand.table!r}, {game.record.name} {hand.structure.value} {stakes}"
        + (", run twice" if hand.runs == 2 else ""),
        f"Started {hand.start_time.strftime('%Y-%m-%d %H:%M:%S')} UTC (site's time: {hand.local_time}); status {status or replayed.status}",
        "Seats:",
    ]
    for p in replayed.players:
        mark = "  (hero)" if p.player == replayed.hero else ""
        dealt = p.position or ("sitting out" if not p.dealt_in else "-")
        stack = f"{p.stack:,}" if currency == CHIPS else money(p.stack)
        header.append(f"  seat {p.seat}: {p.player} ({stack} in chips) {dealt}{mark}")

    pot_after = [sum(sum(p.by_round[: k + 1]) for p in replayed.players) for k in range(4)]
    sections: list[Section] = []
    name, round_index = "Pre-draw", 0
    lines: list[str] = []
    shown_words: dict[str, str | None] = {}
    for event in hand.events:
        if isinstance(event, StreetStart):
            if event.street is Street.PREDRAW:
                continue
            sections.append(Section(name, tuple(lines), pot_after[round_index] if name != "Showdown" else None))
            name, lines = _SECTION[event.street], []
            if event.street is not Street.SHOWDOWN:
                round_index += 1
            continue
        line = event_line(event, money, game)
        if isinstance(event, Show):
            shown_words[event.player] = event.description
        if line:
            lines.append(line)
    sections.append(Section(name, tuple(lines), pot_after[round_index] if name != "Showdown" else None))

    hero_cards: list[tuple[str, str, str]] = []
    if replayed.hero:
        deal = next((e for e in hand.events if isinstance(e, DealtCards) and e.player == replayed.hero and e.new is None), None)
        if deal is not None:
            hero_cards.append(("dealt", format_cards(deal.cards), _describe(deal.cards, game)))
        for draw in replayed.draws:
            if draw.player == replayed.hero and draw.cards_after is not None:
                what = "pat" if draw.discarded == 0 else f"drew {draw.discarded}"
                hero_cards.append((f"draw {draw.draw} ({what})", format_cards(draw.cards_after), _describe(draw.cards_after, game)))

    for seat in hand.summary.seats:
        if seat.cards is not None and seat.player not in shown_words:
            shown_words[seat.player] = seat.description
    shown = tuple(
        (p.player, format_cards(p.final_cards), _describe(p.final_cards, game) if p.final_hand or game.whole_hand else "?", shown_words.get(p.player))
        for p in replayed.players
        if p.final_cards and p.player in shown_words
    )
    pots = []
    won_with = _winning_hands(replayed, game)
    for pot in replayed.pots:
        label = "Pot" if len(replayed.pots) == 1 else ("Main pot" if pot.index == 0 else f"Side pot {pot.index}")
        winners = ", ".join(pot.winners) if pot.winners else "-"
        took = ", ".join(f"{p} {money(a)}" for p, a in pot.collected.items()) or "-"
        pots.append(f"{label} {money(pot.amount)}: eligible {', '.join(pot.eligible)}; our winner {winners}; collected {took}")
        for half in pot.halves:  # Badacey, Badeucey: who takes each half, with what
            takers = ", ".join(f"{p}{won_with(p, half.half, 1)}" for p in half.winners) or "-"
            pots.append(f"  {half_words(game, half.half)} {money(half.amount)}: our winner {takers}")
        for run in pot.runs:  # run twice: who takes each run's part, with what
            hidden = f" (hand not shown: {', '.join(run.unknown)})" if run.unknown else ""
            takers = ", ".join(f"{p}{won_with(p, None, run.run)}" for p in run.winners) or "-"
            pots.append(f"  run {run.run} {money(run.amount)}: our winner {takers}{hidden}")
    pots.append(f"Total {money(replayed.total_pot)}, rake {money(replayed.rake)}")
    results = tuple((p.player, p.position, p.net) for p in replayed.players if p.dealt_in)
    if issues is None:
        issues = tuple(IssueRow(i.code.value, i.severity.value, i.message, i.line) for i in replayed.issues)
    return HandReplay(
        site=hand.site.value, hand_id=hand.hand_id, status=status or replayed.status, currency=currency,
        header=tuple(header), sections=tuple(sections), hero=replayed.hero, hero_cards=tuple(hero_cards),
        shown=shown, pots=tuple(pots), results=results, issues=issues,
        draw_odds=decisions, replayed=replayed,
    )


def _winning_hands(replayed: ReplayedHand, game: GameRules) -> Callable[[str, Half | None, int], str]:
    """A function (player, half or None for the whole pot, run 1 or 2) -> " with 4-3-2-A
    badugi", the hand he won it with in the replayer's words (hand_words), "" when it was
    not shown (no showdown, cards not known). In the second run of a hand run twice: the
    hand shown for it, or the one hand of a player who drew no card at the last draw; a
    player who drew and showed nothing for it has no words."""
    cards = {p.player: p.final_cards for p in replayed.players if p.final_cards}
    second = {e.player: e.cards for e in replayed.hand.events if isinstance(e, Show) and e.run == 2}
    last = max((d.draw for d in replayed.draws), default=0)

    def won_with(player: str, half: Half | None, run: int) -> str:
        held = cards.get(player)
        if run == 2:
            drew = any(d.player == player and d.draw == last and d.discarded for d in replayed.draws)
            held = second.get(player, None if drew else held)
        words = hand_words(held, game, half) if replayed.showdown and held else ""
        return f" with {words}" if words else ""

    return won_with


def event_line(event: Event, money: Callable[[int], str], game: GameRules = BADUGI) -> str | None:
    """One event as a line of text (money: a function formatting an amount; game: whose
    evaluator describes the cards), or None for an event that says nothing on its own (a
    street starting, a summary line)."""
    match event:
        case PostBlind(kind=kind, amount=amount):
            return f"{event.player} posts {_BLIND[kind]} {money(amount)}"
        case PostAnte(amount=amount):
            return f"{event.player} posts the ante {money(amount)}"
        case DealtCards(cards=cards, new=None):
            return f"{event.player} is dealt {format_cards(cards)}  ({_describe(cards, game)})"
        case DealtCards(cards=cards, new=tuple() as new):  # (new is None matched above)
            hand = cards + new
            return f"{event.player} keeps {format_cards(cards) or '-'}, draws {format_cards(new)}: {format_cards(hand)}  ({_describe(hand, game)})"
        case Fold():
            return f"{event.player} folds"
        case Check():
            return f"{event.player} checks"
        case Call(amount=amount, to=to, all_in=all_in):
            text = f"{event.player} calls {money(amount)}" if amount is not None else f"{event.player} calls to {money(to or 0)}"
            return text + (" (all-in)" if all_in else "")
        case Bet(amount=amount, all_in=all_in):
            return f"{event.player} bets {money(amount)}" + (" (all-in)" if all_in else "")
        case Raise(to=to, all_in=all_in):
            return f"{event.player} raises to {money(to)}" + (" (all-in)" if all_in else "")
        case BettingCapped():
            return "betting is capped"
        case Discard(count=count, cards=cards):
            return f"{event.player} discards {count}" + (f": {format_cards(cards)}" if cards else "")
        case StandPat(cards=cards):
            return f"{event.player} stands pat" + (f" on {format_cards(cards)}  ({_describe(cards, game)})" if cards else "")
        case Show(cards=cards, run=run):
            return f"{event.player} shows {format_cards(cards)}" + (f" (run {run})" if run else "")
        case SecondRunDealt(cards=cards):
            return f"{event.player} draws in the second run: {format_cards(cards) if cards else '(not shown)'}"
        case Muck():
            return f"{event.player} mucks"
        case UncalledBetReturned(amount=amount):
            return f"{money(amount)} uncalled, returned to {event.player}"
        case Collect(amount=amount, pot=pot):
            return f"{event.player} collects {money(amount)} from the {'pot' if pot == 0 else f'side pot {pot}'}"
    return None
