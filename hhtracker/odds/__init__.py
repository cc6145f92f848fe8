"""Exact draw odds. Badugi (issue 18): `draws` (the probabilities of every keep) and
`decisions` (what the hero kept against the best keeps, and whether his keep was dominated).
2-7 Triple Draw (issue 25): `lowball` (every keep's chance of a 7-, 8- or 9-low by the last
draw). Pure: no database, no parsing."""
