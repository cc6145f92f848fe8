"""The test oracle for player_stats(): how it summed the `hand_facts` view with GROUP BY scans
before the summary tables existed (issue 7), kept in the tests only as the independent reference
that tests/store/test_summary.py compares the summary tables with."""

from __future__ import annotations

from hhtracker.filters import Filters
from hhtracker.money import Money
from hhtracker.stats.per_hand import DRAW_KEYS, STAT_KEYS
from hhtracker.stats.values import BiggestPot, GameTypeResult, Luck, PlayerStats, Ratio
from hhtracker.store.reading import _empty_distributions


def reference_player_stats(db, name=None, *, min_hands=0, with_distributions=True, filters=Filters()) -> list[PlayerStats]:
    """player_stats() as it was: GROUP BY scans of hand_facts (ties for the biggest win and
    loss made explicit: the lowest hand id)."""
    where, params = filters.where()
    if name is not None:
        where += " and player = ?"
        params = [*params, name]
    minimum = max(min_hands, filters.min_hands)
    ratio_sql = ", ".join(f"sum({k}_done), sum({k}_opp)" for k in STAT_KEYS)
    # net in big blinds / big bets per (player, game type, currency): cash hand by hand in its
    # own stakes; chips (tournaments, play money) the chips over the hands' average bet (issue 27
    # item 6: the chips' sign)
    groups = f"""select player_id, game_type, currency, count(*) as hands,
                   case when currency = 'chips' then sum(net) * 1.0 * count(*) / sum(big_blind)
                        else sum(net * 1.0 / big_blind) end as in_bb,
                   case when currency = 'chips' then sum(net) * 1.0 * count(*) / sum(big_bet)
                        else sum(net * 1.0 / big_bet) end as in_big_bets
                 from hand_facts where {where} group by player_id, game_type, currency"""
    in_bets = {player_id: (in_bb, in_big_bets) for player_id, in_bb, in_big_bets in db.execute(
        f"select player_id, sum(in_bb), sum(in_big_bets) from ({groups}) group by player_id", params).fetchall()}
    rows = db.execute(
        f"""select player_id, site, player, count(*), sum(net * 1.0 / big_blind), sum(net * 1.0 / big_bet), {ratio_sql}
            from hand_facts where {where} group by player_id having count(*) >= ? order by count(*) desc, player, player_id""",
        [*params, minimum],
    ).fetchall()
    money: dict[int, list] = {}
    for player_id, currency, net, net_sd, net_nsd, rake in db.execute(
        f"""select player_id, currency, sum(net), sum(case when showdown = 1 then net else 0 end),
                   sum(case when showdown = 1 then 0 else net end), sum(rake)
            from hand_facts where {where} group by player_id, game_type, currency
            order by currency = 'chips', game_type = 'play', currency""",
        params,
    ).fetchall():
        money.setdefault(player_id, []).append((currency, net, net_sd, net_nsd, rake))
    kinds: dict[int, list[GameTypeResult]] = {}  # cash, tournament and play chips apart (issue 15)
    for player_id, game_type, hands, in_bb, in_big_bets in db.execute(
        f"""select player_id, game_type, sum(hands), sum(in_bb), sum(in_big_bets) from ({groups})
            group by player_id, game_type order by min(currency = 'chips'), game_type = 'play', min(currency)""",
        params,
    ).fetchall():
        nets = tuple(Money(net, currency) for currency, net in db.execute(
            f"""select currency, sum(net) from hand_facts where {where} and player_id = ? and game_type = ?
                group by currency order by currency""", [*params, player_id, game_type]).fetchall())
        kinds.setdefault(player_id, []).append(
            GameTypeResult(game_type, hands, nets, 100.0 * in_bb / hands, 100.0 * in_big_bets / hands))
    biggest: dict[tuple[int, str], list] = {}
    for slot, order in ((0, "net desc"), (1, "net")):
        for player_id, currency, amount, site_hand_id in db.execute(
            f"""select player_id, currency, net, site_hand_id from (select player_id, currency, net, site_hand_id,
                  row_number() over (partition by player_id, currency order by {order}, hand_id) as place
                from hand_facts where {where}) where place = 1""",
            params,
        ).fetchall():
            pots = biggest.setdefault((player_id, currency), [None, None])
            if (amount > 0) if slot == 0 else (amount < 0):
                pots[slot] = BiggestPot(site_hand_id, Money(amount, currency))
    hf_where, hf_params = filters.where("hf")
    if name is not None:
        hf_where += " and hf.player = ?"
        hf_params = [*hf_params, name]
    luck = {
        row[0]: Luck(row[1], row[2] or 0, row[3] or 0.0, row[4] or 0.0)
        for row in db.execute(
            f"""select dl.player_id, count(*), sum(dl.completed), sum(dl.outs * 1.0 / dl.unseen),
                       sum((dl.outs * 1.0 / dl.unseen) * (1 - dl.outs * 1.0 / dl.unseen))
                from draw_luck dl join hand_facts hf on hf.hand_id = dl.hand_id and hf.player_id = dl.player_id
                where {hf_where} group by dl.player_id""",
            hf_params,
        ).fetchall()
    }
    distributions: dict[int, dict] = {}
    if with_distributions:
        for key in DRAW_KEYS:
            for player_id, value, count in db.execute(
                f"select player_id, {key}, count(*) from hand_facts where {where} and {key} is not null group by player_id, {key}",
                params,
            ).fetchall():
                distributions.setdefault(player_id, _empty_distributions())[key][str(value)] = count
        for player_id, value, count in db.execute(
            f"""select player_id, showdown_class, count(*) from hand_facts where {where} and showdown_class is not null
                group by player_id, showdown_class""",
            params,
        ).fetchall():
            distributions.setdefault(player_id, _empty_distributions())["showdown_classes"][value] = count
    sites_of: dict[str, set[str]] = {}
    for player, site in db.execute(f"select distinct player, site from hand_facts where {where}", params).fetchall():
        sites_of.setdefault(player, set()).add(site)
    result = []
    for player_id, site, player, hands, _, _, *values in rows:
        in_bb, in_big_bets = in_bets[player_id]
        amounts = money[player_id]
        win, loss = biggest.get((player_id, amounts[0][0]), (None, None))
        result.append(PlayerStats(
            player=player, site=site, hands=hands,
            stats={key: Ratio(values[2 * i] or 0, values[2 * i + 1] or 0) for i, key in enumerate(STAT_KEYS)},
            distributions=distributions.get(player_id, _empty_distributions()) if with_distributions else {},
            net=tuple(Money(a[1], a[0]) for a in amounts),
            bb_per_100=100.0 * in_bb / hands, big_bets_per_100=100.0 * in_big_bets / hands,
            net_showdown=tuple(Money(a[2], a[0]) for a in amounts),
            net_no_showdown=tuple(Money(a[3], a[0]) for a in amounts),
            rake=tuple(Money(a[4], a[0]) for a in amounts),
            biggest_win=win, biggest_loss=loss,
            luck=luck.get(player_id, Luck(0, 0, 0.0, 0.0)),
            sites=tuple(sorted(sites_of[player])),
            by_game_type=tuple(kinds.get(player_id, ())),
        ))
    return result
