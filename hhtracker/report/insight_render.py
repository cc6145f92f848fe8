"""Leaks and reads for the terminal (rich tables) and as JSON (issue 19)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ..display import cell, keep_columns
from ..games import MadeHand, game_of
from ..money import format_result
from ..stats.leaks import LeakLine
from ..stats.values import format_interval
from .labels import CLASS_LABELS, low_class_label
from .leaks import Leaks
from ..rules.games import game_rules
from .reads import READ_MADE_HIGH, PlayerReads, ReadGroup


def _percent(fraction: float | None) -> str:
    return "-" if fraction is None else f"{100 * fraction:.1f}%".replace(".0%", "%")


def figure_text(line: LeakLine) -> str:
    """"66.7% (2/3) [21-94%]": the hero's figure, its sample and 95% interval; "- (0/0)"."""
    if not line.opportunities:
        return "- (0/0)"
    low, high = line.interval  # type: ignore[misc]
    return f"{100 * line.done / line.opportunities:.1f}% ({line.done:,}/{line.opportunities:,}) {format_interval(low, high)}"


def baseline_text(line: LeakLine) -> str:
    """"18%", "18% *" (a caveat goes with it, printed under the table), "expected 21.4%"
    (draw luck), or "none" when the seed gives no number."""
    if line.expected is not None:
        return f"expected {_percent(line.expected)}"
    mark = " *" if line.baseline.caveat else ""
    return "none" if line.baseline.fraction is None else _percent(line.baseline.fraction) + mark


def leak_text(line: LeakLine) -> str:
    """One leak as a line of text: label: figure; baseline; source; verdict."""
    note = f" ({line.note})" if line.note else ""
    return (f"{line.label}: {figure_text(line)}{note}; baseline {baseline_text(line)} "
            f"({line.baseline.source}); {line.verdict_text}")


def caveats(leaks: Leaks) -> list[str]:
    """The baselines' caveats, once each: "Limit Badugi, Handout 04 (seminar27.com), section 4 ...: solver shares ..."."""
    seen: dict[str, str] = {}
    for line in leaks.lines:
        if line.baseline.caveat:
            seen.setdefault(line.baseline.caveat, line.baseline.source)
    return [f"{source}: {caveat}" for caveat, source in seen.items()]


def leak_rows(leaks: Leaks) -> list[tuple[str, str, str, str, str]]:
    """(leak, hero, baseline, source, verdict) per leak line: the terminal's and the page's rows."""
    return [(line.label, figure_text(line) + (f"\n{line.note}" if line.note else ""), baseline_text(line),
             line.baseline.source, line.verdict_text) for line in leaks.lines]


def _game_name(game: str) -> str:
    """A stored game's name as its record gives it ("Badacey"), else as stored."""
    record = game_of(game)
    return record.name if record is not None else game


def games_note(leaks: Leaks) -> str | None:
    """"Badugi hands only (the baselines are Badugi's): 12 Badacey, 3 Badeucey hands not
    read.", or None when the hero played no other game."""
    if not leaks.left_out:
        return None
    counts = ", ".join(f"{hands:,} {_game_name(game)}" for game, hands in leaks.left_out.items())
    total = sum(leaks.left_out.values())
    return f"Badugi hands only (the baselines are Badugi's): {counts} {'hand' if total == 1 else 'hands'} not read."


def leak_notes(leaks: Leaks) -> list[str]:
    """What goes under the table: the other games left out, the caveats ("* ..."), then
    the snows' result."""
    note = games_note(leaks)
    notes = ([note] if note else []) + [f"* {text}" for text in caveats(leaks)]
    if leaks.snow_hands:
        net = ", ".join(format_result(m.amount, m.currency) for m in leaks.snow_net)
        hands = "1 hand" if leaks.snow_hands == 1 else f"{leaks.snow_hands:,} hands"
        notes.append(f"snows: {hands}, won {leaks.snow_won:,}, net {net}")
    return notes


def print_leaks(leaks: Leaks, console: Console, title: str = "Leaks against the published baselines") -> None:
    """The leak lines as a table, then the caveats and the snows' result; without a hand, one
    line saying so (no table of "- (0/0)" rows) and the hands of other games left out."""
    if leaks.hands == 0:
        note = games_note(leaks) or "the baselines are Badugi's"
        console.print(f"{title}: no Badugi hand to read; {note}", markup=False, highlight=False)
        return
    table = Table(title=f"{title} ({'1 hand' if leaks.hands == 1 else f'{leaks.hands:,} hands'})")
    for column in ("leak", "hero", "baseline", "source", "verdict"):
        table.add_column(column, justify="right" if column in ("hero", "baseline") else "left")
    keep_columns(table, "hero", "baseline", "verdict")
    for row in leak_rows(leaks):
        table.add_row(*row)
    console.print(table)
    for text in leak_notes(leaks):
        console.print(text, markup=False, highlight=False)


def leaks_json(leaks: Leaks) -> dict[str, object]:
    """{"hands", "leaks": [{"key", "label", "done", "opportunities", "interval": [low, high]
    (fractions) or null, "baseline" (fraction or null), "expected" (draw luck), "source",
    "quote", "caveat", "verdict", "verdict_text", "note"}], "snow": {"hands", "won", "net":
    [{"amount", "currency"}]}, "luck": {"draws", "completed", "expected", "z"},
    "games_left_out": {game: hands} (the other games' hands, not read: Badugi only)}."""
    return {
        "hands": leaks.hands,
        "games_left_out": dict(leaks.left_out),
        "leaks": [
            {"key": line.key, "label": line.label, "done": line.done, "opportunities": line.opportunities,
             "interval": list(line.interval) if line.interval else None, "baseline": line.baseline.fraction,
             "expected": line.expected, "source": line.baseline.source, "quote": line.baseline.quote,
             "caveat": line.baseline.caveat, "verdict": line.verdict.value, "verdict_text": line.verdict_text,
             "note": line.note}
            for line in leaks.lines
        ],
        "snow": {"hands": leaks.snow_hands, "won": leaks.snow_won,
                 "net": [{"amount": m.amount, "currency": m.currency} for m in leaks.snow_net]},
        "luck": {"draws": leaks.luck.draws, "completed": leaks.luck.completed, "expected": leaks.luck.expected,
                 "z": leaks.luck.z},
    }


def group_figures(group: ReadGroup, game: str | None = None) -> tuple[str, str, str]:
    """(made hands, their high card, classes) as shown: the share with its sample and
    interval, "7 (5-9)" median and range; "-" for each in a group under the minimum (its
    hand count only). game: the stored game (its classes' words: a 2-7 game's low classes)."""
    if not group.shown:
        return "-", "-", "-"
    lowball, high_hand = _is_lowball(game), _is_high(game)
    classes = ", ".join(f"{low_class_label(name, game) if lowball else name.replace('_', ' ') if high_hand else CLASS_LABELS.get(name, name)} {n:,}"
                        for name, n in group.classes.items())
    low, high = group.badugi_interval  # type: ignore[misc]
    share = f"{100 * group.badugis / group.hands:.0f}% ({group.badugis}/{group.hands}) [{100 * low:.0f}-{100 * high:.0f}%]"
    top = f"{group.high_median} ({group.high_low}-{group.high_high})" if group.high_median else "-"
    return share, top, classes


def print_reads(reads: list[PlayerReads], console: Console) -> None:
    """One table per site and game: the groups, draw patterns first."""
    for read in reads:
        record = game_of(read.game)
        game = "" if record is None else f", {record.name}" + (" (its Badugi half)" if record.split else "")
        known = "1 hand" if read.hands_known == 1 else f"{read.hands_known:,} hands"
        table = Table(title=cell(f"Reads: {read.player} on {read.site}{game}, {known} with cards known "
                                 f"(groups under {read.min_hands} hands: counts only)"))
        high = _is_high(read.game)  # (5-Card Draw: two pair or better, no top card)
        made, top_card = (("two pair or better", "") if high else ("made lows", "low's top card") if _is_lowball(read.game)
                          else ("badugis", "badugi high card"))
        for column in ("grouping", "played", "hands", made, top_card, "final hands"):
            if column:
                table.add_column(column, justify="right" if column == "hands" else "left")
        keep_columns(table, "played", "hands", made)
        for group in read.groups:
            share, top, classes = group_figures(group, read.game)
            table.add_row(group.grouping, group.label, str(group.hands), share, *(() if high else (top,)), classes)
        console.print(table)


def _is_lowball(game: str | None) -> bool:
    """Whether a stored game's made hand is a low, 2-7 or A-5 (its reads count made lows)."""
    record = game_of(game) if game is not None else None
    return record is not None and record.made_hand in (MadeHand.DEUCE_TO_SEVEN_LOW, MadeHand.ACE_TO_FIVE_LOW)


def _is_high(game: str | None) -> bool:
    """Whether a stored game is scored by a high hand (5-Card Draw: its reads count two pair or
    better)."""
    return game is not None and game_of(game) is not None and game_rules(game).high


def _made_hand(game: str | None) -> MadeHand:
    """The made hand a stored game's reads count (its record's; Badugi's for a name no record
    has)."""
    record = game_of(game) if game is not None else None
    return record.made_hand if record is not None else MadeHand.BADUGI


def reads_json(reads: list[PlayerReads]) -> list[dict[str, object]]:
    """[{"player", "site", "game", "made_hand", "hands_known", "min_hands", "groups": [{"grouping",
    "label", "hands", "shown", "badugis", "high_card": {"median", "low", "high"} or null,
    "classes"}]}]: a group under the minimum has "badugis" and "high_card" null (its count
    only). made_hand: what "badugis" counts, "badugi", "deuce_to_seven_low" in the 2-7 games,
    "ace_to_five_low" in the A-5 games (made lows; classes the low classes), "two_pair_or_better" in 5-Card Draw (classes
    the high classes, "high_card" always null)."""
    return [
        {"player": r.player, "site": r.site, "game": r.game,
         "made_hand": READ_MADE_HIGH if _is_high(r.game) else _made_hand(r.game).value,
         "hands_known": r.hands_known, "min_hands": r.min_hands,
         "groups": [
             {"grouping": g.grouping, "label": g.label, "hands": g.hands, "shown": g.shown,
              "badugis": g.badugis if g.shown else None,
              "high_card": ({"median": g.high_median, "low": g.high_low, "high": g.high_high}
                            if g.shown and g.high_median else None),
              "classes": g.classes if g.shown else None}
             for g in r.groups
         ]}
        for r in reads
    ]
