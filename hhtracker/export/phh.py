"""Export replayed hands as PHH, the academic poker hand-history format (pokerkit's notation).

A PHH hand is a small TOML document: the game (`variant = "FB"`, fixed-limit Badugi), the
forced bets by player, the starting stacks and the actions in order, e.g.
`d dh p1 ????????` (four unknown cards dealt to player 1), `p3 cbr 50` (bet or raise to 50),
`p2 cc` (check or call), `p1 f`, `p2 sd ????` (discard two unknown cards), `p2 sd` (stand
pat), `p2 sm 8c5d7sTh` (show at the showdown), `p4 sm` (muck). Several hands go in one file
as TOML tables `[1]`, `[2]`... (the `.phhs` convention, read by pokerkit's
`HandHistory.loads_all`). Written by our own emitter: pokerkit is only a test dependency.

Conventions (each a "Choice:" where PHH leaves room):

- Players are those dealt in, numbered from the first seat left of the button (p1) to the
  button (last), as PHH and pokerkit number them. The optional fields `seats` and `players`
  give each one's seat and name.
- Money is integers in the hand's smallest unit, as everywhere in hhtracker: cents for cash
  (`currency = "USD"`), chips for tournaments and play money (no `currency`); the
  user-defined field `_unit` says which ("cents" | CHIPS).
- Forced bets are per player (`antes`, `blinds_or_straddles`; PHH reverses both heads-up, so
  they are written reversed there). The first big blind posted is the big blind; a later
  one (a player posting to come in) is a negative value, pokerkit's "post bet", which does
  not move who acts first; the dead part of a "small and big blind" post is an ante.
- Cards nobody saw are `??`: opponents' hands and draws. Known cards: the hero's deal and
  draws, and the hands shown or revealed at the showdown (`pN sm <cards>`); a player at the
  showdown whose cards were never seen mucks (`pN sm`).
- The site's rake is the user-defined field `_rake`, the hand's total (PHH has no rake
  field; pokerkit takes a rake function), and `_pot_rakes`, what it took from each pot
  (main pot first), when there are side pots and the site printed them: sites differ
  (PokerStars rakes every pot a share). `winnings` (after rake) and `finishing_stacks`
  are the site's.
- Hands PHH cannot describe raise `NotExportable` with the reason: pot-limit and no-limit
  Badugi (PHH has fixed-limit Badugi only), and a fold by an all-in player (PokerStars
  prints one for an all-in player who sat out: he forfeits the pot; in PHH an all-in player
  has no more actions, so the pot would go to the showdown instead), and a hand run twice
  (KingsClub's run it twice: PHH deals each draw once).
- No-limit 2-7 Single Draw ("N2L1D") gives `min_bet`, the big blind, instead of the fixed
  limit's `small_bet` and `big_bet`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..model import (
    CHIPS,
    BettingStructure,
    BlindKind,
    DealtCards,
    PostAnte,
    PostBlind,
    Site,
)
from ..games import GAMES, game_of
from ..rules.replay import Action, ActionKind, ReplayedHand
from ..rules.structures import bet_unit
from ..sites import SITES

_STRUCTURE_WORDS = {BettingStructure.FIXED_LIMIT: "fixed-limit", BettingStructure.POT_LIMIT: "pot-limit",
                    BettingStructure.HALF_POT_LIMIT: "half-pot-limit", BettingStructure.NO_LIMIT: "no-limit"}


def _exportable() -> str:
    """The games and structures PHH has, from the game records: "fixed-limit Badugi, FB"."""
    return "; ".join(f"{_STRUCTURE_WORDS[v.structure]} {game.name}, {v.code}" for game in GAMES.values() for v in game.phh)

_BETTING = {ActionKind.FOLD: "f", ActionKind.CHECK: "cc", ActionKind.CALL: "cc"}
_FORCED = frozenset({ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.DEAD_BLIND, ActionKind.ANTE})


class NotExportable(ValueError):
    """A hand PHH cannot describe; str() is the reason."""


@dataclass(frozen=True, slots=True)
class PhhHand:
    """One hand in PHH: fields, in the order written (required fields first; user-defined
    ones start with `_`). `dumps()` is its TOML text."""

    site: Site
    hand_id: str
    fields: tuple[tuple[str, object], ...]

    def field(self, name: str) -> object:
        for key, value in self.fields:
            if key == name:
                return value
        raise KeyError(name)

    def dumps(self) -> str:
        return "".join(_toml_field(key, value) for key, value in self.fields)


def unknown(count: int) -> str:
    """`count` unknown cards in PHH notation: "????" for two."""
    return "??" * count


def cards_text(cards: Sequence[Card]) -> str:
    """Known cards in PHH notation, no spaces: "As3h8h6s"."""
    return "".join(str(card) for card in cards)


def to_phh(replayed: ReplayedHand) -> PhhHand:
    """The PHH description of a replayed hand. raises NotExportable (reason in the message)
    for a hand PHH cannot describe: a game or structure without a PHH code in its record
    (games.py: PHH has fixed-limit Badugi, not Badacey or Badeucey), a fold by an all-in player, fewer than two players dealt in,
    betting after a short all-in that PHH's fixed limit cannot say (`_short_all_in_beyond_phh`)."""
    hand = replayed.hand
    game = game_of(hand.game)
    if game is None or not game.phh:
        raise NotExportable(f"{game.name if game is not None else hand.game}: PHH has no variant for it (only {_exportable()})")
    variant = game.phh_code(hand.structure)
    if variant is None:
        raise NotExportable(f"{hand.structure.value} {game.name}: PHH has only {_exportable()}")
    button = hand.button_seat
    dealt = sorted((p for p in replayed.players if p.dealt_in), key=lambda p: ((p.seat - button - 1) % 1000, p.seat))
    if len(dealt) < 2:
        raise NotExportable(f"{len(dealt)} player{'' if len(dealt) == 1 else 's'} dealt in: PHH needs two or more")
    if hand.runs == 2:
        raise NotExportable("the hand was run twice: PHH describes a draw dealt once")
    forfeits = sorted({a.player for a in replayed.actions if a.kind is ActionKind.FOLD and a.all_in})
    if forfeits:
        raise NotExportable(f"{', '.join(forfeits)} folds while all-in (forfeits the pot): PHH has no action for that")
    index = {p.player: i for i, p in enumerate(dealt)}
    short = _short_all_in_beyond_phh(replayed, index)
    if short is not None:
        raise NotExportable(short)
    label = {name: f"p{i + 1}" for name, i in index.items()}
    count = len(dealt)

    # Forced bets, per player.
    antes = [0] * count
    blinds = [0] * count
    big_seen = False
    for event in hand.events:
        if isinstance(event, PostAnte) and event.player in index:
            antes[index[event.player]] += event.amount
        elif isinstance(event, PostBlind) and event.player in index:
            i = index[event.player]
            if event.kind is BlindKind.SMALL:
                blinds[i] += event.amount
            elif event.kind is BlindKind.BIG and not big_seen:
                big_seen = True
                blinds[i] += event.amount
            else:  # a later big blind, or a dead small blind with a big one: a "post bet"
                live = event.amount if event.kind is BlindKind.BIG else min(event.amount, replayed.big_blind)
                antes[i] += event.amount - live
                blinds[i] -= live
    if count == 2:  # PHH: forced bets are reversed heads-up
        antes.reverse()
        blinds.reverse()

    actions = _actions(replayed, index, label)
    results = {p.player: p for p in dealt}
    phh_fields: list[tuple[str, object]] = [
        ("variant", variant),
        ("antes", antes),
        ("blinds_or_straddles", blinds),
        *_bet_sizes(hand.structure, hand.stakes.small_bet, hand.stakes.big_bet),
        ("starting_stacks", [p.stack for p in dealt]),
        ("actions", actions),
        ("venue", SITES[hand.site].name),
    ]
    if hand.tournament is not None:
        phh_fields.append(("event", f"Tournament #{hand.tournament.tournament_id} {hand.tournament.buy_in}".strip()))
    start = hand.start_time
    phh_fields += [
        ("time", _LocalTime(start.hour, start.minute, start.second)),
        ("time_zone", "UTC"),
        ("day", start.day),
        ("month", start.month),
        ("year", start.year),
        ("hand", int(hand.hand_id) if hand.hand_id.isdigit() and len(hand.hand_id) < 19 else hand.hand_id),
    ]
    level = _level(hand.tournament.level) if hand.tournament is not None else None
    if level is not None:
        phh_fields.append(("level", level))
    phh_fields += [("seats", [p.seat for p in dealt])]
    if hand.max_seats is not None:
        phh_fields.append(("seat_count", hand.max_seats))
    phh_fields += [
        ("table", hand.table),
        ("players", [p.player for p in dealt]),
        ("finishing_stacks", [results[p.player].stack + results[p.player].net for p in dealt]),
        ("winnings", [results[p.player].collected for p in dealt]),
    ]
    if hand.currency != CHIPS:
        phh_fields.append(("currency", hand.currency))
    phh_fields += [
        ("_site", hand.site.value),
        ("_unit", hand.money_unit),
        ("_rake", replayed.rake),
    ]
    if replayed.rake and len(replayed.pots) > 1 and all(p.printed is not None for p in replayed.pots):
        phh_fields.append(("_pot_rakes", [p.amount - (p.printed or 0) for p in replayed.pots]))
    return PhhHand(hand.site, hand.hand_id, tuple(phh_fields))


def _bet_sizes(structure: BettingStructure, small: int, big: int) -> list[tuple[str, object]]:
    """The variant's bet-size fields: fixed limit `small_bet` and `big_bet` (the header's two
    amounts); no limit and pot limit `min_bet`, the big blind (the header's second amount:
    the blinds, Stakes' doc)."""
    if structure is BettingStructure.FIXED_LIMIT:
        return [("small_bet", small), ("big_bet", big)]
    return [("min_bet", big)]


def _actions(replayed: ReplayedHand, index: dict[str, int], label: dict[str, str]) -> list[str | _Comment]:
    """The actions field: the deal, then per round its betting and the draw after it, then
    the showdown."""
    hand = replayed.hand
    hero = replayed.hero if replayed.hero in index else None
    hero_draws = [d for d in replayed.draws if d.player == hero]
    hero_deal = next((e.cards for e in hand.events if isinstance(e, DealtCards) and e.new is None and e.player == hero), None)
    record = game_of(hand.game)
    dealt = record.cards if record is not None else 4  # (4 in Badugi, 5 in 2-7 Triple Draw)
    # Write the hero's cards only when the whole trail is known (his deal, every discard and
    # every new card); else, like any opponent, his cards are unknown until shown.
    hero_known = (
        hero_deal is not None
        and len(hero_deal) == dealt
        and all(d.discarded == 0 or (d.discarded_cards is not None and d.new_cards is not None
                                     and len(d.discarded_cards) == len(d.new_cards) == d.discarded)
                for d in hero_draws)
    )
    order = sorted(index, key=index.__getitem__)
    out: list[str | _Comment] = [_Comment("the deal")]
    for player in order:
        cards = cards_text(hero_deal) if player == hero and hero_known and hero_deal else unknown(dealt)
        out.append(f"d dh {label[player]} {cards}")
    betting = _betting_codes(replayed, index)
    for number in (1, 2, 3, 4):
        if number > 1:
            draw = sorted((d for d in replayed.draws if d.draw == number - 1 and d.player in index),
                          key=lambda d: index[d.player])
            if draw:
                out.append(_Comment(f"draw {number - 1}"))
            for d in draw:
                known = d.player == hero and hero_known
                if d.discarded == 0:
                    out.append(f"{label[d.player]} sd")
                else:
                    thrown = cards_text(d.discarded_cards) if known and d.discarded_cards else unknown(d.discarded)
                    out.append(f"{label[d.player]} sd {thrown}")
            for d in draw:
                if d.discarded:
                    known = d.player == hero and hero_known
                    new = cards_text(d.new_cards) if known and d.new_cards else unknown(d.discarded)
                    out.append(f"d dh {label[d.player]} {new}")
        this_round = [(a, code) for a, code in betting if a.round == number]
        if this_round:
            out.append(_Comment("pre-draw betting" if number == 1 else f"betting after draw {number - 1}"))
        for action, code in this_round:
            if code is None:
                out.append(_Comment(f"{label[action.player]} {action.kind.value}s: every opponent is all-in, no action in PHH"))
            else:
                out.append(f"{label[action.player]} {code}")
    at_showdown = [p for p in replayed.players if p.showdown and p.player in index]
    if at_showdown:
        out.append(_Comment("showdown"))
    for result in sorted(at_showdown, key=lambda p: index[p.player]):
        final = result.final_cards
        if final is not None and len(final) == dealt:
            out.append(f"{label[result.player]} sm {cards_text(final)}")
        else:
            out.append(f"{label[result.player]} sm")
    return out


def _short_all_in_beyond_phh(replayed: ReplayedHand, index: dict[str, int]) -> str | None:
    """Why PHH's fixed limit cannot say this hand's betting after a short all-in, or None.
    The sites complete a bet or raise of less than a full bet to their level, let a half bet
    reopen the betting (rules/structures.py), and have a short all-in big blind called in
    full; pokerkit asks a full bet over the short one, never reopens, and makes a call of a
    short big blind its amount, so it refuses such hands ("Unable to repair the hand
    history") or ends them with other stacks. Said: a bet or raise (one PHH writes as such,
    `_betting_codes`) after a short all-in on the same round that is less than a full bet
    over it or by a player who had acted on the round before it; any pre-draw bet above a
    short all-in big blind. A full raise over a short all-in is written as it is."""
    hand = replayed.hand
    if hand.structure is not BettingStructure.FIXED_LIMIT:
        return None
    short_blind = next((a for a in replayed.actions if a.kind is ActionKind.BIG_BLIND and a.all_in
                        and a.to < replayed.big_blind), None)
    if short_blind is not None:
        over = next((a for a in replayed.actions if a.round == short_blind.round and a.seq > short_blind.seq
                     and a.kind not in _FORCED and a.to > short_blind.to), None)
        if over is not None:
            return (f"{over.player} puts {over.to:,} in over {short_blind.player}'s short all-in big blind of "
                    f"{short_blind.to:,}: PHH's blinds (pokerkit) make a call of it that amount")
    short: Action | None = None
    before_short: set[str] = set()
    for action, code in _betting_codes(replayed, index):
        if short is not None and action.round != short.round:
            short = None
        if action.kind not in (ActionKind.BET, ActionKind.RAISE) or code is None or not code.startswith("cbr"):
            continue
        unit = bet_unit(hand.structure, hand.stakes, action.round, replayed.big_blind)
        if short is not None:
            if action.to != short.to + unit or action.player in before_short:
                return (f"{action.player} raises to {action.to:,} after a short all-in (less than a full bet) on the "
                        "same round, as the site's half-bet rule lets him: PHH's fixed limit (pokerkit) asks a full "
                        "bet over the short one and never reopens the betting")
            short = None  # a full raise over it: the betting is open again
            continue
        if action.all_in and action.to - action.facing < unit:
            short = action
            before_short = {a.player for a in replayed.actions
                            if a.round == action.round and a.seq < action.seq and a.kind not in _FORCED}
    return None


def _betting_codes(replayed: ReplayedHand, index: dict[str, int]) -> list[tuple[Action, str | None]]:
    """Each betting action (blinds and antes left out) with its PHH code: `f`, `cc` or
    `cbr <to>` (the player's total bet on the round after it).

    Choice: a bet or raise made when every opponent still in is all-in has nobody to call
    it, so pokerkit refuses it (and the site gives the excess back as an uncalled bet): a
    raise facing a bet is written as the call it amounts to; a check or bet facing nothing
    is no action at all in PHH (None, written as a comment). Likewise a raise when no
    opponent still in can put in more than the bet faced (no limit: Hero all-in for 119.75, a
    raise to 155.48 with the blinds, who hold less, still to act) is written as a call."""
    folded: set[str] = set()
    all_in: set[str] = set()
    # the most each player can have in a round: his stack less what he put in the rounds
    # before (uncalled bets returned)
    results = {p.player: p for p in replayed.players}
    out: list[tuple[Action, str | None]] = []
    for action in replayed.actions:
        if action.kind not in _FORCED and action.player in index:
            code: str | None = _BETTING.get(action.kind, f"cbr {action.to}")
            others = [p for p in index if p != action.player and p not in folded]
            if action.kind is not ActionKind.FOLD and others and all(p in all_in for p in others):
                facing_a_bet = action.facing > action.to - action.amount
                code = "cc" if facing_a_bet else None
            elif action.kind is ActionKind.RAISE and others:
                # a raise when no opponent still in can put in more than the bet faced (the
                # site gives the excess back as an uncalled bet): pokerkit refuses it, "no
                # reason to raise"; it is the call it amounts to
                most = max(results[p].stack - sum(results[p].by_round[: action.round - 1]) for p in others)
                if most <= action.facing:
                    code = "cc"
            out.append((action, code))
        if action.kind is ActionKind.FOLD:
            folded.add(action.player)
        if action.all_in:
            all_in.add(action.player)
    return out


_ROMAN = re.compile(r"^(M{0,3})(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def _level(text: str | None) -> int | None:
    """A tournament level as PHH wants it (an integer): "VII" -> 7, "12" -> 12; None if neither."""
    if not text:
        return None
    text = text.strip().upper()
    if text.isdigit():
        return int(text)
    if not _ROMAN.match(text):
        return None
    total = 0
    for letter, following in zip(text, text[1:] + " "):
        value = _ROMAN_VALUES[letter]
        total += -value if following != " " and _ROMAN_VALUES[following] > value else value
    return total or None


# --- a small TOML emitter ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _LocalTime:
    hour: int
    minute: int
    second: int


@dataclass(frozen=True, slots=True)
class _Comment:
    """A TOML comment line inside the actions array (ignored by readers)."""

    text: str


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_string(key)


def _toml_string(text: str) -> str:
    out = []
    for char in text:
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, _LocalTime):
        return f"{value.hour:02d}:{value.minute:02d}:{value.second:02d}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def _toml_field(key: str, value: object) -> str:
    if key == "actions" and isinstance(value, list):  # one action a line, with street comments
        lines = [f"{_toml_key(key)} = ["]
        for item in value:
            lines.append(f"  # {item.text}" if isinstance(item, _Comment) else f"  {_toml_string(item)},")
        lines.append("]")
        return "\n".join(lines) + "\n"
    return f"{_toml_key(key)} = {_toml_value(value)}\n"


def dumps_all(hands: Iterable[PhhHand]) -> str:
    """Hands as one `.phhs` text: TOML tables `[1]`, `[2]`... in order."""
    return "\n".join(f"[{number}]\n{hand.dumps()}" for number, hand in enumerate(hands, start=1))


def actions_of(hand: PhhHand) -> list[str]:
    """The action strings of a hand (comments left out)."""
    actions = hand.field("actions")
    assert isinstance(actions, list)  # to_phh always writes the actions as a list
    return [a for a in actions if isinstance(a, str)]
