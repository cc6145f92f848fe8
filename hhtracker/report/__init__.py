"""Post-session review: the hero's sessions, one session's report, one hand replayed.

queries.py reads the database (read-only SQL, frozen dataclasses out); session.py splits
the hero's hands into sessions and builds a `SessionReport`; hand_text.py replays one stored
hand as readable text; render.py turns a report into a terminal table, an HTML page (jinja2,
templates/), a PNG chart (matplotlib, Agg) or JSON; replayer.py makes one hand's replayer
page (templates/replayer.html.j2 and replayer.js).
"""
