"""Statistics: per-hand facts (pure) and their aggregation."""
