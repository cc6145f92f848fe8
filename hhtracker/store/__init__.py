"""Storage: SQLite through sqlite-utils, plain tables any SQLite tool can open."""
