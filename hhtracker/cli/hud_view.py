"""The live table view's rendering (`hhtracker hud`, `hhtracker table`): one panel per table,
one row per seated player in seat order, every figure with its sample size, small samples
dimmed. Rich renderables only: `hud_cmd` shows them in rich's Live, tests in a recording
console. Player names, notes and tags come from strangers: always through api.cell/api.safe."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import api

SMALL_SAMPLE = 20
"""A percentage over fewer opportunities than this is dimmed."""

SMALL_RESULTS = 200
"""BB/100 over fewer hands than this is dimmed."""

WIDE = 170
"""From this terminal width on every default column is shown with its full name and the tags
have a column; below it, abbreviations explained by a key line, tags and notes under the
rows, and as many columns as fit (PRIORITY order, 6 at 80 columns)."""

SIDE_BY_SIDE = 85
"""On a wide terminal (WIDE or more) several tables are shown side by side, one per this
many columns, each with the columns that fit its width."""

COLUMN_WIDTH = 9
"""Characters a figure column takes on a narrow terminal ("100 (99)" and a space)."""


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the view: the statistic key (or "fold_to_pat", "bb100"), its heading on a
    wide terminal, its abbreviation on a narrow one, and what it means (the key line)."""

    key: str
    heading: str
    short: str
    meaning: str


COLUMNS: dict[str, Column] = {c.key: c for c in (
    Column("vpip", "VPIP", "VP", "VPIP"),
    Column("pfr", "PFR", "PF", "pre-draw raise"),
    Column("three_bet", "3-bet", "3B", "3-bet"),
    Column("steal", "steal", "ST", "steal"),
    Column("afq", "AFq", "AQ", "aggression frequency"),
    Column("pat_d1", "pat d1", "P1", "pat at draw 1"),
    Column("pat_d2", "pat d2", "P2", "pat at draw 2"),
    Column("pat_d3", "pat d3", "P3", "pat at draw 3"),
    Column("snow_shown", "snow", "SN", "snow (pat d3, no badugi shown)"),
    Column("break_known", "break", "BK", "break a badugi"),
    Column("fold_to_pat", "fold to pat", "FP", "fold to a pat hand"),
    Column("wtsd", "WTSD", "SD", "went to showdown"),
    Column("wsd", "W$SD", "W$", "won at showdown"),
    Column("bb100", "BB/100", "BB", "big bets per 100 hands"),
)}
"""The default columns of a wide terminal, in order; `--stats` may name any of these keys or
any statistic key of `player --json`."""

PRIORITY = ("vpip", "pfr", "three_bet", "pat_d1", "snow_shown", "wtsd", "wsd", "fold_to_pat", "pat_d2", "pat_d3",
            "afq", "bb100", "steal", "break_known")
"""Which columns a narrow terminal keeps first (shown in COLUMNS order)."""


def column(key: str) -> Column:
    """The column for a key (any statistic key of `player --json` too). raises KeyError."""
    if key in COLUMNS:
        return COLUMNS[key]
    if key in api.STAT_KEYS:
        return Column(key, key, key, key)
    raise KeyError(key)


def choose_columns(keys: tuple[str, ...] | None, width: int) -> tuple[Column, ...]:
    """The columns shown: those asked for (`--stats`), else all on a wide terminal and the
    compact set on a narrow one."""
    if keys:
        return tuple(column(k) for k in keys)
    if width >= WIDE:
        return tuple(COLUMNS.values())
    kept = set(PRIORITY[: max(6, (width - 26) // COLUMN_WIDTH)])
    return tuple(c for key, c in COLUMNS.items() if key in kept)


def _ratio(stats: api.PlayerStats | None, key: str) -> tuple[int, int]:
    if stats is None:
        return 0, 0
    if key == "fold_to_pat":
        parts = [stats.stats[f"fold_to_pat_d{k}"] for k in (1, 2, 3)]
        return sum(r.done for r in parts), sum(r.opportunities for r in parts)
    ratio = stats.stats[key]
    return ratio.done, ratio.opportunities


def figure(stats: api.PlayerStats | None, key: str) -> Text:
    """One cell: "25 (12)" (percent, opportunities), "- (0)" without an opportunity, BB/100
    as "+3.1 (250)" (hands); dimmed under SMALL_SAMPLE opportunities (SMALL_RESULTS hands)."""
    if key == "bb100":
        hands = stats.hands if stats else 0
        value = stats.big_bets_per_100 if stats else None
        text = f"{value:+.1f} ({hands})" if value is not None else f"- ({hands})"
        return Text(text, style="dim" if hands < SMALL_RESULTS else "")
    done, opportunities = _ratio(stats, key)
    if opportunities == 0:
        return Text("- (0)", style="dim")
    if key.startswith("af") and not key.startswith("afq"):
        text = f"{done / opportunities:.1f} ({opportunities})"
    else:
        text = f"{100 * done / opportunities:.0f} ({opportunities})"
    return Text(text, style="dim" if opportunities < SMALL_SAMPLE else "")


def _name(player: api.SeatedPlayer, limit: int | None) -> Text:
    name = api.safe(player.player)
    if limit is not None and len(name) > limit:
        name = name[: limit - 1] + "…"
    text = Text(name, style="bold" if player.hero else "")
    if player.hero:
        text.append(" *", style="bold cyan")
    return text


def _tags(player: api.SeatedPlayer) -> Text:
    text = Text()
    for tag in player.auto_tags:
        text.append(("" if not text else " ") + api.safe(tag), style="italic yellow")
    for tag in player.tags:
        text.append(("" if not text else " ") + f"#{api.safe(tag)}", style="magenta")
    return text


def table_panel(view: api.TableView, columns: tuple[Column, ...], width: int) -> Panel:
    """One table's panel: title (table, stakes, structure, hands this session), a row per
    seated player (seat, name, tags, hands, the columns), then the players' notes."""
    wide = width >= WIDE
    grid = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False, header_style="bold", expand=False)
    grid.add_column("#", justify="right")
    grid.add_column("player", no_wrap=True)
    if wide:
        grid.add_column("tags", no_wrap=True)
    grid.add_column("hands" if wide else "H", justify="right")
    for col in columns:
        grid.add_column(col.heading if wide else col.short, justify="right", no_wrap=True)
    for player in view.players:
        cells: list[str | Text] = [str(player.seat), _name(player, None if wide else 12)]
        if wide:
            cells.append(_tags(player))
        cells.append(Text(str(player.stats.hands if player.stats else 0)))
        cells.extend(figure(player.stats, col.key) for col in columns)
        grid.add_row(*cells)
    lines: list[RenderableType] = [grid]
    for player in view.players:
        marks = Text()
        if not wide and (player.auto_tags or player.tags):
            marks.append_text(_tags(player))
        if player.notes:
            marks.append(("; " if marks else "") + api.safe(player.notes[0]), style="green")
        if marks:
            lines.append(Text(api.safe(player.player) + ": ", style="bold").append_text(marks))
    title = Text(f"{api.safe(view.table)} · {view.stakes} {view.structure} · {view.hands} hand{'' if view.hands == 1 else 's'} · hand {api.safe(view.hand_id)}")
    return Panel(Group(*lines), title=title, title_align="left", expand=wide)


def key_line(columns: tuple[Column, ...], width: int) -> Text:
    """What the abbreviations mean (narrow terminals), the hero mark and the dimming."""
    parts = ["* hero", "H hands" if width < WIDE else "",
             *(f"{c.short} {c.meaning}" for c in columns if width < WIDE),
             f"n (k): percent over k chances, dim under {SMALL_SAMPLE}"]
    return Text(" · ".join(p for p in parts if p), style="dim")


def render(state: api.HudState, width: int, keys: tuple[str, ...] | None = None, *,
           header: str | None = None) -> Group:
    """The whole view: a header line, the notices (bad hands, one line each), one panel
    per active table, and the key line."""
    columns = choose_columns(keys, width)
    total = state.total
    top = header if header is not None else (
        f"hhtracker hud · {len(state.tables)} table(s) · {total.hands_new} new hand(s) imported"
        + (f" · {state.pending} being written" if state.pending else "") + " · q quits")
    parts: list[RenderableType] = [Text(top, style="bold")]
    for notice in state.notices:
        parts.append(Text("! " + api.safe(notice), style="red", no_wrap=True, overflow="ellipsis"))
    if not state.tables:
        parts.append(Text("no active table: waiting for a hand to be written…", style="dim"))
    across = max(1, min(len(state.tables), width // SIDE_BY_SIDE)) if width >= WIDE and not keys else 1
    if across == 1:
        parts.extend(table_panel(view, columns, width) for view in state.tables)
    else:  # several tables on a wide terminal: side by side, each as on a terminal of its width
        columns = choose_columns(None, width // across)
        grid = Table.grid(expand=True)
        for _ in range(across):
            grid.add_column(ratio=1)
        for first in range(0, len(state.tables), across):
            row = [table_panel(view, columns, width // across) for view in state.tables[first:first + across]]
            grid.add_row(*row, *([""] * (across - len(row))))
        parts.append(grid)
        width = width // across
    parts.append(key_line(columns, width))
    return Group(*parts)
