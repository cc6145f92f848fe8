"""The hand replayer page (`hhtracker hand ID --html FILE`, issue 18): one self-contained
HTML page that steps through a hand.

The frames are worked out here, in Python, from the replay (rules.replay): one frame per
line of the hand that does something (a blind, a bet, a draw, a card shown, a pot
collected) with every seat's stack and bet in the round, the pot, the hero's cards (from the
first step; kept / discarded / new at a draw), the opponents' draw counts, the cards shown so
far with each shown hand's value in words ("8-7-5-2 badugi", "9-7-6-4-2 low"), and, at each
hero draw, the exact odds of his keep and of the best alternatives (the decisions stored at
import, store.decisions: read, never computed here). The hand's summary (who took each pot,
each half of a split pot with the hand that won it, the rake, each result) is shown once the
pot is collected. The page's script only shows a frame: it puts text into the page with
textContent, never as HTML, so nothing from a hand history can run. The data travels as JSON
in a `<script type="application/json">` block (jinja2's tojson escapes <, > and &).

The style (replayer.css) and the script (replayer.js) are files: `hand ID --html` embeds
them, allowed by their SHA-256 in the page's own Content-Security-Policy (no network, no
other script or style), so the page is one file that works offline; a server links them
instead (replayer_html(assets=...), replayer_asset), under a policy with no inline script
or style.

Reshuffles: the files never say when the dealer shuffles the discards back; a draw is
marked when the stub could not have covered it (one burn card per draw assumed, as the
replay's check does: seeds/001 "Card Deck").
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from importlib import resources
from typing import SupportsFloat, cast

from ..cards import Card, format_cards
from ..model import (
    CHIPS,
    Bet,
    BettingStructure,
    Call,
    Check,
    Collect,
    DealtCards,
    Discard,
    Fold,
    PostAnte,
    PostBlind,
    Raise,
    Show,
    StandPat,
    Street,
    StreetStart,
    UncalledBetReturned,
)
from ..money import format_money
from ..odds.decisions import DrawDecision
from ..odds.draws import TARGETS, KeepOdds
from ..odds.lowball import HAND as LOW_HAND
from ..odds.lowball import ACE_TO_FIVE, DEUCE_TO_SEVEN, LOW_TARGETS, LowKeepOdds, LowRules, all_low_keeps
from ..rules.deck import first_reshuffle
from ..rules.games import GameRules, Half, game_rules
from ..rules.lowball import LowGame
from ..rules.replay import ReplayedHand
from ..rules.results import ActionKind, PotResult
from .hand_text import event_line, hand_words

_STREET = {Street.PREDRAW: "Pre-draw", Street.FIRST_DRAW: "Draw 1", Street.SECOND_DRAW: "Draw 2",
           Street.THIRD_DRAW: "Draw 3", Street.SHOWDOWN: "Showdown"}
_DRAW_NUMBER = {Street.FIRST_DRAW: 1, Street.SECOND_DRAW: 2, Street.THIRD_DRAW: 3}
_TARGET_LABEL = {"badugi": "any badugi", "eight_high": "8-high or better", "seven_high": "7-high or better"}
_BETTING = (PostBlind, PostAnte, Fold, Check, Call, Bet, Raise)


def possible_reshuffle(replayed: ReplayedHand) -> int | None:
    """The first draw (1-3) the stub could not cover, or None (rules.deck.first_reshuffle)."""
    return first_reshuffle(sum(1 for p in replayed.players if p.dealt_in), replayed.draws,
                           game_rules(replayed.hand.game).hand_size)


def percent(value: SupportsFloat) -> str:
    """A probability as "37.7%"."""
    return f"{float(value) * 100:.1f}%"


_LOW_RULES: dict[LowGame, LowRules] = {LowGame.DEUCE_TO_SEVEN: DEUCE_TO_SEVEN, LowGame.ACE_TO_FIVE: ACE_TO_FIVE}
"""The odds' rules (odds.lowball.LowRules) of each lowball."""


def low_odds_panels(replayed: ReplayedHand) -> dict[int, dict[str, object]]:
    """At each hero draw of a 2-7 or A-5 lowball hand with known cards (five before the
    draw): the exact chance of a 7-, 8- and 9-low or better by the last draw, under that
    lowball's rules, for his keep and for the best other keep per target (odds.lowball;
    computed here, about 0.2 s a draw with three left, not stored). {} for other games. By
    draw number; panels as odds_panel's."""
    game = game_rules(replayed.hand.game)
    if not game.lowball or game.low is None or game.hand_size != LOW_HAND:
        return {}
    rules = _LOW_RULES[game.low]
    panels: dict[int, dict[str, object]] = {}
    seen: list[Card] = []
    for action in sorted((d for d in replayed.draws if d.player == replayed.hero), key=lambda d: d.draw):
        before, thrown = action.cards_before, action.discarded_cards
        if before is None or thrown is None:
            continue
        left = game.record.draws - action.draw + 1  # this draw and those after it
        try:
            keeps = all_low_keeps(before, seen, left, rules)
        except ValueError:  # not five distinct cards, or a draw past the third: the replay reports it
            seen.extend(thrown)
            continue
        kept = tuple(c for c in before if c not in thrown)
        chosen = next(k for k in keeps if k.keep == kept)
        others = [k for k in keeps if k is not chosen]

        def row(label: str, keep: LowKeepOdds) -> dict[str, object]:
            return {"label": label, "keep": format_cards(keep.keep) or "nothing (draw five)",
                    "odds": [percent(keep.odds(t)) for t in LOW_TARGETS]}

        rows = [row("his keep", chosen)]
        for target in LOW_TARGETS:  # the most likely; on a tie the one keeping more cards, then the first
            best = max(others, key=lambda k: (k.odds(target), len(k.keep), -keeps.index(k)))
            rows.append(row(f"best other for {target.words}", best))
        unseen = 52 - len(set(before) | set(seen))
        panels[action.draw] = {
            "title": f"Draw {action.draw}, {left} draw{'s' if left > 1 else ''} left ({unseen} unseen cards)",
            "targets": [t.words for t in LOW_TARGETS], "rows": rows, "verdict": "", "dominated": False,
        }
        seen.extend(thrown)
    return panels


def odds_panel(decision: DrawDecision) -> dict[str, object]:
    """What the page shows at a hero draw: his keep's odds, the best keep per target, and
    the verdict. Strings only."""
    def row(label: str, keep: KeepOdds) -> dict[str, object]:
        return {"label": label, "keep": format_cards(keep.keep) or "nothing (draw four)",
                "odds": [percent(keep.odds(t)) for t in TARGETS]}

    rows = [row("his keep", decision.chosen)]
    for target, best in zip(TARGETS, decision.best):
        rows.append(row(f"best other for {_TARGET_LABEL[target.value]}", best))
    verdict = (f"dominated by keeping {format_cards(decision.dominated_by.keep)}" if decision.dominated_by
               else "not dominated")
    return {"title": f"Draw {decision.draw}, {decision.draws_left} draw{'s' if decision.draws_left > 1 else ''} left"
                     f" ({52 - 4 - len(decision.seen)} unseen cards)",
            "targets": [_TARGET_LABEL[t.value] for t in TARGETS], "rows": rows, "verdict": verdict,
            "dominated": decision.dominated}


_STRUCTURE = {BettingStructure.FIXED_LIMIT: "fixed limit", BettingStructure.POT_LIMIT: "pot limit",
              BettingStructure.HALF_POT_LIMIT: "half-pot limit", BettingStructure.NO_LIMIT: "no limit"}
_HALF = {Half.BADUGI: "Badugi half", Half.LOW: "low half"}


@dataclass
class _Table:
    """The running state while the frames are made."""

    replayed: ReplayedHand
    stacks: dict[str, int]
    pot: int = 0
    street: str = "Pre-draw"
    draw: int = 0

    def money(self, amount: int) -> str:
        return format_money(amount, self.replayed.hand.currency)


def _pot_name(pot: PotResult, pots: int) -> str:
    return "Pot" if pots == 1 else ("Main pot" if pot.index == 0 else f"Side pot {pot.index}")


def hand_summary(replayed: ReplayedHand) -> list[str]:
    """The end-of-hand summary, one line each: who took each pot (each half of a split pot)
    and with what hand when it was shown, the rake, each player's result. Money in the
    hand's currency."""
    game = game_rules(replayed.hand.game)
    cards = {p.player: p.final_cards for p in replayed.players if p.final_cards}

    def money(amount: int) -> str:
        return format_money(amount, replayed.hand.currency)

    def with_hand(player: str, half: Half | None = None) -> str:
        if not replayed.showdown or player not in cards:
            return ""
        words = hand_words(cards[player], game, half)
        return f" with {words}" if words else ""

    lines = []
    for pot in replayed.pots:
        name = _pot_name(pot, len(replayed.pots))
        if pot.halves:
            for half in pot.halves:
                takers = ", ".join(f"{p} {money(a)}{with_hand(p, half.half)}" for p, a in half.shares.items() if a) or "-"
                lines.append(f"{name}, {_HALF[half.half]} {money(half.amount)}: {takers}")
            continue
        takers = ", ".join(f"{p} {money(a)}{with_hand(p)}" for p, a in pot.collected.items() if a) or "-"
        lines.append(f"{name} {money(pot.amount)}: {takers}")
    lines.append(f"Rake {money(replayed.rake)}" if replayed.rake else "No rake")
    lines.append("Results: " + ", ".join(f"{p.player} {'+' if p.net > 0 else ''}{money(p.net)}"
                                         for p in replayed.players if p.dealt_in))
    return lines


def replayer_data(replayed: ReplayedHand, decisions: tuple[DrawDecision, ...] | None = ()) -> dict[str, object]:
    """The page's data: {"title", "game", "hero", "hand_size" (cards dealt, face down for
    the opponents), "seats": [{"seat", "player", "position",
    "hero", "final"}], "summary": [line], "rake" ("" for none), "frames": [{"street", "text", "pot",
    "stacks", "bets", "folded", "draws", "labels", "actor", "hero_cards": [{"card",
    "state"}], "shown": {player: cards}, "odds", "reshuffle", "done"}]}.
    Money is formatted text (the hand's currency); "pot" is the money in the middle, bets of
    the round included, and once the pot is collected the pot that was collected (never
    what is left, the rake); "bets" each seat's bet in the round ("" for none); "labels"
    each shown hand's value in words (hand_words); "state" is "held", "kept", "discarded"
    or "new"; the hero's cards are shown from the first step; "final" is a player's cards
    when the hand shows them (for the reveal switch); "done": the pot has been collected
    (the summary is shown). decisions: the hero's draw decisions stored for the hand
    (report.queries.StoredHand; None or () when not stored: no odds panels); in 2-7
    and A-5 lowball the odds panels are low_odds_panels'."""
    hand = replayed.hand
    game = game_rules(hand.game)
    seated = [p for p in replayed.players]
    table = _Table(replayed, {p.player: p.stack for p in seated})
    actions = {(a.line, a.player): a for a in replayed.actions}
    panels = {d.draw: odds_panel(d) for d in decisions or ()} | low_odds_panels(replayed)
    reshuffle = possible_reshuffle(replayed)
    folded: set[str] = set()
    draws: dict[str, str] = {}
    bets: dict[str, int] = {}
    shown: dict[str, str] = {}
    labels: dict[str, str] = {}
    hero_cards: list[dict[str, str]] = []
    frames: list[dict[str, object]] = []
    collected = False

    def frame(text: str, actor: str | None = None, odds: dict[str, object] | None = None, marked: bool = False) -> None:
        frames.append({
            "street": table.street, "text": text, "pot": table.money(table.pot),
            "stacks": [table.money(table.stacks[p.player]) for p in seated],
            "bets": [table.money(bets[p.player]) if bets.get(p.player) else "" for p in seated],
            "folded": [p.player in folded or not p.dealt_in for p in seated],
            "draws": [draws.get(p.player, "") for p in seated],
            "labels": [labels.get(p.player, "") for p in seated],
            "actor": next((i for i, p in enumerate(seated) if p.player == actor), None),
            "hero_cards": [dict(c) for c in hero_cards], "shown": dict(shown), "odds": odds, "reshuffle": marked,
            "done": collected,
        })

    def hold(cards: tuple[Card, ...], state: str = "held") -> None:
        hero_cards[:] = [{"card": str(c), "state": state} for c in cards]

    dealt = next((e for e in hand.events if isinstance(e, DealtCards) and e.player == replayed.hero and e.new is None), None)
    if dealt is not None:  # the hero knows his cards from the start: shown from the first step
        hold(dealt.cards)
    where = f"tournament {hand.tournament.tournament_id}, " if hand.tournament else ""
    frame(f"Hand {hand.hand_id}: {where}table {hand.table}, seats and stacks")
    for event in hand.events:
        player = getattr(event, "player", None)
        line = event_line(event, table.money, game)
        if isinstance(event, StreetStart):
            if event.street is Street.PREDRAW:
                continue
            table.street = _STREET[event.street]
            table.draw = _DRAW_NUMBER.get(event.street, table.draw)
            draws.clear()
            bets.clear()
            hold(tuple(Card.parse(c["card"]) for c in hero_cards if c["state"] != "discarded"))
            marked = event.street in _DRAW_NUMBER and reshuffle == table.draw
            note = " (the stub may have run out: the discards are shuffled back for this draw)" if marked else ""
            frame(f"{table.street}{note}", marked=marked)
            continue
        odds = None
        if isinstance(event, _BETTING):
            action = actions.get((event.line, event.player))
            if action is not None:
                table.stacks[event.player] -= action.amount
                table.pot += action.amount
                if action.kind is not ActionKind.ANTE:  # an ante goes to the pot, not in front of the seat
                    bets[event.player] = action.to
            if isinstance(event, Fold):
                folded.add(event.player)
        elif isinstance(event, UncalledBetReturned):
            table.stacks[event.player] += event.amount
            table.pot -= event.amount
            bets[event.player] = max(0, bets.get(event.player, 0) - event.amount)
        elif isinstance(event, Collect):
            if not collected:  # the pot label keeps the pot collected, not what is left of it (the rake)
                collected = True
                bets.clear()
            table.stacks[event.player] += event.amount
        elif isinstance(event, Discard):
            draws[event.player] = f"draws {event.count}"
            if player == replayed.hero and event.cards is not None and hero_cards:
                thrown = {str(c) for c in event.cards}
                hero_cards[:] = [{"card": c["card"], "state": "discarded" if c["card"] in thrown else "kept"} for c in hero_cards]
                odds = panels.get(table.draw)
        elif isinstance(event, StandPat):
            draws[event.player] = "pat"
            if player == replayed.hero and hero_cards:
                hero_cards[:] = [{"card": c["card"], "state": "kept"} for c in hero_cards]
                odds = panels.get(table.draw)
        elif isinstance(event, DealtCards) and player == replayed.hero:
            if event.new is None:
                hold(event.cards)
            else:
                hero_cards[:] = ([{"card": str(c), "state": "kept"} for c in event.cards]
                                 + [{"card": str(c), "state": "new"} for c in event.new])
                odds = panels.get(table.draw)
        elif isinstance(event, Show):
            shown[event.player] = format_cards(event.cards)
            labels[event.player] = hand_words(event.cards, game)
        if line is None:
            continue
        frame(line, player, odds)
    if hand.currency == CHIPS:  # "30/60 chips", as `hand ID` heads it
        stakes = f"{hand.stakes.small_bet:,}/{hand.stakes.big_bet:,} chips"
    else:
        stakes = f"{table.money(hand.stakes.small_bet)}/{table.money(hand.stakes.big_bet)}"
    return {
        "title": f"Hand {hand.hand_id} ({hand.site.value}), table {hand.table}",
        "game": f"{game.record.name}, {_STRUCTURE.get(hand.structure, hand.structure.value)}, {stakes}",
        "hero": replayed.hero,
        "hand_size": game.hand_size,
        "seats": [{"seat": p.seat, "player": p.player, "position": p.position or ("out" if not p.dealt_in else ""),
                   "hero": p.player == replayed.hero,
                   "final": format_cards(p.final_cards) if p.final_cards and p.player != replayed.hero else None}
                  for p in seated],
        "summary": hand_summary(replayed),
        "rake": table.money(replayed.rake) if replayed.rake else "",
        "frames": frames,
    }


ASSETS = ("replayer.css", "replayer.js")
"""The page's style and script, as files (replayer_asset): embedded in the self-contained
page, linked from a page served with `assets`."""


def replayer_asset(name: str) -> str:
    """The text of one of ASSETS ("replayer.css", "replayer.js"), for a server to serve at
    the address given to replayer_html(assets=...). raises ValueError for another name."""
    if name not in ASSETS:
        raise ValueError(f"no replayer asset {name!r}: there are {', '.join(ASSETS)}")
    return resources.files("hhtracker.report").joinpath(f"templates/{name}").read_text(encoding="utf-8")


def script_hash(script: str) -> str:
    """The CSP source that allows exactly this inline script (or style): 'sha256-<base64>'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def _odds_note(replayed: ReplayedHand, frames: list[dict[str, object]]) -> str:
    if replayed.hand.game == "badugi":
        return ("Odds are exact (hhtracker's draw odds): the chance of making each badugi by the last draw, keeping the "
                "cards and drawing to them.")
    if any(f["odds"] for f in frames):  # 2-7 and A-5 lowball's (low_odds_panels)
        return ("Odds are exact (hhtracker's draw odds): the chance of making each low by the last draw, keeping the "
                "cards and drawing to them.")
    return ""


def replayer_html(replayed: ReplayedHand, decisions: tuple[DrawDecision, ...] | None = (), *,
                  back_link: str | None = None, assets: str | None = None) -> str:
    """The replayer page for one replayed hand (see the module's docstring). decisions: the
    hero's draw decisions stored for it (HandReplay.draw_odds); back_link: a relative address
    to link back to (the session report), or None. assets: None for one self-contained page
    (`hand ID --html`: the style and script inline, allowed by their hashes in its own
    Content-Security-Policy); or the address prefix the page links replayer.css and
    replayer.js from ("/static/replayer/"; served from replayer_asset), for a server whose
    Content-Security-Policy allows no inline style or script (then the page has no policy
    of its own: the server's header gives it)."""
    from markupsafe import Markup

    from .render import _environment

    script, style = replayer_asset("replayer.js"), replayer_asset("replayer.css")
    template = _environment().get_template("replayer.html.j2")
    data = replayer_data(replayed, decisions)
    return template.render(title=data["title"], data=data, script=script, script_hash=Markup(script_hash(script)),
                           style=style, style_hash=Markup(script_hash(style)), back_link=back_link, assets=assets,
                           odds_note=_odds_note(replayed, cast(list[dict[str, object]], data["frames"])))
