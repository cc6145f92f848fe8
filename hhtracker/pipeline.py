"""One hand through the pipeline's first stages: detect its site and game, parse it with
that site's grammar, replay it. The one place that does this, for hands read from files and
for hands read again from their stored raw text (reprocess, statistics refresh, export, the
hand report)."""

from __future__ import annotations

from .errors import UnsupportedHandError
from .model import Site
from .parse.detect import detect
from .parse.read import RawHand
from .parse.sites import Parsers
from .rules.replay import ReplayedHand, replay


def replay_raw(raw: RawHand, parsers: Parsers, site: Site | str | None = None) -> ReplayedHand:
    """Parse and replay one hand. site: the site when already known (a stored hand's), else
    detected from the first line. raises UnsupportedHandError for a site or game hhtracker
    does not read, HandSyntaxError (a HandHistoryError) for a hand that does not parse."""
    if site is None:
        detected = detect(raw.text.split("\n", 1)[0])
        if not detected.is_badugi:
            raise UnsupportedHandError(f"not a Badugi hand ({detected.game})", path=raw.path, line=raw.line)
        site = detected.site
    try:
        site = Site(site or "")  # (None or "" is refused here: ValueError)
    except ValueError:
        raise UnsupportedHandError(f"unknown site {site!r}", path=raw.path, line=raw.line) from None
    if not parsers.supports(site):
        raise UnsupportedHandError(f"site {site.value} is not supported", path=raw.path, line=raw.line)
    return replay(parsers.parse(raw, site))
