"""`hhtracker player NAME` and `hhtracker players`: statistics from the database."""

from __future__ import annotations

import dataclasses
import datetime as dt
from enum import Enum, StrEnum
from typing import Annotated

import typer
from rich.table import Table

from .. import api
from .common import (
    DbOption,
    JsonOption,
    check_order,
    did_you_mean,
    print_json,
    resolve_db,
    stdout,
    usage_error,
)

_ROUND = {"r2": "after draw 1", "r3": "after draw 2", "r4": "after draw 3"}


def _per_round(key: str, label: str) -> tuple[tuple[str, str], ...]:
    return ((key, f"{label}, all rounds"), *((f"{key}_{r}", f"{label}, {words}") for r, words in _ROUND.items()))


def _per_draw(key: str, label: str) -> tuple[tuple[str, str], ...]:
    return tuple((f"{key}_d{k}", f"{label} at draw {k}") for k in (1, 2, 3))


SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("Pre-draw", (
        ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3-bet pre-draw"),
        ("fold_to_three_bet", "Fold to 3-bet"), ("steal", "Steal attempt"),
        ("fold_to_steal_sb", "Fold to steal, small blind"), ("fold_to_steal_bb", "Fold to steal, big blind"),
        ("cold_call", "Cold call pre-draw"),
    )),
    ("After the draws (betting)", (
        *_per_round("af", "AF (bets+raises / calls)"),
        *_per_round("afq", "AFq (aggression frequency)"),
        ("cbet", "Continuation bet after draw 1"), ("fold_to_cbet", "Fold to continuation bet"),
        *_per_round("lead", "Bet first (lead)"),
        *_per_round("check_raise", "Check-raise"),
        *_per_round("fold_to_bet", "Fold to bet"),
    )),
    ("The draws", (
        *_per_draw("pat", "Pat"),
        ("pat_raiser_d1", "Pat at draw 1 as pre-draw raiser"),
        *_per_draw("pat_and_bet", "Pat and bet"),
        *_per_draw("fold_to_pat", "Fold to a pat hand"),
        ("snow_shown", "Snow, shown (pat at draw 3, no badugi shown)"),
        ("snow_known", "Snow, known cards, all draws"), *_per_draw("snow_known", "Snow, known cards,"),
        ("break_known", "Break a badugi, known cards, all draws"), *_per_draw("break_known", "Break, known cards,"),
    )),
    ("Showdown", (
        ("wtsd", "WTSD (went to showdown)"), ("wsd", "W$SD (won at showdown)"),
        ("won_reached_d1", "Won when reached draw 1"),
    )),
)
LABELS: dict[str, str] = {key: label for _, rows in SECTIONS for key, label in rows}
assert set(LABELS) | {"draw_luck"} == set(api.STAT_KEYS), "every statistic has a place in the profile"

CLASS_LABELS = {
    "badugi_7": "badugi 7-high or better", "badugi_8": "badugi 8-high", "badugi_9": "badugi 9-high",
    "badugi_t": "badugi T-high", "badugi_j": "badugi J-high", "badugi_q": "badugi Q-high",
    "badugi_k": "badugi K-high", "three_card": "3-card hand", "two_card": "2-card hand", "one_card": "1-card hand",
}

SortKey = StrEnum("SortKey", {key: key for key in api.SORTS})  # type: ignore[misc]


class Structure(StrEnum):
    FL = "FL"
    PL = "PL"
    HPL = "HPL"
    NL = "NL"


_POSITIONS = ("BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "MP", "HJ", "CO", "early", "middle", "late", "blinds")
Position = Enum("Position", {p: p for p in _POSITIONS}, type=str)  # type: ignore[misc]

SiteOption = Annotated[api.Site | None, typer.Option("--site", help="Only hands of this site.", show_default=False)]
StructureOption = Annotated[Structure | None, typer.Option("--structure", help="Betting structure.", show_default=False)]
StakesOption = Annotated[str | None, typer.Option("--stakes", metavar="SMALL/BIG", help="Stakes as in the header: 0.25/0.50 (money) or 30/60.", show_default=False)]
GameTypeOption = Annotated[api.GameType | None, typer.Option("--game-type", help="Cash, tournament or play money.", show_default=False)]
TableSizeOption = Annotated[api.TableSize | None, typer.Option("--table-size", help="Players dealt in: heads-up, 3-6 or 7-8.", show_default=False)]
SinceOption = Annotated[dt.datetime | None, typer.Option("--since", formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="First day (UTC), inclusive.", show_default=False)]
UntilOption = Annotated[dt.datetime | None, typer.Option("--until", formats=["%Y-%m-%d"], metavar="YYYY-MM-DD", help="Last day (UTC), inclusive.", show_default=False)]
PositionOption = Annotated[Position | None, typer.Option("--position", help="Only hands played from this position, or a group: early (UTG, UTG+1, UTG+2), middle (MP, HJ), late (CO, BTN), blinds (SB, BB).", show_default=False)]
GameOption = Annotated[api.Game | None, typer.Option("--game", help="Only hands of this game (players: one table per game unless given; all = every game together).", show_default=False)]
MinHandsOption = Annotated[int, typer.Option("--min-hands", metavar="N", min=0, help="Only players with at least this many matching hands.")]


def _filters(site, structure, stakes, game_type, table_size, since, until, position, min_hands, game=None) -> api.Filters:
    check_order("--since", since, "--until", until)
    return api.Filters(
        site=site.value if site else None,
        structure=structure.value if structure else None,
        stakes=stakes,
        game_type=game_type.value if game_type else None,
        table_size=table_size.value if table_size else None,
        since=since.date() if since else None,
        until=until.date() if until else None,
        position=position.value if position else None,
        min_hands=min_hands,
        game=game.value if game else None,
    )


def plural(count: int, word: str) -> str:
    """"1 hand", "5,000 hands": the count with thousands separators and the word it counts."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def stored_name(db, name: str) -> str:
    """The stored name NAME means: itself when stored, else the one stored name equal to it
    ignoring case (several such names: NAME as given, and the error lists them)."""
    found = api.names_like(db, name)
    return found[0] if len(found) == 1 else name


FILTER_OPTIONS = (("site", "--site"), ("structure", "--structure"), ("stakes", "--stakes"), ("game_type", "--game-type"),
                  ("table_size", "--table-size"), ("since", "--since"), ("until", "--until"), ("position", "--position"),
                  ("game", "--game"))


def filters_said(filters: api.Filters) -> str:
    """The filters as the options given: "--site pokerstars --min-hands 100"."""
    said = [f"{option} {getattr(filters, key)}" for key, option in FILTER_OPTIONS if getattr(filters, key) is not None]
    if filters.min_hands:
        said.append(f"--min-hands {filters.min_hands:,}")
    return " ".join(said) or "the filters"


def _money(m: api.Money) -> dict[str, object]:
    return {"amount": m.amount, "currency": m.currency}


def as_json(stats: api.PlayerStats, *, distributions: bool = True) -> dict[str, object]:
    """The documented JSON shape (README.md, "JSON output"), with every STATS.md key."""
    main = stats.net[0] if stats.net else api.Money(0, api.CHIPS)
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


def player_command(
    name: Annotated[str, typer.Argument(help="The player's screen name, exactly.", show_default=False)],
    db: DbOption = None,
    json_output: JsonOption = False,
    site: SiteOption = None,
    structure: StructureOption = None,
    stakes: StakesOption = None,
    game_type: GameTypeOption = None,
    table_size: TableSizeOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    position: PositionOption = None,
    min_hands: MinHandsOption = 0,
    reads: Annotated[bool, typer.Option("--reads", help="What he showed, grouped by how he played it (draws; pre-draw action and position).")] = False,
    game: GameOption = None,
) -> None:
    """One player's statistics, every percentage with its sample size.

    Percentages show (done/opportunities) and, under 100 opportunities, a 95% Wilson interval; "-" when there was no opportunity. bb/100 and BB/100 average each hand in its own big blind / big bet, so in a tournament they can have the opposite sign of the net chips.
    """
    filters = _filters(site, structure, stakes, game_type, table_size, since, until, position, min_hands, game)
    name = stored_name(resolve_db(db), name)
    if reads:
        from .leaks_cmd import show_reads

        return show_reads(resolve_db(db), name, filters, json_output)
    try:
        found = api.player_profile(resolve_db(db), name, filters)
    except api.NoDatabaseError as error:
        raise usage_error(str(error)) from None
    except ValueError as error:
        raise usage_error(str(error)) from None
    found = [s for s in found if s.hands >= min_hands]
    if not found:
        everything = api.player_profile(resolve_db(db), name)
        if everything:  # he has hands: the filters matched none of them
            hands = sum(s.hands for s in everything)
            raise usage_error(f"{name} has {hands:,} hand{'' if hands == 1 else 's'}; none match {filters_said(filters)}")
        raise usage_error(f"no hands of a player named {name!r} in the database" + did_you_mean(resolve_db(db), name))
    if json_output:  # always one object (README, "JSON output"): a name on several sites needs --site
        if len(found) > 1:
            raise usage_error(f"{name!r} plays at {len(found)} sites ({', '.join(s.site for s in found)}): "
                              "give --site for one JSON profile")
        value = as_json(found[0])
        if filters.game in SPLIT_GAMES:  # the low half's classes (the Badugi half's: showdown_classes)
            value["distributions"]["showdown_low_classes"] = api.low_showdown_classes(resolve_db(db), name, filters)  # type: ignore[index]
        print_json(value)
        return
    if len(found) > 1:
        stdout.print(f"{api.safe(name)} plays at {len(found)} sites: {', '.join(s.site for s in found)} (one profile each)",
                     markup=False, highlight=False)
    for stats in found:
        _print_profile(stats)
    from .notes_cmd import print_marks

    print_marks(resolve_db(db), name, found, filters)
    if filters.game in SPLIT_GAMES:
        _print_low_classes(api.low_showdown_classes(resolve_db(db), name, filters))


SPLIT_GAMES = ("badacey", "badeucey")
"""The split-pot games: their profiles add the low half's showdown classes."""


def _print_low_classes(classes: dict[str, int]) -> None:
    """The low half's hands shown at showdown (the Badugi half's are in the profile)."""
    table = Table(title="Low half at showdown (A-5 in Badacey, 2-7 in Badeucey)")
    table.add_column("class")
    table.add_column("shown")
    shown = sum(classes.values())
    for low_class, count in classes.items():
        if count:
            table.add_row(low_class.replace("_", " "), api.format_ratio(count, shown))
    if not shown:
        table.add_row("-", "0 showdowns with five known cards")
    stdout.print(table)


def format_af(done: int, calls: int) -> str:
    """AF = (bets + raises) / calls, with both counts; "-" when there was no call."""
    if calls == 0:
        return f"- ({done}/0, no calls)"
    return f"{done / calls:.2f} ({done}/{calls})"


def _print_profile(stats: api.PlayerStats) -> None:
    table = Table(title=api.cell(f"{stats.player} ({stats.site}, {stats.hands:,} hand{'' if stats.hands == 1 else 's'})"), show_header=True)
    table.add_column("statistic")
    table.add_column("value (done/opportunities) [95% interval under 100]")
    for section, rows in SECTIONS:
        lines: list[tuple[str, str]] = []
        seen = False  # a statistic of the section with an opportunity (or AF with a bet or raise)
        for key, label in rows:
            ratio = stats.stats[key]
            is_af = key.startswith("af") and not key.startswith("afq")
            seen = seen or ratio.opportunities > 0 or (is_af and ratio.done > 0)
            lines.append((label, format_af(ratio.done, ratio.opportunities) if is_af
                          else api.format_ratio(ratio.done, ratio.opportunities)))
            if key == "pat_d3":
                for draw_key in api.DRAW_KEYS:
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
                lines.append((f"Shown: {CLASS_LABELS.get(hand_class, hand_class)}", api.format_ratio(count, shown)))
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
            table.add_row(f"Net, {_KINDS[kind.game_type]} ({plural(kind.hands, 'hand')})", api.format_result(money.amount, money.currency))
    for label, amounts in (("Net at showdown", stats.net_showdown),
                           ("Net without showdown", stats.net_no_showdown), ("Rake attributed", stats.rake)):
        for money in amounts:
            said = api.format_money if label.startswith("Rake") else api.format_result
            table.add_row(f"{label} ({money.currency})", said(money.amount, money.currency))
    for kind in stats.by_game_type:
        table.add_row(f"bb/100 (big blinds), {_KINDS[kind.game_type]}", _fmt(kind.bb_per_100))
        table.add_row(f"BB/100 (big bets), {_KINDS[kind.game_type]}", _fmt(kind.big_bets_per_100))
    for label, pot in (("Biggest win", stats.biggest_win), ("Biggest loss", stats.biggest_loss)):
        table.add_row(label, f"{api.format_result(pot.net.amount, pot.net.currency)} (hand {pot.site_hand_id})" if pot else "-")
    luck = stats.luck
    table.add_row("[bold]Draw luck (known cards)[/bold]", "")
    table.add_row(
        "One-card draws to a 3-card hand",
        api.format_ratio(luck.completed, luck.draws)
        + (f"; expected {luck.expected:.2f}, z {luck.z:+.2f}" if luck.z is not None else ""),
    )
    stdout.print(table)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:+.2f}"


_KINDS = {"cash": "cash", "tournament": "tournament chips", "play": "play money"}


def by_game_type(stats: api.PlayerStats) -> tuple[str, str]:
    """(net, BB/100) of the players table: one part per game type, never added together
    ("$5.80 cash; -15 chips tournament", "+92.50 cash; -12.50 tournament")."""
    kinds = stats.by_game_type
    if len(kinds) <= 1:
        return ", ".join(api.format_result(m.amount, m.currency) for m in stats.net), _fmt(stats.big_bets_per_100)
    net = "; ".join(", ".join(api.format_result(m.amount, m.currency) for m in k.net) + f" {k.game_type}" for k in kinds)
    return net, "; ".join(f"{_fmt(k.big_bets_per_100)} {k.game_type}" for k in kinds)


def players_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    sort: Annotated[SortKey, typer.Option("--sort", metavar="KEY", help="Column to sort by: " + ", ".join(api.SORTS) + " (a statistic key sorts by its percentage).")] = SortKey("hands"),
    min_hands: MinHandsOption = 0,
    site: SiteOption = None,
    structure: StructureOption = None,
    stakes: StakesOption = None,
    game_type: GameTypeOption = None,
    table_size: TableSizeOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    position: PositionOption = None,
    game: GameOption = None,
) -> None:
    """All players, one row each (one table per game when the hands are of several games; --game all puts them together): hands, VPIP, PFR, 3-bet, steal, pat at draw 1, c-bet, AF, WTSD, W$SD, net, BB/100; each percentage with its sample size."""
    filters = _filters(site, structure, stakes, game_type, table_size, since, until, position, min_hands, game)
    try:
        # never mix games unless asked (--game all): one table (JSON: rows with "game") per game
        games: list[str | None] = [filters.game] if filters.game is not None else [*api.games_played(resolve_db(db), filters)] or [None]
        tables = [(g, api.players(resolve_db(db), min_hands=min_hands, sort=sort.value,
                                  filters=dataclasses.replace(filters, game=g))) for g in games]
    except api.NoDatabaseError as error:
        raise usage_error(str(error)) from None
    except ValueError as error:
        raise usage_error(str(error)) from None
    if json_output:
        if len(tables) == 1 and filters.game is None:
            print_json([as_json(s, distributions=False) for s in tables[0][1]])
        else:
            print_json([{**as_json(s, distributions=False), "game": g} for g, found in tables for s in found])
        return
    for g, found in tables:
        _print_players(found, g if len(tables) > 1 or filters.game is not None else None)


def _print_players(found: list[api.PlayerStats], game: str | None) -> None:
    """One table of players (`players`); game: said in the title when games are told apart."""
    of_game = f" ({game})" if game is not None else ""
    table = Table(title=f"{len(found):,} player{'' if len(found) == 1 else 's'}{of_game}: each percentage with its "
                        "number of opportunities in brackets")
    columns = ("player", "site", "hands", "VPIP", "PFR", "3-bet", "steal", "pat d1", "c-bet", "AF", "WTSD", "W$SD", "net", "BB/100")
    for column in columns:
        table.add_column(column, justify="left" if column in ("player", "site") else "right")
    api.keep_columns(table, "hands", "VPIP", "PFR", "WTSD", "net", "BB/100")
    for s in found:
        def pct(key: str) -> str:
            r = s.stats[key]
            return f"{100 * r.done / r.opportunities:.0f}% ({r.opportunities})" if r.opportunities else "- (0)"

        af = s.stats["af"]
        net, per_100 = by_game_type(s)
        table.add_row(
            api.cell(s.player), s.site, str(s.hands), pct("vpip"), pct("pfr"), pct("three_bet"), pct("steal"), pct("pat_d1"),
            pct("cbet"), f"{af.done / af.opportunities:.1f}" if af.opportunities else "-", pct("wtsd"), pct("wsd"),
            net, per_100,
        )
    stdout.print(table)
