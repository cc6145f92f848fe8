"""Facts about every hand in sample_histories/, worked out by hand while writing the hands.

The tests replay each sample hand with our engine and compare its results with these.
Money is in integer cents for the cash file and in chips for the tournament file.

For every hand:

- total_pot: everything put in minus uncalled bets returned.
- rake: cash only, and only when the hand reached the first draw: 5% of the total pot rounded
  DOWN to a multiple of $0.05; zero on walks, on hands that end before the draw and in
  tournaments. All of it comes out of the main pot (the pot called "pot" when there is only one).
- pots: each pot as the collect lines name it ("pot", or "main pot" / "side pot", or
  "main pot" / "side pot-1" / "side pot-2"), main pot first; amount is after rake, and the
  winners are (player, share) in collect-line order. A split gives the odd cent to the first
  winner left of the button.
- put_in, collected, net: per seated player; net = collected - put_in, and the nets add up to
  minus the rake.
- start_stacks: the seat-line stacks; each one equals the previous hand's start stack + net.
- finishes: tournament "finished the tournament in Nth place" lines, in file order.

Street names in the comments: pre = before the first draw, d1/d2/d3 = betting after the
1st/2nd/3rd draw. Small bet $0.25 (pre, d1), big bet $0.50 (d2, d3); blinds $0.10/$0.25.
Tournament Level II: small bet 30, big bet 60, blinds 15/30.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CASH_FILE = "stars_cash_badugi_025_050.txt"
SNG_FILE = "stars_sng_badugi.txt"


@dataclass(frozen=True)
class Pot:
    name: str
    amount: int
    winners: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class HandFacts:
    hand_id: str
    file: str
    hero: str
    button_seat: int
    start_stacks: dict[str, int]
    total_pot: int
    rake: int
    pots: tuple[Pot, ...]
    put_in: dict[str, int]
    collected: dict[str, int]
    net: dict[str, int]
    finishes: tuple[tuple[str, int], ...] = field(default=())


def _hand(
    hand_id: str,
    file: str,
    button_seat: int,
    start_stacks: dict[str, int],
    total_pot: int,
    rake: int,
    pots: list[Pot],
    put_in: dict[str, int],
    collected: dict[str, int],
    finishes: tuple[tuple[str, int], ...] = (),
    hero: str = "Hero",
) -> HandFacts:
    """Fill in zeros for seated players who put nothing in / collected nothing, and net."""
    put = {p: put_in.get(p, 0) for p in start_stacks}
    got = {p: collected.get(p, 0) for p in start_stacks}
    return HandFacts(
        hand_id=hand_id, file=file, hero=hero, button_seat=button_seat,
        start_stacks=dict(start_stacks), total_pot=total_pot, rake=rake, pots=tuple(pots),
        put_in=put, collected=got, net={p: got[p] - put[p] for p in start_stacks},
        finishes=tuple(finishes),
    )


# =============================================================================== cash
# Table 'Quillfeather II' 6-max. Seats: 1 Hero, 2 velvetcrab, 3 Pelican42, 4 snowbird_sid,
# 5 gus_lavender (leaves after hand 5), 6 MarlowK.

CASH = [
    # 1. #48911200345 - button 3 Pelican42, SB 4 snowbird_sid, BB 5 gus_lavender.
    # Three-way showdown: Pelican42 stands pat on a badugi from the 2nd draw, snowbird_sid snows
    # (pat from the 1st draw on a 3-card Q,8,3, bets every street), Hero draws 2, 1, 1.
    # Hero:     pre 25 (call) + 25 (call raise) = 50; d1 25 + 25 = 50; d2 50 + 50 = 100; d3 50 -> 250
    # Pelican:  pre 50; d1 50; d2 100; d3 50                                               -> 250
    # snowbird: pre 10 (SB) + 40 = 50; d1 25 + 25 = 50; d2 50 + 50 = 100; d3 50            -> 250
    # gus:      BB 25, folds pre                                                           ->  25
    # total 250 * 3 + 25 = 775; rake 5% = 38.75 -> 35; pot 775 - 35 = 740 to Pelican42
    # (Badugi 8,7,5,2 beats 3-card 4,3,A and 3-card Q,8,3).
    # net: Pelican 740 - 250 = +490, Hero -250, snowbird -250, gus -25; sum -35 = -rake.
    _hand("48911200345", CASH_FILE, 3,
          {"Hero": 1000, "velvetcrab": 735, "Pelican42": 480, "snowbird_sid": 610,
           "gus_lavender": 120, "MarlowK": 1260},
          775, 35, [Pot("pot", 740, (("Pelican42", 740),))],
          {"Hero": 250, "Pelican42": 250, "snowbird_sid": 250, "gus_lavender": 25},
          {"Pelican42": 740}),
    # 2. #48911231872 - button 4, SB 5 gus_lavender, BB 6 MarlowK. A walk.
    # gus 10; MarlowK 25, uncalled 15 returned -> 10. total 20, no rake (no draw).
    # net: MarlowK 20 - 10 = +10, gus -10.
    _hand("48911231872", CASH_FILE, 4,
          {"Hero": 750, "velvetcrab": 735, "Pelican42": 970, "snowbird_sid": 360,
           "gus_lavender": 95, "MarlowK": 1260},
          20, 0, [Pot("pot", 20, (("MarlowK", 20),))],
          {"gus_lavender": 10, "MarlowK": 10},
          {"MarlowK": 20}),
    # 3. #48911250917 - button 5 gus_lavender, SB 6 MarlowK, BB 1 Hero.
    # gus ($0.85) raises pre, calls all-in for $0.35 after the 1st draw; the others check it down.
    # gus:      pre 50; d1 35 all-in                    -> 85
    # velvet:   pre 25 + 25 = 50; d1 25 + 25 = 50       -> 100
    # Pelican:  pre 25 + 25 = 50; d1 50                 -> 100
    # MarlowK:  SB 10, folds; Hero: BB 25, folds
    # main pot (level 85): 85 + 85 + 85 + 10 + 25 = 290 among gus, velvet, Pelican
    # side pot: (100 - 85) * 2 = 30 among velvet, Pelican
    # total 320; rake 5% = 16 -> 15, all from the main pot: main 290 - 15 = 275, side 30.
    # gus Badugi 7,4,3,A wins the main pot; velvet Badugi 9,6,4,2 beats Pelican42's mucked
    # Badugi T,8,5,2 for the side pot.
    # net: gus 275 - 85 = +190, velvet 30 - 100 = -70, Pelican -100, MarlowK -10, Hero -25;
    # sum -15 = -rake.
    _hand("48911250917", CASH_FILE, 5,
          {"Hero": 750, "velvetcrab": 735, "Pelican42": 970, "snowbird_sid": 360,
           "gus_lavender": 85, "MarlowK": 1270},
          320, 15,
          [Pot("main pot", 275, (("gus_lavender", 275),)),
           Pot("side pot", 30, (("velvetcrab", 30),))],
          {"Hero": 25, "velvetcrab": 100, "Pelican42": 100, "gus_lavender": 85, "MarlowK": 10},
          {"gus_lavender": 275, "velvetcrab": 30}),
    # 4. #48911298466 - button 6 MarlowK, SB 1 Hero, BB 2 velvetcrab.
    # Pre-draw capped (25 BB, 50, 75, 100 "Betting is capped"); Hero stands pat; his bet after
    # the 2nd draw is not called.
    # Hero:     SB 10 + 65 (raise to 75) + 25 (call) = 100; d1 25; d2 50 returned -> 125
    # snowbird: 50 + 50 (raise to 100) = 100; d1 25                               -> 125
    # velvet:   BB 25, folds
    # total 125 + 125 + 25 = 275; rake 5% = 13.75 -> 10; Hero collects 265.
    # net: Hero 265 - 125 = +140, snowbird -125, velvet -25; sum -10.
    _hand("48911298466", CASH_FILE, 6,
          {"Hero": 725, "velvetcrab": 665, "Pelican42": 870, "snowbird_sid": 360,
           "gus_lavender": 275, "MarlowK": 1260},
          275, 10, [Pot("pot", 265, (("Hero", 265),))],
          {"Hero": 125, "snowbird_sid": 125, "velvetcrab": 25},
          {"Hero": 265}),
    # 5. #48911337120 - button 1 Hero, SB 2 velvetcrab, BB 3 Pelican42. 3-card vs 3-card.
    # gus:     pre 25; d1 25; d2 50 -> 100
    # Pelican: BB 25; d1 25; d2 50  -> 100
    # velvet:  SB 10, folds
    # total 210; rake 5% = 10.5 -> 10; gus collects 200 ("$2") with 3-card 6,4,3 over 7,5,2.
    # net: gus +100, Pelican -100, velvet -10; sum -10.
    _hand("48911337120", CASH_FILE, 1,
          {"Hero": 865, "velvetcrab": 640, "Pelican42": 870, "snowbird_sid": 235,
           "gus_lavender": 275, "MarlowK": 1260},
          210, 10, [Pot("pot", 200, (("gus_lavender", 200),))],
          {"velvetcrab": 10, "Pelican42": 100, "gus_lavender": 100},
          {"gus_lavender": 200}),
    # 6. #48911380563 - button 2 velvetcrab, SB 3 Pelican42, BB 4 snowbird_sid (seat 5 empty).
    # Split pot: Pelican42 [8c 5d 3h 2s] and MarlowK [8d 5s 3c 2h], both Badugi 8,5,3,2.
    # MarlowK: pre 25; d1 25; d2 50 -> 100
    # Pelican: SB 10 + 15 = 25; d1 25; d2 50 -> 100
    # Hero:    pre 25; d1 25; folds d2 -> 50
    # snowbird: BB 25; folds d1 -> 25
    # total 275; rake 5% = 13.75 -> 10; pot 265 split 132.5 each: the odd cent to the first
    # winner left of the button (seat 3 Pelican42): Pelican 133, MarlowK 132.
    # net: Pelican +33, MarlowK +32, Hero -50, snowbird -25; sum -10.
    _hand("48911380563", CASH_FILE, 2,
          {"Hero": 865, "velvetcrab": 630, "Pelican42": 770, "snowbird_sid": 235,
           "MarlowK": 1260},
          275, 10, [Pot("pot", 265, (("Pelican42", 133), ("MarlowK", 132)))],
          {"MarlowK": 100, "Hero": 50, "Pelican42": 100, "snowbird_sid": 25},
          {"Pelican42": 133, "MarlowK": 132}),
    # 7. #48911409981 - button 3 Pelican42, SB 4 snowbird_sid, BB 6 MarlowK.
    # Hero raises to 50, everybody folds: uncalled 25 returned, Hero put in 25.
    # total 10 + 25 + 25 = 60, no rake (ended before the draw); Hero collects 60.
    # net: Hero +35, snowbird -10, MarlowK -25.
    _hand("48911409981", CASH_FILE, 3,
          {"Hero": 815, "velvetcrab": 630, "Pelican42": 803, "snowbird_sid": 210,
           "MarlowK": 1292},
          60, 0, [Pot("pot", 60, (("Hero", 60),))],
          {"Hero": 25, "snowbird_sid": 10, "MarlowK": 25},
          {"Hero": 60}),
    # 8. #48911423740 - button 4 snowbird_sid, SB 6 MarlowK, BB 1 Hero.
    # Hero draws 1 then stands pat; the bets after the 3rd draw are capped (50, 100, 150, 200).
    # Hero:   BB 25; d1 25; d2 50; d3 50 + 100 (raise to 150) + 50 (call 200) = 200 -> 300
    # velvet: pre 25; d1 25; d2 50; d3 100 (raise to 100) + 100 (raise to 200) = 200 -> 300
    # MarlowK: SB 10 + 15 = 25, folds d1
    # total 625; rake 5% = 31.25 -> 30; Hero collects 595 (Badugi 6,5,3,A over 7,6,4,2).
    # net: Hero +295, velvet -300, MarlowK -25; sum -30.
    _hand("48911423740", CASH_FILE, 4,
          {"Hero": 850, "velvetcrab": 630, "Pelican42": 803, "snowbird_sid": 200,
           "MarlowK": 1267},
          625, 30, [Pot("pot", 595, (("Hero", 595),))],
          {"Hero": 300, "velvetcrab": 300, "MarlowK": 25},
          {"Hero": 595}),
    # 9. #48911471158 - button 6 MarlowK, SB 1 Hero, BB 2 velvetcrab.
    # velvet:  BB 25 + 25 = 50; d1 25; d2 50; d3 50 -> 175
    # MarlowK: pre 50; d1 25; d2 50; d3 50           -> 175
    # Pelican: pre 50; d1 25; d2 50; folds d3        -> 125
    # Hero:    SB 10, folds
    # total 175 + 175 + 125 + 10 = 485; rake 5% = 24.25 -> 20; MarlowK collects 465
    # (Badugi 9,7,5,A over J,9,4,3).
    # net: MarlowK +290, velvet -175, Pelican -125, Hero -10; sum -20.
    _hand("48911471158", CASH_FILE, 6,
          {"Hero": 1145, "velvetcrab": 330, "Pelican42": 803, "snowbird_sid": 200,
           "MarlowK": 1242},
          485, 20, [Pot("pot", 465, (("MarlowK", 465),))],
          {"velvetcrab": 175, "MarlowK": 175, "Pelican42": 125, "Hero": 10},
          {"MarlowK": 465}),
]

# ========================================================================= tournament
# Tournament #412733906, 8 entrants x 1500 = 12000 chips; 3rd place pays $1.60.
# Table '412733906 1' 8-max. Six players left at the first hand.

SNG = [
    # 1. #53120044817 - button 8 quietpike, SB 1 Hero, BB 2 ninefold.
    # Three players all-in (tallowmoth 145, zanzibar77 210, quietpike 480), Hero covers.
    # pre capped at 120: Hero 15 + 105, tallowmoth 60 + 60, zanzibar 90 + 30, quietpike 120;
    #   ninefold BB 30, folds.
    # d1 (capped at 120): Hero 30 + 90 = 120; tallowmoth calls 25 all-in (120 + 25 = 145);
    #   zanzibar 60 + 30 all-in (120 + 90 = 210); quietpike 90 + 30 = 120 (-> 240).
    # d2: Hero 60, quietpike 60.  d3: Hero 60 + 120 = 180, quietpike 120 + 60 all-in = 180.
    # put in: Hero 120 + 120 + 60 + 180 = 480, quietpike 480, zanzibar 210, tallowmoth 145,
    #   ninefold 30; total 1345.
    # main pot (level 145): 145 * 4 + 30 = 610 among tallowmoth, zanzibar, quietpike, Hero
    # side pot-1 (145..210): 65 * 3 = 195 among zanzibar, quietpike, Hero
    # side pot-2 (210..480): 270 * 2 = 540 among quietpike, Hero
    # tallowmoth Badugi 6,4,3,A wins the main pot; Hero Badugi 7,5,4,2 beats quietpike's
    # 8,6,3,2 and zanzibar's 3-card J,5,2 for both side pots: 195 + 540 = 735.
    # net: Hero 735 - 480 = +255, tallowmoth 610 - 145 = +465, zanzibar -210, quietpike -480,
    # ninefold -30; sum 0. zanzibar (started with less) finishes 6th, quietpike 5th.
    _hand("53120044817", SNG_FILE, 8,
          {"Hero": 5620, "ninefold": 40, "tallowmoth": 145, "zanzibar77": 210,
           "Brisket_Bo": 5505, "quietpike": 480},
          1345, 0,
          [Pot("main pot", 610, (("tallowmoth", 610),)),
           Pot("side pot-1", 195, (("Hero", 195),)),
           Pot("side pot-2", 540, (("Hero", 540),))],
          {"Hero": 480, "ninefold": 30, "tallowmoth": 145, "zanzibar77": 210, "quietpike": 480},
          {"Hero": 735, "tallowmoth": 610},
          finishes=(("zanzibar77", 6), ("quietpike", 5))),
    # 2. #53120097233 - button 1 Hero, SB 2 ninefold posts 10 and is all-in, BB 3 tallowmoth.
    # pre: Hero 30, tallowmoth 30, ninefold 10. d1 checked. d2: Hero 60, tallowmoth 60.
    # d3: Hero 60, tallowmoth 60. put in: Hero 150, tallowmoth 150, ninefold 10; total 310.
    # main pot: 10 * 3 = 30 among all three; side pot: 20 + 20 + 120 + 120 = 280 (Hero, tallowmoth).
    # Hero Badugi 9,3,2,A wins both (tallowmoth mucks T,7,4,2; ninefold shows 3-card K,8,6).
    # net: Hero 310 - 150 = +160, tallowmoth -150, ninefold -10 (finishes 4th).
    _hand("53120097233", SNG_FILE, 1,
          {"Hero": 5875, "ninefold": 10, "tallowmoth": 610, "Brisket_Bo": 5505},
          310, 0,
          [Pot("main pot", 30, (("Hero", 30),)),
           Pot("side pot", 280, (("Hero", 280),))],
          {"Hero": 150, "ninefold": 10, "tallowmoth": 150},
          {"Hero": 310},
          finishes=(("ninefold", 4),)),
    # 3. #53120131764 - button 3 tallowmoth (the button moves past the busted small blind's
    # seat to the previous big blind, as in the real 2010 SNG), SB 6 Brisket_Bo, BB 1 Hero.
    # pre capped: tallowmoth 120, Brisket 15 + 75 + 30 = 120, Hero BB 30 folds.
    # d1 capped: 120 each. d2: Brisket 60 + 120 = 180, tallowmoth 120 + 60 = 180.
    # d3: Brisket bets 60, tallowmoth calls 40 all-in, uncalled 20 returned to Brisket.
    # put in: tallowmoth 120 + 120 + 180 + 40 = 460 (all of it), Brisket 460, Hero 30; total 950.
    # Brisket Badugi 7,4,3,A beats K,9,5,2 and collects 950.
    # net: Brisket +490, tallowmoth -460 (3rd, $1.60), Hero -30.
    _hand("53120131764", SNG_FILE, 3,
          {"Hero": 6035, "tallowmoth": 460, "Brisket_Bo": 5505},
          950, 0, [Pot("pot", 950, (("Brisket_Bo", 950),))],
          {"Hero": 30, "tallowmoth": 460, "Brisket_Bo": 460},
          {"Brisket_Bo": 950},
          finishes=(("tallowmoth", 3),)),
    # 4. #53120170390 - heads-up: button 1 Hero posts the small blind, Brisket_Bo the big blind
    # (Hero gets the button so that nobody has the big blind twice in a row).
    # pre capped HU: Hero 15 + 45 (to 60) + 60 (to 120) = 120, Brisket 30 + 60 (to 90) + 30 = 120.
    # d1: Hero 30, Brisket 30. d2: Brisket bets 60, Hero folds, 60 returned.
    # total 150 + 150 = 300 to Brisket. net: Brisket +150, Hero -150.
    _hand("53120170390", SNG_FILE, 1,
          {"Hero": 6005, "Brisket_Bo": 5995},
          300, 0, [Pot("pot", 300, (("Brisket_Bo", 300),))],
          {"Hero": 150, "Brisket_Bo": 150},
          {"Brisket_Bo": 300}),
    # 5. #53120193408 - heads-up: button 6 Brisket_Bo posts the small blind, Hero the big blind.
    # pre: 30 each. d1: 30 each. d2: 60 each. d3: Brisket 60 + 60 (calls the raise) = 120,
    # Hero 120. put in 240 each, total 480 to Hero (Badugi 8,5,4,2 over 9,6,3,A).
    # net: Hero +240, Brisket -240.
    _hand("53120193408", SNG_FILE, 6,
          {"Hero": 5855, "Brisket_Bo": 6145},
          480, 0, [Pot("pot", 480, (("Hero", 480),))],
          {"Hero": 240, "Brisket_Bo": 240},
          {"Hero": 480}),
]

HANDS: tuple[HandFacts, ...] = tuple(CASH + SNG)
BY_ID: dict[str, HandFacts] = {h.hand_id: h for h in HANDS}
