"""The live table view's rendering (`hhtracker hud`, `hhtracker table`): one panel per table,
one row per seated player in seat order, every figure with its sample size, small samples
dimmed. Rich renderables only: `hud_cmd` shows them in rich's Live, tests in a recording
console. Player names, notes and tags come from strangers: always through api.cell/api.safe."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import api

SMALL_SAMPLE = api.SMALL_SAMPLE
"""A percentage over fewer opportunities than this is dimmed."""

SMALL_RESULTS = api.SMALL_RESULTS
"""BB/100 over fewer hands than this is dimmed."""

WIDE = 170
"""A panel this wide (a table alone on a wide terminal) shows every default column with its
full name and the tags in a column; a narrower one, abbreviations explained by the key line,
tags and notes on lines under the rows, and as many columns as fit (PRIORITY order)."""

SIDE_BY_SIDE = 78
"""Several tables go side by side, one panel per this many columns at least: two across from
156 columns (6 six-max tables at 160x50: three rows of two), three from 234."""

COLUMN_WIDTH = 9
"""A narrow panel shows at most (width - 26) / this many columns (6 at 80, 11 at 130), fewer
when their figures do not fit whole: a number is never cut."""

NAME_WIDTH = 12
"""A name is cut to this many characters (with …) in a narrow panel."""

WIDE_NAME_WIDTH = 32
"""... and to this many in a wide one."""

TAGS_WIDTH = 24
"""The tags column of a wide panel takes at most this many characters (cut with …)."""

PANEL_FRAME = 4
"""A panel's border and padding: two characters each side."""


Column = api.HudColumn
"""A column of the view (api.HudColumn: key, heading, short, meaning)."""

COLUMNS: dict[str, Column] = api.HUD_COLUMNS
"""The default columns of a wide panel, in order; `--stats` may name any of these keys or
any statistic key of `player --json`."""

PRIORITY = api.HUD_PRIORITY
"""Which columns a narrow panel keeps first (shown in COLUMNS order)."""


def column(key: str) -> Column:
    """The column for a key (any statistic key of `player --json` too). raises KeyError."""
    return api.hud_column(key)


def choose_columns(keys: tuple[str, ...] | None, width: int,
                   tables: tuple[api.TableView, ...] = ()) -> tuple[Column, ...]:
    """The columns shown in a panel `width` characters wide: those asked for (`--stats`),
    else all on a wide panel and the compact set (PRIORITY order, at most COLUMN_WIDTH each)
    on a narrow one; then, reading the figures of `tables`, only those that fit whole:
    columns are left out from the last in priority (the last asked for) until every cell
    fits without being cut. Shown in COLUMNS order (the asked order for `--stats`)."""
    wide = width >= WIDE
    if keys:
        wanted = tuple(column(k) for k in keys)
    elif wide:
        wanted = tuple(COLUMNS[k] for k in PRIORITY)
    else:
        wanted = tuple(COLUMNS[k] for k in PRIORITY[: max(6, (width - 26) // COLUMN_WIDTH)])
    room = width - PANEL_FRAME - sum(w + 1 for w in _fixed_widths(tables, wide))
    kept: list[Column] = []
    for col in wanted:
        need = max([len(col.heading if wide else col.short),
                    *(figure(p.stats, col.key).cell_len for view in tables for p in view.players)]) + 1
        if need > room:
            break
        room -= need
        kept.append(col)
    order = list(keys) if keys else list(COLUMNS)
    return tuple(sorted(kept, key=lambda c: order.index(c.key)))


def _fixed_widths(tables: tuple[api.TableView, ...], wide: bool) -> tuple[int, ...]:
    """The widths of the columns before the figures: seat, name, (tags,) hands."""
    players = [p for view in tables for p in view.players]
    seat = max([1, *(len(str(p.seat)) for p in players)])
    name = max([len("player"), *(_name(p, NAME_WIDTH if not wide else WIDE_NAME_WIDTH).cell_len for p in players)])
    hands = max([len("hands" if wide else "H"), *(len(api.abbreviated(_hands(p.stats))) for p in players)])
    if wide:
        tags = min(TAGS_WIDTH, max([len("tags"), *(_tags(p).cell_len for p in players)]))
        return seat, name, tags, hands
    return seat, name, hands


def _hands(stats: api.PlayerStats | None) -> int:
    return stats.hands if stats is not None else 0


def figure(stats: api.PlayerStats | None, key: str) -> Text:
    """One cell (api.figure_of): "25 (12)" (percent, opportunities), "- (0)" without an
    opportunity, BB/100 as "+3.1 (250)" (hands); a sample of 1,000 or more abbreviated
    ("24 (5.0k)"); dimmed under SMALL_SAMPLE opportunities (SMALL_RESULTS hands)."""
    found = api.figure_of(stats, key)
    return Text(found.text, style="dim" if found.small else "")


def _name(player: api.SeatedPlayer, limit: int | None) -> Text:
    name = api.safe(player.player)
    if limit is not None and len(name) > limit:
        name = name[: limit - 1] + "…"
    text = Text(name, style="bold" if player.hero else "")
    if player.hero:
        text.append(" *", style="bold cyan")
    return text


def _tags(player: api.SeatedPlayer) -> Text:
    """The automatic tags (italic yellow) then the user's (#tag, magenta), separated by
    commas: "calls down, loose, #fish" (an automatic tag may be two words)."""
    text = Text()
    for tag in player.auto_tags:
        text.append(", " if text else "")
        text.append(api.safe(tag), style="italic yellow")
    for tag in player.tags:
        text.append(", " if text else "")
        text.append(f"#{api.safe(tag)}", style="magenta")
    return text


def _marks(view: api.TableView, wide: bool, one_line: bool = True) -> list[Text]:
    """The lines under a panel's rows, one per player with tags (narrow panels) or notes:
    "Bob: calls down, #fish; slowplays badugis" (his newest note), cut to one line (else
    wrapped: `hhtracker table`, which has no height to keep to)."""
    lines = []
    for player in view.players:
        marks = Text()
        if not wide and (player.auto_tags or player.tags):
            marks.append_text(_tags(player))
        if player.notes:
            marks.append(("; " if marks else "") + api.safe(player.notes[0]), style="green")
        if marks:
            line = Text(api.safe(player.player) + ": ", style="bold", no_wrap=one_line,
                        overflow="ellipsis" if one_line else "fold")
            lines.append(line.append_text(marks))
    return lines


def table_title(view: api.TableView) -> Text:
    """A panel's title: "Hud Test · Badugi $0.50/$1.00 FL · 3 hands · hand 91400000003"."""
    game = f"{view.game_name} " if view.game_name else ""
    return Text(f"{api.safe(view.table)} · {game}{view.stakes} {view.structure} · "
                f"{api.counted(view.hands, 'hand')} · hand {api.safe(view.hand_id)}")


def table_panel(view: api.TableView, columns: tuple[Column, ...], width: int, marks_shown: int | None = None, *,
                expand: bool = False) -> Panel:
    """One table's panel: title (table, game, stakes, structure, hands this session, the
    latest hand), a row per seated player (seat, name, tags on a wide panel, hands, the
    columns), then the lines of the players' tags and notes (at most `marks_shown` of
    them, the last saying how many more were left out). A wide panel, or with `expand`,
    takes the whole width (side by side: panels of one size, whatever their figures)."""
    wide = width >= WIDE
    grid = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False, header_style="bold", expand=False)
    grid.add_column("#", justify="right", no_wrap=True)
    grid.add_column("player", no_wrap=True)
    if wide:
        grid.add_column("tags", no_wrap=True, overflow="ellipsis", max_width=TAGS_WIDTH)
    grid.add_column("hands" if wide else "H", justify="right", no_wrap=True)
    for col in columns:
        grid.add_column(col.heading if wide else col.short, justify="right", no_wrap=True)
    for player in view.players:
        cells: list[str | Text] = [str(player.seat), _name(player, WIDE_NAME_WIDTH if wide else NAME_WIDTH)]
        if wide:
            cells.append(_tags(player))
        cells.append(Text(api.abbreviated(_hands(player.stats))))
        cells.extend(figure(player.stats, col.key) for col in columns)
        grid.add_row(*cells)
    lines: list[RenderableType] = [grid]
    marks = _marks(view, wide, one_line=marks_shown is not None)
    if marks_shown is not None and len(marks) > marks_shown:
        left_out = len(marks) - max(0, marks_shown - 1)
        marks = marks[: max(0, marks_shown - 1)]
        if marks_shown > 0:
            marks.append(Text(f"+{left_out} more with notes or tags (hhtracker player NAME)", style="dim",
                              no_wrap=True, overflow="ellipsis"))
    lines.extend(marks)
    return Panel(Group(*lines), title=table_title(view), title_align="left", expand=wide or expand, padding=(0, 1))


def key_parts(columns: tuple[Column, ...], width: int) -> list[str]:
    """The key line's parts: the hero mark, the abbreviations of a narrow panel, how a figure
    reads and when it is dimmed."""
    narrow = width < WIDE
    return ["* hero", *(["H hands"] if narrow else []), *(f"{c.short} {c.meaning}" for c in columns if narrow),
            f"n (k): percent over k chances (5.0k: about 5,000), dim under {SMALL_SAMPLE}"]


def key_line(columns: tuple[Column, ...], width: int, lines: int | None = None, *, panel_width: int | None = None) -> Text:
    """What the abbreviations mean (narrow panels), the hero mark and the dimming, joined
    by " · " and wrapped at `width`; with `lines`, at most that many lines (the last cut
    with …)."""
    parts = key_parts(columns, panel_width if panel_width is not None else width)
    wrapped: list[str] = []
    for part in parts:
        if wrapped and len(wrapped[-1]) + 3 + len(part) <= width:
            wrapped[-1] += " · " + part
        else:
            wrapped.append(part)
    if lines is not None and len(wrapped) > lines:
        wrapped = wrapped[: max(1, lines)]
        wrapped[-1] = wrapped[-1][: max(0, width - 2)] + " …"
    return Text("\n".join(wrapped), style="dim")


def progress_line(progress: api.WatchProgress) -> Text:
    """The line shown while a look imports a backlog: "importing: file 3 of 12 · 45%"."""
    return Text(f"importing: file {min(progress.files_done + 1, progress.files)} of {progress.files}"
                f" · {progress.fraction:.0%}", style="yellow")


def render(state: api.HudState, width: int, keys: tuple[str, ...] | None = None, *,
           header: str | None = None, height: int | None = None) -> Group:
    """The whole view: a header line, the import's progress (while a backlog imports), the
    notices (bad hands, one line each), the active tables' panels in the state's order
    (side by side, left to right then down, when the terminal is at least two
    SIDE_BY_SIDE wide), and the key line. With `height` (the terminal's), the lines of
    notes and tags and the key line are cut to what fits: the players' rows come first."""
    total = state.total
    top = header if header is not None else (
        f"hhtracker hud · {api.counted(len(state.tables), 'table')} · {api.counted(total.hands_new, 'new hand')} imported"
        + (f" · {state.pending} being written" if state.pending else "") + " · q quits")
    parts: list[RenderableType] = [Text(top, style="bold")]
    if state.importing is not None:
        parts.append(progress_line(state.importing))
    for notice in state.notices:
        parts.append(Text("! " + api.safe(notice), style="red", no_wrap=True, overflow="ellipsis"))
    tables = state.tables
    if not tables:
        parts.append(Text("no active table: waiting for a hand to be written…", style="dim"))
    across = max(1, min(len(tables), width // SIDE_BY_SIDE))
    panel_width = width // across
    columns = choose_columns(keys, panel_width, tables)
    rows = [tables[first:first + across] for first in range(0, len(tables), across)]
    marks_shown: int | None = None
    key_lines: int | None = None
    if height is not None:
        used = len(parts) + sum(3 + max(len(view.players) for view in row) for row in rows)
        spare = max(0, height - used - 1)  # (one line kept for the key)
        marks = [max((len(_marks(view, panel_width >= WIDE)) for view in row), default=0) for row in rows]
        marks_shown = spare // len(rows) if rows else 0
        spare -= sum(min(m, marks_shown) for m in marks)
        key_lines = 1 + spare
    if across == 1:
        parts.extend(table_panel(view, columns, width, marks_shown) for view in tables)
    else:
        grid = Table.grid(expand=True)
        for _ in range(across):
            grid.add_column(ratio=1)
        for row in rows:
            panels = [table_panel(view, columns, panel_width, marks_shown, expand=True) for view in row]
            grid.add_row(*panels, *([""] * (across - len(panels))))
        parts.append(grid)
    parts.append(key_line(columns, width, key_lines, panel_width=panel_width))
    return Group(*parts)
