"""Game rules: hand evaluation and the rules a replayed hand must follow."""
