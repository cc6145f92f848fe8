"""`hhtracker player NAME` and `hhtracker players`: statistics from the database."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import typer

from .. import api
from .common import DbOption, JsonOption, did_you_mean, print_json, resolve_db, say, stdout, stored_name, usage_error
from .options import EVERY_FILTER, filter_options, filters_said



def _sort_key(value: str) -> str:
    """--sort's value: a key of api.SORTS, "-" before it for the other way (api.sort_order);
    raises typer.BadParameter (a usage error naming the keys) for another."""
    try:
        api.sort_order(value)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    return value


@filter_options(*EVERY_FILTER)
def player_command(
    name: Annotated[str, typer.Argument(help="The player's screen name, exactly.", show_default=False)],
    db: DbOption = None,
    json_output: JsonOption = False,
    filters: api.Filters = api.Filters(),
    reads: Annotated[bool, typer.Option("--reads", help="What he showed, grouped by how he played it (draws; pre-draw action and position).")] = False,
) -> None:
    """One player's statistics, every percentage with its sample size.

    Percentages show (done/opportunities) and, under 100 opportunities, a 95% Wilson interval; "-" when there was no opportunity. bb/100 and BB/100 take each cash hand in its own big blind / big bet; in chips, the chips over the hands' average big blind / big bet (the sign of the chips).
    """
    name = stored_name(resolve_db(db), name)
    if reads:
        from .leaks_cmd import show_reads

        return show_reads(resolve_db(db), name, filters, json_output)
    games = _his_games(resolve_db(db), name, filters)
    found_by_game = [(g, [s for s in api.player_profile(resolve_db(db), name, dataclasses.replace(filters, game=g))
                          if s.hands >= filters.min_hands]) for g in games]
    found_by_game = [(g, found) for g, found in found_by_game if found]
    if not found_by_game:
        everything = api.player_profile(resolve_db(db), name)
        if everything:  # he has hands: the filters matched none of them
            hands = sum(s.hands for s in everything)
            raise usage_error(f"{name} has {api.counted(hands, 'hand')}; none match {filters_said(filters)}")
        raise usage_error(f"no hands of a player named {api.quoted(name)} in the database" + did_you_mean(resolve_db(db), name))
    if json_output:  # always one object (README, "JSON output"): several sites or games need --site / --game
        if len(found_by_game) > 1:
            raise usage_error(f"{api.quoted(name)} plays {len(found_by_game)} games ({', '.join(api.game_name(g) for g, _ in found_by_game)}): "
                              "give --game for one JSON profile (--game all: every game together)")
        game, found = found_by_game[0]
        if len(found) > 1:
            raise usage_error(f"{api.quoted(name)} plays at {len(found)} sites ({', '.join(s.site for s in found)}): "
                              "give --site for one JSON profile")
        value = api.profile_json(found[0])
        if api.has_low_classes(game):  # the low half's classes (the Badugi half's: showdown_classes)
            value["distributions"]["showdown_low_classes"] = api.low_showdown_classes(resolve_db(db), name, dataclasses.replace(filters, game=game))  # type: ignore[index]
        if api.has_high_classes(game):  # 5-Card Draw's high classes
            value["distributions"]["showdown_high_classes"] = api.high_showdown_classes(resolve_db(db), name, dataclasses.replace(filters, game=game))  # type: ignore[index]
        print_json(value)
        return
    from .notes_cmd import print_marks

    for game, found in found_by_game:  # one section per game: games are never added together
        game_filters = dataclasses.replace(filters, game=game)
        if len(found) > 1:
            say(f"{name} plays {'' if game is None else api.game_name(game) + ' '}at {len(found)} sites: "
                f"{', '.join(s.site for s in found)} (one profile each)")
        for stats in found:
            api.print_profile(stats, stdout, game)
        if api.has_low_classes(game):
            api.print_low_classes(api.low_showdown_classes(resolve_db(db), name, game_filters), stdout, game)
        if api.has_high_classes(game):
            api.print_high_classes(api.high_showdown_classes(resolve_db(db), name, game_filters), stdout)
    print_marks(resolve_db(db), name, [s for _, found in found_by_game for s in found], filters)


def _his_games(db: Path, name: str, filters: api.Filters) -> list[str | None]:
    """The games the profile is made of, one section each: --game's (all: every game together,
    None), else every game the filters match (those he has no hand of give no profile)."""
    if filters.game is not None:
        return [None if filters.game == api.ALL_GAMES else filters.game]
    return [*api.games_played(db, filters)] or [None]


@filter_options(*EVERY_FILTER)
def players_command(
    db: DbOption = None,
    json_output: JsonOption = False,
    sort: Annotated[str, typer.Option("--sort", metavar="KEY", callback=_sort_key, help="Column to sort by: " + ", ".join(api.SORTS) + " (a statistic key sorts by its percentage); player A to Z, the others largest first; -KEY the other way (--sort -vpip: the tightest first).")] = "hands",
    filters: api.Filters = api.Filters(),
) -> None:
    """All players, one row each (one table per game when the hands are of several games; --game all puts them together): hands, VPIP, PFR, 3-bet, steal, pat at draw 1, c-bet, AF, WTSD, W$SD, net, BB/100; each percentage with its sample size."""
    # never mix games unless asked (--game all): one table (JSON: rows with "game") per game
    games: list[str | None] = [filters.game] if filters.game is not None else [*api.games_played(resolve_db(db), filters)] or [None]
    tables = [(g, api.players(resolve_db(db), min_hands=filters.min_hands, sort=sort,
                              filters=dataclasses.replace(filters, game=g))) for g in games]
    if json_output:
        if len(tables) == 1 and filters.game is None:
            print_json([api.profile_json(s, distributions=False) for s in tables[0][1]])
        else:
            print_json([{**api.profile_json(s, distributions=False), "game": g} for g, found in tables for s in found])
        return
    for g, found in tables:
        if not found:  # no table of headers only
            of_game = f" of {api.game_name(g)}" if g is not None and g != api.ALL_GAMES else ""
            say(f"no player{of_game} matches {filters_said(filters)}")
            continue
        api.print_players(found, stdout, g if len(tables) > 1 or filters.game is not None else None)

