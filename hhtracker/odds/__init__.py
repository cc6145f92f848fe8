"""Exact draw odds for Badugi (issue 18): `draws` (the probabilities of every keep) and
`decisions` (what the hero kept against the best keeps, and whether his keep was dominated).
Pure: no database, no parsing."""
