"""The hand replayer page (`hhtracker hand ID --html FILE`, issue 18): one self-contained
HTML page that steps through a hand.

The frames are worked out here, in Python, from the replay (rules.replay): one frame per
line of the hand that does something (a blind, a bet, a draw, a card shown, a pot
collected) with every seat's stack, the pot, the hero's cards (kept / discarded / new at a
draw), the opponents' draw counts, the cards shown so far and, at each hero draw, the
exact odds of his keep and of the best alternatives (the decisions stored at import,
store.decisions: read, never computed here). The page's script only
shows a frame: it puts text into the page with textContent, never as HTML, so nothing from
a hand history can run. The data travels as JSON in a `<script type="application/json">`
block (jinja2's tojson escapes <, > and &), the script itself is allowed by its SHA-256
in the Content-Security-Policy, which is otherwise the report's (no network, no other
script).

Reshuffles: the files never say when the dealer shuffles the discards back; a draw is
marked when the stub could not have covered it (one burn card per draw assumed, as the
replay's check does: seeds/001 "Card Deck").
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from importlib import resources
from typing import SupportsFloat

from ..cards import Card, format_cards
from ..model import (
    Bet,
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
from ..rules.deck import first_reshuffle
from ..rules.games import game_rules
from ..rules.replay import ReplayedHand
from .hand_text import event_line

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


def replayer_data(replayed: ReplayedHand, decisions: tuple[DrawDecision, ...] | None = ()) -> dict[str, object]:
    """The page's data: {"title", "hero", "seats": [{"seat", "player", "position", "hero",
    "final"}], "frames": [{"street", "text", "pot", "stacks", "folded", "draws", "actor",
    "hero_cards": [{"card", "state"}], "shown": {player: cards}, "odds", "reshuffle"}]}.
    Money is formatted text (the hand's currency); "state" is "held", "kept", "discarded"
    or "new"; "final" is a player's cards when the hand shows them (for the reveal switch).
    decisions: the hero's draw decisions stored for the hand (report.queries.StoredHand;
    None or () when not stored: no odds panels)."""
    hand = replayed.hand
    seated = [p for p in replayed.players]
    table = _Table(replayed, {p.player: p.stack for p in seated})
    actions = {(a.line, a.player): a for a in replayed.actions}
    by_draw = {d.draw: d for d in decisions or ()}
    reshuffle = possible_reshuffle(replayed)
    folded: set[str] = set()
    draws: dict[str, str] = {}
    shown: dict[str, str] = {}
    hero_cards: list[dict[str, str]] = []
    frames: list[dict[str, object]] = []

    def frame(text: str, actor: str | None = None, odds: dict[str, object] | None = None, marked: bool = False) -> None:
        frames.append({
            "street": table.street, "text": text, "pot": table.money(table.pot),
            "stacks": [table.money(table.stacks[p.player]) for p in seated],
            "folded": [p.player in folded or not p.dealt_in for p in seated],
            "draws": [draws.get(p.player, "") for p in seated],
            "actor": next((i for i, p in enumerate(seated) if p.player == actor), None),
            "hero_cards": [dict(c) for c in hero_cards], "shown": dict(shown), "odds": odds, "reshuffle": marked,
        })

    def hold(cards: tuple[Card, ...], state: str = "held") -> None:
        hero_cards[:] = [{"card": str(c), "state": state} for c in cards]

    where = f"tournament {hand.tournament.tournament_id}, " if hand.tournament else ""
    frame(f"Hand {hand.hand_id}: {where}table {hand.table}, seats and stacks")
    for event in hand.events:
        player = getattr(event, "player", None)
        line = event_line(event, table.money, game_rules(hand.game))
        if isinstance(event, StreetStart):
            if event.street is Street.PREDRAW:
                continue
            table.street = _STREET[event.street]
            table.draw = _DRAW_NUMBER.get(event.street, table.draw)
            draws.clear()
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
            if isinstance(event, Fold):
                folded.add(event.player)
        elif isinstance(event, (UncalledBetReturned, Collect)):
            table.stacks[event.player] += event.amount
            table.pot -= event.amount
        elif isinstance(event, Discard):
            draws[event.player] = f"draws {event.count}"
            if player == replayed.hero and event.cards is not None and hero_cards:
                thrown = {str(c) for c in event.cards}
                hero_cards[:] = [{"card": c["card"], "state": "discarded" if c["card"] in thrown else "kept"} for c in hero_cards]
                odds = odds_panel(by_draw[table.draw]) if table.draw in by_draw else None
        elif isinstance(event, StandPat):
            draws[event.player] = "pat"
            if player == replayed.hero and hero_cards:
                hero_cards[:] = [{"card": c["card"], "state": "kept"} for c in hero_cards]
                odds = odds_panel(by_draw[table.draw]) if table.draw in by_draw else None
        elif isinstance(event, DealtCards) and player == replayed.hero:
            if event.new is None:
                hold(event.cards)
            else:
                hero_cards[:] = ([{"card": str(c), "state": "kept"} for c in event.cards]
                                 + [{"card": str(c), "state": "new"} for c in event.new])
                odds = odds_panel(by_draw[table.draw]) if table.draw in by_draw else None
        elif isinstance(event, Show):
            shown[event.player] = format_cards(event.cards)
        if line is None:
            continue
        frame(line, player, odds)
    return {
        "title": f"Hand {hand.hand_id} ({hand.site.value}), table {hand.table}",
        "hero": replayed.hero,
        "seats": [{"seat": p.seat, "player": p.player, "position": p.position or ("out" if not p.dealt_in else ""),
                   "hero": p.player == replayed.hero,
                   "final": format_cards(p.final_cards) if p.final_cards and p.player != replayed.hero else None}
                  for p in seated],
        "frames": frames,
    }


def _script() -> str:
    return resources.files("hhtracker.report").joinpath("templates/replayer.js").read_text(encoding="utf-8")


def script_hash(script: str) -> str:
    """The CSP source that allows exactly this inline script: 'sha256-<base64>'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def replayer_html(replayed: ReplayedHand, decisions: tuple[DrawDecision, ...] | None = (), *,
                  back_link: str | None = None) -> str:
    """The replayer page for one replayed hand (see the module's docstring). decisions: the
    hero's draw decisions stored for it (HandReplay.draw_odds); back_link: a relative address
    to link back to (the session report), or None."""
    from markupsafe import Markup

    from .render import _environment

    script = _script()
    template = _environment().get_template("replayer.html.j2")
    data = replayer_data(replayed, decisions)
    return template.render(title=data["title"], data=data, script=script, script_hash=Markup(script_hash(script)),
                           back_link=back_link)
