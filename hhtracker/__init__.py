"""hhtracker: a hand-history tracker for Badugi.

Data flows one way: read -> parse -> replay (rules) -> stats -> store -> report.
See README.md for the architecture and the glossary.
"""

__version__ = "0.1.0"
