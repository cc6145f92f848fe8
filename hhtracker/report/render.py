"""A session report as terminal tables (rich), an HTML page (jinja2, autoescaped, chart
embedded), a PNG chart (matplotlib, Agg backend) or JSON; the session list and a replayed
hand in the terminal.

JSON money is `{"amount": int, "currency": str}` in the smallest unit (cents, or chips).
matplotlib and jinja2 are imported only when a chart or a page is asked for.

The terminal and the page list at most `limit` (REVIEW_LIMIT, 20) hands of each list to
review, the ones with the biggest net won or lost in big bets (ties: the oldest), oldest
first, and always say how many there are; JSON lists every hand the report holds.
"""

from __future__ import annotations

import base64
import datetime as dt
import io
from collections.abc import Iterable
from typing import TYPE_CHECKING, SupportsFloat

from rich.console import Console
from rich.table import Table

from ..display import cell, counted, keep_columns, safe
from ..model import CHIPS
from ..money import Money, format_money
from ..stats.values import Luck, Ratio, format_ratio
from ..tournaments import format_prize, ordinal
from . import REVIEW_LIMIT
from .charts import chart_values
from ..games import GameId, Half, game_of
from .contents import GameBlock, NotableHand, SessionReport, SessionSummary
from .labels import made_hand_words
from .hand_text import HandReplay
from .labels import AT_ITS_STAKES, opposite_signs, opposite_signs_note

if TYPE_CHECKING:
    import jinja2

# --- shared formatting -----------------------------------------------------------------


def money(m: Money, signed: bool = True) -> str:
    """"+$3.70", "-$0.50", "+1,200 chips"."""
    text = format_money(m.amount, m.currency)
    return f"+{text}" if signed and m.amount > 0 else text


def moneys(amounts: tuple[Money, ...]) -> str:
    return ", ".join(money(m) for m in amounts) or "-"


def signed(value: float | None, digits: int = 2) -> str:
    if value is None:
        return "-"
    shown = f"{value:+,.{digits}f}"
    return shown[1:] if float(shown.replace(",", "")) == 0 else shown  # 0.00: a zero has no sign


def duration(delta: dt.timedelta) -> str:
    """"1 h 05 min", "34 min", "1 min 59 s" (under 2 minutes); from two days on "3 days 4 h",
    "5,904 days 6 h" (a date range over years is not "141702 h 41 min")."""
    seconds = int(delta.total_seconds())
    if seconds < 120:
        return f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"
    hours, minutes = divmod(seconds // 60, 60)
    if hours >= 48:
        days, hours = divmod(hours, 24)
        return f"{days:,} days {hours} h"
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def scope(report: SessionReport) -> str:
    """What the report's hands are, as its tables name them: "session", or "these hands"
    for a date range."""
    return "session" if report.summary.number is not None else "these hands"


def when(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M")


def hero_label(hero: dict[str, str]) -> str:
    names = sorted(set(hero.values()))
    if len(names) == 1:
        return f"{names[0]} ({', '.join(sorted(hero))})"
    return ", ".join(f"{name} ({site})" for site, name in sorted(hero.items()))


def net_text(s: SessionSummary) -> str:
    """The Net line: money and chips apart, each with its big bets ("+$5.05 (+5.05 big bets);
    -15 chips (-0.25 big bets at the hands' average level)"); chips never added to money.
    Cash over several stakes says how its big bets are counted ("-$30.25 (+1.25 big bets,
    each hand at its own stakes)"): they can have the other sign (big_bets_notes)."""
    parts = []
    for kind in s.by_kind:
        amounts = _kind_money(s, kind.kind)
        level = " at the hands' average level" if kind.kind == "chips" else (
            f", {AT_ITS_STAKES}" if cash_stakes(s) > 1 else "")
        parts.append(f"{moneys(amounts)} ({signed(kind.net_big_bets)} big bets{level})")
    return "; ".join(parts) or moneys(s.net_by_currency)


def _kind_money(s: SessionSummary, kind: str) -> tuple[Money, ...]:
    """The net of one kind of the summary: "cash" every currency of money, "chips" chips."""
    return tuple(m for m in s.net_by_currency if (m.currency == CHIPS) == (kind == "chips"))


def cash_stakes(s: SessionSummary) -> int:
    """How many stakes of money the hands were played at (s.stakes: "$0.50/$1 USD FL",
    "30/60 chips FL")."""
    return sum(1 for stakes in s.stakes if " chips " not in stakes)


def big_bets_notes(report: SessionReport) -> list[str]:
    """The notes a report needs when its cash money and big bets point opposite ways (hands
    at several stakes: a win at small stakes, a bigger loss in money at big ones): one for the
    Net line, one for the positions that do. Empty when nothing can be misread."""
    s = report.summary
    notes = []
    cash = next((k for k in s.by_kind if k.kind == "cash"), None)
    if cash is not None and opposite_signs(_kind_money(s, "cash"), cash.net_big_bets):
        notes.append(opposite_signs_note("Net", moneys(_kind_money(s, "cash")), f"{signed(cash.net_big_bets)} big bets"))
    for p in report.positions:
        if opposite_signs(p.net, p.net_big_bets):
            notes.append(opposite_signs_note(f"Results by position, {p.position}", moneys(p.net),
                                             f"{signed(p.net_big_bets)} big bets"))
    return notes


def per_100_text(s: SessionSummary, big_bets: bool = True) -> str:
    """BB/100 (or bb/100) of the session, one per kind when it has cash and chips."""
    if len(s.by_kind) <= 1:
        return signed(s.big_bets_per_100 if big_bets else s.bb_per_100)
    return "; ".join(f"{signed(k.big_bets_per_100 if big_bets else k.bb_per_100)} {k.kind}" for k in s.by_kind)


def tournament_lines(report: SessionReport) -> list[str]:
    """"Tournament 1001 (pokerstars, Mira): finished 2nd, prize $0.00, profit -$1.20" for each
    tournament of the report; "finish unknown" when no file says it."""
    lines = []
    for t in report.tournaments:
        if t.finish is None:
            lines.append(f"Tournament {t.tournament_id} ({t.site}, {t.player}): finish unknown (no finish line or summary file)")
            continue
        lines.append(f"Tournament {t.tournament_id} ({t.site}, {t.player}): finished {ordinal(t.finish)}"
                     + (f" of {t.entrants:,}" if t.entrants else "")
                     + f", prize {format_prize(t.prize, t.prize_currency)}"
                     + (f", profit {format_prize(t.profit, t.prize_currency)}" if t.profit is not None else ""))
    return lines


def length_text(report: SessionReport) -> str:
    """How long the report's hands took: a session's duration ("1 h 10 min"); a date range's
    sessions and time at the tables ("6 sessions, 1 h 24 min played"), never the range's span."""
    if report.played is None:
        return duration(report.summary.duration)
    return f"{counted(report.played.sessions, 'session')}, {duration(report.played.time)} played"


def title(report: SessionReport) -> str:
    s = report.summary
    which = f"Session {s.number} of {report.sessions_total}" if s.number is not None else "Hands from a date range"
    played = {site: name for site, name in report.hero.items() if site in s.sites} or report.hero  # the sites of its hands
    return f"{which}: {hero_label(played)}, {when(s.start)} to {when(s.end)} UTC ({length_text(report)})"


def luck_text(luck: Luck) -> str:
    if luck.draws == 0:
        return "- (no one-card draw to a 3-card hand)"
    z = f", z {luck.z:+.2f}" if luck.z is not None else ""
    return f"{luck.completed} made of {luck.draws} draws, {luck.expected:.2f} expected{z}"


_SPARK = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float], width: int = 60) -> str:
    """The values squeezed to at most `width` block characters, low to high."""
    if len(values) > width:
        step = len(values) / width
        values = [values[min(len(values) - 1, int(i * step))] for i in range(width)] + [values[-1]]
    low, high = min(values), max(values)
    span = (high - low) or 1
    return "".join(_SPARK[int((v - low) / span * (len(_SPARK) - 1))] for v in values)


REVIEW_LABELS: tuple[tuple[str, str], ...] = (("snow", "snows"), ("break", "breaks"), ("warning", "warnings"))
EVERY_ONE = "--all-hands or --json for every one"


def hands_listed(report: SessionReport, limit: int | None = REVIEW_LIMIT) -> list[tuple[str, str]]:
    """(site, site hand number) of every hand the page lists (to review, dominated draws),
    each once, in order."""
    found = [(n.site, n.site_hand_id) for n in listed_notable(report, limit)]
    found += [(d.site, d.site_hand_id) for d in (report.dominated if limit is None else report.dominated[:limit])]
    return list(dict.fromkeys(found))


def listed_notable(report: SessionReport, limit: int | None) -> list[NotableHand]:
    """The hands to review the terminal and the page list: the biggest pots won and lost,
    then of each list (snows, breaks, warnings) every hand the report holds, or when it
    holds more than `limit` the `limit` with the biggest net won or lost in big bets (ties:
    the oldest); in the report's order (each list oldest first)."""
    if limit is None:
        return list(report.notable)
    kept: set[int] = set()
    by_kind: dict[str, list[int]] = {}
    for i, n in enumerate(report.notable):
        by_kind.setdefault(n.kind, []).append(i)
    for kind, positions in by_kind.items():
        if kind in ("won", "lost") or len(positions) <= limit:
            kept.update(positions)
        else:  # stable: among equal big bets, the earlier in the list (the older hand)
            kept.update(sorted(positions, key=lambda i: -abs(report.notable[i].big_bets))[:limit])
    return [n for i, n in enumerate(report.notable) if i in kept]


def review_counts_text(report: SessionReport, listed: list[NotableHand]) -> str:
    """"snows: 6,200 (20 shown), breaks: 3, warnings: 0. A list of more than 20 shows the 20
    with the most big bets won or lost: --all-hands or --json for every one": how many hands
    of each list the report has, and how many are shown when not all."""
    shown: dict[str, int] = {}
    for n in listed:
        shown[n.kind] = shown.get(n.kind, 0) + 1
    parts: list[str] = []
    cut: int | None = None
    for kind, label in REVIEW_LABELS:
        count = report.review_counts.get(kind, 0)
        parts.append(f"{label}: {count:,}")
        if shown.get(kind, 0) < count:
            parts[-1] += f" ({shown.get(kind, 0):,} shown)"
            cut = max(cut or 0, shown.get(kind, 0))
    text = ", ".join(parts)
    if cut is not None:
        text += f". A list of more than {cut:,} shows the {cut:,} with the most big bets won or lost: {EVERY_ONE}"
    return text


def left_out_text(report: SessionReport, limit: int | None) -> str:
    """The site hand numbers of the hands left out (replay errors): every one, or the first
    `limit` and how many there are."""
    listed = report.left_out if limit is None else report.left_out[:limit]
    text = ", ".join(listed)
    if len(listed) < report.left_out_count:
        text += f" … ({report.left_out_count:,} in all, the first {len(listed):,} shown; {EVERY_ONE})"
    return text


# --- terminal --------------------------------------------------------------------------


def print_report(report: SessionReport, console: Console, *, limit: int | None = REVIEW_LIMIT) -> None:
    """The report as rich tables; at most `limit` hands of each list to review (None: every
    one the report holds)."""
    s = report.summary
    head = Table(title=cell(title(report)), show_header=False)
    head.add_column("what")
    head.add_column("value")
    head.add_row("Hands", f"{s.hands:,}")
    head.add_row("Tables", cell(f"{len(s.tables)}: {', '.join(s.tables)}"))
    for line in tournament_lines(report):
        head.add_row("Tournament", cell(line.removeprefix("Tournament ")))
    head.add_row("Stakes", cell(", ".join(s.stakes)))
    head.add_row("Net", net_text(s))
    head.add_row("Net at showdown", moneys(report.net_showdown))
    head.add_row("Net without showdown", moneys(report.net_no_showdown))
    head.add_row("BB/100 (big bets)", per_100_text(s))
    head.add_row("bb/100 (big blinds)", per_100_text(s, big_bets=False))
    label, total, _, _ = chart_values(report.chart)
    head.add_row(f"Winnings ({label})", f"{sparkline(total)}  (--png/--html for the chart)")
    if report.left_out_count:
        head.add_row("Left out (replay errors)", cell(left_out_text(report, limit)))
    console.print(head)
    for note in big_bets_notes(report):
        console.print(note, markup=False, highlight=False)
    if report.hero_note:
        console.print(safe(report.hero_note), markup=False, highlight=False)

    positions = Table(title="Results by position", caption_justify="left",
                      caption=f"big bets, BB/100, bb/100: {AT_ITS_STAKES}" if cash_stakes(s) > 1 else None)
    for column in ("position", "hands", "net", "big bets", "BB/100", "bb/100"):
        positions.add_column(column, justify="left" if column == "position" else "right")
    keep_columns(positions, "hands", "net", "BB/100")
    for p in report.positions:
        positions.add_row(p.position, f"{p.hands:,}", moneys(p.net), signed(p.net_big_bets), signed(p.big_bets_per_100), signed(p.bb_per_100))
    console.print(positions)
    print_results_by_game(report, console)

    print_games(report, console)

    listed = listed_notable(report, limit)
    notable = Table(title="Hands to review (hhtracker hand ID)", caption=review_counts_text(report, listed),
                    caption_justify="left")
    for column in ("kind", "hand", "table", "net", "why"):
        notable.add_column(column, justify="right" if column == "net" else "left")
    keep_columns(notable, "hand", "net")
    for n in listed:
        notable.add_row(n.kind, cell(n.site_hand_id), cell(n.table), money(n.net), cell(n.note))
    if listed:
        console.print(notable)
    else:  # no table of headers only: the counts say there is nothing to review
        console.print(f"Hands to review: none ({review_counts_text(report, listed)})", markup=False, highlight=False)

    rows = dominated_rows(report, limit)
    if rows:
        decisions = Table(title="Draw decisions: dominated keeps (odds: any badugi / 8-high / 7-high by the last draw)",
                          caption=decisions_text(report), caption_justify="left")
        for column in ("hand", "draw", "cards", "kept", "odds", "better keep", "its odds"):
            decisions.add_column(column)
        keep_columns(decisions, "draw", "kept", "better keep")
        for row in rows:
            decisions.add_row(*row)
        console.print(decisions)
    else:
        console.print(f"Draw decisions: {decisions_text(report)}", markup=False, highlight=False)
    if report.leaks is not None:
        from .insight_render import print_leaks

        print_leaks(report.leaks, console, title="Leaks over these hands")


def game_rows(report: SessionReport) -> list[tuple[str, str, str, str, str, str]]:
    """The results by game as text: (game, hands, net, big bets, BB/100, bb/100); a total
    row's game is "all games" (its currency's games only: money of two kinds is never added)."""
    return [(r.name, f"{r.hands:,}", money(r.net), signed(r.net_big_bets), signed(r.big_bets_per_100), signed(r.bb_per_100))
            for r in report.by_game]


def print_results_by_game(report: SessionReport, console: Console) -> None:
    """The "Results by game" table: one row per game and currency, and each currency's total
    over its games (cash and chips, two currencies, never added)."""
    table = Table(title="Results by game")
    for column in ("game", "hands", "net", "big bets", "BB/100", "bb/100"):
        table.add_column(column, justify="left" if column == "game" else "right")
    keep_columns(table, "game", "hands", "net", "BB/100")
    for row, result in zip(game_rows(report), report.by_game):
        table.add_row(*row, style="bold" if result.game is None else None)
    console.print(table)


def snow_break_text(block: GameBlock) -> str:
    """"Hands with a snow: 0; with a break: 7 (each listed under Hands to review)", or why
    there is none in the game."""
    if block.snows is None or block.breaks is None:
        return f"Snow and break: not computed in {block.name} (no made hand to stand pat without or to break)"
    return (f"Hands with a snow (pat without {made_hand_words(block.game)}): {block.snows:,}; "
            f"with a break: {block.breaks:,}")


def luck_missing_text(block: GameBlock) -> str:
    """Why a game's block has no draw luck: it is Badugi's (docs/statistics.md, Draw luck)."""
    return (f"Draw luck, {block.name}: not computed (one-card draws to a three-card hand are Badugi's; "
            "docs/statistics.md)")


HALF_WORDS = {Half.BADUGI: "Badugi half", Half.LOW: "low half", Half.HIGH: "high hand"}


def showdown_rows(block: GameBlock) -> list[tuple[str | None, str, int, int]]:
    """(the half's words when it starts a split game's group of rows, else None; class label,
    won, lost) of a game's showdown classes."""
    record = game_of(block.game)
    split = record is not None and record.split
    rows: list[tuple[str | None, str, int, int]] = []
    half = None
    for c in block.showdowns:
        start = HALF_WORDS[c.half] if split and c.half != half else None
        half = c.half
        rows.append((start, c.label, c.won, c.lost))
    return rows


def print_games(report: SessionReport, console: Console) -> None:
    """One block per game played: the statistics beside lifetime (labelled with the game's
    made hand), snows and breaks, draw luck (Badugi only), showdowns by hand class."""
    which = scope(report)
    for block in report.games:
        stats = Table(title=f"Statistics: {'this session' if which == 'session' else which} beside lifetime, "
                            f"{block.name} ({counted(block.hands, 'hand')})",
                      caption=snow_break_text(block), caption_justify="left")
        stats.add_column("statistic")
        stats.add_column(which, justify="right")
        stats.add_column("lifetime", justify="right")
        section = None
        for stat in block.stats:
            if stat.section != section:
                section = stat.section
                stats.add_row(f"[bold]{section}[/bold]", "", "")
            stats.add_row(stat.label, format_ratio(stat.session.done, stat.session.opportunities),
                          format_ratio(stat.lifetime.done, stat.lifetime.opportunities))
        console.print(stats)

        if block.luck is None or block.lifetime_luck is None:
            console.print(luck_missing_text(block), markup=False, highlight=False)
        elif block.luck.draws == 0 and block.lifetime_luck.draws == 0:  # no table of zeros
            console.print(f"Draw luck, {block.name}: no one-card draw to a 3-card hand with known cards", markup=False,
                          highlight=False)
        else:
            heading = f"Draw luck, {block.name}: one-card draws to a 3-card hand (known cards)"
            luck = Table(title=heading, min_width=min(len(heading), 72))
            for column in ("", "draws", "badugis made", "expected", "z"):
                luck.add_column(column, justify="left" if not column else "right")
            for label, value in ((scope(report), block.luck), ("lifetime", block.lifetime_luck)):
                luck.add_row(label, f"{value.draws:,}", f"{value.completed:,}", f"{value.expected:.2f}", signed(value.z))
            console.print(luck)

        if block.showdowns:
            heading = f"Showdowns by the hero's hand, {block.name}"
            showdowns = Table(title=heading, min_width=min(len(heading), 60))
            for column in ("hand", "won", "lost"):
                showdowns.add_column(column, justify="left" if column == "hand" else "right")
            for start, label, won, lost in showdown_rows(block):
                if start is not None:
                    showdowns.add_row(f"[bold]{start}[/bold]", "", "")
                showdowns.add_row(cell(label), str(won), str(lost))
            console.print(showdowns)
        else:
            console.print(f"Showdowns by the hero's hand, {block.name}: none with known cards", markup=False,
                          highlight=False)


def _odds_triple(values: Iterable[SupportsFloat]) -> str:
    return " / ".join(f"{float(v) * 100:.1f}%" for v in values)


def dominated_rows(report: SessionReport, limit: int | None = REVIEW_LIMIT) -> list[tuple[str, ...]]:
    """The dominated draws listed: (hand, draw, cards before, kept, his odds, the dominating
    keep, its odds), odds as "35.7% / 16.8% / 0.0%" (any badugi / 8-high / 7-high)."""
    listed = report.dominated if limit is None else report.dominated[:limit]
    return [(d.site_hand_id, str(d.draw), d.cards_before, d.kept or "-", _odds_triple(d.kept_odds), d.dominated_by or "-",
             _odds_triple(d.dominating_odds)) for d in listed]


def decisions_text(report: SessionReport) -> str:
    """"2 of 41 hero draws with known cards kept a dominated keep" (and how many are shown);
    the keeps are priced in Badugi only (odds.decisions): a report of no Badugi hand says so."""
    if report.decision_draws == 0 and not any(g.game == GameId.BADUGI for g in report.games):
        return "priced for Badugi hands only, and these hands have none (the replayer gives the odds of each draw)"
    text = (f"{report.dominated_count:,} of {report.decision_draws:,} hero draws with known cards kept a dominated keep"
            " (another keep of as many cards at least as likely to make a badugi of every quality, K-high down to"
            " 4-high, and more likely for one)")
    if len(report.dominated) < report.dominated_count:
        text += f"; the first {len(report.dominated)} shown (--all-hands or --json for every one)"
    return text


def print_sessions(hero: dict[str, str], sessions: list[SessionSummary], console: Console) -> None:
    """One row per session, newest first."""
    table = Table(title=cell(f"Sessions of {hero_label(hero)}, newest first (times UTC)"))
    for column in ("session", "start", "duration", "hands", "tables", "net", "BB/100"):
        table.add_column(column, justify="left" if column in ("start",) else "right")
    keep_columns(table, "start", "hands", "net")
    for s in sessions:
        table.add_row(str(s.number), when(s.start), duration(s.duration), f"{s.hands:,}", str(len(s.tables)),
                      moneys(s.net_by_currency), per_100_text(s))
    console.print(table)


def print_hand(replay: HandReplay, console: Console) -> None:
    """A replayed hand as plain text (no markup; control and bidi characters escaped)."""
    console.print(safe(replay.text(), keep_newlines=True), markup=False, highlight=False)


# --- JSON -------------------------------------------------------------------------------


def _money(m: Money) -> dict[str, object]:
    return {"amount": m.amount, "currency": m.currency}


def _ratio(r: Ratio) -> dict[str, int]:
    return {"done": r.done, "opportunities": r.opportunities}


def _luck(luck: Luck) -> dict[str, object]:
    return {"draws": luck.draws, "completed": luck.completed, "expected": luck.expected,
            "variance": luck.variance, "z": luck.z}


def game_json(block: GameBlock) -> dict[str, object]:
    """One game's block: its statistics beside lifetime and their labels in the game's sense,
    draw luck (null where not computed), showdown classes with their half, snows and breaks
    (null where not computed)."""
    return {
        "game": block.game, "name": block.name, "hands": block.hands,
        "stats": {line.key: {"session": _ratio(line.session), "lifetime": _ratio(line.lifetime)} for line in block.stats},
        "labels": {line.key: line.label for line in block.stats},
        "luck": (None if block.luck is None or block.lifetime_luck is None
                 else {"session": _luck(block.luck), "lifetime": _luck(block.lifetime_luck)}),
        "showdowns": [{"class": c.hand_class, "label": c.label, "half": c.half.value, "won": c.won, "lost": c.lost}
                      for c in block.showdowns],
        "snows": block.snows, "breaks": block.breaks,
    }


def summary_json(s: SessionSummary) -> dict[str, object]:
    """A session's summary: times in ISO 8601 UTC, duration in seconds, money as ints."""
    return {
        "session": s.number,
        "start": s.start.isoformat(),
        "end": s.end.isoformat(),
        "duration_seconds": int(s.duration.total_seconds()),
        "hands": s.hands,
        "tables": list(s.tables),
        "stakes": list(s.stakes),
        "sites": list(s.sites),
        "net": _money(s.net),
        "net_by_currency": [_money(m) for m in s.net_by_currency],
        "net_big_bets": s.net_big_bets,
        "big_bets_per_100": s.big_bets_per_100,
        "bb_per_100": s.bb_per_100,
        "by_kind": [{"kind": k.kind, "hands": k.hands, "net_big_bets": k.net_big_bets,
                     "big_bets_per_100": k.big_bets_per_100, "bb_per_100": k.bb_per_100} for k in s.by_kind],
    }


def report_json(report: SessionReport) -> dict[str, object]:
    """Everything behind the report; the session's result at the top level as `net`; every
    hand to review the report holds (all of them when it was built with review_limit=None)
    and how many there are (`review_counts`, `left_out_count`)."""
    value: dict[str, object] = {"hero": dict(report.hero), "hero_note": report.hero_note, **summary_json(report.summary)}
    value["tournaments"] = [t.as_json() for t in report.tournaments]
    value["sessions_total"] = report.sessions_total
    value["played"] = (None if report.played is None else
                       {"sessions": report.played.sessions, "seconds": int(report.played.time.total_seconds())})
    value["net_showdown"] = [_money(m) for m in report.net_showdown]
    value["net_no_showdown"] = [_money(m) for m in report.net_no_showdown]
    value["chart"] = {
        "unit": report.chart.unit,
        "points": [{"hand": p.hand, "total": p.total, "showdown": p.showdown, "no_showdown": p.no_showdown}
                   for p in report.chart.points],
        "levels": [{"hand": level.hand, "stakes": level.stakes} for level in report.chart.levels],
    }
    value["positions"] = [
        {"position": p.position, "hands": p.hands, "net": [_money(m) for m in p.net], "net_big_bets": p.net_big_bets,
         "big_bets_per_100": p.big_bets_per_100, "bb_per_100": p.bb_per_100}
        for p in report.positions
    ]
    value["by_game"] = [
        {"game": r.game, "name": r.name, "hands": r.hands, "net": _money(r.net), "net_big_bets": r.net_big_bets,
         "big_bets_per_100": r.big_bets_per_100, "bb_per_100": r.bb_per_100}
        for r in report.by_game
    ]
    value["games"] = [game_json(block) for block in report.games]
    value["notable"] = [
        {"kind": n.kind, "site": n.site, "hand": n.site_hand_id, "table": n.table, "start": n.start_time.isoformat(),
         "net": _money(n.net), "note": n.note}
        for n in report.notable
    ]
    value["review_counts"] = {kind: report.review_counts.get(kind, 0) for kind, _ in REVIEW_LABELS}
    value["left_out"] = list(report.left_out)
    value["left_out_count"] = report.left_out_count
    value["review_limit"] = report.review_limit
    value["draw_decisions"] = {
        "draws": report.decision_draws, "dominated": report.dominated_count,
        "listed": [{"site": d.site, "hand": d.site_hand_id, "table": d.table, "start": d.start_time.isoformat(),
                    "draw": d.draw, "cards": d.cards_before, "kept": d.kept, "dominated_by": d.dominated_by,
                    "odds": dict(zip(("badugi", "eight_high", "seven_high"), map(str, d.kept_odds))),
                    "dominated_by_odds": dict(zip(("badugi", "eight_high", "seven_high"), map(str, d.dominating_odds)))}
                   for d in report.dominated],
    }
    if report.leaks is not None:
        from .insight_render import leaks_json

        value["leaks"] = leaks_json(report.leaks)
    return value


# --- chart and page ------------------------------------------------------------------------


def chart_png(report: SessionReport, *, width: float = 10.0, height: float = 5.0, dpi: int = 100) -> bytes:
    """The cumulative winnings chart (total, at showdown, without showdown) as PNG bytes,
    width x height inches at dpi (charts.winnings_figure: nothing cut)."""
    from .charts import winnings_figure

    buffer = io.BytesIO()
    winnings_figure(report.chart, title(report), width=width, height=height, dpi=dpi).savefig(buffer, format="png")
    return buffer.getvalue()


def _environment() -> jinja2.Environment:
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("hhtracker.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def report_html(report: SessionReport, *, limit: int | None = REVIEW_LIMIT, links: dict[tuple[str, str], str] | None = None) -> str:
    """One self-contained page (inline CSS, the chart as a data: URI); every value from the
    files is escaped by jinja2's autoescaping. At most `limit` hands of each list to review
    (None: every one the report holds). links: (site, site hand number) -> the relative
    address of its replayer page, for the hands listed (hands_listed)."""
    from .insight_render import leak_notes, leak_rows

    template = _environment().get_template("report.html.j2")
    s = report.summary
    listed = listed_notable(report, limit)
    games: list[dict[str, object]] = []
    for block in report.games:
        stats: list[dict[str, str | None]] = []
        section = None
        for line in block.stats:
            stats.append({
                "section": line.section if line.section != section else None,
                "label": line.label,
                "session": format_ratio(line.session.done, line.session.opportunities),
                "lifetime": format_ratio(line.lifetime.done, line.lifetime.opportunities),
            })
            section = line.section
        games.append({
            "name": block.name, "hands": counted(block.hands, "hand"), "stats": stats,
            "luck": None if block.luck is None or block.lifetime_luck is None
            else (luck_text(block.luck), luck_text(block.lifetime_luck)),
            "luck_missing": luck_missing_text(block), "snow_break": snow_break_text(block),
            "showdowns": showdown_rows(block),
        })
    return template.render(
        title=title(report),
        scope=scope(report),
        hero=hero_label(report.hero),
        summary=[
            ("Hands", f"{s.hands:,}"),
            ("Duration", length_text(report)),
            ("Tables", f"{len(s.tables)}: {', '.join(s.tables)}"),
            *(("Tournament", line) for line in tournament_lines(report)),
            ("Stakes", ", ".join(s.stakes)),
            ("Net", net_text(s)),
            ("Net at showdown", moneys(report.net_showdown)),
            ("Net without showdown", moneys(report.net_no_showdown)),
            ("BB/100 (big bets)", per_100_text(s)),
            ("bb/100 (big blinds)", per_100_text(s, big_bets=False)),
            *(("Note", note) for note in big_bets_notes(report)),
            *((("Hero", report.hero_note),) if report.hero_note else ()),
        ],
        chart=base64.b64encode(chart_png(report)).decode("ascii"),
        positions=[(p.position, p.hands, moneys(p.net), signed(p.net_big_bets), signed(p.big_bets_per_100), signed(p.bb_per_100))
                   for p in report.positions],
        by_game=game_rows(report),
        games=games,
        notable=[(n.kind, n.site_hand_id, links.get((n.site, n.site_hand_id)) if links else None, n.table, money(n.net), n.note)
                 for n in listed],
        dominated=[(row, links.get((d.site, d.site_hand_id)) if links else None)
                   for row, d in zip(dominated_rows(report, limit), report.dominated)],
        decisions_text=decisions_text(report),
        leaks=leak_rows(report.leaks) if report.leaks is not None else [],
        leak_notes=leak_notes(report.leaks) if report.leaks is not None else [],
        review_counts=review_counts_text(report, listed),
        left_out=left_out_text(report, limit) if report.left_out_count else "",
        generated=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    )
