"""The games hhtracker reads, one record each: everything every layer needs to know of a game.

A game is a `GameRecord` in `GAMES`, keyed by its `GameId` (the name stored in `hands.game`).
Every layer reads the record instead of naming the game: detection takes the words each site
writes for it (`spellings`), the parsers store its id, the rules layer maps its `Evaluator`s
to our evaluators (rules/games.py), statistics read what snow and break mean (`made_hand`)
and the showdown classes of each half, the store sizes its draw columns from `MOST_CARDS` and
`MOST_DRAWS`, the exports take its PHH code, the generator the site format it is written in.
Adding a game is one record here (and its `GameId`) plus its evaluator or its grammar.

Plain data at the bottom of the layers (beside model.py): it imports nothing of parse, rules
or anything above them.

| game | cards | draws | halves (evaluator) | read on |
|---|---|---|---|---|
| Badugi | 4 | 3 | the whole pot: Badugi, ace low | every site |
| Badacey | 5 | 3 | Badugi, ace low; A-5 low | KingsClub |
| Badeucey | 5 | 3 | Badugi, ace high; 2-7 low | KingsClub |
| 2-7 Triple Draw | 5 | 3 | the whole pot: 2-7 low (no pair, straight or flush; ace high) | PokerStars, Full Tilt, Merge, KingsClub |
| 2-7 Single Draw | 5 | 1 | the whole pot: 2-7 low | PokerStars, KingsClub, Full Tilt |
| A-5 Single Draw | 5 | 1 | the whole pot: A-5 low (five ranks; ace low) | KingsClub |
| A-5 Triple Draw | 5 | 3 | the whole pot: A-5 low (straights and flushes do not count; ace low) | KingsClub, Full Tilt |
| 5-Card Draw | 5 | 1 | the whole pot: five-card high (standard poker ranks) | PokerStars, Full Tilt |

Sources: ../shared/seeds/001 "Variants" (Badacey: "best Badugi hand wins half, best A-5
lowball hand wins the other half"; Badeucey: "Split pot between best Badugi and best 2-7
lowball hand"); seeds/002 section 2 (the ace "is low here and in Badacey, and high in
Badeucey"); five cards dealt and the KingsClub header words: FORMATS.md section 3; the odd
chip to the low half: the BARGE rulebook, "Ties & Odd Chips" (rules/games.py quotes it); PHH's
variant code "FB" (fixed-limit Badugi) and "F2L3D" (fixed-limit deuce-to-seven triple draw): the
PHH specification's variant table. 2-7 Triple Draw's site words: the real files of
../shared/corpus-draw ("Triple Draw 2-7 Lowball Limit" on PokerStars, "Limit 2-7 Triple Draw"
on Full Tilt, type="2-7 Lowball" stakes="Pot Limit" on Merge); its made hand: STATS.md "The
other draw games". A-5 Triple Draw's and 2-7 Triple Draw's KingsClub words: FORMATS.md
section 3 ("#N: Limit A-5 Triple Draw - 44/88", "#N: Limit 2-7 Triple Draw - 40/80") and the
real file KingsClub__A5TD_FL_cash_202010.txt; A-5 Triple Draw's Full Tilt words: FORMATS.md
section 2.2 ("... - Limit A-5 Triple Draw - ...") and fpdb's FullTiltPokerToFpdb.py game table;
5-Card Draw's PokerStars words: the real file PokerStars__5CD_FL_cash_201106_sidepot.txt ("5
Card Draw Limit") and fpdb's PokerStarsToFpdb.py game table; its Full Tilt words: fpdb's
FulltiltToFpdb.py game table ("5 Card Draw" after the structure, "*** DRAW ***" its one draw). PHH has no code for A-5 Triple
Draw or 5-Card Draw (pokerkit's HandHistory.game_types lists none), so they are not exported
to PHH.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from .model import BettingStructure, Site

__all__ = [
    "ACE_TO_FIVE_SINGLE_DRAW", "ACE_TO_FIVE_TRIPLE_DRAW", "BADACEY", "BADEUCEY", "BADUGI", "DEUCE_TO_SEVEN_SINGLE_DRAW", "DEUCE_TO_SEVEN_TRIPLE_DRAW",
    "FIVE_CARD_DRAW", "FEWEST_CARDS", "GAMES", "MOST_CARDS", "MOST_DRAWS", "Evaluator", "GameId",
    "GameRecord", "HandClasses", "Half", "MadeHand", "PhhVariant", "Scoring", "Spelling", "game_of",
    "game_spelled", "has_high_classes", "has_low_classes", "is_split_game",
]


@unique
class GameId(StrEnum):
    """A game as stored (hands.game, the summary tables' `game`, `--game`): one per record."""

    BADUGI = "badugi"
    BADACEY = "badacey"
    BADEUCEY = "badeucey"
    DEUCE_TO_SEVEN_TRIPLE_DRAW = "27_triple_draw"
    # single-draw games (issue 25)
    DEUCE_TO_SEVEN_SINGLE_DRAW = "27_single_draw"
    ACE_TO_FIVE_SINGLE_DRAW = "a5_single_draw"
    # issue 25, branch fivecard: A-5 Triple Draw and 5-Card Draw
    ACE_TO_FIVE_TRIPLE_DRAW = "a5_triple_draw"
    FIVE_CARD_DRAW = "5_card_draw"


@unique
class Half(StrEnum):
    """A half of a split pot: the best Badugi hand's, or the best lowball hand's (also the
    part a whole-pot game's one Scoring names: LOW in the lowball games, HIGH in 5-Card Draw)."""

    BADUGI = "badugi"
    LOW = "low"
    HIGH = "high"  # (the whole pot of a high-hand game: 5-Card Draw)


@unique
class Evaluator(StrEnum):
    """Which of our evaluators scores a half (rules/games.py maps each to its function).

    BADUGI: up to four of the cards, no rank or suit repeated, ace low (rules/badugi5.py);
    BADUGI_ACE_HIGH: the same with the ace the highest card (Badeucey); ACE_TO_FIVE_LOW and
    DEUCE_TO_SEVEN_LOW: five cards, low (rules/lowball.py: A-5 ignores straights and flushes
    and plays the ace low; 2-7 counts them and plays the ace high)."""

    BADUGI = "badugi"
    BADUGI_ACE_HIGH = "badugi_ace_high"
    ACE_TO_FIVE_LOW = "ace_to_five_low"
    DEUCE_TO_SEVEN_LOW = "deuce_to_seven_low"
    HIGH = "high"  # five cards, standard high poker (rules/high.py: 5-Card Draw)


@unique
class HandClasses(StrEnum):
    """The showdown classes a half's hands are counted in: BADUGI the Badugi classes
    (rules/badugi.HandClass: a badugi by its top card, then 3-, 2-, 1-card hands, stored in
    hand_players.showdown_class); LOW the low classes (stats/five_card.LowClass: no pair by
    top card, then paired or worse)."""

    BADUGI = "badugi"
    LOW = "low"
    HIGH = "high"  # (the whole pot of a high-hand game: 5-Card Draw)


@unique
class MadeHand(StrEnum):
    """What a made hand is, which gives snow (standing pat without one) and break (throwing
    one away) their sense: BADUGI four cards of four ranks and four suits among those held
    (with five cards, stats/five_card.py: some four of them); DEUCE_TO_SEVEN_LOW five cards
    with no pair, no straight and no flush, the ace high; ACE_TO_FIVE_LOW five cards of five
    different ranks (straights and flushes do not count); NONE no made hand, snow and break
    not computed (5-Card Draw, a high-hand game) (STATS.md, "The other draw games")."""

    BADUGI = "badugi"
    DEUCE_TO_SEVEN_LOW = "deuce_to_seven_low"
    ACE_TO_FIVE_LOW = "ace_to_five_low"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Scoring:
    """Who takes a pot, or a half of it: the best hand by `evaluator`, counted in `classes`
    at the showdown."""

    half: Half
    evaluator: Evaluator
    classes: HandClasses


@dataclass(frozen=True, slots=True)
class Spelling:
    """The words `site` writes for the game in its headers, without the betting structure
    ("Badugi" in "Badugi Limit", "FL Badugi", "Limit Badacey"). A game is read on a site
    when it has a spelling there (and skipped, counted by its name as written, elsewhere)."""

    site: Site
    words: str


@dataclass(frozen=True, slots=True)
class PhhVariant:
    """PHH's code for the game in one betting structure ("FB": fixed-limit Badugi)."""

    structure: BettingStructure
    code: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game. id: as stored; name: as shown to users ("Badugi"); cards: dealt to each
    player, also the most one may discard at a draw; draws: the number of draws (a betting
    round before the first and after each); structures: the betting structures sites write
    it in; scoring: one `Scoring` for the whole pot, or two for a split pot (the Badugi half
    first); made_hand: what snow and break are measured against; spellings: the words each
    site writes for it; phh: its PHH codes by structure (none: PHH cannot describe it);
    odd_chip_half: the half that takes an odd smallest unit of a split pot; generated_as: the
    site whose format `hhtracker generate --game` writes it in."""

    id: GameId
    name: str
    cards: int
    draws: int
    structures: tuple[BettingStructure, ...]
    scoring: tuple[Scoring, ...]
    made_hand: MadeHand
    spellings: tuple[Spelling, ...]
    generated_as: Site
    phh: tuple[PhhVariant, ...] = ()
    odd_chip_half: Half = Half.LOW

    @property
    def split(self) -> bool:
        """True for a split-pot game (two halves)."""
        return len(self.scoring) > 1

    @property
    def sites(self) -> frozenset[Site]:
        """The sites whose hands of this game are read."""
        return frozenset(s.site for s in self.spellings)

    def scores(self, half: Half) -> Scoring | None:
        """The scoring of `half`, or None when the game has no such half."""
        return next((s for s in self.scoring if s.half is half), None)

    def words_on(self, site: Site) -> str | None:
        """The words `site` writes for the game, or None when its hands are not read there."""
        return next((s.words for s in self.spellings if s.site is site), None)

    def phh_code(self, structure: BettingStructure) -> str | None:
        """PHH's code for the game in `structure`, or None (PHH cannot describe it)."""
        return next((v.code for v in self.phh if v.structure is structure), None)


_EVERY_STRUCTURE = (BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.HALF_POT_LIMIT,
                    BettingStructure.NO_LIMIT)

BADUGI = GameRecord(
    id=GameId.BADUGI, name="Badugi", cards=4, draws=3, structures=_EVERY_STRUCTURE,
    scoring=(Scoring(Half.BADUGI, Evaluator.BADUGI, HandClasses.BADUGI),),
    made_hand=MadeHand.BADUGI,
    spellings=tuple(Spelling(site, "Badugi") for site in Site),
    generated_as=Site.POKERSTARS,
    phh=(PhhVariant(BettingStructure.FIXED_LIMIT, "FB"),),
)
BADACEY = GameRecord(
    id=GameId.BADACEY, name="Badacey", cards=5, draws=3, structures=(BettingStructure.FIXED_LIMIT,),
    scoring=(Scoring(Half.BADUGI, Evaluator.BADUGI, HandClasses.BADUGI),
             Scoring(Half.LOW, Evaluator.ACE_TO_FIVE_LOW, HandClasses.LOW)),
    made_hand=MadeHand.BADUGI,
    spellings=(Spelling(Site.KINGSCLUB, "Badacey"),),
    generated_as=Site.KINGSCLUB,
)
BADEUCEY = GameRecord(
    id=GameId.BADEUCEY, name="Badeucey", cards=5, draws=3, structures=(BettingStructure.FIXED_LIMIT,),
    scoring=(Scoring(Half.BADUGI, Evaluator.BADUGI_ACE_HIGH, HandClasses.BADUGI),
             Scoring(Half.LOW, Evaluator.DEUCE_TO_SEVEN_LOW, HandClasses.LOW)),
    made_hand=MadeHand.BADUGI,
    spellings=(Spelling(Site.KINGSCLUB, "Badeucey"),),
    generated_as=Site.KINGSCLUB,
)

DEUCE_TO_SEVEN_TRIPLE_DRAW = GameRecord(
    id=GameId.DEUCE_TO_SEVEN_TRIPLE_DRAW, name="2-7 Triple Draw", cards=5, draws=3,
    structures=(BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT),
    scoring=(Scoring(Half.LOW, Evaluator.DEUCE_TO_SEVEN_LOW, HandClasses.LOW),),
    made_hand=MadeHand.DEUCE_TO_SEVEN_LOW,
    spellings=(Spelling(Site.POKERSTARS, "Triple Draw 2-7 Lowball"), Spelling(Site.FULL_TILT, "2-7 Triple Draw"),
               Spelling(Site.MERGE, "2-7 Lowball"), Spelling(Site.KINGSCLUB, "2-7 Triple Draw")),
    generated_as=Site.POKERSTARS,
    phh=(PhhVariant(BettingStructure.FIXED_LIMIT, "F2L3D"),),
)

# The single-draw games (issue 25): one draw, two betting rounds, no limit and pot limit with
# antes. Site words: PokerStars "Single Draw 2-7 Lowball No Limit" and KingsClub "No Limit 2-7
# Single Draw" (../shared/corpus-draw); Full Tilt "No Limit 2-7 Single Draw" (FORMATS.md section 2,
# fpdb's FulltiltToFpdb.py game table and its real sample 1-Draw-NL-USD-0.10-0.20-201103.txt,
# one draw marked "*** DRAW ***"); KingsClub "Limit A-5 Single Draw" (fpdb-3's KingsClub
# parser's game list and its regression file A5-1-Draw-Limit-USD-50-100-202102.txt; no
# PokerStars spelling of A-5 Single Draw is known, so it is not read there).
DEUCE_TO_SEVEN_SINGLE_DRAW = GameRecord(
    id=GameId.DEUCE_TO_SEVEN_SINGLE_DRAW, name="2-7 Single Draw", cards=5, draws=1,
    structures=(BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.FIXED_LIMIT),
    scoring=(Scoring(Half.LOW, Evaluator.DEUCE_TO_SEVEN_LOW, HandClasses.LOW),),
    made_hand=MadeHand.DEUCE_TO_SEVEN_LOW,
    spellings=(Spelling(Site.POKERSTARS, "Single Draw 2-7 Lowball"), Spelling(Site.KINGSCLUB, "2-7 Single Draw"),
               Spelling(Site.FULL_TILT, "2-7 Single Draw")),
    generated_as=Site.POKERSTARS,
    phh=(PhhVariant(BettingStructure.NO_LIMIT, "N2L1D"),),
)
ACE_TO_FIVE_SINGLE_DRAW = GameRecord(
    id=GameId.ACE_TO_FIVE_SINGLE_DRAW, name="A-5 Single Draw", cards=5, draws=1,
    structures=(BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT),
    scoring=(Scoring(Half.LOW, Evaluator.ACE_TO_FIVE_LOW, HandClasses.LOW),),
    made_hand=MadeHand.ACE_TO_FIVE_LOW,
    spellings=(Spelling(Site.KINGSCLUB, "A-5 Single Draw"),),
    generated_as=Site.KINGSCLUB,
)

# --- issue 25, branch fivecard: A-5 Triple Draw and 5-Card Draw -------------------------------
# No PokerStars spelling of A-5 Triple Draw (nor of A-5 Single Draw) is known, so neither is
# read there: fpdb's PokerStarsToFpdb.py game table lists Badugi, the 2-7 games and 5 Card Draw
# only, its PokerStars regression files hold no A-5 hand, FORMATS.md gives none, and the one
# "Triple Draw A-5 Lowball" found in public code is a hand builder's guess, not a site's text.
ACE_TO_FIVE_TRIPLE_DRAW = GameRecord(
    id=GameId.ACE_TO_FIVE_TRIPLE_DRAW, name="A-5 Triple Draw", cards=5, draws=3,
    structures=(BettingStructure.FIXED_LIMIT,),
    scoring=(Scoring(Half.LOW, Evaluator.ACE_TO_FIVE_LOW, HandClasses.LOW),),
    made_hand=MadeHand.ACE_TO_FIVE_LOW,
    spellings=(Spelling(Site.KINGSCLUB, "A-5 Triple Draw"), Spelling(Site.FULL_TILT, "A-5 Triple Draw")),
    generated_as=Site.KINGSCLUB,
)
FIVE_CARD_DRAW = GameRecord(
    id=GameId.FIVE_CARD_DRAW, name="5-Card Draw", cards=5, draws=1,
    structures=(BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT),
    scoring=(Scoring(Half.HIGH, Evaluator.HIGH, HandClasses.HIGH),),
    made_hand=MadeHand.NONE,
    spellings=(Spelling(Site.POKERSTARS, "5 Card Draw"), Spelling(Site.FULL_TILT, "5 Card Draw")),
    generated_as=Site.POKERSTARS,
)

GAMES: dict[GameId, GameRecord] = {game.id: game for game in (BADUGI, BADACEY, BADEUCEY, DEUCE_TO_SEVEN_TRIPLE_DRAW,
                                                             DEUCE_TO_SEVEN_SINGLE_DRAW, ACE_TO_FIVE_SINGLE_DRAW,
                                                             ACE_TO_FIVE_TRIPLE_DRAW, FIVE_CARD_DRAW)}
"""Every game hhtracker reads, by id, Badugi first (the order games are listed in)."""

MOST_CARDS = max(game.cards for game in GAMES.values())
"""The most cards any game deals a player (the summary tables count draws of 0..MOST_CARDS)."""
FEWEST_CARDS = min(game.cards for game in GAMES.values())
"""The fewest cards any game deals (profiles always show draws of 0..FEWEST_CARDS cards)."""
MOST_DRAWS = max(game.draws for game in GAMES.values())
"""The most draws of any game (draw statistics are kept for draws 1..MOST_DRAWS)."""


def game_of(game: str) -> GameRecord | None:
    """The record of a stored game name ("badugi"), or None for a name no record has."""
    try:
        return GAMES[GameId(game)]
    except ValueError:
        return None


def game_order(game: str) -> tuple[int, str]:
    """A stored game name's place when games are listed: the order of GAMES (Badugi first),
    then names no record has, by name (a sort key)."""
    record = game_of(game)
    return (list(GAMES).index(record.id) if record is not None else len(GAMES), game)


def game_name(game: str) -> str:
    """The name a user reads for a stored game name ("27_triple_draw" -> "2-7 Triple Draw");
    a name no record has, as stored."""
    record = game_of(game)
    return game if record is None else record.name


def is_split_game(game: str | None) -> bool:
    """Whether a stored game name (or a `--game` choice) is a split-pot game; False for
    None, "all" and names no record has."""
    record = game_of(game) if game is not None else None
    return record is not None and record.split


def has_low_classes(game: str | None) -> bool:
    """Whether a stored game name (or a `--game` choice) counts low showdown classes (a
    scoring by HandClasses.LOW: Badacey's and Badeucey's low half, 2-7 and A-5 Triple Draw's
    whole hand); False for None, "all" and names no record has."""
    record = game_of(game) if game is not None else None
    return record is not None and any(s.classes is HandClasses.LOW for s in record.scoring)


def has_high_classes(game: str | None) -> bool:
    """Whether a stored game name (or a `--game` choice) counts high showdown classes (a
    scoring by HandClasses.HIGH: 5-Card Draw); False for None, "all" and names no record has."""
    record = game_of(game) if game is not None else None
    return record is not None and any(s.classes is HandClasses.HIGH for s in record.scoring)


def game_spelled(site: Site | None, words: str) -> GameRecord | None:
    """The game `site` names with `words` ("Badacey" on KingsClub), or None when that site's
    hands of it are not read (or no game is spelled so)."""
    for game in GAMES.values():
        if site is not None and game.words_on(site) == words:
            return game
    return None
