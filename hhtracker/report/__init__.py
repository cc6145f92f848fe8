"""Post-session review: the hero's sessions, one session's report, one hand replayed.

queries.py reads the database (read-only SQL, frozen dataclasses out); session.py splits
the hero's hands into sessions and builds a `SessionReport`; hand_text.py replays one stored
hand as readable text; render.py turns a report into a terminal table, an HTML page (jinja2,
templates/), a PNG chart (matplotlib, Agg) or JSON; replayer.py makes one hand's replayer
page (templates/replayer.html.j2 and replayer.js).
"""

REVIEW_LIMIT = 20
"""How many hands of each list to review (snows, breaks, warnings, hands left out) a report
lists by default: the snows, breaks and warnings with the biggest net won or lost in big bets
(ties: the oldest), the first hands left out; each list oldest first. Every one with
review_limit=None (`--all-hands`, `--json`)."""
