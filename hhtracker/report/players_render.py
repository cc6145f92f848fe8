"""Players' statistics for the terminal (rich tables) and as JSON: the profile of `hhtracker
player NAME`, the table of `hhtracker players`, and the low half's hands shown at showdown in
the split-pot games.

JSON money is `{"amount": int, "currency": str}` in the smallest unit (cents, or chips).
"""

from __future__ import annotations

from collections import Counter

from rich.console import Console
from rich.table import Table

from ..display import cell, counted, keep_columns
from ..games import GameId, MadeHand, game_name, game_of
from ..model import CHIPS
from ..money import Money, format_money, format_result
from ..stats.facts import DRAW_KEYS, STAT_KEYS
from ..stats.values import PlayerStats, format_ratio
from .labels import (
    AT_ITS_STAKES,
    CLASS_LABELS,
    PROFILE_SECTIONS,
    STAT_LABELS,
    low_class_label,
    opposite_signs,
    opposite_signs_note,
    stat_label,
)

PROFILE_LABELS: dict[str, str] = {key: stat_label(key, GameId.BADUGI) for key in STAT_LABELS}
"""Each statistic key's label in Badugi (`labels.stat_label` gives it in any game)."""
assert set(PROFILE_LABELS) | {"draw_luck"} == set(STAT_KEYS), "every statistic has a place in the profile"


def _money(m: Money) -> dict[str, object]:
    return {"amount": m.amount, "currency": m.currency}


def profile_json(stats: PlayerStats, *, distributions: bool = True) -> dict[str, object]:
    """The documented JSON shape (README.md, "JSON output"), with every STATS.md key."""
    main = stats.net[0] if stats.net else Money(0, CHIPS)
    value: dict[str, object] = {
        "player": stats.player,
        "site": stats.site,
        "sites": list(stats.sites),
        "stats": {key: {"done": r.done, "opportunities": r.opportunities} for key, r in stats.stats.items()},
    }
    if distributions:
        value["distributions"] = stats.distributions
    value["results"] = {
        "hands": stats.hands,
        "net": _money(main),
        "net_by_currency": [_money(m) for m in stats.net],
        "net_showdown": [_money(m) for m in stats.net_showdown],
        "net_no_showdown": [_money(m) for m in stats.net_no_showdown],
        "rake": [_money(m) for m in stats.rake],
        "bb_per_100": stats.bb_per_100,
        "big_bets_per_100": stats.big_bets_per_100,
        "by_game_type": [
            {"game_type": g.game_type, "hands": g.hands, "net": [_money(m) for m in g.net],
             "bb_per_100": g.bb_per_100, "big_bets_per_100": g.big_bets_per_100}
            for g in stats.by_game_type
        ],
        "biggest_win": {"hand": stats.biggest_win.site_hand_id, **_money(stats.biggest_win.net)} if stats.biggest_win else None,
        "biggest_loss": {"hand": stats.biggest_loss.site_hand_id, **_money(stats.biggest_loss.net)} if stats.biggest_loss else None,
    }
    value["luck"] = {
        "draws": stats.luck.draws, "completed": stats.luck.completed,
        "expected": stats.luck.expected, "z": stats.luck.z,
    }
    return value


def print_low_classes(classes: dict[str, int], console: Console, game: str | None = None) -> None:
    """The low hands shown at showdown: the low half's in the split games (the Badugi half's
    are in the profile), the whole hand's in the 2-7 and A-5 games. game: the stored game
    they are of (named in the title, and its low's words); None: several games."""
    record = game_of(game) if game is not None else None
    if record is None:
        title = "Low hands at showdown (A-5 in Badacey and the A-5 games, 2-7 in Badeucey and the 2-7 games)"
    elif record.split:
        title = f"Low half at showdown, {record.name}"
    else:
        title = f"Low hands at showdown, {record.name}"
    table = Table(title=title)
    table.add_column("hand shown")
    table.add_column("shown")
    shown = sum(classes.values())
    for low_class, count in classes.items():
        if count:
            table.add_row(low_class_label(low_class, game), format_ratio(count, shown))
    if not shown:
        console.print(f"{title}: no showdown with five known cards", markup=False, highlight=False)
        return
    console.print(table)


def print_high_classes(classes: dict[str, int], console: Console) -> None:
    """The high hands shown at showdown in 5-Card Draw (stats/five_card.HighClass)."""
    table = Table(title="Hands at showdown (5-Card Draw, high hands)")
    table.add_column("class")
    table.add_column("shown")
    shown = sum(classes.values())
    for high_class, count in classes.items():
        if count:
            table.add_row(high_class.replace("_", " "), format_ratio(count, shown))
    if not shown:
        table.add_row("-", "0 showdowns with five known cards")
    console.print(table)


def format_af(done: int, calls: int) -> str:
    """AF = (bets + raises) / calls, with both counts; "-" when there was no call."""
    if calls == 0:
        return f"- ({done:,}/0, no calls)"
    return f"{done / calls:.2f} ({done:,}/{calls:,})"


def print_profile(stats: PlayerStats, console: Console, game: str | None = None) -> None:
    """One player's profile on one site: every statistic of PROFILE_SECTIONS as done/opportunities
    (with its interval under 100), the cards drawn, the classes shown, results per game type
    (cash and chips never added), draw luck. game: the stored game the profile is of (`--game`),
    named in the title ("Hero (pokerstars, 35 hands, 2-7 Triple Draw)"); None: not named."""
    record = game_of(game) if game is not None else None
    named = f", {record.name}" if record is not None else ""
    table = Table(title=cell(f"{stats.player} ({stats.site}, {stats.hands:,} hand{'' if stats.hands == 1 else 's'}{named})"), show_header=True)
    table.add_column("statistic")
    table.add_column("value (done/opportunities) [95% interval under 100]")
    for section, rows in PROFILE_SECTIONS:
        lines: list[tuple[str, str]] = []
        seen = False  # a statistic of the section with an opportunity (or AF with a bet or raise)
        for key, _ in rows:
            label = stat_label(key, game)
            ratio = stats.stats[key]
            is_af = key.startswith("af") and not key.startswith("afq")
            seen = seen or ratio.opportunities > 0 or (is_af and ratio.done > 0)
            lines.append((label, format_af(ratio.done, ratio.opportunities) if is_af
                          else format_ratio(ratio.done, ratio.opportunities)))
            if key == "pat_d3":
                for draw_key in DRAW_KEYS:
                    counts = stats.distributions.get(draw_key, {})
                    reached = sum(counts.values())
                    if not reached:
                        continue
                    mean = sum(int(k) * v for k, v in counts.items()) / reached
                    spread = " ".join(f"{k}:{v}" for k, v in counts.items())
                    lines.append((f"Cards drawn at draw {draw_key[-1]}", f"mean {mean:.2f} over {reached:,} reached  ({spread})"))
        if section == "Showdown":
            classes = stats.distributions.get("showdown_classes", {})
            shown = sum(classes.values())
            for hand_class, count in classes.items():
                if not count:  # only the classes shown: a one-hand profile is not ten lines of 0.0%
                    continue
                lines.append((f"Shown: {CLASS_LABELS.get(hand_class, hand_class)}", format_ratio(count, shown)))
        if seen:
            table.add_row(f"[bold]{section}[/bold]", "")
            for line in lines:
                table.add_row(*line)
        else:  # a section without a single opportunity: one line, not a row of "- (0/0)" each
            table.add_row(f"[bold]{section}[/bold]", f"no opportunity in these hands: - (0/0) for its {len(rows)} statistics")
    table.add_row("[bold]Results[/bold]", "")
    table.add_row("Hands", f"{stats.hands:,}")
    for kind in stats.by_game_type:
        for money in kind.net:
            table.add_row(f"Net, {_KINDS[kind.game_type]} ({counted(kind.hands, 'hand')})", format_result(money.amount, money.currency))
    for label, amounts in (("Net at showdown", stats.net_showdown),
                           ("Net without showdown", stats.net_no_showdown), ("Rake attributed", stats.rake)):
        for money in amounts:
            said = format_money if label.startswith("Rake") else format_result
            table.add_row(f"{label} ({money.currency})", said(money.amount, money.currency))
    notes = []
    for kind in stats.by_game_type:
        # cash: each hand at its own stakes, so the sign can differ from the money's (a note says so)
        how = f" ({AT_ITS_STAKES})" if kind.game_type == "cash" and kind.big_bets_per_100 is not None else ""
        table.add_row(f"bb/100 (big blinds), {_KINDS[kind.game_type]}", _fmt(kind.bb_per_100) + how)
        table.add_row(f"BB/100 (big bets), {_KINDS[kind.game_type]}", _fmt(kind.big_bets_per_100) + how)
        if kind.game_type == "cash" and opposite_signs(kind.net, kind.big_bets_per_100):
            notes.append(opposite_signs_note("Net, cash", ", ".join(format_result(m.amount, m.currency) for m in kind.net),
                                             f"BB/100 {_fmt(kind.big_bets_per_100)}"))
    for label, pot in (("Biggest win", stats.biggest_win), ("Biggest loss", stats.biggest_loss)):
        table.add_row(label, f"{format_result(pot.net.amount, pot.net.currency)} (hand {pot.site_hand_id})" if pot else "-")
    luck = stats.luck
    table.add_row("[bold]Draw luck (known cards)[/bold]", "")
    if record is not None and record.made_hand is not MadeHand.BADUGI:  # the odds are of making a badugi
        table.add_row("One-card draws to a 3-card hand", f"not computed in {record.name} (the odds are Badugi's)")
    else:
        table.add_row(
            "One-card draws to a 3-card hand",
            format_ratio(luck.completed, luck.draws)
            + (f"; expected {luck.expected:.2f}, z {luck.z:+.2f}" if luck.z is not None else ""),
        )
    console.print(table)
    for note in notes:
        console.print(note, markup=False, highlight=False)


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    shown = f"{value:+,.2f}"
    return shown[1:] if float(shown.replace(",", "")) == 0 else shown  # 0.00: a zero has no sign


_KINDS = {"cash": "cash", "tournament": "tournament chips", "play": "play money"}


def by_game_type(stats: PlayerStats) -> tuple[str, str]:
    """(net, BB/100) of the players table: one part per game type, never added together
    ("$5.80 cash; -15 chips tournament", "+92.50 cash; -12.50 tournament")."""
    kinds = stats.by_game_type
    if len(kinds) <= 1:
        return ", ".join(format_result(m.amount, m.currency) for m in stats.net), _fmt(stats.big_bets_per_100)
    net = "; ".join(", ".join(format_result(m.amount, m.currency) for m in k.net) + f" {k.game_type}" for k in kinds)
    return net, "; ".join(f"{_fmt(k.big_bets_per_100)} {k.game_type}" for k in kinds)


def print_players(found: list[PlayerStats], console: Console, game: str | None = None) -> None:
    """One table of players (`players`); game: said in the title when games are told apart."""
    of_game = f" ({game_name(game)})" if game is not None else ""
    table = Table(title=f"{len(found):,} player{'' if len(found) == 1 else 's'}{of_game}: each percentage with its "
                        "number of opportunities in brackets")
    columns = ("player", "site", "hands", "VPIP", "PFR", "3-bet", "steal", "pat d1", "c-bet", "AF", "WTSD", "W$SD", "net", "BB/100")
    for column in columns:
        table.add_column(column, justify="left" if column in ("player", "site") else "right")
    keep_columns(table, "hands", "VPIP", "PFR", "WTSD", "net", "BB/100")
    names = Counter(s.player for s in found)  # a name on several sites: its site beside it (a narrow
    for s in found:                           # terminal leaves the site column out)
        def pct(key: str) -> str:
            r = s.stats[key]
            return f"{100 * r.done / r.opportunities:.0f}% ({r.opportunities:,})" if r.opportunities else "- (0)"

        af = s.stats["af"]
        net, per_100 = by_game_type(s)
        table.add_row(
            cell(f"{s.player} ({s.site})" if names[s.player] > 1 else s.player), s.site, f"{s.hands:,}", pct("vpip"), pct("pfr"), pct("three_bet"), pct("steal"), pct("pat_d1"),
            pct("cbet"), f"{af.done / af.opportunities:.1f}" if af.opportunities else "-", pct("wtsd"), pct("wsd"),
            net, per_100,
        )
    console.print(table)
